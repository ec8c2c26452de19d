"""Playing whole turns through the bot's Discord panels, the way a person would.

The :class:`Driver` only clicks buttons, picks select options and submits modals through the
stand-in. It reads the store (the engine state) to *decide* what to click — which word its hand can
spell, which phase the turn is in — but every move reaches the bot as an interaction.

Each action waits for the bot's private answer (the panel edited, or a new ephemeral message), so
the next click always sees the panel the bot drew last. Public posts are paced to stay within the
stand-in's flood check (5 messages in 5 s): the bot posts one log line per turn, and a test that
plays turns faster than any person would otherwise trip it.

The helpers the scenario tests use besides the Driver live by job in panel_kit.py (reading panels, pacing),
table_kit.py (starting a table, reading a game's state) and word_choice_kit.py (which word to spell); this
module re-exports them.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from botkit import text_of
from discord_standin.models import Interaction, Message, User
from discord_standin.world import World
from panel_kit import (
    OUT_OF_DATE,
    SORRY,
    BotRefused,
    move_arg,
    move_buttons,
    pace,
    post_times,
    refresh_id,
    select_values,
    selects,
    value_card,
)
from table_kit import (
    calls,
    every_row_delivered,
    expected_turn,
    iter_results_messages,
    load_game,
    opened_store,
    seat_users,
    seeded_games,
    shown_turn,
    start_table,
    table_caught_up,
    to_play_at,
)
from word_choice_kit import find_word, keeps_the_turn, made_up_word, previewed_word, shows_a_preview

from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.store import GameRecord, Store

__all__ = [
    "OUT_OF_DATE", "SORRY", "BotRefused", "Driver", "TurnLog", "calls", "every_row_delivered", "expected_turn",
    "find_word", "iter_results_messages", "keeps_the_turn", "latency_summary", "load_game", "made_up_word",
    "move_arg", "move_buttons", "opened_store", "pace", "percentile", "post_times", "previewed_word", "refresh_id",
    "seat_users", "seeded_games", "select_values", "selects", "shown_turn", "shows_a_preview", "start_table",
    "table_caught_up", "to_play_at", "value_card",
]


# ---------------------------------------------------------------------------------------------- driver
@dataclass
class TurnLog:
    seat: int
    word: str | None = None
    moves: list[str] = field(default_factory=list)
    panel: Message | None = None  # the panel as the turn left it


@dataclass
class Driver:
    """Plays the human seats of one game through the stand-in."""

    world: World
    store: Store
    game_id: int
    users: dict[int, User]  # seat -> user
    room: int | None = None  # public posts one click may cause; None: worked out from the game (room_for)
    use_ink: bool = False  # draw with ink now and then (the word must then use the inked card)
    jail: bool = True  # reserve a card when a jail prompt comes
    preview: bool = True  # look at previews when offered
    turns: list[TurnLog] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # delivery -> the bot's initial response
    answers: list[float] = field(default_factory=list)  # click -> the bot's full answer (panel drawn)
    actions: int = 0
    panels: dict[int, Message] = field(default_factory=dict)  # user id -> their latest hand panel
    poll: float = 0.01  # how often to look for the bot's answer (benchmarks with many drivers use more)
    think: float = 0.0  # mean seconds a "person" waits before each click (0: click at once)
    rearrange: bool = False  # pick the second arrangement of every other word before confirming
    invent: int = 0  # with votes on: every n-th word typed is made up (not in the dictionary) and put to a vote
    votes: list[tuple[int, str, str]] = field(default_factory=list)  # (voter seat, word, vote_accept/vote_reject)
    invented: list[str] = field(default_factory=list)
    table_id: int | None = None  # the table message, once found
    _accept_next: bool = True
    _spelled: int = 0
    _room: int = 2

    @property
    def s(self) -> Any:
        return self.world.standin

    async def game(self) -> tuple[GameRecord, Game]:
        return await load_game(self.store, self.game_id)

    def table(self) -> Message:
        prefix = f"hb:h:{self.game_id}:"
        for message in reversed(self.s.messages(self.world.channel)):
            is_table = any(a.filename == "table.png" for a in message.attachments)
            if is_table and any(c.startswith(prefix) for c in message.custom_ids()):
                self.table_id = message.id
                return message
        raise LookupError(f"no table message of game {self.game_id}")

    def room_for(self, game: Game) -> int:
        """Posts the next click may cause: one log message (the bot merges the lines that come quickly —
        computer turns, votes — into one post every 1.5 s), plus the results when the game may end."""
        scores = [p.prestige for p in game.state.players]
        if game.options.coop:
            scores = [int(game.state.penny.get("team", 0)), int(game.state.penny.get("score", 0))]
        near_end = game.state.final_round or max(scores) >= game.goal - 30
        return 2 if near_end else 1

    # -- acting -----------------------------------------------------------------------------------
    def _signature(self, user: User) -> tuple[int, int]:
        msgs = self.s.ephemerals(user)
        return len(msgs), sum(m.edit_count for m in msgs)

    def _answered(self, user: User, before: tuple[int, int]) -> bool:
        return self._signature(user) != before and not any(m.loading for m in self.s.ephemerals(user))

    async def act(self, user: User, start: Callable[[], Awaitable[Interaction]], *, room: int | None = None,
                  timeout: float = 15.0) -> Interaction:
        """Run one user action and wait until the bot's private answer has arrived."""
        if self.think:
            await asyncio.sleep(random.uniform(0.5, 1.5) * self.think)
        await pace(self.world, room or self.room or self._room)
        before = self._signature(user)
        known = {m.id for m in self.s.ephemerals(user)}
        clicked = time.monotonic()
        inter = await start()
        self.actions += 1
        if inter.latency is not None:
            self.latencies.append(inter.latency)
        deadline = time.monotonic() + timeout
        # The answer to *this* click: an immediate message or update, or (after a defer) a follow-up or an
        # edit made with its token. Edits of the user's other panels (the bot keeps the newest panel
        # current as the game moves) are not the answer.
        while not (inter.response_type in (4, 7, 9) or (inter.answers and self._answered(user, before))):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer from the bot within {timeout}s to {user.name}'s "
                                   f"{inter.data.get('custom_id')}")
            await asyncio.sleep(self.poll)
        self.answers.append(time.monotonic() - clicked)
        for m in self.s.ephemerals(user):
            if m.id not in known or m.edit_count:
                assert SORRY not in text_of(m).lower(), f"the bot failed: {text_of(m)}"
        return inter

    def _refusals(self, user: User, known: set[int], panel: Message) -> list[str]:
        return [text_of(m) for m in self.s.ephemerals(user) if m.id not in known and m.id != panel.id
                and not m.components]

    async def press(self, user: User, panel: Message, custom_id: str, *, room: int | None = None) -> Message:
        """Click a button on ``panel`` and return the panel as the bot redrew it."""
        known = {m.id for m in self.s.ephemerals(user)}
        await self.act(user, lambda: self.s.click(user, panel, custom_id), room=room)
        return self._after(user, panel, known)

    async def pick(self, user: User, panel: Message, custom_id: str, value: str, *, room: int | None = None
                   ) -> Message:
        known = {m.id for m in self.s.ephemerals(user)}
        await self.act(user, lambda: self.s.select(user, panel, custom_id, [value]), room=room)
        return self._after(user, panel, known)

    def _after(self, user: User, panel: Message, known: set[int]) -> Message:
        refusals = self._refusals(user, known, panel)
        if refusals:
            raise BotRefused(" / ".join(refusals))
        if panel.ephemeral:
            current = self.s.find_message(panel.id)
            assert current is not None
            self.panels[user.id] = current
            return current
        newest = self.s.last_ephemeral(user)
        self.panels[user.id] = newest
        return newest

    async def wait_table(self, timeout: float = 20.0) -> Message:
        """The table message, once the bot has posted it: a bot in another process (BotProcess) may still be
        posting it when the stand-in goes quiet, as after a restart on a loaded machine."""
        found = await self.s.wait_for(lambda: self._table_or_none(), timeout=timeout,
                                      what=f"the table message of game {self.game_id}")
        return found

    def _table_or_none(self) -> Message | None:
        try:
            return self.table()
        except LookupError:
            return None

    async def open_hand(self, user: User) -> Message:
        table = await self.wait_table()
        custom_id = next(c for c in table.custom_ids() if c.startswith("hb:h:"))
        return await self.press(user, table, custom_id)

    async def spell(self, user: User, panel: Message, word: str) -> Message:
        """Open the word form from the hand panel, type ``word``; returns the preview panel, or, for a word with
        nothing to choose (played as typed), the panel after it."""
        spell_id = next(c for c in panel.custom_ids() if c.startswith("hb:s:"))
        inter = await self.s.click(user, panel, spell_id)
        self.actions += 1
        assert inter.modal is not None, "the spell button must answer with a modal"
        if inter.latency is not None:
            self.latencies.append(inter.latency)
        known = {m.id for m in self.s.ephemerals(user)}
        await self.act(user, lambda: self.s.submit_modal(user, inter.modal.custom_id, {"word": word.lower()}))
        return self._after(user, panel, known)

    # -- a whole turn -----------------------------------------------------------------------------
    async def play_turn(self, seat: int, *, panel: Message | None = None, until: Callable[[Game], bool] | None = None,
                        max_steps: int = 40) -> TurnLog:
        """Play seat's current turn to its end (or until ``until(game)``) through the panels, from
        ``panel`` or else a hand opened from the table; returns what was done and the last panel."""
        user = self.users[seat]
        _, game = await self.game()
        assert not game.finished and game.active_seat == seat, (game.active_seat, seat)
        self._room = self.room_for(game)
        key = (game.state.round, game.active_seat)
        log = TurnLog(seat)
        self.turns.append(log)
        if panel is None:
            panel = await self.open_hand(user)
        bought = advert = inked = previewed = invented = stale = refreshed = False
        for _ in range(max_steps):
            _, game = await self.game()
            log.panel = panel
            if game.finished or (game.state.round, game.active_seat) != key or (until is not None and until(game)):
                return log
            self._room = self.room_for(game)
            phase = game.phase
            if phase == "vote":  # the others vote on our made-up word; our panel will need a refresh
                if not await self.answer_votes(game):
                    await asyncio.sleep(0.05)  # computer voters
                stale = True
                continue
            if stale:
                panel = await self.press(user, panel, refresh_id(panel))
                stale = False
                continue
            buttons = move_buttons(panel)
            me = game.player(seat)
            if phase == "spell":
                if self.use_ink and not inked and me.ink > 0 and "ink" in buttons and not me.inked:
                    inked = True
                    log.moves.append("ink")
                    panel = await self.press(user, panel, buttons["ink"])
                    continue
                letters = [card(c).letter for c in me.hand]
                required = [card(c).letter for c in me.inked]
                history = {w for _, w in game.state.word_history} if game.options.unique_words != "off" else set()
                made_up = None
                if self.invent and game.options.vote != "off" and not invented and not required:
                    self._spelled += 1
                    if self._spelled % self.invent == 0:
                        made_up = made_up_word(letters, dictionary=game.options.dictionary, avoid=history)
                        invented = made_up is not None
                word = made_up or find_word(letters, required, dictionary=game.options.dictionary, avoid=history)
                if word is None:
                    log.moves.append("skip")
                    panel = await self.press(user, panel, next(c for c in panel.custom_ids() if c.startswith("hb:x:")))
                    panel = await self.press(user, panel, next(c for c in panel.custom_ids() if c.endswith(":skip")))
                    continue
                preview = await self.spell(user, panel, word)
                if not made_up and f"Spell {word}?" not in text_of(preview):
                    # Nothing to choose (one arrangement, no wild card, no question): played as typed.
                    assert f"You spelled **{word}**" in text_of(preview), text_of(preview)
                    log.word = word
                    log.moves.append(f"spell {word}")
                    panel = preview
                    continue
                assert f"Spell {word}?" in text_of(preview), text_of(preview)
                if made_up:
                    self.invented.append(made_up)
                    assert "puts it to a vote" in text_of(preview), text_of(preview)
                arrangement = next((c for c in selects(preview) if c["custom_id"].startswith("hb:a:")), None)
                if self.rearrange and len(self.turns) % 2 == 0 and arrangement and len(arrangement["options"]) > 1:
                    value = arrangement["options"][1]["value"]
                    preview = await self.pick(user, preview, arrangement["custom_id"], value)
                    assert f"Spell {word}?" in text_of(preview), text_of(preview)
                    chosen = [move_arg(c).split("~")[0] for c in preview.custom_ids()]
                    assert value in chosen, "confirm the chosen one"
                    log.moves.append("rearranged")
                confirm = next(b["custom_id"] for b in preview.buttons()
                               if str(b.get("label", "")).startswith("Confirm"))
                log.word = word
                log.moves.append(f"spell {word}")
                panel = await self.press(user, preview, confirm)
                continue
            choice = self._decide(phase, buttons, panel, game, seat, bought=bought, advert=advert,
                                  previewed=previewed)
            if choice is None and not refreshed:  # drawn before something else happened (a vote settled)
                panel = await self.press(user, panel, refresh_id(panel))
                refreshed = True
                continue
            if choice is None:
                raise AssertionError(f"no way forward in phase {phase}: {panel.custom_ids()}\n{text_of(panel)}")
            refreshed = False
            kind, custom_id, value = choice
            log.moves.append(value or move_arg(custom_id))
            if kind == "select":
                panel = await self.pick(user, panel, custom_id, value)
            else:
                panel = await self.press(user, panel, custom_id)
            bought = bought or value.startswith("buy_")
            advert = advert or move_arg(custom_id) == "advert"
            previewed = previewed or move_arg(custom_id) == "preview"
        raise AssertionError(f"turn of seat {seat} did not end in {max_steps} steps: {log}")

    def _decide(self, phase: str, buttons: dict[str, str], panel: Message, game: Game, seat: int, *,
                bought: bool, advert: bool, previewed: bool) -> tuple[str, str, str] | None:
        def first(prefix: str) -> str | None:
            return next((cid for arg, cid in buttons.items() if arg.startswith(prefix)), None)

        confirm = first("-")  # "This ends the game" (a move handing Penny her goal): do it anyway
        if confirm:
            return "button", confirm, ""
        if phase in ("uncover", "double"):
            cid = first(phase + "_")
            return ("button", cid, "") if cid else None
        if phase == "choice":
            cid = buttons.get("take_prestige") or buttons.get("take_ink") or first("take_")
            return ("button", cid, "") if cid else None
        if phase == "previewing":
            # Discard the first previewed card, keep the others on top.
            t = game.state.turn
            untouched = not t.preview_returned and not t.extra.preview_discards
            cid = (first("discard_") if untouched else None) or first("return_")
            return ("button", cid, "") if cid else None
        if phase == "preview" and self.preview and not previewed and "preview" in buttons:
            return "button", buttons["preview"], ""
        if phase == "jail" and self.jail and game.player(seat).jail is None:
            options = select_values(panel, "reserve_")
            if options:
                best = max(options, key=lambda o: card(value_card(o[1])).cost)
                return "select", best[0], best[1]
        if phase == "buy":
            if not bought:
                options = select_values(panel, "buy_")
                if options:
                    best = max(options, key=lambda o: card(value_card(o[1])).cost)
                    return "select", best[0], best[1]
            if not advert and "advert" in buttons:
                return "button", buttons["advert"], ""
            return ("button", buttons["end"], "") if "end" in buttons else None
        if "pass" in buttons:
            return "button", buttons["pass"], ""
        # The optional steps on the buying screen: "Skip …" declines them all and leads to the purchases.
        skip = next((cid for arg, cid in buttons.items() if arg and set(arg.split("~")) == {"pass"}), None)
        if skip is not None:
            return "button", skip, ""
        return None

    async def play_until(self, done: Callable[[Game], bool], *, max_turns: int = 200,
                         between: Callable[[], Awaitable[None]] | None = None) -> Game:
        """Play every human turn until ``done(game)``; computer seats are left to the bot."""
        for _ in range(max_turns):
            _, game = await self.game()
            if done(game) or game.finished:
                return game
            seat = game.active_seat
            if seat not in self.users:  # a computer's turn: the bot plays it on its own
                await self.wait_for_seat_change(seat)
                continue
            await self.play_turn(seat)
            if between is not None:
                await between()
        raise AssertionError(f"the game did not end within {max_turns} turns")

    async def turn_with_a_word(self, max_turns: int = 10, *, previewed: bool = True) -> tuple[int, str]:
        """Play turns until the active player's hand spells a dictionary word the bot previews (a Confirm to
        click; with ``previewed=False``, any word face up, as :meth:`play_turn` spells), and spelling it leaves
        the turn going; returns (seat, word). A word whose coins buy nothing in
        the offer row ends the turn by itself (R19.8)."""
        for _ in range(max_turns):
            _, game = await self.game()
            seat = game.active_seat
            letters = [card(c).letter for c in game.player(seat).hand]
            if seat not in self.users:
                word = None
            elif previewed:
                word = previewed_word(game, seat)
            else:  # face up, as the driver's own turns spell
                word = find_word(letters, dictionary=game.options.dictionary)
            if word is not None and keeps_the_turn(game, seat, word):
                return seat, word
            if seat in self.users:
                await self.play_turn(seat)
            else:
                await self.wait_for_seat_change(seat)
        raise AssertionError(f"no hand spelled a word in {max_turns} turns")

    async def answer_votes(self, game: Game) -> bool:
        """Every human voter still to vote opens the hand and votes (accept and reject in turn)."""
        voted = False
        vote = game.state.turn.extra.vote
        word = vote.word if vote is not None else ""
        for seat, user in self.users.items():
            if any(m.kind == "vote" for m in game.legal_moves(seat)):
                choice = "vote_accept" if self._accept_next else "vote_reject"
                seen = len(await self.store.games.get_moves(self.game_id))
                panel = await self.open_hand(user)
                buttons = move_buttons(panel)
                if choice not in buttons:  # a computer's vote settled it meanwhile
                    continue
                assert f"should **{word}** be accepted" in text_of(panel), text_of(panel)
                await self.press(user, panel, buttons[choice])
                # Count the vote only when it was taken (a computer voting at the same moment makes the
                # panel out of date; the next pass votes again).
                if (seat, choice.replace("_", " ")) in [(m.seat, m.move) for m in
                                                       (await self.store.games.get_moves(self.game_id))[seen:]]:
                    self._accept_next = not self._accept_next
                    self.votes.append((seat, word, choice))
                    voted = True
        return voted

    async def wait_for_seat_change(self, seat: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            _, game = await self.game()
            if game.finished or game.active_seat != seat:
                return
            if game.phase == "vote" and await self.answer_votes(game):
                continue
            await asyncio.sleep(0.05)
        raise AssertionError(f"seat {seat} (a computer) did not finish its turn in {timeout}s")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def latency_summary(values: list[float]) -> str:
    return (f"{len(values)} responses: p50 {percentile(values, 50) * 1000:.0f} ms, "
            f"p95 {percentile(values, 95) * 1000:.0f} ms, max {max(values, default=0) * 1000:.0f} ms")



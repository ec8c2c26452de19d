"""Playing whole turns through the bot's Discord panels, the way a person would.

The :class:`Driver` only clicks buttons, picks select options and submits modals through the
stand-in. It reads the store (the engine state) to *decide* what to click — which word its hand can
spell, which phase the turn is in — but every move reaches the bot as an interaction.

Each action waits for the bot's private answer (the panel edited, or a new ephemeral message), so
the next click always sees the panel the bot drew last. Public posts are paced to stay within the
stand-in's flood check (5 messages in 5 s): the bot posts one log line per turn, and a test that
plays turns faster than any person would otherwise trip it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from botkit import button, text_of, user_for, with_component
from discord_standin.models import Interaction, Message, User
from discord_standin.prestart import drawn_seeds
from discord_standin.world import World

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.engine.cards import card
from hardback_bot.store import AnnounceNotes, GameRecord, Store
from hardback_bot.words import get_dictionary

SORRY = "something went wrong on my side"
OUT_OF_DATE = "out of date"


class BotRefused(AssertionError):
    """The bot answered a click with a refusal (an ephemeral text) where the driver expected a panel."""


# ---------------------------------------------------------------------------------------------- state
async def load_game(store: Store, game_id: int) -> tuple[GameRecord, Game]:
    """The stored record and engine state of a game (read only: the driver never applies moves)."""
    record = await store.get_game(game_id)
    assert record.state is not None, "the game has not started"
    options = GameOptions.from_dict(dict(record.options))
    checker = None if options.dictionary == "none" else get_dictionary(options.dictionary)
    return record, Game.from_json(record.state, checker=checker)


def shown_turn(world: World, table_id: int) -> tuple[str, str] | None:
    """(title, "Turn: …" line) of the table message as Discord shows it now."""
    message = world.standin.find_message(table_id)
    if message is None or not message.embeds:
        return None
    embed = message.embeds[0]
    turn = next((line for line in (embed.get("description") or "").split("\n") if line.startswith("Turn:")), "")
    return embed.get("title") or "", turn


def expected_turn(game: Game, names: list[str]) -> tuple[str, str]:
    title = f"Hardback — round {game.state.round}"
    if game.finished:
        return title + " (final)", ""
    return title, f"Turn: **{names[game.active_seat]}**"


async def table_caught_up(world: World, store: object, game_id: int, timeout: float = 20.0) -> float:
    """Wait until the table message shows the stored game (its round and whose turn); returns the wait."""
    began = time.monotonic()
    while True:
        record, game = await load_game(store, game_id)  # type: ignore[arg-type]
        table_id = record.messages.get("table")
        names = [s.display_name for s in record.seats]
        if table_id is not None:
            shown = shown_turn(world, table_id)
            want = expected_turn(game, names)
            if shown is not None and shown[0] == want[0] and shown[1].startswith(want[1]):
                return time.monotonic() - began
        if time.monotonic() - began > timeout:
            raise AssertionError(f"after the restart the table still shows {shown_turn(world, table_id or 0)}, "
                                 f"the store has {expected_turn(game, names)}")
        await asyncio.sleep(0.01)


async def every_row_delivered(store: Store, game_id: int, *, with_message: bool = False, timeout: float = 30.0) -> None:
    """Wait until the relay has shown every outbox row of the game (``with_message``: on a message it recorded);
    the caller's checks say which row if not."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = await store.game_deliveries(game_id)
        if rows and all(r.delivered_at is not None and (r.message_id is not None or not with_message) for r in rows):
            return
        await asyncio.sleep(0.05)


def find_word(letters: list[str], required: list[str] | None = None, *, dictionary: str = "common",
              max_len: int = 6, avoid: set[str] | None = None) -> str | None:
    """The longest dictionary word these letters spell face up, using every ``required`` letter."""
    words = get_dictionary(dictionary)
    need = Counter(required or [])
    for n in range(min(max_len, len(letters)), max(1, sum(need.values()) - 1), -1):
        for combo in itertools.permutations(letters, n):
            if need and need - Counter(combo):
                continue
            w = "".join(combo)
            if words.is_word(w) and w not in (avoid or set()):
                return w
    return None


def shows_a_preview(game: Game, seat: int, word: str) -> bool:
    """Whether the bot answers ``word`` with a preview to confirm, as the spell form does: a word with nothing to
    choose (one arrangement, no wild card, no question) is played as typed instead."""
    from hardback_bot.sessions.screens.word import confirm_moves, default_choice, nothing_to_choose
    from hardback_bot.sessions.spelling import SpellingError, arrangements, choice_paths

    try:
        options = arrangements(game, seat, word)
    except SpellingError:
        return False
    chosen = default_choice(options)
    return not nothing_to_choose(options, chosen, choice_paths(game, seat, confirm_moves(chosen)))


def previewed_word(game: Game, seat: int, *, avoid: set[str] | None = None, max_len: int = 5) -> str | None:
    """A dictionary word ``seat`` can spell now whose spelling the bot previews (so a test has a Confirm to
    click): face up if one does, else with one wild card, which always brings a preview (R8)."""
    words = get_dictionary(game.options.dictionary)
    letters = [card(c).letter for c in game.player(seat).hand]
    avoid = avoid or set()
    for n in range(min(max_len, len(letters)), 1, -1):
        for combo in itertools.permutations(letters, n):
            w = "".join(combo)
            if w not in avoid and words.is_word(w) and shows_a_preview(game, seat, w):
                return w
    for n in range(min(max_len, len(letters)), 1, -1):  # n-1 cards face up and one wild among them
        for combo in itertools.permutations(letters, n - 1):
            for at in range(n):
                for extra in "AEIOUSTRNL":
                    w = "".join(combo[:at]) + extra + "".join(combo[at:])
                    if w not in avoid and words.is_word(w) and shows_a_preview(game, seat, w):
                        return w
    return None


def keeps_the_turn(game: Game, seat: int, word: str) -> bool:
    """Whether spelling ``word`` as the bot proposes first (its preview's Confirm) leaves ``seat`` with
    something to decide; with nothing to buy or flush the engine ends the turn at once."""
    from hardback_bot.sessions.spelling import arrangements

    first = arrangements(game, seat, word, limit=1)[0]
    copy = Game.from_json(game.to_json(), checker=game.checker)
    copy.apply(seat, first.move)
    return not copy.finished and copy.active_seat == seat


@contextlib.contextmanager
def seeded_games(*seeds: int) -> Iterator[None]:
    """Games that an in-process bot starts meanwhile get these seeds, in order, instead of a random one: a
    test that needs some situation names a seed that deals it at once rather than playing games until one
    comes up. The test checks ``record.seed`` (a bot that stopped drawing its seeds here would fail it).
    A prestarted bot process takes ``BotProcess(..., seeds=...)``."""
    from hardback_bot.sessions import lobby_actions

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lobby_actions, "random", drawn_seeds(list(seeds)))
        yield


async def start_table(world: World, store: Store, options: dict[str, Any], *, joiners: tuple[User, ...] = (),
                      computers: tuple[str, ...] = ()) -> GameRecord:
    """alice opens a table with ``options``; ``joiners`` join, ``computers`` (ai1/ai2/ai3) are added, she starts."""
    s = world.standin
    await s.slash(world.alice, "hardback start", options)
    await s.settle()
    lobby = with_component(world, "hb:l:")
    for user in joiners:
        await s.click(user, s.find_message(lobby.id), button(lobby, ":join"))
        await s.settle()
    for level in computers:
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, f":{level}"))
        await s.settle()
    await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
    await s.settle(quiet=0.6)
    record = await store.running_game_in_channel(world.channel.id)
    assert record is not None and record.status == "playing"
    return record


def seat_users(world: World, record: GameRecord) -> dict[int, User]:
    """Seat -> the stand-in user sitting there (computer seats left out)."""
    return {s.seat: user_for(world, s.user_id) for s in record.seats if s.user_id is not None}


def made_up_word(letters: list[str], *, dictionary: str = "common", avoid: set[str] | None = None) -> str | None:
    """Letters of the hand in an order that is not a dictionary word (to put to a vote)."""
    words = get_dictionary(dictionary)
    for n in (3, 2):
        for combo in itertools.permutations(letters, n):
            w = "".join(combo)
            if not words.is_word(w) and w not in (avoid or set()):
                return w
    return None


def refresh_id(panel: Message) -> str:
    """The panel's "Refresh" button (``hb:h:<game>:0:r``)."""
    return next(c for c in panel.custom_ids() if c.startswith("hb:h:") and c.endswith(":r"))


# ---------------------------------------------------------------------------------------------- panels
def move_arg(custom_id: str) -> str:
    """``hb:m:12:7:take_prestige`` -> ``take_prestige``."""
    return custom_id.split(":", 4)[4]


def move_buttons(panel: Message) -> dict[str, str]:
    """Move argument -> custom_id for every move button of a panel."""
    return {move_arg(b["custom_id"]): b["custom_id"] for b in panel.buttons()
            if str(b.get("custom_id", "")).startswith("hb:m:")}


def value_card(value: str) -> int:
    """The card a select option's move names ("buy_67", "reserve_12", or a chain "buy_67~end")."""
    return int(value.split("~", 1)[0].split("_")[1])


def selects(panel: Message) -> list[dict[str, Any]]:
    return [c for c in panel.all_components() if c.get("type") == 3]


def select_values(panel: Message, prefix: str) -> list[tuple[str, str]]:
    """(select custom_id, value) for every option of the panel's move selects whose value starts with prefix."""
    found = []
    for sel in selects(panel):
        for option in sel.get("options") or []:
            if str(option.get("value", "")).startswith(prefix):
                found.append((sel["custom_id"], option["value"]))
    return found


def post_times(world: World) -> list[float]:
    """When the bot posted in the channel recently (what the stand-in's flood check counts)."""
    return list(world.standin.post_times[world.channel.id])


async def pace(world: World, room: int) -> None:
    """Wait until the bot may post ``room`` more public messages without breaking 5 in 5 s."""
    s = world.standin
    if s.rate_limit is None:
        return
    count, window = s.rate_limit
    while True:
        now = time.monotonic()
        recent = [t for t in post_times(world) if now - t <= window]
        if len(recent) + room <= count:
            return
        await asyncio.sleep(max(0.01, recent[0] + window - now + 0.02))


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
                seen = len(await self.store.get_moves(self.game_id))
                panel = await self.open_hand(user)
                buttons = move_buttons(panel)
                if choice not in buttons:  # a computer's vote settled it meanwhile
                    continue
                assert f"should **{word}** be accepted" in text_of(panel), text_of(panel)
                await self.press(user, panel, buttons[choice])
                # Count the vote only when it was taken (a computer voting at the same moment makes the
                # panel out of date; the next pass votes again).
                if (seat, choice.replace("_", " ")) in [(m.seat, m.move) for m in
                                                       (await self.store.get_moves(self.game_id))[seen:]]:
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


async def to_play_at(store: Store, game_id: int) -> Callable[[float, float], set[int]]:
    """The seats a game waited for all the time between two moments (wall clock), from its move log's times.

    A move's time is stamped as its transaction begins and is seen by others once it commits, a moment
    later: a seat waited for "between a and b" only if no move in that span changed that."""
    from hardback_bot.sessions.judging import deciders

    record, final = await load_game(store, game_id)
    moves = await store.get_moves(game_id)
    game = Game.new(final.num_players, record.seed or 0, final.options, final.checker)
    states: list[tuple[float, set[int]]] = [(float("-inf"), set(deciders(game)))]
    for i, m in enumerate(moves):
        game.apply(m.seat, parse_move(m.move))
        if i + 1 == len(moves) or moves[i + 1].version != m.version or m.version is None:
            states.append((m.created_at, set(deciders(game))))

    def between(a: float, b: float) -> set[int]:
        first = next(n for n in range(len(states) - 1, -1, -1) if states[n][0] <= a)
        seats = set(states[first][1])
        for at, waiting in states[first + 1:]:
            if at > b:
                break
            seats &= waiting
        return seats

    return between


async def calls(world: World, store: Store, game_id: int, user: User) -> tuple[int, int]:
    """(turn starts of ``user`` announced while it was still their turn, how many of them called ``user``).

    Each "your turn" note of the outbox (written with the move that started the turn) must reach its
    player in the message that carried it, unless that turn was over before that message was posted: a call
    is decided as it goes out, between the note's claim for a post and the post (a post held back by the
    channel's pace may come after the turn, or the game)."""
    record = await store.get_game(game_id, with_state=False)
    seat = next(s.seat for s in record.seats if s.user_id == user.id)
    ended = record.finished_at or float("inf")
    waiting = await to_play_at(store, game_id)
    expected = reached = 0
    for row in await store.game_deliveries(game_id):
        stored = row.payload.notes if isinstance(row.payload, AnnounceNotes) else ()
        notes = [n for n in stored if n["t"] == "your_turn" and n["seat"] == seat]
        if not notes or row.message_id is None:
            continue
        message = world.standin.find_message(row.message_id)
        assert message is not None
        posted = (row.message_id >> 22) / 1000 + 1_420_070_400
        if posted > ended or seat not in waiting(min(row.claimed_at or posted, posted), posted):
            continue  # delivered once the game was over, or that turn: no call any more
        expected += len(notes)
        reached += min(len(notes), message.content.count(f"<@{user.id}>, your turn."))
    return expected, reached


def iter_results_messages(world: World, game_id: int) -> Iterator[Message]:
    rematch = f"hb:l:{game_id}:0:rematch"
    for message in world.standin.messages(world.channel):
        if rematch in message.custom_ids():
            yield message


@contextlib.asynccontextmanager
async def opened_store(path: str) -> Any:
    from hardback_bot.store import open_store

    store = await open_store(path)
    try:
        yield store
    finally:
        await store.close()

"""A player who uses the panels the way a person does, counting every interaction.

Where the Driver (scenario_kit) opens a fresh hand for every turn, a :class:`FlowPlayer` keeps using the
private panel it last had, as a person keeps the panel open on their screen: the bot keeps that panel
current, so a turn starts with no click when it already says "Your turn". Only when it does not (no panel
yet, or one that failed to follow) does the player click "Open my hand" on the call to act or the table.
Each click, select and submitted form is one interaction; the turn's count starts when the turn starts.

The player spells the best word it can (the one-click "Spell …" button where the table offers it, else
the solver's best word typed into the form), takes the first answer of each choice, declines the other
optional steps, buys the dearest card it can afford and ends the turn. A ``thorough`` player also answers
every optional step (trashes, dumps, previews, jails the dearest card of the row, flushes once a turn) and
draws with ink or clears an inked card with remover when its best word is weak (WEAK).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from botkit import text_of
from discord_standin.models import Channel, Message, User
from discord_standin.world import World
from scenario_kit import load_game, move_arg, selects

from hardback_bot.engine import parse_move
from hardback_bot.engine.cards import card
from hardback_bot.sessions.codec import decode_moves
from hardback_bot.store import Store

FOLLOW_WAIT = 3.0  # how long a person glances at the panel before deciding it did not follow
WEAK = 4  # a thorough player draws with ink (or clears an inked card) when its best word earns less than this


@dataclass
class TurnStats:
    seat: int
    clicks: int = 0
    stale_start: bool = False  # the player had a live panel and it did not say "Your turn" when it came
    opened: bool = False  # the player had to open the hand (no panel, or a stale one)
    bought: bool = False
    words: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)  # what each interaction was, for reading a turn
    arrangements: list[int] = field(default_factory=list)  # options of each word preview's arrangement select
    duplicate_buys: int = 0  # buy entries naming a card another entry of the same panel already names
    most_selects: int = 0  # the most selects one panel of the turn showed at once
    inked: int = 0  # a thorough player's ink draws this turn
    cleared: bool = False  # … its remover used
    jailed: bool = False
    flushed: bool = False


@dataclass
class FlowPlayer:
    world: World
    store: Store
    game_id: int
    users: dict[int, User]  # seat -> user
    turns: list[TurnStats] = field(default_factory=list)
    panels: dict[int, Message] = field(default_factory=dict)  # user id -> the panel they are looking at
    undo_once: bool = False  # take back the first choice that can be, once (then decide again)
    undone: list[tuple[int, str]] = field(default_factory=list)  # (seat, phase when undoing)
    channel: Channel | None = None  # where the game is (default: the world's #general)
    thorough: bool = False  # answer every optional step; use ink and remover when they help
    # A bot just restarted by a kill brings panels up to date after its start-up; on a loaded machine that can
    # take longer than a person's glance, and the crash tests ask whether it happens, not how fast.
    follow_wait: float = FOLLOW_WAIT

    @property
    def s(self) -> Any:
        return self.world.standin

    # -- seeing -------------------------------------------------------------------------------------
    def _live(self, message: Message | None) -> bool:
        """The panel can still be used (its interaction token lives)."""
        if message is None:
            return False
        inter = next((i for i in self.s.interactions.values()
                      if i.original is message or message in i.followups), None)
        return inter is not None and self.s.now() - inter.received_at < 14 * 60

    def _game_panel(self, user: User) -> Message | None:
        message = self.panels.get(user.id)
        if message is not None:
            message = self.s.find_message(message.id)
        return message if self._live(message) else None

    async def _wait_for_turn_panel(self, user: User) -> Message | None:
        deadline = time.monotonic() + self.follow_wait
        while time.monotonic() < deadline:
            panel = self._game_panel(user)
            if panel is not None and "Your turn" in text_of(panel) and not panel.loading:
                return panel
            await asyncio.sleep(0.02)
        return None

    # -- acting -------------------------------------------------------------------------------------
    async def _act(self, stats: TurnStats, user: User, start: Any) -> Message:
        """One interaction; returns the panel as the bot left it (the message the answer went to)."""
        stats.clicks += 1
        inter = await start()
        deadline = time.monotonic() + 15
        while not _answered(inter):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer to {inter.describe()}")
            await asyncio.sleep(0.01)
        if inter.modal is not None:
            return self.panels.get(user.id)  # type: ignore[return-value]
        answer = inter.followups[-1] if inter.followups else inter.original
        source = inter.source_message
        # A deferred update edits the clicked message: a private panel; or, in a group DM, the public table,
        # whose private answer then comes as a follow-up.
        if inter.response_type == 6 and source is not None and (source.ephemeral or not inter.followups):
            answer = self.s.find_message(source.id)
        if answer is not None and answer.ephemeral and answer.components:
            self.panels[user.id] = answer
        return answer

    async def click(self, stats: TurnStats, user: User, message: Message, custom_id: str) -> Message:
        stats.actions.append(custom_id.split(":", 4)[-1] or custom_id.split(":")[1])
        return await self._act(stats, user, lambda: self.s.click(user, message, custom_id))

    async def pick(self, stats: TurnStats, user: User, message: Message, custom_id: str, value: str) -> Message:
        stats.actions.append(f"select {value}")
        return await self._act(stats, user, lambda: self.s.select(user, message, custom_id, [value]))

    async def open_hand(self, stats: TurnStats, user: User) -> Message:
        """From the newest message that calls this player (it carries "Open my hand"), else the table."""
        prefix = f"hb:h:{self.game_id}:"
        for message in reversed(self.s.messages(self.channel or self.world.channel)):
            ids = [c for c in message.custom_ids() if c.startswith(prefix)]
            if ids and (f"<@{user.id}>" in message.content or message.attachments):
                stats.opened = True
                return await self.click(stats, user, message, ids[0])
        raise LookupError("no Open my hand anywhere")

    async def look_at_hand(self, user: User) -> Message:
        """Open the hand outside the player's turn (to look, or to wake a group DM's game after a restart): the
        panel it opens is then the player's newest, the one the bot keeps following the game."""
        return await self.open_hand(TurnStats(-1), user)

    async def play_turn(self, seat: int) -> TurnStats:
        user = self.users[seat]
        stats = TurnStats(seat)
        self.turns.append(stats)
        had = self._game_panel(user)
        # With no panel of this game open there is nothing that could follow the turn: open the hand at once
        # (a person's first turn, or after a panel's 15 minutes).
        panel = await self._wait_for_turn_panel(user) if had is not None else None
        if panel is None:
            stats.stale_start = had is not None
            panel = await self.open_hand(stats, user)
        _, game = await load_game(self.store, self.game_id)
        key = (game.state.round, seat)
        for _ in range(30):
            _, game = await load_game(self.store, self.game_id)
            if game.finished or (game.state.round, game.active_seat) != key:
                return stats
            if game.phase == "vote":
                await asyncio.sleep(0.05)
                continue
            panel = self._game_panel(user) or panel
            panel = await self._step(stats, user, panel, game, seat)
        raise AssertionError(f"the turn of seat {seat} did not end: {text_of(panel)}")

    async def _step(self, stats: TurnStats, user: User, panel: Message, game: Any, seat: int) -> Message:
        look(stats, panel)
        ids = panel.custom_ids()
        undo = next((c for c in ids if c.startswith("hb:m:") and c.endswith(":undo")), None)
        if self.undo_once and not self.undone and undo is not None:
            self.undone.append((seat, game.phase))
            return await self.click(stats, user, panel, undo)
        moves = {b["label"]: b["custom_id"] for b in panel.buttons() if b.get("custom_id", "").startswith("hb:m:")}
        phase = game.phase
        if self.thorough:
            acted = await self._thorough(stats, user, panel, game, seat, moves)
            if acted is not None:
                return acted
        if phase == "spell":
            best = next((cid for label, cid in moves.items() if label.startswith("Spell ")), None)
            if best is not None:
                stats.words.append(next(label for label, cid in moves.items() if cid == best))
                return await self.click(stats, user, panel, best)
            from hardback_bot.sessions.spelling import best_word

            outcome = best_word(game, seat)
            if outcome is None:  # nothing spells: writer's block
                confirm = await self.click(stats, user, panel, next(c for c in ids if c.startswith("hb:x:")))
                return await self.click(stats, user, confirm, next(c for c in confirm.custom_ids()
                                                                   if c.endswith(":skip")))
            spell = next(c for c in ids if c.startswith("hb:s:"))
            inter = await self.s.click(user, panel, spell)
            stats.clicks += 1
            stats.actions += ["spell form", "submit"]
            preview = await self._act(stats, user, lambda: self.s.submit_modal(
                user, inter.modal.custom_id, {"word": outcome.word.lower()}))
            look(stats, preview)
            confirm = next((b["custom_id"] for b in preview.buttons() if b["label"].startswith("Confirm")), None)
            if confirm is None and f"You spelled **{outcome.word}**" in text_of(preview):
                stats.words.append(outcome.word)  # nothing to choose: played as typed, no preview
                return preview
            if confirm is None:
                # The panel was older than the game (a restart left it behind): the bot refused the word and
                # answered with the current panel, which the next step plays from.
                assert "This view is out of date" in text_of(preview), text_of(preview)
                return preview
            stats.words.append(outcome.word)
            stats.arrangements.append(arrangement_options(preview))
            return await self.click(stats, user, preview, confirm)
        if phase in ("uncover", "double", "choice", "previewing"):
            cid = next(iter(moves.values()))
            return await self.click(stats, user, panel, cid)
        buying = None if stats.bought else _dearest(panel)
        if buying is not None:
            stats.bought = True
            return await self.pick(stats, user, panel, *buying)
        for label in ("Do it anyway", "End turn", "Keep the row", "No jail", "No dump", "No preview", "Done trashing"):
            if label in moves:
                return await self.click(stats, user, panel, moves[label])
        skip = next((label for label in moves if label.startswith("End turn: skip ")), None)  # the steps, declined
        if skip is not None:
            return await self.click(stats, user, panel, moves[skip])
        raise AssertionError(f"no way forward in {phase}: {ids}")


    async def _thorough(self, stats: TurnStats, user: User, panel: Message, game: Any, seat: int,
                        moves: dict[str, str]) -> Message | None:
        """A thorough player's extra click, if this position calls for one (None: play on as usual)."""
        phase = game.phase
        me = game.player(seat)
        if phase == "spell":
            from hardback_bot.sessions.spelling import best_word

            best = best_word(game, seat)
            weak = best is None or best.coins + best.prestige < WEAK
            if weak and me.remover and me.inked and not stats.cleared:
                stats.cleared = True
                remover = next((sel for sel in selects(panel) if "remover" in str(sel.get("placeholder", ""))),
                               None)
                if remover is not None:
                    return await self.pick(stats, user, panel, remover["custom_id"], remover["options"][0]["value"])
            ink = next((label for label in moves if label.startswith("Draw with ink")), None)
            if weak and ink is not None and stats.inked < 2:
                stats.inked += 1
                return await self.click(stats, user, panel, moves[ink])
            return None
        trash = next((label for label in moves if label.startswith("Trash ")), None)
        if trash is not None:
            return await self.click(stats, user, panel, moves[trash])
        jail = next((sel for sel in selects(panel) if str(sel.get("placeholder", "")).startswith(
            ("Jail a card", "Reserve a card"))), None)
        if jail is not None and not stats.jailed:
            reserve = [o for o in jail["options"] if "reserve_" in str(o["value"])]
            if reserve:
                stats.jailed = True
                chosen = max(reserve, key=lambda o: card(int(str(o["value"]).rsplit("reserve_", 1)[1].split("~")[0])
                                                          ).cost)
                return await self.pick(stats, user, panel, jail["custom_id"], chosen["value"])
        if "Jail a card…" in [b["label"] for b in panel.buttons()] and not stats.jailed:
            cid = next(b["custom_id"] for b in panel.buttons() if b["label"] == "Jail a card…")
            return await self.click(stats, user, panel, cid)
        if "Flush the offer row" in moves and not stats.flushed:
            stats.flushed = True
            return await self.click(stats, user, panel, moves["Flush the offer row"])
        if phase == "dump":
            dump = next((sel for sel in selects(panel) if any(str(o["value"]).startswith("dump_")
                                                               for o in sel.get("options") or [])), None)
            if dump is not None:
                return await self.pick(stats, user, panel, dump["custom_id"], dump["options"][0]["value"])
            opener = next((b["custom_id"] for b in panel.buttons() if str(b["label"]).startswith("Dump a card")),
                          None)
            if opener is not None:
                return await self.click(stats, user, panel, opener)
        if phase == "preview" and "Preview 3 cards" in moves:
            return await self.click(stats, user, panel, moves["Preview 3 cards"])
        return None


def arrangement_options(preview: Message) -> int:
    """How many options the word preview's arrangement select holds (0: none shown)."""
    return sum(len(sel.get("options") or []) for sel in selects(preview) if sel["custom_id"].startswith("hb:a:"))


def bought_cards(value: str) -> list[int]:
    """The cards a select option's moves buy."""
    if not value or value.startswith("P"):
        return []
    try:
        moves = decode_moves(value)
    except ValueError:
        return []
    return [m.card for m in moves if m.kind == "buy" and m.card is not None]


def look(stats: TurnStats, panel: Message) -> None:
    """What a panel shows at once: its selects, and buy entries naming a card twice."""
    shown = selects(panel)
    stats.most_selects = max(stats.most_selects, len(shown))
    cards = [c for sel in shown for option in sel.get("options") or [] for c in bought_cards(str(option.get("value")))]
    stats.duplicate_buys += len(cards) - len(set(cards))


def _answered(inter: Any) -> bool:
    """The click has its private answer: an edit of the clicked panel, a new message, or a form."""
    if inter.response_type in (4, 7, 9):
        return True
    source = inter.source_message
    if inter.response_type == 6 and source is not None and not source.ephemeral:
        # A group DM's table was clicked: that message may be edited first (the table brought up to date);
        # the private answer is a follow-up.
        return any(m.ephemeral for m in inter.followups)
    # A private panel was clicked: its edit, or a private follow-up (the public ones are the table's pages).
    return inter.answers > sum(1 for m in inter.followups if not m.ephemeral)


def _dearest(panel: Message) -> tuple[str, str] | None:
    """(select id, value) of the dearest card any buy select of the panel offers (each card is offered once;
    choosing it buys it and ends the turn, as a person who buys one card expects)."""
    best: tuple[int, bool, str, str] | None = None
    for sel in selects(panel):
        for option in sel.get("options") or []:
            value = str(option.get("value", ""))
            moves = [str(m) for m in decode_moves(value)] if value and not value.startswith("P") else []
            ends = bool(moves) and moves[-1] == "end"
            last = moves[-2 if ends else -1].split() if len(moves) > ends else []
            if len(last) == 2 and last[0] == "buy" and last[1].isdigit():
                key = (card(int(last[1])).cost, ends)
                if best is None or key > best[:2]:
                    best = (*key, sel["custom_id"], value)
    return (best[2], best[3]) if best else None


IN_FLIGHT = 0.3  # a post crossing a move on its way to Discord: decided before the move, arriving after it


@dataclass(frozen=True)
class StalePing:
    """A ping of a public post for someone the game was not waiting for when the post was made."""

    user: int
    content: str
    late: float  # seconds between the move that moved the game past that user and the post

    @property
    def in_flight(self) -> bool:
        """The move came while the post was on its way (the bot decided the call before it)."""
        return self.late < IN_FLIGHT

    def __str__(self) -> str:
        return f"<@{self.user}> {self.late:.3f} s after their turn moved on, in {self.content!r}"


async def mentions_not_to_play(world: World, store: Store, game_id: int, channel: Channel | None = None
                               ) -> list[StalePing]:
    """Every ping of a public post whose user the game was not waiting for when the post was made (a turn
    call for a turn already played, say), with how long before the post the game had moved past them: the
    game is replayed commit by commit from the move log's commit times. A ping is a user the post both names
    and allows to be mentioned; ``channel``: where the game is (default: the world's #general)."""
    from hardback_bot.engine import Game
    from hardback_bot.sessions.judging import deciders

    s = world.standin
    record, final = await load_game(store, game_id)
    moves = await store.games.get_moves(game_id)
    users = {x.seat: x.user_id for x in record.seats}
    # (commit time, the users the game waits for after it), from the start on.
    game = Game.new(final.num_players, final.state.seed, final.options, final.checker)
    states: list[tuple[float, set[int | None]]] = [(float("-inf"), {users.get(x) for x in deciders(game)})]
    for i, m in enumerate(moves):
        game.apply(m.seat, parse_move(m.move))
        if i + 1 == len(moves) or moves[i + 1].version != m.version or m.version is None:
            states.append((m.created_at, {users.get(x) for x in deciders(game)}))
    wall = time.time() - s.now()  # the stand-in's clock is monotonic; the store's is the wall clock
    found = []
    for message in s.messages(channel or world.channel):
        if message.author.id != s.bot_user.id or not message.mentions:
            continue
        allowed = message.allowed_mentions  # None: Discord's default, every mention pings
        pinged = {u.id for u in message.mentions}
        if allowed is not None and "users" not in (allowed.get("parse") or []):
            pinged &= {int(u) for u in allowed.get("users") or []}
        posted = message.created_at + wall
        now = max(i for i, (at, _) in enumerate(states) if at <= posted)
        for user in sorted(pinged - states[now][1]):
            last = max((i for i in range(now + 1) if user in states[i][1]), default=None)
            late = posted - states[last + 1][0] if last is not None else float("inf")
            found.append(StalePing(user, message.content, late))
    return found


def live_game_components(world: World, game_id: int, channel: Channel | None = None) -> list[str]:
    """Game buttons (not Rematch) still shown after the end: public messages (of ``channel``, default the
    world's #general), and private panels whose token still lives (their owner may still see them)."""
    s = world.standin
    found = []
    prefixes = tuple(f"hb:{k}:{game_id}:" for k in "hmsxag")
    where = channel or world.channel
    for message in s.messages(where):
        found += [c for c in message.custom_ids() if c.startswith(prefixes)]
    for thread in s.threads(where):
        for message in s.messages(thread):
            found += [c for c in message.custom_ids() if c.startswith(prefixes)]
    for inter in s.interactions.values():
        if s.now() - inter.received_at >= 15 * 60:
            continue
        for message in [inter.original, *inter.followups]:
            if message is not None and message.ephemeral and not message.deleted:
                current = s.find_message(message.id) or message
                found += [c for c in current.custom_ids() if c.startswith(prefixes)]
    return sorted(set(found))


__all__ = ["IN_FLIGHT", "FlowPlayer", "StalePing", "TurnStats", "live_game_components", "mentions_not_to_play",
           "move_arg"]

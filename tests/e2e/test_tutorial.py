"""The guided first game, end to end through the real bot (docs/tutorial.md).

alice opens a table and presses Learn to play: the lobby becomes a guided game against an easy computer.
She then plays it to its end through her private panels, always doing what the panel's "Try" line advises
(the moves the tutor names, found on the panel's own buttons and selects), while the bot is stopped and
started again on the same database half-way. After each of her clicks the panel must say why that click
paid what it paid, and the numbers must be the ones the engine paid (read back from the stored log).
At the end every mechanic of the lesson came up, and no rating, board or streak moved.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

from botkit import QUICK_POSTS, button, running_bot, text_of, with_component
from discord_standin.models import Message, User
from discord_standin.world import World
from scenario_kit import BotRefused, Driver, load_game, move_arg, refresh_id, selects

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.sessions.coach_advice import MECHANICS, advice, last_explanation, note_event, walk
from hardback_bot.sessions.codec import HandView, OpenHand, decode_moves, move_value
from hardback_bot.sessions.turn_history import stored_log
from hardback_bot.sessions.why_it_paid import money, say
from hardback_bot.store import Store
from hardback_bot.store.seasons import season_of

RESTART_IN_ROUND = 4  # the bot is stopped after alice's first click of this round (her ink draw), then started again


def chains(panel: Message) -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    """Every move component of a panel: (kind, custom_id, select value, the moves it plays)."""
    found: list[tuple[str, str, str | None, tuple[str, ...]]] = []
    for b in panel.buttons():
        cid = str(b.get("custom_id", ""))
        if cid.startswith("hb:m:") and not move_arg(cid).startswith("sel"):
            found.append(("button", cid, None, tuple(str(m) for m in decode_moves(move_arg(cid).lstrip("-")))))
    for sel in selects(panel):
        if not sel["custom_id"].startswith("hb:m:"):
            continue
        for option in sel.get("options") or []:
            moves, _ = move_value(option["value"])
            found.append(("select", sel["custom_id"], option["value"], tuple(str(m) for m in moves)))
    return found


def agreed(game: Game, seat: int, seen: set[str], chain: tuple[str, ...]) -> int:
    """How many moves of ``chain`` the tutor would advise in a row from here (the first is given)."""
    trial = game.clone()
    seen = set(seen)
    for i, move in enumerate(chain):
        if i:
            tip = advice(trial, seat, seen)
            if tip is None or str(tip.moves[0]) != move:
                return i
        box = {seat: seen}
        for event in trial.apply(seat, parse_move(move)):
            note_event(box, event)
    return len(chain)

# The hand views that show a move the hand itself does not offer, pressed in this order.
VIEWS = {"buy": (HandView.BUY_MORE,), "reserve": (HandView.JAIL,),
         "remove": (HandView.JAIL, HandView.JAIL_REMOVE), "dump": (HandView.DUMP,)}


def pick_chain(game: Game, seat: int, seen: set[str], first: str, panel: Message
               ) -> tuple[str, str, str | None, tuple[str, ...]] | None:
    """The component playing ``first`` and then as many advised moves as it chains: fully advised chains
    first, the longest of them; a component that plays ``first`` alone otherwise."""
    options = [c for c in chains(panel) if c[3] and c[3][0] == first]
    full = [c for c in options if agreed(game, seat, seen, c[3]) == len(c[3])]
    if full:
        return max(full, key=lambda c: len(c[3]))
    return next((c for c in options if len(c[3]) == 1), None)


class Guided:
    """alice's side of the guided game: every decision as the tutor advises it, through the panels."""

    def __init__(self, world: World, store: Store, game_id: int, user: User) -> None:
        self.world = world
        self.game_id = game_id
        self.user = user
        self.driver = Driver(world, store, game_id, {0: user})
        self.explained: list[tuple[tuple[str, ...], str]] = []  # (click, its Why line)
        self.panel: Message | None = None
        self.refreshed = 0  # panels refreshed by hand because a redraw came late

    def rebind(self, store: Store) -> None:
        self.driver.store = store

    async def state(self) -> tuple[Game, Any]:
        record, game = await load_game(self.driver.store, self.game_id)
        moves = await self.driver.store.games.get_moves(self.game_id)
        return game, walk(game.num_players, record.seed or 0, game.options, moves, 0, game.checker)

    async def play_turn(self, clicks: int = 30) -> None:
        """alice's turn from its start, or from wherever it is (up to ``clicks`` decisions)."""
        await self.driver.open_hand(self.user)
        record, _ = await load_game(self.driver.store, self.game_id)
        # The hand panel drawn for the game as it is now (not another panel the bot was just redrawing).
        self.panel = await self.until(lambda: next(
            (m for m in reversed(self.world.standin.ephemerals(self.user))
             if f"hb:s:{self.game_id}:{record.version}:" in m.custom_ids() and not m.loading), None))
        assert "**Try:**" in text_of(self.panel), text_of(self.panel)
        start = None
        for _ in range(clicks):
            game, walked = await self.state()
            start = game.state.round if start is None else start
            # The computer may play its whole turn before this reads the game again: a new round is a new turn.
            if game.finished or game.active_seat != 0 or game.state.round != start:
                return
            tip = advice(game, 0, walked.seen[0])
            assert tip is not None, text_of(self.panel)
            await self.act(game, walked.seen[0], str(tip.moves[0]))  # in the notation, as the panels' moves
        if clicks == 30:
            raise AssertionError("the turn did not end")

    async def _moves_after(self, before: int) -> Any:
        stored = await self.driver.store.games.get_moves(self.game_id)
        return stored if len(stored) > before else None

    async def until_async(self, found: Any, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while (value := await found()) is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not do it")
            await asyncio.sleep(0.02)
        return value

    async def until(self, found: Any, timeout: float = 10.0) -> Any:
        """``found()`` once it is not None: the bot's answers arrive asynchronously."""
        deadline = time.monotonic() + timeout
        while (value := found()) is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not show it")
            await asyncio.sleep(0.02)
        return value

    async def current_panel(self) -> Message:
        """alice's panel as the game stands now. The bot keeps it current; a redraw it began before the
        last move may land after a newer one, so a panel still older after a moment is refreshed by hand,
        as a person would press Refresh."""
        assert self.panel is not None
        record = await self.driver.store.games.get_game(self.game_id, with_state=False)
        marks = (f"hb:m:{self.game_id}:{record.version}:", f"hb:s:{self.game_id}:{record.version}:")

        def fresh() -> Message | None:
            panel = self.world.standin.find_message(self.panel.id)  # type: ignore[union-attr]
            ok = panel is not None and not panel.loading and any(c.startswith(marks) for c in panel.custom_ids())
            return panel if ok else None

        try:
            return await self.until(fresh, timeout=2.0)
        except TimeoutError:
            self.refreshed += 1
            panel = self.world.standin.find_message(self.panel.id) or self.panel
            return await self.driver.press(self.user, panel, refresh_id(panel))

    async def act(self, game: Game, seen: set[str], first: str) -> None:
        panel = await self.current_panel()
        if first.startswith("spell") and pick_chain(game, 0, seen, first, panel) is None:
            # Not the hint's one-click word: typed in the form, then the advised arrangement confirmed.
            _, word = game.check_word(0, _parse(first))
            panel = await self.driver.spell(self.user, panel, word)
            if pick_chain(game, 0, seen, first, panel) is None:  # another arrangement than the preview's first
                arrangement = next(c for c in selects(panel) if c["custom_id"].startswith("hb:a:"))
                value = next(o["value"] for o in arrangement["options"] if _decoded(o["value"]) == first)
                panel = await self.driver.pick(self.user, panel, arrangement["custom_id"], value)
        chosen = pick_chain(game, 0, seen, first, panel)
        for view in VIEWS.get(first.split()[0], ()) if chosen is None else ():
            # A choice a click away (one question a step): buying more than one card, the cards to jail or dump.
            opens = OpenHand(self.game_id, view).custom_id()
            if opens in panel.custom_ids():
                panel = await self.driver.press(self.user, panel, opens)
                chosen = pick_chain(game, 0, seen, first, panel)
        assert chosen is not None, f"no component plays {first}: {chains(panel)}\n{text_of(panel)}"
        kind, custom_id, value, moves = chosen
        before = len(await self.driver.store.games.get_moves(self.game_id))
        try:
            if kind == "button":
                panel = await self.driver.press(self.user, panel, custom_id)
            else:
                assert value is not None
                panel = await self.driver.pick(self.user, panel, custom_id, value)
        except BotRefused as error:
            # The last move: the bot closes every panel of the game, which the driver takes for a refusal.
            if "This game is over" not in str(error):
                raise
            panel = self.world.standin.find_message(panel.id) or panel
        self.panel = panel
        await self.check_why(before, moves)

    async def check_why(self, before: int, moves: tuple[str, ...]) -> None:
        """The panel after a click says why it paid what it paid, in the numbers the engine paid."""
        store = self.driver.store
        panel_id = self.panel.id
        try:
            stored = await self.until_async(lambda: self._moves_after(before))
        except TimeoutError:
            raise AssertionError(f"{moves} was not played: {text_of(self.world.standin.find_message(panel_id))}"
                                 ) from None
        record, game = await load_game(store, self.game_id)
        click = tuple(m.move for m in stored[before:] if m.seat == 0)
        assert click == moves, (click, moves)
        walked = walk(game.num_players, record.seed or 0, game.options, stored, 0, game.checker)
        explanation = last_explanation(walked, 0)
        assert explanation is not None
        line = say(explanation)
        await self.until(lambda: True if f"**Why:** {line}" in text_of(self.world.standin.find_message(panel_id))
                         else None)
        # What the engine paid, from its own events when the log is replayed: the words' numbers agree.
        replay = Game.replay(game.num_players, record.seed or 0, game.options,
                             stored_log(stored[:before]), game.checker)
        events = [e.to_dict() for m in click for e in replay.apply(0, parse_move(m))]
        for e in events:
            if e["type"] == "earn":
                assert f"paid {money(e['coins'], e['prestige'])}" in line, (e, line)
        assert explanation.coins == sum(e["coins"] for e in events if e["type"] in ("earn", "gain"))
        assert explanation.prestige == sum(e["prestige"] for e in events if e["type"] in ("earn", "gain", "advert"))
        self.explained.append((click, line))


def _parse(move: str) -> tuple[Any, ...]:
    from hardback_bot.engine import parse_move

    return parse_move(move).word


def _decoded(value: str) -> str | None:
    from hardback_bot.sessions.codec import arrangement_value

    try:
        found = arrangement_value(value)
    except ValueError:
        return None
    return str(found) if not hasattr(found, "page") else None


async def test_a_guided_first_game_to_its_end(world: World, tmp_path: Path) -> None:
    s = world.standin
    db = os.path.join(tmp_path, "hardback.db")
    async with running_bot(world, db, post_pace=QUICK_POSTS) as bot:
        await s.slash(world.alice, "hardback start")
        await s.settle()
        lobby = with_component(world, "hb:l:")
        assert "Learn to play" in [b.get("label") for b in lobby.buttons()]
        await s.click(world.alice, lobby, button(lobby, ":learn"))
        await s.settle(quiet=0.6)
        assert "guided first game has started" in text_of(s.last_ephemeral(world.alice))
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None and record.status == "playing"
        assert [seat.user_id for seat in record.seats] == [world.alice.id, None]
        assert record.seats[1].ai_strength == 1
        options = GameOptions.from_dict(dict(record.options))
        assert options.tutorial and options.hints
        player = Guided(world, bot.store, record.id, world.alice)
        while True:
            game, _ = await player.state()
            if game.active_seat == 0 and game.state.round == RESTART_IN_ROUND:
                await player.play_turn(clicks=1)  # mid-turn: one card drawn with ink, the remover still to use
                break
            if game.active_seat == 0:
                await player.play_turn()
            else:
                await player.driver.wait_for_seat_change(game.active_seat)
        moves_before = [(m.seq, m.move) for m in await bot.store.games.get_moves(record.id)]
        assert moves_before[-1][1] == "ink"

    # The bot stops and a new one starts on the same database: the guided game goes on where it was, and
    # alice's panel (opened again from the table posted before) still says why her last click paid nothing
    # yet and what comes next.
    async with running_bot(world, db, post_pace=QUICK_POSTS) as bot:
        assert [(m.seq, m.move) for m in await bot.store.games.get_moves(record.id)] == moves_before
        player.rebind(bot.store)
        panel = await player.driver.open_hand(world.alice)
        assert "**Why:** 1 ink drew H (starter)" in text_of(panel), text_of(panel)
        assert "**Try:** Use the remover on the H you drew" in text_of(panel), text_of(panel)
        while True:
            game, walked = await player.state()
            if game.finished:
                break
            if game.active_seat == 0:
                await player.play_turn()
            else:
                await player.driver.wait_for_seat_change(game.active_seat)
        await s.settle(quiet=0.5)

        # Every mechanic of the lesson came up for alice (the tutor's reading of the log), each click was
        # explained, and the game is over with its results.
        assert walked.seen[0] >= set(MECHANICS), set(MECHANICS) - walked.seen[0]
        said = [line for _, line in player.explained]
        assert any(line.startswith("QUESTION paid 6¢ 1★") for line in said), said
        assert "This game is over" in text_of(s.last_ephemeral(world.alice))
        assert "guided first game" in text_of(s.last_ephemeral(world.alice))

        # Practice: in the history, but no rating, board, season or streak moved.
        stored = await bot.store.results.get_results(record.id)
        assert [r.mode for r in stored] == ["practice", "practice"]
        assert all(r.rating_before is None and r.rating_after is None for r in stored)
        guild = record.guild_id
        assert await bot.store.results.get_rating(guild, world.alice.id) is None
        assert await bot.store.results.leaderboard(guild, "wins") == []
        assert await bot.store.results.leaderboard(guild, "best_word") == []
        stats = await bot.store.results.player_stats(guild, world.alice.id)
        assert stats.competitive.games == 0 and stats.coop.games == 0
        assert [r.game_id for r in stats.recent] == [record.id]
        records = await bot.store.seasons.player_records(guild, world.alice.id)
        assert records.games == 0 and records.best_streak == 0
        season = season_of("month", bot.store.now())
        for board in ("wins", "rating", "best_word", "longest_word"):
            assert await bot.store.seasons.season_board(guild, board, season) == [], board
        assert record.id in [g.id for g in await bot.store.games.recent_games(guild)]

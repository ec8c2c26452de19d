"""The sessions layer without Discord: lobby, committed moves, refusals, timers and AFK, computers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions, Move
from hardback_bot.engine.events import Earn
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.scenario import build_game
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.access import Origin
from hardback_bot.sessions.notes import notes_of
from hardback_bot.sessions.preview import simulate_word
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.sessions.spelling import SpellingError, arrangements, clean_word
from hardback_bot.store import AnnounceNotes, GuildSettings, open_store


class Recorder:
    """The notifier: sessions only say which game changed; what to show is in the store's outbox."""

    def __init__(self) -> None:
        self.changed_games: list[int] = []

    async def changed(self, game_id: int) -> None:
        self.changed_games.append(game_id)


async def said(sessions: Sessions, store, game_id: int) -> list[str]:
    """Every announcement line the outbox holds for a game, as the relay would render it now."""
    loaded = await sessions.load(game_id)
    deadline = await sessions.timers.current_deadline(game_id, len(loaded.game.move_log))
    lines: list[str] = []
    for row in await store.outbox.pending_deliveries(game_id, limit=10_000):
        if isinstance(row.payload, AnnounceNotes):
            lines += announcement(loaded, notes_of(row.payload), deadline=deadline).lines
    return lines


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def random_ai(game: Game, seat: int, strength: int) -> Move:
    rng = random.Random(len(game.move_log))
    if game.phase == "vote":
        return Move("vote", choice="accept")
    for _ in range(50):
        who, move = random_move(game, rng, off_turn_ink=0)
        if who == seat:
            return move
    return Move("timeout")


def wants(game: Game, seat: int) -> bool:
    if game.finished:
        return False
    if game.phase == "vote":
        return any(m.kind == "vote" for m in game.legal_moves(seat))
    return game.active_seat == seat


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    recorder = Recorder()
    clock = Clock()
    sessions = Sessions(store, recorder, ai_delay=0, clock=clock)
    sessions.set_ai(random_ai, wants)
    yield sessions, store, recorder, clock
    await sessions.close()
    await store.close()


async def two_players(sessions: Sessions, **options) -> int:
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions(**options))
    await sessions.lobby.act(record.id, 200, "Bob", "join")
    started, _ = await sessions.lobby.act(record.id, 100, "Ada", "start")
    assert started.status == "playing"
    return record.id


async def test_lobby_rules(env) -> None:
    sessions, _store, recorder, _ = env
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions())
    with pytest.raises(SessionError, match="already running"):
        await sessions.lobby.open(1, 10, 300, "Cy", GameOptions())
    with pytest.raises(SessionError, match="already at this table"):
        await sessions.lobby.act(record.id, 100, "Ada", "join")
    await sessions.lobby.act(record.id, 200, "Bob", "join")
    with pytest.raises(SessionError, match="Only the host"):
        await sessions.lobby.act(record.id, 200, "Bob", "start")
    with pytest.raises(SessionError, match="Only the host"):
        await sessions.lobby.act(record.id, 200, "Bob", "computer")
    for _ in range(3):
        await sessions.lobby.act(record.id, 100, "Ada", "computer", strength=3)
    with pytest.raises(SessionError, match="full"):
        await sessions.lobby.act(record.id, 400, "Di", "join")
    await sessions.lobby.act(record.id, 200, "Bob", "leave")
    current = await sessions.record(record.id)
    assert [s.display_name for s in current.seats][:2] == ["Ada", "Computer 1 (hard)"]
    assert set(recorder.changed_games) == {record.id}
    # Manage Channels may cancel somebody else's lobby.
    await sessions.lobby.act(record.id, 999, "Mod", "cancel", can_manage=True)
    assert (await sessions.record(record.id)).status == "abandoned"


async def test_a_computer_player_is_named_once_in_the_tables_language(env) -> None:
    # A Spanish server's table: the host adds a computer; the table (Spanish), an English player's panel and the
    # log all name it "Máquina 1 (difícil)" (it was "Computer 1" on one screen and "Máquina 1" on another).
    from hardback_bot.engine.views import player_view
    from hardback_bot.i18n import translator
    from hardback_bot.sessions.screens.hand import hand_panel
    from hardback_bot.sessions.screens.table import table_panel

    sessions, _store, _, _ = env
    sessions.set_ai(lambda game, seat, strength: Move("timeout"), lambda game, seat: False)  # it waits: nothing moves
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions())
    await sessions.lobby.act(record.id, 100, "Ada", "computer", strength=3, language="es")
    await sessions.lobby.act(record.id, 100, "Ada", "start")
    loaded = await sessions.load(record.id)
    seat = loaded.seat_of(100)
    if loaded.game.active_seat == seat:  # Ada passes, so that her panel names whose turn it is
        loaded = await sessions.play(record.id, 100, Move("skip"), None)
    assert loaded.game.active_seat != seat
    name = "Máquina 1 (difícil)"
    assert [s.display_name for s in loaded.record.seats if s.user_id is None] == [name]
    for lang in ("en", "es", "fr", "ja"):
        t = translator(lang)
        assert name in loaded.names_in(t)
        assert name in (await table_panel(loaded, t)).text
        assert name in hand_panel(loaded, seat, player_view(loaded.game, seat), t=t).text


async def test_a_form_is_admitted_from_the_last_read_and_anything_else_is_read(env) -> None:
    """A form must be a click's first answer (Discord's 3 s): its check reuses the game's last read record when
    that passes, and reads the store when it does not, so a click from elsewhere is still refused."""
    sessions, store, *_ = env
    game_id = await two_players(sessions)
    reads: list[int] = []
    get_game = store.games.get_game

    async def counted(gid: int, **kwargs: object):  # type: ignore[no-untyped-def]
        reads.append(gid)
        return await get_game(gid, **kwargs)

    store.games.get_game = counted
    here, elsewhere = Origin(1, 10, 100), Origin(1, 99, 100)
    fresh = Sessions(store, ai_delay=0)  # a process that never read this game
    assert (await fresh.admit_form(game_id, here)).id == game_id and reads == [game_id]
    assert (await fresh.admit_form(game_id, here)).id == game_id and reads == [game_id]  # remembered
    with pytest.raises(SessionError) as refused:
        await fresh.admit_form(game_id, elsewhere)
    assert refused.value.code == "elsewhere" and reads == [game_id, game_id]  # read again before refusing
    await fresh.close()
    for wrong in (Origin(2, 10, 100), Origin(1, 10, 100, place="private"), Origin(1, 10, 200, panel_owner=100)):
        with pytest.raises(SessionError):
            await sessions.admit_form(game_id, wrong)
    with pytest.raises(SessionError):
        await sessions.admit_form(game_id + 1000, here)  # no such game


async def test_coop_needs_one_and_options_are_checked(env) -> None:
    sessions, *_ = env
    with pytest.raises(SessionError, match="turn votes on"):
        await sessions.lobby.open(1, 11, 100, "Ada", GameOptions(dictionary="none"))
    record = await sessions.lobby.open(1, 11, 100, "Ada", GameOptions(coop=True))
    started, _ = await sessions.lobby.act(record.id, 100, "Ada", "start")
    assert started.status == "playing" and len(started.seats) == 1


async def test_moves_commit_before_notifying_and_refusals_store_nothing(env) -> None:
    sessions, store, recorder, _ = env
    game_id = await two_players(sessions, adverts=False)
    loaded = await sessions.load(game_id)
    first = loaded.record.seats[0].user_id
    second = loaded.record.seats[1].user_id
    with pytest.raises(SessionError, match="not your turn"):
        await sessions.play(game_id, second, Move("skip"), None)
    with pytest.raises(SessionError, match="not playing"):
        await sessions.play(game_id, 12345, Move("skip"), None)
    with pytest.raises(SessionError, match="out of date") as info:
        await sessions.play(game_id, first, Move("skip"), loaded.record.version - 1)
    assert info.value.stale
    assert await store.games.get_moves(game_id) == []
    before = len(await store.outbox.pending_deliveries(game_id))
    await sessions.play(game_id, first, Move("skip"), loaded.record.version)
    moves = await store.games.get_moves(game_id)
    assert [m.move for m in moves] == ["skip"]
    assert recorder.changed_games[-1] == game_id
    row = (await store.outbox.pending_deliveries(game_id))[before]
    assert row.version == (await store.games.get_game(game_id)).version  # written by the move's own commit
    assert isinstance(row.payload, AnnounceNotes)
    text = announcement(await sessions.load(game_id), notes_of(row.payload)).text
    assert "skipped" in text and text.endswith(f"<@{second}>, your turn.")


async def test_another_players_ink_keeps_my_view_current(env) -> None:
    # R6.1/R6.2: the waiting player may draw with ink while the active one is spelling. That changes
    # only the drawer's hand, so the speller's panel, drawn before it, still works; a move of the
    # speller's own, or a seat change, makes a view out of date as before.
    from hardback_bot.engine.state import SPELL
    from hardback_bot.store import Seat

    sessions, store, _recorder, _ = env
    game_id = await two_players(sessions, adverts=False)
    rng = random.Random(5)
    for _ in range(600):  # play on until the waiting player has ink while the other spells
        loaded = await sessions.load(game_id)
        game = loaded.game
        waiting = 1 - game.active_seat
        if game.phase == SPELL and game.player(waiting).ink > 0:
            break
        who, move = random_move(game, rng, off_turn_ink=0)
        await sessions.play(game_id, loaded.record.seats[who].user_id, move, None)
    else:
        raise AssertionError("the waiting player never had ink")
    active = game.active_seat
    speller, drawer = loaded.record.seats[active].user_id, loaded.record.seats[waiting].user_id
    view = loaded.record.version
    await sessions.play(game_id, drawer, Move("ink"), view)  # the drawer's own view is current too
    after_ink = await sessions.load(game_id)
    assert after_ink.record.version == view + 1
    assert await sessions.still_current(after_ink, active, view)
    assert not await sessions.still_current(after_ink, waiting, view), "the drawer's own move moved their view on"
    await sessions.play(game_id, speller, Move("skip"), view)  # the panel drawn before the ink still works
    moves = [(m.seat, m.move) for m in await store.games.get_moves(game_id)][-2:]
    assert moves == [(waiting, "ink"), (active, "skip")]
    # The speller's own move makes that old view out of date (a double click is refused) ...
    loaded = await sessions.load(game_id)
    with pytest.raises(SessionError, match="out of date"):
        await sessions.play(game_id, loaded.record.seats[loaded.game.active_seat].user_id, Move("skip"), view)
    # ... and so does a commit that is not a move (a seat changing hands), even with no move since.
    seat = loaded.record.seats[0]
    await store.games.replace_seat(
        game_id, loaded.record.version, Seat(seat.seat, seat.display_name, seat.user_id, None))
    now = await sessions.load(game_id)
    assert not await sessions.still_current(now, 1, loaded.record.version)
    assert await sessions.still_current(now, 1, now.record.version)


async def test_turn_timer_reminder_timeout_and_afk_to_computer(env) -> None:
    sessions, store, _recorder, clock = env
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    record = await store.games.get_game(game_id)
    timers = await store.timers.game_timers(game_id)
    assert {t.kind for t in timers} == {"turn", "reminder"}
    reminder = next(t for t in timers if t.kind == "reminder")
    await sessions.timers.handle(reminder)
    last = (await said(sessions, store, game_id))[-1]
    assert "time is running out" in last and "<t:" in last
    await sessions.timers.handle(reminder)  # a reminder handled twice (two paths) is said once
    assert sum("time is running out" in line for line in await said(sessions, store, game_id)) == 1
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=2, afk_policy="computer"))
    absent = record.seats[0].user_id
    # The absent player times out twice in a row (the other player skips in between).
    for _ in range(2):
        loaded = await sessions.load(game_id)
        turn = next(t for t in await store.timers.game_timers(game_id) if t.kind == "turn")
        if loaded.record.seats[loaded.game.active_seat].user_id != absent:
            await sessions.play(game_id, loaded.record.seats[loaded.game.active_seat].user_id, Move("skip"), None)
            turn = next(t for t in await store.timers.game_timers(game_id) if t.kind == "turn")
        clock.now = turn.deadline + 1
        await sessions.timers.handle(turn)
    seats = (await store.games.get_game(game_id)).seats
    taken = next(s for s in seats if s.user_id == absent)
    assert taken.ai_strength == 2 and taken.display_name.endswith("(computer)")
    lines = await said(sessions, store, game_id)
    assert any("computer player takes over" in line for line in lines)
    assert sum("ran out of time" in line for line in lines) == 2, "each timeout is said once"
    moves = [m.move for m in await store.games.get_moves(game_id)]
    assert moves.count("timeout") >= 2


async def test_stale_timer_is_dropped(env) -> None:
    sessions, store, _, clock = env
    game_id = await two_players(sessions, turn_timer=60)
    turn = next(t for t in await store.timers.game_timers(game_id) if t.kind == "turn")
    loaded = await sessions.load(game_id)
    await sessions.play(game_id, loaded.record.seats[0].user_id, Move("skip"), None)  # replaces the timers
    clock.now = turn.deadline + 1
    await sessions.timers.handle(turn)
    assert [m.move for m in await store.games.get_moves(game_id)] == ["skip"]


async def test_leave_end_and_rematch(env) -> None:
    sessions, store, _, _ = env
    game_id = await two_players(sessions)
    await sessions.seats.leave(game_id, 200)
    seat = next(s for s in (await store.games.get_game(game_id)).seats if s.user_id == 200)
    assert seat.ai_strength == 2
    with pytest.raises(SessionError, match="Only the host"):
        await sessions.end_game(game_id, 200, can_manage=False)
    await sessions.end_game(game_id, 100, can_manage=False)
    assert (await store.games.get_game(game_id)).status == "abandoned"
    with pytest.raises(SessionError, match="once the game is over"):
        await sessions.lobby.rematch(game_id, 100)


async def test_computers_play_a_whole_game(env) -> None:
    sessions, store, _recorder, _ = env
    record = await sessions.lobby.open(1, 12, 100, "Ada", GameOptions(length=40, coop=False))
    for _ in range(2):
        await sessions.lobby.act(record.id, 100, "Ada", "computer")
    # Ada leaves her seat to a computer too, so the whole game runs by itself.
    await sessions.lobby.act(record.id, 100, "Ada", "start")
    await sessions.seats.leave(record.id, 100)
    await sessions.wait_for_computers(record.id)
    final = await store.games.get_game(record.id)
    assert final.status == "finished"
    assert [d.kind for d in await store.outbox.pending_deliveries(record.id, limit=10_000)][-1] == "results"
    results = await store.results.get_results(record.id)
    assert len(results) == 3
    again = await sessions.lobby.rematch(record.id, 100)
    assert again.status == "lobby" and len(again.seats) == 3


async def test_a_stopping_bot_starts_no_computer_turn(env) -> None:
    # Stopping, the bot closes its sessions before its store; a click answered meanwhile (here Ada leaving her
    # seat to a computer) must not start a computer's turn, which would read the closed store. The next
    # start lets the computers play on (Play.resume kicks them).
    sessions, store, _recorder, _ = env
    record = await sessions.lobby.open(1, 13, 100, "Ada", GameOptions(length=40, coop=False))
    await sessions.lobby.act(record.id, 100, "Ada", "computer")
    await sessions.lobby.act(record.id, 100, "Ada", "start")
    await sessions.wait_for_computers(record.id)  # a computer seated first plays until Ada's turn
    before = len(await store.games.get_moves(record.id))
    await sessions.close()
    await sessions.seats.leave(record.id, 100)
    await sessions.wait_for_computers(record.id)
    assert len(await store.games.get_moves(record.id)) == before
    again = Sessions(store, ai_delay=0)
    again.set_ai(random_ai, wants)
    again.kick_computers(record.id)
    await again.wait_for_computers(record.id)
    assert (await store.games.get_game(record.id)).status == "finished"
    await again.close()


def test_preview_pays_what_the_engine_pays() -> None:
    rng = random.Random(5)
    for seed in range(40):
        game = Game.new(2, seed, GameOptions(adverts=False))
        for _ in range(rng.randrange(0, 60)):
            if game.finished:
                break
            seat, move = random_move(game, rng)
            game.apply(seat, move)
        if game.finished or game.phase != "spell":
            continue
        seat = game.active_seat
        from hardback_bot.engine.randomplay import random_spell

        spell = random_spell(game, seat, rng)
        if spell is None:
            continue
        outcome = simulate_word(game, seat, spell)
        real = Game.from_json(game.to_json())
        events = real.apply(seat, spell)
        while real.phase in ("uncover", "double") and real.active_seat == seat:  # follow the preview's answers
            answer = outcome.targets.pop(0)
            events += real.apply(seat, answer)
        earn = next(e for e in events if isinstance(e, Earn))
        assert (earn.coins, earn.prestige) == (outcome.coins, outcome.prestige)


def test_arrangements_rank_by_value_and_explain_refusals() -> None:
    game = build_game({"seats": [{"hand": [72, 1156, 91, 120, 67, 1141, 1145]}, {}], "options": {"adverts": False}})
    best = arrangements(game, 0, "KA")[0]
    assert str(best.move) in ("spell 120 72=A", "spell 120 91=A") and best.coins == 4  # K uncovers a romance wild
    with pytest.raises(SpellingError, match="only 7 cards"):
        arrangements(game, 0, "ABCDEFGHIJ")
    with pytest.raises(SpellingError, match="letters A to Z"):
        clean_word("do g")
    game = build_game({"seats": [{"hand": [1141, 1145, 1154], "inked": [1154]}, {}]})
    with pytest.raises(SpellingError, match="inked card R must be in your word"):
        arrangements(game, 0, "AE")


def test_penny_winning_move_needs_confirmation() -> None:
    from hardback_bot.sessions.judging import penny_would_win

    game = build_game({"players": 1, "options": {"coop": True, "penny_genre": "horror"},
                       "offer_row": [36, 17, 29, 58, 61, 126, 135],
                       "seats": [{"hand": [1141, 1145], "draw": [1148], "ink": 1}]})
    game.state.penny["score"] = game.goal - 1
    assert penny_would_win(game, 0, Move("ink"))  # horror card in the row: 1 ink spent gives Penny her goal
    assert not penny_would_win(game, 0, Move("remover", card=1141))  # refused moves never count
    game.state.penny["score"] = game.goal - 2
    assert not penny_would_win(game, 0, Move("ink"))


async def test_afk_remove_policy_makes_the_seat_pass(env) -> None:
    sessions, store, _recorder, clock = env
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=1, afk_policy="remove"))
    record = await store.games.get_game(game_id)
    absent = record.seats[0].user_id
    turn = next(t for t in await store.timers.game_timers(game_id) if t.kind == "turn")
    clock.now = turn.deadline + 1
    await sessions.timers.handle(turn)
    seat = (await store.games.get_game(game_id)).seats[0]
    assert seat.user_id == absent and seat.ai_strength == 0 and seat.display_name.endswith("(absent)")
    assert any("is out" in line for line in await said(sessions, store, game_id))
    # From now on the absent seat passes by itself whenever it is its turn.
    loaded = await sessions.load(game_id)
    other = loaded.record.seats[1].user_id
    await sessions.play(game_id, other, Move("skip"), None)
    await sessions.wait_for_computers(game_id)
    moves = [(m.seat, m.move) for m in await store.games.get_moves(game_id)]
    assert moves[:3] == [(0, "timeout"), (1, "skip"), (0, "timeout")]

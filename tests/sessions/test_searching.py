"""Searches off the event loop: computer moves, word previews and hints in worker processes give
the same answers as in this process, a stand-in player still runs in a thread, and a dead worker is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from worker_probe import die_unless_in, loaded

from hardback_bot.ai import choose_move, wants_to_act
from hardback_bot.engine import Game, GameOptions, Move
from hardback_bot.engine.cards import card
from hardback_bot.help.words import hint_plays, hints_off_loop
from hardback_bot.sessions import searching
from hardback_bot.sessions.rehearsal import rehearse
from hardback_bot.sessions.spelling import arrangements, arrangements_here
from hardback_bot.words import get_dictionary


def positions() -> list[tuple[Game, int]]:
    """Positions from real games of computer players (every strength): (game, seat that decides)."""
    out: list[tuple[Game, int]] = []
    common = get_dictionary("common")
    for seed, options in ((5, GameOptions()), (6, GameOptions(coop=True, penny_genre="romance"))):
        game = Game.new(2 if not options.coop else 1, seed, options, checker=common)
        rng = random.Random(seed)
        for _ in range(60):
            if game.finished:
                break
            seat = game.active_seat
            if rng.random() < 0.25:
                out.append((Game.from_json(game.to_json(), checker=common), seat))
            game.apply(seat, choose_move(game, seat, 1 + seat % 3))
    return out


def stand_in_player(game: Game, seat: int, strength: int) -> Move:
    return Move("skip")


def test_without_a_searcher_everything_runs_here() -> None:
    # First in this file: the module's searcher below is not started yet (tests, terminal play).
    assert searching.running() is None
    assert searching.off_loop(os.getpid) == os.getpid()
    assert asyncio.run(searching.off_loop_async(os.getpid)) == os.getpid()
    game = Game.new(2, 4, GameOptions(), checker=get_dictionary("common"))
    rebuilt = searching.game_from(searching.game_state(game))
    assert rebuilt.to_json() == game.to_json() and rebuilt.checker is game.checker


@pytest.fixture(scope="module")
def searcher():  # type: ignore[no-untyped-def]
    loop = asyncio.new_event_loop()
    pool = searching.Searcher(workers=2, warm=("common",), preload=("hardback_bot.help.words",), rehearsal=rehearse)
    loop.run_until_complete(pool.start())
    yield pool, loop
    loop.run_until_complete(pool.close())
    loop.close()
    assert searching.running() is None


def test_workers_import_what_they_were_told_and_rehearse_before_any_job(searcher) -> None:  # type: ignore[no-untyped-def]
    # The preload names the hints' module; the rehearsal brings the computer players and the previews.
    # (The probe itself imports none of them; this test module, which imports them all, stays here.)
    pool, loop = searcher
    wanted = ("hardback_bot.help.words", "hardback_bot.ai", "hardback_bot.sessions.spelling")
    for _ in range(4):  # whichever worker takes the job
        assert loop.run_until_complete(pool.call(loaded, wanted)) == [True, True, True]


def test_computer_moves_in_workers_equal_moves_here(searcher) -> None:  # type: ignore[no-untyped-def]
    # Workers are other processes (another hash seed, other caches): a move must not depend on that.
    _, loop = searcher
    cases = positions()
    assert len(cases) >= 10
    for game, seat in cases:
        for strength in (1, 2, 3):
            here = choose_move(game, seat, strength)
            there = loop.run_until_complete(searching.decide_off_loop(choose_move, game, seat, strength))
            assert there == here, (game.to_json()[:80], seat, strength)


def test_previews_and_hints_in_workers(searcher) -> None:  # type: ignore[no-untyped-def]
    _, loop = searcher
    common = get_dictionary("common")
    game = Game.new(2, 21, GameOptions(), checker=common)
    seat = game.active_seat
    letters = "".join(card(c).letter for c in game.player(seat).hand)
    word = letters[:3]
    there = loop.run_until_complete(asyncio.to_thread(arrangements, game, seat, word))
    assert [o.move for o in there] == [o.move for o in arrangements_here(game, seat, word)]
    hints = loop.run_until_complete(hints_off_loop(game, seat, budget=5.0))
    assert hints and [p.word for p in hints] == [p.word for p in hint_plays(game, seat, common, budget=5.0)]
    for p in hints:
        game.check_word(seat, p.move.word)  # legal arrangements (R7)


def test_other_players_run_in_a_thread_and_a_dead_worker_is_replaced(searcher) -> None:  # type: ignore[no-untyped-def]
    pool, loop = searcher
    game = Game.new(2, 3, GameOptions(), checker=get_dictionary("common"))
    assert loop.run_until_complete(searching.decide_off_loop(stand_in_player, game, 0, 2)) == Move("skip")
    # The job kills its worker: the caller still gets an answer (computed here), and the next job gets a new pool.
    assert loop.run_until_complete(pool.call(die_unless_in, os.getpid())) == "ran here"
    # The new pool's interpreters load, warm the word list and rehearse before their first job: on a loaded
    # machine that can take longer than a job's own wait, so the test waits for them first.
    assert loop.run_until_complete(pool.call(os.getpid, timeout=180)) != os.getpid()
    seat = game.active_seat
    assert wants_to_act(game, seat)
    again = loop.run_until_complete(pool.choose_move(game, seat, 2))
    assert again == choose_move(game, seat, 2)


FORKED = textwrap.dedent("""
    import asyncio, os, xml.dom.minidom
    from hardback_bot.sessions import searching
    from worker_probe import die_unless_in, loaded, searcher_here

    pool = searching.Searcher(workers=1)
    pool.install(fork=True)  # this process has no other thread yet: its workers are copies of it

    async def main() -> None:
        await pool.start()
        print("forked", await pool.call(loaded, ("xml.dom.minidom",)))
        print("searcher in the worker", await pool.call(searcher_here))
        print("here", searching.running() is pool)
        print(await pool.call(die_unless_in, os.getpid()))
        print("replacement forked", await pool.call(loaded, ("xml.dom.minidom",)))
        await pool.close()

    asyncio.run(main())
""")


def test_workers_forked_before_any_thread_hold_what_the_process_loaded() -> None:
    # bot.py starts its workers first thing: copies of the bot with what it imported (here a module no worker
    # would import by itself). A copy is not a process with a searcher of its own (its jobs run in place), and a
    # worker that dies is replaced by a new interpreter, the bot's threads running by then.
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), *sys.path])}
    done = subprocess.run([sys.executable, "-c", FORKED], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines() == ["forked [True]", "searcher in the worker False", "here True", "ran here",
                                        "replacement forked [False]"], done.stdout + done.stderr[-3000:]

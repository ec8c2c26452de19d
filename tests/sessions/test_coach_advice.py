"""The guided first game's tutor (sessions/coach_advice.py): following its advice against the easy computer meets
every mechanic of the lesson; the first four turns hold whatever the computer does; a table of people
gets advice it can always follow; a player's last click is read back from the stored log."""

from __future__ import annotations

import random

import pytest

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.engine.options import TUTORIAL_DEAL, TUTORIAL_LENGTH
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import public_view
from hardback_bot.engine.words import AcceptAll
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions.coach_advice import MECHANICS, PLAN, advice, advice_text, guided_lines, note_event, walk
from hardback_bot.sessions.turn_history import walk_turns
from hardback_bot.store import StoredMove
from hardback_bot.words import get_dictionary

GUIDED = GameOptions(length=TUTORIAL_LENGTH, deal=TUTORIAL_DEAL, hints=True)
PLAN_KEYS = {step.key for step in PLAN}


def follow(game: Game, seat: int, seen: dict[int, set[str]]) -> str:
    """Apply the tutor's advice for ``seat`` (its first move); returns the advice's key."""
    tip = advice(game, seat, seen[seat])
    assert tip is not None, game.phase
    for t in (translator(language) for language in LANGUAGES):
        assert "{" not in advice_text(tip, game, t)
    for event in game.apply(seat, tip.moves[0]):
        note_event(seen, event)
    return tip.key


def test_the_advice_meets_every_mechanic_against_the_easy_computer() -> None:
    game = Game.new(2, 11, GUIDED, get_dictionary("common"))
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    keys = []
    while not game.finished:
        if game.active_seat == 1:
            for event in game.apply(1, choose_move(game, 1, 1)):
                note_event(seen, event)
        else:
            keys.append(follow(game, 0, seen))
    assert seen[0] >= set(MECHANICS), set(MECHANICS) - seen[0]
    assert set(keys) >= PLAN_KEYS  # the whole plan was followed, step by step
    assert game.player(0).award == 6  # QUESTION: 8 letters (R24.1)
    # An ordinary game underneath: /hardback replay walks it again from its seed, options and log.
    walked = walk_turns(2, 999, GUIDED, game.move_log, get_dictionary("common"))
    assert [t.word for t in walked.turns if t.seat == 0][:4] == ["ALERT", "QUESTION", "TRAWL", "INPUTS"]
    assert walked.final == public_view(game)


@pytest.mark.parametrize("seed", range(16))
def test_the_first_four_turns_hold_whatever_the_computer_does(seed: int) -> None:
    """The computer plays any legal moves (random ones, every word accepted): the first seat's plan still
    works move for move, and by the end of its fourth turn it met every mechanic but the double (which its
    fourth purchase brings back to hand later)."""
    rng = random.Random(seed)
    game = Game.new(2, seed, GUIDED, AcceptAll())
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    planned = []
    while game.player(0).stats.turns < 4:
        if game.active_seat == 1 or game.phase == "vote":
            seat, move = random_move(game, rng, off_turn_ink=0)
            if seat != 1:
                continue
            for event in game.apply(1, move):
                note_event(seen, event)
        else:
            tip = advice(game, 0, seen[0])
            assert tip is not None
            if tip.key in PLAN_KEYS:
                planned.append(tip.moves[0])
            for event in game.apply(0, tip.moves[0]):
                note_event(seen, event)
    assert planned == [m for step in PLAN for m in step.moves]
    assert seen[0] >= set(MECHANICS) - {"double"}, set(MECHANICS) - seen[0]


def test_a_table_of_people_can_always_follow_the_advice() -> None:
    """Two people and the computer: the first follows the plan, the second gets advice read from its own
    position, every piece of it legal, to the end of the game."""
    game = Game.new(3, 5, GUIDED, get_dictionary("common"))
    seen: dict[int, set[str]] = {s: set() for s in range(3)}
    while not game.finished:
        if game.active_seat == 2:
            for event in game.apply(2, choose_move(game, 2, 1)):
                note_event(seen, event)
        else:
            follow(game, game.active_seat, seen)
    assert {"word", "buy", "ink", "award"} <= seen[0]
    assert {"word", "buy"} <= seen[1]


def test_the_last_click_is_read_from_the_log() -> None:
    """A click is the moves of one commit (one version): the panel explains the seat's newest one."""
    game = Game.new(2, 1, GUIDED, get_dictionary("common"))
    log = [StoredMove(1, 0, "spell 1141 1149 1145 1154 1156", 0.0, 2), StoredMove(2, 0, "flush", 0.0, 3),
           StoredMove(3, 0, "buy 135", 0.0, 4)]
    walked = walk(2, 1, GUIDED, log, 0, game.checker)
    assert walked.click == (parse_move("buy 135"),) and walked.before is not None
    assert walked.seen[0] == {"word", "flush", "buy"}
    lines = guided_lines(walked, 0)
    assert lines[0] == ("**Why:** you bought U (mystery) for 2¢; it goes to your discard pile; "
                        "3¢ left over became 3 ink")
    assert walk(2, 1, GUIDED, log, 1, game.checker).before is None  # the computer has not moved yet
    # One commit of two moves (a word and its choice) is one click.
    chained = [*log, StoredMove(4, 1, "skip", 0.0, 5), StoredMove(5, 0, "ink", 0.0, 6),
               StoredMove(6, 0, "ink", 0.0, 7), StoredMove(7, 0, "ink", 0.0, 8),
               StoredMove(8, 0, "spell 147=Q 135 1145 1155 1156 1148 152 1151", 0.0, 9),
               StoredMove(9, 0, "buy 126", 0.0, 10), StoredMove(10, 0, "buy 65", 0.0, 10)]
    assert walk(2, 1, GUIDED, chained, 0, game.checker).click == (parse_move("buy 126"), parse_move("buy 65"))

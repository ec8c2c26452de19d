"""The notes of the outbox (sessions/notes.py): one closed union of values whose stored JSON never changes.

120 seeded games' delivery rows, commit by commit, must match the recorded digests byte for byte (what older
rows hold is what the relay and the catch-up screen read back); every note reads back equal; rows written
by older versions, with fewer keys, still read.
"""

from __future__ import annotations

import json

import pytest
from outbox_fingerprints import DIGESTS, GAMES, digest, trace

from hardback_bot.engine import parse_move
from hardback_bot.engine.events import TurnSummary
from hardback_bot.sessions.notes import (
    NOTE_TYPES,
    GameBegins,
    GameEnded,
    Reminder,
    SeatAway,
    SeatLeft,
    TurnPlayed,
    VotersTimedOut,
    YourTurn,
    announce,
    note_from_dict,
    notes_of,
)
from hardback_bot.store import AnnounceNotes

RECORDED: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_every_game_is_recorded() -> None:
    assert sorted(map(int, RECORDED)) == list(range(GAMES))


@pytest.mark.parametrize("first", range(0, GAMES, 40))
def test_the_outbox_of_seeded_games_is_stored_exactly_as_recorded(first: int) -> None:
    for seed in range(first, first + 40):
        assert digest(seed) == RECORDED[str(seed)], f"game {seed}'s outbox rows differ"


def test_every_stored_note_reads_back_equal() -> None:
    kinds = set()
    for seed in range(0, GAMES, 7):
        for line in trace(seed):
            for kind, payload in json.loads(line.split(": ", 2)[2]):
                if kind == "announce":
                    for data in payload["notes"]:
                        assert note_from_dict(data).to_dict() == data
                        kinds.add(data["t"])
    assert {"turn", "your_turn", "vote_start", "vote_result", "penny", "ghost_paid", "final_round"} <= kinds


def test_the_notes_the_sessions_write_have_their_old_shape() -> None:
    row = announce(3, GameBegins(), YourTurn(seat=1), Reminder(seats=(0, 2), deadline=1700000000),
                   VotersTimedOut(seats=(1,)), SeatAway(seat=1, misses=3, policy="remove", name="kenji"),
                   SeatLeft(seat=2, name="ana"), GameEnded(by=42))
    assert row.kind == "announce" and row.payload.to_json() == {"notes": [
        {"t": "begins"}, {"t": "your_turn", "seat": 1}, {"t": "reminder", "seats": [0, 2], "deadline": 1700000000},
        {"t": "timeout", "seats": [1]}, {"t": "afk", "seat": 1, "misses": 3, "policy": "remove", "name": "kenji"},
        {"t": "left", "seat": 2, "name": "ana"}, {"t": "ended", "by": 42}]}
    assert notes_of(row.payload) == [
        GameBegins(), YourTurn(seat=1), Reminder(seats=(0, 2), deadline=1700000000), VotersTimedOut(seats=(1,)),
        SeatAway(seat=1, misses=3, policy="remove", name="kenji"), SeatLeft(seat=2, name="ana"), GameEnded(by=42)]


def test_older_rows_and_odd_notes_still_read() -> None:
    # A turn note of an older row (no summary, no timeout), an afk note without a name, an unknown kind.
    notes = notes_of(AnnounceNotes(({"t": "turn", "seat": 0}, {"t": "afk", "seat": 1, "misses": 2},
                                    {"t": "fanfare"}, {"t": "ended"}, {"t": "your_turn", "seat": 1})))
    assert notes == [TurnPlayed(seat=0, summary=TurnSummary()), SeatAway(seat=1, misses=2), YourTurn(seat=1)]
    assert len(NOTE_TYPES) == 18


def test_a_turn_that_cycles_the_row_says_so_in_its_line() -> None:
    # R18.5: cycling happens as the turn ends, before its summary; the turn's line names the card that left.
    from hardback_bot.engine import Game, GameOptions
    from hardback_bot.engine.events import Cycle, TurnEnd
    from hardback_bot.sessions.notes import deliveries_for
    from hardback_bot.sessions.phrases import card_words, note_line

    game = Game.new(2, 5, GameOptions(length=40))
    events = game.apply(0, parse_move("skip"))  # writer's block: nothing bought, the row cycles (R9.3)
    cycled = next(e.card for e in events if isinstance(e, Cycle))
    assert [type(e) for e in events].index(Cycle) < [type(e) for e in events].index(TurnEnd)
    row = deliveries_for(1, game, events, 0)[0].payload
    assert isinstance(row, AnnounceNotes)
    notes = notes_of(row)
    turn = next(n for n in notes if isinstance(n, TurnPlayed))
    assert turn.cycled == cycled
    assert f"the oldest card of the offer row, {card_words(cycled)}, left it" in (note_line(turn, ["ana", "bo"]) or "")

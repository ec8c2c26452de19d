"""A turn call mentions only who is to play when it is posted: notes of several moves delivered in one post
(the outbox merges what comes within a moment) call a seat only if the game still waits for it (R5)."""

from __future__ import annotations

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.store import GameRecord, Seat


def loaded_after(moves: list[str], players: int = 2) -> Loaded:
    game = Game.new(players, 4, GameOptions(length=40))
    for move in moves:
        game.apply(game.active_seat, parse_move(move))
    seats = tuple(Seat(i, f"p{i}", user_id=100 + i) for i in range(players))
    record = GameRecord(id=1, guild_id=1, channel_id=1, host_id=100, status="playing",
                        options=game.options.to_dict(), seed=4, state=None, version=len(moves) + 1, seats=seats,
                        messages={}, created_at=0.0, updated_at=0.0)
    return Loaded(record, game)


def test_a_merged_call_mentions_only_the_seat_to_play() -> None:
    loaded = loaded_after(["skip"])  # the first player's turn is over: the second one's has begun (R9)
    first, second = 0, loaded.game.active_seat
    assert first != second
    notes = [{"t": "your_turn", "seat": first}, {"t": "your_turn", "seat": second}]
    said = announcement(loaded, notes)
    assert said.mentions == [100 + second]
    assert f"<@{100 + first}>" not in said.text and f"<@{100 + second}>, your turn." in said.text
    assert said.hand_button


def test_a_call_for_a_turn_already_played_mentions_nobody() -> None:
    loaded = loaded_after(["skip", "skip"], players=3)  # seats 0 and 1 both played before the post went out
    said = announcement(loaded, [{"t": "your_turn", "seat": 1}])
    assert said.mentions == [] and "your turn" not in said.text and not said.hand_button


def test_a_call_for_the_seat_still_to_play_mentions_it() -> None:
    loaded = loaded_after([])
    seat = loaded.game.active_seat
    said = announcement(loaded, [{"t": "your_turn", "seat": seat}])
    assert said.mentions == [100 + seat] and said.hand_button


def test_two_calls_of_the_seat_to_play_in_one_post_call_it_once() -> None:
    """Two players with no word (R9.3) skip in turn: one merged post holds two calls of the seat to play now
    (one of a turn it already skipped); it is called once."""
    loaded = loaded_after(["skip", "skip"])
    seat = loaded.game.active_seat
    notes = [{"t": "your_turn", "seat": 1 - seat}, {"t": "your_turn", "seat": seat},
             {"t": "your_turn", "seat": 1 - seat}, {"t": "your_turn", "seat": seat}]
    said = announcement(loaded, notes)
    assert said.mentions == [100 + seat]
    assert said.text.count("your turn") == 1, said.text

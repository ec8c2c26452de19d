"""The family-friendly table option: words the checker names offensive are refused for everyone, before
any dictionary check or vote (R8.5-R8.6, R27.3 otherwise unchanged), spelled or suggested (R30.2)."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import Game, GameOptions, IllegalMove, WordSet, parse_move
from hardback_bot.engine.events import WordAccepted

AT = [{"hand": [1141, 1156]}, {}]  # A and T
PLAIN = {"awards": False, "adverts": False}


def _table(options: dict, players: int = 2, words: tuple[str, ...] = ("at", "tea")) -> Game:
    game = make(players=players, seats=AT, offer_row=[17, 16, 29, 49, 126, 135, 58], options={**PLAIN, **options})
    game.checker = WordSet(words, offensive=["at"])
    return game


def test_a_family_friendly_table_refuses_a_listed_word_and_changes_nothing() -> None:
    game = _table({"family_friendly": True})
    before = game.to_json()
    with pytest.raises(IllegalMove) as info:
        game.apply(0, parse_move("spell 1141 1156"))
    assert (info.value.code, info.value.params) == ("offensive_word", {"word": "AT"})
    assert str(info.value) == "AT is not allowed at this family-friendly table."
    assert game.to_json() == before


def test_without_the_option_the_same_word_is_accepted() -> None:
    game = _table({})
    events = game.apply(0, parse_move("spell 1141 1156"))
    assert any(isinstance(e, WordAccepted) and e.word == "AT" for e in events)


def test_a_listed_word_never_goes_to_a_vote() -> None:
    # Not in the dictionary and votes on: an ordinary word would be voted on (R8.6); a listed one is refused.
    game = _table({"family_friendly": True, "vote": "majority"}, players=3, words=("tea",))
    with pytest.raises(IllegalMove) as info:
        game.apply(0, parse_move("spell 1141 1156"))
    assert info.value.code == "offensive_word"
    assert game.phase == "spell"
    game.options = GameOptions(**{**game.options.to_dict(), "family_friendly": False})
    game.apply(0, parse_move("spell 1141 1156"))
    assert game.phase == "vote"


def test_nobody_may_suggest_a_listed_word() -> None:
    game = _table({"family_friendly": True, "ghostwriter": True})
    game.apply(0, parse_move("ghostwriter"))
    with pytest.raises(IllegalMove) as info:
        game.apply(1, parse_move("suggest AT"))
    assert info.value.code == "offensive_word"


def test_a_checker_that_names_no_word_offensive_refuses_nothing() -> None:
    game = make(seats=AT, offer_row=[17, 16, 29, 49, 126, 135, 58],
                options={**PLAIN, "family_friendly": True}, words=["at"])
    game.apply(0, parse_move("spell 1141 1156"))
    assert game.phase != "spell"


def test_the_option_is_written_only_when_on() -> None:
    # Games recorded before the option existed keep their exact JSON (and the engine's fingerprints).
    assert "family_friendly" not in GameOptions().to_dict()
    on = GameOptions(family_friendly=True)
    assert on.to_dict()["family_friendly"] is True
    assert GameOptions.from_dict(on.to_dict()) == on
    assert GameOptions.from_dict(GameOptions().to_dict()).family_friendly is False
    game = Game.new(2, 5, on)
    assert Game.from_json(game.to_json()).options.family_friendly is True

"""The bot never posts a listed offensive word itself: computer players spell and suggest other words, and
hints offer other words, even when a listed word is the best their cards can spell."""

from __future__ import annotations

import pytest

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, Move, parse_move
from hardback_bot.engine.cards import card, genre_card_ids
from hardback_bot.engine.scenario import build_game
from hardback_bot.help.words import hint_plays
from hardback_bot.words import get_dictionary
from hardback_bot.words.offensive import is_offensive
from hardback_bot.words.solver import PlayerCards, best_play

ROW = [17, 16, 29, 49, 126, 135, 58]


def _cards_for(letters: str, taken: set[int]) -> list[int]:
    ids = []
    for letter in letters.upper():
        cid = next(c for c in genre_card_ids() if card(c).letter == letter and c not in taken and c not in ROW)
        taken.add(cid)
        ids.append(cid)
    return ids


def _table(letters: str, **options: object) -> Game:
    taken: set[int] = set()
    hand = _cards_for(letters, taken)
    game = build_game({"seats": [{"hand": hand}, {"hand": _cards_for("eat", taken)}], "offer_row": ROW,
                       "options": {"awards": False, "adverts": False, "ghostwriter": True, **options}})
    game.checker = get_dictionary("common")
    return game


def _word(game: Game, seat: int, move: Move) -> str:
    return "".join(s.letter for s in game.check_word(seat, move.word)[0])


@pytest.fixture(scope="module")
def tempting() -> Game:
    game = _table("bastard")
    best = best_play(PlayerCards.from_game(game, 0), game.checker)
    assert best is not None and is_offensive(best.word), "the test needs a hand whose best word is listed"
    return game


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_computer_players_spell_another_word(tempting: Game, strength: int) -> None:
    move = choose_move(tempting, 0, strength)
    assert move.kind == "spell", move  # another word, not a skip: the hand spells plenty
    assert not is_offensive(_word(tempting, 0, move))


def test_hints_offer_other_words(tempting: Game) -> None:
    plays = hint_plays(tempting, 0, tempting.checker, limit=5)
    assert plays, "other words are there to offer"
    assert not any(is_offensive(p.word) for p in plays)


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_ghostwriter_suggestions_are_other_words(strength: int) -> None:
    game = _table("bastard")
    game.apply(0, parse_move("ghostwriter"))
    move = choose_move(game, 1, strength)
    assert move.kind == "suggest"
    assert not is_offensive(move.choice or "")
    game.apply(1, move)  # and the engine accepts it


def test_a_family_friendly_game_between_computers_never_stalls_on_a_listed_word() -> None:
    from ai_helpers import new_game, play

    game = play(new_game(2, 17, family_friendly=True, length=40), [2, 3])
    assert game.finished
    assert not any(is_offensive(w) for _, w in game.state.word_history)

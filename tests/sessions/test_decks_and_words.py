"""The deck screen (sessions/decks.py) and every word of a game (sessions/words_table.py)."""

from __future__ import annotations

import asyncio
import random

import pytest

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, GameOptions, Move, WordCard
from hardback_bot.engine.cards import card
from hardback_bot.engine.events import WordAccepted
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.engine.randomplay import random_move
from hardback_bot.sessions.screens.deck import deck_model, deck_screen, genre_mixes
from hardback_bot.sessions.screens.game_words import SORTS, played_words, sort_words, words_model, words_text
from hardback_bot.store import GameRecord, Seat
from hardback_bot.words import get_dictionary

NAMES = ["alice", "bob", "carol"]


def _mid_game(seed: int = 11, moves: int = 60) -> Game:
    game = Game.new(3, seed, GameOptions(length=60))
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(*random_move(game, rng))
    return game


def test_a_player_sees_their_own_piles_as_sets_and_only_counts_of_the_others() -> None:
    game = _mid_game()
    for seat in range(3):
        model = deck_model(game, seat, NAMES)
        me = game.player(seat)
        assert sorted(model.draw) == sorted(me.draw) and list(model.draw) == sorted(me.draw)  # never its order
        assert sorted(model.discard) == sorted(me.discard)
        others = {c for s in range(3) if s != seat for c in game.player(s).draw + game.player(s).discard}
        assert not others & set(model.draw + model.discard)
        assert [m.name for m in model.mixes] == NAMES and [m.you for m in model.mixes] == [s == seat for s in range(3)]


def test_the_genre_mix_counts_every_owned_card_mid_turn_too() -> None:
    game = _mid_game(moves=0)
    seat = game.active_seat
    before = genre_mixes(game)
    hand = game.player(seat).hand
    game.apply(seat, Move("spell", word=tuple(WordCard(c, "A" if i else None) for i, c in enumerate(hand[:2]))))
    from hardback_bot.engine.views import player_view

    during = genre_mixes(game, player_view(game, seat))
    assert during == before  # the word's cards are still the speller's
    for s in range(3):
        owned = [*game.player(s).draw, *game.player(s).discard, *game.player(s).hand, *game.player(s).timeless]
        if s == seat:
            owned += [sl.card for sl in game.state.turn.word if sl.owner == -1]
        assert sum(during[s]) == len(owned)
        assert during[s][1] == sum(1 for c in owned if card(c).genre == "adventure")


def test_the_deck_screen_is_a_panel_with_its_picture() -> None:
    game = _mid_game()
    panel = asyncio.run(deck_screen(game, 1, NAMES, language="es", game_id=7))
    assert panel.picture is not None and panel.picture.filename == "deck.png" and panel.picture.data[:4] == b"\x89PNG"
    assert panel.title.startswith("Tu mazo — bob")
    assert panel.rows and panel.rows[0][0].custom_id.startswith("hb:h:7:")  # back to the hand panel
    assert len(panel.text) <= 4000 and len(panel.picture.description) <= 1000


@pytest.fixture(scope="module")
def finished() -> tuple[GameRecord, list[LoggedMove], Game]:
    options = GameOptions(length=40, adverts=False)
    game = Game.new(2, 9, options, checker=get_dictionary("common"))
    moves: list[LoggedMove] = []
    while not game.finished:
        move = choose_move(game, game.active_seat, 2)
        moves.append(LoggedMove(game.active_seat, move))
        game.apply(game.active_seat, move)
    record = GameRecord(id=1, guild_id=1, channel_id=1, host_id=1, status="finished", options=options.to_dict(),
                        seed=9, state=None, version=len(moves) + 1, seats=(Seat(0, "alice", 1), Seat(1, "bob", 2)),
                        messages={}, created_at=0.0, updated_at=0.0)
    return record, moves, game


def test_every_accepted_word_once_with_who_round_and_earnings(finished) -> None:  # type: ignore[no-untyped-def]
    record, moves, game = finished
    words = played_words(record, moves)
    replay = Game.new(2, 9, GameOptions(length=40, adverts=False), checker=get_dictionary("common"))
    expected = []
    for seat, move in moves:
        expected += [(e.seat, e.word) for e in replay.apply(seat, move) if isinstance(e, WordAccepted)]
    assert [(w.seat, w.word) for w in words] == expected
    assert sum(1 for w in words if w.seat == 0) == game.state.players[0].stats.words
    assert all(w.name == ["alice", "bob"][w.seat] and w.round >= 1 for w in words)
    best = max(w.prestige for w in words if w.seat == 0)
    assert best == game.state.players[0].stats.best_word  # R35: the best word by the prestige it gave


def test_sorting_and_the_text_form(finished) -> None:  # type: ignore[no-untyped-def]
    record, moves, _ = finished
    words = played_words(record, moves)
    for sort in SORTS:
        assert sorted(sort_words(words, sort), key=lambda w: w.turn) == sorted(words, key=lambda w: w.turn)
    longest = [w.word for w in sort_words(words, "length")]
    assert len(longest[0]) == max(len(w.word) for w in words) and longest == sorted(longest, key=lambda w: -len(w))
    text = words_text(words, sort="prestige")
    assert text.index("**alice**") < text.index("**bob**") and len(text) <= 4000
    assert f"**{sort_words(words, 'prestige')[0].word}**" in text
    with pytest.raises(ValueError):
        sort_words(words, "colour")


def test_a_long_list_is_cut_fairly_and_says_how_many_were_left_out(finished) -> None:  # type: ignore[no-untyped-def]
    record, moves, _ = finished
    words = played_words(record, moves) * 20
    text = words_text(words, limit=1500, language="fr")
    assert len(text) <= 1500 and text.count("… et ") == 2  # each player's block says what it left out
    assert words_model(words, language="ja").title == "ゲームのすべての単語"

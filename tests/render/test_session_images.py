"""Session images: engine views made into render models, from real games to the end.

The table image at the end shows the final state: no "Final round" banner and nobody to
play once a game has finished or was ended; a finished game shows the results' scores (R22.4: awards
added) and places.  While playing, an award reads "+N★ at the end".  The word preview marks which
card became each wild.
"""

from __future__ import annotations

import random

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.cards import card
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import public_view
from hardback_bot.render import draw_table, draw_word_preview
from hardback_bot.sessions.preview import WordOutcome
from hardback_bot.sessions.screens.pictures import table_description, table_model, word_model


def _play(players: int, seed: int, until_final_round: bool = False, **options: object) -> Game:
    game = Game.new(players, seed, GameOptions(length=40, **options))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not game.finished:
        if until_final_round and game.state.final_round:
            break
        seat, move = random_move(game, rng)
        game.apply(seat, move)
    return game


NAMES = ["Ada", "Computer 1 (hard)", "Computer 2 (hard)"]
COMPUTERS = [False, True, True]


def test_a_finished_game_shows_final_scores_and_places_not_a_turn() -> None:
    game = _play(3, 11, awards=True)
    view = public_view(game)
    model = table_model(view, NAMES, COMPUTERS)
    results = {r["seat"]: r for r in view["results"]}
    assert model.status == "finished" and not model.final_round and model.active_seat == -1
    assert [p.score for p in model.players] == [results[s]["prestige"] for s in range(3)]  # awards included
    assert [p.place for p in model.players] == [results[s]["rank"] for s in range(3)]
    r = draw_table(model)
    assert not r.layout.of_kind("turn") and not r.layout.of_kind("final_round")
    assert r.layout.of_kind("finished")
    assert {p.get("seat") for p in r.layout.of_kind("place")} == {0, 1, 2}
    assert not any(p.get("active") for p in r.layout.of_kind("panel"))
    for seat, result in results.items():
        assert f"{NAMES[seat]} {result['prestige']}★" in table_description(view, NAMES)


def test_while_playing_the_final_round_shows_and_awards_are_added_at_the_end() -> None:
    game = _play(3, 11, until_final_round=True, awards=True)
    assert not game.finished and game.state.final_round
    model = table_model(public_view(game), NAMES, COMPUTERS)
    assert model.status == "playing" and model.final_round and model.active_seat == game.active_seat
    r = draw_table(model)
    assert r.layout.of_kind("final_round") and r.layout.where("turn", seat=game.active_seat)
    # an award held mid-game: "+N★ at the end", so score + award is what the results will say
    from dataclasses import replace

    held = replace(model, players=(replace(model.players[0], award=6), *model.players[1:]), awards_on=True)
    texts = [t.get("text") for t in draw_table(held).layout.of_kind("award_text")]
    assert texts == ["+6★ at the end"]


def test_an_ended_game_shows_no_turn_and_no_final_round() -> None:
    game = _play(3, 11, until_final_round=True)
    model = table_model(public_view(game), NAMES, COMPUTERS, ended=True)
    assert model.status == "ended" and not model.final_round and model.active_seat == -1
    r = draw_table(model)
    assert r.layout.of_kind("ended") and not r.layout.of_kind("turn") and not r.layout.of_kind("final_round")
    assert not r.layout.of_kind("place")  # nobody placed in a game stopped early


def test_a_finished_coop_game_shows_the_team_result() -> None:
    game = _play(2, 5, coop=True)
    view = public_view(game)
    model = table_model(view, NAMES[:2], COMPUTERS[:2])
    assert model.status == "finished" and model.team_score == view["results"][0]["prestige"]
    r = draw_table(model)
    assert {s.get("who"): s.get("value") for s in r.layout.of_kind("coop_score")}["Team"] == model.team_score
    assert not r.layout.of_kind("turn")


@pytest.mark.parametrize("uncovered", [False, True])
def test_the_word_preview_marks_which_card_became_the_wild(uncovered: bool) -> None:
    romance_b = 73 if not card(73).timeless else 72
    slots = [[romance_b, "S", True, uncovered, 1, -1, False], [1156, "T", False, False, 1, -1, False]]
    outcome = WordOutcome(seat=0, word="ST", move="spell", slots=slots, counts={}, per_card={}, classics=[],
                          coins=1, prestige=0)
    model = word_model(outcome)
    assert model.slots[0].wild_from == (None if uncovered else romance_b) and model.slots[1].wild_from is None
    r = draw_word_preview(model)
    sources = r.layout.of_kind("wild_source")
    notes = [str(n.get("text")) for n in r.layout.of_kind("note") if n.get("path") == "word/slot0"]
    d = card(romance_b)
    if uncovered:  # an uncovered wild is face up again: its caption says the letter printed on it
        assert not sources and notes == [f"printed {d.letter}"]
        assert [s.get("printed") for s in r.layout.of_kind("state") if s.get("state") == "uncovered"] == [d.letter]
    else:
        assert [(s.get("card_id"), s.get("letter"), s.get("genre")) for s in sources] == [(romance_b, d.letter,
                                                                                          d.genre)]
        assert " ".join(notes) == f"wild: {d.genre} {d.letter}"


@pytest.mark.parametrize("language", ["es", "fr", "ja"])
def test_pictures_and_alt_texts_in_the_readers_language(language: str) -> None:
    import asyncio

    from hardback_bot.cardtext import genre_name
    from hardback_bot.engine.views import player_view
    from hardback_bot.i18n import translator
    from hardback_bot.sessions.screens.pictures import (
        hand_picture,
        offer_picture,
        results_picture,
        table_picture,
        word_picture,
    )

    t = translator(language)
    game = _play(3, 11, awards=True)
    view = public_view(game)
    table = asyncio.run(table_picture(view, NAMES, COMPUTERS, language=language))
    english = asyncio.run(table_picture(view, NAMES, COMPUTERS))
    assert table.description != english.description and table.data != english.data
    assert t.pgettext("alt text", "Hardback table, game over: {scores}; goal {goal}★.", scores="", goal=40)[:6] \
        == table.description[:6]
    results = asyncio.run(results_picture(view, NAMES, language=language))
    assert results.description.startswith(t.pgettext("alt text", "Final ranking: {rows}. Score chart by round.",
                                                     rows="")[:5])
    live = _play(3, 4, until_final_round=True)
    private = player_view(live, live.active_seat)
    hand = asyncio.run(hand_picture(private, live.active_seat, "Ada", language=language))
    assert hand.description != asyncio.run(hand_picture(private, live.active_seat, "Ada")).description
    offer = asyncio.run(offer_picture(private, 5, language=language))
    assert offer.description != asyncio.run(offer_picture(private, 5)).description
    # the word preview: its caption under a wild and its alt text
    romance_b = 73 if not card(73).timeless else 72
    slots = [[romance_b, "S", True, False, 1, -1, False], [1156, "T", False, False, 1, -1, False]]
    outcome = WordOutcome(seat=0, word="ST", move="spell", slots=slots, counts={}, per_card={}, classics=[],
                          coins=1, prestige=0)
    word = asyncio.run(word_picture(outcome, "ST", language=language))
    d = card(romance_b)
    assert genre_name(d.genre, language) in word.description
    r = draw_word_preview(word_model(outcome, language), language)
    notes = " ".join(str(n.get("text")) for n in r.layout.of_kind("note") if n.get("path") == "word/slot0")
    assert genre_name(d.genre, language) in notes.replace(" ", "") or genre_name(d.genre, language) in notes


def test_an_unchanged_hand_is_drawn_once_and_a_changed_one_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand picture is kept while the hand does not change (a waiting player's panel is redrawn after
    every move of the others); a new card, another language or another title draws it anew."""
    import asyncio

    from hardback_bot.engine.views import player_view
    from hardback_bot.sessions.screens import pictures as images

    drawn: list[str] = []

    def counting(model: object, language: str) -> bytes:
        drawn.append(language)
        return f"{model!r}{language}".encode()

    monkeypatch.setattr(images, "render_hand", counting)
    images.hand_png.cache_clear()
    live = _play(2, 5, until_final_round=True)
    seat = live.active_seat
    view = player_view(live, seat)
    first = asyncio.run(images.hand_picture(view, seat, "Ada"))
    again = asyncio.run(images.hand_picture(player_view(live, seat), seat, "Ada"))
    assert again.data == first.data and drawn == ["en"]
    asyncio.run(images.hand_picture(view, seat, "Ada", language="fr"))
    asyncio.run(images.hand_picture(view, seat, "Bea"))
    assert drawn == ["en", "fr", "en"]
    changed = player_view(live, seat)
    changed["players"][seat]["ink"] += 1
    asyncio.run(images.hand_picture(changed, seat, "Ada"))
    assert len(drawn) == 4
    images.hand_png.cache_clear()

"""Why a move paid what it paid (sessions/why_it_paid.py): the explanation of every move of many random games
agrees with what the engine paid, in every language, and the guided deal's turns say what they should."""

from __future__ import annotations

import random

import pytest

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.engine.cards import card
from hardback_bot.engine.options import TUTORIAL_DEAL, TUTORIAL_LENGTH
from hardback_bot.engine.randomplay import random_move
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions.why_it_paid import explain, money, say
from hardback_bot.words import get_dictionary


def paid(events: list[dict], seat: int) -> tuple[int, int]:
    """Coins and prestige the engine's events gave ``seat`` (R12 gains, choices, trash, dump, purchases, adverts)."""
    coins = sum(e["coins"] for e in events if e["type"] in ("earn", "gain") and e["seat"] == seat)
    prestige = sum(e["prestige"] for e in events if e["type"] in ("earn", "gain", "advert") and e["seat"] == seat)
    return coins, prestige


@pytest.mark.parametrize("seed", range(12))
def test_every_explanation_agrees_with_what_was_paid(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(2 + seed % 3, seed, GameOptions(length=40, adverts=seed % 2 == 0))
    languages = [translator(language) for language in LANGUAGES]
    words = 0
    while not game.finished:
        seat, move = random_move(game, rng)
        before = game.clone()
        events = [e.to_dict() for e in game.apply(seat, move)]
        explained = explain(before, seat, [move])
        assert (explained.coins, explained.prestige) == paid(events, seat), (move, events)
        for fact in explained.facts:
            if fact.kind != "pay":
                continue
            pay = fact.values["pay"]
            earn = next(e for e in events if e["type"] == "earn")
            assert (pay.coins, pay.prestige) == (earn["coins"], earn["prestige"])
            assert sum(s.coins for s in pay.cards) == pay.coins and sum(s.prestige for s in pay.cards) == pay.prestige
            active = {g for g, _, _ in pay.bonuses}
            for share in pay.cards:
                assert 0 <= share.bonus_coins <= share.coins and 0 <= share.bonus_prestige <= share.prestige
                if card(share.card).genre not in active:  # R10.3: no bonus without two cards of the genre
                    assert share.bonus_coins == share.bonus_prestige == 0
            words += 1
            assert say(explained).startswith(f"{pay.word} paid {money(pay.coins, pay.prestige)}")
        for t in languages:
            text = say(explained, t)
            assert "{" not in text, text  # every placeholder filled, in every language
    assert words


def guided_game() -> Game:
    return Game.new(2, 1, GameOptions(length=TUTORIAL_LENGTH, deal=TUTORIAL_DEAL), get_dictionary("common"))


def test_the_guided_words_are_explained() -> None:
    """The first seat's planned words (docs/tutorial.md) and why they paid what they did."""
    game = guided_game()

    def line(notation: list[str]) -> str:
        moves = [parse_move(text) for text in notation]
        said = say(explain(game, 0, moves))
        for move in moves:
            game.apply(0, move)
        return said

    assert line(["spell 1141 1149 1145 1154 1156"]) == "ALERT paid 5¢: A, L, E, R, and T 1¢ each"
    assert line(["flush"]) == "4 cards of the row were horror, so you could flush it: 7 new cards"
    assert line(["buy 135"]) == ("you bought U (mystery) for 2¢; it goes to your discard pile; "
                                 "3¢ left over became 3 ink")
    while game.active_seat == 1:  # the computer: writer's block (a cycled row, R9.3)
        game.apply(1, parse_move("skip"))
    assert line(["ink"]).startswith("1 ink drew U (mystery)")
    line(["ink"])
    line(["ink"])
    question = line(["spell 147=Q 135 1145 1155 1156 1148 152 1151"])
    # R24.1: 8 letters, 6★; R7.3: the wild pays nothing; R10.3: one mystery card is no bonus.
    assert question.startswith("QUESTION paid 6¢ 1★: U, E, S, T, I, and N 1¢ each, O 1★; ")
    assert "U was the only mystery card: its bonus needs a second one" in question
    assert "the wild Q paid nothing" in question and "8 letters win the 6★ literary award" in question


def test_a_bonus_that_counted_and_an_uncovered_wild() -> None:
    """R10.3, R14: with two mystery cards the U's bonus uncovers the wild next to it, which then pays."""
    game = guided_game()
    p = game.player(0)
    p.hand = [1148, 1151, 126, 135, 147, 1155]  # I N P U H S
    inputs = [parse_move("spell 1148 1151 126 135 147=T 1155")]
    said = say(explain(game, 0, inputs))
    assert said.startswith("INPUTS paid 7¢ 1★: I, N, and S 1¢ each, P and U 2¢ each, T 1★")
    assert "2 mystery cards counted, so the bonus of P and U paid" in said
    assert "U uncovered the wild T, so it paid too" in said
    for language in LANGUAGES:
        assert "7¢ 1★" in say(explain(game, 0, inputs), translator(language))

"""Card data (RULES.md R2): the project's YAML holds every card the engine needs, all understood."""

from collections import Counter

import pytest

from hardback_bot.engine import cards
from hardback_bot.engine.cards import BENEFIT_KINDS, Benefit, CardDataError, card_defs


def test_r2_1_thirty_five_cards_per_genre() -> None:
    per_genre = Counter(c.genre for c in card_defs().values())
    assert per_genre == {"adventure": 35, "horror": 35, "mystery": 35, "romance": 35, "starter": 18}


def test_r2_2_letter_totals() -> None:
    totals = Counter(c.letter for c in card_defs().values() if not c.is_starter)
    expected = dict(A=6, B=5, C=6, D=5, E=6, F=6, G=5, H=5, I=6, J=5, K=6, L=5, M=5, N=6, O=5, P=6, Q=5,
                    R=6, S=5, T=5, U=5, V=5, W=6, X=5, Y=5, Z=5)
    assert totals == expected
    doubles = {"adventure": "ACGIJLPWY", "horror": "CDENSUVWX", "mystery": "AFIKMPQRT", "romance": "BEFHKNORZ"}
    for genre, letters in doubles.items():
        counts = Counter(c.letter for c in card_defs().values() if c.genre == genre)
        assert {letter for letter, n in counts.items() if n == 2} == set(letters)
        assert len(counts) == 26


def test_r2_3_cost_curve() -> None:
    curve = {2: 4, 3: 7, 4: 9, 5: 6, 6: 4, 7: 2, 8: 2, 9: 1}
    for genre in cards.GENRES:
        assert Counter(c.cost for c in card_defs().values() if c.genre == genre) == curve


def test_r2_4_sixteen_timeless_classics() -> None:
    classics = {(c.genre, c.letter) for c in card_defs().values() if c.timeless}
    assert len([c for c in card_defs().values() if c.timeless]) == 16
    expected = {("adventure", x) for x in "CIPW"} | {("horror", x) for x in "DENV"}
    expected |= {("mystery", x) for x in "AFMT"} | {("romance", x) for x in "BKOR"}
    assert classics == expected


def test_r2_5_purchase_prestige_only_on_adventure() -> None:
    with_prestige = [c for c in card_defs().values() if c.purchase_prestige]
    assert len(with_prestige) == 17
    assert {c.genre for c in with_prestige} == {"adventure"}
    by_letter = sorted((c.letter, c.cost, c.purchase_prestige) for c in with_prestige)
    assert by_letter == [("A", 5, 1), ("B", 4, 3), ("D", 4, 1), ("F", 8, 1), ("H", 3, 3), ("K", 9, 2), ("L", 2, 1),
                         ("L", 4, 3), ("M", 6, 3), ("N", 4, 1), ("P", 4, 1), ("R", 3, 1), ("S", 5, 1), ("T", 4, 2),
                         ("W", 5, 2), ("Y", 4, 3), ("Z", 5, 3)]


def test_r2_7_starters() -> None:
    coin = [cards.card(i) for i in cards.coin_starter_ids()]
    prestige = [cards.card(i) for i in cards.prestige_starter_ids()]
    assert "".join(sorted(c.letter for c in coin)) == "AEILNRST"
    assert "".join(sorted(c.letter for c in prestige)) == "BCDGHMOPUY"
    assert all(c.basic == (Benefit("coins", 1),) for c in coin)
    assert all(c.basic == (Benefit("prestige", 1),) for c in prestige)
    assert all(not c.genre_bonus and c.cost == 0 for c in coin + prestige)


def test_every_benefit_token_is_understood() -> None:
    seen = set()
    for c in card_defs().values():
        for b in c.basic + c.genre_bonus:
            assert b.kind in BENEFIT_KINDS
            assert Benefit.parse(str(b)) == b  # printing and parsing agree
            seen.add(b.kind)
    assert seen == set(BENEFIT_KINDS)  # and every kind the engine knows occurs on some card


@pytest.mark.parametrize("token", ["coins", "coins:x", "uncover_adjacent:2", "teleport:1"])
def test_unknown_or_malformed_tokens_are_refused(token: str) -> None:
    with pytest.raises((CardDataError, ValueError)):
        Benefit.parse(token)


def test_starter_instances_are_per_seat() -> None:
    assert cards.starter_instance(156, 0) == 1156
    assert cards.card(3156).letter == "T"
    assert cards.definition_id(23) == 23

"""hardback_bot.cardtext: every card's benefits in words, short enough for a select option."""

from __future__ import annotations

import re

import pytest

from hardback_bot import cardtext
from hardback_bot.cardtext import OPTION_LIMIT, benefit_text, card_summary, card_text, card_title
from hardback_bot.engine.cards import BENEFIT_KINDS, Benefit, card_defs

ALL = sorted(card_defs().values(), key=lambda d: d.id)


@pytest.mark.parametrize("d", ALL, ids=lambda d: f"{d.genre}-{d.letter}-{d.id}")
def test_every_card_has_a_short_line_within_the_option_limit(d) -> None:
    line = card_summary(d)
    assert 0 < len(line) <= OPTION_LIMIT
    # every number a benefit prints is said (2¢, 3★, "preview 3"…), and purchase prestige too
    for b in (*d.basic, *d.genre_bonus):
        if BENEFIT_KINDS[b.kind]:
            assert str(b.value) in line, (b, line)
    if d.genre_bonus:
        assert f"with 2+ {d.genre}" in line
    if d.purchase_prestige:
        assert f"+{d.purchase_prestige}★ when bought" in line
    assert ("timeless classic" in line) == d.timeless


def test_short_lines_name_the_benefit_kinds() -> None:
    # romance D (75): 2¢, and with 2+ romance it doubles a neighbour
    d = card_defs()[75]
    assert card_summary(d) == "2¢ · with 2+ romance: double a neighbour"
    assert card_summary(card_defs()[156]) == "1¢"  # a starter: no genre part


def test_a_tight_form_takes_over_when_the_short_one_is_too_long() -> None:
    d = max(ALL, key=lambda d: len(card_summary(d)))
    limit = len(card_summary(d)) - 1
    tight = card_summary(d, limit)
    assert len(tight) <= limit and tight != card_summary(d)


def test_long_text_lists_every_benefit() -> None:
    for d in ALL:
        text = card_text(d)
        for b in (*d.basic, *d.genre_bonus):
            assert benefit_text(b) in text, (d.id, b)
    assert card_text(card_defs()[1]).splitlines()[0] == "Costs 5¢. Buying it gives 1★ once."


def test_every_benefit_kind_has_all_three_forms_without_a_slash() -> None:
    # "/" means "or" on the cards; the words never use it for "per" either
    for kind, numbered in BENEFIT_KINDS.items():
        b = Benefit(kind, 2 if numbered else 0)
        for form in ("long", "short", "tight"):
            words = benefit_text(b, form)
            assert words and "{" not in words and "/" not in words, (kind, form, words)


def test_every_word_comes_from_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    # A translation replaces STRINGS: swapping in an upper-cased catalogue must change every letter
    # of every text (numbers and symbols excepted), so no English is left outside the catalogue.
    before = {d.id: (card_summary(d), card_text(d), card_title(d)) for d in ALL}
    def shout(template: str) -> str:  # upper case outside the {fields}
        return "".join(part if part.startswith("{") else part.upper() for part in re.split(r"(\{[^}]*\})", template))

    monkeypatch.setattr(cardtext, "STRINGS", {k: shout(v) for k, v in cardtext.STRINGS.items()})
    for d in ALL:
        after = (card_summary(d), card_text(d), card_title(d))
        assert after == tuple(t.upper() for t in before[d.id])
        assert not re.search("[a-z]", "".join(after))

"""``/hardback privacy``'s texts (hardback_bot/help/privacy.py) in the four languages: translated, placeholders
filled, within Discord's limits for a private embed and its buttons; its custom ids parse back and nothing else
does."""

from __future__ import annotations

import pytest

from hardback_bot.help.privacy import (
    CONFIRM_FOR,
    confirm_panel,
    confirmation_expired,
    erased_text,
    export_text,
    privacy_panel,
)
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions.codec import ForgedId, PrivacyClick, PrivacyPart, label, parse
from hardback_bot.store.models import Erasure, PlayerData

MUCH = PlayerData(user_id=1, games=12_345, running=3, moves=987_654, results=12_000, boards=40, ratings=38,
                  daily=400, tokens=7, erased=(1_700_000_000.0, 1_750_000_000.0))
NOTHING = PlayerData(user_id=1, games=0, running=0, moves=0, results=0, boards=0, ratings=0, daily=0, tokens=0)
DONE = Erasure("x", 1, 0.0, True, games=5, taken_over=(1, 2), ended=(3,), lobbies=(4,), results=4)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_in_every_language_fits_discord(language: str) -> None:
    t = translator(language)
    for panel in (privacy_panel(MUCH, t, days=365), privacy_panel(NOTHING, t, days=None),
                  privacy_panel(MUCH, t, days=1), confirm_panel(MUCH, t, now=1_800_000_000)):
        assert len(panel.title) <= 256 and 0 < len(panel.text) <= 4096
        assert "{" not in panel.text and "}" not in panel.text, panel.text
        assert all(len(b.label) <= 80 and len(b.custom_id) <= 100 for row in panel.rows for b in row)  # type: ignore[union-attr]
    for text in (erased_text(DONE, t), export_text(t, 1), export_text(t, 3)):
        assert "{" not in text and len(text) <= 2000
    if language != "en":
        english = translator("en")
        assert privacy_panel(MUCH, t, days=365).text != privacy_panel(MUCH, english, days=365).text
        assert erased_text(DONE, t) != erased_text(DONE, english)


def test_what_the_panel_offers() -> None:
    t = translator("en")
    full = privacy_panel(MUCH, t, days=365)
    assert [b.custom_id for row in full.rows for b in row] == ["hb:z:0:0:export", "hb:z:0:0:ask"]  # type: ignore[union-attr]
    assert "12,345 games (3 still open), with 987,654 of your moves" in full.text
    assert "365 days after it ended" in full.text and "<t:1700000000:D>" in full.text
    empty = privacy_panel(NOTHING, t, days=None)
    assert [b.custom_id for row in empty.rows for b in row] == ["hb:z:0:0:export"]  # type: ignore[union-attr]
    assert "keeps nothing about you" in empty.text and "until you delete it" in empty.text


def test_the_stored_stand_in_is_the_name_said_in_every_language() -> None:
    from hardback_bot.sessions.phrases import ERASED_PLAYER
    from hardback_bot.store.models import ERASED_NAME

    assert ERASED_PLAYER == ERASED_NAME  # the store writes the English one; seat_name says it in the reader's


def test_a_game_ended_by_a_deleted_player_says_so_without_anybody() -> None:
    from hardback_bot.sessions.phrases import note_line

    for language in LANGUAGES:
        said = note_line({"t": "ended", "by": 0}, ["a", "b"], t=translator(language))
        assert said is not None and "<@" not in said and "{" not in said
    assert note_line({"t": "ended", "by": 5}, [], t=translator("en")) == (
        "The game was ended by <@5>. The channel is free for a new one.")


def test_custom_ids() -> None:
    """The buttons are in the codec's grammar, and the ``hbp:`` ones of earlier versions are still read."""
    yes = PrivacyClick(PrivacyPart.CONFIRM, 1_800_000_000)
    assert yes.custom_id() == "hb:z:0:30000000:yes" and parse(yes.custom_id()) == yes
    assert parse("hb:z:0:0:export") == PrivacyClick(PrivacyPart.EXPORT) and label("hb:z:0:0:export") == "privacy"
    assert parse("hbp:y:1800000012") == PrivacyClick(PrivacyPart.CONFIRM, 1_800_000_012)  # an older Yes
    assert parse("hbp:x") == PrivacyClick(PrivacyPart.EXPORT) and label("hbp:x") == "privacy"
    for forged in ("hb:z:0:0:yes", "hb:z:1:0:export", "hb:z:0:5:ask", "hb:z:0:0:erase", "hbp:y", "hbp:x:12",
                   "hbp:z", "hbp:y:-1", "hbp:y:1e9", "hbp:y:" + "9" * 13):
        with pytest.raises(ForgedId):
            parse(forged)
    click = PrivacyClick(PrivacyPart.CONFIRM, 1_000)
    assert not confirmation_expired(click, 1_000 + CONFIRM_FOR)
    assert confirmation_expired(click, 1_001 + CONFIRM_FOR) and confirmation_expired(click, 1_000 - 61)
    assert not confirmation_expired(click, 1_000 - 60)  # another process's clock a little behind

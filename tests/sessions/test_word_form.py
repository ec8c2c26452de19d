"""The forms a word is typed in (sessions/screens/word_form.py): the spell form lists the player's letters in the
game's words — their hand, their inked cards, the timeless classics in play and whose they are (R7.1) — and says a
hand card but an inked one may go face down as a wild (R7.3); the suggest form lists the asking player's letters;
the example word is a word of the table's dictionary whatever language the form speaks; a form opened from the
panel it came from reads nothing from the store."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.cards import card, card_defs
from hardback_bot.engine.scenario import build_game
from hardback_bot.i18n import translator
from hardback_bot.sessions import Sessions
from hardback_bot.sessions.screens.word_form import letters_text, spell_form, suggest_form
from hardback_bot.store import open_store
from hardback_bot.words import get_dictionary


def _genre_card(letter: str, taken: set[int]) -> int:
    """A genre card (no starter, no classic) of ``letter`` not used yet."""
    found = next(c.id for c in card_defs().values() if c.letter == letter and not c.timeless and not c.is_starter
                 and c.id not in taken)
    taken.add(found)
    return found


def a_game(dictionary: str = "common") -> Game:
    """Seat 0 to spell: S T O R in hand, A inked; a timeless classic of each seat in play."""
    taken: set[int] = set()
    hand = [_genre_card(x, taken) for x in "STOR"]
    inked = _genre_card("A", taken)
    mine, theirs = [c.id for c in card_defs().values() if c.timeless][:2]
    return build_game({
        "players": 2, "options": {"dictionary": dictionary}, "active": 0,
        "seats": [{"hand": [*hand, inked], "inked": [inked], "timeless": [mine]}, {"timeless": [theirs]}],
    })


def test_the_spell_form_lists_hand_inked_cards_and_classics_and_says_what_a_wild_is() -> None:
    game = a_game()
    options = game.spell_options(0)
    assert options is not None and options.inked and len(options.classics_in_play) == 2
    form = spell_form(game, 0, ["Ada", "Bob"], translator("en"))
    lines = form.text.split("\n")
    assert lines[0] == "Your hand: **S T O R**"
    assert lines[1] == "Inked, so in the word face up: **A**"
    mine = card(options.classics_in_play[0][0]).letter
    assert lines[2].startswith("Timeless classics in play (anyone may use them): ")
    assert f"{mine} (" in lines[2] and "Ada's" in lines[2] and "Bob's" in lines[2]
    assert lines[3] == ("Any hand card but an inked one may be played face down as a wild: it stands for any letter "
                        "and gives nothing.")
    assert (form.title, form.label, form.placeholder) == ("Spell a word", "Your word", "letters only, e.g. STORY")
    ask = suggest_form(game, 0, ["Ada", "Bob"], translator("en"))
    assert ask.text.startswith("Their hand: **S T O R**") and ask.label == "A word for their cards"


@pytest.mark.parametrize("lang", ["es", "fr", "ja"])
def test_the_letters_are_said_in_the_readers_language(lang: str) -> None:
    english = spell_form(a_game(), 0, ["Ada", "Bob"], translator("en")).text
    said = spell_form(a_game(), 0, ["Ada", "Bob"], translator(lang)).text
    for phrase in ("Your hand", "Inked", "Timeless classics", "face down", "wild", "classic"):
        assert phrase in english and phrase not in said, (lang, said)
    assert "S T O R" in said


def test_the_example_is_a_word_of_the_tables_dictionary_in_any_language() -> None:
    for dictionary in ("common", "large", "letterpress", "espanol", "francais"):
        placeholder = spell_form(a_game(dictionary), 0, ["Ada", "Bob"], translator("ja")).placeholder
        assert any(get_dictionary(dictionary).is_word(w) for w in re.findall(r"[A-Z]{2,}", placeholder)), placeholder
    # A Spanish reader at an English table: the sentence is Spanish, the example English (the CUENTO case).
    at_english = spell_form(a_game("common"), 0, ["Ada", "Bob"], translator("es")).placeholder
    at_spanish = spell_form(a_game("espanol"), 0, ["Ada", "Bob"], translator("es")).placeholder
    assert "STORY" in at_english and "CUENTO" not in at_english and "CUENTO" in at_spanish
    assert "CONTE" in spell_form(a_game("francais"), 0, ["Ada", "Bob"], translator("ja")).placeholder


def test_nothing_to_list_when_it_is_not_the_seats_turn_to_spell() -> None:
    assert letters_text(a_game(), 1, ["Ada", "Bob"], own=True) == ""
    assert spell_form(None, None, [], translator("fr")).text == ""


async def test_a_form_from_the_panel_it_came_from_reads_nothing(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "s.db")
    sessions = Sessions(store, ai_delay=0)
    try:
        record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions())
        await sessions.lobby.act(record.id, 200, "Bob", "join")
        await sessions.lobby.act(record.id, 100, "Ada", "start")
        shown = await sessions.load(record.id)  # the panel the Spell button is on was drawn from this
        reads: list[int] = []
        get_game = store.games.get_game

        async def counted(gid: int, **kwargs: object):  # type: ignore[no-untyped-def]
            reads.append(gid)
            return await get_game(gid, **kwargs)

        store.games.get_game = counted  # type: ignore[method-assign]
        again = await sessions.form_game(record.id, shown.record.version)
        assert reads == [] and again.game.to_json() == shown.game.to_json()
        await sessions.form_game(record.id, shown.record.version - 1)  # an older panel: read afresh
        await sessions.form_game(record.id)  # no version named (the suggest form): read
        assert reads == [record.id, record.id]
    finally:
        await sessions.close()
        await store.close()

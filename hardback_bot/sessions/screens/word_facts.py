"""What the word preview says about its cards, read off the model its picture is drawn from.

The preview's picture is drawn from a ``render.models.WordPreview`` that ``pictures.word_model`` builds from
the engine's own resolution of the arrangement. Every sentence here about a card of the word — which card
stands for a wild letter, whether it stays face down or an uncover turns it face up again (R14), whether it
is doubled (R13) and what it earns — reads that same model, so the words can only say what the picture
shows: a wild that an uncover turns face up earns what its face pays, one left face down earns nothing.
Nothing is said to be "given up": a card played as a wild goes to the discard pile at the end of the turn
like every other card of the hand (R20.2), and the arrangements that earn more are offered beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.engine.cards import card
from hardback_bot.i18n import Translator
from hardback_bot.render.models import WordPreview, WordSlot

from ..phrases import ENGLISH, genre_word


def wild_slots(model: WordPreview) -> list[WordSlot]:
    """The word's cards played as wilds, face down or uncovered, in word order."""
    return [s for s in model.slots if s.face.wild_letter is not None]


def earned(slot: WordSlot) -> str | None:
    """What the card earns, as the picture writes it under the card ("1¢ 3★"); None when nothing."""
    parts = []
    if slot.coins:
        parts.append(f"{slot.coins}¢")
    if slot.prestige:
        parts.append(f"{slot.prestige}★")
    return " ".join(parts) or None


def state_words(slot: WordSlot, t: Translator = ENGLISH) -> str:
    """How a wild card lies in the word: face down, or uncovered (and doubled or tripled) (R13, R14)."""
    if not slot.face.uncovered:
        return t.gettext("face down")
    if slot.face.multiplier >= 3:
        return t.gettext("uncovered and tripled")
    if slot.face.multiplier == 2:
        return t.gettext("uncovered and doubled")
    return t.gettext("uncovered")


def wild_sentence(slot: WordSlot, t: Translator = ENGLISH) -> str:
    """"I from the adventure J, uncovered: earns 3★"; "S from the starter T, face down: earns nothing"."""
    c = card(slot.face.card_id)
    params = {"letter": slot.face.wild_letter, "genre": genre_word(c.genre, t), "printed": c.letter,
              "state": state_words(slot, t)}
    pay = earned(slot)
    if pay is None:
        return t.gettext("{letter} from the {genre} {printed}, {state}: earns nothing", **params)
    return t.gettext("{letter} from the {genre} {printed}, {state}: earns {earned}", earned=pay, **params)


def wild_brief(slot: WordSlot, t: Translator = ENGLISH, *, state: bool = True) -> str:
    """"I from adventure J (uncovered, 3★)", or without its state "I from adventure J"."""
    c = card(slot.face.card_id)
    brief = t.gettext("{letter} from {genre} {printed}", letter=slot.face.wild_letter, genre=genre_word(c.genre, t),
                      printed=c.letter)
    if not state:
        return brief
    pay = earned(slot)
    if pay is None:
        return t.gettext("{card} ({state})", card=brief, state=state_words(slot, t))
    return t.gettext("{card} ({state}, {earned})", card=brief, state=state_words(slot, t), earned=pay)


def wild_forms(model: WordPreview, t: Translator = ENGLISH) -> list[str]:
    """The wild cards said ever shorter (whole sentences, then briefly with their state, then only which card
    each is, then how many): for a select option's description, which holds 100 characters."""
    wilds = wild_slots(model)
    if not wilds:
        return [t.gettext("no wild cards")]
    join = "; "
    return [join.join(wild_sentence(s, t) for s in wilds), join.join(wild_brief(s, t) for s in wilds),
            join.join(wild_brief(s, t, state=False) for s in wilds),
            t.ngettext("{n} wild card", "{n} wild cards", len(wilds), n=len(wilds))]


def target_slot(model: WordPreview, card_id: int | None) -> WordSlot | None:
    """The card of the word an uncover or double answer names."""
    return next((s for s in model.slots if s.face.card_id == card_id), None)


def target_words(kind: str, slot: WordSlot, t: Translator = ENGLISH) -> str:
    """An uncover or double answer the Confirm makes, said from the picture's card: "uncovers J (adventure),
    which earns 3★"."""
    c = card(slot.face.card_id)
    what = t.gettext("{letter} ({genre})", letter=c.letter, genre=genre_word(c.genre, t))
    pay = earned(slot)
    if kind == "uncover":
        return (t.gettext("uncovers {card}, which earns {earned}", card=what, earned=pay) if pay
                else t.gettext("uncovers {card}", card=what))
    return (t.gettext("doubles {card}, which earns {earned}", card=what, earned=pay) if pay
            else t.gettext("doubles {card}", card=what))


def said_in_order(parts: Sequence[str], t: Translator = ENGLISH) -> str:
    """"a, then b, then c"."""
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = t.gettext("{first}, then {next}", first=said, next=part)
    return said

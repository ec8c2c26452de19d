"""The game's own words, each explained in one short sentence, said where a player is asked about it.

A panel that names a term (the flush step, a jail choice, a wild in the word, an advert to buy ...) adds that
term's sentence right there, so a player who has never read the rules knows what the button does. The
sentences follow the rules (RULES.md, cited per term) and docs/glossary.md's words in each language.
"""

from __future__ import annotations

from collections.abc import Iterable

from hardback_bot.i18n import N_, Translator

from .phrases import ENGLISH

TERMS: dict[str, str] = {
    "flush": N_("Flushing throws away all seven offer-row cards and deals seven new ones (R18.3)."),
    "jail": N_("Jail takes one card out of the offer row: reserve it, and only you may buy it later; or remove it "
               "from the game (R17)."),
    "trash": N_("Trashing removes this card from the game for its bonus: a thinner deck brings your best cards round "
                "more often (R15.1)."),
    "dump": N_("Dumping removes one card of your discard pile from the game, for coins (R15.4)."),
    "advert": N_("An advert turns coins into prestige: five of them, bought once each and in order (R25)."),
    "ink": N_("Ink draws one more card now; an inked card must go into your next word, face up (R6)."),
    "remover": N_("A remover frees an inked card: it no longer has to be in your word (R6.5)."),
    "uncover": N_("Uncover turns a wild next to this card face up: it then gives its benefits (R14)."),
    "double": N_("Double makes a face-up card next to this one count its coins and prestige twice (R13)."),
    "timeless": N_("A timeless classic stays in play after you spell with it and gives you its benefits every turn "
                   "(R10.7)."),
    "wild": N_("A wild is a card played face down as any letter: it gives nothing (R7.3)."),
    "ghostwriter": N_("A ghostwriter suggests a word for your cards; if you spell it, they earn 1 ink (R30)."),
    "vote": N_("A word missing from the dictionary goes to a vote of the other players (R27)."),
    "penny": N_("Penny Dreadful is the rival of a co-op game: after every turn she takes the oldest offer-row card "
                "and scores its cost in prestige (R29)."),
}


def term(key: str, t: Translator = ENGLISH) -> str:
    """The sentence that explains ``key`` (a key of TERMS), in ``t``'s language."""
    return t.gettext(TERMS[key])


def terms(keys: Iterable[str], t: Translator = ENGLISH) -> list[str]:
    """The sentences of ``keys``, each once, in order (as italic lines for a panel)."""
    return [f"*{term(k, t)}*" for k in dict.fromkeys(keys)]


__all__ = ["TERMS", "term", "terms"]

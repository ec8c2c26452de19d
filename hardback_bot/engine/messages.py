"""Every sentence the engine can refuse with, as one English template per code: the table to translate.

A refused move raises :class:`~hardback_bot.engine.errors.IllegalMove` and an impossible table raises
:class:`~hardback_bot.engine.options.OptionsError`; both carry a stable ``code`` (a key of
:data:`TEMPLATES`) and ``params`` (the values the sentence needs: card ids, words, numbers, seats).
``str(error)`` is :func:`render` of the English template below.  A translation gives each code its own
sentence and formats the same parameters; the English text is never parsed.

Templates use ``str.format`` placeholders.  A few codes hold more than one sentence, chosen by one
parameter, as in ICU's *select* and *plural*: :func:`select` picks the sentence by the parameter's value
(``other`` when none matches), :func:`plural` by the English plural category of a number (``one`` for 1,
``other`` otherwise; a translation uses its own language's categories).  List parameters are rendered by
a format spec: ``{cards:list}`` "1, 2, 3", ``{cards:or}`` "1 or 2", ``{cards:letters}`` "A (1), B (2)"
(each card's printed letter and id).  ``docs/notation.md`` lists the codes with their parameters.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import card


@dataclass(frozen=True, slots=True)
class Select:
    """One sentence per value of ``param``; ``plural`` selects by plural category instead."""

    param: str
    cases: Mapping[str, str]
    plural: bool = False

    def choose(self, params: Mapping[str, Any]) -> str:
        value = params.get(self.param)
        key = ("one" if value == 1 else "other") if self.plural else str(value)
        return self.cases.get(key, self.cases["other"])


Template = str | Select


def select(param: str, **cases: str) -> Select:
    return Select(param, cases)


def plural(param: str, *, one: str, other: str) -> Select:
    return Select(param, {"one": one, "other": other}, plural=True)


#: code -> English template.  Moves (IllegalMove) first, then table options (OptionsError).
TEMPLATES: dict[str, Template] = {
    # --- any move
    "game_over": "The game is over.",
    "nothing_to_undo": "There is no choice of yours to undo now (only choices since your word, before buying, "
                       "that revealed no card).",
    "not_a_player": "There is no such seat at this table.",  # seat
    "not_your_turn": "It is not your turn.",  # active: whose turn it is
    "wrong_phase": select(  # phase: the step the turn is at (R12)
        "phase",
        spell="Spell a word or skip your turn first.",
        vote="Your word is being voted on.",
        uncover="Choose which wild card to uncover first.",
        double="Choose which card to double first.",
        trash="You may trash a card, use a preview, or pass.",
        dump="You may dump a card from your discard pile, use a preview, or pass.",
        preview="You may use your preview, or pass.",
        previewing="Return or discard each previewed card first.",
        choice="Make your choice for the pending benefit first.",
        jail="You may jail a card of the offer row, or pass.",
        flush="You may flush the offer row, or pass.",
        buy="You are in the purchase phase: buy, convert ink, or end your turn.",
        other="That move is not possible now.",
    ),
    # --- move notation (docs/notation.md)
    "bad_notation": select(  # problem; text: the offending token; move: the move's name
        "problem",
        empty="Empty move.",
        unknown_move="Unknown move '{text}'.",
        no_cards="A word needs cards: spell <card> <card>=<letter> ...",
        bad_wild="A wild card needs one letter A-Z, not '{text}'.",
        not_a_card="'{text}' is not a card id.",
        no_argument="'{move}' takes no arguments.",
        one_argument="'{move}' takes 1 argument.",
        not_a_number="'{move}' needs a whole number, not '{text}'.",
        bad_take="Take one of: {choices:list}.",
        bad_vote="Vote accept or reject.",
        bad_suggestion="A suggestion is one word of letters A-Z.",
        other="That is not a move.",
    ),
    # --- ink and remover (R6)
    "token_timing": select(  # phase
        "phase",
        vote="You cannot use ink or remover while your word is being voted on.",
        other="You cannot use ink or remover between confirming your word and the end of your turn.",
    ),
    "no_ink": "You have no ink.",
    "no_cards": "Your draw and discard piles are empty: there is nothing to draw.",
    "no_remover": "You have no remover.",
    "not_inked": "Card {card} is not one of your inked cards.",
    "not_cleared": "Card {card} was not cleared with remover.",
    "penny_wins": ("That ink would let Penny Dreadful reach her goal; it can only be spent while a word is "
                   "being spelled or cards bought."),  # ink, penny: her score, goal
    # --- spelling (R7, R8, R26, R27)
    "too_short": "A word needs at least {min} cards.",
    "card_twice": "Each card can be used only once in a word.",  # card
    "inked_card_missing": plural(  # cards, count
        "count",
        one="Inked card {cards:letters} must be in your word, face up.",
        other="Inked cards {cards:letters} must be in your word, face up.",
    ),
    "classic_wild": "A timeless classic in play cannot be played wild.",  # card
    "not_your_card": "Card {card} is not in your hand or in play.",
    "repeated_word": select(  # word, scope: game or player (R26)
        "scope",
        player="{word} was already spelled by you.",
        other="{word} was already spelled in this game.",
    ),
    "not_a_word": "{word} is not in the dictionary.",
    "offensive_word": "{word} is not allowed at this family-friendly table.",  # word (spelled or suggested)
    # --- card abilities and their choices (R12-R17)
    "bad_target": "Choose card {cards:or}.",  # cards; source: the card whose uncover or double acts
    "cannot_trash": "Card {card} cannot be trashed now.",
    "not_in_discard": "Card {card} is not in your discard pile.",
    "no_preview": "You have no preview to use.",
    "not_previewed": "Card {card} is not one of the cards you are previewing.",
    "bad_choice": select(  # kind: the benefit; card: the card giving it
        "kind",
        ink_or_remover="Choose ink or remover.",
        other="Choose coins or prestige.",
    ),
    # --- the market (R17-R19, R25)
    "not_in_row": "Card {card} is not in the offer row.",
    "jailed": "Only the jailer can buy this card.",  # card, jailer: that seat
    "too_expensive": select(  # item: card or advert; cost, coins; card (for a card)
        "item",
        advert="Your next advert costs {cost}¢ and you have {coins}¢.",
        other="You need {cost}¢ for that card and have {coins}¢.",
    ),
    "no_advert": "There are no adverts left for you to buy.",
    "useless_conversion": "Converting ink would not let you afford anything more.",
    "bad_conversion": plural(  # coins: the exact amount that helps, ink: its price
        "coins",
        one="Convert exactly {coins} coin ({ink} ink): that is what you are short.",
        other="Convert exactly {coins} coins ({ink} ink): that is what you are short.",
    ),
    # --- votes (R27)
    "no_vote": "There is no vote going on.",
    "own_word": select(  # move: vote or suggest
        "move",
        suggest="You cannot ghostwrite your own word.",
        other="You cannot vote on your own word.",
    ),
    "already_voted": "You have already voted.",
    # --- ghostwriter (R30)
    "not_available": "The ghostwriter is not used at this table.",
    "already_asked": "You already asked for a ghostwriter this turn.",
    "no_request": "Nobody is asking for a ghostwriter right now.",
    "already_suggested": "You already suggested {word}.",
    "cannot_spell": "{word} cannot be spelled with those cards.",
    "no_suggestion": "There is no suggestion to adopt.",
    "bad_suggestion": "Choose a suggestion between 1 and {count}.",
    # --- table options (OptionsError)
    "bad_length": "Game length must be one of {choices:list}.",  # value, choices
    "bad_unique_words": "Unique words must be off, per game or per player.",  # value, choices
    "bad_vote_mode": "Votes must be off, majority or unanimous.",  # value, choices
    "bad_turn_timer": "The turn timer must be between 0 (off) and {max} seconds.",  # value, max
    "bad_penny_genre": "Penny's signature genre must be one of {choices:list}.",  # value, choices
    "bad_family_friendly": "Family-friendly must be on or off.",  # value
    "coop_players": "Co-op games take {min} to {max} players.",  # players, min, max
    "competitive_players": "Competitive games take {min} to {max} players.",  # players, min, max
    "votes_needed": "Without a dictionary, words must be put to a vote: turn votes on.",
    "votes_need_players": "Votes (and playing without a dictionary) need at least two players.",  # players
    "unknown_options": "Unknown table option(s): {options:list}.",  # options, count
    "bad_deal": "The deal must be one of {choices:list}.",  # value, choices
    "tutorial_competitive": "The guided first game is played against a computer, not in co-op.",
}


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "list":
            return ", ".join(str(v) for v in value)
        if format_spec == "or":
            return " or ".join(str(v) for v in value)
        if format_spec == "letters":
            return ", ".join(f"{card(v).letter} ({v})" for v in value)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def template(code: str, params: Mapping[str, Any]) -> str:
    """The English template ``code`` uses with these parameters (the select and plural cases resolved)."""
    found = TEMPLATES[code]
    return found.choose(params) if isinstance(found, Select) else found


def render(code: str, params: Mapping[str, Any]) -> str:
    """The English sentence for ``code`` with ``params``."""
    return _FORMATTER.vformat(template(code, params), (), params)


def placeholders(code: str, params: Mapping[str, Any] | None = None) -> set[str]:
    """The parameters the sentence of ``code`` reads: with ``params``, the sentence they select; without,
    every sentence of the code.  Select and plural parameters are included."""
    found = TEMPLATES[code]
    if isinstance(found, Select):
        texts = [found.choose(params)] if params is not None else list(found.cases.values())
    else:
        texts = [found]
    names = {name.split(".")[0] for text in texts for _, name, _, _ in _FORMATTER.parse(text) if name}
    if isinstance(found, Select):
        names.add(found.param)
    return names

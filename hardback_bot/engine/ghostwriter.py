"""The ghostwriter (RULES.md R30): the speller's hand goes public, the others suggest words, and the
player whose word is accepted is paid in ink at the speller's cleanup."""

from __future__ import annotations

from collections import Counter

from .cards import card
from .errors import IllegalMove
from .events import Adopt, Event, GhostwriterPaid, GhostwriterRequest, Suggestion
from .moves import Move
from .state import SPELL
from .table import Table
from .turn_extra import GhostRequest
from .words import is_offensive


def _ghost(table: Table) -> GhostRequest | None:
    return table.turn.extra.ghost


def request(table: Table, seat: int, m: Move) -> list[Event]:
    """R30.1: the active player's hand (inked cards included) is shown to all players."""
    if not table.options.ghostwriter:
        raise IllegalMove.of("not_available", option="ghostwriter")
    table.require_turn(seat, SPELL)
    if _ghost(table) is not None:
        raise IllegalMove.of("already_asked")
    table.turn.extra.ghost = GhostRequest()
    return [GhostwriterRequest(seat=seat, hand=tuple(table.player(seat).hand), inked=tuple(table.player(seat).inked))]


def can_spell(table: Table, seat: int, word: str) -> bool:
    """Whether ``seat``'s usable cards can spell ``word`` under R7 (letters only, not value)."""
    p = table.player(seat)
    need = Counter(word.upper())
    inked = Counter(card(c).letter for c in p.inked)
    if any(need[letter] < n for letter, n in inked.items()) or len(word) < 2:
        return False
    need -= inked
    classics = Counter(card(c).letter for c, _ in table.classics_in_play())
    wild_capable = len(p.hand) - len(p.inked)
    # Classics can supply only their own letter; every other hand card can supply any letter.
    shortfall = sum(max(0, n - classics[letter]) for letter, n in need.items())
    return shortfall <= wild_capable


def suggest(table: Table, seat: int, m: Move) -> list[Event]:
    """R30.2: another player suggests a word the speller's cards can spell."""
    t = table.turn
    ghost = _ghost(table)
    if ghost is None or t.phase != SPELL:
        raise IllegalMove.of("no_request")
    if seat == t.seat:
        raise IllegalMove.of("own_word", move="suggest")
    word = m.choice or ""
    if any(s == seat and w == word for s, w in ghost.suggestions):
        raise IllegalMove.of("already_suggested", word=word)
    if not can_spell(table, t.seat, word):
        raise IllegalMove.of("cannot_spell", word=word, seat=t.seat)
    if table.options.family_friendly and is_offensive(table.checker, word):
        raise IllegalMove.of("offensive_word", word=word)  # the speller could not spell it either
    in_dictionary = table.options.dictionary != "none" and table.checker.is_word(word)
    if not in_dictionary and table.options.vote == "off":
        raise IllegalMove.of("not_a_word", word=word)
    ghost.suggestions.append((seat, word))
    return [Suggestion(seat=seat, word=word, index=len(ghost.suggestions), in_dictionary=in_dictionary)]


def adopt(table: Table, seat: int, m: Move) -> list[Event]:
    """R30.2 [Bot default]: the speller may adopt a suggestion explicitly."""
    table.require_turn(seat, SPELL)
    ghost = _ghost(table)
    if ghost is None or not ghost.suggestions:
        raise IllegalMove.of("no_suggestion")
    index = (m.number or 0) - 1
    if not 0 <= index < len(ghost.suggestions):
        raise IllegalMove.of("bad_suggestion", count=len(ghost.suggestions))
    ghost.adopted = index
    who, word = ghost.suggestions[index]
    return [Adopt(seat=seat, by=who, word=word)]


def suggestions(table: Table) -> list[tuple[int, str]]:
    """R30.2: the open request's suggestions as (seat, word), in the order they came; none without a request."""
    ghost = _ghost(table)
    return [] if ghost is None else list(ghost.suggestions)


def note_accepted_word(table: Table, word: str, inked_used: int) -> None:
    """R30.2: at acceptance, decide who (if anyone) ghostwrote the word."""
    ghost = _ghost(table)
    if ghost is None:
        return
    suggestions = ghost.suggestions
    adopted = ghost.adopted
    if adopted is not None and suggestions[adopted][1] == word:
        ghost.writer = suggestions[adopted][0]
    else:
        ghost.writer = next((s for s, w in suggestions if w == word), None)
    ghost.inked = inked_used


def pay(table: Table, events: list[Event]) -> None:
    """R30.3-R30.4: at the speller's cleanup, 1 ink plus the ink of the inked cards used."""
    ghost = _ghost(table)
    if ghost is None or ghost.writer is None:
        return
    amount = 1 + ghost.inked
    table.player(ghost.writer).ink += amount  # from the supply: never Penny's horror signature (R30.5)
    events.append(GhostwriterPaid(seat=ghost.writer, ink=amount, for_=table.turn.seat))

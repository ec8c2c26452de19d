"""Spelling, ink and remover (RULES.md R6-R9): drawing with ink, clearing inked cards, checking and
accepting a word, writer's block, and a word accepted by a vote.

What an accepted word then gives is resolved by abilities.py; the unique-words check (R26), the
literary awards (R24), votes (R27) and the ghostwriter (R30) are rooms of their own, called from here.
"""

from __future__ import annotations

from . import awards, coop, game_end, ghostwriter, scoring, unique_words, votes
from .cards import card
from .errors import IllegalMove
from .events import Event, InkDraw, PlayedCard, Remover, Skip, Unremover, WordAccepted
from .moves import Move, WordCard
from .state import SPELL, UNCOVER, Slot
from .table import Table
from .words import is_offensive


# ---------------------------------------------------------------------------- ink and remover (R6)
def may_use_tokens(table: Table, seat: int) -> bool:
    """R6.2: not between confirming your own word and the end of your own turn, nor after the end."""
    t = table.turn
    return not table.finished and (seat != t.seat or t.phase == SPELL)


def _require_tokens(table: Table, seat: int) -> None:
    if not may_use_tokens(table, seat):  # R6.2; while your word is voted on too (R27.5)
        raise IllegalMove.of("token_timing", phase=table.turn.phase)


def token_moves(table: Table, seat: int) -> list[Move]:
    """The ink, remover and unremover moves ``seat`` may make now."""
    if not may_use_tokens(table, seat):
        return []
    p = table.player(seat)
    moves: list[Move] = []
    if p.ink > 0 and (p.draw or p.discard) and not coop.penny_ink_refused(table, 1):
        moves.append(Move("ink"))
    if p.remover > 0:
        moves += [Move("remover", card=c) for c in p.inked]
    moves += [Move("unremover", card=c) for c in p.cleared if c in p.hand]
    return moves


def ink(table: Table, seat: int, m: Move) -> list[Event]:
    """R6.1, R6.3: spend 1 ink to draw the top card of your draw pile as an inked card (public, R6.10)."""
    _require_tokens(table, seat)
    p = table.player(seat)
    if p.ink < 1:
        raise IllegalMove.of("no_ink")
    if not p.draw and not p.discard:
        raise IllegalMove.of("no_cards")
    if table.options.coop:
        coop.check_penny_ink(table, seat, 1)
    p.ink -= 1
    events: list[Event] = []
    cid = table.draw(p, events)
    assert cid is not None
    p.hand.append(cid)
    p.inked.append(cid)
    p.stats.use_ink += 1
    events.append(InkDraw(seat=seat, card=cid))
    if table.options.coop and coop.penny_on_ink(table, 1, events):
        game_end.finish(table, events)
    return events


def remover(table: Table, seat: int, m: Move) -> list[Event]:
    """R6.5: spend 1 remover to clear one of your inked cards."""
    _require_tokens(table, seat)
    p = table.player(seat)
    if p.remover < 1:
        raise IllegalMove.of("no_remover")
    if m.card not in p.inked:
        raise IllegalMove.of("not_inked", card=m.card)
    p.remover -= 1
    p.inked.remove(m.card)
    p.cleared.append(m.card)
    p.stats.use_remover += 1
    return [Remover(seat=seat, card=m.card)]


def unremover(table: Table, seat: int, m: Move) -> list[Event]:
    """R6.6 [Bot default]: undo a remover until you confirm a word."""
    _require_tokens(table, seat)
    p = table.player(seat)
    if m.card not in p.cleared or m.card not in p.hand:
        raise IllegalMove.of("not_cleared", card=m.card)
    p.cleared.remove(m.card)
    p.inked.append(m.card)
    p.remover += 1
    p.stats.use_remover -= 1
    return [Unremover(seat=seat, card=m.card)]


# ---------------------------------------------------------------------------- spelling (R7, R8)
def check_word(table: Table, seat: int, cards: tuple[WordCard, ...]) -> tuple[list[Slot], str]:
    """R8.1-R8.4 without the dictionary: the slots of a legal arrangement and its letters.

    Raises IllegalMove naming the first problem; changes nothing.
    """
    p = table.player(seat)
    if len(cards) < 2:  # R7.2
        raise IllegalMove.of("too_short", min=2)
    used = [w.card for w in cards]
    if len(set(used)) != len(used):
        raise IllegalMove.of("card_twice", card=next(c for c in used if used.count(c) > 1))
    missing = [c for c in p.inked if c not in used or any(w.card == c and w.wild for w in cards)]
    if missing:  # R6.4
        raise IllegalMove.of("inked_card_missing", cards=missing, count=len(missing))
    owners = {cid: owner for cid, owner in table.classics_in_play()}
    hand = set(p.hand)
    slots: list[Slot] = []
    for w in cards:  # R7.1, R7.3
        if w.card in hand:
            owner = -1
        elif w.card in owners:
            owner = owners[w.card]
            if w.wild:
                raise IllegalMove.of("classic_wild", card=w.card)
        else:
            raise IllegalMove.of("not_your_card", card=w.card)
        letter = w.wild or card(w.card).letter
        slots.append(Slot(card=w.card, letter=letter, wild=w.wild is not None, owner=owner,
                          inked=w.card in p.inked))
    word = "".join(s.letter for s in slots)  # R7.6
    unique_words.check_unique(table, seat, word)
    return slots, word


def check_family_friendly(table: Table, word: str) -> None:
    """A family-friendly table refuses the words its checker names offensive, before any dictionary
    check or vote (the table option ``family_friendly``; ``words.is_offensive``)."""
    if table.options.family_friendly and is_offensive(table.checker, word):
        raise IllegalMove.of("offensive_word", word=word)


def spell(table: Table, seat: int, m: Move) -> list[Event]:
    """``spell ...``: accepted if in the dictionary (R8.5); otherwise voted on or refused (R8.6, R27.3)."""
    table.require_turn(seat, SPELL)
    slots, word = check_word(table, seat, m.word)
    check_family_friendly(table, word)
    if table.options.dictionary == "none" or not table.checker.is_word(word):
        if table.options.vote != "off":
            return votes.start_vote(table, seat, m.word, word)
        raise IllegalMove.of("not_a_word", word=word)
    return accept_word(table, seat, slots, word)


def accept_word(table: Table, seat: int, slots: list[Slot], word: str) -> list[Event]:
    """R7.8, R7.9: the word is final; unused hand cards are discarded before any benefit; the genre
    counts are fixed (R10.4); resolution starts at the uncover step."""
    s = table.state
    p = table.player(seat)
    t = s.turn
    in_word = {sl.card for sl in slots}
    unused = [c for c in p.hand if c not in in_word]
    p.hand.clear()
    p.inked.clear()
    p.cleared.clear()  # R6.6 [Bot default]: no undo once the word is confirmed
    p.discard.extend(unused)  # R7.9: before benefits, so dump can reach them
    t.word = slots
    t.classics = [c for c in p.timeless if c not in in_word]
    t.counts = scoring.initial_counts(slots, t.classics, seat)
    events: list[Event] = [WordAccepted(seat=seat, word=word,
                                         cards=tuple(PlayedCard.from_list(sl.to_list()) for sl in slots))]
    p.stats.words += 1
    s.table_stats.words += 1
    if len(word) > p.stats.longest_word:
        p.stats.longest_word = len(word)
        p.longest_word = word
    s.table_stats.longest_word = max(s.table_stats.longest_word, len(word))
    if table.options.awards:
        awards.claim_award(table, seat, len(word), events)
    ghostwriter.note_accepted_word(table, word, sum(1 for sl in slots if sl.inked))
    t.phase = UNCOVER
    return events


def vote(table: Table, seat: int, m: Move) -> list[Event]:
    """``vote accept|reject`` (R27.4); a word accepted by the vote is accepted like any other."""
    events, accepted = votes.cast_vote(table, seat, m.choice == "accept")
    if accepted is None:
        return events
    cards, word = accepted
    speller = table.turn.seat
    slots, _ = check_word(table, speller, cards)
    return events + accept_word(table, speller, slots, word)


# ---------------------------------------------------------------------------- writer's block (R9)
def writers_block(table: Table, seat: int) -> list[Event]:
    """R9.2: every hand card, inked ones included, goes to the discard pile; the turn then ends
    without a word (turn_end.end_turn with ``skipped``)."""
    p = table.player(seat)
    p.discard.extend(p.hand)
    p.hand.clear()
    p.inked.clear()
    p.cleared.clear()
    p.stats.skips += 1
    return [Skip(seat=seat)]

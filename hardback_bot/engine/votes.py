"""Votes on words not in the dictionary (RULES.md R27.3-R27.5, E12, E33).

A word goes to a vote instead of being refused (spelling.py decides when); the outcome is settled here.
An accepted word is then accepted by the spelling room like any other.
"""

from __future__ import annotations

from .errors import IllegalMove
from .events import Event, Vote, VoteResult, VoteStart
from .moves import Move, WordCard
from .state import SPELL, VOTE
from .table import Table
from .turn_extra import OpenVote

Accepted = tuple[tuple[WordCard, ...], str]  # the word's cards and its letters


def voters(table: Table) -> list[int]:
    """R27.3: every other player votes."""
    return [s for s in range(table.num_players) if s != table.turn.seat]


def start_vote(table: Table, seat: int, cards: tuple[WordCard, ...], word: str) -> list[Event]:
    """R27.3, E12: the word (inked cards all in it) waits for the other players' votes."""
    t = table.turn
    t.extra.vote = OpenVote(cards, word)
    t.phase = VOTE
    return [VoteStart(seat=seat, word=word, voters=tuple(voters(table)))]


def vote_moves(table: Table, seat: int) -> list[Move]:
    """The votes ``seat`` may cast now: none once they voted or the outcome is settled (R27.4)."""
    vote = table.turn.extra.vote
    if vote is None or seat not in voters(table) or seat in vote.votes:
        return []
    return [Move("vote", choice="accept"), Move("vote", choice="reject"), Move("timeout")]


def _outcome(table: Table, votes: dict[int, bool]) -> bool | None:
    """True accepted, False refused, None not settled yet (R27.4, E33)."""
    n = len(voters(table))
    accepts = sum(1 for v in votes.values() if v)
    rejects = len(votes) - accepts
    if table.options.vote == "unanimous":
        if rejects:
            return False
        return True if accepts == n else None
    if 2 * accepts >= n:  # ties accept
        return True
    if 2 * rejects > n or len(votes) == n:
        return False
    return None


def cast_vote(table: Table, seat: int, accept: bool) -> tuple[list[Event], Accepted | None]:
    """R27.4: record one vote.  Returns its events and, once the word is accepted, its cards and letters
    (the turn is back at spelling for the speller to have it accepted); a refused word sends the speller
    back to spelling (R27.5)."""
    t = table.turn
    vote = t.extra.vote
    if t.phase != VOTE or vote is None:
        raise IllegalMove.of("no_vote")
    if seat == t.seat:
        raise IllegalMove.of("own_word", move="vote")
    if seat in vote.votes:
        raise IllegalMove.of("already_voted")
    vote.votes[seat] = accept
    stats = table.player(seat).stats
    if accept:
        stats.votes_accept += 1
    else:
        stats.votes_reject += 1
    events: list[Event] = [Vote(seat=seat, accept=accept, word=vote.word)]
    result = _outcome(table, vote.votes)
    if result is None:
        return events, None
    cards, word = vote.cards, vote.word
    t.extra.vote = None
    t.phase = SPELL
    events.append(VoteResult(seat=t.seat, word=word, accepted=result))
    if result:
        return events, (cards, word)
    table.player(t.seat).stats.invalid_words += 1
    table.state.table_stats.invalid_words += 1
    return events, None

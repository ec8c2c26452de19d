"""The end of a turn (RULES.md R20, R9.3, R33): cleanup, cycling, the ghostwriter's pay, Penny's turn in
co-op, and the next turn, where a round may end the game (R22.2).  Also the moves that end a turn:
``end``, ``skip`` (writer's block) and ``timeout``."""

from __future__ import annotations

from . import abilities, game_end, ghostwriter, offer_row, penny, spelling
from .cards import card
from .errors import IllegalMove
from .events import ClassicInPlay, ClassicLeaves, CoinsToInk, Event, Timeout, TurnEnd, TurnStart, TurnSummary
from .moves import Move
from .state import BUY, SPELL, VOTE, Turn
from .table import Table


def end_turn(table: Table, events: list[Event], skipped: bool = False) -> None:
    """R20 cleanup, then R18.5 cycling, Penny's turn (R29.4) and the next turn."""
    s = table.state
    t = s.turn
    seat = t.seat
    p = table.player(seat)
    coop = table.options.coop
    if t.coins:  # R20.1
        p.ink += t.coins
        events.append(CoinsToInk(seat=seat, ink=t.coins))
        t.coins = 0
    for slot in t.word:  # R20.2
        if slot.card in t.trashed:
            continue
        if slot.owner == -1:
            if card(slot.card).timeless and slot.face_up:  # R10.7, R14.6
                p.timeless.append(slot.card)
                events.append(ClassicInPlay(seat=seat, card=slot.card))
            else:
                p.discard.append(slot.card)
        elif slot.owner != seat and not coop:  # R10.8: a rival's classic leaves play (in co-op it stays, R29.6)
            owner = table.player(slot.owner)
            owner.timeless.remove(slot.card)
            owner.discard.append(slot.card)
            events.append(ClassicLeaves(seat=slot.owner, card=slot.card, by=seat))
    if t.word:  # R34, R35: best word, by the prestige its benefits gave
        best = t.prestige_from_word
        if best > p.stats.best_word:
            p.stats.best_word = best
            p.best_word = "".join(sl.letter for sl in t.word)
        s.table_stats.best_word = max(s.table_stats.best_word, best)
    if t.extra.ghost is not None and not skipped:  # R30.4: nothing is paid for a skipped turn
        ghostwriter.pay(table, events)
    tally, t.extra.summary = t.extra.summary, None
    summary = tally.to_dict() if tally is not None else {}
    if t.word:
        summary["word"] = "".join(sl.letter for sl in t.word)
    summary["skipped"] = skipped
    t.word = []  # every word card has gone to its place
    t.classics = []
    table.draw_hand(p, events)  # R20.3
    p.stats.turns += 1
    offer_row.cycle(table, events)  # R20.4, R18.5
    # The turn's public summary: what the table log shows, however many moves the turn took.
    events.append(TurnEnd(seat=seat, summary=TurnSummary.from_dict(summary)))
    if coop and penny.penny_turn(table, events):
        return
    _next_turn(table, events)


def _next_turn(table: Table, events: list[Event]) -> None:
    """R4.1, R22.2: a round ends when the turn passes back to the first player; the game ends then if
    somebody reached the goal (competitive)."""
    s = table.state
    seat = (s.turn.seat + 1) % table.num_players
    s.turn = Turn(seat=seat)
    if seat == 0:
        s.score_history.append(table.scores())
        s.table_stats.turns += 1
        if not table.options.coop and game_end.goal_reached(table):
            game_end.finish(table, events)
            return
        s.round += 1
    events.append(TurnStart(seat=seat, round=s.round))


# ---------------------------------------------------------------------------- the moves that end a turn
def end(table: Table, seat: int, m: Move) -> list[Event]:
    """``end``: the active player ends the purchase phase (R19.8)."""
    table.require_turn(seat, BUY)
    events: list[Event] = []
    end_turn(table, events)
    return events


def skip(table: Table, seat: int, m: Move) -> list[Event]:
    """``skip``: writer's block (R9); the turn ends without a word, so the row cycles (R9.3)."""
    table.require_turn(seat, SPELL)
    events = spelling.writers_block(table, seat)
    end_turn(table, events, skipped=True)
    return events


def timeout(table: Table, seat: int, m: Move) -> list[Event]:
    """R33.2, R33.4: an absent voter accepts; at spelling the turn is skipped; later it jumps to cleanup
    (unresolved abilities are lost, coins earned become ink)."""
    t = table.turn
    if t.phase == VOTE:
        return spelling.vote(table, seat, Move("vote", choice="accept"))
    if seat != t.seat:
        raise IllegalMove.of("not_your_turn", active=t.seat)
    if t.phase == SPELL:
        skipped = spelling.writers_block(table, seat)
        end_turn(table, skipped, skipped=True)
        return [Timeout(seat=seat), *skipped]
    events: list[Event] = [Timeout(seat=seat)]
    abilities.put_back_preview(table)
    end_turn(table, events)
    return events

"""Turn flow and phases (RULES.md R5, R12): which room handles each move, the state machine that runs
every automatic step until somebody must decide, what the active player faces, and the legal moves.

A move goes: ``apply`` -> the room's handler (validates, then applies the one rule; a refusal changes
nothing) -> ``advance`` (automatic steps: uncover/double with one target, the automatic gains, steps
with nothing to decide, the end of a purchase phase with nothing left to buy) -> the final-round check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import abilities, game_end, ghostwriter, market, offer_row, spelling, turn_end, undo, unique_words, votes
from .errors import IllegalMove
from .events import Event
from .moves import LoggedMove, Move
from .state import BUY, CHOICE, DOUBLE, DUMP, FLUSH, JAIL, OVER, PREVIEW, PREVIEWING, SPELL, TRASH, UNCOVER, VOTE
from .table import Table

Handler = Callable[[Table, int, Move], list[Event]]


def pass_step(table: Table, seat: int, m: Move) -> list[Event]:
    """``pass``: skip the rest of an optional step (trash, dump, preview, jail, flush)."""
    t = table.require_turn(seat, TRASH, DUMP, PREVIEW, JAIL, FLUSH)
    if t.phase == TRASH:
        t.phase = DUMP
    elif t.phase == DUMP:
        t.skipped_dumps = True  # R15.6: the remaining dumps are forfeited
        t.phase = PREVIEW
    elif t.phase == PREVIEW:
        abilities.decline_preview(table)
        t.phase = CHOICE
    elif t.phase == JAIL:
        t.skipped_jails = True  # R12.9: skip ends the step
        t.phase = FLUSH
    else:
        t.phase = BUY
    return []


#: Every move of the notation (docs/notation.md) and the room that handles it.
MOVES: dict[str, Handler] = {
    "ink": spelling.ink,
    "remover": spelling.remover,
    "unremover": spelling.unremover,
    "spell": spelling.spell,
    "skip": turn_end.skip,
    "uncover": abilities.choose_target,
    "double": abilities.choose_target,
    "trash": abilities.trash,
    "dump": abilities.dump,
    "preview": abilities.preview,
    "return": abilities.handle_preview,
    "discard": abilities.handle_preview,
    "pass": pass_step,
    "take": abilities.take,
    "reserve": market.jail,
    "remove": market.jail,
    "flush": offer_row.flush,
    "buy": market.buy,
    "advert": market.advert,
    "convert": market.convert,
    "end": turn_end.end,
    "timeout": turn_end.timeout,
    "vote": spelling.vote,
    "ghostwriter": ghostwriter.request,
    "suggest": ghostwriter.suggest,
    "adopt": ghostwriter.adopt,
    "undo": lambda table, seat, m: undo.undo(table, seat, m, apply),
}


def apply(table: Table, seat: int, move: Move) -> list[Event]:
    """Apply one move completely and return its events, or raise IllegalMove having changed nothing."""
    if table.finished:
        raise IllegalMove.of("game_over")
    if not 0 <= seat < table.num_players:
        raise IllegalMove.of("not_a_player", seat=seat)
    events = MOVES[move.kind](table, seat, move)
    advance(table, events)
    table.move_log.append(LoggedMove(seat, move))
    if not table.finished:
        game_end.check_final_round(table, events)
    table.state.rng = table.rng.state
    return events


def advance(table: Table, events: list[Event]) -> None:
    """Run automatic steps until the active player must decide something (R12).  Where somebody must
    decide already (or the turn is at spelling or a vote), this does nothing."""
    t = table.turn
    while not table.finished:
        phase = t.phase
        if phase == UNCOVER:  # R12.1: automatic when there is one target
            found = abilities.next_uncover(table)
            if found and len(found[2]) == 1:
                abilities.uncover(table, found[0], found[1], found[2][0], events)
                continue
            if found:
                return
            t.phase = DOUBLE
        elif phase == DOUBLE:  # R12.2
            found = abilities.next_double(table)
            if found and len(found[2]) == 1:
                abilities.double(table, found[0], found[1], found[2][0], events)
                continue
            if found:
                return
            abilities.pay_automatic(table, events)  # R12.3, R12.4
            t.phase = TRASH
        elif phase == TRASH:  # R12.5
            if abilities.trash_choices(table):
                return
            t.phase = DUMP
        elif phase == DUMP:  # R12.6
            if abilities.dump_available(table):
                return
            t.phase = PREVIEW
        elif phase == PREVIEW:  # R12.7
            if abilities.preview_available(table):
                return
            t.phase = CHOICE
        elif phase == CHOICE:  # R12.8
            if abilities.next_choice(table):
                return
            t.phase = JAIL
        elif phase == JAIL:  # R12.9
            if market.next_jail(table) is not None and table.state.offer_row:
                return
            t.phase = FLUSH
        elif phase == FLUSH:  # R12.10
            unique_words.record_word(table)
            if offer_row.flush_allowed(table):
                return
            t.phase = BUY
        elif phase == BUY:  # R12.11, R19.8
            if market.something_to_do(table):
                return
            turn_end.end_turn(table, events)
            return
        else:
            return


def pending(table: Table) -> dict[str, Any] | None:
    """The decision the active player faces now (for prompts), or None at the end."""
    if table.finished:
        return None
    t = table.turn
    if t.phase in (UNCOVER, DOUBLE):
        found = abilities.next_uncover(table) if t.phase == UNCOVER else abilities.next_double(table)
        if found:
            i, _, targets = found
            return {"phase": t.phase, "source": t.word[i].card, "targets": [t.word[j].card for j in targets]}
    if t.phase == CHOICE:
        choice = abilities.next_choice(table)
        if choice:
            cid, _, kind, value = choice
            return {"phase": CHOICE, "card": cid, "kind": kind, "value": value}
    if t.phase == PREVIEWING:
        return {"phase": PREVIEWING, "cards": abilities.preview_unhandled(table)}
    return {"phase": t.phase}


def legal_moves(table: Table, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, except spelling (there are too many words to list)."""
    if table.finished:
        return []
    moves = spelling.token_moves(table, seat)
    t = table.turn
    if t.phase == VOTE:
        return moves + votes.vote_moves(table, seat)
    if seat != t.seat:
        return moves
    p = table.player(seat)
    phase = t.phase
    if phase == SPELL:
        moves.append(Move("skip"))
    elif phase in (UNCOVER, DOUBLE):
        pend = pending(table)
        if pend and "targets" in pend:
            moves += [Move("uncover" if phase == UNCOVER else "double", card=c) for c in pend["targets"]]
    elif phase in (TRASH, DUMP, PREVIEW):
        if phase == TRASH:
            moves += [Move("trash", card=c) for c, _ in abilities.trash_choices(table)]
        if phase == DUMP:
            moves += [Move("dump", card=c) for c in sorted(set(p.discard))]
        if abilities.preview_available(table):
            moves.append(Move("preview"))
        moves.append(Move("pass"))
    elif phase == PREVIEWING:
        for c in abilities.preview_unhandled(table):
            moves += [Move("return", card=c), Move("discard", card=c)]
    elif phase == CHOICE:
        choice = abilities.next_choice(table)
        if choice:
            moves += [Move("take", choice=o) for o in abilities.choice_options(choice[2])]
    elif phase == JAIL:
        for c in table.state.offer_row:
            moves += [Move("reserve", card=c), Move("remove", card=c)]
        moves.append(Move("pass"))
    elif phase == FLUSH:
        moves += [Move("flush"), Move("pass")]
    elif phase == BUY:
        moves += [Move("buy", card=c) for c in market.affordable_cards(table)]
        if market.advert_affordable(table):
            moves.append(Move("advert"))
        need = market.conversion_needed(table)
        if need:
            moves.append(Move("convert", number=need))
        moves.append(Move("end"))
    if phase != SPELL and phase != OVER:
        moves.append(Move("timeout"))
    return moves

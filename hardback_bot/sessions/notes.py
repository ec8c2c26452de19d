"""What the channel must be told about a commit, as plain data (the outbox rows of the store).

A move's engine events become *notes*: small JSON dicts with a type (``t``) and the parameters a sentence
needs (seats, words, numbers), never rendered text. They are written in the same transaction as the move
(:class:`~hardback_bot.store.Delivery`), and the Discord side renders them when it delivers them, in the
server's language, from the store: a crash between the commit and the post loses nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hardback_bot.engine import Game
from hardback_bot.store import Delivery

Note = dict[str, Any]


def ghost_request_id(game: Game) -> int | None:
    """The open ghostwriter request of the turn, named by the move number that asked for it (R30).

    Each request of a game gets its own thread and its own buttons; a button of an older request names
    an older number and is answered "that request is over"."""
    if game.finished or "ghost" not in game.state.turn.extra:
        return None
    seat = game.state.turn.seat
    for number in range(len(game.move_log), 0, -1):
        who, move = game.move_log[number - 1]
        if who == seat and move.split()[0] == "ghostwriter":
            return number
    return None


def turn_notes(game: Game, events: Sequence[dict[str, Any]], seat_before: int) -> list[Note]:
    """Notes for the events of one commit (one or several moves), in the order they happened."""
    notes: list[Note] = []
    timed_out = False
    classics: dict[str, list[int]] = {}
    for e in events:
        kind = e["type"]
        if kind == "timeout":
            timed_out = True
        elif kind == "classic_in_play":  # R10.7: the speller's face-up classic stays in play
            classics.setdefault("classics", []).append(e["card"])
        elif kind == "classic_leaves":  # R10.8: a rival's classic used in the word leaves play
            classics.setdefault("took", []).append(e["card"])
        elif kind == "turn_end":
            note = {"t": "turn", "seat": e["seat"], "summary": _plain(e.get("summary") or {}), "timeout": timed_out}
            notes.append({**note, **classics})
            timed_out = False
            classics = {}
        elif kind == "final_round":
            notes.append({"t": "final_round", "seats": [p.seat for p in game.state.players
                                                         if p.prestige >= game.goal]})
        elif kind == "vote_start":
            notes.append({"t": "vote_start", "seat": e["seat"], "word": e["word"], "voters": list(e["voters"])})
        elif kind == "vote_result":
            notes.append({"t": "vote_result", "seat": e["seat"], "word": e["word"], "accepted": bool(e["accepted"])})
        elif kind == "ghostwriter_paid":
            notes.append({"t": "ghost_paid", "seat": e["seat"], "for": e["for"], "ink": e["ink"]})
        elif kind == "cycle":
            notes.append({"t": "cycle", "card": e["card"]})
    penny = _penny(events)
    if penny:
        notes.append(penny)
    if not game.finished and (game.active_seat != seat_before or any(n["t"] == "turn" for n in notes)):
        notes.append({"t": "your_turn", "seat": game.active_seat})
    elif not game.finished and any(n["t"] == "vote_result" for n in notes):
        # Either way the speller acts next (spell again, or resolve the accepted word): tell them.
        notes.append({"t": "your_turn", "seat": game.active_seat})
    return _merge_cycles(notes)


def _merge_cycles(notes: list[Note]) -> list[Note]:
    # The offer row's cycling (R18.5) belongs to the turn line it follows: say it there, once.
    out: list[Note] = []
    for n in notes:
        if n["t"] == "cycle" and out and out[-1]["t"] == "turn":
            out[-1] = {**out[-1], "cycled": n["card"]}
        elif n["t"] != "cycle":
            out.append(n)
    return out


def _penny(events: Sequence[dict[str, Any]]) -> Note | None:
    claims = [[e["card"], e["prestige"]] for e in events if e["type"] == "penny_claim"]
    if not claims:
        return None
    removed = [e["card"] for e in events if e["type"] == "penny_remove"]
    return {"t": "penny", "claims": claims, "removed": removed}


def _plain(value: Any) -> Any:
    """A JSON-safe copy (tuples become lists) so the stored note reads back equal."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def deliveries_for(game_id: int, game: Game, events: Sequence[dict[str, Any]], seat_before: int,
                   *, extra: Sequence[Note] = (), request_before: int | None = None) -> list[Delivery]:
    """Every outbox row one commit of ``game`` causes: announcements, ghostwriter threads, results.

    ``request_before`` is the ghostwriter request open before the commit (its thread closes when the
    turn that asked for it ends, or when the game ends)."""
    rows: list[Delivery] = []
    for e in events:
        if e["type"] == "ghostwriter":
            request = ghost_request_id(game)
            if request is not None:
                rows.append(Delivery(game_id, "ghost_open", {"request": request, "seat": e["seat"],
                                                              "round": game.state.round}))
        elif e["type"] == "suggestion":
            request = ghost_request_id(game) or request_before
            if request is not None:
                rows.append(Delivery(game_id, "ghost_post", {"request": request, "seat": e["seat"],
                                                              "word": e["word"]}))
    notes = [*extra, *turn_notes(game, events, seat_before)]
    if notes:
        rows.insert(0, Delivery(game_id, "announce", {"notes": notes}))
    if request_before is not None and ghost_request_id(game) != request_before:
        rows.append(Delivery(game_id, "ghost_close", {"request": request_before}))
    if game.finished:
        rows.append(Delivery(game_id, "results", {}))
    return rows


def announce(game_id: int, *notes: Note) -> Delivery:
    return Delivery(game_id, "announce", {"notes": list(notes)})

"""Scenario runner: set up an exact position, apply moves, print what happened as JSON.

    python -m hardback_bot.engine.scenario FILE.yaml

This is how rules questions are asked and rules bugs reproduced; docs/scenarios.md describes the
file format.  ``build_game`` is also what the engine's rule tests use.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from .cards import STARTER_SEAT_BASE, card_defs, coin_starter_ids, definition_id
from .errors import IllegalMove
from .game import Game
from .options import GameOptions, OptionsError
from .state import Turn
from .words import AcceptAll, WordChecker, WordSet

SEAT_KEYS = {"hand", "draw", "discard", "timeless", "jail", "ink", "remover", "prestige", "inked", "adverts",
             "award"}
TOP_KEYS = {"players", "seed", "options", "words", "active", "offer_row", "offer_deck", "removed",
            "unlisted_cards", "seats", "moves", "round", "final_round"}


class ScenarioError(ValueError):
    """The scenario file asks for something impossible (bad card id, card in two places, ...)."""


def _resolve(card_id: Any, seat: int | None, num_players: int) -> int:
    if not isinstance(card_id, int) or isinstance(card_id, bool):
        raise ScenarioError(f"card id {card_id!r} is not a number")
    defs = card_defs()
    base = definition_id(card_id)
    if base not in defs or card_id // STARTER_SEAT_BASE > num_players:
        raise ScenarioError(f"there is no card {card_id}")
    if base in coin_starter_ids():
        if card_id < STARTER_SEAT_BASE:
            if seat is None:
                raise ScenarioError(f"coin starter {card_id} needs a seat: write it as {card_id + 1000} etc.")
            return card_id + STARTER_SEAT_BASE * (seat + 1)
        return card_id
    if card_id >= STARTER_SEAT_BASE:
        raise ScenarioError(f"there is no card {card_id}")
    return card_id


def build_game(spec: dict[str, Any], checker: WordChecker | None = None) -> Game:
    """A game in exactly the position ``spec`` describes (see docs/scenarios.md)."""
    unknown = set(spec) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key(s): {', '.join(sorted(unknown))}")
    seats = spec.get("seats") or []
    num_players = int(spec.get("players", max(2, len(seats))))
    try:
        options = GameOptions.from_dict(spec.get("options") or {})
        game = Game.new(num_players, int(spec.get("seed", 1)), options, checker or _checker(spec))
    except OptionsError as error:
        raise ScenarioError(str(error)) from error
    state = game.state
    placed: dict[int, str] = {}

    def take(ids: list[Any], seat: int | None, where: str) -> list[int]:
        out = []
        for raw in ids or []:
            cid = _resolve(raw, seat, num_players)
            if cid in placed:
                raise ScenarioError(f"card {cid} is listed twice ({placed[cid]} and {where})")
            placed[cid] = where
            out.append(cid)
        return out

    if len(seats) > num_players:
        raise ScenarioError(f"{len(seats)} seats described for {num_players} players")
    seat_specs = [dict(s or {}) for s in seats] + [{}] * (num_players - len(seats))
    listed = [{k: v for k, v in s.items() if k in SEAT_KEYS} for s in seat_specs]
    for seat, s in enumerate(seat_specs):
        bad = set(s) - SEAT_KEYS
        if bad:
            raise ScenarioError(f"seat {seat}: unknown key(s) {', '.join(sorted(bad))}")
    row = take(spec.get("offer_row", []), None, "offer row")
    deck_top = take(spec.get("offer_deck", []), None, "offer deck")
    removed = take(spec.get("removed", []), None, "removed pile")
    zones = []
    for seat, s in enumerate(listed):
        z = {k: take(s.get(k, []), seat, f"seat {seat} {k}") for k in ("hand", "draw", "discard", "timeless")}
        jail = s.get("jail")
        z["jail"] = take([jail], seat, f"seat {seat} jail") if jail is not None else []
        inked = [_resolve(c, seat, num_players) for c in s.get("inked", [])]
        if not set(inked) <= set(z["hand"]):
            raise ScenarioError(f"seat {seat}: inked cards must be in the hand")
        z["inked"] = inked
        zones.append(z)

    unlisted = spec.get("unlisted_cards", "deck")
    if unlisted not in ("deck", "box"):
        raise ScenarioError("unlisted_cards must be 'deck' or 'box'")
    everything = [c for c in _all_cards(game) if c not in placed]
    rest_genre = [c for c in everything if not card_defs()[definition_id(c)].is_starter]
    rest_starters = [c for c in everything if card_defs()[definition_id(c)].is_starter]

    # Lists in the file read top first; piles keep their top at the end of the list.
    state.offer_row = row if "offer_row" in spec else _fill_row(rest_genre)
    if unlisted == "deck":
        state.offer_deck = rest_genre + list(reversed(deck_top))
        state.box = rest_starters
    else:
        state.offer_deck = list(reversed(deck_top))
        state.box = rest_genre + rest_starters
    state.removed = removed
    for seat, (p, z, s) in enumerate(zip(state.players, zones, listed, strict=True)):
        described = seat < len(seats)
        if described:
            p.hand = z["hand"]
            p.draw = list(reversed(z["draw"]))
            p.discard = z["discard"]
            p.timeless = z["timeless"]
            p.jail = z["jail"][0] if z["jail"] else None
            p.inked = z["inked"]
        else:  # an undescribed seat keeps a hand of its own starters
            own = [c for c in state.box if c // STARTER_SEAT_BASE == seat + 1]
            state.box = [c for c in state.box if c not in own]
            p.hand, p.draw, p.discard, p.timeless, p.jail, p.inked = own[:5], own[5:], [], [], None, []
        p.cleared = []
        for key in ("ink", "remover", "prestige", "adverts", "award"):
            setattr(p, key, int(s.get(key, 0)))
    state.offer_row = state.offer_row[:7] if len(state.offer_row) > 7 else state.offer_row
    active = int(spec.get("active", 0))
    if not 0 <= active < num_players:
        raise ScenarioError(f"active seat {active} does not exist")
    state.turn = Turn(seat=active)
    state.round = int(spec.get("round", 1))
    state.final_round = bool(spec.get("final_round", False))
    return game


def _fill_row(rest_genre: list[int]) -> list[int]:
    row = rest_genre[-7:]
    del rest_genre[-7:]
    return row


def _all_cards(game: Game) -> list[int]:
    from .invariants import expected_cards

    return sorted(expected_cards(game.num_players))


def _checker(spec: dict[str, Any]) -> WordChecker:
    words = spec.get("words")
    return WordSet(words) if words else AcceptAll()


def parse_move_line(line: Any, default_seat: int) -> tuple[int, str]:
    """``"1: buy 23"`` names the seat; a bare ``"buy 23"`` is the active player's move."""
    text = str(line).strip()
    head, sep, rest = text.partition(":")
    if sep and head.strip().isdigit():
        return int(head), rest.strip()
    return default_seat, text


def run(spec: dict[str, Any]) -> dict[str, Any]:
    game = build_game(spec)
    events: list[dict[str, Any]] = []
    for number, line in enumerate(spec.get("moves") or [], start=1):
        seat, move = parse_move_line(line, game.active_seat)
        try:
            events = game.apply(seat, move)
        except IllegalMove as error:
            raise ScenarioError(f"move {number} ({seat}: {move}) refused: {error}") from error
    return report(game, events)


def report(game: Game, events: list[dict[str, Any]]) -> dict[str, Any]:
    s = game.state
    return {
        "phase": game.phase,
        "active": game.active_seat,
        "coins_this_turn": s.turn.coins,
        "pending": game.pending(),
        "players": [
            {
                "seat": p.seat,
                "prestige": game.scores()[p.seat],
                "ink": p.ink,
                "remover": p.remover,
                "hand": p.hand,
                "inked": p.inked,
                "draw_top_first": list(reversed(p.draw)),
                "discard": p.discard,
                "timeless": p.timeless,
                "jail": p.jail,
                "award": p.award,
                "adverts": p.adverts,
            }
            for p in s.players
        ],
        "offer_row_newest_first": list(reversed(s.offer_row)),
        "offer_deck_count": len(s.offer_deck),
        "removed": s.removed,
        "word": [sl.to_list() for sl in s.turn.word],
        "events": events,
        "finished": s.finished,
        "results": game.results() if s.finished else None,
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m hardback_bot.engine.scenario FILE.yaml", file=sys.stderr)
        return 2
    try:
        spec = yaml.safe_load(Path(args[0]).read_text(encoding="utf-8"))
        if not isinstance(spec, dict):
            raise ScenarioError("the scenario file must be a YAML mapping")
        print(json.dumps(run(spec), indent=2))
    except (OSError, yaml.YAMLError, ScenarioError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

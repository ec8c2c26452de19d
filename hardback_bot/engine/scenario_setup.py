"""Scenario set-up: a game in exactly the position a scenario file describes (docs/scenarios.md).

The engine's rule tests build their positions with ``build_game`` too.
"""

from __future__ import annotations

from typing import Any

from .cards import GENRES, STARTER_SEAT_BASE, card_defs, coin_starter_ids, definition_id
from .errors import IllegalMove
from .game import Game
from .moves import MOVE_SHAPES, Move, WordCard, format_move, parse_move
from .options import GameOptions, OptionsError
from .state import Turn
from .words import AcceptAll, WordChecker, WordSet

SEAT_KEYS = {"hand", "draw", "discard", "timeless", "jail", "ink", "remover", "prestige", "inked", "adverts",
             "award"}
TOP_KEYS = {"players", "seed", "options", "words", "active", "offer_row", "offer_deck", "removed",
            "unlisted_cards", "seats", "moves", "round", "final_round", "penny", "history", "expect",
            "expect_events", "auto_pass"}


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
    _set_penny(game, spec.get("penny"))
    state.word_history = [[int(seat), str(word).upper()] for seat, word in spec.get("history") or []]
    return game


def _set_penny(game: Game, penny: Any) -> None:
    if penny is None:
        return
    if not game.options.coop or not isinstance(penny, dict):
        raise ScenarioError("penny: {score, team, genre} describes a co-op table (options: {coop: true})")
    bad = set(penny) - {"score", "team", "genre"}
    if bad:
        raise ScenarioError(f"penny: unknown key(s) {', '.join(sorted(bad))}")
    genre = penny.get("genre", game.state.penny["genre"])
    if genre not in (*GENRES, "none"):
        raise ScenarioError(f"penny: genre must be one of {', '.join(GENRES)} or none")
    game.state.penny.update(score=int(penny.get("score", 0)), team=int(penny.get("team", 0)), genre=genre)


def _fill_row(rest_genre: list[int]) -> list[int]:
    row = rest_genre[-7:]
    del rest_genre[-7:]
    return row


def _all_cards(game: Game) -> list[int]:
    from .invariants import expected_cards

    return sorted(expected_cards(game.num_players))


def _checker(spec: dict[str, Any]) -> WordChecker:
    """``words`` absent: every word is accepted; a list (even an empty one): exactly those words."""
    words = spec.get("words")
    if words is None:
        return AcceptAll()
    if not isinstance(words, list):
        raise ScenarioError("words must be a list of words (leave it out to accept every word)")
    return WordSet(str(w) for w in words)


def parse_move_line(line: Any, default_seat: int) -> tuple[int, str]:
    """``"1: buy 23"`` names the seat; a bare ``"buy 23"`` is the active player's move."""
    text = str(line).strip()
    head, sep, rest = text.partition(":")
    if sep and head.strip().isdigit():
        return int(head), rest.strip()
    return default_seat, text


def own_ids_in_move(move: str, seat: int) -> str:
    """The move with plain coin-starter ids (``156``) made the moving seat's own (``1156``)."""
    try:
        m = parse_move(move)
    except IllegalMove:
        return move  # the engine refuses it with its own reason

    def own(cid: int) -> int:
        if cid < STARTER_SEAT_BASE and cid in coin_starter_ids():
            return cid + STARTER_SEAT_BASE * (seat + 1)
        return cid

    shape = MOVE_SHAPES[m.kind]
    if shape == "c" and m.card is not None:
        m = Move(m.kind, card=own(m.card))
    elif shape == "w":
        m = Move(m.kind, word=tuple(WordCard(own(w.card), w.wild) for w in m.word))
    return format_move(m)

"""Scenario runner: set up an exact position, play moves, check expectations, print what happened.

    python -m hardback_bot.engine.scenario FILE.yaml

This is how rules questions are asked and rules bugs reproduced: a scenario file is a test (exit 0 when
every expectation holds, 1 with the first difference on stderr).  docs/scenarios.md describes the
format.  ``build_game`` is also what the engine's rule tests use.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import IllegalMove
from .events import Advert, Buy, CoinsToInk, Convert, Earn, Event, Gain, TurnEnd, TurnStart
from .game import Game
from .moves import parse_move
from .scenario_expect import ExpectationFailed, check
from .scenario_setup import ScenarioError, build_game, own_ids_in_move, parse_move_line
from .state import BUY, CHOICE, DUMP, FLUSH, JAIL, PREVIEW, TRASH

__all__ = ["ExpectationFailed", "ScenarioError", "build_game", "main", "parse_move_line", "report", "run"]

STEP_KEYS = {"move", "expect", "expect_events", "refused", "auto_pass"}
#: The steps a turn goes through after its word (R12), in order, and which moves act at each.
STEP_ORDER = (TRASH, DUMP, PREVIEW, CHOICE, JAIL, FLUSH, BUY)
OPTIONAL_STEPS = {TRASH, DUMP, PREVIEW, JAIL, FLUSH}
STEP_OF_MOVE = {"trash": TRASH, "dump": DUMP, "take": CHOICE, "reserve": JAIL, "remove": JAIL, "flush": FLUSH,
                "buy": BUY, "advert": BUY, "convert": BUY, "end": BUY}


# ---------------------------------------------------------------------------- playing the steps
@dataclass
class _Coins:
    seat: int
    earned: int = 0
    converted: int = 0
    spent: int = 0
    to_ink: int = 0
    word: str = ""
    summary: dict[str, Any] = field(default_factory=dict)

    def as_dict(self, held: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "earned": self.earned, "converted": self.converted,
                               "spent": self.spent, "to_ink": self.to_ink}
        if held is not None:
            out["held"] = held
        else:
            out["word"] = self.word
            out["summary"] = self.summary
        return out


@dataclass
class _Run:
    game: Game
    auto_pass: bool = True
    moves: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)  # the last step's
    coins: _Coins = field(init=False)
    last_turn: _Coins | None = None

    def __post_init__(self) -> None:
        self.coins = _Coins(self.game.active_seat)

    def track(self, events: list[Event]) -> None:
        """Coins earned, converted and spent this turn, from the events in order."""
        for e in events:
            match e:
                case Earn() | Gain():
                    self.coins.earned += e.coins
                case Convert():
                    self.coins.converted += e.coins
                case Buy() | Advert():
                    self.coins.spent += e.cost
                case CoinsToInk():
                    self.coins.to_ink += e.ink
                case TurnEnd():
                    self.coins.summary = e.summary.to_dict()
                    self.coins.word = e.summary.word or ""
                    self.last_turn = self.coins
                    self.coins = _Coins(self.game.active_seat)
                case TurnStart():
                    self.coins = _Coins(e.seat)

    def apply(self, seat: int, move: str) -> list[dict[str, Any]]:
        """Apply the move (the scenario's notation, parsed here: a line that is no move is refused like any
        other move); its events in their plain-data form (what reports show and expectations match)."""
        events = self.game.apply(seat, parse_move(move))
        self.track(events)
        return [e.to_dict() for e in events]

    def pass_optional_steps(self, seat: int, move: str, auto: bool) -> list[dict[str, Any]]:
        """Pass the optional steps (trash, dump, preview, jail, flush) the move comes after."""
        events: list[dict[str, Any]] = []
        kind = move.split()[0].lower() if move.split() else ""
        later = STEP_OF_MOVE.get(kind)
        game = self.game
        while (auto and later and not game.finished and seat == game.active_seat and game.phase in OPTIONAL_STEPS
               and STEP_ORDER.index(later) > STEP_ORDER.index(game.phase)):
            events += self.apply(seat, "pass")
        return events


def _steps(spec: dict[str, Any]) -> list[dict[str, Any]]:
    steps = []
    for number, item in enumerate(spec.get("moves") or [], start=1):
        step = dict(item) if isinstance(item, dict) else {"move": item}
        bad = set(step) - STEP_KEYS
        if bad:
            raise ScenarioError(f"move {number}: unknown key(s) {', '.join(sorted(bad))}")
        if "refused" in step and step.get("move") is None:
            raise ScenarioError(f"move {number}: 'refused' needs a move")
        step["number"] = number
        steps.append(step)
    return steps


def run(spec: dict[str, Any]) -> dict[str, Any]:
    """Play the scenario; the report of the end position.  Raises ScenarioError (ExpectationFailed for an
    expectation that does not hold) naming the first problem."""
    game = build_game(spec)
    state = _Run(game, auto_pass=bool(spec.get("auto_pass", True)))
    for step in _steps(spec):
        _play(state, step)
    final = {"number": "end", "expect": spec.get("expect"), "expect_events": spec.get("expect_events")}
    check(final, report(game, state.events, state))
    return report(game, state.events, state)


def _play(run_: _Run, step: dict[str, Any]) -> None:
    game = run_.game
    number = step["number"]
    line = step.get("move")
    if line is not None:
        seat, move = parse_move_line(line, game.active_seat)
        move = own_ids_in_move(move, seat)
        label = f"{seat}: {move}"
        previous = run_.events
        events = run_.pass_optional_steps(seat, move, bool(step.get("auto_pass", run_.auto_pass)))
        if move.strip().lower() == "end" and _turn_already_ended(game, seat, previous + events):
            run_.moves.append({"move": label, "events": events, "note": "the turn had already ended"})
            run_.events = events
        elif "refused" in step:
            _expect_refusal(run_, number, label, seat, move, str(step["refused"]), events)
        else:
            try:
                events += run_.apply(seat, move)
            except IllegalMove as error:
                raise ScenarioError(f"move {number} ({label}) refused: {error}") from error
            run_.moves.append({"move": label, "events": events})
            run_.events = events
    check(step, report(game, run_.events, run_))


def _turn_already_ended(game: Game, seat: int, previous: list[dict[str, Any]]) -> bool:
    """``end`` after a turn ended by itself (R19.8) is a no-op: the previous step, or the steps this
    ``end`` passed on its way, ended it."""
    if game.phase == BUY and seat == game.active_seat:
        return False
    return any(e["type"] in ("turn_end", "game_over") for e in previous)


def _expect_refusal(run_: _Run, number: int, label: str, seat: int, move: str, reason: str,
                    passed: list[dict[str, Any]]) -> None:
    game = run_.game
    before = game.to_json()
    try:
        events = run_.apply(seat, move)
    except IllegalMove as error:
        if reason not in str(error) and reason != error.code:
            raise ExpectationFailed(f"move {number} ({label}) was refused with \"{error}\" ({error.code}), "
                                    f"expected \"{reason}\"") from error
        if game.to_json() != before:
            raise ExpectationFailed(f"move {number} ({label}) was refused but changed the game") from error
        run_.moves.append({"move": label, "events": passed, "refused": str(error), "code": error.code,
                           "params": error.params})
        run_.events = passed
        return
    raise ExpectationFailed(f"move {number} ({label}) was accepted (events: {[e['type'] for e in events]}), "
                            f"expected a refusal: \"{reason}\"")


# ---------------------------------------------------------------------------- the report
def report(game: Game, events: list[dict[str, Any]], run_: _Run | None = None) -> dict[str, Any]:
    """Everything a rules question may ask about the position (docs/scenarios.md, "Output")."""
    s = game.state
    scores = game.scores()
    best_award = max(p.award for p in s.players)
    return {
        "phase": game.phase,
        "active": game.active_seat,
        "round": s.round,
        "final_round": s.final_round,
        "coins_this_turn": s.turn.coins,
        "coins": run_.coins.as_dict(s.turn.coins) if run_ else None,
        "last_turn": run_.last_turn.as_dict() if run_ and run_.last_turn else None,
        "pending": game.pending(),
        "players": [
            {
                "seat": p.seat,
                "prestige": scores[p.seat],
                "prestige_with_award": scores[p.seat] + (best_award if game.options.coop else p.award),
                "ink": p.ink,
                "remover": p.remover,
                "hand": p.hand,
                "inked": p.inked,
                "cleared": p.cleared,
                "draw_top_first": list(reversed(p.draw)),
                "discard": p.discard,
                "timeless": p.timeless,
                "jail": p.jail,
                "award": p.award,
                "adverts": p.adverts,
            }
            for p in s.players
        ],
        "penny": ({k: v for k, v in s.penny.items() if k != "claimed"} if game.options.coop else None),
        "offer_row_newest_first": list(reversed(s.offer_row)),
        "offer_deck_count": len(s.offer_deck),
        "offer_deck_top_first": list(reversed(s.offer_deck)),
        "removed": s.removed,
        "box": sorted(s.box),
        "word": [sl.to_list() for sl in s.turn.word],
        "word_history": s.word_history,
        "events": events,
        "moves": run_.moves if run_ else [],
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

"""What a word would earn, computed by the engine itself on a copy of the game.

The preview a player sees before confirming is never a second scorer: the spell move is applied to
a throw-away copy, and where the engine would ask a target question (two wilds to uncover, two cards
to double) every answer is tried and the best kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine import Game, IllegalMove
from hardback_bot.engine.cards import card

_MAX_BRANCHES = 16


@dataclass
class WordOutcome:
    seat: int
    word: str
    move: str
    slots: list[list[Any]]
    counts: dict[str, int]
    per_card: dict[int, tuple[int, int]]
    classics: list[int]
    coins: int
    prestige: int
    notes: list[str] = field(default_factory=list)
    notes_by_card: dict[int, str] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)  # the uncover/double answers assumed

    @property
    def value(self) -> int:
        return self.coins + self.prestige


def _copy(game: Game) -> Game:
    return Game.from_dict(game.to_dict(), checker=game.checker)


def simulate_word(game: Game, seat: int, move: str) -> WordOutcome:
    """The earnings of ``move`` (a spell) for ``seat``; raises IllegalMove like the real move would,
    except for the dictionary, which the caller checks separately (votes may accept any word)."""
    base = _copy(game)
    base.checker = _Always()
    base.options = _no_vote(base)
    base.apply(seat, move)
    best: WordOutcome | None = None
    for branch, answers in _branches(base, seat):
        outcome = _outcome(branch, seat, move, answers)
        if best is None or outcome.value > best.value:
            best = outcome
    assert best is not None
    return best


class _Always:
    def is_word(self, word: str) -> bool:
        return True


def _no_vote(game: Game) -> Any:
    from dataclasses import replace

    return replace(game.options, vote="off", dictionary="common")


def _branches(game: Game, seat: int) -> list[tuple[Game, list[str]]]:
    """Every way the uncover/double questions could be answered (bounded)."""
    done: list[tuple[Game, list[str]]] = []
    todo: list[tuple[Game, list[str]]] = [(game, [])]
    while todo and len(done) < _MAX_BRANCHES:
        g, answers = todo.pop()
        if g.phase in ("uncover", "double") and g.active_seat == seat:
            for target in g.pending()["targets"]:
                branch = _copy(g)
                branch.apply(seat, f"{g.phase} {target}")
                todo.append((branch, [*answers, f"{g.phase} {target}"]))
        else:
            done.append((g, answers))
    return done or [(game, [])]


def _outcome(game: Game, seat: int, move: str, answers: list[str]) -> WordOutcome:
    t = game.state.turn
    events_coins = t.coins
    prestige = t.prestige_from_word
    earn = _earn_event(game)
    per_card = {int(k): (v[0], v[1]) for k, v in earn.items()}
    notes: list[str] = []
    notes_by_card: dict[int, str] = {}
    for cid, label in _optional_notes(game):
        notes_by_card[cid] = label
        notes.append(f"{card(cid).letter}: {label}")
    slots = [s.to_list() for s in t.word]
    return WordOutcome(seat=seat, word="".join(s.letter for s in t.word), move=move, slots=slots,
                       counts=dict(t.counts), per_card=per_card, classics=list(t.classics), coins=events_coins,
                       prestige=prestige, notes=notes, notes_by_card=notes_by_card, targets=answers)


def _earn_event(game: Game) -> dict[str, list[int]]:
    # The automatic gains are recomputed with the engine's own scoring for the resolved word.
    from hardback_bot.engine import scoring

    t = game.state.turn
    gains = scoring.automatic_gains(t.word, t.classics, t.counts, t.seat)
    return {str(k): list(v) for k, v in gains.per_card.items()}


def _optional_notes(game: Game) -> list[tuple[int, str]]:
    """Choices and optional abilities still to come, as short notes under the preview."""
    notes: list[tuple[int, str]] = []
    t = game.state.turn
    for cid, key, value, _, _ in game._abilities_of_kind(
            "either_coins_or_prestige", "ink_or_remover", "trash_for_coins", "trash_for_prestige",
            "dump_discard_for_coins", "jail", "preview"):
        kind = next(b.kind for i, b in enumerate(card(cid).basic + card(cid).genre_bonus)
                    if f"{cid}:{i}" == key)
        label = {
            "either_coins_or_prestige": f"{value}¢ or {value}★",
            "ink_or_remover": "ink or remover",
            "trash_for_coins": f"trash for {value}¢",
            "trash_for_prestige": f"trash for {value}★",
            "dump_discard_for_coins": f"dump a discard for {value}¢",
            "jail": "jail a card",
            "preview": "preview 3 cards",
        }[kind]
        if cid in {s.card for s in t.word} or cid in t.classics:
            notes.append((cid, label))
    return notes


def try_simulate(game: Game, seat: int, move: str) -> WordOutcome | str:
    """The outcome, or the sentence explaining why the arrangement is refused."""
    try:
        return simulate_word(game, seat, move)
    except IllegalMove as error:
        return str(error)

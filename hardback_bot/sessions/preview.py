"""What a word would earn, computed with the engine's own resolution steps.

The preview a player sees before confirming is never a second scorer: the arrangement is validated
by ``Game.check_word`` and resolved by ``engine.scoring`` (uncover, double, coins and prestige), the
functions the engine itself runs.  Where the engine would ask a target question (two wilds to
uncover, two cards to double) every answer is tried and the best kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine import Game, IllegalMove, scoring
from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move
from hardback_bot.engine.state import Slot
from hardback_bot.i18n import N_, Translator, translator

OPTIONAL_LABELS = {
    "either_coins_or_prestige": N_("{v}¢ or {v}★"),
    "ink_or_remover": N_("ink or remover"),
    "trash_for_coins": N_("trash for {v}¢"),
    "trash_for_prestige": N_("trash for {v}★"),
    "dump_discard_for_coins": N_("dump a discard for {v}¢"),
    "jail": N_("jail a card"),
    "preview": N_("preview 3 cards"),
}
ENGLISH = translator("en")


def choice_label(kind: str, value: int, t: Translator = ENGLISH) -> str:
    """An optional benefit the word leaves to the player ("trash for 2¢"), in ``t``'s language."""
    label = OPTIONAL_LABELS.get(kind)
    return t.gettext(label, v=value) if label is not None else kind


@dataclass
class WordOutcome:
    seat: int
    word: str
    move: Move
    slots: list[list[Any]]
    counts: dict[str, int]
    per_card: dict[int, tuple[int, int]]
    classics: list[int]
    coins: int
    prestige: int
    notes: list[str] = field(default_factory=list)  # English; notes_in(t) says them in any language
    notes_by_card: dict[int, str] = field(default_factory=dict)
    targets: list[Move] = field(default_factory=list)  # the uncover/double answers assumed
    choices: list[tuple[int, str, int]] = field(default_factory=list)  # (card, kind, value) left to the player
    into_play: list[int] = field(default_factory=list)  # timeless classics from the hand that stay in play (R10.7)
    sent_back: list[int] = field(default_factory=list)  # rivals' classics the word sends to their owners (R10.8)

    def notes_in(self, t: Translator) -> list[str]:
        """``notes`` in ``t``'s language: "R: trash for 2¢"."""
        return [t.gettext("{letter}: {choice}", letter=card(cid).letter, choice=choice_label(kind, value, t))
                for cid, kind, value in self.choices]

    def card_note_in(self, card_id: int, t: Translator) -> str | None:
        """``notes_by_card[card_id]`` in ``t``'s language (its choices, "; " between them)."""
        labels = [choice_label(kind, value, t) for cid, kind, value in self.choices if cid == card_id]
        return "; ".join(labels) if labels else None

    @property
    def value(self) -> int:
        return self.coins + self.prestige


def simulate_word(game: Game, seat: int, move: Move) -> WordOutcome:
    """The earnings of the spell ``move`` for ``seat``; raises IllegalMove like the real move would
    (the dictionary excepted: the caller checks it, since a vote may accept any word)."""
    if move.kind != "spell":
        raise IllegalMove("Only a spelled word can be previewed.", "bad_notation")
    if game.spell_options(seat) is None:
        raise IllegalMove("It is not your turn to spell.", "not_your_turn")
    slots, word = game.check_word(seat, move.word)
    in_word = {s.card for s in slots}
    classics = [c for c in game.player(seat).timeless if c not in in_word]
    counts = scoring.initial_counts(slots, classics, seat)
    best: WordOutcome | None = None
    for final, final_counts, answers in _resolutions(slots, counts, [], seat, []):
        outcome = _outcome(seat, word, move, final, classics, final_counts, answers)
        if best is None or outcome.value > best.value:
            best = outcome
    assert best is not None
    best.into_play = [s.card for s in best_slots(best) if s.owner == -1 and s.face_up and card(s.card).timeless]
    # A rival's classic used in a word goes back to its owner, except in co-op (R10.8, R29.6).
    best.sent_back = [] if game.options.coop else [s.card for s in slots if s.owner not in (-1, seat)]
    return best


def best_slots(o: WordOutcome) -> list[Slot]:
    """The word's cards as the preview resolved them (uncovered wilds face up again)."""
    return [Slot.from_list(s) for s in o.slots]


def _copy(word: list[Slot]) -> list[Slot]:
    return [Slot(s.card, s.letter, s.wild, s.uncovered, s.mult, s.owner, s.inked) for s in word]


def _resolutions(word: list[Slot], counts: dict[str, int], used: list[str], seat: int, answers: list[Move]
                 ) -> Any:
    """Every way R12.1-R12.2 can go: (word, counts, answers) after all uncovers and doubles."""
    found = scoring.next_uncover(word, counts, used, seat)
    if found is not None:
        _, key, targets = found
        for target in targets:
            w, c, u = _copy(word), dict(counts), list(used)
            scoring.apply_uncover(w, c, u, key, target)
            label = [Move("uncover", card=w[target].card)] if len(targets) > 1 else []
            yield from _resolutions(w, c, u, seat, answers + label)
        return
    found = scoring.next_double(word, counts, used, seat)
    if found is not None:
        _, key, targets = found
        for target in targets:
            w, u = _copy(word), list(used)
            scoring.apply_double(w, u, key, target)
            label = [Move("double", card=w[target].card)] if len(targets) > 1 else []
            yield from _resolutions(w, dict(counts), u, seat, answers + label)
        return
    yield word, counts, answers


def _outcome(seat: int, word: str, move: Move, slots: list[Slot], classics: list[int], counts: dict[str, int],
             answers: list[Move]) -> WordOutcome:
    gains = scoring.automatic_gains(slots, classics, counts, seat)
    notes: list[str] = []
    notes_by_card: dict[int, str] = {}
    choices: list[tuple[int, str, int]] = []
    for o in scoring.optional_benefits(slots, classics, counts, seat):
        label = choice_label(o.kind, o.value)
        notes_by_card[o.card] = f"{notes_by_card[o.card]}; {label}" if o.card in notes_by_card else label
        notes.append(f"{card(o.card).letter}: {label}")
        choices.append((o.card, o.kind, o.value))
    return WordOutcome(seat=seat, word=word, move=move, slots=[s.to_list() for s in slots], counts=dict(counts),
                       per_card=dict(gains.per_card), classics=list(classics), coins=gains.coins,
                       prestige=gains.prestige, notes=notes, notes_by_card=notes_by_card, targets=answers,
                       choices=choices)

"""Benefit resolution steps that need no choices from outside: genre counts, uncover, double,
coins and prestige (RULES.md R10-R14, R12.1-R12.4).

The engine resolves a word through these functions, and the solver evaluates candidate
arrangements through the very same ones, so the two can never disagree on a word's value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from .cards import Benefit, CardDef, card
from .state import Slot


def ability_key(card_id: int, index: int) -> str:
    return f"{card_id}:{index}"


def genre_active(c: CardDef, counts: dict[str, int]) -> bool:
    return not c.is_starter and counts.get(c.genre, 0) >= 2


Ability = tuple[int, Benefit, bool]


@cache
def _card_abilities(card_id: int) -> tuple[CardDef, tuple[Ability, ...], tuple[Ability, ...]]:
    # Card data never changes: each card's two ability lists are built once (a hot path of scoring).
    c = card(card_id)
    basic = tuple((i, b, False) for i, b in enumerate(c.basic))
    bonus = tuple((len(c.basic) + i, b, True) for i, b in enumerate(c.genre_bonus))
    return c, basic, basic + bonus


def abilities(card_id: int, counts: dict[str, int]) -> tuple[Ability, ...]:
    """(index, benefit, is_genre_bonus) for each benefit the card gives with these counts."""
    c, basic, every = _card_abilities(card_id)
    return every if len(every) > len(basic) and genre_active(c, counts) else basic


@cache
def _has_kind(card_id: int, kind: str) -> bool:
    return card(card_id).has(kind)


def is_source(slot: Slot, seat: int) -> bool:
    """A word card that gives its benefits to the speller (R10.1)."""
    return slot.face_up and (slot.owner == -1 or slot.owner == seat)


def initial_counts(word: Iterable[Slot], classics: Iterable[int], seat: int) -> dict[str, int]:
    """Genre counts fixed at acceptance (R10.4): face-up own word cards + own classics in play."""
    counts: dict[str, int] = {}
    for slot in word:
        if is_source(slot, seat):
            genre = card(slot.card).genre
            if genre != "starter":
                counts[genre] = counts.get(genre, 0) + 1
    for cid in classics:
        genre = card(cid).genre
        counts[genre] = counts.get(genre, 0) + 1
    return counts


def _neighbours(word: list[Slot], i: int) -> list[int]:
    return [j for j in (i - 1, i + 1) if 0 <= j < len(word)]


def uncover_targets(word: list[Slot], i: int, seat: int) -> list[int]:
    # R14.1: a wild neighbour that is still face down.
    return [j for j in _neighbours(word, i) if word[j].wild and not word[j].uncovered]


def double_targets(word: list[Slot], i: int, seat: int) -> list[int]:
    # R13.2: face-up or uncovered, and not another player's timeless classic.
    return [j for j in _neighbours(word, i) if is_source(word[j], seat)]


def _next_adjacent(kind: str, targets_of: Callable[[list[Slot], int, int], list[int]], word: list[Slot],
                   counts: dict[str, int], used: Iterable[str], seat: int) -> tuple[int, str, list[int]] | None:
    """The first card in word order with an unused ``kind`` ability that has a target (R12.1, R12.2)."""
    used_set = set(used)
    for i, slot in enumerate(word):
        if not _has_kind(slot.card, kind) or not is_source(slot, seat):
            continue
        for index, b, _ in abilities(slot.card, counts):
            key = ability_key(slot.card, index)
            if b.kind == kind and key not in used_set:
                targets = targets_of(word, i, seat)
                if targets:
                    return i, key, targets
    return None


def next_uncover(word: list[Slot], counts: dict[str, int], used: Iterable[str], seat: int
                 ) -> tuple[int, str, list[int]] | None:
    """The next uncover to resolve (R12.1): (slot index, ability key, wild neighbour indexes)."""
    return _next_adjacent("uncover_adjacent", uncover_targets, word, counts, used, seat)


def apply_uncover(word: list[Slot], counts: dict[str, int], used: list[str], key: str, target: int) -> None:
    used.append(key)
    slot = word[target]
    slot.uncovered = True
    genre = card(slot.card).genre
    if genre != "starter":  # R14.4: the uncovered card now counts for its genre
        counts[genre] = counts.get(genre, 0) + 1


def next_double(word: list[Slot], counts: dict[str, int], used: Iterable[str], seat: int
                ) -> tuple[int, str, list[int]] | None:
    """The next double to resolve (R12.2): (slot index, ability key, eligible neighbour indexes)."""
    return _next_adjacent("double_adjacent", double_targets, word, counts, used, seat)


def apply_double(word: list[Slot], used: list[str], key: str, target: int) -> None:
    used.append(key)
    word[target].mult += 1  # R13.3: x2 after one double, x3 after two


@dataclass(slots=True)
class Gains:
    """What R12.3 and R12.4 pay, split the way the statistics of R35 need it."""

    coins: int = 0
    prestige_basic: int = 0
    prestige_genre: int = 0
    per_card: dict[int, tuple[int, int]] = field(default_factory=dict)  # card -> (coins, prestige)

    @property
    def prestige(self) -> int:
        return self.prestige_basic + self.prestige_genre

    def _add(self, card_id: int, coins: int, prestige: int, genre: bool) -> None:
        self.coins += coins
        if genre:
            self.prestige_genre += prestige
        else:
            self.prestige_basic += prestige
        c0, p0 = self.per_card.get(card_id, (0, 0))
        self.per_card[card_id] = (c0 + coins, p0 + prestige)


def automatic_gains(word: list[Slot], classics: Iterable[int], counts: dict[str, int], seat: int) -> Gains:
    """Coins and prestige of R12.3 plus the per-count specials of R12.4, multipliers applied."""
    gains = Gains()
    inked = sum(1 for s in word if s.inked)
    wilds = sum(1 for s in word if s.wild)  # R14.5: uncovered cards still count as wilds
    sources = [(s.card, s.mult) for s in word if is_source(s, seat)]
    sources += [(cid, 1) for cid in classics]
    for cid, mult in sources:
        for _, b, genre in abilities(cid, counts):
            kind = b.kind
            if kind == "coins":
                gains._add(cid, b.value * mult, 0, genre)
            elif kind == "prestige":
                gains._add(cid, 0, b.value * mult, genre)
            elif kind == "coins_per_adventure":
                gains._add(cid, b.value * mult * counts.get("adventure", 0), 0, genre)
            elif kind == "prestige_per_inked_card":
                gains._add(cid, 0, b.value * mult * inked, genre)
            elif kind == "prestige_per_wild":
                gains._add(cid, 0, b.value * mult * wilds, genre)
    return gains


# Benefits resolved after R12.3/R12.4, whose use the player decides or confirms (R12.5-R12.9).
OPTIONAL_KINDS = frozenset({"either_coins_or_prestige", "ink_or_remover", "trash_for_coins", "trash_for_prestige",
                            "dump_discard_for_coins", "jail", "preview"})
_NOT_MULTIPLIED = frozenset({"ink_or_remover", "jail", "preview"})  # R13.5
TRASH_KINDS = frozenset({"trash_for_coins", "trash_for_prestige"})  # R15.1
CHOICE_KINDS = frozenset({"either_coins_or_prestige", "ink_or_remover"})  # R11.2, R11.3


@dataclass(frozen=True, slots=True)
class OptionalBenefit:
    """One optional or either-or benefit a word gives (R12.5-R12.9)."""

    card: int
    kind: str
    value: int  # its number, multiplied where R13.4 says so
    key: str = ""  # ability_key: what the engine marks used once the benefit is taken or passed
    genre: bool = False  # a genre bonus (R10.4), not a basic benefit: the statistics tell them apart


def optional_benefits(word: list[Slot], classics: Iterable[int], counts: dict[str, int], seat: int
                      ) -> list[OptionalBenefit]:
    """The optional benefits of a resolved word, per source in resolution order (word order, then own
    classics), each card's in the order printed.  A trash ability counts only for a card in the word,
    and only its first one: a card leaves the game once (R15.1).  The one list of them: the engine's
    prompts, the solver, the spelling preview and the computer players all read it."""
    in_word = {s.card for s in word if is_source(s, seat)}
    out: list[OptionalBenefit] = []
    for cid, mult in source_multipliers(word, classics, seat):
        trashable = cid in in_word
        for index, b, genre in abilities(cid, counts):
            kind = b.kind
            if kind not in OPTIONAL_KINDS:
                continue
            if kind in TRASH_KINDS:
                if not trashable:
                    continue
                trashable = False
            value = b.value if kind in _NOT_MULTIPLIED else b.value * mult
            out.append(OptionalBenefit(cid, kind, value, ability_key(cid, index), genre))
    return out


def source_multipliers(word: list[Slot], classics: Iterable[int], seat: int) -> list[tuple[int, int]]:
    """(card, multiplier) of every benefit source in resolution order: word order, then own classics."""
    return [(s.card, s.mult) for s in word if is_source(s, seat)] + [(cid, 1) for cid in classics]

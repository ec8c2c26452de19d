"""The player's cards as the search sees them, and upper bounds of what they can be worth.

A bound never undercounts: the search drops a word or a partial arrangement only when its bound
cannot beat the best value already found, so loose bounds cost time, never correctness.  Bounds
depend on which of the player's letters a word uses (a *profile*): a genre bonus counts only if
two cards of that genre can be sources in such a word (R10.3, R10.4), an uncover only if an
uncover card can be face up in it, and so on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from hardback_bot.engine.cards import GENRES, card

from .solver_value import Outcome, Weights, card_bound


@dataclass(slots=True)
class Entry:
    """One usable card: in hand (maybe inked) or a timeless classic in play (R7.1)."""

    card: int
    letter: str  # upper case
    role: str  # "hand", "inked", "own" (own classic in play) or "rival" (another player's)
    owner: int  # -1 for hand cards, else the classic's owner seat
    genre: str = ""
    uncover_basic: bool = False
    uncover_genre: bool = False
    double_basic: int = 0
    double_genre: int = 0
    per_wild: bool = False  # prestige_per_wild is a genre bonus (mystery N)

    @property
    def wildable(self) -> bool:
        return self.role == "hand"  # R7.3: inked cards and classics in play are never wild

    @property
    def source(self) -> bool:
        return self.role != "rival"  # R10.1: another player's classic gives nothing

    @property
    def in_hand(self) -> bool:
        return self.role in ("hand", "inked")


@dataclass(slots=True)
class Profile:
    """Bounds for words that use exactly a given set of the player's letters."""

    weight: list[float]  # per entry: what it can add as a face-up (or revealed) card, doubles included
    plain: list[float]  # per entry: what it gives as a source, adjacency aside
    extra: list[float]  # per entry: what doubling it once adds
    uncover: list[bool]  # per entry: may its uncover work
    double: list[int]  # per entry: double abilities that may work
    base: float  # own classics in play (they give the same in or out of the word)
    uncovers: int  # uncover abilities that may work: at most this many wilds are revealed
    pool: list[int]
    uncover_mode: bool
    double_mode: bool
    per_wild_mode: bool

    @property
    def positional(self) -> bool:
        return self.uncover_mode or self.double_mode

    @property
    def flexible(self) -> bool:
        """May a card that could be face up be better wild? Only with uncover or per-wild prestige."""
        return self.uncover_mode or self.per_wild_mode

    def uncover_bonus(self, taken: set[int] | frozenset[int]) -> float:
        """Bound of what revealed wilds add: the best wildable cards not already counted face up."""
        if not self.uncovers:
            return 0.0
        rest = sorted((self.weight[i] for i in self.pool if i not in taken), reverse=True)
        return sum(rest[: self.uncovers])


@dataclass(slots=True)
class Context:
    """Everything about one player's cards the search needs, computed once per question."""

    seat: int
    weights: Weights
    entries: list[Entry]
    by_letter: dict[str, list[int]]
    pool: list[int]  # entries that may be wild
    inked: list[int]
    own_classics: tuple[int, ...]
    hand_size: int
    discard_size: int | None
    profiles: dict[frozenset[str], Profile] = field(default_factory=dict)
    memo: dict[tuple[object, ...], Outcome] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def profile(self, letters: frozenset[str]) -> Profile:
        """Bounds for words whose letters among the player's are ``letters`` (cached)."""
        letters = frozenset(x for x in letters if x in self.by_letter)
        found = self.profiles.get(letters)
        if found is None:
            found = _profile(self, letters)
            self.profiles[letters] = found
        return found

    def everything(self) -> Profile:
        """Bounds valid for every word (all the player's letters)."""
        return self.profile(frozenset(self.by_letter))


def build_context(seat: int, hand: tuple[int, ...], inked: tuple[int, ...], classics: tuple[tuple[int, int], ...],
                  weights: Weights, discard_size: int | None) -> Context:
    inked_set = set(inked)
    entries: list[Entry] = []
    for cid in hand:
        entries.append(Entry(cid, card(cid).letter, "inked" if cid in inked_set else "hand", -1))
    in_hand = set(hand)
    for cid, owner in classics:
        if cid in in_hand:
            continue
        entries.append(Entry(cid, card(cid).letter, "own" if owner == seat else "rival", owner))
    for e in entries:
        c = card(e.card)
        e.genre = c.genre
        e.uncover_basic = any(b.kind == "uncover_adjacent" for b in c.basic)
        e.uncover_genre = any(b.kind == "uncover_adjacent" for b in c.genre_bonus)
        e.double_basic = sum(1 for b in c.basic if b.kind == "double_adjacent")
        e.double_genre = sum(1 for b in c.genre_bonus if b.kind == "double_adjacent")
        e.per_wild = any(b.kind == "prestige_per_wild" for b in c.genre_bonus)
    by_letter: dict[str, list[int]] = {}
    for i, e in enumerate(entries):
        by_letter.setdefault(e.letter, []).append(i)
    return Context(
        seat=seat, weights=weights, entries=entries, by_letter=by_letter,
        pool=[i for i, e in enumerate(entries) if e.wildable],
        inked=[i for i, e in enumerate(entries) if e.role == "inked"],
        own_classics=tuple(e.card for e in entries if e.role == "own"), hand_size=len(hand),
        discard_size=discard_size,
    )


def _profile(ctx: Context, letters: frozenset[str]) -> Profile:
    entries = ctx.entries
    n = len(entries)
    cands = {i for x in letters for i in ctx.by_letter[x]}
    own = [i for i, e in enumerate(entries) if e.role == "own"]
    # Which genres can be active (R10.3): face-up candidates, own classics, and cards revealed by an
    # uncover (only if an uncover card can be face up, and at most one card per uncover).
    reveal_cards = [i for i in cands if entries[i].in_hand and (entries[i].uncover_basic or entries[i].uncover_genre)]
    optimistic_uncovers = len(reveal_cards)
    counts = {g: 0 for g in GENRES}
    for i in cands.union(own):
        if entries[i].source and entries[i].genre in counts:
            counts[entries[i].genre] += 1
    if optimistic_uncovers:
        for g in GENRES:
            outside = sum(1 for i in ctx.pool if i not in cands and entries[i].genre == g)
            counts[g] += min(optimistic_uncovers, outside)
    possible = {g for g, k in counts.items() if k >= 2}
    w = ctx.weights
    plain = [0.0] * n
    extra = [0.0] * n
    uncover = [False] * n
    double = [0] * n
    wild_max = len(ctx.pool)
    for i, e in enumerate(entries):
        active = e.genre in possible
        plain[i], extra[i] = card_bound(e.card, active, w, counts["adventure"], len(ctx.inked), wild_max)
        if e.source and e.role != "own":
            uncover[i] = e.uncover_basic or (active and e.uncover_genre)
            double[i] = e.double_basic + (e.double_genre if active else 0)
    reach = [i for i in range(n) if i in cands or i in ctx.pool or i in own]
    max_extra = max((extra[i] for i in reach if entries[i].source), default=0.0)
    weight = [0.0] * n
    for i, e in enumerate(entries):
        if e.role == "rival":
            weight[i] = max(0.0, w.rival_classic)
        elif e.role == "own":
            weight[i] = 0.0  # counted in ``base``: an own classic gives the same in or out of the word
        else:
            weight[i] = plain[i] + max_extra * double[i]  # R13.3: a double adds one more copy of a card
    base = sum(plain[i] for i in own)
    face_uncover = any(uncover[i] for i in cands)
    uncovers = sum(1 for i in cands.union(ctx.pool) if uncover[i]) if face_uncover else 0
    return Profile(
        weight=weight, plain=plain, extra=extra, uncover=uncover, double=double, base=base,
        uncovers=uncovers, pool=ctx.pool, uncover_mode=face_uncover,
        double_mode=any(double[i] for i in cands) or (face_uncover and any(double[i] for i in ctx.pool)),
        per_wild_mode=any(entries[i].per_wild and entries[i].genre in possible and entries[i].in_hand
                          for i in (cands | (set(ctx.pool) if face_uncover else set()))),
    )

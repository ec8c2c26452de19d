"""The player's cards as the search sees them, and upper bounds of what they can be worth.

A bound never undercounts: the search drops a word or a partial arrangement only when its bound
cannot beat the best value already found, so loose bounds cost time, never correctness.  Bounds
depend on which of the player's letters a word uses (a *profile*): a genre bonus counts only if
two cards of that genre can be sources in such a word (R10.3, R10.4), an uncover only if an
uncover card can be face up in it, and so on.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine.cards import GENRES, Benefit, card
from hardback_bot.engine.cards import card as card_def

from .value import Outcome, Weights, card_bound, dump_bound

#: How many of each letter a word uses, as (letter, count) pairs in letter order: a key for the bounds'
#: caches that also iterates in the same order in every process (a frozenset's order follows the string
#: hash, which differs between processes, and summing floats in another order can change a bound's last
#: bit, the search's order and so which of two equal plays a budgeted search finds first).
Uses = tuple[tuple[str, int], ...]


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
    kind: object = None  # cards of the same kind (genre, benefits) are interchangeable as wilds
    lower: float = 0.0  # what the card surely gives face up: its basic benefits once (R10.2)

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
    wild_rate: float = 0.0  # bound of what one more wild pays through prestige_per_wild (R11.11)
    dump: list[float] = field(default_factory=list)  # per entry: its dump values (R15.4), in ``weight`` too
    # Per entry, the same three with its genre inactive (a complete layout may leave it at one card).
    plain_off: list[float] = field(default_factory=list)
    extra_off: list[float] = field(default_factory=list)
    dump_off: list[float] = field(default_factory=list)
    dump_cards: int = 0  # sources with a dump
    own_dumps: float = 0.0  # the part of ``base`` that own classics' dumps make up

    @property
    def positional(self) -> bool:
        return self.uncover_mode or self.double_mode

    @property
    def flexible(self) -> bool:
        """May a card that could be face up be better wild? Only with uncover or per-wild prestige."""
        return self.uncover_mode or self.per_wild_mode

    def uncover_bonus(self, taken: set[int] | frozenset[int], limit: int | None = None) -> float:
        """Bound of what revealed wilds add: the best wildable cards not already counted face up
        (``limit``: at most that many reveals)."""
        count = self.uncovers if limit is None else min(limit, self.uncovers)
        if not count:
            return 0.0
        rest = sorted((self.weight[i] for i in self.pool if i not in taken), reverse=True)
        return sum(rest[:count])


class OutOfTime(Exception):
    """A limited search reached its time or work limit; the caller keeps the best play found so far."""


class WordCut(Exception):
    """A word's search reached the work its caller allowed that one word (see ``Context.word_limit``)."""


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
    profiles: dict[Uses, Profile] = field(default_factory=dict)
    memo: dict[tuple[object, ...], Outcome] = field(default_factory=dict)
    shapes: dict[str, tuple[float, Any]] = field(default_factory=dict)  # see best_for_word
    card_bounds: dict[tuple[object, ...], tuple[float, float]] = field(default_factory=dict)  # see cards_bound
    scratch: dict[int, Any] = field(default_factory=dict)  # per-profile helpers of the word search
    card_values: dict[tuple[int, bool, int], tuple[float, ...]] = field(default_factory=dict)  # see _profile
    pool_set: frozenset[int] = frozenset()
    cards_by_letter: dict[str, int] = field(default_factory=dict)  # usable cards per letter
    classics_by_letter: dict[str, int] = field(default_factory=dict)  # of those, classics in play
    deadline: float | None = None  # time.monotonic() after which the search gives up (see OutOfTime)
    work_limit: int | None = None  # work units (see check_time) after which it gives up
    ticks: int = 0  # work units spent
    armed: bool = True  # False while the search has no play yet: it finds one before any limit applies
    word_limit: int | None = None  # ticks after which one word's search stops (WordCut): a first look only

    def check_time(self, units: int = 1) -> None:
        """Count ``units`` of work (a search node, a way of resolving a word) and raise :class:`OutOfTime`
        past the deadline or the work limit.  A work limit does not depend on the machine's speed, so a
        search cut by it gives the same answer everywhere (computer players rely on that)."""
        self.ticks += units
        if self.word_limit is not None and self.ticks > self.word_limit:
            raise WordCut
        if not self.armed:
            return
        if self.work_limit is not None and self.ticks > self.work_limit:
            raise OutOfTime
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime

    def profile(self, uses: Uses) -> Profile:
        """Bounds for words holding ``uses``: (letter, how many of the player's cards of it can be used).

        Letters the player has no card for are left out; the result is cached per question.
        """
        found = self.profiles.get(uses)
        if found is None:
            found = _profile(self, dict(uses))
            self.profiles[uses] = found
        return found

    def uses(self, counts: dict[str, int]) -> Uses:
        """The profile key of a word with these letter counts (upper-case letters)."""
        have = self.cards_by_letter
        return tuple(sorted((x, min(k, have[x])) for x, k in counts.items() if k and x in have))

    def everything(self) -> Profile:
        """Bounds valid for every word (all the player's cards usable)."""
        return self.profile(tuple(sorted((x, len(ids)) for x, ids in self.by_letter.items())))

    def cards_bound(self, prof: Profile, uses: dict[str, int] | Uses, length: int,
                    weight: list[float] | None = None, reveals: int | None = None) -> float:
        """Bound of what a word's cards add: face-up cards, revealed wilds, per-wild prestige, dumps.

        The face-up set F (per letter at most its copies in the word, inked cards always, R6.4) and
        the revealed set R (wildable cards, R7.3) are disjoint; R holds at most one card per uncover
        card in F or R and is empty unless an uncover card is face up (a chain starts there, R14.1,
        R14.3).  With wild rate r and W = length - |F| wilds (R14.5: revealed cards count too),
        value <= sum_F w + sum_R w + r*W, and W <= P - |F & pool| (P wildable cards), so
        value <= min(r*length + sum_F (w - r) + sum_R w, r*P + sum_{F & pool} (w - r) + sum_{F - pool} w
        + sum_R w).  Dumps (R15.4) pay only as many as the discard pile can lose (see
        :meth:`dump_room`): when that binds, only the largest that many dump values of the sources
        (F, R and own classics) count.  Each form is maximised exactly over (F, R) by
        :meth:`_best_faces_and_reveals`; it depends on ``length`` only through the dump room, so it
        is cached per letter uses, weights and binding room.  ``reveals``: at most that many
        reveals (default: the profile's uncover cards).
        """
        weight = weight if weight is not None else prof.weight
        uses_key = uses if isinstance(uses, tuple) else self.uses(uses)
        room: int | None = None
        if prof.dump_cards and self.discard_size is not None:
            room = self.dump_room(uses_key, length)
            if room >= prof.dump_cards:
                room = None  # every dump can pay
        reveals = prof.uncovers if reveals is None else min(reveals, prof.uncovers)
        key = (uses_key, None if weight is prof.weight else tuple(weight), room, reveals)
        found = self.card_bounds.get(key)
        if found is None:
            rate = prof.wild_rate
            by_length = self._best_faces_and_reveals(prof, uses_key, weight, rate, False, room, reveals)
            by_pool = (self._best_faces_and_reveals(prof, uses_key, weight, rate, True, room, reveals) if rate
                       else by_length)
            found = (by_length, by_pool)
            self.card_bounds[key] = found
        rate = prof.wild_rate
        bound = min(found[0] + rate * length, found[1] + rate * len(self.pool))
        if room is not None:
            bound -= prof.own_dumps  # counted by the programme instead of in ``base``
        return bound

    def dump_room(self, uses: Uses, length: int) -> int:
        """Most dumps a word of ``length`` letters can pay (R15.7: each removes a discarded card).

        The discard pile holds the cards there before the turn plus the hand cards left out of the
        word (R7.9); the word uses at least ``length`` minus the classics that can stand in it
        hand cards, and every inked card (R6.4).
        """
        classics = sum(min(u, self.classics_by_letter.get(x, 0)) for x, u in uses)
        hand_used = max(len(self.inked), length - classics)
        return max(0, (self.discard_size or 0) + self.hand_size - hand_used)

    def _best_faces_and_reveals(self, prof: Profile, uses: Uses, weight: list[float],
                                rate: float, by_pool: bool, room: int | None, reveals: int) -> float:
        """max over (F, R) of one form of :meth:`cards_bound` (without its r*length or r*P term).

        A dynamic programme over the cards, letter by letter; its state is (face-up cards of the
        current letter, |R|, uncover card face up?, uncover cards in F and R, dumps counted), all
        small.  With ``room`` set, a card's dump value is counted apart, for at most ``room`` cards.
        """
        entries = self.entries
        pool = self.pool_set
        dump = prof.dump if room is not None else None
        if not reveals and dump is None:
            # Nothing links the letters: per letter, its inked cards and its best other ones.
            total = 0.0
            for x, u in uses:
                faces = sorted((weight[i] - rate if (not by_pool or i in pool) else weight[i]
                                for i in self.by_letter[x] if entries[i].role != "inked"), reverse=True)
                inked = [weight[i] - (0.0 if by_pool else rate)  # inked cards are never wild (R7.3)
                         for i in self.by_letter[x] if entries[i].role == "inked"]
                if len(inked) > u:
                    return -math.inf  # R6.4: every inked card face up, and there is no room
                total += sum(inked) + sum(v for v in faces[: u - len(inked)] if v > 0)
            return total
        groups: list[tuple[list[int], int]] = []
        in_word: set[int] = set()
        for x, u in uses:
            ids = self.by_letter[x]
            groups.append((ids, u))
            in_word.update(ids)
        if reveals:
            # Wildable cards whose letter the word lacks can still be revealed wilds.
            groups.append(([i for i in self.pool if i not in in_word], 0))
        states: dict[tuple[int, bool, int, int], float] = {(0, False, 0, 0): 0.0}
        if dump is not None and room:
            # Own classics are always sources: their dumps compete for the room too.
            for i, e in enumerate(entries):
                if e.role == "own" and dump[i] > 0:
                    nxt: dict[tuple[int, bool, int, int], float] = {}
                    for (j, h, m, c), v in states.items():
                        _keep(nxt, (j, h, m, c), v)
                        if c < room:
                            _keep(nxt, (j, h, m, c + 1), v + dump[i])
                    states = nxt
        for ids, cap in groups:
            cur = {(0, *s): v for s, v in states.items()}
            for i in ids:
                e = entries[i]
                inked = e.role == "inked"
                d = dump[i] if dump is not None and e.role != "own" else 0.0
                face = weight[i] - d - rate if (not by_pool or i in pool) else weight[i] - d
                uncovers = bool(reveals) and prof.uncover[i]
                revealable = bool(reveals) and i in pool
                step: dict[tuple[int, int, bool, int, int], float] = {}
                for (f, j, h, m, c), v in cur.items():
                    if not inked:
                        _keep(step, (f, j, h, m, c), v)
                    if f < cap:
                        on = (f + 1, j, h or uncovers, min(reveals, m + uncovers))
                        _keep(step, (*on, c), v + face)
                        if d > 0 and c < (room or 0):
                            _keep(step, (*on, c + 1), v + face + d)
                    if revealable and j < reveals:
                        on = (f, j + 1, h, min(reveals, m + uncovers))
                        _keep(step, (*on, c), v + weight[i] - d)
                        if d > 0 and c < (room or 0):
                            _keep(step, (*on, c + 1), v + weight[i])
                cur = step
            states = {}
            for (_, j, h, m, c), v in cur.items():
                _keep(states, (j, h, m, c), v)
        return max((v for (j, h, m, _), v in states.items() if j == 0 or (h and j <= m)), default=-math.inf)


def _keep(table: dict[Any, float], key: Any, value: float) -> None:
    if value > table.get(key, -math.inf):
        table[key] = value


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
        e.kind = (e.role, c.genre, c.basic, c.genre_bonus, c.timeless)
        # Own classics give the same in or out of the word; a rival's gives nothing (R10.1, R10.6).
        e.lower = 0.0 if e.role == "own" else weights.rival_classic if e.role == "rival" else _lower(c.basic, weights)
    by_letter: dict[str, list[int]] = {}
    for i, e in enumerate(entries):
        by_letter.setdefault(e.letter, []).append(i)
    return Context(
        seat=seat, weights=weights, entries=entries, by_letter=by_letter,
        pool=[i for i, e in enumerate(entries) if e.wildable],
        pool_set=frozenset(i for i, e in enumerate(entries) if e.wildable),
        cards_by_letter={x: len(ids) for x, ids in by_letter.items()},
        classics_by_letter={x: sum(1 for i in ids if not entries[i].in_hand) for x, ids in by_letter.items()},
        inked=[i for i, e in enumerate(entries) if e.role == "inked"],
        own_classics=tuple(e.card for e in entries if e.role == "own"), hand_size=len(hand),
        discard_size=discard_size,
    )


def _lower(benefits: tuple[Benefit, ...], w: Weights) -> float:
    total = 0.0
    for b in benefits:
        if b.kind == "coins":
            total += w.coins * b.value
        elif b.kind == "prestige":
            total += w.prestige * b.value
        elif b.kind == "either_coins_or_prestige":
            total += max(w.coins, w.prestige) * b.value
        elif b.kind == "ink_or_remover":
            total += max(w.ink, w.remover)  # a mandatory choice (R12.8): it counts even when negative
    return total


def _profile(ctx: Context, uses: dict[str, int]) -> Profile:
    entries = ctx.entries
    n = len(entries)
    # Cards that may be face up: inked ones always, the others only if a copy of the letter is left.
    face_ok: set[int] = set()
    for x, u in uses.items():
        ids = ctx.by_letter[x]
        inked = [i for i in ids if entries[i].role == "inked"]
        face_ok.update(inked)
        if u > len(inked):
            face_ok.update(i for i in ids if entries[i].role != "inked")
    own = [i for i, e in enumerate(entries) if e.role == "own"]
    # Genre counts (R10.4) can reach: per letter at most its copies, own classics always, plus one
    # revealed wild per uncover ability that may work (R14.4).  Genre-bonus uncovers need their genre
    # active first, so iterate to a fixed point.
    face_counts = {g: 0 for g in GENRES}
    for x, u in uses.items():
        per_genre: dict[str, int] = {}
        for i in ctx.by_letter[x]:
            e = entries[i]
            if i in face_ok and e.role != "own" and e.source:
                per_genre[e.genre] = per_genre.get(e.genre, 0) + 1
        for g, k in per_genre.items():
            if g in face_counts:
                face_counts[g] += min(u, k)
    for i in own:
        if entries[i].genre in face_counts:
            face_counts[entries[i].genre] += 1
    pool_genre = {g: sum(1 for i in ctx.pool if entries[i].genre == g) for g in GENRES}

    def works(i: int, possible: set[str]) -> bool:
        e = entries[i]
        return e.in_hand and (e.uncover_basic or (e.uncover_genre and e.genre in possible))

    possible = {g for g, k in face_counts.items() if k >= 2}
    reveals = 0
    while True:
        if any(works(i, possible) for i in face_ok):
            reveals = sum(1 for i in face_ok.union(ctx.pool) if works(i, possible))
        # Never more than the distinct cards of the genre that can be sources at all.
        able = face_ok.union(own, ctx.pool if reveals else ())
        sources = {g: 0 for g in GENRES}
        for i in able:
            e = entries[i]
            if e.source and e.genre in sources:
                sources[e.genre] += 1
        counts = {g: min(face_counts[g] + min(reveals, pool_genre[g]), sources[g]) for g in GENRES}
        widened = {g for g, k in counts.items() if k >= 2}
        if widened == possible:
            break
        possible = widened
    w = ctx.weights
    plain = [0.0] * n
    extra = [0.0] * n
    uncover = [False] * n
    double = [0] * n
    dumps = [0.0] * n
    plain_off = [0.0] * n
    extra_off = [0.0] * n
    dumps_off = [0.0] * n
    values = ctx.card_values
    adventure = counts["adventure"]
    for i, e in enumerate(entries):
        active = e.genre in possible
        # Per-wild prestige is bounded per word (Context.cards_bound), not per card: wild_max 0 here.
        key = (e.card, active, adventure)
        found = values.get(key)
        if found is None:
            found = (*card_bound(e.card, active, w, adventure, len(ctx.inked), 0),
                     *card_bound(e.card, False, w, adventure, len(ctx.inked), 0),
                     dump_bound(e.card, active, w), dump_bound(e.card, False, w))
            values[key] = found  # the same card in every profile of this question: computed once
        plain[i], extra[i], plain_off[i], extra_off[i], dump_on, dump_off = found
        if e.source:
            dumps[i] = dump_on
            dumps_off[i] = dump_off
        if e.source and e.role != "own":
            uncover[i] = works(i, possible)
            double[i] = e.double_basic + (e.double_genre if active else 0)
    reach = face_ok.union(own, ctx.pool if reveals else ())
    # A double reaches another card: the best doublable card other than the doubler itself.
    ranked = sorted(((extra[i], i) for i in reach if entries[i].source), reverse=True)[:2]
    weight = [0.0] * n
    for i, e in enumerate(entries):
        if e.role == "rival":
            weight[i] = max(0.0, w.rival_classic)
        elif e.role == "own":
            weight[i] = 0.0  # counted in ``base``: an own classic gives the same in or out of the word
        else:
            other = next((x for x, j in ranked if j != i), 0.0)
            weight[i] = plain[i] + other * double[i]  # R13.3: a double adds one more copy of a card
    base = sum(plain[i] for i in own)
    revealable = face_ok.union(ctx.pool) if reveals else face_ok
    per_wild = sum(b.value for i in revealable if entries[i].per_wild and entries[i].genre in possible
                   for b in card_def(entries[i].card).genre_bonus if b.kind == "prestige_per_wild")
    doubles = sum(double[i] for i in revealable)
    return Profile(
        weight=weight, plain=plain, extra=extra, uncover=uncover, double=double, base=base,
        uncovers=reveals, pool=ctx.pool, uncover_mode=bool(reveals),
        double_mode=any(double[i] for i in revealable),
        per_wild_mode=bool(per_wild), wild_rate=max(0.0, w.prestige) * per_wild * (1 + doubles),
        dump=dumps, dump_cards=sum(1 for d in dumps if d > 0), own_dumps=sum(dumps[i] for i in own),
        plain_off=plain_off, extra_off=extra_off, dump_off=dumps_off,
    )

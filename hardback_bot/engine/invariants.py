"""Consistency checks over a whole game state, used by the property tests and the store's
crash tests: no card created or lost, no negative counts, a row of at most 7 cards."""

from __future__ import annotations

from collections import Counter

from .cards import coin_starter_ids, genre_card_ids, prestige_starter_ids, starter_instance
from .game import Game
from .table import ROW_SIZE


def card_locations(game: Game) -> Counter[int]:
    """How many times each card id appears across every zone of the game."""
    s = game.state
    t = s.turn
    seen: Counter[int] = Counter()
    for p in s.players:
        seen.update(p.draw)
        seen.update(p.discard)
        seen.update(p.hand)
        seen.update(p.timeless)
        if p.jail is not None:
            seen[p.jail] += 1
    # Word cards from the hand live only in the word; classics in play stay in their timeless area.
    seen.update(sl.card for sl in t.word if sl.owner == -1 and sl.card not in t.trashed)
    discarded = set(t.extra.preview_discards)
    seen.update(c for c in t.preview_cards if c not in discarded)
    seen.update(s.offer_row)
    seen.update(s.offer_deck)
    seen.update(s.removed)
    seen.update(s.box)
    return seen


def expected_cards(num_players: int) -> Counter[int]:
    ids = genre_card_ids() + prestige_starter_ids()
    ids += [starter_instance(d, seat) for seat in range(num_players) for d in coin_starter_ids()]
    return Counter(ids)


def check(game: Game) -> None:
    """Raise AssertionError describing the first broken invariant."""
    seen = card_locations(game)
    expected = expected_cards(game.num_players)
    if seen != expected:
        extra = seen - expected
        missing = expected - seen
        raise AssertionError(f"card conservation broken: extra {dict(extra)}, missing {dict(missing)}")
    s = game.state
    if len(s.offer_row) > ROW_SIZE:
        raise AssertionError(f"offer row holds {len(s.offer_row)} cards")
    if s.turn.coins < 0:
        raise AssertionError("negative coins")
    for p in s.players:
        if p.ink < 0 or p.remover < 0:
            raise AssertionError(f"seat {p.seat} has negative ink or remover")
        if not set(p.inked) <= set(p.hand) or not set(p.cleared) <= set(p.hand):
            raise AssertionError(f"seat {p.seat} has inked or cleared cards outside the hand")

"""A plausible whole game built from one seat's view and the public facts alone (a *determinization*).

The expert player searches by playing the game forward, which needs every card somewhere.  What the
seat sees (:class:`~hardback_bot.ai.seen.Seen`: ``player_view`` plus public facts) fixes most of it; the
rest is drawn at random, consistently with what the seat knows:

* its own draw pile: the contents are known (R28.3), the order is shuffled;
* a rival's cards with closed hands (R28.1): which cards a rival owns is public knowledge up to the
  prestige starters it never showed (its coin starters, the cards it bought, the cards its words showed,
  minus what it trashed or dumped, all in :attr:`Public.log`); those cards, and prestige starters nobody
  has shown, are dealt at random into its hand (beside its public inked cards), draw pile and discard pile
  with the counts the view gives;
* the offer deck and the removed pile: the genre cards seen nowhere, at random, with the view's counts.

Nothing here reads a game: the input is the view and the public facts, so reshuffling what the seat
cannot see never changes a determinization (tests/ai/test_hidden_information.py).  The built game has
no votes, ghostwriter or family-friendly check (the search spells only listed words), and its RNG is
seeded from the caller's generator.
"""

from __future__ import annotations

import random
from typing import Any

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.cards import (
    STARTER_SEAT_BASE,
    card,
    coin_starter_ids,
    genre_card_ids,
    prestige_starter_ids,
    starter_instance,
)
from hardback_bot.engine.moves import LoggedMove, Move
from hardback_bot.engine.scoring import CHOICE_KINDS, ability_key, optional_benefits
from hardback_bot.engine.state import BUY, CHOICE, DUMP, FLUSH, JAIL, PREVIEW, SPELL, TRASH, Slot
from hardback_bot.engine.stats import PlayerStats, TableStats

from ..seen import Seen

#: Phases a determinization can start from (the others are answered without a search).
PHASES = (SPELL, TRASH, DUMP, PREVIEW, CHOICE, JAIL, FLUSH, BUY)
_RESOLUTION_ORDER = (TRASH, DUMP, PREVIEW, CHOICE, JAIL, FLUSH, BUY)


def owners(log: tuple[LoggedMove, ...], num_players: int) -> dict[int, int]:
    """Card -> seat, for every card the public moves show in a seat's deck now (bought, shown in a word,
    or a coin starter); -1 for a card trashed or dumped since (R15: it left the game)."""
    owner: dict[int, int] = {}
    for seat in range(num_players):
        for d in coin_starter_ids():
            owner[starter_instance(d, seat)] = seat
    for seat, move in log:
        if move.kind == "spell":
            for w in move.word:
                owner.setdefault(w.card, seat)  # a rival's classic in the word stays its owner's
        elif move.kind == "buy" and move.card is not None:
            owner[move.card] = seat
        elif move.kind in ("trash", "dump") and move.card is not None:
            owner[move.card] = -1
    return owner


def this_turn(log: tuple[LoggedMove, ...], seat: int) -> list[Move]:
    """The active seat's public moves since its word of this turn (the last ``spell`` of that seat)."""
    moves: list[Move] = []
    for who, move in reversed(log):
        if who != seat:
            continue
        if move.kind == "spell":
            break
        moves.append(move)
    return moves[::-1]


def determinize(seen: Seen, rng: random.Random) -> Game:
    """A full game consistent with ``seen``, at its current decision (one of :data:`PHASES`)."""
    view = seen.view
    n = seen.num_players
    players_view: list[dict[str, Any]] = view["players"]
    visible: set[int] = set(seen.offer_row)
    for p in players_view:
        visible |= set(p["timeless"]) | set(p["inked"])
        visible |= set(p.get("hand", ())) | set(p.get("discard", ())) | set(p.get("draw_contents", ()))
        if p["jail"] is not None:
            visible.add(p["jail"])
    visible |= {slot[0] for slot in seen.turn.get("word", [])}
    trashed = [int(c) for c in seen.turn.get("trashed", [])]
    visible |= set(trashed)
    owner = owners(seen.public.log, n)
    prestige_starters = set(prestige_starter_ids())
    loose_prestige = sorted(prestige_starters - set(owner) - visible)  # never shown: some rival's, or boxed
    rng.shuffle(loose_prestige)
    hidden_genre = sorted(set(genre_card_ids()) - visible - {c for c, s in owner.items() if s >= 0})
    rng.shuffle(hidden_genre)
    players = []
    for pv in players_view:
        players.append(_player(pv, n, owner, visible, loose_prestige, hidden_genre, rng, seen))
    deck_count = int(view["offer_deck_count"])
    offer_deck = hidden_genre[:deck_count]
    removed = trashed + hidden_genre[deck_count:deck_count + max(0, int(view["removed_count"]) - len(trashed))]
    options = dict(view["options"])
    options.update(vote="off", ghostwriter=False, family_friendly=False, turn_timer=0, hints=False)
    if options["dictionary"] == "none":
        options["dictionary"] = "common"
    state = {
        "seed": 0,
        "rng": rng.getrandbits(63),
        "players": players,
        "offer_row": seen.offer_row,
        "offer_deck": offer_deck,
        "removed": removed,
        "box": [],
        "turn": _turn(seen),
        "round": seen.round,
        "final_round": seen.final_round,
        "finished": False,
        "word_history": [[s, w] for s, w in seen.public.history],
        "table_stats": TableStats().to_dict(),
        "score_history": [list(r) for r in view["score_history"]],
        "penny": _penny(seen),
    }
    data = {"format": 1, "num_players": n, "options": GameOptions.from_dict(options).to_dict(), "state": state,
            "log": []}
    return Game.from_dict(data, checker=seen.public.dictionary)


def _player(pv: dict[str, Any], n: int, owner: dict[int, int], visible: set[int], loose_prestige: list[int],
            hidden_genre: list[int], rng: random.Random, seen: Seen) -> dict[str, Any]:
    seat = int(pv["seat"])
    inked = [int(c) for c in pv["inked"]]
    if "hand" in pv and "draw_contents" in pv:
        hand, discard = list(pv["hand"]), list(pv["discard"])
        draw = list(pv["draw_contents"])
        rng.shuffle(draw)
    else:
        hand_known = list(pv.get("hand", inked))
        slots = (int(pv["hand_count"]) - len(hand_known)) + int(pv["draw_count"]) + int(pv["discard_count"])
        cards = sorted(c for c, s in owner.items() if s == seat and c not in visible)
        rng.shuffle(cards)
        while len(cards) < slots and loose_prestige:  # prestige starters it never showed (R3.2)
            cards.append(loose_prestige.pop())
        while len(cards) < slots and hidden_genre:
            cards.append(hidden_genre.pop())
        cards = cards[:slots]
        rng.shuffle(cards)
        cut = int(pv["hand_count"]) - len(hand_known)
        hand = hand_known + cards[:cut]
        draw = cards[cut:cut + int(pv["draw_count"])]
        discard = cards[cut + int(pv["draw_count"]):]
    coop = seen.coop
    return {
        "seat": seat, "draw": draw, "discard": discard, "hand": hand, "inked": inked,
        "cleared": list(pv.get("cleared", [])), "timeless": list(pv["timeless"]), "jail": pv["jail"],
        "prestige": 0 if coop else int(pv["prestige"]), "ink": int(pv["ink"]), "remover": int(pv["remover"]),
        "adverts": int(pv["adverts"]), "award": int(pv["award"]), "stats": PlayerStats().to_dict(),
        "best_word": "", "longest_word": "",
    }


def _penny(seen: Seen) -> dict[str, Any]:
    if not seen.coop:
        return {}
    penny = dict(seen.penny)
    penny.setdefault("team", seen.prestige)
    penny["claimed"] = []
    return penny


def _turn(seen: Seen) -> dict[str, Any]:
    """The current turn: fresh at spelling; later, the public word, counts and coins, with the abilities
    already resolved marked used (what the step the view shows implies)."""
    t = seen.turn
    phase = seen.phase
    turn: dict[str, Any] = {
        "seat": seen.active, "phase": phase, "word": [], "classics": [], "counts": {}, "used": [], "trashed": [],
        "skipped_dumps": False, "skipped_jails": False, "preview_cards": [], "preview_returned": [], "coins": 0,
        "prestige_from_word": 0, "changed_row": False, "flushed": False, "history_recorded": False, "extra": {},
    }
    if phase == SPELL:
        return turn
    word = [Slot.from_list(s) for s in t["word"]]
    in_word = {s.card for s in word}
    classics = [c for c in seen.player(seen.active)["timeless"] if c not in in_word]
    counts = {str(k): int(v) for k, v in t["counts"].items()}
    used = [ability_key(s.card, i) for s in word for i, b in enumerate(card(s.card).basic + card(s.card).genre_bonus)
            if b.kind in ("uncover_adjacent", "double_adjacent")]
    step = _RESOLUTION_ORDER.index(phase)
    benefits = optional_benefits(word, classics, counts, seen.active)
    if step >= _RESOLUTION_ORDER.index(CHOICE):
        used += [o.key for o in benefits if o.kind == "preview"]
    if phase == CHOICE:
        used += _choices_before(benefits, seen.pending)
    if step > _RESOLUTION_ORDER.index(CHOICE):
        used += [o.key for o in benefits if o.kind in CHOICE_KINDS]
    if step > _RESOLUTION_ORDER.index(JAIL):
        used += [o.key for o in benefits if o.kind == "jail"]
    moves = this_turn(seen.public.log, seen.active)
    kinds = {m.kind for m in moves}
    turn.update(
        word=[s.to_list() for s in word], classics=classics, counts=counts, used=used,
        trashed=[int(c) for c in t.get("trashed", [])], coins=int(t.get("coins", 0)),
        skipped_dumps=step > _RESOLUTION_ORDER.index(DUMP), skipped_jails=step > _RESOLUTION_ORDER.index(JAIL),
        changed_row=bool(kinds & {"buy", "reserve", "remove", "flush"}), flushed="flush" in kinds,
        history_recorded=step >= _RESOLUTION_ORDER.index(FLUSH),
    )
    return turn


def _choices_before(benefits: list[Any], pending: dict[str, Any]) -> list[str]:
    """Keys of the choices already made when the engine asks about ``pending`` (R12.8: word order, each
    card's coins-or-prestige choices before its ink-or-remover)."""
    order: list[Any] = []
    for o in benefits:
        if o.kind in CHOICE_KINDS and all(o.card != x.card for x in order):
            mine = [x for x in benefits if x.card == o.card and x.kind in CHOICE_KINDS]
            order += sorted(mine, key=lambda x: x.kind != "either_coins_or_prestige")
    keys = []
    for o in order:
        if o.card == pending.get("card") and o.kind == pending.get("kind") and (
                o.kind != "either_coins_or_prestige" or o.value == pending.get("value")):
            break
        keys.append(o.key)
    return keys


__all__ = ["PHASES", "STARTER_SEAT_BASE", "determinize", "owners", "this_turn"]

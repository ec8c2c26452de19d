"""Card abilities and their choices (RULES.md R10-R16, the steps R12.1-R12.8 of resolving a word):
uncover, double, the automatic coins and prestige, trash, dump, preview, and the coins-or-prestige and
ink-or-remover choices.  (Jail, R17, is a step of the market: market.py.)

The arithmetic without choices (genre counts, targets, multipliers, gains) is in scoring.py, shared
with the solver.  These functions resolve one step each; turn.py decides which step comes next.
"""

from __future__ import annotations

from . import scoring
from .cards import GENRES, card
from .errors import IllegalMove
from .events import CardEarnings, Double, Dump, Earn, Event, Gain, Preview, PreviewDiscard, Take, Trash, Uncover
from .moves import Move
from .scoring import CHOICE_KINDS, TRASH_KINDS, OptionalBenefit
from .state import CHOICE, DOUBLE, DUMP, PREVIEW, PREVIEWING, TRASH, UNCOVER
from .table import Table


def pending_benefits(table: Table) -> list[OptionalBenefit]:
    """The optional benefits of this turn's word not yet taken or passed, in resolution order (word
    order, then own classics; R12), as ``scoring.optional_benefits`` lists them for the solver too."""
    t = table.turn
    return [o for o in scoring.optional_benefits(t.word, t.classics, t.counts, t.seat) if o.key not in t.used]


def unused_abilities(table: Table, *kinds: str) -> list[OptionalBenefit]:
    """The pending benefits of the given kinds, skipping cards trashed this turn (R15.1: they left)."""
    t = table.turn
    return [o for o in pending_benefits(table) if o.kind in kinds and o.card not in t.trashed]


def gain(table: Table, seat: int, coins: int, prestige: int, genre: bool | None, events: list[Event],
         source: int | None = None) -> None:
    """Coins and prestige earned by one benefit (R12.16: final as they are gained); ``genre``: whether the
    prestige counts as a genre benefit's or a basic one's (R35), None when it counts as neither."""
    p = table.player(seat)
    t = table.turn
    if coins:
        t.coins += coins
        p.stats.coins += coins
    if prestige:
        table.add_prestige(seat, prestige)
        t.prestige_from_word += prestige
        if genre:
            p.stats.points_genre += prestige
        elif genre is not None:
            p.stats.points_basic += prestige
    if coins or prestige:
        events.append(Gain(seat=seat, coins=coins, prestige=prestige, card=source))
        tally = table.tally()
        tally.coins += coins
        tally.prestige += prestige


# ---------------------------------------------------------------------------- uncover and double (R13, R14)
def next_uncover(table: Table) -> tuple[int, str, list[int]] | None:
    """R12.1: (slot of the acting card, its ability key, the wild neighbours it may uncover)."""
    t = table.turn
    return scoring.next_uncover(t.word, t.counts, t.used, t.seat)


def next_double(table: Table) -> tuple[int, str, list[int]] | None:
    """R12.2: (slot of the doubler, its ability key, the neighbours it may double)."""
    t = table.turn
    return scoring.next_double(t.word, t.counts, t.used, t.seat)


def uncover(table: Table, source: int, key: str, target: int, events: list[Event]) -> None:
    """R14: the card at slot ``source`` uncovers the wild at slot ``target`` (it now counts, R14.4)."""
    t = table.turn
    scoring.apply_uncover(t.word, t.counts, t.used, key, target)
    events.append(Uncover(seat=t.seat, card=t.word[target].card, source=t.word[source].card))


def double(table: Table, source: int, key: str, target: int, events: list[Event]) -> None:
    """R13: the card at slot ``source`` doubles the card at slot ``target`` (x2, then x3, R13.3)."""
    t = table.turn
    scoring.apply_double(t.word, t.used, key, target)
    events.append(Double(seat=t.seat, card=t.word[target].card, multiplier=t.word[target].mult,
                         source=t.word[source].card))


def choose_target(table: Table, seat: int, m: Move) -> list[Event]:
    """``uncover C`` / ``double C``: the player picks one of two targets (R12.1, R12.2)."""
    phase = UNCOVER if m.kind == "uncover" else DOUBLE
    table.require_turn(seat, phase)
    found = next_uncover(table) if phase == UNCOVER else next_double(table)
    assert found is not None
    i, key, targets = found
    word = table.turn.word
    chosen = [j for j in targets if word[j].card == m.card]
    if not chosen:
        raise IllegalMove.of("bad_target", cards=[word[j].card for j in targets], source=word[i].card)
    events: list[Event] = []
    (uncover if phase == UNCOVER else double)(table, i, key, chosen[0], events)
    return events


# ---------------------------------------------------------------------------- coins and prestige (R12.3, R12.4)
def pay_automatic(table: Table, events: list[Event]) -> None:
    """R12.3, R12.4, R12.17: every automatic coin and prestige, computed once after uncover and double."""
    t = table.turn
    gains = scoring.automatic_gains(t.word, t.classics, t.counts, t.seat)
    p = table.player(t.seat)
    t.coins += gains.coins
    p.stats.coins += gains.coins
    if gains.prestige:
        table.add_prestige(t.seat, gains.prestige)
        t.prestige_from_word += gains.prestige
    p.stats.points_basic += gains.prestige_basic
    p.stats.points_genre += gains.prestige_genre
    tally = table.tally()
    tally.coins += gains.coins
    tally.prestige += gains.prestige
    events.append(Earn(seat=t.seat, coins=gains.coins, prestige=gains.prestige,
                       per_card=tuple(CardEarnings(k, c, p) for k, (c, p) in gains.per_card.items()),
                       active=tuple(sorted(g for g in GENRES if t.counts.get(g, 0) >= 2))))


# ---------------------------------------------------------------------------- trash (R15.1-R15.3)
def trash_choices(table: Table) -> list[tuple[int, tuple[str, str, int, bool]]]:
    """(card, (ability key, "coins" or "prestige", value, genre bonus?)) for each card that may trash
    (R15.1: a card of the word trashes itself; optional_benefits lists only those)."""
    return [(o.card, (o.key, "coins" if o.kind == "trash_for_coins" else "prestige", o.value, o.genre))
            for o in unused_abilities(table, *TRASH_KINDS)]


def trash(table: Table, seat: int, m: Move) -> list[Event]:
    """``trash C``: the card leaves the game for its trash value (R15.1-R15.3, E25); its other gains stay."""
    t = table.require_turn(seat, TRASH)
    cid = m.card
    options = [o for c, o in trash_choices(table) if c == cid]
    if cid is None or not options:
        raise IllegalMove.of("cannot_trash", card=cid)
    key, kind, value, genre = options[0]
    t.used.append(key)
    t.trashed.append(cid)
    p = table.player(seat)
    if t.word and any(s.card == cid and s.owner == seat for s in t.word):
        p.timeless.remove(cid)  # an own classic in play that trashes itself leaves play
    table.remove_from_game(cid)
    p.stats.cards_trash += 1
    table.tally().trashed.append(cid)
    coins, prestige = (value, 0) if kind == "coins" else (0, value)
    events: list[Event] = [Trash(seat=seat, card=cid, coins=coins, prestige=prestige)]
    gain(table, seat, coins, prestige, genre, events, cid)
    return events


# ---------------------------------------------------------------------------- dump (R15.4-R15.7)
def dump_available(table: Table) -> bool:
    """R15.6, R15.7: an unused dump ability, a card to dump, and the step not passed."""
    t = table.turn
    return (not t.skipped_dumps and bool(table.player(t.seat).discard)
            and bool(unused_abilities(table, "dump_discard_for_coins")))


def dump_value(table: Table) -> int:
    """Coins the next dump would pay (the highest unused dump ability, E20), 0 if none."""
    return max((o.value for o in unused_abilities(table, "dump_discard_for_coins")), default=0)


def dump(table: Table, seat: int, m: Move) -> list[Event]:
    """``dump C``: a card of your discard pile leaves the game for the highest dump value left (R15.4, E20)."""
    t = table.require_turn(seat, DUMP)
    p = table.player(seat)
    if m.card not in p.discard:
        raise IllegalMove.of("not_in_discard", card=m.card)
    best = max(unused_abilities(table, "dump_discard_for_coins"), key=lambda o: o.value)  # E20
    t.used.append(best.key)
    p.discard.remove(m.card)
    table.remove_from_game(m.card)
    p.stats.cards_trash += 1
    table.tally().dumped.append(m.card)
    events: list[Event] = [Dump(seat=seat, card=m.card, coins=best.value, source=best.card)]
    gain(table, seat, best.value, 0, None, events, best.card)
    return events


# ---------------------------------------------------------------------------- preview (R16)
def _preview_ability(table: Table) -> OptionalBenefit | None:
    found = unused_abilities(table, "preview")
    return found[0] if found else None


def preview_available(table: Table) -> bool:
    """R16.1, R12.7: offered during trash, dump and preview while cards remain to look at."""
    t = table.turn
    p = table.player(t.seat)
    return (t.phase in (TRASH, DUMP, PREVIEW) and not t.preview_cards
            and _preview_ability(table) is not None and bool(p.draw or p.discard))


def preview(table: Table, seat: int, m: Move) -> list[Event]:
    """R16.2, E10: draw up to 3 cards (reshuffling the discard pile part-way if needed)."""
    t = table.require_turn(seat, TRASH, DUMP, PREVIEW)
    if not preview_available(table):
        raise IllegalMove.of("no_preview")
    ability = _preview_ability(table)
    assert ability is not None
    t.used.append(ability.key)
    p = table.player(seat)
    events: list[Event] = []
    for _ in range(ability.value):  # R13.5: the preview count is never multiplied
        cid = table.draw(p, events)
        if cid is None:
            break
        t.preview_cards.append(cid)
    t.preview_returned = []
    t.phase = PREVIEWING
    events.append(Preview(seat=seat, count=len(t.preview_cards), source=ability.card))
    return events


def decline_preview(table: Table) -> None:
    """Passing at the preview step gives the preview up for this turn."""
    ability = _preview_ability(table)
    if ability:
        table.turn.used.append(ability.key)


def preview_unhandled(table: Table) -> list[int]:
    """The previewed cards not yet returned or discarded."""
    t = table.turn
    return [c for c in t.preview_cards if c not in t.preview_returned and c not in t.extra.preview_discards]


def handle_preview(table: Table, seat: int, m: Move) -> list[Event]:
    """``return C`` / ``discard C`` (R16.3); after the last card, back to the trash step (R12.13, R16.4)."""
    t = table.require_turn(seat, PREVIEWING)
    if m.card not in preview_unhandled(table):
        raise IllegalMove.of("not_previewed", card=m.card)
    p = table.player(seat)
    events: list[Event] = []
    if m.kind == "return":
        t.preview_returned.append(m.card)
    else:
        t.extra.preview_discards.append(m.card)
        p.discard.append(m.card)
        events.append(PreviewDiscard(seat=seat, card=m.card))
    if not preview_unhandled(table):
        # R16.3 [Bot default]: returned cards keep their original relative order, first drawn on top.
        for cid in reversed(t.preview_cards):
            if cid in t.preview_returned:
                p.draw.append(cid)
        t.preview_cards = []
        t.preview_returned = []
        t.extra.preview_discards = []
        t.skipped_dumps = False  # R12.13, R15.6: back to trash, then dump
        t.phase = TRASH
    return events


def put_back_preview(table: Table) -> None:
    """R33.2 has no preview path: cards not discarded go back on the draw pile as they were."""
    t = table.turn
    if not t.preview_cards:
        return
    p = table.player(t.seat)
    discarded, t.extra.preview_discards = t.extra.preview_discards, []
    for cid in reversed(t.preview_cards):
        if cid not in discarded:
            p.draw.append(cid)
    t.preview_cards = []
    t.preview_returned = []


# ---------------------------------------------------------------------------- choices (R12.8, R11.2, R11.3)
def next_choice(table: Table) -> tuple[int, str, str, int] | None:
    """(card, ability key, kind, value) of the next choice: in word order, per card its
    coins-or-prestige choices, then its ink-or-remover (a trashed card's choices stay: its other gains do)."""
    choices = [o for o in pending_benefits(table) if o.kind in CHOICE_KINDS]
    if not choices:
        return None
    of_card = [o for o in choices if o.card == choices[0].card]
    o = next((o for o in of_card if o.kind == "either_coins_or_prestige"), of_card[0])
    return o.card, o.key, o.kind, o.value if o.kind == "either_coins_or_prestige" else 0


def choice_options(kind: str) -> tuple[str, str]:
    """The two ways a choice of ``kind`` can be taken (R11.2, R11.3)."""
    return ("coins", "prestige") if kind == "either_coins_or_prestige" else ("ink", "remover")


def take(table: Table, seat: int, m: Move) -> list[Event]:
    """``take coins|prestige|ink|remover``: all one way, never split (R11.2, R11.3)."""
    t = table.require_turn(seat, CHOICE)
    choice = next_choice(table)
    assert choice is not None
    cid, key, kind, value = choice
    if m.choice not in choice_options(kind):
        raise IllegalMove.of("bad_choice", kind=kind, card=cid)
    t.used.append(key)
    events: list[Event] = []
    p = table.player(seat)
    if m.choice == "ink":
        p.ink += 1
        events.append(Take(seat=seat, card=cid, choice="ink"))
    elif m.choice == "remover":
        p.remover += 1
        events.append(Take(seat=seat, card=cid, choice="remover"))
    else:
        genre = int(key.split(":")[1]) >= len(card(cid).basic)
        coins = value if m.choice == "coins" else 0
        gain(table, seat, coins, value - coins, genre, events, cid)
    return events

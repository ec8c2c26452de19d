"""The market (RULES.md R17, R19, R25): jailing offer-row cards, buying cards, adverts, and converting ink
into the coins that make something affordable.  The offer row itself (refill, flush, cycling) is
offer_row.py; co-op's signatures on buying and spending ink are coop.py.
"""

from __future__ import annotations

from . import coop, game_end, offer_row
from .abilities import unused_abilities
from .cards import card
from .errors import IllegalMove
from .events import Advert, Buy, Convert, Event, Gain, Jail, Unjail
from .moves import Move
from .options import ADVERTS
from .scoring import OptionalBenefit
from .state import BUY, JAIL
from .table import Table


# ---------------------------------------------------------------------------- jail (R17)
def next_jail(table: Table) -> OptionalBenefit | None:
    """The jail ability to use next, or None once none is left or the step was passed (R17.4)."""
    t = table.turn
    if t.skipped_jails:
        return None
    found = unused_abilities(table, "jail")
    if not found:
        return None
    own = table.player(t.seat).timeless
    # R17.5: abilities of your own timeless classics first, oldest first; then word order.
    found.sort(key=lambda o: (0, own.index(o.card)) if o.card in own else (1, 0))
    return found[0]


def jail(table: Table, seat: int, m: Move) -> list[Event]:
    """``reserve C`` / ``remove C`` (R17.1, R17.2, E9): the row is refilled at once; no cycling."""
    t = table.require_turn(seat, JAIL)
    s = table.state
    if m.card not in s.offer_row:
        raise IllegalMove.of("not_in_row", card=m.card)
    ability = next_jail(table)
    assert ability is not None
    reserve = m.kind == "reserve"
    t.used.append(ability.key)
    p = table.player(seat)
    events: list[Event] = []
    s.offer_row.remove(m.card)
    if reserve:
        if p.jail is not None:  # E9: the older jailed card leaves the game
            s.removed.append(p.jail)
            events.append(Unjail(seat=seat, card=p.jail))
        p.jail = m.card
    else:
        s.removed.append(m.card)
    p.stats.cards_jail += 1
    p.stats.coop_jail += card(m.card).cost
    tally = table.tally()
    (tally.reserved if reserve else tally.removed).append(m.card)
    t.changed_row = True
    events.append(Jail(seat=seat, card=m.card, reserve=reserve, source=ability.card))
    offer_row.refill_one(table, events)
    return events


# ---------------------------------------------------------------------------- purchase (R19, R25)
def affordable_cards(table: Table) -> list[int]:
    """Row cards and your own jailed card that your coins pay for (R19.1-R19.3)."""
    t = table.turn
    p = table.player(t.seat)
    cards = [c for c in table.state.offer_row if card(c).cost <= t.coins]
    if p.jail is not None and card(p.jail).cost <= t.coins:
        cards.append(p.jail)
    return cards


def next_advert(table: Table) -> tuple[int, int] | None:
    """R25.1, R25.2: (cost, prestige) of the active player's next advert, in table order."""
    p = table.player(table.turn.seat)
    if not table.options.adverts or p.adverts >= len(ADVERTS):
        return None
    return ADVERTS[p.adverts]


def advert_affordable(table: Table) -> bool:
    """R25.3: the next advert is for sale and the coins pay for it."""
    advert = next_advert(table)
    return advert is not None and advert[0] <= table.turn.coins


def conversion_needed(table: Table) -> int:
    """R19.6: the smallest positive shortfall that ink could cover, or 0."""
    t = table.turn
    p = table.player(t.seat)
    costs = [card(c).cost for c in table.state.offer_row]
    if p.jail is not None:
        costs.append(card(p.jail).cost)
    advert = next_advert(table)
    if advert:
        costs.append(advert[0])
    shortfalls = [c - t.coins for c in costs if c > t.coins]
    if not shortfalls:
        return 0
    need = min(shortfalls)
    return need if p.ink >= 3 * need else 0


def something_to_do(table: Table) -> bool:
    """R19.8: the purchase phase ends by itself when nothing more can be bought or converted."""
    return bool(affordable_cards(table)) or advert_affordable(table) or bool(conversion_needed(table))


def buy(table: Table, seat: int, m: Move) -> list[Event]:
    """``buy C`` from the row (refilled at once) or from your own jail (R19.1-R19.4, E8)."""
    t = table.require_turn(seat, BUY)
    s = table.state
    p = table.player(seat)
    from_jail = m.card == p.jail and m.card is not None
    if m.card not in s.offer_row and not from_jail:
        jailer = next((q.seat for q in s.players if q.jail == m.card), None)
        if jailer is not None:
            raise IllegalMove.of("jailed", card=m.card, jailer=jailer)
        raise IllegalMove.of("not_in_row", card=m.card)
    assert m.card is not None
    c = card(m.card)
    if c.cost > t.coins:
        raise IllegalMove.of("too_expensive", item="card", card=m.card, cost=c.cost, coins=t.coins)
    t.coins -= c.cost
    events: list[Event] = [Buy(seat=seat, card=m.card, from_jail=from_jail, cost=c.cost)]
    if from_jail:
        p.jail = None
    else:
        s.offer_row.remove(m.card)
    p.discard.append(m.card)
    p.stats.cards_purchase += 1
    t.changed_row = True
    tally = table.tally()
    tally.bought.append(m.card)
    if c.purchase_prestige:  # R19.4
        tally.purchase_prestige += c.purchase_prestige
        table.add_prestige(seat, c.purchase_prestige)
        p.stats.points_purchase += c.purchase_prestige
        events.append(Gain(seat=seat, coins=0, prestige=c.purchase_prestige, card=m.card))
    if table.options.coop and coop.penny_on_buy(table, events):
        game_end.finish(table, events)
        return events
    if not from_jail:
        offer_row.refill_one(table, events)
    return events


def advert(table: Table, seat: int, m: Move) -> list[Event]:
    """``advert``: the next advert, its prestige scored at once (R25.3); no effect on cycling (R25.4)."""
    t = table.require_turn(seat, BUY)
    found = next_advert(table)
    if found is None:
        raise IllegalMove.of("no_advert")
    cost, prestige = found
    if cost > t.coins:
        raise IllegalMove.of("too_expensive", item="advert", cost=cost, coins=t.coins)
    p = table.player(seat)
    t.coins -= cost
    p.adverts += 1
    table.tally().adverts += 1
    table.add_prestige(seat, prestige)
    p.stats.points_advert += prestige
    return [Advert(seat=seat, cost=cost, prestige=prestige, number=p.adverts)]


def convert(table: Table, seat: int, m: Move) -> list[Event]:
    """``convert N``: 3N ink into N coins, only the exact useful amount (R19.6)."""
    t = table.require_turn(seat, BUY)
    need = conversion_needed(table)
    p = table.player(seat)
    if not need:
        raise IllegalMove.of("useless_conversion")
    if m.number != need:
        raise IllegalMove.of("bad_conversion", coins=need, ink=3 * need)
    if table.options.coop:
        coop.check_penny_ink(table, seat, 3 * need)
    p.ink -= 3 * need
    t.coins += need
    events: list[Event] = [Convert(seat=seat, coins=need, ink=3 * need)]
    if table.options.coop and coop.penny_on_ink(table, 3 * need, events):
        game_end.finish(table, events)
    return events

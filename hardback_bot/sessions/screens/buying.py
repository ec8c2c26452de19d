"""What the purchase step (R19) offers, and the custom_ids of a hand panel's moves: shared by the hand panel and
the optional steps shown on the buying screen."""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.cardtext import OPTION_LIMIT, card_summary
from hardback_bot.engine import Game, Move
from hardback_bot.engine.cards import card
from hardback_bot.i18n import Translator

from ..codec import PickMove, PlayMoves, encode_move, encode_moves
from ..loaded import Loaded
from ..phrases import ENGLISH, card_name
from .panel import Option

PASS, END = Move("pass"), Move("end")


def move_id(loaded: Loaded, move: Move) -> str:
    return chain_id(loaded, [move])


def chain_id(loaded: Loaded, moves: Sequence[Move]) -> str:
    return PlayMoves(loaded.record.id, loaded.record.version, tuple(moves)).custom_id()


def select_id(loaded: Loaded, page: int = 0) -> str:
    return PickMove(loaded.record.id, loaded.record.version, page).custom_id()


def option_of(move: Move, label: str, description: str | None = None) -> Option:
    return Option(label, encode_move(move), description or None)



def buy_options(game: Game, seat: int, before: Sequence[Move], t: Translator = ENGLISH, *, more: bool = False,
                ongoing: dict[Move, bool] | None = None) -> list[Option]:
    """One select option per affordable card (R19), in the offer row picture's order and with its numbers ("2 ·
    Buy W (horror) for 4¢": newest first, R18.1), once the moves ``before`` are made: choosing it buys the
    card and ends the turn, or, with ``more``, leaves the turn going for another purchase. A purchase after
    which nothing else is affordable ends the turn by itself either way (R19.8). ``ongoing``: the purchases
    after which the turn goes on (:func:`purchases`), if already worked out."""
    me = game.player(seat)
    options: list[Option] = []
    if ongoing is None:
        ongoing = purchases(game, seat)
    # The offer row picture's order and numbers: 1 is the newest card (at the left), the last the oldest; the
    # engine keeps the row oldest first. A card of the buyer's jail is not in the row: it comes last, unnumbered.
    row = game.state.offer_row
    number = {c: len(row) - i for i, c in enumerate(row)}
    for m, goes_on in sorted(ongoing.items(), key=lambda item: number.get(item[0].card or 0, len(row) + 1)):
        assert m.card is not None
        name, cost = card_name(m.card, t=t), card(m.card).cost
        jailed = m.card == me.jail
        prefix = t.gettext("from your jail · {benefits}", benefits="") if jailed else ""
        summary = card_summary(card(m.card), limit=OPTION_LIMIT - len(prefix), language=t.language)
        does = t.gettext("from your jail · {benefits}", benefits=summary) if jailed else summary
        moves = [*before, m] if more or not goes_on else [*before, m, END]
        value = encode_moves(moves)
        if len(value) <= 100:
            label = (t.gettext("{n} · Buy {card} for {cost}¢", n=number[m.card], card=name, cost=cost)
                     if m.card in number else t.gettext("Buy {card} for {cost}¢", card=name, cost=cost))
            options.append(Option(label, value, does))
    return options


def purchases(game: Game, seat: int) -> dict[Move, bool]:
    """Each card ``seat`` can buy now (R19), and whether the turn is still in its purchase phase after it
    (something else affordable, R19.8): each tried on a copy of the game."""
    found = {}
    for m in game.legal_moves(seat):
        if m.kind == "buy" and m.card is not None:
            trial = game.clone()
            trial.apply(seat, m)
            found[m] = not trial.finished and trial.active_seat == seat and trial.phase == "buy"
    return found


def bought_this_turn(game: Game) -> list[int]:
    """The cards bought so far this turn (the turn's public summary)."""
    tally = game.state.turn.extra.summary
    return [] if tally is None else list(tally.bought)


__all__ = ["END", "PASS", "bought_this_turn", "buy_options", "chain_id", "move_id", "option_of", "purchases",
           "select_id"]

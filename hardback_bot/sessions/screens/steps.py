"""The optional steps after a word (trash R15, jail R17, flush R18.3) offered on the screen where the player buys.

Once a word is paid, the steps left before buying are often all optional. Asking each on a screen of its own
costs a click per step before the player reaches the cards; here they come together: the cards to buy (a
purchase declines the steps still open and ends the turn), the cards to jail, the trash buttons and the flush,
each tried on a copy of the game so every click is legal when it lands. A step of another kind on the way (a
dump, a preview, an either-or choice: each needs its own question) keeps the one-question-at-a-time screen.
Every shortcut names the steps it skips.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.engine import Game, Move
from hardback_bot.i18n import N_, Translator

from ..codec import encode_moves
from ..loaded import Loaded
from ..phrases import ENGLISH, card_name
from .buying import END, PASS, buy_options, chain_id, move_id, select_id
from .panel import MAX_ROWS, Button, Option, Panel

#: The steps that may share the buying screen, and the moves each offers besides declining.
INLINE = {"trash": ("trash",), "jail": ("reserve", "remove"), "flush": ("flush",)}
BUY_PAGE, JAIL_PAGE = 8, 16  # distinct custom_ids for the screen's two selects (PickMove pages)
SKIPPED = {"trash": N_("trashing"), "jail": N_("the jail"), "flush": N_("the flush")}
OFFERED = {"trash": N_("trash a card for its trash value"),
           "jail": N_("jail a card of the offer row (reserve it for yourself, or remove it from the game)"),
           "flush": N_("flush the offer row (seven new cards)")}


@dataclass(frozen=True, slots=True)
class Step:
    phase: str
    before: tuple[Move, ...]  # the passes that reach it from now
    moves: tuple[Move, ...]  # what it offers (declining apart)


@dataclass(frozen=True, slots=True)
class Ahead:
    """The optional steps between now and buying, and the game once every one is declined."""

    steps: tuple[Step, ...]
    declined: Game
    passes: tuple[Move, ...]

    @property
    def phases(self) -> list[str]:
        return list(dict.fromkeys(s.phase for s in self.steps))

    def first(self, phase: str) -> Step | None:
        return next((s for s in self.steps if s.phase == phase), None)

    @property
    def buying(self) -> bool:
        """Declining them all leads to the purchase step (not to the end of the turn: nothing affordable)."""
        return self.declined.phase == "buy" and not self.declined.finished


def ahead(game: Game, seat: int) -> Ahead | None:
    """The steps ``seat`` may still take before buying, if all are optional and of the kinds that share the
    buying screen; None otherwise (the panel then asks its one question)."""
    if game.finished or game.active_seat != seat or game.phase not in INLINE:
        return None
    trial = game.clone()
    passes: list[Move] = []
    steps: list[Step] = []
    while not trial.finished and trial.active_seat == seat and trial.phase in INLINE:
        legal = trial.legal_moves(seat)
        if not any(m.kind == "pass" for m in legal):
            return None
        steps.append(Step(trial.phase, tuple(passes), tuple(m for m in legal if m.kind in INLINE[trial.phase])))
        trial.apply(seat, PASS)
        passes.append(PASS)
    if not trial.finished and trial.active_seat == seat and trial.phase != "buy":
        return None  # a dump, a preview or a choice comes first: each is its own question
    return Ahead(tuple(steps), trial, tuple(passes))


def steps_rows(panel: Panel, loaded: Loaded, seat: int, found: Ahead, t: Translator = ENGLISH) -> list[Button]:
    """The buying screen with the optional steps still open; returns its buttons (the caller adds them with
    the rest). Rows: the cards to buy, the cards to jail, then buttons."""
    game = loaded.game
    phases = found.phases
    skipped = t.join([t.gettext(SKIPPED[p]) for p in phases])
    panel.lines.append(t.gettext("Before you buy, you may: {steps}.",
                                 steps=t.join([t.gettext(OFFERED[p]) for p in phases])))
    if found.buying:
        coins = found.declined.state.turn.coins
        panel.lines.append(t.gettext("You have **{coins}¢**. Leftover coins become ink at the end of your turn.",
                                     coins=coins))
        options = buy_options(found.declined, seat, found.passes, t)
        if options:
            panel.add_select(select_id(loaded, BUY_PAGE), t.gettext(
                "Buy a card ({coins}¢; skips {steps}; ends your turn)", coins=coins, steps=skipped), options)
    jail = found.first("jail")
    kept = game.player(seat).jail
    if jail is not None and kept is not None:
        panel.lines.append(t.gettext("Your jail holds {card}: reserving another card removes it from the game.",
                                     card=card_name(kept, t=t)))
    if jail is not None and len(panel.rows) < MAX_ROWS - 2:
        panel.add_select(select_id(loaded, JAIL_PAGE), t.gettext("Jail a card of the offer row…"),
                         _jail_options(jail, t))
    buttons: list[Button] = []
    trash = found.first("trash")
    if trash is not None and not trash.before:
        for cid, kind, value in game.trash_options():
            label = (t.gettext("Trash {card} for {n}¢", card=card_name(cid, t=t), n=value) if kind == "coins"
                     else t.gettext("Trash {card} for {n}★", card=card_name(cid, t=t), n=value))
            buttons.append(Button(label, move_id(loaded, Move("trash", card=cid))))
    flush = found.first("flush")
    if flush is not None:
        buttons.append(Button(t.gettext("Flush the offer row"), chain_id(loaded, [*flush.before, Move("flush")]),
                              "primary"))
    if found.buying:
        buttons.append(Button(t.gettext("Skip {steps}", steps=skipped), chain_id(loaded, list(found.passes))))
        buttons.append(Button(t.gettext("End turn: skip {steps}, buy nothing", steps=skipped),
                              chain_id(loaded, [*found.passes, END]), "danger"))
    else:  # nothing affordable once they are declined: declining them ends the turn
        buttons.append(Button(t.gettext("End turn: skip {steps}", steps=skipped), chain_id(loaded, list(found.passes)),
                              "danger"))
    return buttons


def _jail_options(step: Step, t: Translator) -> list[Option]:
    options = []
    for m in step.moves:
        value = encode_moves([*step.before, m])
        if len(value) > 100:
            continue
        name = card_name(m.card or 0, cost=True, t=t)
        if m.kind == "reserve":
            options.append(Option(t.gettext("Reserve {card}", card=name), value,
                                  t.gettext("Into your jail: from now on only you can buy it")))
        else:
            options.append(Option(t.gettext("Remove {card} from the game", card=name), value,
                                  t.gettext("A new card takes its place in the row")))
    return options


__all__ = ["INLINE", "Ahead", "Step", "ahead", "steps_rows"]

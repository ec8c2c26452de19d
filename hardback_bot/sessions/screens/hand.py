"""A seat's hand panel: their hand, the decision they face and every legal action, built from the engine's
legal moves (R6-R19, R27, R30)."""

from __future__ import annotations

import contextlib
from typing import Any

from hardback_bot.cardtext import card_summary
from hardback_bot.engine import Game, Move
from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import as_move
from hardback_bot.engine.options import ADVERTS
from hardback_bot.i18n import N_, Translator

from ..codec import (
    RULES_HERE,
    AdoptSuggestion,
    ConfirmSkip,
    HandView,
    OpenHand,
    OpenSpellForm,
    OpenSuggestForm,
    PickMove,
    PlayMoves,
    encode_move,
    encode_moves,
)
from ..describe import ENGLISH, card_name, cards_text, phase_prompt, separator
from ..manager import Loaded
from ..notes import ghost_request_id
from ..preview import WordOutcome
from .panel import MAX_OPTIONS, MAX_ROWS, Button, Option, Panel, Select, rules_button


def move_id(loaded: Loaded, move: Move | str) -> str:
    return chain_id(loaded, [move])


def chain_id(loaded: Loaded, moves: list[Move | str] | list[str]) -> str:
    return PlayMoves(loaded.record.id, loaded.record.version, tuple(as_move(m) for m in moves)).custom_id()


def select_id(loaded: Loaded, page: int = 0) -> str:
    return PickMove(loaded.record.id, loaded.record.version, page).custom_id()


def _opt(move: Move | str, label: str, description: str | None = None) -> Option:
    text = move if isinstance(move, str) else str(move)
    return Option(label, encode_move(text), description or None)


def hand_panel(loaded: Loaded, seat: int, view: dict[str, Any], *, best: WordOutcome | None = None,
               t: Translator = ENGLISH) -> Panel:
    """The private panel of ``seat``: their hand, the decision they face, every legal action. ``best``: the
    solver's best word, offered as one click where the table allows hints. ``t``: the reader's language."""
    game = loaded.game
    record = loaded.record
    me = view["players"][seat]
    legal = game.legal_moves(seat)
    kinds = {m.kind for m in legal}
    active = game.active_seat == seat and not game.finished
    names = loaded.names_in(t)
    panel = Panel(title=t.gettext("Your hand — {name}", name=names[seat]), version=record.version)
    hand = me.get("hand", [])
    inked = set(me["inked"])
    if hand:
        # (Each card said apart: extraction does not look inside another translated call's arguments.)
        said = [t.gettext("{card} — inked", card=card_name(c, t=t)) if c in inked else card_name(c, t=t)
                for c in hand]
        panel.lines.append(t.gettext("**Hand:** {cards}", cards=separator(t).join(said)))
    else:
        panel.lines.append(t.gettext("**Hand:** empty"))
    panel.lines.append(t.gettext("Ink {ink} · remover {remover} · draw pile {draw} · discard {discard}",
                                 ink=me["ink"], remover=me["remover"], draw=me["draw_count"],
                                 discard=me["discard_count"]))
    if game.finished:
        panel.lines.append(t.gettext("The game is over."))
        return panel
    turn = view["turn"]
    if active:
        panel.lines.append(t.gettext("**Your turn.** {prompt}", prompt=phase_prompt(game.phase, t)))
        if game.phase not in ("spell", "vote"):
            panel.lines.append(t.gettext("Word: **{letters}** · coins this turn: {coins}¢",
                                         letters=turn.get("letters", ""), coins=turn.get("coins", 0)))
    else:
        panel.lines.append(t.gettext("It is {name}'s turn.", name=names[game.active_seat]))

    # Spelling (R7-R9, R30).
    if active and game.phase == "spell":
        buttons = [Button(t.gettext("Spell a word"), OpenSpellForm(record.id, record.version).custom_id(), "primary")]
        if best is not None:
            with contextlib.suppress(ValueError):  # a word too long for one button is typed instead
                buttons.append(Button(t.gettext("Spell {word} ({coins}¢ {prestige}★)", word=best.word,
                                                coins=best.coins, prestige=best.prestige),
                                      chain_id(loaded, [best.move, *best.targets]), "success"))
        if "ghost" not in game.state.turn.extra and game.options.ghostwriter:
            buttons.append(Button(t.gettext("Ask a ghostwriter"), move_id(loaded, "ghostwriter")))
        buttons.append(Button(t.gettext("Skip turn"), ConfirmSkip(record.id, record.version).custom_id(),
                              "danger"))
        panel.add_buttons(buttons)
        ghost = game.state.turn.extra.get("ghost")
        if ghost and ghost["suggestions"]:
            options = [Option(t.gettext("{word} (from {name})", word=w, name=names[s]), str(i + 1))
                       for i, (s, w) in enumerate(ghost["suggestions"])][:MAX_OPTIONS]
            panel.rows.append(Select(AdoptSuggestion(record.id, record.version).custom_id(),
                                     t.gettext("Adopt a suggested word"), tuple(options)))
    ghost = game.state.turn.extra.get("ghost")
    if not active and ghost is not None and game.phase == "spell" and game.num_players > 1:
        panel.lines.append(t.gettext("{name} asked for a ghostwriter. Their hand: {cards}",
                                     name=names[game.active_seat],
                                     cards=cards_text(view["players"][game.active_seat].get("hand", []))))
        request = ghost_request_id(game)
        if request is not None:
            panel.add_buttons([Button(t.gettext("Suggest a word"),
                                      OpenSuggestForm(record.id, request).custom_id(), "primary")])

    # Votes (R27).
    if "vote" in kinds:
        word = view.get("vote", {}).get("word") or t.gettext("the word")
        panel.lines.append(t.gettext("Vote: should **{word}** be accepted?", word=word))
        panel.add_buttons([Button(t.gettext("Accept {word}", word=word), move_id(loaded, "vote accept"), "success"),
                           Button(t.gettext("Reject {word}", word=word), move_id(loaded, "vote reject"), "danger")])

    if active:
        _decision_rows(panel, loaded, seat, legal, t)

    # Ink and remover, on and off turn (R6).
    token_buttons = []
    if "ink" in kinds:
        token_buttons.append(Button(t.gettext("Draw with ink ({ink})", ink=me["ink"]), move_id(loaded, "ink")))
    for m in legal:
        if m.kind == "unremover":
            token_buttons.append(Button(t.gettext("Undo remover on {letter}", letter=card(m.card or 0).letter),
                                        move_id(loaded, str(m))))
    token_buttons.append(Button(t.gettext("Refresh"), OpenHand(record.id, HandView.REFRESH).custom_id()))
    token_buttons.append(Button(t.gettext("My deck"), OpenHand(record.id, HandView.DECK).custom_id()))
    token_buttons.append(rules_button(record.id, RULES_HERE, t))
    panel.add_buttons(token_buttons)
    removers = [m for m in legal if m.kind == "remover"]
    if removers and len(panel.rows) < MAX_ROWS:
        panel.add_select(select_id(loaded), t.gettext("Use remover on an inked card"),
                         [_opt(m, t.gettext("Clear {card}", card=card_name(m.card or 0, t=t))) for m in removers])
    return panel


OPTIONAL_STEPS = ("trash", "dump", "preview", "jail", "flush")


def _skip_to_buying(panel: Panel, loaded: Loaded, seat: int, t: Translator = ENGLISH) -> Button | None:
    """A select of what the player could buy after declining this step and the optional ones after it, and
    a button that declines them all and ends the turn: one click instead of one per step (R13-R19:
    declining is always allowed; every step still shows here). Returns that button."""
    game = loaded.game
    trial = game.from_dict(game.to_dict(), checker=game.checker)
    passes: list[str] = []
    while not trial.finished and trial.active_seat == seat and trial.phase in OPTIONAL_STEPS:
        if not any(m.kind == "pass" for m in trial.legal_moves(seat)):
            return None
        trial.apply(seat, "pass")
        passes.append("pass")
    if trial.finished or trial.active_seat != seat or trial.phase != "buy" or len(passes) < 1:
        return None
    options = buy_options(trial, seat, passes, t)
    if options and len(panel.rows) < MAX_ROWS - 1:
        coins = trial.state.turn.coins
        label = (t.gettext("Keep the row and buy ({coins}¢)", coins=coins) if game.phase == "flush"
                 else t.gettext("Skip the rest and buy ({coins}¢)", coins=coins))
        panel.add_select(select_id(loaded, 8), label, options)
    try:
        return Button(t.gettext("Skip the rest, end turn"), chain_id(loaded, [*passes, "end"]))
    except ValueError:
        return None


def buy_options(game: Game, seat: int, before: list[str], t: Translator = ENGLISH) -> list[Option]:
    """Select options for buying each affordable card (R19) once the moves ``before`` are made. A purchase
    after which nothing else is affordable ends the turn by itself (R19.8); otherwise the card is offered
    twice: "and end the turn" (the usual single purchase, one click) and "then buy more"."""
    me = game.player(seat)
    options: list[Option] = []
    for m in game.legal_moves(seat):
        if m.kind != "buy" or m.card is None:
            continue
        trial = Game.from_dict(game.to_dict(), checker=game.checker)
        trial.apply(seat, str(m))
        goes_on = not trial.finished and trial.active_seat == seat and trial.phase == "buy"
        name, cost = card_name(m.card, t=t), card(m.card).cost
        summary = card_summary(card(m.card), limit=83, language=t.language)
        does = t.gettext("from your jail · {benefits}", benefits=summary) if m.card == me.jail else summary
        if goes_on:
            variants = [(t.gettext("Buy {card} for {cost}¢ and end the turn", card=name, cost=cost),
                         [*before, str(m), "end"]),
                        (t.gettext("Buy {card} for {cost}¢, then buy more", card=name, cost=cost), [*before, str(m)])]
        else:
            variants = [(t.gettext("Buy {card} for {cost}¢", card=name, cost=cost), [*before, str(m)])]
        for label, moves in variants:
            value = encode_moves(moves)
            if len(value) <= 100:
                options.append(Option(label, value, does))
    return options


PASS_LABELS = {"trash": N_("Done trashing"), "dump": N_("No dump"), "preview": N_("No preview"),
               "jail": N_("No jail"), "flush": N_("Keep the row")}


def _decision_rows(panel: Panel, loaded: Loaded, seat: int, legal: list[Move], t: Translator = ENGLISH) -> None:
    game = loaded.game
    phase = game.phase
    by_kind: dict[str, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m.kind, []).append(m)
    buttons: list[Button] = []
    if phase == "uncover":
        buttons += [Button(t.gettext("Uncover {card}", card=card_name(m.card or 0, t=t)), move_id(loaded, str(m)),
                           "primary") for m in by_kind.get(phase, [])]
    elif phase == "double":
        buttons += [Button(t.gettext("Double {card}", card=card_name(m.card or 0, t=t)), move_id(loaded, str(m)),
                           "primary") for m in by_kind.get(phase, [])]
    elif phase == "trash":
        for cid, kind, value in game.trash_options():
            letter = card(cid).letter
            label = (t.gettext("Trash {letter} for {n}¢", letter=letter, n=value) if kind == "coins"
                     else t.gettext("Trash {letter} for {n}★", letter=letter, n=value))
            buttons.append(Button(label, move_id(loaded, f"trash {cid}")))
    elif phase == "dump":
        value = game.dump_value()
        panel.lines.append(t.gettext("Remove one card of your discard pile from the game for {n}¢.", n=value))
        panel.add_select(select_id(loaded), t.gettext("Dump a card for {n}¢", n=value),
                         [_opt(m, t.gettext("Dump {card}", card=card_name(m.card or 0, t=t)))
                          for m in by_kind.get("dump", [])])
    elif phase == "previewing":
        for cid in game.pending()["cards"]:
            letter = card(cid).letter
            buttons.append(Button(t.gettext("Keep {letter} on top", letter=letter), move_id(loaded, f"return {cid}"),
                                  "success"))
            buttons.append(Button(t.gettext("Discard {letter}", letter=letter), move_id(loaded, f"discard {cid}")))
        panel.lines.append(t.gettext("Previewed: {cards}", cards=separator(t).join(card_name(c, t=t)
                                                                           for c in game.pending()["cards"])))
    elif phase == "choice":
        pend = game.pending()
        name = card_name(pend["card"], t=t)
        if pend["kind"] == "either_coins_or_prestige":
            panel.lines.append(t.gettext("{card}: take {n}¢ or {n}★.", card=name, n=pend["value"]))
            buttons += [Button(f"{pend['value']}¢", move_id(loaded, "take coins"), "primary"),
                        Button(f"{pend['value']}★", move_id(loaded, "take prestige"), "primary")]
        else:
            panel.lines.append(t.gettext("{card}: take 1 ink or 1 remover.", card=name))
            buttons += [Button(t.gettext("1 ink"), move_id(loaded, "take ink"), "primary"),
                        Button(t.gettext("1 remover"), move_id(loaded, "take remover"), "primary")]
    elif phase == "jail":
        row = game.state.offer_row
        panel.add_select(select_id(loaded), t.gettext("Reserve a card in your jail"),
                         [_opt(f"reserve {c}", t.gettext("Reserve {card}", card=card_name(c, cost=True, t=t)))
                          for c in row])
        panel.add_select(select_id(loaded, 9), t.gettext("Remove a card from the game"),
                         [_opt(f"remove {c}", t.gettext("Remove {card}", card=card_name(c, cost=True, t=t)))
                          for c in row])
    elif phase == "flush":
        buttons.append(Button(t.gettext("Flush the offer row"), move_id(loaded, "flush"), "primary"))
    elif phase == "buy":
        turn = game.state.turn
        panel.lines.append(t.gettext("You have **{coins}¢**. Leftover coins become ink at the end of your turn.",
                                     coins=turn.coins))
        if by_kind.get("buy"):
            panel.add_select(select_id(loaded), t.gettext("Buy a card"), buy_options(game, seat, [], t))
        if "advert" in by_kind:
            cost, prestige = ADVERTS[game.player(seat).adverts]
            buttons.append(Button(t.gettext("Advert: {cost}¢ → {prestige}★", cost=cost, prestige=prestige),
                                  move_id(loaded, "advert")))
        for m in by_kind.get("convert", []):
            buttons.append(Button(t.gettext("Convert {ink} ink → {coins}¢", ink=3 * (m.number or 0), coins=m.number),
                                  move_id(loaded, str(m))))
        buttons.append(Button(t.gettext("End turn"), move_id(loaded, "end"), "danger"))
    if "preview" in by_kind:
        buttons.append(Button(t.gettext("Preview 3 cards"), move_id(loaded, "preview")))
    skip = _skip_to_buying(panel, loaded, seat, t) if phase in OPTIONAL_STEPS and "pass" in by_kind else None
    if "pass" in by_kind:
        label = PASS_LABELS.get(phase)
        buttons.append(Button(t.gettext(label) if label else t.pgettext("button", "Pass"), move_id(loaded, "pass")))
    if skip is not None:
        buttons.append(skip)
    if game.can_undo(seat):  # a choice of this turn that revealed nothing can be taken back
        buttons.append(Button(t.gettext("Undo my last choice"), move_id(loaded, "undo")))
    panel.add_buttons(buttons)

"""A seat's hand panel: their hand, the decision they face and every legal action, built from the engine's
legal moves (R6-R19, R27, R30).

Each step asks one question at a time, with at most one select: a card to buy appears once (choosing it
buys it and ends the turn; "Buy more than one card" turns the same select into purchases that leave the
turn going). An optional step (trash, dump, preview, jail, flush) asks its own question with buttons, and
its one select declines it and buys at once, the usual way on; the cards to jail or to dump are a click
away ("Jail a card…"), or the select itself when there is nothing to buy."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from hardback_bot.engine import Game, Move
from hardback_bot.engine.cards import card
from hardback_bot.engine.options import ADVERTS
from hardback_bot.i18n import N_, Translator

from ..codec import (
    RULES_HERE,
    AdoptSuggestion,
    AnswerHints,
    ConfirmSkip,
    HandView,
    OpenHand,
    OpenSpellForm,
    OpenSuggestForm,
    SetCoach,
    VacationClick,
    VacationOp,
)
from ..loaded import Loaded
from ..notes import ghost_request_id
from ..phrases import ENGLISH, card_name, phase_prompt, separator
from ..preview import WordOutcome
from ..table_options import turn_based
from .buying import END, PASS, bought_this_turn, buy_options, chain_id, move_id, option_of, purchases, select_id
from .panel import MAX_BUTTONS, MAX_OPTIONS, MAX_ROWS, Button, Option, Panel, Select, rules_button
from .scores import standing_line
from .steps import ahead, steps_rows


def hand_panel(loaded: Loaded, seat: int, view: dict[str, Any], *, best: WordOutcome | None = None,
               t: Translator = ENGLISH, shown: HandView = HandView.HAND, coached: bool | None = None,
               hints_asked: Sequence[int] = (), text_mode: bool = False) -> Panel:
    """The private panel of ``seat``: their hand, the decision they face, every legal action. ``best``: the
    solver's best word, offered as one click where the table allows hints. ``t``: the reader's language.
    ``shown``: the view asked for (buying more than one card, removing rather than reserving a jailed card).
    ``coached``: whether the coach follows this player (None: no choice to offer, as in the guided game);
    ``hints_asked``: the seats that said yes to the table's open request for hints, in order; ``text_mode``: the
    reader's panels carry no pictures (screens/text_mode.py), so nothing is said by a mark alone."""
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
    panel.lines.append(standing_line(view, names, seat, t, words=text_mode))
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

    if active and game.phase == "spell" and not has_vowel(me.get("hand", []), me.get("timeless", [])):
        panel.lines.append(t.gettext("No vowel? Play any card face down as a wild: it stands for any letter, a vowel "
                                     "too (it just pays nothing). Type the word; the preview shows which card is "
                                     "the wild."))
    if hints_asked:
        _hints_question(panel, loaded, seat, hints_asked, names, t)

    # Spelling (R7-R9, R30).
    if active and game.phase == "spell":
        buttons = [Button(t.gettext("Spell a word"), OpenSpellForm(record.id, record.version).custom_id(), "primary")]
        if best is not None:
            with contextlib.suppress(ValueError):  # a word too long for one button is typed instead
                buttons.append(Button(t.gettext("Spell {word} ({coins}¢ {prestige}★)", word=best.word,
                                                coins=best.coins, prestige=best.prestige),
                                      chain_id(loaded, [best.move, *best.targets]), "success"))
        if game.state.turn.extra.ghost is None and game.options.ghostwriter:
            buttons.append(Button(t.gettext("Ask a ghostwriter (shows your hand)"),
                                  move_id(loaded, Move("ghostwriter"))))
            panel.lines.append(_ghostwriter_cost(loaded, seat, len(me["inked"]), t))
        buttons.append(Button(t.gettext("Skip turn"), ConfirmSkip(record.id, record.version).custom_id(),
                              "danger"))
        panel.add_buttons(buttons)
        ghost = game.state.turn.extra.ghost
        if ghost and ghost.suggestions:
            options = [Option(t.gettext("{word} (from {name})", word=w, name=names[s]), str(i + 1))
                       for i, (s, w) in enumerate(ghost.suggestions)][:MAX_OPTIONS]
            panel.rows.append(Select(AdoptSuggestion(record.id, record.version).custom_id(),
                                     t.gettext("Adopt a suggested word"), tuple(options)))
    ghost = game.state.turn.extra.ghost
    if not active and ghost is not None and game.phase == "spell" and game.num_players > 1:
        panel.lines.append(t.gettext("{name} asked for a ghostwriter. Their hand: {cards}",
                                     name=names[game.active_seat],
                                     cards=separator(t).join(card_name(c, t=t) for c in
                                                             view["players"][game.active_seat].get("hand", []))))
        request = ghost_request_id(game)
        if request is not None:
            panel.add_buttons([Button(t.gettext("Suggest a word"),
                                      OpenSuggestForm(record.id, request).custom_id(), "primary")])

    # Votes (R27).
    if "vote" in kinds:
        word = view.get("vote", {}).get("word") or t.gettext("the word")
        panel.lines.append(t.gettext("Vote: should **{word}** be accepted?", word=word))
        panel.add_buttons([Button(t.gettext("Accept {word}", word=word),
                                  move_id(loaded, Move("vote", choice="accept")), "success"),
                           Button(t.gettext("Reject {word}", word=word),
                                  move_id(loaded, Move("vote", choice="reject")), "danger")])

    if active:
        _decision_rows(panel, loaded, seat, legal, t, shown)

    # Ink and remover, on and off turn (R6).
    token_buttons = []
    if "ink" in kinds:
        token_buttons.append(Button(t.gettext("Draw with ink ({ink})", ink=me["ink"]), move_id(loaded, Move("ink"))))
    for m in legal:
        if m.kind == "unremover":
            token_buttons.append(Button(t.gettext("Undo remover on {letter}", letter=card(m.card or 0).letter),
                                        move_id(loaded, m)))
    token_buttons.append(Button(t.gettext("Refresh"), OpenHand(record.id, HandView.REFRESH).custom_id()))
    token_buttons.append(Button(t.gettext("My deck"), OpenHand(record.id, HandView.DECK).custom_id()))
    token_buttons.append(rules_button(record.id, RULES_HERE, t))
    if coached is not None and len(token_buttons) < MAX_BUTTONS:
        token_buttons.append(Button(t.gettext("Coach: drop it") if coached else t.gettext("Coach: turn on"),
                                    SetCoach(record.id, not coached).custom_id()))
    if turn_based(game.options.turn_timer) and len(token_buttons) < MAX_BUTTONS:  # the table has it too
        token_buttons.append(Button(t.gettext("Vacation…"), VacationClick(record.id, VacationOp.PANEL).custom_id()))
    panel.add_buttons(token_buttons)
    removers = [m for m in legal if m.kind == "remover"]
    if removers and len(panel.rows) < MAX_ROWS:
        panel.add_select(select_id(loaded), t.gettext("Use remover on an inked card"),
                         [option_of(m, t.gettext("Clear {card}", card=card_name(m.card or 0, t=t))) for m in removers])
    return panel


VOWELS = frozenset("AEIOU")


def has_vowel(hand: Sequence[int], classics: Sequence[int] = ()) -> bool:
    """Whether the cards a player spells with show a vowel (Y apart: a hand of consonants and Y is as stuck)."""
    return any(card(c).letter in VOWELS for c in [*hand, *classics])


def _hints_question(panel: Panel, loaded: Loaded, seat: int, agreed: Sequence[int], names: Sequence[str],
                    t: Translator) -> None:
    """The table's open request for hints: who asked, and this player's yes or no (unless already given)."""
    asker = names[agreed[0]]
    if seat in agreed:
        waiting = [names[s.seat] for s in loaded.record.seats
                   if s.user_id is not None and not s.is_computer_controlled and s.seat not in agreed]
        panel.lines.append(t.gettext("Hints: waiting for {names} to say yes.", names=t.join(waiting)))
        return
    panel.lines.append(t.gettext("{name} asks to turn hints on for everyone: a button that spells your best word. "
                                 "They come on if everyone seated says yes.", name=asker))
    game_id = loaded.record.id
    panel.add_buttons([Button(t.gettext("Yes, hints on"), AnswerHints(game_id, True).custom_id(), "success"),
                       Button(t.gettext("No hints"), AnswerHints(game_id, False).custom_id())])


def _ghostwriter_cost(loaded: Loaded, seat: int, inked: int, t: Translator) -> str:
    """What asking a ghostwriter costs, said before the click (R30): the hand goes public and the player whose
    suggestion is spelled earns 1 ink from the supply plus the ink on the speller's inked cards (R30.3, R30.4)."""
    ink = 1 + inked
    others = [c for s, c in enumerate(loaded.computers) if s != seat]
    if others and all(others):
        return t.ngettext("A ghostwriter shows your hand to the table; only computer players are here, so a "
                          "computer suggests a word, and if you spell it, it earns {n} ink.",
                          "A ghostwriter shows your hand to the table; only computer players are here, so a "
                          "computer suggests a word, and if you spell it, it earns {n} ink.", ink)
    return t.ngettext("A ghostwriter shows your hand to the table; whoever suggests the word you spell earns {n} "
                      "ink.", "A ghostwriter shows your hand to the table; whoever suggests the word you spell "
                      "earns {n} ink.", ink)


OPTIONAL_STEPS = ("trash", "dump", "preview", "jail", "flush")
CHOSEN_STEPS = {"dump": (HandView.DUMP,), "jail": (HandView.JAIL, HandView.JAIL_REMOVE)}  # asked with a select


Declined = tuple[Game, list[Move]] | None  # the game once the optional steps are declined, and those passes


def _declines(loaded: Loaded, seat: int) -> Declined:
    """The game once this step and the optional ones after it are declined, and those passes; None where a
    step cannot be declined or declining does not lead to buying."""
    game = loaded.game
    trial = game.clone()
    passes: list[Move] = []
    while not trial.finished and trial.active_seat == seat and trial.phase in OPTIONAL_STEPS:
        if not any(m.kind == "pass" for m in trial.legal_moves(seat)):
            return None
        trial.apply(seat, PASS)
        passes.append(PASS)
    if trial.finished or trial.active_seat != seat or trial.phase != "buy" or not passes:
        return None
    return trial, passes


def _skip_button(loaded: Loaded, declined: Declined, t: Translator) -> Button | None:
    """Decline this step and the optional ones after it, and end the turn: one click instead of one per step
    (R13-R19: declining is always allowed)."""
    if declined is None:
        return None
    label = (t.gettext("Keep the row and end the turn") if loaded.game.phase == "flush"
             else t.gettext("Skip the rest, end turn"))
    try:
        return Button(label, chain_id(loaded, [*declined[1], END]))
    except ValueError:
        return None


def _shortcut(loaded: Loaded, seat: int, declined: Declined, t: Translator) -> tuple[str, list[Option]] | None:
    """The select that declines this step and the optional ones after it and buys a card at once (each
    purchase ends the turn), with its placeholder; None when declining leads to nothing to buy."""
    if declined is None:
        return None
    trial, passes = declined
    options = buy_options(trial, seat, passes, t)
    if not options:
        return None
    coins = trial.state.turn.coins
    return (t.gettext("Keep the row and buy ({coins}¢)", coins=coins) if loaded.game.phase == "flush"
            else t.gettext("Skip the rest and buy ({coins}¢)", coins=coins)), options


PASS_LABELS = {"trash": N_("Done trashing"), "dump": N_("No dump"), "preview": N_("No preview"),
               "jail": N_("No jail"), "flush": N_("Keep the row")}


def _decision_rows(panel: Panel, loaded: Loaded, seat: int, legal: list[Move], t: Translator = ENGLISH,
                   shown: HandView = HandView.HAND) -> None:
    game = loaded.game
    phase = game.phase
    by_kind: dict[str, list[Move]] = {}
    for m in legal:
        by_kind.setdefault(m.kind, []).append(m)
    buttons: list[Button] = []
    found = ahead(game, seat) if shown not in (HandView.JAIL, HandView.JAIL_REMOVE, HandView.DUMP) else None
    if found is not None:  # the optional steps left come with the cards to buy, on one screen
        buttons = steps_rows(panel, loaded, seat, found, t)
        if game.can_undo(seat):
            buttons.append(Button(t.gettext("Undo my last choice"), move_id(loaded, Move("undo"))))
        panel.add_buttons(buttons)
        return
    # An optional step asks its own question with buttons; the one select it shows declines it and buys at
    # once (the usual way on), unless the player opened the step's own choice (a card to dump or to jail),
    # or there is nothing to buy: then that choice is the select.
    declined = _declines(loaded, seat) if phase in OPTIONAL_STEPS and "pass" in by_kind else None
    shortcut = _shortcut(loaded, seat, declined, t)
    choosing = phase in CHOSEN_STEPS and (shortcut is None or shown in CHOSEN_STEPS[phase])
    if choosing:
        shortcut = None
    if phase == "uncover":
        buttons += [Button(t.gettext("Uncover {card}", card=card_name(m.card or 0, t=t)), move_id(loaded, m),
                           "primary") for m in by_kind.get(phase, [])]
    elif phase == "double":
        buttons += [Button(t.gettext("Double {card}", card=card_name(m.card or 0, t=t)), move_id(loaded, m),
                           "primary") for m in by_kind.get(phase, [])]
    elif phase == "trash":
        for cid, kind, value in game.trash_options():
            letter = card(cid).letter
            label = (t.gettext("Trash {letter} for {n}¢", letter=letter, n=value) if kind == "coins"
                     else t.gettext("Trash {letter} for {n}★", letter=letter, n=value))
            buttons.append(Button(label, move_id(loaded, Move("trash", card=cid))))
    elif phase == "dump":
        value = game.dump_value()
        panel.lines.append(t.gettext("Remove one card of your discard pile from the game for {n}¢.", n=value))
        if choosing:
            panel.add_select(select_id(loaded), t.gettext("Dump a card for {n}¢", n=value),
                             [option_of(m, t.gettext("Dump {card}", card=card_name(m.card or 0, t=t)))
                              for m in by_kind.get("dump", [])])
        else:
            buttons.append(Button(t.gettext("Dump a card for {n}¢…", n=value),
                                  OpenHand(loaded.record.id, HandView.DUMP).custom_id(), "primary"))
    elif phase == "previewing":
        for cid in game.pending()["cards"]:
            letter = card(cid).letter
            buttons.append(Button(t.gettext("Keep {letter} on top", letter=letter),
                                  move_id(loaded, Move("return", card=cid)), "success"))
            buttons.append(Button(t.gettext("Discard {letter}", letter=letter),
                                  move_id(loaded, Move("discard", card=cid))))
        panel.lines.append(t.gettext("Previewed: {cards}", cards=separator(t).join(card_name(c, t=t)
                                                                           for c in game.pending()["cards"])))
    elif phase == "choice":
        buttons += _choice_buttons(panel, loaded, t)
    elif phase == "jail":
        buttons += _jail_rows(panel, loaded, seat, by_kind, t, shown if choosing else None)
    elif phase == "flush":
        panel.lines.append(t.gettext("Flushing removes every card of the offer row and deals seven new ones."))
        buttons.append(Button(t.gettext("Flush the offer row"), move_id(loaded, Move("flush")), "primary"))
    elif phase == "buy":
        buttons += _buy_rows(panel, loaded, seat, by_kind, t, more=shown is HandView.BUY_MORE)
    if "preview" in by_kind:
        buttons.append(Button(t.gettext("Preview 3 cards"), move_id(loaded, Move("preview"))))
    if shortcut is not None and len(panel.rows) < MAX_ROWS - 1:
        panel.add_select(select_id(loaded, 8), *shortcut)
    skip = _skip_button(loaded, declined, t)
    if "pass" in by_kind:
        label = PASS_LABELS.get(phase)
        buttons.append(Button(t.gettext(label) if label else t.pgettext("button", "Pass"), move_id(loaded, PASS)))
    if skip is not None:
        buttons.append(skip)
    if game.can_undo(seat):  # a choice of this turn that revealed nothing can be taken back
        buttons.append(Button(t.gettext("Undo my last choice"), move_id(loaded, Move("undo"))))
    panel.add_buttons(buttons)


def _choice_buttons(panel: Panel, loaded: Loaded, t: Translator) -> list[Button]:
    pend = loaded.game.pending()
    name = card_name(pend["card"], t=t)
    if pend["kind"] == "either_coins_or_prestige":
        panel.lines.append(t.gettext("{card}: take {n}¢ or {n}★.", card=name, n=pend["value"]))
        return [Button(f"{pend['value']}¢", move_id(loaded, Move("take", choice="coins")), "primary"),
                Button(f"{pend['value']}★", move_id(loaded, Move("take", choice="prestige")), "primary")]
    panel.lines.append(t.gettext("{card}: take 1 ink or 1 remover.", card=name))
    return [Button(t.gettext("1 ink"), move_id(loaded, Move("take", choice="ink")), "primary"),
            Button(t.gettext("1 remover"), move_id(loaded, Move("take", choice="remover")), "primary")]


def _jail_rows(panel: Panel, loaded: Loaded, seat: int, by_kind: dict[str, list[Move]], t: Translator,
               shown: HandView | None) -> list[Button]:
    """A jail step (R17), one question at a time: jail a card or not (``shown`` None: a button, beside the
    select that declines and buys); which card to reserve in your jail; or, a click away, which to remove."""
    gid = loaded.record.id
    kept = loaded.game.player(seat).jail
    if shown is None:
        return [Button(t.gettext("Jail a card…"), OpenHand(gid, HandView.JAIL).custom_id(), "primary")]
    if shown is HandView.JAIL_REMOVE and by_kind.get("remove"):
        panel.lines.append(t.gettext("Removing a card takes it out of the game; a new card takes its place."))
        panel.add_select(select_id(loaded), t.gettext("Remove a card from the game"),
                         [option_of(m, t.gettext("Remove {card}", card=card_name(m.card or 0, cost=True, t=t)))
                          for m in by_kind["remove"]])
        return [Button(t.gettext("Reserve a card instead"), OpenHand(gid, HandView.JAIL).custom_id())]
    panel.lines.append(t.gettext("Reserving a card puts it in your jail: from now on only you can buy it."))
    if kept is not None:
        panel.lines.append(t.gettext("Your jail holds {card}: reserving another card removes it from the game.",
                                     card=card_name(kept, t=t)))
    panel.add_select(select_id(loaded), t.gettext("Reserve a card in your jail"),
                     [option_of(m, t.gettext("Reserve {card}", card=card_name(m.card or 0, cost=True, t=t)))
                      for m in by_kind.get("reserve", [])])
    if not by_kind.get("remove"):
        return []
    return [Button(t.gettext("Remove a card instead"), OpenHand(gid, HandView.JAIL_REMOVE).custom_id())]


def _buy_rows(panel: Panel, loaded: Loaded, seat: int, by_kind: dict[str, list[Move]], t: Translator, *,
              more: bool) -> list[Button]:
    """The purchase phase (R19, R25): one select of the cards, each once. Before any purchase, choosing a
    card buys it and ends the turn (the usual turn, one click) unless the player asked to buy more than
    one; once a card is bought the turn is still going, so the select buys and leaves it going."""
    game = loaded.game
    gid = loaded.record.id
    panel.lines.append(t.gettext("You have **{coins}¢**. Leftover coins become ink at the end of your turn.",
                                 coins=game.state.turn.coins))
    buttons: list[Button] = []
    more = more or bool(bought_this_turn(game))
    if by_kind.get("buy"):
        ongoing = purchases(game, seat)
        options = buy_options(game, seat, [], t, more=more, ongoing=ongoing)
        panel.add_select(select_id(loaded), t.gettext("Buy a card (you can buy another after it)") if more
                         else t.gettext("Buy a card (this ends your turn)"), options)
        if not bought_this_turn(game):
            if more:
                # (The plain hand, not Refresh: two components of a message never share a custom_id.)
                buttons.append(Button(t.gettext("Buy just one card"), OpenHand(gid, HandView.HAND).custom_id()))
            elif any(ongoing.values()):
                buttons.append(Button(t.gettext("Buy more than one card"),
                                      OpenHand(gid, HandView.BUY_MORE).custom_id()))
    if "advert" in by_kind:
        cost, prestige = ADVERTS[game.player(seat).adverts]
        buttons.append(Button(t.gettext("Advert: {cost}¢ → {prestige}★", cost=cost, prestige=prestige),
                              move_id(loaded, Move("advert"))))
    for m in by_kind.get("convert", []):
        buttons.append(Button(t.gettext("Convert {ink} ink → {coins}¢", ink=3 * (m.number or 0), coins=m.number),
                              move_id(loaded, m)))
    buttons.append(Button(t.gettext("End turn"), move_id(loaded, END), "danger"))
    return buttons

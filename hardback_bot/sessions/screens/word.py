"""The spelling preview panel: what a word earns, the arrangements worth choosing instead, and one Confirm.

Only arrangements that no other one beats in every respect are offered (sessions/yields.py: coins,
prestige, the choices and optional benefits they leave, the classics that stay in play), at most eight at
once; each option says what it earns and which card gives each wild letter, and every label and
description is whole (shortened where it would not fit, never cut). Confirm also answers the uncover and
double questions the way the preview assumed (the answers worth most), so a word with choices of that kind
is one click, not three; every other choice (coins or prestige, trash, jail …) still comes to the player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hardback_bot.cardtext import OPTION_LIMIT
from hardback_bot.engine import Move
from hardback_bot.engine.cards import card
from hardback_bot.i18n import Translator
from hardback_bot.render.models import WordPreview

from ..codec import (
    HandView,
    OpenHand,
    PickArrangement,
    PickMove,
    PlayMoves,
    encode_move,
    encode_moves,
    fits,
    more_value,
)
from ..phrases import ENGLISH, describe_moves
from ..preview import WordOutcome
from ..yields import undominated, yield_of
from .panel import Button, Option, Panel, Select, rules_button
from .pictures import word_model
from .text_mode import word_block
from .word_facts import said_in_order, target_slot, target_words, wild_brief, wild_forms, wild_sentence, wild_slots

AT_ONCE = 8  # arrangement options one select shows
PAGE = AT_ONCE - 1  # when there are more, the last option of each page leads to the next page


def offered(options: Sequence[WordOutcome]) -> list[WordOutcome]:
    """The arrangements the preview offers: none that another one beats in every respect, best first."""
    return undominated(options)


def default_choice(options: Sequence[WordOutcome]) -> WordOutcome:
    """The arrangement the preview proposes first: the best one (``options[0]``), or, if another offered
    arrangement is at least as good in every respect, that one."""
    best = yield_of(options[0])
    return next(o for o in offered(options) if yield_of(o).covers(best))


def wild_words(o: WordOutcome, t: Translator = ENGLISH) -> str:
    """Which card gives each wild letter, whether it stays face down or is uncovered and what it earns, read off
    the preview picture's model, in at most a select option's description (100 characters): whole sentences,
    else shorter forms (word_facts.wild_forms)."""
    forms = wild_forms(word_model(o, t.language), t)
    return next((form for form in forms if len(form) <= OPTION_LIMIT), forms[-1])


def extras(o: WordOutcome, t: Translator = ENGLISH) -> list[str]:
    """What the arrangement gives besides its coins and prestige: its choices, the classics it keeps in play
    and the rivals' classics it sends back."""
    out = o.notes_in(t)
    out += [t.gettext("{letter} stays in play", letter=card(c).letter) for c in o.into_play]
    out += [t.gettext("{letter} goes back to its owner", letter=card(c).letter) for c in o.sent_back]
    return out


def option_label(o: WordOutcome, number: int, chosen: bool, t: Translator = ENGLISH) -> str:
    """"✓ 2. 3¢ 1★ · R: trash for 2¢ — E from starter T", shortened until it fits a select option whole."""
    head = f"{'✓ ' if chosen else ''}{number}. {o.coins}¢ {o.prestige}★"
    more = extras(o, t)
    gives = f"{head} · {'; '.join(more)}" if more else head
    wilds = [wild_brief(s, t, state=False) for s in wild_slots(word_model(o, t.language))]
    which = ", ".join(wilds) if wilds else t.gettext("no wild cards")
    return _fitting([lambda: f"{gives} — {which}", lambda: gives, lambda: f"{head} — {which}", lambda: head])


def answer_words(o: WordOutcome, model: WordPreview, t: Translator = ENGLISH) -> list[str]:
    """The uncover and double answers Confirm makes (``o.targets``), each said from the picture's card."""
    said = []
    for move in o.targets:
        slot = target_slot(model, move.card)
        said.append(target_words(move.kind, slot, t) if slot is not None else describe_moves([move], t))
    return said


def confirm_moves(o: WordOutcome) -> list[Move]:
    """The word, then the uncover and double answers its preview assumed (the ones worth most)."""
    return [o.move, *o.targets]


def nothing_to_choose(options: Sequence[WordOutcome], chosen: WordOutcome,
                      paths: Sequence[tuple[list[Move], str]] = ()) -> bool:
    """A word whose preview would only ask "Confirm": one arrangement worth offering, no wild card, no uncover or
    double question, no either-or choice, no rival's classic it sends back. Such a word is played as typed, with
    no screen asking to confirm nothing (the optional steps it brings, trash or jail, come next anyway)."""
    return (len(offered(options)) == 1 and not any(w.wild for w in chosen.move.word)
            and not chosen.targets and not chosen.sent_back and not paths)


def word_panel(game_id: int, version: int, options: Sequence[WordOutcome], chosen: WordOutcome,
               note: str | None, *, page: int = 0, vote: bool = False,
               paths: Sequence[tuple[list[Move], str]] = (), t: Translator = ENGLISH, text_mode: bool = False) -> Panel:
    """The preview of ``chosen`` with the arrangements of its word worth choosing instead (``page`` of them).
    ``paths``: the ways to answer the either-or choices that come right after the word
    (spelling.choice_paths): then Confirm comes once per answer, so the word and its choices are one click.
    ``t``: the reader's language (``note`` and ``paths`` come already said in it). ``text_mode``: the reader
    has no picture (screens/text_mode.py): what it shows, each card's share, is said in lines instead."""
    panel = Panel(title=t.gettext("Spell {word}?", word=chosen.word), version=version)
    notes = chosen.notes_in(t)
    if notes:
        panel.lines.append(t.gettext("This arrangement earns **{coins}¢ and {prestige}★**, plus choices: {choices}.",
                                     coins=chosen.coins, prestige=chosen.prestige, choices="; ".join(notes)))
    else:
        panel.lines.append(t.gettext("This arrangement earns **{coins}¢ and {prestige}★**.", coins=chosen.coins,
                                     prestige=chosen.prestige))
    model = word_model(chosen, t.language)  # what the picture shows: the words below say the same
    wilds = wild_slots(model)
    if wilds:
        panel.lines.append(t.gettext("Wild cards: {wilds}.", wilds="; ".join(wild_sentence(s, t) for s in wilds)))
    else:
        panel.lines.append(t.gettext("No wild cards."))
    if text_mode:
        panel.lines += word_block(model, t)
    answers = answer_words(chosen, model, t)
    if answers and not vote:
        panel.lines.append(t.gettext("Confirming also {answers} (worth most).", answers=said_in_order(answers, t)))
    if note:
        panel.lines.append(note)
    _arrangement_select(panel, game_id, version, offered(options), chosen, page, t)
    moves = [chosen.move] if vote else confirm_moves(chosen)
    buttons = [Button(t.gettext("Cancel"), OpenHand(game_id, HandView.REFRESH).custom_id()),
               rules_button(game_id, "wilds" if any(w.wild for w in chosen.move.word) else "spelling", t)]
    if paths and not vote:
        confirms = []
        values = []
        for path, words in paths:
            try:
                confirms.append(Button(t.gettext("Confirm · {choices}", choices=words),
                                       _play(game_id, version, [*moves, *path]), "success"))
            except ValueError:
                confirms = []
                break
            values.append(encode_moves([*moves, *path]))
        if confirms and len(confirms) <= 4:
            panel.lines.append(t.gettext("Each Confirm also makes the choice it names."))
            panel.add_buttons([*confirms, *buttons])
            return panel
        if confirms:
            panel.rows.append(Select(PickMove(game_id, version).custom_id(),
                                     t.gettext("Confirm {word} and choose…", word=chosen.word),
                                     tuple(Option(b.label, v) for b, v in zip(confirms, values, strict=True))))
    confirm = t.gettext("Confirm {word}", word=chosen.word)
    try:
        buttons.insert(0, Button(confirm, _play(game_id, version, moves), "success"))
    except ValueError:
        try:  # too long with its answers: confirm the word alone, the questions come as buttons
            buttons.insert(0, Button(confirm, _play(game_id, version, [chosen.move]), "success"))
        except ValueError:
            panel.lines.append(t.gettext("This word is too long to confirm with a button; "
                                         "choose a shorter arrangement."))
    panel.add_buttons(buttons)
    return panel


def _arrangement_select(panel: Panel, game_id: int, version: int, unique: list[WordOutcome], chosen: WordOutcome,
                        page: int, t: Translator) -> None:
    """The select of the offered arrangements (the chosen one marked), at most AT_ONCE options: pages of
    PAGE and a "more" option when there are more."""
    if len(unique) < 2:
        return
    panel.lines.append(t.gettext("Each other arrangement below earns or keeps something this one does not."))
    size = AT_ONCE if len(unique) <= AT_ONCE else PAGE
    pages = max(1, -(-len(unique) // size))
    page = min(max(page, 0), pages - 1)
    first = page * size
    choices = []
    for number, o in enumerate(unique[first:first + size], start=first + 1):
        if not fits(PlayMoves(game_id, version, (o.move,))):
            continue  # its Confirm would not fit a button
        choices.append(Option(option_label(o, number, o.move == chosen.move, t), encode_move(o.move), wild_words(o, t)))
    rest = len(unique) - first - size
    if rest > 0:
        choices.append(Option(t.gettext("More arrangements ({n})…", n=rest), more_value(page + 1, chosen.move)))
    if choices:
        placeholder = (t.gettext("Other arrangements (page {n})", n=page + 1) if page
                       else t.gettext("Other arrangements"))
        panel.rows.append(Select(PickArrangement(game_id, version).custom_id(), placeholder, tuple(choices)))


def _fitting(forms: Sequence[Callable[[], str]], limit: int = OPTION_LIMIT) -> str:
    """The first of ``forms`` (longest first) that fits ``limit`` whole; the last one must always fit."""
    text = ""
    for form in forms:
        text = form()
        if len(text) <= limit:
            return text
    return text


def _play(game_id: int, version: int, moves: Sequence[Move]) -> str:
    return PlayMoves(game_id, version, tuple(moves)).custom_id()

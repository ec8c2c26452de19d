"""The spelling preview panel: what a word earns, the arrangements that differ, and one Confirm.

Arrangements are offered only where they differ in what the player gets or keeps (earnings, which cards
are spent, which go wild), never twice the same; each option names the card that gives each wild letter
and what that card gives up. Confirm also answers the uncover and double questions the way the preview
assumed (the answers worth most), so a word with choices of that kind is one click, not three; every
other choice (coins or prestige, trash, jail …) still comes to the player.
"""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.cardtext import OPTION_LIMIT, card_summary
from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import as_move, parse_move
from hardback_bot.i18n import Translator

from ..codec import HandView, OpenHand, PickArrangement, PickMove, PlayMoves, encode_move, encode_moves, more_value
from ..describe import ENGLISH, genre_word
from ..preview import WordOutcome
from .panel import MAX_OPTIONS, Button, Option, Panel, Select, rules_button

PAGE = MAX_OPTIONS - 1  # one option of each page may lead to the next page


def _kind(card_id: int) -> tuple[object, ...]:
    """A card as a player tells it apart: two starter E's are the same card to spend or to turn wild."""
    d = card(card_id)
    return d.letter, d.genre, d.cost, d.timeless, d.basic, d.genre_bonus


def outcome_key(o: WordOutcome) -> tuple[object, ...]:
    """What a player gets or keeps with an arrangement: two with the same key are the same choice."""
    used: list[tuple[object, ...]] = []
    wild: list[tuple[object, ...]] = []
    for token in o.move.split()[1:]:
        cid, eq, _letter = token.partition("=")
        (wild if eq else used).append(_kind(int(cid)))
    return (o.coins, o.prestige, tuple(sorted(o.choices)), tuple(sorted(used, key=repr)),
            tuple(sorted(wild, key=repr)))


def distinct(options: Sequence[WordOutcome]) -> list[WordOutcome]:
    seen: set[tuple[object, ...]] = set()
    out = []
    for o in options:
        key = outcome_key(o)
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


def wild_words(o: WordOutcome, t: Translator = ENGLISH) -> str:
    """Which card gives each wild letter, and what it gives up by going face down.  The cards' benefits
    are said shorter when the whole would not fit a select option's description (100 characters: several
    wilds, or a language whose card texts run longer)."""
    for benefits_limit in (40, 32, 24, 16, 12, 8):
        parts = []
        for token in o.move.split()[1:]:
            cid, eq, letter = token.partition("=")
            if not eq:
                continue
            c = card(int(cid))
            if c.is_starter:
                parts.append(t.gettext("{letter} from a starter {printed}", letter=letter, printed=c.letter))
            else:
                parts.append(t.gettext("{letter} from {printed} ({genre}: gives up {benefits})", letter=letter,
                                       printed=c.letter, genre=genre_word(c.genre, t),
                                       benefits=card_summary(c, limit=benefits_limit, language=t.language)))
        text = "; ".join(parts) if parts else t.gettext("no wild cards")
        if len(text) <= OPTION_LIMIT:
            break
    return text


def confirm_moves(o: WordOutcome) -> list[str]:
    """The word, then the uncover and double answers its preview assumed (the ones worth most)."""
    return [o.move, *o.targets]


def word_panel(game_id: int, version: int, options: Sequence[WordOutcome], chosen: WordOutcome,
               note: str | None, *, page: int = 0, vote: bool = False,
               paths: Sequence[tuple[list[str], str]] = (), t: Translator = ENGLISH) -> Panel:
    """The preview of ``chosen`` with the distinct arrangements of its word (``page`` of them). ``paths``: the
    ways to answer the either-or choices that come right after the word (spelling.choice_paths): then
    Confirm comes once per answer, so the word and its choices are one click. ``t``: the reader's language
    (``note`` and ``paths`` come already said in it)."""
    panel = Panel(title=t.gettext("Spell {word}?", word=chosen.word), version=version)
    notes = chosen.notes_in(t)
    if notes:
        panel.lines.append(t.gettext("This arrangement earns **{coins}¢ and {prestige}★**, plus choices: {choices}.",
                                     coins=chosen.coins, prestige=chosen.prestige, choices="; ".join(notes)))
    else:
        panel.lines.append(t.gettext("This arrangement earns **{coins}¢ and {prestige}★**.", coins=chosen.coins,
                                     prestige=chosen.prestige))
    panel.lines.append(t.gettext("Wild cards: {wilds}.", wilds=wild_words(chosen, t)))
    if chosen.targets and not vote:
        said = _target_words(chosen.targets[0], t)
        for target in chosen.targets[1:]:
            said = t.gettext("{first}, then {next}", first=said, next=_target_words(target, t))
        panel.lines.append(t.gettext("Confirming also {answers} (worth most).", answers=said))
    if note:
        panel.lines.append(note)
    unique = distinct(options)
    if len(unique) > 1:
        panel.lines.append(t.gettext("Other arrangements below differ in what you earn or keep."))
        chunk = unique[page * PAGE:(page + 1) * PAGE]
        first = page * PAGE
        choices = []
        for number, o in enumerate(chunk, start=first + 1):
            encoded = encode_move(o.move)
            if len(f"hb:m:{game_id}:{version}:{encoded}") > 100:
                continue
            mark = "✓ " if o.move == chosen.move else ""
            choices.append(Option(f"{mark}{number}. {o.coins}¢ {o.prestige}★ — {_letters(o, t)}", encoded,
                                  wild_words(o, t)))
        rest = len(unique) - (page + 1) * PAGE
        if rest > 0:
            choices.append(Option(t.gettext("More arrangements ({n})…", n=rest), more_value(page + 1, chosen.move)))
        if choices:
            placeholder = (t.gettext("Other arrangements (page {n})", n=page + 1) if page
                           else t.gettext("Other arrangements"))
            panel.rows.append(Select(PickArrangement(game_id, version).custom_id(), placeholder, tuple(choices)))
    moves = [chosen.move] if vote else confirm_moves(chosen)
    buttons = [Button(t.gettext("Back"), OpenHand(game_id, HandView.REFRESH).custom_id()),
               rules_button(game_id, "wilds" if any(w.wild for w in as_move(chosen.move).word) else "spelling", t)]
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


def _play(game_id: int, version: int, moves: Sequence[str]) -> str:
    return PlayMoves(game_id, version, tuple(parse_move(m) for m in moves)).custom_id()


def _letters(o: WordOutcome, t: Translator = ENGLISH) -> str:
    """The word with each wild letter's card: "T(=starter E)EA"."""
    parts = []
    for token in o.move.split()[1:]:
        cid, eq, letter = token.partition("=")
        if eq:
            c = card(int(cid))
            parts.append(t.gettext("{letter}(={genre} {printed})", letter=letter, genre=genre_word(c.genre, t),
                                   printed=c.letter))
        else:
            parts.append(card(int(cid)).letter)
    return "".join(parts)


def _target_words(move: str, t: Translator = ENGLISH) -> str:
    verb, _, cid = move.partition(" ")
    c = card(int(cid)) if cid.isdigit() else None
    what = t.gettext("{letter} ({genre})", letter=c.letter, genre=genre_word(c.genre, t)) if c else cid
    if verb == "uncover":
        return t.gettext("uncovers {card}", card=what)
    if verb == "double":
        return t.gettext("doubles {card}", card=what)
    return move

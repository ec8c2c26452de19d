"""The spelling preview panel: what a word earns, the arrangements that differ, and one Confirm.

Arrangements are offered only where they differ in what the player gets or keeps (earnings, which cards
are spent, which go wild), never twice the same; each option names the card that gives each wild letter
and what that card gives up. Confirm also answers the uncover and double questions the way the preview
assumed (the answers worth most), so a word with choices of that kind is one click, not three; every
other choice (coins or prestige, trash, jail …) still comes to the player.
"""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.cardtext import card_summary
from hardback_bot.engine.cards import card

from .codec import Action, encode_move, encode_moves
from .panels import MAX_OPTIONS, Button, Option, Panel, Select
from .preview import WordOutcome

PAGE = MAX_OPTIONS - 1  # one option of each page may lead to the next page
MORE = "P"  # value prefix of "more arrangements": P<page>~<a move of the word>


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
    return (o.coins, o.prestige, tuple(sorted(o.notes)), tuple(sorted(used, key=repr)),
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


def wild_words(o: WordOutcome) -> str:
    """Which card gives each wild letter, and what it gives up by going face down."""
    parts = []
    for token in o.move.split()[1:]:
        cid, eq, letter = token.partition("=")
        if not eq:
            continue
        c = card(int(cid))
        if c.is_starter:
            parts.append(f"{letter} from a starter {c.letter}")
        else:
            parts.append(f"{letter} from {c.letter} ({c.genre}: gives up {card_summary(c, limit=40)})")
    return "; ".join(parts) if parts else "no wild cards"


def confirm_moves(o: WordOutcome) -> list[str]:
    """The word, then the uncover and double answers its preview assumed (the ones worth most)."""
    return [o.move, *o.targets]


def word_panel(game_id: int, version: int, options: Sequence[WordOutcome], chosen: WordOutcome,
               note: str | None, *, page: int = 0, vote: bool = False,
               paths: Sequence[tuple[list[str], str]] = ()) -> Panel:
    """The preview of ``chosen`` with the distinct arrangements of its word (``page`` of them). ``paths``: the
    ways to answer the either-or choices that come right after the word (spelling.choice_paths): then
    Confirm comes once per answer, so the word and its choices are one click."""
    panel = Panel(title=f"Spell {chosen.word}?", version=version)
    panel.lines.append(f"This arrangement earns **{chosen.coins}¢ and {chosen.prestige}★**"
                       + (f", plus choices: {'; '.join(chosen.notes)}" if chosen.notes else "") + ".")
    panel.lines.append(f"Wild cards: {wild_words(chosen)}.")
    if chosen.targets and not vote:
        panel.lines.append("Confirming also " + ", then ".join(_target_words(t) for t in chosen.targets)
                           + " (worth most).")
    if note:
        panel.lines.append(note)
    unique = distinct(options)
    if len(unique) > 1:
        panel.lines.append("Other arrangements below differ in what you earn or keep.")
        chunk = unique[page * PAGE:(page + 1) * PAGE]
        first = page * PAGE
        choices = []
        for number, o in enumerate(chunk, start=first + 1):
            encoded = encode_move(o.move)
            if len(f"hb:m:{game_id}:{version}:{encoded}") > 100:
                continue
            mark = "✓ " if o.move == chosen.move else ""
            choices.append(Option(f"{mark}{number}. {o.coins}¢ {o.prestige}★ — {_letters(o)}"[:100], encoded,
                                  wild_words(o)[:100]))
        rest = len(unique) - (page + 1) * PAGE
        if rest > 0:
            choices.append(Option(f"More arrangements ({rest})…", f"{MORE}{page + 1}~{encode_move(chosen.move)}"))
        if choices:
            panel.rows.append(Select(Action("a", game_id, version, "arr").custom_id(),
                                     "Other arrangements" + (f" (page {page + 1})" if page else ""),
                                     tuple(choices)))
    moves = [chosen.move] if vote else confirm_moves(chosen)
    buttons = [Button("Back", Action("h", game_id, 0, "r").custom_id())]
    if paths and not vote:
        confirms = []
        for path, words in paths:
            try:
                confirms.append(Button(f"Confirm · {words}"[:80],
                                       Action("m", game_id, version, encode_moves([*moves, *path])).custom_id(),
                                       "success"))
            except ValueError:
                confirms = []
                break
        if confirms and len(confirms) <= 4:
            panel.lines.append("Each Confirm also makes the choice it names.")
            panel.add_buttons([*confirms, *buttons])
            return panel
        if confirms:
            panel.rows.append(Select(Action("m", game_id, version, "sel").custom_id(),
                                     f"Confirm {chosen.word} and choose…",
                                     tuple(Option(b.label[:100], b.custom_id.split(":", 4)[4]) for b in confirms)))
    try:
        buttons.insert(0, Button(f"Confirm {chosen.word}", Action("m", game_id, version,
                                                                  encode_moves(moves)).custom_id(), "success"))
    except ValueError:
        try:  # too long with its answers: confirm the word alone, the questions come as buttons
            buttons.insert(0, Button(f"Confirm {chosen.word}", Action("m", game_id, version,
                                                                      encode_move(chosen.move)).custom_id(),
                                     "success"))
        except ValueError:
            panel.lines.append("This word is too long to confirm with a button; choose a shorter arrangement.")
    panel.add_buttons(buttons)
    return panel


def parse_more(value: str) -> tuple[int, str] | None:
    """(page, a move of the word) from a "more arrangements" value, or None for an ordinary option."""
    if not value.startswith(MORE):
        return None
    head, _, move = value.partition("~")
    page = head[len(MORE):]
    return (int(page), move) if page.isdigit() and move else None


def _letters(o: WordOutcome) -> str:
    """The word with each wild letter's card: "T(=starter E)EA"."""
    parts = []
    for token in o.move.split()[1:]:
        cid, eq, letter = token.partition("=")
        if eq:
            c = card(int(cid))
            parts.append(f"{letter}(={'starter' if c.is_starter else c.genre} {c.letter})")
        else:
            parts.append(card(int(cid)).letter)
    return "".join(parts)


def _target_words(move: str) -> str:
    verb, _, cid = move.partition(" ")
    c = card(int(cid)) if cid.isdigit() else None
    what = f"{c.letter} ({c.genre})" if c else cid
    return {"uncover": f"uncovers {what}", "double": f"doubles {what}"}.get(verb, move)

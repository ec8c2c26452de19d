"""Finding a rules topic or a card from what a player typed (autocomplete and the commands), and what
they read about it, in their language (``language``: one of hardback_bot.i18n.LANGUAGES)."""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot import cardtext
from hardback_bot.engine.cards import ALL_GENRES, CardDef, card_defs
from hardback_bot.i18n import translator

from .topics import BY_KEY, TOPICS, Topic, localized

STRINGS_CONTEXT = "rules lookup"
STRINGS_NOTES = {
    "see_also": "after a rules topic, before the titles of related topics (Markdown)",
    "title": "a topic's title inside a sentence or a list (Markdown italics; Japanese may quote it 「」)",
    "index": "one line of the rules index: a topic's title, then what it is about (Markdown)",
    "costs_join": "a letter with two cards: between their two costs (the letter autocomplete)",
    "two_cards": "after a letter's costs when the genre has two cards of that letter",
}
STRINGS: dict[str, str] = {
    "see_also": "*See also:* {topics}",
    "title": "*{title}*",
    "index": "**{title}** — {summary}",
    "choice": "{title} — {summary}",
    "costs_join": " and ",
    "starter": "starter",
    "two_cards": " · two cards",
    "letter": "{letter} ({costs}{extra})",
}


def _s(language: str, name: str, /, **params: object) -> str:
    return translator(language).entry(STRINGS_CONTEXT, STRINGS[name], **params)

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
CARD_GENRES: tuple[str, ...] = (*ALL_GENRES[1:], "starter")  # genre cards first: they are what people look up


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def find_topic(query: str | None, language: str = "en") -> Topic | None:
    """The topic a player meant: its key, title (English or in ``language``) or an alias, then a unique
    prefix or substring.  The topic returned is the English one: :func:`localized` says it."""
    q = _norm(query or "")
    if not q:
        return None
    titles = {t.key: {_norm(t.title), _norm(localized(t, language).title)} for t in TOPICS}
    for t in TOPICS:
        if q in (_norm(t.key), *titles[t.key], *map(_norm, t.aliases)):
            return t
    starts = [t for t in TOPICS if _norm(t.key).startswith(q) or any(_norm(a).startswith(q) for a in t.aliases)]
    if len(starts) == 1:
        return starts[0]
    inside = [t for t in TOPICS if any(q in title for title in titles[t.key])]
    return inside[0] if len(inside) == 1 else None


def topic_choices(current: str, language: str = "en") -> list[tuple[str, str]]:
    """(label, key) pairs for autocomplete, best matches first, at most 25 (labels ≤ 100 characters), the
    labels in ``language`` (what was typed is matched against English and ``language`` alike)."""
    q = _norm(current)
    ranked: list[tuple[int, int, Topic]] = []
    for order, t in enumerate(TOPICS):
        here = localized(t, language)
        names = [_norm(t.key), *map(_norm, t.aliases)]
        titles = {_norm(t.title), _norm(here.title)}
        summaries = {_norm(t.summary), _norm(here.summary)}
        if not q or any(n == q for n in names):
            score = 0
        elif any(n.startswith(q) for n in names) or any(title.startswith(q) for title in titles):
            score = 1
        elif any(q in title for title in titles) or any(q in n for n in names) or any(q in s for s in summaries):
            score = 2
        else:
            continue
        ranked.append((score, order, here))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [(_s(language, "choice", title=t.title, summary=t.summary)[:100], t.key) for _, _, t in ranked[:MAX_CHOICES]]


def topic_index(language: str = "en") -> str:
    """The list shown by ``/hardback rules`` without a topic: each topic by its title, as the reader may type it."""
    lines = []
    for t in TOPICS:
        here = localized(t, language)
        lines.append(_s(language, "index", title=here.title, summary=here.summary))
    return "\n".join(lines)


def topic_text(topic: Topic, language: str = "en") -> str:
    """The embed description in ``language``: the text, then the titles of related topics."""
    text = localized(topic, language).text
    related = [_s(language, "title", title=localized(BY_KEY[k], language).title) for k in topic.see_also if k in BY_KEY]
    if related:
        text += "\n\n" + _s(language, "see_also", topics=translator(language).join(related))
    return text


def topic_title(topic: Topic, language: str = "en") -> str:
    return localized(topic, language).title


def topic_pictures(topic: Topic, language: str = "en") -> list[tuple[str, bytes, str]]:
    """(file name, PNG bytes, alt text) of the pictures a topic shows, in ``language``; CPU work, run it off
    the event loop."""
    if not topic.images:
        return []
    from hardback_bot.render.legend import legend_description, render_legend

    return [(f"legend-{part}.png", render_legend(part, language), legend_description(part, language))
            for part in topic.images]


def legend_pictures(keys: tuple[str, ...], language: str = "en") -> list[tuple[str, bytes, str]]:
    """(file name, PNG bytes, alt text) of the part of the icon legend with only the entries ``keys`` (none when
    there are none), in ``language``: a rules view's picture of what it talks about.  CPU work, run it off the
    event loop."""
    if not keys:
        return []
    from hardback_bot.render.legend_part import legend_of_description, render_legend_of

    return [("legend.png", render_legend_of(keys, language), legend_of_description(keys, language))]


def topic_words(topic: Topic, language: str = "en") -> list[str]:
    """What the pictures of a topic show, in words (the rules in text mode, docs/accessibility.md): every
    caption of each part of the icon legend. CPU work the first time (cached after), run it off the event loop."""
    from hardback_bot.render.legend import legend_lines

    return [line for part in topic.images for line in legend_lines(part, language)]


# --------------------------------------------------------------------------- cards
@dataclass(frozen=True, slots=True)
class CardMatch:
    genre: str
    letter: str
    cards: tuple[CardDef, ...]  # one, or two when the genre has two copies of the letter


def cards_of(genre: str, letter: str) -> tuple[CardDef, ...]:
    """The distinct cards of ``genre`` that carry ``letter`` (0, 1 or 2), cheapest first."""
    g, ch = genre.strip().lower(), letter.strip().upper()
    found = [d for d in card_defs().values() if d.genre == g and d.letter == ch]
    return tuple(sorted(found, key=lambda d: (d.cost, d.id)))


def letters_of(genre: str) -> list[str]:
    g = genre.strip().lower()
    return sorted({d.letter for d in card_defs().values() if d.genre == g})


def card_letter_choices(genre: str | None, current: str, language: str = "en") -> list[tuple[str, str]]:
    """Autocomplete for the letter option: letters of the chosen genre (all letters when none yet)."""
    q = current.strip().upper()[:1]
    if genre and genre.lower() in ALL_GENRES:
        out = []
        for letter in letters_of(genre):
            if q and letter != q:
                continue
            found = cards_of(genre, letter)
            costs = (_s(language, "costs_join").join(f"{d.cost}¢" for d in found) if not found[0].is_starter
                     else _s(language, "starter"))
            extra = _s(language, "two_cards") if len(found) > 1 else ""
            out.append((_s(language, "letter", letter=letter, costs=costs, extra=extra), letter))
        return out[:MAX_CHOICES]
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    return [(x, x) for x in letters if not q or x == q][:MAX_CHOICES]


def card_title(d: CardDef, language: str = "en") -> str:
    return cardtext.card_title(d, language)


def card_text(d: CardDef, language: str = "en") -> str:
    """The card in words: for the embed under its image and as the image's alt text."""
    return cardtext.card_text(d, language)

"""Finding a rules topic or a card from what a player typed (autocomplete and the commands)."""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot import cardtext
from hardback_bot.engine.cards import ALL_GENRES, CardDef, card_defs

from .topics import BY_KEY, TOPICS, Topic

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
CARD_GENRES: tuple[str, ...] = (*ALL_GENRES[1:], "starter")  # genre cards first: they are what people look up


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def find_topic(query: str | None) -> Topic | None:
    """The topic a player meant: its key, title or an alias, then a unique prefix or substring."""
    q = _norm(query or "")
    if not q:
        return None
    for t in TOPICS:
        if q in (_norm(t.key), _norm(t.title), *map(_norm, t.aliases)):
            return t
    starts = [t for t in TOPICS if _norm(t.key).startswith(q) or any(_norm(a).startswith(q) for a in t.aliases)]
    if len(starts) == 1:
        return starts[0]
    inside = [t for t in TOPICS if q in _norm(t.title)]
    return inside[0] if len(inside) == 1 else None


def topic_choices(current: str) -> list[tuple[str, str]]:
    """(label, key) pairs for autocomplete, best matches first, at most 25 (labels ≤ 100 characters)."""
    q = _norm(current)
    ranked: list[tuple[int, int, Topic]] = []
    for order, t in enumerate(TOPICS):
        names = [_norm(t.key), *map(_norm, t.aliases)]
        if not q or any(n == q for n in names):
            score = 0
        elif any(n.startswith(q) for n in names) or _norm(t.title).startswith(q):
            score = 1
        elif q in _norm(t.title) or any(q in n for n in names) or q in _norm(t.summary):
            score = 2
        else:
            continue
        ranked.append((score, order, t))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [(f"{t.title} — {t.summary}"[:100], t.key) for _, _, t in ranked[:MAX_CHOICES]]


def topic_index() -> str:
    """The list shown by ``/hardback rules`` without a topic."""
    return "\n".join(f"`{t.key}` — {t.summary}" for t in TOPICS)


def topic_text(topic: Topic) -> str:
    """The embed description: the text, then pointers to related topics."""
    text = topic.text
    related = [BY_KEY[k].key for k in topic.see_also if k in BY_KEY]
    if related:
        text += "\n\n*See also:* " + ", ".join(f"`{k}`" for k in related)
    return text


def topic_pictures(topic: Topic) -> list[tuple[str, bytes, str]]:
    """(file name, PNG bytes, alt text) of the pictures a topic shows; CPU work, run it off the event loop."""
    if not topic.images:
        return []
    from hardback_bot.render.legend import legend_description, render_legend

    return [(f"legend-{part}.png", render_legend(part), legend_description(part)) for part in topic.images]


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


def card_letter_choices(genre: str | None, current: str) -> list[tuple[str, str]]:
    """Autocomplete for the letter option: letters of the chosen genre (all letters when none yet)."""
    q = current.strip().upper()[:1]
    if genre and genre.lower() in ALL_GENRES:
        out = []
        for letter in letters_of(genre):
            if q and letter != q:
                continue
            found = cards_of(genre, letter)
            costs = " and ".join(f"{d.cost}¢" for d in found) if not found[0].is_starter else "starter"
            extra = " · two cards" if len(found) > 1 else ""
            out.append((f"{letter} ({costs}{extra})", letter))
        return out[:MAX_CHOICES]
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    return [(x, x) for x in letters if not q or x == q][:MAX_CHOICES]


def card_title(d: CardDef) -> str:
    return cardtext.card_title(d)


def card_text(d: CardDef) -> str:
    """The card in words: for the embed under its image and as the image's alt text."""
    return cardtext.card_text(d)

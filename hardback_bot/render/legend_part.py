"""A part of the icon legend: only the icons one view of the rules talks about.

A rules view inside a game explains the cards in front of the reader and the step they are at; the whole legend
(two pictures about 2,000 px tall each) is far more than that.  ``keys_for_cards`` names the entries that
explain some cards (their genres, their benefits and the symbols between their icons, the genre band and the
sideways print where they have them, prices for cards one may buy), the help layer adds the entries of the step
(``hardback_bot.help.in_game``), and ``draw_legend_of`` draws just those, in the legend's own order and
sections, with the legend's own code and captions.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from hardback_bot.engine.cards import CardDef
from hardback_bot.render.benefits import PIECES
from hardback_bot.render.compose import Rendered, encode_png
from hardback_bot.render.legend import PARTS, Sections, describe_sections, draw_sections, sections


@cache
def keys() -> tuple[str, ...]:
    """Every entry of the legend, in its order (``"benefit:coins"``, ``"genre:horror"``, ``"state.inked"`` …)."""
    return tuple(e.key for part in PARTS for _, entries in sections(part) for e in entries)


def _selected(wanted: Iterable[str], language: str) -> Sections:
    chosen = set(wanted)
    unknown = chosen - set(keys())
    if unknown:
        raise ValueError(f"no legend entries {sorted(unknown)}")
    found = [(head, [e for e in entries if e.key in chosen]) for part in PARTS
             for head, entries in sections(part, language)]
    return [(head, entries) for head, entries in found if entries]


def draw_legend_of(wanted: Iterable[str], language: str = "en") -> Rendered:
    """Only the entries named in ``wanted`` (``keys()``), in the legend's order and sections, no title."""
    return draw_sections(_selected(wanted, language), language, None)


@lru_cache(maxsize=256)
def render_legend_of(wanted: tuple[str, ...], language: str = "en") -> bytes:
    """``draw_legend_of`` as PNG bytes; cached, as the same hands and rows come back."""
    return encode_png(draw_legend_of(wanted, language).image)


def legend_of_description(wanted: Iterable[str], language: str = "en") -> str:
    """The alt text of ``draw_legend_of``: each section's heading and captions, in order."""
    return " ".join(describe_sections(_selected(wanted, language), language))[:1024]


#: The joining symbols a benefit's glyph shows, by its pieces (``benefits.PIECES``).
_SYMBOLS = {"or": "symbol.or", "times": "symbol.times", "for": "symbol.for", "uncover": "symbol.beside",
            "double": "symbol.beside"}


def keys_for_cards(cards: Iterable[CardDef], prices: bool = False) -> tuple[str, ...]:
    """The entries that explain ``cards``, in the order they come: each one's genre, its benefits with the
    symbols between their icons, the genre band, the sideways print of a timeless classic; with ``prices``
    (cards one may buy) the price tag and the purchase prestige."""
    found: list[str] = []
    for d in cards:
        found.append(f"genre:{d.genre}")
        for b in (*d.basic, *d.genre_bonus):
            found.append(f"benefit:{b.kind}")
            found += [_SYMBOLS[piece] for piece, _ in PIECES[b.kind] if piece in _SYMBOLS]
            if b.kind == "double_adjacent":
                found.append("symbol.times")  # its ×2
        found += ["part.genre_band"] if d.genre_bonus else []
        found += ["part.timeless"] if d.timeless else []
        if prices:
            found += ["part.cost"] if not d.is_starter else []
            found += ["part.purchase"] if d.purchase_prestige else []
    return tuple(dict.fromkeys(found))

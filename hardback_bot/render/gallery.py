"""``python -m hardback_bot.render.gallery OUTDIR [--language LANG ...]``: write every image kind for review.

Writes each card state, a contact sheet of all 158 cards, the offer row, a hand, a word preview,
a 5-player table, a co-op table, results (competitive and co-op), card lookups, the icon legend, a
deck and every word of a game — once per language, in ``OUTDIR/<language>/`` (all four by default).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image

from hardback_bot.engine.cards import card_defs
from hardback_bot.i18n import LANGUAGES
from hardback_bot.render import samples
from hardback_bot.render.card import card_pixels, render_card
from hardback_bot.render.deck import render_deck
from hardback_bot.render.hand import render_hand
from hardback_bot.render.legend import PARTS, render_legend
from hardback_bot.render.lookup import render_card_lookup, render_card_png
from hardback_bot.render.models import CardFace
from hardback_bot.render.offer import render_offer_row
from hardback_bot.render.results import render_results
from hardback_bot.render.table import render_table
from hardback_bot.render.word import render_word_preview
from hardback_bot.render.word_list import render_words

SHEET_COLUMNS = 12
SHEET_SCALE = 0.75


def contact_sheet(language: str = "en") -> Image.Image:
    """All distinct cards (ids 1–158) in id order, 12 to a row."""
    faces = [CardFace(cid) for cid in sorted(card_defs())]
    cell_w = round(224 * SHEET_SCALE) + 8  # wide enough for a landscape classic
    cell_h = round(224 * SHEET_SCALE) + 8
    rows = -(-len(faces) // SHEET_COLUMNS)
    sheet = Image.new("RGB", (cell_w * SHEET_COLUMNS + 8, cell_h * rows + 8), (43, 45, 49))
    for i, face in enumerate(faces):
        r = render_card(face, SHEET_SCALE, language)
        w, h = card_pixels(face, SHEET_SCALE)
        x = 8 + (i % SHEET_COLUMNS) * cell_w + (cell_w - 8 - w) // 2
        y = 8 + (i // SHEET_COLUMNS) * cell_h + (cell_h - 8 - h) // 2
        sheet.paste(r.image, (x, y), r.image)
    return sheet


def write_gallery(out: Path, language: str = "en") -> list[Path]:
    """Every image kind in ``language``, written into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def put(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    for name, face in samples.card_states().items():
        put(f"card_{name}.png", render_card_png(face, 1.0, language))
    sheet = io.BytesIO()
    contact_sheet(language).save(sheet, "PNG", optimize=True)  # a review file: size matters more than speed
    put("cards_all.png", sheet.getvalue())
    put("offer_row.png", render_offer_row(samples.offer_row(), language))
    put("hand.png", render_hand(samples.hand(), language))
    put("word_preview.png", render_word_preview(samples.word_preview(language), language))
    put("table_5p.png", render_table(samples.table(5), language))
    put("table_2p.png", render_table(samples.table(2), language))
    put("table_coop.png", render_table(samples.coop_table(), language))
    put("table_finished.png", render_table(samples.finished_table(language), language))
    put("table_long_names.png", render_table(samples.long_names_table(language), language))
    put("results.png", render_results(samples.results(), language))
    put("results_coop.png", render_results(samples.coop_results(language), language))
    for cid in (21, 5, 46, 95, 141):
        put(f"lookup_{cid}.png", render_card_lookup(cid, language))
    for part in PARTS:
        put(f"legend_{part}.png", render_legend(part, language))
    put("deck.png", render_deck(samples.deck(language)))
    put("words.png", render_words(samples.words(language)))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--language", action="append", choices=LANGUAGES,
                        help="a language to write (repeatable; default: every language)")
    args = parser.parse_args(argv)
    paths = [p for lang in args.language or LANGUAGES for p in write_gallery(args.outdir / lang, lang)]
    for p in paths:
        print(f"{p}  {p.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Render timings per image kind, warm caches (card faces already drawn), PNG encoding included.

    python bench/render.py [--runs 60]

Prints median and p95 per kind, and the aims: offer row and word preview under
40 ms, table under 80 ms (2-core machine).  Also prints the cold cost of drawing one card face, and for each
composed picture its encoding alone, in the same run: the bot's (a palette of 256 colours, ISA-L's deflate,
render/compose.encode_png) against Pillow's own PNG writer with the same palette and zlib at level 1, and against
a full-colour PNG.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from hardback_bot.engine.cards import card_defs
from hardback_bot.render import (
    CardFace,
    render_card_lookup,
    render_card_png,
    render_hand,
    render_offer_row,
    render_results,
    render_table,
    render_word_preview,
    samples,
)
from hardback_bot.render.card import cache_clear, render_card
from hardback_bot.render.compose import PALETTE_STEP, PNG_COLOURS, encode_png
from hardback_bot.render.deck import draw_deck, render_deck
from hardback_bot.render.hand import draw_hand
from hardback_bot.render.offer import draw_offer_row
from hardback_bot.render.table import draw_table
from hardback_bot.render.word import draw_word_preview

AIMS_MS = {"offer_row": 40.0, "word_preview": 40.0, "table_5p": 80.0, "table_coop": 80.0}


def kinds() -> dict[str, Callable[[], bytes]]:
    offer, hand, word = samples.offer_row(), samples.hand(), samples.word_preview()
    table5, coop, results, deck = samples.table(5), samples.coop_table(), samples.results(), samples.deck()
    return {
        "card": lambda: render_card_png(CardFace(36, multiplier=2)),
        "lookup": lambda: render_card_lookup(21),
        "offer_row": lambda: render_offer_row(offer),
        "hand": lambda: render_hand(hand),
        "word_preview": lambda: render_word_preview(word),
        "table_5p": lambda: render_table(table5),
        "table_coop": lambda: render_table(coop),
        "results": lambda: render_results(results),
        "deck": lambda: render_deck(deck),
    }


def drawings() -> dict[str, Image.Image]:
    """The composed pictures as drawn, before encoding."""
    return {"offer_row": draw_offer_row(samples.offer_row()).image, "hand": draw_hand(samples.hand()).image,
            "word_preview": draw_word_preview(samples.word_preview()).image,
            "table_5p": draw_table(samples.table(5)).image, "table_coop": draw_table(samples.coop_table()).image,
            "deck": draw_deck(samples.deck()).image}


def pillow_palette_png(img: Image.Image) -> bytes:
    """The same palette as the bot's, written by Pillow (zlib at level 1)."""
    sample = img.resize((max(1, img.width // PALETTE_STEP), max(1, img.height // PALETTE_STEP)),
                        Image.Resampling.NEAREST)
    palette = sample.quantize(PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def full_colour_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def time_ms(fn: Callable[[], object], runs: int) -> list[float]:
    fn()  # warm the caches
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()

    cache_clear()
    faces = [CardFace(cid) for cid in sorted(card_defs())]
    t = time.perf_counter()
    for f in faces:
        render_card(f)
    cold = (time.perf_counter() - t) * 1000 / len(faces)
    print(f"cold card face (draw once, then cached): {cold:.1f} ms/card over {len(faces)} cards")

    print(f"{'kind':<14}{'median ms':>10}{'p95 ms':>10}{'aim ms':>9}  size KiB")
    failed = []
    for name, fn in kinds().items():
        ms = time_ms(fn, args.runs)
        med, hi = statistics.median(ms), p95(ms)
        aim = AIMS_MS.get(name)
        size = len(fn()) // 1024
        mark = ""
        if aim is not None:
            mark = "ok" if med < aim else "SLOW"
            if med >= aim:
                failed.append(name)
        aim_text = f"{aim:.0f}" if aim is not None else "-"
        print(f"{name:<14}{med:>10.1f}{hi:>10.1f}{aim_text:>9}  {size:>5}  {mark}")
    if failed:
        print("over the aim:", ", ".join(failed))

    print("encoding alone (median ms, KiB): the bot's | Pillow, same palette, zlib 1 | Pillow, full colour")
    for name, img in drawings().items():
        cells = []
        for encode in (encode_png, pillow_palette_png, full_colour_png):
            ms = statistics.median(time_ms(lambda: encode(img), args.runs))  # noqa: B023 - called at once
            cells.append(f"{ms:6.1f} ms {len(encode(img)) // 1024:4d}")
        print(f"{name:<14}" + " | ".join(cells))


if __name__ == "__main__":
    main()

"""Pillow images for the Hardback bot: pure functions from plain models (``models.py``) to PNG bytes.

No Discord here.  Each image kind has a ``draw_*`` function returning a ``Rendered`` (the image
and the layout regions the renderer computed, for tests) and a ``render_*`` function returning PNG
bytes.  Every image takes the ``language`` its words are drawn in (en, es, fr, ja).  Card faces are
cached by (face, scale, language); fonts are read once.  See docs/render.md.
"""

from hardback_bot.render import samples
from hardback_bot.render.compose import Rendered
from hardback_bot.render.hand import draw_hand, render_hand
from hardback_bot.render.lookup import draw_card_lookup, render_card_lookup, render_card_png
from hardback_bot.render.models import (
    CardFace,
    GenreCount,
    HandImage,
    OfferRowImage,
    PennyPanel,
    PlayerPanel,
    ResultRow,
    ResultsImage,
    ScoreSeries,
    TableImage,
    WordPreview,
    WordSlot,
)
from hardback_bot.render.offer import draw_offer_row, render_offer_row
from hardback_bot.render.results import draw_results, render_results
from hardback_bot.render.table import draw_table, render_table
from hardback_bot.render.word import draw_word_preview, render_word_preview

__all__ = [
    "CardFace",
    "GenreCount",
    "HandImage",
    "OfferRowImage",
    "PennyPanel",
    "PlayerPanel",
    "Rendered",
    "ResultRow",
    "ResultsImage",
    "ScoreSeries",
    "TableImage",
    "WordPreview",
    "WordSlot",
    "draw_card_lookup",
    "draw_hand",
    "draw_offer_row",
    "draw_results",
    "draw_table",
    "draw_word_preview",
    "render_card_lookup",
    "render_card_png",
    "render_hand",
    "render_offer_row",
    "render_results",
    "render_table",
    "render_word_preview",
    "samples",
]

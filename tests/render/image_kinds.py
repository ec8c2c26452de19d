"""Every composed image kind, drawn from the renderer's samples in a given language: one table for the
image, phone and language tests, so a new kind is added once and every check sees it."""

from __future__ import annotations

from collections.abc import Callable

from hardback_bot.render import (
    Rendered,
    daily,
    draw_card_lookup,
    draw_hand,
    draw_offer_row,
    draw_results,
    draw_table,
    draw_word_preview,
    samples,
)
from hardback_bot.render.deck import draw_deck
from hardback_bot.render.legend import draw_legend
from hardback_bot.render.word_list import draw_words

IMAGE_KINDS: dict[str, Callable[[str], Rendered]] = {
    "offer_row": lambda lang: draw_offer_row(samples.offer_row(), lang),
    "hand": lambda lang: draw_hand(samples.hand(), lang),
    "word_preview": lambda lang: draw_word_preview(samples.word_preview(lang), lang),
    "table_5p": lambda lang: draw_table(samples.table(5), lang),
    "table_2p": lambda lang: draw_table(samples.table(2), lang),
    "table_coop": lambda lang: draw_table(samples.coop_table(), lang),
    "table_finished": lambda lang: draw_table(samples.finished_table(lang), lang),
    "table_long_names": lambda lang: draw_table(samples.long_names_table(lang), lang),
    "results": lambda lang: draw_results(samples.results(), lang),
    "results_coop": lambda lang: draw_results(samples.coop_results(lang), lang),
    "lookup_portrait": lambda lang: draw_card_lookup(21, lang),
    "lookup_timeless": lambda lang: draw_card_lookup(5, lang),
    "lookup_starter": lambda lang: draw_card_lookup(141, lang),
    "lookup_double": lambda lang: draw_card_lookup(95, lang),
    "legend_cards": lambda lang: draw_legend("cards", lang),
    "legend_table": lambda lang: draw_legend("table", lang),
    "deck": lambda lang: draw_deck(samples.deck(lang)),
    "words": lambda lang: draw_words(samples.words(lang)),
    "daily_share": lambda lang: daily.draw_daily_share(daily.sample(lang)),
}


def in_english(*names: str) -> dict[str, Callable[[], Rendered]]:
    """The named kinds drawn in English, for the tests of one language's layout."""
    return {name: (lambda draw=IMAGE_KINDS[name]: draw("en")) for name in names}

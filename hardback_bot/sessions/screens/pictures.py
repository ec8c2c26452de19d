"""Engine views -> render models -> PNG bytes, with a short text description for each image.

The renderer knows nothing about the engine; this is the thin adapter between them.  Rendering is
CPU work, so the async helpers run it in a worker thread: one slow render never stalls the event
loop or another channel (PRODUCT.md, reliability).

Every picture and its alt text are in the ``language`` the caller passes: the clicking player's for
private pictures (hand, offer row, word preview), the server's for public ones (table, results, a
hand made public).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hardback_bot.engine.cards import GENRES, card
from hardback_bot.i18n import translator
from hardback_bot.render import (
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
    render_hand,
    render_offer_row,
    render_results,
    render_table,
    render_word_preview,
)

from ..preview import WordOutcome
from .in_words import (
    cards_description,
    hand_description,
    offer_description,
    results_description,
    say,
    table_description,
    word_description,
)


@dataclass(frozen=True, slots=True)
class Picture:
    """PNG bytes plus the alt text Discord shows for them (accessibility)."""

    data: bytes
    filename: str
    description: str


def _offer_row(view: dict[str, Any], coins: int | None = None) -> OfferRowImage:
    faces = tuple(CardFace(c, dimmed=coins is not None and card(c).cost > coins) for c in view["offer_row"])
    return OfferRowImage(cards=faces, deck_count=view["offer_deck_count"],
                         flush_available=view["turn"]["phase"] == "flush", coins=coins)


def table_model(view: dict[str, Any], names: Sequence[str], computers: Sequence[bool], *,
                ended: bool = False) -> TableImage:
    """The table image's model.  ``ended``: the game was stopped before its end (``/hardback end``, or
    everyone left); a finished game is read from the view.  Either way the image shows the final state:
    no "Final round" banner, nobody to play; a finished game shows the results' scores (awards added,
    R22.4) and places, so the table and the results agree."""
    finished = bool(view.get("finished"))
    results = {r["seat"]: r for r in view.get("results", [])} if finished else {}
    players = []
    for p in view["players"]:
        seat = p["seat"]
        jail = CardFace(p["jail"], jailed=True, owner=names[seat]) if p["jail"] is not None else None
        result = results.get(seat)
        score = result["prestige"] if result is not None and not view.get("penny") else p["prestige"]
        players.append(PlayerPanel(
            name=names[seat], score=score, ink=p["ink"], remover=p["remover"],
            classics=tuple(CardFace(c) for c in p["timeless"]), jail=jail,
            award=p["award"] or None, adverts=p["adverts"], hand_count=p["hand_count"], is_bot=computers[seat],
            place=result["rank"] if result is not None else None))
    options = view["options"]
    penny = view.get("penny")
    team = penny["team"] if penny else None
    if penny and finished and view.get("results"):
        team = view["results"][0]["prestige"]  # the team's award is added at the end (R29.9)
    status = "finished" if finished else "ended" if ended else "playing"
    return TableImage(
        players=tuple(players), active_seat=view["turn"]["seat"] if status == "playing" else -1, goal=view["goal"],
        offer_row=_offer_row(view),
        penny=PennyPanel(penny["score"], None if penny["genre"] == "none" else penny["genre"]) if penny else None,
        team_score=team,
        awards_on=options["awards"], adverts_on=options["adverts"], round_number=view["turn"]["round"],
        final_round=view["final_round"] and status == "playing", status=status)


def hand_model(view: dict[str, Any], seat: int, title: str) -> HandImage:
    me = view["players"][seat]
    inked = set(me["inked"])
    cleared = set(me.get("cleared", []))
    cards = tuple(CardFace(c, cleared=c in cleared) for c in me.get("hand", []) if c not in inked)
    return HandImage(cards=cards, inked=tuple(CardFace(c, inked=True) for c in me["inked"]),
                     ink=me["ink"], remover=me["remover"], title=title,
                     draw_count=me["draw_count"], discard_count=me["discard_count"])


def word_model(outcome: WordOutcome, language: str = "en") -> WordPreview:
    """The word preview's model; the notes under the cards (the choices left to the player) in ``language``."""
    t = translator(language)
    slots = []
    for slot in outcome.slots:
        cid, letter, wild, uncovered, mult, owner, _inked = slot
        c = card(cid)
        foreign = owner not in (-1, outcome.seat)
        coins, prestige = outcome.per_card.get(cid, (0, 0))
        face = CardFace(cid, wild_letter=letter if wild else None, uncovered=bool(uncovered), multiplier=mult,
                        foreign_classic=foreign, genre_active=None if c.is_starter else outcome.counts.get(
                            c.genre, 0) >= 2)
        note = outcome.notes_by_card.get(cid) if language == "en" else outcome.card_note_in(cid, t)
        slots.append(WordSlot(face=face, coins=coins, prestige=prestige, note=note,
                              wild_from=cid if wild and not uncovered else None))
    classics = tuple(WordSlot(face=CardFace(cid), coins=outcome.per_card.get(cid, (0, 0))[0],
                              prestige=outcome.per_card.get(cid, (0, 0))[1]) for cid in outcome.classics)
    genres = tuple(GenreCount(g, outcome.counts.get(g, 0)) for g in GENRES)
    return WordPreview(slots=tuple(slots), genres=genres, coins=outcome.coins, prestige=outcome.prestige,
                       classics=classics, notes=tuple(outcome.notes if language == "en" else outcome.notes_in(t)))


def results_model(view: dict[str, Any], names: Sequence[str], language: str = "en") -> ResultsImage:
    results = view["results"]
    rows = tuple(ResultRow(place=r["rank"], name=names[r["seat"]], score=r["prestige"], ink=r["ink"],
                           award_points=r["award"]) for r in results)
    history = view["score_history"]
    series = tuple(ScoreSeries(names[s], tuple(r[s] for r in history)) for s in range(len(names)))
    headline = None
    if view.get("penny"):
        first = results[0]
        headline = say(language, "team_beat" if first["won"] else "penny_wins", team=first["prestige"],
                      penny=first["penny"])
        series = (ScoreSeries(say(language, "team"), tuple(r[0] for r in history)),)
    return ResultsImage(ranking=rows, series=series, goal=view["goal"], headline=headline)


#: The table's picture is asked for again while what it shows has not changed (a move that changes only a hand,
#: a page drawn again): the newest few tables are kept.
TABLES_KEPT = 32
OFFER_ROWS_KEPT = 32
WORDS_KEPT = 32


@functools.lru_cache(maxsize=TABLES_KEPT)
def table_png(model: TableImage, language: str) -> bytes:
    """The PNG of a table (kept for the newest ``TABLES_KEPT``); drawn from each seat's panel and the offer row
    as last drawn (render/table.py)."""
    return render_table(model, language)


@functools.lru_cache(maxsize=OFFER_ROWS_KEPT)
def offer_png(model: OfferRowImage, language: str) -> bytes:
    """The PNG of an offer row for a player's coins (kept: a buying panel is drawn again on every refresh)."""
    return render_offer_row(model, language)


@functools.lru_cache(maxsize=WORDS_KEPT)
def word_png(model: WordPreview, language: str) -> bytes:
    """The PNG of a word preview (kept: going back to an arrangement seen, or a refresh, shows it again)."""
    return render_word_preview(model, language)


async def table_picture(view: dict[str, Any], names: Sequence[str], computers: Sequence[bool], *,
                        ended: bool = False, language: str = "en") -> Picture:
    """The public table, in the server's ``language``."""
    model = table_model(view, names, computers, ended=ended)
    data = await asyncio.to_thread(table_png, model, language)
    return Picture(data, "table.png", table_description(view, names, ended=ended, language=language))


#: A hand is drawn again and again while it does not change (every redraw of a waiting player's panel,
#: every "Open my hand"): the same picture is kept for the newest few hands (about 40 KiB each).
HANDS_KEPT = 64


@functools.lru_cache(maxsize=HANDS_KEPT)
def hand_png(model: HandImage, language: str) -> bytes:
    """The PNG of a hand (kept for the newest ``HANDS_KEPT``; models are frozen, so equal means the same)."""
    return render_hand(model, language)


async def hand_picture(view: dict[str, Any], seat: int, title: str, *, language: str = "en") -> Picture:
    """A player's own hand, in their ``language``."""
    data = await asyncio.to_thread(hand_png, hand_model(view, seat, title), language)
    return Picture(data, "hand.png", hand_description(view, seat, language))


async def cards_picture(cards: Sequence[int], inked: Sequence[int], title: str, *, language: str = "en") -> Picture:
    """A player's cards shown publicly (a ghostwriter request makes the hand public, R30.1), in the
    server's ``language``."""
    model = HandImage(cards=tuple(CardFace(c) for c in cards if c not in inked),
                      inked=tuple(CardFace(c, inked=True) for c in inked), title=title)
    data = await asyncio.to_thread(render_hand, model, language)
    return Picture(data, "cards.png", cards_description(cards, inked, title, language))


async def offer_picture(view: dict[str, Any], coins: int | None, *, language: str = "en") -> Picture:
    """The offer row for the player choosing from it, in their ``language``."""
    data = await asyncio.to_thread(offer_png, _offer_row(view, coins), language)
    return Picture(data, "offer_row.png", offer_description(view, coins, language))


async def word_picture(outcome: WordOutcome, word: str, *, language: str = "en") -> Picture:
    """The word preview for the player spelling, in their ``language``; its alt text is read off the same model
    (``word``, as typed, spells what the model spells)."""
    model = word_model(outcome, language)
    data = await asyncio.to_thread(word_png, model, language)
    return Picture(data, "word.png", word_description(model, language))


async def results_picture(view: dict[str, Any], names: Sequence[str], *, language: str = "en") -> Picture:
    """The final results, in the server's ``language``."""
    data = await asyncio.to_thread(render_results, results_model(view, names, language), language)
    return Picture(data, "results.png", results_description(view, names, language))

"""Engine views -> render models -> PNG bytes, with a short text description for each image.

The renderer knows nothing about the engine; this is the thin adapter between them.  Rendering is
CPU work, so the async helpers run it in a worker thread: one slow render never stalls the event
loop or another channel (PRODUCT.md, reliability).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hardback_bot.engine.cards import GENRES, card
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

from .preview import WordOutcome


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


def table_model(view: dict[str, Any], names: Sequence[str], computers: Sequence[bool]) -> TableImage:
    players = []
    for p in view["players"]:
        seat = p["seat"]
        jail = CardFace(p["jail"], jailed=True, owner=names[seat]) if p["jail"] is not None else None
        players.append(PlayerPanel(
            name=names[seat], score=p["prestige"], ink=p["ink"], remover=p["remover"],
            classics=tuple(CardFace(c) for c in p["timeless"]), jail=jail,
            award=p["award"] or None, adverts=p["adverts"], hand_count=p["hand_count"], is_bot=computers[seat]))
    options = view["options"]
    penny = view.get("penny")
    return TableImage(
        players=tuple(players), active_seat=view["turn"]["seat"], goal=view["goal"],
        offer_row=_offer_row(view),
        penny=PennyPanel(penny["score"], None if penny["genre"] == "none" else penny["genre"]) if penny else None,
        team_score=penny["team"] if penny else None,
        awards_on=options["awards"], adverts_on=options["adverts"], round_number=view["turn"]["round"],
        final_round=view["final_round"])


def table_description(view: dict[str, Any], names: Sequence[str]) -> str:
    scores = ", ".join(f"{names[p['seat']]} {p['prestige']}★" for p in view["players"])
    row = ", ".join(card(c).letter for c in view["offer_row"])
    text = f"Hardback table: {scores}; goal {view['goal']}★. Offer row, newest first: {row}."
    if view.get("penny"):
        text += f" Penny Dreadful {view['penny']['score']}★."
    return text[:1000]


def hand_model(view: dict[str, Any], seat: int, title: str) -> HandImage:
    me = view["players"][seat]
    inked = set(me["inked"])
    cleared = set(me.get("cleared", []))
    cards = tuple(CardFace(c, cleared=c in cleared) for c in me.get("hand", []) if c not in inked)
    return HandImage(cards=cards, inked=tuple(CardFace(c, inked=True) for c in me["inked"]),
                     ink=me["ink"], remover=me["remover"], title=title,
                     draw_count=me["draw_count"], discard_count=me["discard_count"])


def hand_description(view: dict[str, Any], seat: int) -> str:
    me = view["players"][seat]
    letters = " ".join(card(c).letter for c in me.get("hand", []))
    inked = " ".join(card(c).letter for c in me["inked"])
    text = f"Your hand: {letters or 'no cards'}."
    if inked:
        text += f" Inked (must be used): {inked}."
    return text + f" Ink {me['ink']}, remover {me['remover']}."


def word_model(outcome: WordOutcome) -> WordPreview:
    slots = []
    for slot in outcome.slots:
        cid, letter, wild, uncovered, mult, owner, _inked = slot
        c = card(cid)
        foreign = owner not in (-1, outcome.seat)
        coins, prestige = outcome.per_card.get(cid, (0, 0))
        face = CardFace(cid, wild_letter=letter if wild else None, uncovered=bool(uncovered), multiplier=mult,
                        foreign_classic=foreign, genre_active=None if c.is_starter else outcome.counts.get(
                            c.genre, 0) >= 2)
        slots.append(WordSlot(face=face, coins=coins, prestige=prestige, note=outcome.notes_by_card.get(cid)))
    classics = tuple(WordSlot(face=CardFace(cid), coins=outcome.per_card.get(cid, (0, 0))[0],
                              prestige=outcome.per_card.get(cid, (0, 0))[1]) for cid in outcome.classics)
    genres = tuple(GenreCount(g, outcome.counts.get(g, 0)) for g in GENRES)
    return WordPreview(slots=tuple(slots), genres=genres, coins=outcome.coins, prestige=outcome.prestige,
                       classics=classics, notes=tuple(outcome.notes))


def results_model(view: dict[str, Any], names: Sequence[str]) -> ResultsImage:
    results = view["results"]
    rows = tuple(ResultRow(place=r["rank"], name=names[r["seat"]], score=r["prestige"], ink=r["ink"],
                           award_points=r["award"]) for r in results)
    history = view["score_history"]
    series = tuple(ScoreSeries(names[s], tuple(r[s] for r in history)) for s in range(len(names)))
    headline = None
    if view.get("penny"):
        first = results[0]
        headline = (f"The team beat Penny Dreadful {first['prestige']}–{first['penny']}" if first["won"]
                    else f"Penny Dreadful wins {first['penny']}–{first['prestige']}")
        series = (ScoreSeries("Team", tuple(r[0] for r in history)),)
    return ResultsImage(ranking=rows, series=series, goal=view["goal"], headline=headline)


def results_description(view: dict[str, Any], names: Sequence[str]) -> str:
    results = view["results"]
    if view.get("penny"):
        first = results[0]
        who = "The team" if first["won"] else "Penny Dreadful"
        return (f"{who} won: team {first['prestige']} prestige ({', '.join(names)}), "
                f"Penny Dreadful {first['penny']}. Score chart by round.")[:1000]
    parts = [f"{r['rank']}. {names[r['seat']]} {r['prestige']}★" for r in results]
    return ("Final ranking: " + ", ".join(parts) + ". Score chart by round.")[:1000]


async def table_picture(view: dict[str, Any], names: Sequence[str], computers: Sequence[bool]) -> Picture:
    model = table_model(view, names, computers)
    data = await asyncio.to_thread(render_table, model)
    return Picture(data, "table.png", table_description(view, names))


async def hand_picture(view: dict[str, Any], seat: int, title: str) -> Picture:
    data = await asyncio.to_thread(render_hand, hand_model(view, seat, title))
    return Picture(data, "hand.png", hand_description(view, seat))


async def cards_picture(cards: Sequence[int], inked: Sequence[int], title: str) -> Picture:
    """A player's cards shown publicly (a ghostwriter request makes the hand public, R30.1)."""
    model = HandImage(cards=tuple(CardFace(c) for c in cards if c not in inked),
                      inked=tuple(CardFace(c, inked=True) for c in inked), title=title)
    data = await asyncio.to_thread(render_hand, model)
    letters = " ".join(card(c).letter for c in cards)
    return Picture(data, "cards.png", f"{title}: {letters}"[:1000])


async def offer_picture(view: dict[str, Any], coins: int | None) -> Picture:
    data = await asyncio.to_thread(render_offer_row, _offer_row(view, coins))
    letters = ", ".join(f"{card(c).letter} {card(c).cost}¢" for c in view["offer_row"])
    return Picture(data, "offer_row.png", f"The offer row, newest first: {letters}."[:1000])


async def word_picture(outcome: WordOutcome, word: str) -> Picture:
    data = await asyncio.to_thread(render_word_preview, word_model(outcome))
    text = f"Your word {word}: {outcome.coins} coins and {outcome.prestige} prestige."
    return Picture(data, "word.png", text)


async def results_picture(view: dict[str, Any], names: Sequence[str]) -> Picture:
    data = await asyncio.to_thread(render_results, results_model(view, names))
    return Picture(data, "results.png", results_description(view, names))

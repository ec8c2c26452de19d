"""Short player-facing text: card names, the public log line of a turn, prompts.

Everything the bot says about the game comes from here, so the embed text alone is enough to
follow the game (accessibility) and the wording stays consistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hardback_bot.engine.cards import card

GENRE_MARK = {"adventure": "🧭", "horror": "💀", "mystery": "🔍", "romance": "💘", "starter": "▫️"}


def card_name(card_id: int, *, cost: bool = False) -> str:
    c = card(card_id)
    kind = " classic" if c.timeless else ""
    price = f" {c.cost}¢" if cost and not c.is_starter else ""
    return f"{c.letter} ({c.genre}{kind}{price})"


def card_short(card_id: int) -> str:
    c = card(card_id)
    return f"{GENRE_MARK.get(c.genre, '')}{c.letter}"


def cards_text(card_ids: Sequence[int]) -> str:
    return " ".join(card_short(c) for c in card_ids) if card_ids else "—"


def turn_line(name: str, events: Sequence[dict[str, Any]]) -> str | None:
    """One public line for a finished turn: word, earnings and purchases (PRODUCT.md, the table).

    ``events`` ends with the engine's ``turn_end`` event, whose summary covers the whole turn even when it
    took many moves (spell, choices, purchases, end)."""
    end = next((e for e in reversed(events) if e["type"] == "turn_end"), None)
    if end is None:
        return None
    summary: dict[str, Any] = end.get("summary") or {}
    if any(e["type"] == "timeout" for e in events):
        head = f"**{name}** ran out of time"
        if summary.get("word"):
            head += f" after spelling **{summary['word']}**"
    elif summary.get("skipped"):
        head = f"**{name}** skipped the turn (writer's block)"
    elif summary.get("word"):
        head = f"**{name}** spelled **{summary['word']}**: {summary.get('coins', 0)}¢, {summary.get('prestige', 0)}★"
    else:
        return None
    extras = []
    if summary.get("award"):
        extras.append(f"took a literary award ({summary['award']}★)")
    for key, verb in (("trashed", "trashed"), ("dumped", "dumped"), ("reserved", "jailed"), ("removed", "removed")):
        if summary.get(key):
            extras.append(f"{verb} " + " ".join(card_short(c) for c in summary[key]))
    if summary.get("flushed"):
        extras.append("flushed the offer row")
    if summary.get("bought"):
        extras.append("bought " + " ".join(card_short(c) for c in summary["bought"]))
    if summary.get("purchase_prestige"):
        extras.append(f"+{summary['purchase_prestige']}★ for purchases")
    if summary.get("adverts"):
        extras.append(f"{summary['adverts']} advert{'s' if summary['adverts'] > 1 else ''}")
    text = head + (" — " + ", ".join(extras) if extras else "")
    return text[:1900]


def penny_line(events: Sequence[dict[str, Any]]) -> str | None:
    claims = [e for e in events if e["type"] == "penny_claim"]
    if not claims:
        return None
    bits = [f"Penny Dreadful claimed {card_short(e['card'])} for {e['prestige']}★" for e in claims]
    bits += [f"and removed {card_short(e['card'])}" for e in events if e["type"] == "penny_remove"]
    return " ".join(bits)


PHASE_PROMPT = {
    "spell": "Spell a word with your cards, or skip your turn.",
    "vote": "Your word is being put to a vote.",
    "uncover": "Choose which wild card to uncover.",
    "double": "Choose which card to double.",
    "trash": "You may trash cards for their trash value.",
    "dump": "You may remove a card of your discard pile for coins.",
    "preview": "You may look at the top 3 cards of your draw pile.",
    "previewing": "Put each previewed card back on top or discard it.",
    "choice": "Make your choice.",
    "jail": "You may jail a card of the offer row: reserve it for yourself or remove it.",
    "flush": "The offer row may be flushed.",
    "buy": "Buy cards, adverts, or end your turn. Leftover coins become ink.",
}

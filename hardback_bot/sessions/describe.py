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


WIKTIONARY = {"en": "https://en.wiktionary.org/wiki/", "es": "https://es.wiktionary.org/wiki/",
              "fr": "https://fr.wiktionary.org/wiki/"}


def word_link(word: str, language: str | None) -> str:
    """The word in bold, linked to its definition (Wiktionary in the dictionary's language)."""
    base = WIKTIONARY.get(language or "")
    return f"**[{word}]({base}{word.lower()})**" if base else f"**{word}**"


def turn_line(name: str, summary: dict[str, Any], *, timeout: bool = False, cycled: int | None = None,
              language: str | None = None, classics: Sequence[int] = (), took: Sequence[int] = ()) -> str | None:
    """One public line for a finished turn: word, earnings and purchases (PRODUCT.md, the table).

    ``summary`` is the engine's ``turn_end`` summary, which covers the whole turn however many moves it took."""
    if timeout:
        head = f"**{name}** ran out of time"
        if summary.get("word"):
            head += f" after spelling {word_link(summary['word'], language)}"
    elif summary.get("skipped"):
        head = f"**{name}** skipped the turn (writer's block)"
    elif summary.get("word"):
        head = (f"**{name}** spelled {word_link(summary['word'], language)}: {summary.get('coins', 0)}¢, "
                f"{summary.get('prestige', 0)}★")
    else:
        return None
    extras = []
    if summary.get("award"):
        extras.append(f"took the literary award: +{summary['award']}★ at the end")
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
    if classics:
        extras.append("kept " + " ".join(card_short(c) for c in classics) + " in play (classic)")
    if took:
        extras.append("used and sent back " + " ".join(card_short(c) for c in took) + " (a rival's classic)")
    text = head + (" — " + ", ".join(extras) if extras else "")
    if cycled is not None:
        text += f" · the offer row cycled ({card_short(cycled)} left)"
    return text[:1900]


def penny_line(note: dict[str, Any]) -> str:
    bits = [f"Penny Dreadful claimed {card_short(c)} for {p}★" for c, p in note["claims"]]
    bits += [f"and removed {card_short(c)}" for c in note.get("removed", [])]
    return " ".join(bits)


def note_line(note: dict[str, Any], names: Sequence[str], language: str | None = None) -> str | None:
    """The public sentence of one note of the outbox (hardback_bot.sessions.notes); None for notes that
    only carry a mention (``your_turn``), which the deliverer decides from the current state.
    ``language``: the table dictionary's language, for the words' definition links."""
    t = note["t"]

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    if t == "begins":
        return "The game begins! Seat order: " + ", ".join(names)
    if t == "turn":
        return turn_line(name(note["seat"]), note.get("summary") or {}, timeout=bool(note.get("timeout")),
                         cycled=note.get("cycled"), language=language, classics=note.get("classics", ()),
                         took=note.get("took", ()))
    if t == "final_round":
        who = " and ".join(f"**{name(s)}**" for s in note.get("seats", [])) or "Someone"
        return f"**Final round!** {who} reached the goal; the round is played out."
    if t == "vote_start":
        return (f"**{name(note['seat'])}** asks the table to accept {word_link(note['word'], language)}: "
                "open your hand to vote.")
    if t == "vote_result":
        return f"The table {'accepted' if note['accepted'] else 'refused'} **{note['word']}**."
    if t == "ghost_paid":
        return f"{name(note['seat'])} ghostwrote {name(note['for'])}'s word and earns {note['ink']} ink."
    if t == "penny":
        return penny_line(note)
    if t == "timeout":
        seats = note.get("seats", [])
        return (" and ".join(name(s) for s in seats) + " ran out of time.") if seats else None
    if t == "afk":
        who = note.get("name") or name(note["seat"])
        if note.get("policy") == "remove":
            return f"{who} missed {note['misses']} turns and is out: their seat passes from now on."
        return f"{who} missed {note['misses']} turns: a computer player takes over."
    if t == "left":
        return f"{note.get('name') or name(note['seat'])} left the game; a computer player takes the seat."
    if t == "ended":
        return f"The game was ended by <@{note['by']}>. The channel is free for a new one."
    return None


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


def move_words(move: str) -> str:
    """A move in words, for confirmations ("buy V (romance)", "draw a card with ink")."""
    parts = move.split()
    kind, args = parts[0], parts[1:]

    def named(i: int = 0) -> str:
        try:
            return card_name(int(args[i]))
        except (IndexError, ValueError, KeyError):
            return "?"

    if kind == "buy":
        return f"buying {named()}"
    if kind == "ink":
        return "drawing a card with ink"
    if kind == "convert":
        return f"converting {3 * int(args[0]) if args and args[0].isdigit() else 3} ink into coins"
    if kind == "pass":
        return "passing"
    if kind == "end":
        return "ending the turn"
    if kind == "spell":
        return "spelling the word"
    return kind


def describe_moves(moves: Sequence[str]) -> str:
    said = [move_words(m) for m in moves if m.split()[0] != "pass"] or [move_words(moves[0])]
    text = ", then ".join(said)
    return text[:1].upper() + text[1:]

"""Short player-facing text: card names, the public log line of a turn, prompts.

Everything the bot says about the game comes from here, so the embed text alone is enough to
follow the game (accessibility) and the wording stays consistent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, assert_never

from hardback_bot.engine.cards import card
from hardback_bot.engine.events import TurnSummary
from hardback_bot.engine.moves import Move
from hardback_bot.i18n import N_, translator

from .notes import (
    FinalRoundCalled,
    GameBegins,
    GameEnded,
    GhostPaid,
    HintsAsked,
    Note,
    OnVacation,
    PennyPlayed,
    Reminder,
    SeatAway,
    SeatBack,
    SeatLeft,
    SeatOffered,
    SeatTaken,
    TurnPlayed,
    VoteCalled,
    VotersTimedOut,
    VoteSettled,
    YourTurn,
    as_note,
)

if TYPE_CHECKING:
    from hardback_bot.i18n import Translator
    from hardback_bot.store import Seat

#: English: every function's default reader (the callers that know the reader pass theirs).
ENGLISH = translator("en")

#: A deleted player's seat (store.models.ERASED_NAME, the name stored), said in the reader's language.
ERASED_PLAYER = N_("Deleted player")

#: Genre names as they appear inside a card's name (glossary.md, genres).
GENRE_NAMES = {"adventure": N_("adventure"), "horror": N_("horror"), "mystery": N_("mystery"),
               "romance": N_("romance"), "starter": N_("starter")}


def genre_word(genre: str, t: Translator = ENGLISH) -> str:
    name = GENRE_NAMES.get(genre)
    return t.gettext(name) if name is not None else genre


def card_name(card_id: int, *, cost: bool = False, t: Translator = ENGLISH) -> str:
    """A card as the panels name it: "V (romance)", "A (adventure classic)", "Q (mystery 6¢)"."""
    c = card(card_id)
    genre = genre_word(c.genre, t)
    priced = cost and not c.is_starter
    if c.timeless:
        if priced:
            return t.gettext("{letter} ({genre} classic {cost}¢)", letter=c.letter, genre=genre, cost=c.cost)
        return t.gettext("{letter} ({genre} classic)", letter=c.letter, genre=genre)
    if priced:
        return t.gettext("{letter} ({genre} {cost}¢)", letter=c.letter, genre=genre, cost=c.cost)
    return t.gettext("{letter} ({genre})", letter=c.letter, genre=genre)


def card_words(card_id: int, t: Translator = ENGLISH) -> str:
    """A card in a sentence of the channel's log: "the adventure C" (no emoji, no number)."""
    c = card(card_id)
    return t.gettext("the {genre} {letter}", genre=genre_word(c.genre, t), letter=c.letter)


def cards_words(card_ids: Sequence[int], t: Translator = ENGLISH) -> str:
    """Cards in a sentence: "the adventure C and the horror Z"."""
    return t.join([card_words(c, t) for c in card_ids])


def bold(text: str) -> str:
    return f"**{text}**"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def separator(t: Translator) -> str:
    """What separates the items of a list in running text (", "; Japanese "、")."""
    return t.pgettext("list separator", ", ")


def computer_name(number: int, level: str, t: Translator = ENGLISH) -> str:
    """The name of the ``number``-th computer player of a table, of strength ``level``, in ``t``'s language
    (the table's: the name is given once and kept)."""
    if level == "easy":
        return t.gettext("Computer {number} (easy)", number=number)
    if level == "hard":
        return t.gettext("Computer {number} (hard)", number=number)
    if level == "expert":
        return t.gettext("Computer {number} (expert)", number=number)
    return t.gettext("Computer {number} (normal)", number=number)


def seat_name(seat: Seat, t: Translator = ENGLISH) -> str:
    """A seat's name as ``t``'s reader sees it. A name is a name: a computer player keeps the one it was given
    in the table's language when it sat down ("Máquina 2 (difícil)"), on every screen and for every reader, so
    the table, a panel and the log never call it two things. Only the English note of a person's seat taken
    over ("alice (computer)") is said in the reader's words."""
    name = seat.display_name
    if seat.erased:  # the player had their data deleted: the seat keeps a stand-in (docs/privacy.md)
        return t.gettext(ERASED_PLAYER)
    if t.language == "en":
        return name
    if seat.user_id is not None and seat.ai_strength is not None:
        if name.endswith(" (computer)"):
            return t.gettext("{name} (computer)", name=name[:-len(" (computer)")])
        if name.endswith(" (absent)"):
            return t.gettext("{name} (absent)", name=name[:-len(" (absent)")])
    return name


WIKTIONARY = {"en": "https://en.wiktionary.org/wiki/", "es": "https://es.wiktionary.org/wiki/",
              "fr": "https://fr.wiktionary.org/wiki/"}


def word_link(word: str, language: str | None) -> str:
    """The word in bold, linked to its definition (Wiktionary in the dictionary's language)."""
    base = WIKTIONARY.get(language or "")
    return f"**[{word}]({base}{word.lower()})**" if base else f"**{word}**"


def turn_line(name: str, summary: TurnSummary | Mapping[str, Any], *, timeout: bool = False,
              cycled: int | None = None, language: str | None = None, classics: Sequence[int] = (),
              took: Sequence[int] = (), t: Translator = ENGLISH) -> str | None:
    """One public line for a finished turn: word, earnings and purchases (PRODUCT.md, the table).

    ``summary`` is the engine's turn summary (its plain form too), which covers the whole turn however many moves
    it took. ``language``: the dictionary's (the word's definition link); ``t``: the reader's."""
    s = summary if isinstance(summary, TurnSummary) else TurnSummary.from_dict(summary, strict=False)
    name = f"**{name}**"
    word = s.word
    if timeout:
        head = (t.gettext("{name} ran out of time after spelling {word}", name=name, word=word_link(word, language))
                if word else t.gettext("{name} ran out of time", name=name))
    elif s.skipped:
        head = t.gettext("{name} skipped the turn (writer's block)", name=name)
    elif word:
        head = t.gettext("{name} spelled {word}: {coins}¢, {prestige}★", name=name, word=word_link(word, language),
                         coins=s.coins, prestige=s.prestige)
    else:
        return None
    extras = []
    if s.award:
        extras.append(t.gettext("took the literary award: +{n}★ at the end", n=s.award))

    def cards(ids: Sequence[int]) -> str:
        return cards_words(ids, t)

    if s.trashed:
        extras.append(t.ngettext("trashed {cards} for its trash value", "trashed {cards} for their trash values",
                                 len(s.trashed), cards=cards(s.trashed)))
    if s.dumped:
        extras.append(t.gettext("dumped {cards} from their discard pile, out of the game", cards=cards(s.dumped)))
    if s.reserved:
        extras.append(t.gettext("reserved {cards} in their jail", cards=cards(s.reserved)))
    if s.removed:
        extras.append(t.gettext("removed {cards} from the game", cards=cards(s.removed)))
    if s.flushed:
        extras.append(t.gettext("flushed the offer row"))
    if s.bought:
        extras.append(t.gettext("bought {cards}", cards=cards(s.bought)))
    if s.purchase_prestige:
        extras.append(t.gettext("gained {n}★ printed on the cards they bought", n=s.purchase_prestige))
    if s.adverts:
        extras.append(t.ngettext("bought an advert", "bought {n} adverts", s.adverts))
    if classics:
        extras.append(t.ngettext("kept {cards} in play (a timeless classic)",
                                 "kept {cards} in play (timeless classics)", len(classics), cards=cards(classics)))
    if took:
        extras.append(t.ngettext("used a rival's timeless classic, {cards}, which goes back to its owner",
                                 "used rivals' timeless classics, {cards}, which go back to their owners", len(took),
                                 cards=cards(took)))
    text = head + (t.gettext(" — {details}", details=separator(t).join(extras)) if extras else "")
    if cycled is not None:
        text += t.gettext(" · the oldest card of the offer row, {card}, left it", card=card_words(cycled, t))
    return text[:1900]


def penny_line(note: PennyPlayed, t: Translator = ENGLISH) -> str:
    bits = [t.gettext("Penny Dreadful claimed {card} for {n}★", card=card_words(c, t), n=p) for c, p in note.claims]
    bits += [t.gettext("and removed {card}", card=card_words(c, t)) for c in note.removed]
    return " ".join(bits)


def note_line(note: Note | Mapping[str, Any], names: Sequence[str], language: str | None = None,
              t: Translator = ENGLISH) -> str | None:
    """The public sentence of one note of the outbox (hardback_bot.sessions.notes, or its stored form); None for
    notes that only carry a mention (``YourTurn``, ``Reminder``), which the deliverer decides from the current
    state. ``language``: the table dictionary's language, for the words' definition links; ``t``: the reader's
    (the server's language for the channel, the player's for their catch-up); ``names`` in that language."""
    note = as_note(note)

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    match note:
        case GameBegins():
            return t.gettext("The game begins! Seat order: {names}", names=separator(t).join(names))
        case TurnPlayed():
            return turn_line(name(note.seat), note.summary, timeout=note.timeout, cycled=note.cycled,
                             language=language, classics=note.classics, took=note.took, t=t)
        case FinalRoundCalled():
            if not note.seats:
                return t.gettext("**Final round!** Someone reached the goal; the round is played out.")
            who = t.join([f"**{name(s)}**" for s in note.seats])
            return t.ngettext("**Final round!** {who} reached the goal; the round is played out.",
                              "**Final round!** {who} reached the goal; the round is played out.", len(note.seats),
                              who=who)
        case VoteCalled():
            return t.gettext("{name} asks the table to accept {word}: open your hand to vote.",
                             name=bold(name(note.seat)), word=word_link(note.word, language))
        case VoteSettled():
            word = f"**{note.word}**"
            return (t.gettext("The table accepted {word}.", word=word) if note.accepted
                    else t.gettext("The table refused {word}.", word=word))
        case GhostPaid():
            return t.ngettext("{ghost} ghostwrote {player}'s word and earns {n} ink.",
                              "{ghost} ghostwrote {player}'s word and earns {n} ink.", note.ink,
                              ghost=name(note.seat), player=name(note.for_))
        case PennyPlayed():
            return penny_line(note, t)
        case VotersTimedOut():
            if not note.seats:
                return None
            return t.ngettext("{names} ran out of time.", "{names} ran out of time.", len(note.seats),
                              names=t.join([name(s) for s in note.seats]))
        case SeatAway():
            who = note.name or name(note.seat)
            if note.policy == "remove":
                return t.ngettext("{name} missed {n} turn and is out: their seat passes from now on.",
                                  "{name} missed {n} turns and is out: their seat passes from now on.",
                                  note.misses, name=who)
            return t.ngettext("{name} missed {n} turn: a computer player takes over.",
                              "{name} missed {n} turns: a computer player takes over.", note.misses, name=who)
        case SeatLeft():
            return t.gettext("{name} left the game; a computer player takes the seat.",
                             name=note.name or name(note.seat))
        case SeatBack():
            return t.gettext("{name} is back and takes their seat again from the next decision.", name=note.name)
        case SeatOffered():
            if note.open:
                return t.gettext("The host lets a watcher take {name}'s seat: the table's *Open my hand* offers "
                                 "it to anyone not playing.", name=note.name)
            return t.gettext("{name}'s seat is no longer offered to watchers.", name=note.name)
        case SeatTaken():
            return t.gettext("{name} takes over {was}'s seat from the next decision.", name=note.name,
                             was=note.was)
        case GameEnded():
            if not note.by:  # who ended it had their data deleted since (docs/privacy.md)
                return t.gettext("The game was ended. The channel is free for a new one.")
            return t.gettext("The game was ended by {user}. The channel is free for a new one.", user=mention(note.by))
        case HintsAsked():
            if note.declined_by is not None:
                return t.gettext("{name} prefers to play without hints: they stay off.", name=name(note.declined_by))
            if note.done:
                return t.gettext("Everyone agreed: hints are on. Your panel now offers your best word in one click.")
            return t.gettext("{name} asks to turn hints on for everyone (a button that spells your best word): "
                             "each player says yes or no on their panel.", name=bold(name(note.seat)))
        case OnVacation(seat, until):
            if not until:
                return t.gettext("{name} is back from vacation: their clock runs again.", name=bold(name(seat)))
            return t.gettext("{name} is away until {when}: the game waits for them, their deadlines start again "
                             "then.", name=bold(name(seat)), when=f"<t:{until}:f>")
        case YourTurn() | Reminder():
            return None
        case _:
            assert_never(note)


PHASE_PROMPT = {
    "spell": N_("Spell a word with your cards, or skip your turn."),
    "vote": N_("Your word is being put to a vote."),
    "uncover": N_("Choose which wild card to uncover."),
    "double": N_("Choose which card to double."),
    "trash": N_("You may trash cards for their trash value."),
    "dump": N_("You may remove a card of your discard pile for coins."),
    "preview": N_("You may look at the top 3 cards of your draw pile."),
    "previewing": N_("Put each previewed card back on top or discard it."),
    "choice": N_("Make your choice."),
    "jail": N_("You may jail a card of the offer row: reserve it for yourself or remove it."),
    "flush": N_("The offer row may be flushed."),
    "buy": N_("Buy cards, adverts, or end your turn. Leftover coins become ink."),
}


def phase_prompt(phase: str, t: Translator = ENGLISH) -> str:
    prompt = PHASE_PROMPT.get(phase)
    return t.gettext(prompt) if prompt else ""


def move_words(m: Move, t: Translator = ENGLISH) -> str:
    """A move in words, for confirmations ("buying V (romance)", "drawing a card with ink")."""

    def named() -> str:
        try:
            return card_name(m.card if m.card is not None else -1, t=t)
        except (KeyError, IndexError, ValueError):
            return "?"

    match m.kind:
        case "buy":
            return t.gettext("buying {card}", card=named())
        case "ink":
            return t.gettext("drawing a card with ink")
        case "convert":
            return t.gettext("converting {ink} ink into coins", ink=3 * (m.number or 1))
        case "pass":
            return t.gettext("passing")
        case "end":
            return t.gettext("ending the turn")
        case "spell":
            return t.gettext("spelling the word")
        case "remover":
            return t.gettext("clearing {card} with remover", card=named())
        case "unremover":
            return t.gettext("taking the remover back from {card}", card=named())
        case "skip":
            return t.gettext("skipping the turn (writer's block)")
        case "uncover":
            return t.gettext("uncovering {card}", card=named())
        case "double":
            return t.gettext("doubling {card}", card=named())
        case "trash":
            return t.gettext("trashing {card}", card=named())
        case "dump":
            return t.gettext("dumping {card}", card=named())
        case "preview":
            return t.gettext("previewing your draw pile")
        case "return":
            return t.gettext("keeping {card} on top of your draw pile", card=named())
        case "discard":
            return t.gettext("discarding {card}", card=named())
        case "take":
            return _taking(m.choice, t)
        case "reserve":
            return t.gettext("jailing {card} for yourself", card=named())
        case "remove":
            return t.gettext("removing {card} from the game", card=named())
        case "flush":
            return t.gettext("flushing the offer row")
        case "advert":
            return t.gettext("buying an advert")
        case "vote":
            return t.gettext("accepting the word") if m.choice == "accept" else t.gettext("rejecting the word")
        case "ghostwriter":
            return t.gettext("asking for a ghostwriter")
        case "suggest":
            return t.gettext("suggesting {word}", word=m.choice or "")
        case "adopt":
            return t.gettext("adopting suggestion {n}", n=m.number or 0)
        case "timeout":
            return t.gettext("running out of time")
        case "undo":
            return t.gettext("taking back your last choice")
        case _:
            assert_never(m.kind)


def _taking(choice: str | None, t: Translator) -> str:
    if choice == "coins":
        return t.gettext("taking the coins")
    if choice == "prestige":
        return t.gettext("taking the prestige")
    if choice == "ink":
        return t.gettext("taking 1 ink")
    return t.gettext("taking 1 remover")


def describe_moves(moves: Sequence[Move], t: Translator = ENGLISH) -> str:
    """One click's moves in words ("Buying V (romance), then ending the turn"); passes go unsaid."""
    said = [move_words(m, t) for m in moves if m.kind != "pass"] or [move_words(moves[0], t)]
    text = said[0]
    for step in said[1:]:
        text = t.gettext("{first}, then {next}", first=text, next=step)
    return text[:1].upper() + text[1:]

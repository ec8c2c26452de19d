"""The game as it is played, in words: each engine event in one sentence, and each legal move as a choice.

Beside phrases.py (cards, names, the turn's line, the notes), for the front-ends that follow a game move by
move (the terminal): :func:`event_line` says any event of the closed union
:data:`~hardback_bot.engine.events.Event`, and :func:`move_label` names any move of the notation as an option,
both in the reader's language. Both are exhaustive matches a type checker holds to the whole set
(tests/sessions/test_describers_typed.py), so a new event or move kind without its sentence fails the suite.
Sentences are plain text (no Markdown), naming cards by letter and genre, never by number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

from hardback_bot.cardtext import card_summary
from hardback_bot.engine.cards import card
from hardback_bot.engine.events import (
    Adopt,
    Advert,
    Award,
    AwardLost,
    Buy,
    ClassicDiscarded,
    ClassicInPlay,
    ClassicLeaves,
    CoinsToInk,
    Convert,
    Cycle,
    Double,
    Dump,
    Earn,
    Event,
    FinalRound,
    Flush,
    Gain,
    GameOver,
    GhostwriterPaid,
    GhostwriterRequest,
    InkDraw,
    Jail,
    OfferReshuffle,
    PennyClaim,
    PennyGain,
    PennyRemove,
    PennyTurn,
    PlayedCard,
    Preview,
    PreviewDiscard,
    Remover,
    Reshuffle,
    RowAdd,
    Skip,
    Suggestion,
    Take,
    Timeout,
    Trash,
    TurnEnd,
    TurnStart,
    Uncover,
    Undo,
    Unjail,
    Unremover,
    Vote,
    VoteResult,
    VoteStart,
    WordAccepted,
)
from hardback_bot.engine.moves import Move
from hardback_bot.engine.options import ADVERTS
from hardback_bot.i18n import N_

from .phrases import ENGLISH, card_name, genre_word, move_words, separator, turn_line

if TYPE_CHECKING:
    from hardback_bot.engine import Game
    from hardback_bot.i18n import Translator

#: What "pass" declines at each optional step (the hand panel's words).
PASS_LABELS = {"trash": N_("Done trashing"), "dump": N_("No dump"), "preview": N_("No preview"),
               "jail": N_("No jail"), "flush": N_("Keep the row")}


def plain(text: str) -> str:
    """A sentence of phrases.py without its Markdown (bold names and words), for a plain-text front-end."""
    return text.replace("**", "")


def wild_words(cards: Sequence[PlayedCard], t: Translator = ENGLISH) -> str:
    """Each wild card of a word: the letter it stands for and the card played face down for it (R7.3)."""
    return separator(t).join(t.gettext("{letter} from {card}", letter=c.letter, card=card_name(c.card, t=t))
                             for c in cards if c.wild)


def event_line(event: Event, names: Sequence[str], t: Translator = ENGLISH) -> str | None:
    """The sentence the table hears for ``event``; None for bookkeeping nobody is told on its own (a turn
    starting, Penny's turn beginning, the end of the game, which the results say, her points from a claim)."""
    def name(seat: int) -> str:
        return _name(names, seat)

    def named(cid: int) -> str:
        return card_name(cid, t=t)

    match event:
        case Reshuffle():
            return t.gettext("{name} shuffles their discard pile into a new draw pile.", name=name(event.seat))
        case OfferReshuffle():
            return t.gettext("The offer deck ran out: the removed cards are shuffled into a new one.")
        case RowAdd():
            return t.gettext("{card} enters the offer row.", card=named(event.card))
        case Flush():
            return t.gettext("{name} flushes the offer row: {cards} leave.", name=name(event.seat),
                             cards=separator(t).join(named(c) for c in event.cards))
        case Cycle():
            return t.gettext("The offer row cycles: {card} leaves.", card=named(event.card))
        case InkDraw():
            return t.gettext("{name} draws {card} with ink: an inked card goes into the word face up.",
                             name=name(event.seat), card=named(event.card))
        case Remover():
            return t.gettext("{name} clears inked {card} with remover.", name=name(event.seat), card=named(event.card))
        case Unremover():
            return t.gettext("{name} takes the remover back from {card}.", name=name(event.seat),
                             card=named(event.card))
        case WordAccepted():
            wilds = wild_words(event.cards, t)
            if wilds:
                return t.gettext("{name} spells {word} (wild cards: {wilds}).", name=name(event.seat),
                                 word=event.word, wilds=wilds)
            return t.gettext("{name} spells {word}.", name=name(event.seat), word=event.word)
        case Skip():
            return t.gettext("{name} skips the turn (writer's block).", name=name(event.seat))
        case Award():
            return t.gettext("{name} takes the literary award: +{n}★ at the end.", name=name(event.seat),
                             n=event.value)
        case AwardLost():
            return t.gettext("{name} loses the literary award ({n}★).", name=name(event.seat), n=event.value)
        case VoteStart():
            return t.gettext("{word} is not in the dictionary: the other players vote.", word=event.word)
        case Vote():
            return (t.gettext("{name} votes to accept {word}.", name=name(event.seat), word=event.word) if event.accept
                    else t.gettext("{name} votes to reject {word}.", name=name(event.seat), word=event.word))
        case VoteResult():
            return (t.gettext("The table accepted {word}.", word=event.word) if event.accepted
                    else t.gettext("The table refused {word}.", word=event.word))
        case Uncover():
            return t.gettext("{source} uncovers the wild {card}: its benefits count now.",
                             source=named(event.source), card=named(event.card))
        case Double():
            return t.gettext("{source} doubles {card} (×{n}).", source=named(event.source), card=named(event.card),
                             n=event.multiplier)
        case Earn():
            return t.gettext("{name} earns {coins}¢ and {prestige}★.", name=name(event.seat), coins=event.coins,
                             prestige=event.prestige)
        case Gain():
            return _gain(event, name(event.seat), t)
        case Trash():
            if event.coins:
                return t.gettext("{name} trashes {card} for {n}¢.", name=name(event.seat), card=named(event.card),
                                 n=event.coins)
            return t.gettext("{name} trashes {card} for {n}★.", name=name(event.seat), card=named(event.card),
                             n=event.prestige)
        case Dump():
            return t.gettext("{name} dumps {card} from their discard pile for {n}¢.", name=name(event.seat),
                             card=named(event.card), n=event.coins)
        case Preview():
            return t.ngettext("{name} looks at the top card of their draw pile.",
                              "{name} looks at the top {n} cards of their draw pile.", event.count,
                              name=name(event.seat))
        case PreviewDiscard():
            return t.gettext("{name} discards {card} from the preview.", name=name(event.seat), card=named(event.card))
        case Take():
            if event.choice == "ink":
                return t.gettext("{name} takes 1 ink from {card}.", name=name(event.seat), card=named(event.card))
            return t.gettext("{name} takes 1 remover from {card}.", name=name(event.seat), card=named(event.card))
        case Jail():
            if event.reserve:
                return t.gettext("{name} jails {card} for themselves.", name=name(event.seat), card=named(event.card))
            return t.gettext("{name} removes {card} from the game.", name=name(event.seat), card=named(event.card))
        case Unjail():
            return t.gettext("{card} leaves {name}'s jail and the game.", name=name(event.seat),
                             card=named(event.card))
        case Buy():
            if event.from_jail:
                return t.gettext("{name} buys {card} from their jail for {cost}¢.", name=name(event.seat),
                                 card=named(event.card), cost=event.cost)
            return t.gettext("{name} buys {card} for {cost}¢.", name=name(event.seat), card=named(event.card),
                             cost=event.cost)
        case Advert():
            return t.gettext("{name} buys an advert for {cost}¢: +{prestige}★.", name=name(event.seat),
                             cost=event.cost, prestige=event.prestige)
        case Convert():
            return t.gettext("{name} turns {ink} ink into {coins}¢.", name=name(event.seat), ink=event.ink,
                             coins=event.coins)
        case CoinsToInk():
            return t.gettext("{name}'s {n}¢ left become {n} ink.", name=name(event.seat), n=event.ink)
        case ClassicInPlay():
            return t.gettext("{card} stays in play for {name} (timeless classic).", name=name(event.seat),
                             card=named(event.card))
        case ClassicLeaves():
            return t.gettext("{card} goes back to {name}'s discard pile (used by {by}).", name=name(event.seat),
                             card=named(event.card), by=name(event.by))
        case TurnEnd():
            return plain(turn_line(name(event.seat), event.summary, t=t) or "") or None
        case Timeout():
            return t.ngettext("{names} ran out of time.", "{names} ran out of time.", 1, names=name(event.seat))
        case Undo():
            return t.gettext("{name} takes back their last choice ({what}).", name=name(event.seat),
                             what=move_words(event.move, t))
        case GhostwriterRequest():
            return t.gettext("{name} asks for a ghostwriter; their hand is shown to everyone: {cards}.",
                             name=name(event.seat), cards=separator(t).join(named(c) for c in event.hand))
        case Suggestion():
            return t.gettext("{name} suggests {word} (suggestion {n}).", name=name(event.seat), word=event.word,
                             n=event.index)
        case Adopt():
            return t.gettext("{name} adopts {word}, suggested by {by}.", name=name(event.seat), word=event.word,
                             by=name(event.by))
        case GhostwriterPaid():
            return t.ngettext("{ghost} ghostwrote {player}'s word and earns {n} ink.",
                              "{ghost} ghostwrote {player}'s word and earns {n} ink.", event.ink,
                              ghost=name(event.seat), player=name(event.for_))
        case PennyClaim():
            return t.gettext("Penny Dreadful claims {card} for {n}★.", card=named(event.card), n=event.prestige)
        case PennyRemove():
            return t.gettext("Penny Dreadful removes {card} (mystery signature).", card=named(event.card))
        case PennyGain():
            if event.reason == "claim":
                return None  # said by her claim
            return t.gettext("Penny Dreadful gains {n}★ (her {genre} signature).", n=event.prestige,
                             genre=genre_word(event.reason, t))
        case ClassicDiscarded():
            return t.gettext("{name}'s classic {card} is discarded: {by} entered the offer row.",
                             name=name(event.seat), card=named(event.card), by=named(event.by))
        case FinalRound():
            if not event.seats:
                return plain(t.gettext("**Final round!** Someone reached the goal; the round is played out."))
            return plain(t.ngettext("**Final round!** {who} reached the goal; the round is played out.",
                                    "**Final round!** {who} reached the goal; the round is played out.",
                                    len(event.seats), who=t.join([name(s) for s in event.seats])))
        case TurnStart() | PennyTurn() | GameOver():
            return None
        case _:
            assert_never(event)


def _said_with(gain: Gain, before: Event | None) -> bool:
    """Whether ``gain`` is the value of the trash, dump or purchase just said."""
    match before:
        case Trash() | Buy():
            return before.card == gain.card
        case Dump():
            return before.source == gain.card
    return False


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _gain(event: Gain, who: str, t: Translator) -> str:
    # A choice taken (R11.2) or the prestige printed on a bought card (R19.4).
    source = card_name(event.card, t=t) if event.card is not None else None
    if event.coins and event.prestige:
        return t.gettext("{name} gains {coins}¢ and {prestige}★.", name=who, coins=event.coins,
                         prestige=event.prestige)
    if event.coins:
        return (t.gettext("{name} takes {n}¢ from {card}.", name=who, n=event.coins, card=source) if source
                else t.gettext("{name} takes {n}¢.", name=who, n=event.coins))
    return (t.gettext("{name} takes {n}★ from {card}.", name=who, n=event.prestige, card=source) if source
            else t.gettext("{name} takes {n}★.", name=who, n=event.prestige))


def event_lines(events: Sequence[Event], names: Sequence[str], t: Translator = ENGLISH) -> list[str]:
    """The sentences of a run of events, in order: a gain its trash or dump already said is not said again, and the
    prestige printed on a card bought (R19.4) is said with the purchase."""
    lines = []
    for i, event in enumerate(events):
        before = events[i - 1] if i else None
        after = events[i + 1] if i + 1 < len(events) else None
        if isinstance(event, Gain) and _said_with(event, before):
            continue
        if isinstance(event, Buy) and isinstance(after, Gain) and after.card == event.card and after.prestige:
            params = {"name": _name(names, event.seat), "card": card_name(event.card, t=t), "cost": event.cost,
                      "n": after.prestige}
            line: str | None = (t.gettext("{name} buys {card} from their jail for {cost}¢: +{n}★.", **params)
                                if event.from_jail else t.gettext("{name} buys {card} for {cost}¢: +{n}★.", **params))
        else:
            line = event_line(event, names, t)
        if line:
            lines.append(line)
    return lines


def move_label(game: Game, seat: int, move: Move, names: Sequence[str], t: Translator = ENGLISH) -> str | None:
    """``move`` as a choice ``seat`` is offered now, in words ("Buy V (romance) for 3¢ — 2¢ · …"); None for the
    moves only the bot makes (the timer's). ``names``: the seats' names in ``t``'s language."""
    def named(cid: int | None, cost: bool = False) -> str:
        return card_name(cid if cid is not None else -1, cost=cost, t=t)

    def letter(cid: int | None) -> str:
        return card(cid if cid is not None else -1).letter

    match move.kind:
        case "ink":
            return t.gettext("Draw with ink ({ink})", ink=game.player(seat).ink)
        case "remover":
            return t.gettext("Clear {card}", card=named(move.card))
        case "unremover":
            return t.gettext("Undo remover on {letter}", letter=letter(move.card))
        case "spell":
            return t.gettext("Spell {word}", word="".join(w.wild or card(w.card).letter for w in move.word))
        case "skip":
            return t.gettext("Skip turn")
        case "uncover":
            return t.gettext("Uncover {card}", card=named(move.card))
        case "double":
            return t.gettext("Double {card}", card=named(move.card))
        case "trash":
            value = next(((k, v) for c, k, v in game.trash_options() if c == move.card), ("coins", 0))
            return (t.gettext("Trash {letter} for {n}¢", letter=letter(move.card), n=value[1]) if value[0] == "coins"
                    else t.gettext("Trash {letter} for {n}★", letter=letter(move.card), n=value[1]))
        case "dump":
            return t.gettext("Dump {card}", card=named(move.card))
        case "preview":
            return t.gettext("Preview 3 cards")
        case "return":
            return t.gettext("Keep {letter} on top", letter=letter(move.card))
        case "discard":
            return t.gettext("Discard {letter}", letter=letter(move.card))
        case "pass":
            label = PASS_LABELS.get(game.phase)
            return t.gettext(label) if label else t.pgettext("button", "Pass")
        case "take":
            value = (game.pending() or {}).get("value", 0)  # already multiplied by doubles (R13)
            if move.choice == "coins":
                return f"{value}¢"
            if move.choice == "prestige":
                return f"{value}★"
            return t.gettext("1 ink") if move.choice == "ink" else t.gettext("1 remover")
        case "reserve":
            return t.gettext("Reserve {card}", card=named(move.card, cost=True))
        case "remove":
            return t.gettext("Remove {card}", card=named(move.card, cost=True))
        case "flush":
            return t.gettext("Flush the offer row")
        case "buy":
            return _buy_label(game, seat, move, t)
        case "advert":
            cost, prestige = ADVERTS[min(game.player(seat).adverts, len(ADVERTS) - 1)]
            return t.gettext("Advert: {cost}¢ → {prestige}★", cost=cost, prestige=prestige)
        case "convert":
            return t.gettext("Convert {ink} ink → {coins}¢", ink=3 * (move.number or 0), coins=move.number)
        case "end":
            coins = game.state.turn.coins
            label = t.gettext("End turn")
            return label + t.gettext(" — {details}", details=t.gettext("{n}¢ left become {n} ink", n=coins)) \
                if coins else label
        case "vote":
            vote = game.state.turn.extra.vote
            word = vote.word if vote is not None else "?"
            return t.gettext("Accept {word}", word=word) if move.choice == "accept" else \
                t.gettext("Reject {word}", word=word)
        case "ghostwriter":
            return t.gettext("Ask a ghostwriter (shows your hand)")
        case "suggest":
            return t.gettext("Suggest {word}", word=move.choice or "")
        case "adopt":
            found = game.ghost_suggestions()
            index = (move.number or 0) - 1
            if not 0 <= index < len(found):
                return t.gettext("Adopt a suggested word")
            who, word = found[index]
            return t.gettext("{word} (from {name})", word=word, name=names[who] if 0 <= who < len(names) else "?")
        case "undo":
            return t.gettext("Undo my last choice")
        case "timeout":
            return None
        case _:
            assert_never(move.kind)


def _buy_label(game: Game, seat: int, move: Move, t: Translator) -> str:
    cid = move.card if move.card is not None else -1
    c = card(cid)
    label = t.gettext("Buy {card} for {cost}¢", card=card_name(cid, t=t), cost=c.cost)
    summary = card_summary(c, 80, language=t.language)
    does = t.gettext("from your jail · {benefits}", benefits=summary) if game.player(seat).jail == cid else summary
    return label + t.gettext(" — {details}", details=does)

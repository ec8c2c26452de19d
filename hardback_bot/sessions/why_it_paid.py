"""Why a move paid what it paid, in one short line (the guided first game, docs/tutorial.md).

A player's click (one move, or the few a click chains) is applied again to a copy of the game as it stood,
and its events are read. Those events are what the engine paid, computed by its own scoring
(``engine.scoring``), so an explanation cannot disagree with the payment: the word's total is the ``earn``
event's, each card's share is the event's ``per_card``, and the part of a share that came from the card's
genre bonus (R10.3) is ``scoring.automatic_gains`` run once more with no genre counted. Uncover, double,
awards, ink, remover, jail, flush and purchases are said from their own events.

No Discord here: :func:`explain` gives plain data, :func:`say` the words in a reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine import Game, Move, scoring
from hardback_bot.engine.cards import GENRES, card
from hardback_bot.engine.event_parts import PlayedCard
from hardback_bot.engine.events import (
    Advert,
    Award,
    Buy,
    ClassicInPlay,
    CoinsToInk,
    Convert,
    Cycle,
    Double,
    Dump,
    Earn,
    Event,
    Flush,
    Gain,
    InkDraw,
    Jail,
    Preview,
    PreviewDiscard,
    Remover,
    Skip,
    Take,
    Timeout,
    Trash,
    TurnEnd,
    Uncover,
    Undo,
    Unremover,
    WordAccepted,
)
from hardback_bot.engine.state import Slot
from hardback_bot.i18n import Translator

from .phrases import ENGLISH, card_name, genre_word


@dataclass(frozen=True, slots=True)
class CardPay:
    """One card's share of a word's automatic pay (R12.3, R12.4), multiplier applied."""

    card: int
    coins: int
    prestige: int
    bonus_coins: int = 0  # the part of ``coins`` its genre bonus gave
    bonus_prestige: int = 0
    mult: int = 1


@dataclass(frozen=True, slots=True)
class WordPay:
    """What a word's resolution paid by itself, and why (R10-R14)."""

    word: str
    coins: int
    prestige: int
    cards: tuple[CardPay, ...]  # the cards that paid, in word order, then own classics in play
    letters: Mapping[int, str] = field(default_factory=dict)  # each word card's letter in the word (a wild's named)
    wilds: tuple[int, ...] = ()  # cards played wild that stayed face down: they pay nothing (R7.3)
    uncovered: tuple[tuple[int, int], ...] = ()  # (the uncovering card, the wild it turned face up)
    doubled: tuple[tuple[int, int, int], ...] = ()  # (the doubler, the card it doubled, its multiplier)
    bonuses: tuple[tuple[str, int, tuple[int, ...]], ...] = ()  # (genre, cards counted, cards whose bonus paid)
    missed: tuple[tuple[str, int], ...] = ()  # (genre, card): a bonus that needed a second card of its genre


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing a move did, as data: ``kind`` and the values its sentence needs."""

    kind: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Explanation:
    """A click's facts, and what it earned in all: the coins and prestige the seat gained (the word's pay,
    its choices, trash and dump, purchase prestige, adverts)."""

    seat: int
    facts: tuple[Fact, ...]
    coins: int = 0
    prestige: int = 0

    def kinds(self) -> set[str]:
        return {f.kind for f in self.facts}


def explain(before: Game, seat: int, moves: Sequence[Move]) -> Explanation:
    """What ``moves`` by ``seat`` did, applied to a copy of ``before`` (the game as it stood before them)."""
    game = before.clone()
    facts: list[Fact] = []
    coins = prestige = 0
    for move in moves:
        timeless = list(game.player(seat).timeless)
        turn = game.state.turn
        # A word answered over several moves (an uncover or double question first) pays in a later one.
        word = WordAccepted(turn.seat, "".join(s.letter for s in turn.word), tuple(_played(s) for s in turn.word)) \
            if turn.word and turn.seat == seat else None
        found, c, p = _facts(game.apply(seat, move), seat, timeless, word)
        facts += found
        coins += c
        prestige += p
    return Explanation(seat, tuple(facts), coins, prestige)


def _played(slot: Slot) -> PlayedCard:
    return PlayedCard(slot.card, slot.letter, slot.wild, slot.uncovered, slot.mult, slot.owner, slot.inked)


def _slot(played: PlayedCard) -> Slot:
    return Slot(played.card, played.letter, played.wild, played.uncovered, played.mult, played.owner, played.inked)


def word_pay(word_event: WordAccepted, events: Sequence[Event], seat: int, timeless: Sequence[int]) -> WordPay | None:
    """The word of ``word_event`` as the ``Earn`` event among ``events`` paid it; None before the payment
    (a word whose uncover or double question is still open pays once it is answered)."""
    earn = next((e for e in events if isinstance(e, Earn) and e.seat == seat), None)
    if earn is None:
        return None
    slots = [_slot(c) for c in word_event.cards]
    by_card = {s.card: s for s in slots}
    uncovered: list[tuple[int, int]] = []
    doubled: list[tuple[int, int, int]] = []
    for e in events:
        match e:
            case Uncover() if e.card in by_card:
                by_card[e.card].uncovered = True
                uncovered.append((e.source, e.card))
            case Double() if e.card in by_card:
                by_card[e.card].mult = e.multiplier
                doubled.append((e.source, e.card, e.multiplier))
    in_word = set(by_card)
    classics = [c for c in timeless if c not in in_word]
    # Counted as the engine counts (R10.4, R14.4): face-up cards and own classics, uncovered cards included.
    counts = scoring.initial_counts(slots, classics, seat)
    basic = scoring.automatic_gains(slots, classics, {}, seat).per_card  # no genre counted: basic benefits only
    paid = {e.card: (e.coins, e.prestige) for e in earn.per_card}
    mults = {s.card: s.mult for s in slots}
    order = [s.card for s in slots if scoring.is_source(s, seat)] + classics
    shares = []
    for cid in order:
        if cid not in paid:
            continue
        c, p = paid[cid]
        bc, bp = basic.get(cid, (0, 0))
        shares.append(CardPay(cid, c, p, c - bc, p - bp, mults.get(cid, 1)))
    active = [g for g in GENRES if counts.get(g, 0) >= 2]
    bonuses = []
    for genre in active:
        paying = tuple(s.card for s in shares if card(s.card).genre == genre and (s.bonus_coins or s.bonus_prestige))
        if paying or any(card(c).genre == genre and card(c).genre_bonus for c in order):
            bonuses.append((genre, counts[genre], paying))
    missed = tuple((card(cid).genre, cid) for cid in order
                   if card(cid).genre_bonus and counts.get(card(cid).genre, 0) == 1)
    wilds = tuple(s.card for s in slots if s.wild and not s.uncovered)
    letters = {s.card: s.letter for s in slots}
    return WordPay(word_event.word, earn.coins, earn.prestige, tuple(shares), letters, wilds,
                   tuple(uncovered), tuple(doubled), tuple(bonuses), missed)


def _facts(events: Sequence[Event], seat: int, timeless: Sequence[int],
           earlier_word: WordAccepted | None) -> tuple[list[Fact], int, int]:
    facts: list[Fact] = []
    coins = prestige = 0
    paid_now = any(isinstance(x, Earn) for x in events)
    for i, e in enumerate(events):
        if getattr(e, "seat", seat) != seat and not isinstance(e, Cycle):
            continue  # another seat's (a voter's timeout, a classic discarded): not this click's to explain
        before, after = events[i - 1] if i else None, events[i + 1] if i + 1 < len(events) else None
        match e:
            case WordAccepted():
                facts.append(Fact("word", {"word": e.word, "length": len(e.cards)}))
            case Uncover() | Double() if not paid_now:  # answered before the payment is known: said as it is
                facts.append(Fact(e.TYPE, {"card": e.card, "source": e.source}))
            case Earn():
                word = next((x for x in reversed(events[:i]) if isinstance(x, WordAccepted)), earlier_word)
                pay = word_pay(word, events, seat, timeless) if word is not None else None
                if pay is None:
                    pay = WordPay("", e.coins, e.prestige, tuple(CardPay(x.card, x.coins, x.prestige)
                                                                 for x in e.per_card))
                facts.append(Fact("pay", {"pay": pay}))
                coins += e.coins
                prestige += e.prestige
            case Award():
                facts.append(Fact("award", {"value": e.value, "length": e.length}))
            case Gain():
                coins += e.coins
                prestige += e.prestige
                if not isinstance(before, Trash | Dump | Buy):  # those say their own gain
                    facts.append(Fact("took", {"coins": e.coins, "prestige": e.prestige, "card": e.card}))
            case Take():
                facts.append(Fact("took_" + e.choice, {"card": e.card}))
            case Trash():
                facts.append(Fact("trash", {"card": e.card, "coins": e.coins, "prestige": e.prestige}))
            case Dump():
                facts.append(Fact("dump", {"card": e.card, "coins": e.coins}))
            case Jail():
                facts.append(Fact("reserve" if e.reserve else "remove", {"card": e.card, "by": e.source}))
            case Flush():
                facts.append(Fact("flush", _flush_reason(e.cards)))
            case Buy():
                gained = after.prestige if isinstance(after, Gain) else 0
                facts.append(Fact("buy", {"card": e.card, "cost": e.cost, "prestige": gained, "jail": e.from_jail}))
            case Advert():
                prestige += e.prestige
                facts.append(Fact("advert", {"cost": e.cost, "prestige": e.prestige}))
            case Convert():
                facts.append(Fact("convert", {"ink": e.ink, "coins": e.coins}))
            case CoinsToInk():
                facts.append(Fact("coins_to_ink", {"ink": e.ink}))
            case Cycle() if any(isinstance(x, TurnEnd) and x.seat == seat for x in events):
                facts.append(Fact("cycle", {"card": e.card}))
            case InkDraw():
                facts.append(Fact("ink", {"card": e.card}))
            case Remover() | Unremover() | PreviewDiscard() | ClassicInPlay():
                facts.append(Fact(e.TYPE, {"card": e.card}))
            case Skip() | Timeout() | Undo():
                facts.append(Fact(e.TYPE))
            case Preview():
                facts.append(Fact("preview", {"count": e.count}))
            case TurnEnd():
                facts.append(Fact("turn_end"))
    return facts, coins, prestige


def _flush_reason(cards: Sequence[int]) -> dict[str, Any]:
    """Why the row could be flushed (R18.3): four cards of one genre, or four of 6¢ or more."""
    for genre in GENRES:
        n = sum(1 for c in cards if card(c).genre == genre)
        if n >= 4:
            return {"genre": genre, "n": n}
    return {"genre": None, "n": sum(1 for c in cards if card(c).cost >= 6)}


# ---------------------------------------------------------------------------------------- in words
def money(coins: int, prestige: int) -> str:
    """"3¢ 1★", "2★", "0¢": the symbols every language keeps (glossary)."""
    parts = ([f"{coins}¢"] if coins else []) + ([f"{prestige}★"] if prestige else [])
    return " ".join(parts) or "0¢"


def say(explanation: Explanation, t: Translator = ENGLISH) -> str:
    """The explanation as one line in ``t``'s language (clauses joined by "; ")."""
    clauses: list[str] = []
    word = next((str(f.values["word"]) for f in explanation.facts if f.kind == "word"), None)
    # What the word paid comes first; the rest (its award, the choices and purchases) in the order they came.
    facts = sorted(explanation.facts, key=lambda f: f.kind != "pay")
    for fact in facts:
        if fact.kind == "word":
            continue
        said = _clause(fact, word, t)
        if said:
            clauses.append(said)
    if not clauses and word:
        clauses.append(t.gettext("{word} is waiting for your answer", word=word))
    elif not clauses and "turn_end" in explanation.kinds():
        clauses.append(t.gettext("your turn is over"))
    return "; ".join(clauses)


def _letter(cid: int) -> str:
    return card(cid).letter


def _clause(fact: Fact, word: str | None, t: Translator) -> str | None:
    v = fact.values
    kind = fact.kind
    if kind == "pay":
        return pay_clause(v["pay"], word, t)
    if kind == "award":
        return t.gettext("{n} letters win the {value}★ literary award (added at the end)", n=v["length"],
                         value=v["value"])
    if kind == "took":
        if v["prestige"]:
            return t.gettext("you took {value}★ rather than coins", value=v["prestige"])
        return t.gettext("you took {value}¢ rather than prestige", value=v["coins"])
    if kind == "took_ink":
        return t.gettext("you took 1 ink (it draws a card when you need one)")
    if kind == "took_remover":
        return t.gettext("you took 1 remover (it frees an inked card you cannot use)")
    if kind == "trash":
        return t.gettext("{card} left the game for {pay}", card=card_name(v["card"], t=t),
                         pay=money(v["coins"], v["prestige"]))
    if kind == "dump":
        return t.gettext("{card} left your discard pile for {coins}¢", card=card_name(v["card"], t=t),
                         coins=v["coins"])
    if kind == "reserve":
        return t.gettext("{by} jailed {card}: only you may buy it now", by=_letter(v["by"]),
                         card=card_name(v["card"], t=t))
    if kind == "remove":
        return t.gettext("{by} took {card} out of the offer row", by=_letter(v["by"]), card=card_name(v["card"], t=t))
    if kind == "flush":
        if v["genre"]:
            return t.gettext("{n} cards of the row were {genre}, so you could flush it: 7 new cards",
                             n=v["n"], genre=genre_word(v["genre"], t))
        return t.gettext("{n} cards of the row cost 6¢ or more, so you could flush it: 7 new cards", n=v["n"])
    if kind == "buy":
        name = card_name(v["card"], t=t)
        if v["prestige"]:
            return t.gettext("you bought {card} for {cost}¢ and its {prestige}★; it goes to your discard pile",
                             card=name, cost=v["cost"], prestige=v["prestige"])
        return t.gettext("you bought {card} for {cost}¢; it goes to your discard pile", card=name, cost=v["cost"])
    if kind == "advert":
        return t.gettext("an advert for {cost}¢ gave {prestige}★", cost=v["cost"], prestige=v["prestige"])
    if kind == "convert":
        return t.gettext("{ink} ink became {coins}¢", ink=v["ink"], coins=v["coins"])
    if kind == "coins_to_ink":
        return t.ngettext("{n}¢ left over became {n} ink", "{n}¢ left over became {n} ink", int(v["ink"]))
    if kind == "cycle":
        return t.gettext("nothing was bought, so the oldest card {card} left the row", card=card_name(v["card"], t=t))
    if kind == "ink":
        return t.gettext("1 ink drew {card}: an inked card must be in your word, face up",
                         card=card_name(v["card"], t=t))
    if kind == "remover":
        return t.gettext("the remover cleared {card}: you may leave it out or play it as a wild",
                         card=card_name(v["card"], t=t))
    if kind == "unremover":
        return t.gettext("{card} is inked again; the remover came back", card=card_name(v["card"], t=t))
    if kind in ("skip", "timeout"):
        return t.gettext("writer's block: no word and no coins this turn; a new hand")
    if kind == "preview":
        return t.ngettext("you looked at {n} card of your draw pile", "you looked at {n} cards of your draw pile",
                          int(v["count"]))
    if kind == "preview_discard":
        return t.gettext("{card} went to your discard pile", card=card_name(v["card"], t=t))
    if kind == "classic_in_play":
        return t.gettext("{card} stays in play: it pays every turn", card=card_name(v["card"], t=t))
    if kind == "undo":
        return t.gettext("you took back your last choice")
    if kind == "uncover":
        return t.gettext("{by} turned the wild {card} face up, so it pays its benefits too", by=_letter(v["source"]),
                         card=card_name(v["card"], t=t))
    if kind == "double":
        return t.gettext("{by} doubled {letter}", by=_letter(v["source"]), letter=_letter(v["card"]))
    return None


def pay_clause(pay: WordPay, word: str | None, t: Translator = ENGLISH) -> str:
    """"ALERT paid 5¢: A, L, E, R, T 1¢ each" and, when they happened, the reasons: genre bonuses that
    counted (or needed a second card), uncovered and doubled cards, wilds that paid nothing."""
    head = (t.gettext("{word} paid {pay}", word=word or pay.word, pay=money(pay.coins, pay.prestige))
            if word or pay.word else t.gettext("the word paid {pay}", pay=money(pay.coins, pay.prestige)))
    def letter(cid: int) -> str:
        return pay.letters.get(cid) or _letter(cid)

    groups: dict[str, list[str]] = {}
    for share in pay.cards:
        groups.setdefault(money(share.coins, share.prestige), []).append(letter(share.card))
    shares = []
    for amount, letters in groups.items():
        if len(letters) > 1:
            shares.append(t.gettext("{letters} {pay} each", letters=t.join(letters), pay=amount))
        else:
            shares.append(f"{letters[0]} {amount}")
    parts = [f"{head}: {', '.join(shares)}" if shares else head]
    for genre, n, paying in pay.bonuses:
        letters = t.join([letter(c) for c in paying]) if paying else None
        if letters:
            parts.append(t.ngettext("{n} {genre} card counted, so the bonus of {letters} paid",
                                    "{n} {genre} cards counted, so the bonus of {letters} paid", n,
                                    genre=genre_word(genre, t), letters=letters))
        else:
            parts.append(t.ngettext("{n} {genre} card counted, so its bonus worked",
                                    "{n} {genre} cards counted, so their bonuses worked", n,
                                    genre=genre_word(genre, t)))
    for genre, cid in pay.missed:
        parts.append(t.gettext("{letter} was the only {genre} card: its bonus needs a second one",
                               letter=letter(cid), genre=genre_word(genre, t)))
    for source, target in pay.uncovered:
        parts.append(t.gettext("{by} uncovered the wild {letter}, so it paid too", by=letter(source),
                               letter=letter(target)))
    for source, target, mult in pay.doubled:
        parts.append(t.gettext("{by} doubled {letter} (×{mult})", by=letter(source), letter=letter(target),
                               mult=mult))
    if pay.wilds:
        letters = [letter(c) for c in pay.wilds]
        parts.append(t.ngettext("the wild {letters} paid nothing", "the wilds {letters} paid nothing", len(letters),
                                letters=t.join(letters)))
    return "; ".join(parts)

"""The coach (docs/tutorial.md): what a player's last click did and why it paid that, and what to try next —
in the guided first game and in a player's first games after it.

The game's own log is walked again from its seed and options, so this needs nothing but the store: the state
before the player's last click, and which mechanics each seat has already met. In the guided game (its deal is
fixed, engine/setup.py) the first seat follows a plan made for the deal (the words and purchases below, whose
moves a test replays); any other seat, the first one once it leaves the plan, and every coached seat of any
other game get advice read from their position. The advice names a word only where the table offers hints
(the one-click button then spells that same word); elsewhere it says what to look for in the hand. No Discord
here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move
from hardback_bot.engine.cards import GENRES, card
from hardback_bot.engine.events import (
    Award,
    Buy,
    Double,
    Event,
    Flush,
    InkDraw,
    Jail,
    Remover,
    Uncover,
    WordAccepted,
)
from hardback_bot.engine.moves import LoggedMove, parse_move
from hardback_bot.engine.options import ADVERTS
from hardback_bot.engine.words import WordChecker
from hardback_bot.i18n import Translator
from hardback_bot.store import StoredMove

from .phrases import ENGLISH, card_name, genre_word
from .spelling import used_words
from .why_it_paid import Explanation, explain, say

#: The mechanics a guided game shows (docs/tutorial.md), in the order the plan meets them.
MECHANICS = ("word", "flush", "buy", "ink", "wild", "award", "remover", "uncover", "jail", "double")


@dataclass(frozen=True, slots=True)
class Walked:
    """A guided game's log read again: the game now, and for one seat its last click."""

    game: Game
    seen: dict[int, set[str]]  # seat -> the mechanics it has met so far
    before: Game | None = None  # the game just before ``seat``'s last click (None: it has not moved)
    click: tuple[Move, ...] = ()  # that click's moves


def walk(num_players: int, seed: int, options: GameOptions, moves: Sequence[StoredMove], seat: int,
         checker: WordChecker | None = None) -> Walked:
    """The log replayed from the deal; a click is the moves one commit stored (one version). A stored move
    that does not read raises IllegalMove, as one that does not replay does."""
    game = Game.new(num_players, seed, options, checker)
    seen: dict[int, set[str]] = {s: set() for s in range(num_players)}
    last = _last_click(moves, seat)
    before: Game | None = None
    log = [LoggedMove.from_stored(m.seat, m.move) for m in moves]
    for i, (who, move) in enumerate(log):
        if last is not None and i == last[0]:
            before = game.clone()
        for e in game.apply(who, move):
            note_event(seen, e)
    click = tuple(entry.move for entry in log[last[0]:last[1]]) if last is not None else ()
    return Walked(game, seen, before, click)


def _last_click(moves: Sequence[StoredMove], seat: int) -> tuple[int, int] | None:
    """(first, end) indexes of the seat's last commit in the log."""
    end = None
    for i in range(len(moves) - 1, -1, -1):
        if moves[i].seat == seat and (end is None or moves[i].version == moves[end - 1].version):
            if end is None:
                end = i + 1
            start = i
        elif end is not None:
            break
    return (start, end) if end is not None else None


def note_event(seen: dict[int, set[str]], event: Event) -> None:
    """The mechanics ``event`` shows its seat, noted as met (seats not in ``seen`` are not followed)."""
    met: tuple[str, ...]
    match event:
        case WordAccepted(seat=seat, cards=cards):
            met = ("word", "wild") if any(c.wild for c in cards) else ("word",)
        case Buy(seat=seat):
            met = ("buy",)
        case InkDraw(seat=seat):
            met = ("ink",)
        case Remover(seat=seat):
            met = ("remover",)
        case Uncover(seat=seat):
            met = ("uncover",)
        case Double(seat=seat):
            met = ("double",)
        case Jail(seat=seat):
            met = ("jail",)
        case Flush(seat=seat):
            met = ("flush",)
        case Award(seat=seat):
            met = ("award",)
        case _:
            return
    if seat in seen:
        seen[seat].update(met)


# ---------------------------------------------------------------------------------------- the plan
@dataclass(frozen=True, slots=True)
class Step:
    """One planned decision of the first seat: the moves, and what the advice says about them."""

    turn: int  # the seat's turn (1 = its first)
    phase: str
    moves: tuple[Move, ...]
    key: str  # which sentence (ADVICE)
    inked: int = -1  # for the ink steps: how many inked cards the seat holds before it


def _moves(*notation: str) -> tuple[Move, ...]:
    return tuple(parse_move(text) for text in notation)


PASS = Move("pass")


#: The first seat's plan for the deal of engine/setup.py (its card ids: starters 1141-1156, prestige
#: starters H 147 and O 152; the mystery U 135 and P 126, the horror W 65).
PLAN: tuple[Step, ...] = (
    Step(1, "spell", _moves("spell 1141 1149 1145 1154 1156"), "alert"),
    Step(1, "flush", _moves("flush"), "flush"),
    Step(1, "buy", _moves("buy 135"), "buy_u"),
    Step(2, "spell", _moves("ink"), "ink3", inked=0),
    Step(2, "spell", _moves("ink"), "ink3", inked=1),
    Step(2, "spell", _moves("ink"), "ink3", inked=2),
    Step(2, "spell", _moves("spell 147=Q 135 1145 1155 1156 1148 152 1151"), "question"),
    Step(2, "buy", _moves("buy 126"), "buy_pw"),
    Step(2, "buy", _moves("buy 65"), "buy_pw"),
    Step(3, "spell", _moves("spell 1156 1154 1141 65 1149"), "trawl"),
    Step(3, "choice", _moves("take remover"), "take_remover"),
    Step(3, "buy", _moves("end"), "keep_coins"),
    Step(4, "spell", _moves("ink"), "ink1", inked=0),
    Step(4, "spell", _moves("remover 147"), "clear_h"),
    Step(4, "spell", _moves("spell 1148 1151 126 135 147=T 1155"), "inputs"),
)
PLAN_SEAT = 0


@dataclass(frozen=True, slots=True)
class Advice:
    """What to try next: the moves (a test follows them exactly) and the sentence's key and values."""

    key: str
    moves: tuple[Move, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)


def advice(game: Game, seat: int, seen: set[str], *, hints: bool = True) -> Advice | None:
    """What ``seat`` might do now; None when it has nothing to decide. ``hints``: the table offers the solver's
    words, so the advice may name the best word (otherwise it says what to look for, never the answer)."""
    if game.finished or game.active_seat != seat or game.phase == "vote":
        return None
    planned = _planned(game, seat)
    if planned is not None:
        return planned
    return _adapted(game, seat, seen, hints=hints)


def _turn_number(game: Game, seat: int) -> int:
    return game.player(seat).stats.turns + 1


def _legal(game: Game, seat: int, move: Move) -> bool:
    trial = game.clone()
    try:
        trial.apply(seat, move)
    except IllegalMove:
        return False
    return True


def _planned(game: Game, seat: int) -> Advice | None:
    if seat != PLAN_SEAT or not game.options.tutorial:
        return None
    turn = _turn_number(game, seat)
    p = game.player(seat)
    for step in PLAN:
        if step.turn != turn or step.phase != game.phase:
            continue
        if step.inked >= 0 and (step.inked != len(p.inked) or p.cleared):
            continue  # an ink step counts the cards drawn with ink this turn (none cleared yet)
        if _legal(game, seat, step.moves[0]):
            return Advice(step.key, step.moves)
    return None


def _adapted(game: Game, seat: int, seen: set[str], *, hints: bool = True) -> Advice | None:
    phase = game.phase
    p = game.player(seat)
    if phase == "spell":
        if p.remover and p.inked and "remover" not in seen:
            return Advice("use_remover", (Move("remover", card=p.inked[0]),), {"card": p.inked[0]})
        if p.remover and p.ink and not p.inked and "remover" not in seen:
            return Advice("ink_then_remover", (Move("ink"),))
        if not hints:
            return _look_for(game, seat)
        best = _best(game, seat, need_double="double" not in seen)
        if best is None:
            return Advice("skip", (Move("skip"),))
        word, move, steps = best
        doubles = [(s, t) for kind, s, t in steps if kind == "double"]
        if doubles and "double" not in seen:
            source, target = doubles[0]
            return Advice("double_word", (move,), {"word": word, "card": source, "target": target})
        return Advice("best_word", (move,), {"word": word})
    if phase in ("uncover", "double"):
        pending = game.pending() or {}
        targets = pending.get("targets") or []
        return Advice("target", (Move("uncover" if phase == "uncover" else "double", card=targets[0]),)) \
            if targets else None
    if phase == "choice":
        pending = game.pending() or {}
        if pending.get("kind") == "ink_or_remover":
            return Advice("choose_token", (Move("take", choice="ink" if p.remover else "remover"),))
        return Advice("choose_prestige", (Move("take", choice="prestige"),))
    if phase == "jail":
        row = sorted(game.state.offer_row, key=lambda c: (-card(c).cost, c))
        return Advice("jail", (Move("reserve", card=row[0]) if row and p.jail is None else PASS,))
    if phase == "flush":
        return Advice("flush_again", (PASS,)) if "flush" in seen else Advice("flush_now", (Move("flush"),))
    if phase in ("trash", "dump", "preview"):
        return Advice("optional", (PASS,))
    if phase == "previewing":
        pending = game.pending() or {}
        cards = pending.get("cards") or []
        return Advice("previewed", (Move("return", card=cards[0]),)) if cards else None
    if phase == "buy":
        return _buy(game, seat, seen)
    return None


def _buy(game: Game, seat: int, seen: set[str]) -> Advice:
    legal = game.legal_moves(seat)
    buys = [m.card for m in legal if m.kind == "buy" and m.card is not None]
    doubles = [c for c in buys if any(b.kind == "double_adjacent" for b in card(c).basic)]
    if doubles and "double" not in seen and not any(_doubler(c) for c in _owned(game, seat)):
        best = max(doubles, key=lambda c: (card(c).cost, -c))
        return Advice("buy_double", (Move("buy", card=best),), {"card": best})
    if Move("advert") in legal:
        cost, prestige = ADVERTS[game.player(seat).adverts]
        return Advice("advert", (Move("advert"),), {"cost": cost, "prestige": prestige})
    if buys:
        best = max(buys, key=lambda c: (card(c).cost, card(c).purchase_prestige, -c))
        return Advice("buy_card", (Move("buy", card=best),), {"card": best})
    return Advice("end", (Move("end"),))


def _look_for(game: Game, seat: int) -> Advice:
    """Spelling advice that gives no word away (a table without hints): what in the hand pays more."""
    p = game.player(seat)
    cards = [*p.hand, *p.timeless]
    doublers = [c for c in p.hand if _doubler(c)]
    if doublers:
        return Advice("look_double", values={"card": doublers[0]})
    by_genre: dict[str, list[int]] = {}
    for c in cards:
        if card(c).genre in GENRES:
            by_genre.setdefault(card(c).genre, []).append(c)
    pairs = sorted(((g, cs) for g, cs in by_genre.items() if len(cs) >= 2), key=lambda gc: (-len(gc[1]), gc[0]))
    if pairs:
        genre, same = pairs[0]
        return Advice("look_pair", values={"genre": genre, "letters": "".join(card(c).letter for c in same)})
    return Advice("look_long")


def _owned(game: Game, seat: int) -> list[int]:
    p = game.player(seat)
    return [*p.draw, *p.discard, *p.hand, *p.timeless]


def _doubler(cid: int) -> bool:
    return any(b.kind == "double_adjacent" for b in card(cid).basic)


Best = tuple[str, Move, tuple[tuple[str, int, int], ...]]  # word, spell move, its uncover and double steps
_BEST: OrderedDict[tuple[str, int, bool], Best | None] = OrderedDict()  # a panel is drawn again and again
_BEST_KEPT = 64
_BEST_LOCK = threading.Lock()  # panels are drawn in worker threads
BEST_WORK = 200_000  # the hint's own search limit (spelling.BEST_WORD_WORK): the same word as its button


def _best(game: Game, seat: int, *, need_double: bool) -> Best | None:
    """The best word now (the solver's, as the hint gives it); while the double is still to be met and the
    seat holds a doubler, the best word that doubles, if there is one."""
    from hardback_bot.words.solver import PlayerCards, best_plays

    if getattr(game.checker, "is_none", False) or game.spell_options(seat) is None:
        return None
    holds_doubler = need_double and any(card(c).has("double_adjacent") for c in game.player(seat).hand)
    key = (game.to_json(), seat, holds_doubler)
    with _BEST_LOCK:
        if key in _BEST:
            _BEST.move_to_end(key)
            return _BEST[key]
    plays = best_plays(PlayerCards.from_game(game, seat), game.checker, count=12 if holds_doubler else 1,
                       exclude=used_words(game, seat), work_limit=BEST_WORK)
    found: Best | None = None
    if plays:
        chosen = plays[0]
        if holds_doubler:
            chosen = next((p for p in plays if any(kind == "double" for kind, _, _ in p.steps)), plays[0])
        found = (chosen.word, chosen.move, tuple(chosen.steps))
    with _BEST_LOCK:
        _BEST[key] = found
        while len(_BEST) > _BEST_KEPT:
            _BEST.popitem(last=False)
    return found


# ---------------------------------------------------------------------------------------- in words
def advice_text(a: Advice, game: Game, t: Translator = ENGLISH) -> str:
    """The advice in ``t``'s language (the glossary's terms)."""
    v = a.values
    key = a.key
    if key == "alert":
        return t.gettext("Spell ALERT: each of your five starter cards pays 1¢.")
    if key == "flush":
        return t.gettext("Four cards of the row share a genre: flush it for seven new cards before you buy.")
    if key == "buy_u":
        return t.gettext("Buy the mystery U (2¢): a bought card goes to your discard pile, and the coins you do "
                         "not spend become ink.")
    if key == "ink3":
        left = 3 - len(game.player(game.active_seat).inked)
        return t.ngettext("Draw with ink ({n} more): ink draws the top card of your draw pile, and an inked card "
                          "must go in your word.",
                          "Draw with ink ({n} more): ink draws the top card of your draw pile, and an inked card "
                          "must go in your word.", left)
    if key == "question":
        return t.gettext("Spell QUESTION with the H as a wild Q (a wild is any letter but pays nothing): "
                         "8 letters win a literary award.")
    if key == "buy_pw":
        return t.gettext("Press Buy more than one card, then buy the mystery P (2¢) and the horror W (4¢): they come "
                         "back in your next hands.")
    if key == "trawl":
        return t.gettext("Spell TRAWL: the horror W then gives you ink or remover.")
    if key == "take_remover":
        return t.gettext("Take the remover: next turn it frees a card you drew with ink.")
    if key == "keep_coins":
        return t.gettext("Buy nothing this time: your coins become ink for your next turn.")
    if key == "ink1":
        return t.gettext("Draw one card with ink: it must go in your word unless you clear it with the remover.")
    if key == "clear_h":
        return t.gettext("Use the remover on the H you drew: a cleared card may be played as a wild.")
    if key == "inputs":
        return t.gettext("Spell INPUTS with the H as a wild T after the U: two mystery cards count, so the U "
                         "uncovers it and the P jails a card of the row.")
    if key == "ink_then_remover":
        return t.gettext("Draw a card with ink: if it does not fit your word, your remover clears it (then it may "
                         "stay out of the word, or be a wild).")
    if key == "use_remover":
        return t.gettext("Use your remover on {card}: then you may leave it out or play it as a wild.",
                         card=card_name(int(v["card"]), t=t))
    if key == "double_word":
        return t.gettext("Spell {word}: the {card} sits next to {target} and doubles it.", word=v["word"],
                         card=card_name(int(v["card"]), t=t),
                         target=card(int(v["target"])).letter)
    if key == "look_double":
        return t.gettext("Put your {card} next to a card that pays: it doubles that card's benefit.",
                         card=card_name(int(v["card"]), t=t))
    if key == "look_pair":
        return t.gettext("Your cards {letters} share a genre ({genre}): put two or more in your word and each one's "
                         "genre bonus pays too.", letters=v["letters"], genre=genre_word(str(v["genre"]), t))
    if key == "look_long":
        return t.gettext("Every card in your word pays its benefit: use as many of your cards as you can.")
    if key == "best_word":
        return t.gettext("Spell {word}, the best word your cards make (or any word you like).", word=v["word"])
    if key == "skip":
        return t.gettext("No word fits these cards: skip the turn for a new hand.")
    if key == "target":
        return t.gettext("Choose which card it acts on: the one that pays more is usually best.")
    if key == "choose_token":
        return t.gettext("Ink draws a card when you need one; remover frees an inked card.")
    if key == "choose_prestige":
        return t.gettext("Coins buy cards this turn; prestige counts toward the goal.")
    if key == "jail":
        return t.gettext("Jail a card of the row: reserve it (only you may buy it later) or take it out of the row.")
    if key == "flush_now":
        return t.gettext("The row may be flushed now: try it, seven new cards come before you buy.")
    if key == "flush_again":
        return t.gettext("You may flush the row again, or keep it and buy.")
    if key == "optional":
        return t.gettext("This step is optional: use it or pass.")
    if key == "previewed":
        return t.gettext("Put each card back on top of your draw pile, or discard it.")
    if key == "buy_double":
        return t.gettext("Buy {card}: a romance card that doubles the card next to it in a word.",
                         card=card_name(int(v["card"]), cost=True, t=t))
    if key == "advert":
        return t.gettext("Buy an advert: {cost}¢ for {prestige}★ at once.", cost=v["cost"], prestige=v["prestige"])
    if key == "buy_card":
        return t.gettext("Buy {card}: the cards you buy make your later hands stronger.",
                         card=card_name(int(v["card"]), cost=True, t=t))
    return t.gettext("End your turn: the coins you keep become ink.")


@dataclass(frozen=True, slots=True)
class Coaching:
    """What the coach says on a panel, and the word its Try line advises (the one-click button offers the same
    word, so the two never disagree)."""

    lines: tuple[str, ...] = ()
    spell: Move | None = None  # the advised spell move


def coaching(walked: Walked, seat: int, t: Translator = ENGLISH, *, hints: bool = True) -> Coaching:
    """The lines of a coached panel: why the seat's last click paid what it did, and what to try next."""
    lines = []
    if walked.before is not None and walked.click:
        explained = explain(walked.before, seat, walked.click)
        said = say(explained, t)
        if said:
            lines.append(t.gettext("**Why:** {line}", line=said))
    tip = advice(walked.game, seat, walked.seen.get(seat, set()), hints=hints)
    spell = None
    if tip is not None:
        lines.append(t.gettext("**Try:** {tip}", tip=advice_text(tip, walked.game, t)))
        spell = next((m for m in tip.moves if m.kind == "spell"), None)
    return Coaching(tuple(lines), spell)


def guided_lines(walked: Walked, seat: int, t: Translator = ENGLISH) -> list[str]:
    """:func:`coaching`'s lines at a table with hints (the guided game's)."""
    return list(coaching(walked, seat, t).lines)


def coach_job(num_players: int, seed: int, options: Mapping[str, Any], moves: Sequence[StoredMove], seat: int,
              language: str, hints: bool) -> Coaching:
    """:func:`coaching` from what the store holds, in a search worker (the walk and the best word are CPU work:
    sessions/searching.py)."""
    from hardback_bot.i18n import translator
    from hardback_bot.words import get_dictionary

    opts = GameOptions.from_dict(dict(options))
    walked = walk(num_players, seed, opts, moves, seat, get_dictionary(opts.dictionary))
    return coaching(walked, seat, translator(language), hints=hints)


def last_explanation(walked: Walked, seat: int) -> Explanation | None:
    """The explanation of ``seat``'s last click (tests compare it with what was paid)."""
    if walked.before is None or not walked.click:
        return None
    return explain(walked.before, seat, walked.click)


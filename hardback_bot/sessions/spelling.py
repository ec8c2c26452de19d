"""From a typed word to the arrangements a player can choose from (PRODUCT.md, spelling).

Each arrangement is an exact spell move; its value comes from the engine itself (``preview``), so
the numbers a player sees are the numbers they get.  Wild cards give nothing unless something can
uncover them, so when nothing can, interchangeable wilds are tried once, not in every order.  The word
preview then offers only the arrangements no other one beats (``yields``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hardback_bot.engine import Game, IllegalMove, Move, WordCard
from hardback_bot.engine.cards import card, definition_id
from hardback_bot.i18n import Translator

from . import searching
from .messages import SpellingError
from .preview import ENGLISH, WordOutcome, simulate_word

MAX_CANDIDATES = 300
MAX_WORD = 20  # more letters than any hand and the classics in play can hold
SOLVER_SECONDS = 0.5  # the interaction is already acknowledged; this bounds the rare slow hand


def clean_word(text: str) -> str:
    word = text.strip().upper()
    if not word:
        raise SpellingError("type_a_word")
    if not word.isascii() or not word.isalpha():
        raise SpellingError("letters_only")
    if len(word) < 2:
        raise SpellingError("too_short")
    if len(word) > MAX_WORD:
        raise SpellingError("too_long", n=MAX_WORD)
    return word


def candidate_moves(game: Game, seat: int, word: str) -> Iterator[Move]:
    """Every arrangement of ``word`` that can yield something different, face-up cards first.

    A wild gives nothing, like a card left out of the word (R7.3, R10.1), so which card goes face down
    matters only where an uncover may turn it face up again (R14): each place is either a face-up card
    of its letter or "a wild", and a wild place is then given the cheapest spare card, except next to a
    card that uncovers, where every kind of spare card is tried. Cards alike (the same card, both inked or
    not, from the same place) are tried once per place."""
    options = game.spell_options(seat)
    if options is None:
        raise SpellingError("not_your_turn_to_spell")
    inked = list(options.inked)
    free = [c for c in options.hand if c not in inked]
    owners = dict(options.classics_in_play)
    classics = list(owners)
    # Cheapest first, so a wild is a starter rather than a valuable card when the choice is free.
    wild_order = sorted(free, key=lambda c: (not card(c).is_starter, card(c).cost, c))
    n = len(word)
    if n > len(options.hand) + len(classics):
        raise SpellingError("too_few_cards", n=len(options.hand) + len(classics))
    placed: list[int | None] = []  # a face-up card, or None for a wild place
    used: set[int] = set()

    def inked_left() -> int:
        return sum(1 for c in inked if c not in used)

    def spare() -> list[int]:
        return [c for c in wild_order if c not in used]

    def walk(i: int, wilds: int) -> Iterator[Move]:
        if n - i < inked_left() or wilds > len(spare()):
            return
        if i == n:
            yield from _fill(word, placed, spare())
            return
        alike: set[tuple[int, bool, int]] = set()
        for c in [*inked, *free, *classics]:
            kind = (definition_id(c), c in inked, owners.get(c, -1))
            if c in used or card(c).letter != word[i] or kind in alike:
                continue
            alike.add(kind)
            used.add(c)
            placed.append(c)
            yield from walk(i + 1, wilds)
            placed.pop()
            used.discard(c)
        placed.append(None)
        yield from walk(i + 1, wilds + 1)
        placed.pop()

    yield from walk(0, 0)


MAX_UNCOVER_TRIES = 24  # ways to fill the wild places next to a card that uncovers


def _fill(word: str, placed: list[int | None], spare: list[int]) -> Iterator[Move]:
    """The moves of one pattern of face-up cards and wild places: the cheapest spare cards in the wild
    places, and every kind of spare card in those an uncover can reach (a run of wilds next to a card that
    uncovers: an uncovered card may uncover the next one)."""
    reach: set[int] = set()
    for i, c in enumerate(placed):
        if c is None or not card(c).has("uncover_adjacent"):
            continue
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(placed) and placed[j] is None:
                reach.add(j)
                j += step
    wild_places = [i for i, c in enumerate(placed) if c is None]
    near = [i for i in wild_places if i in reach]
    for chosen in itertools.islice(_distinct_picks(spare, len(near)), MAX_UNCOVER_TRIES):
        left = [c for c in spare if c not in chosen]
        given = dict(zip(near, chosen, strict=True))
        given.update(zip([i for i in wild_places if i not in reach], left, strict=False))
        yield Move("spell", word=tuple(WordCard(c) if c is not None else WordCard(given[i], word[i])
                                       for i, c in enumerate(placed)))


def _distinct_picks(cards: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Ordered picks of ``k`` different cards, one per kind of card (two starter E's are one kind)."""
    if k == 0:
        yield ()
        return
    kinds: set[int] = set()
    for c in cards:
        if definition_id(c) in kinds:
            continue
        kinds.add(definition_id(c))
        for rest in _distinct_picks([x for x in cards if x != c], k - 1):
            yield (c, *rest)


def arrangements(game: Game, seat: int, word: str, limit: int = 120) -> list[WordOutcome]:
    """The best ``limit`` arrangements of ``word`` for ``seat``, best first (ties: fewer wilds).

    Blocking (call it in a worker thread); in the bot the work itself runs in a search worker process
    (:mod:`.searching`), so it cannot slow other channels."""
    if searching.running() is not None:
        return searching.off_loop(arrangements_job, searching.game_state(game), seat, word, limit)
    return arrangements_here(game, seat, word, limit)


def arrangements_job(state: tuple[str, str], seat: int, word: str, limit: int) -> list[WordOutcome]:
    """:func:`arrangements` inside a search worker."""
    return arrangements_here(searching.game_from(state), seat, word, limit)


def arrangements_here(game: Game, seat: int, word: str, limit: int = 120) -> list[WordOutcome]:
    """:func:`arrangements`, computed in this process."""
    missing = [c for c in game.player(seat).inked if card(c).letter not in word]
    if missing:
        raise SpellingError("inked_missing", n=len(missing), letters=", ".join(card(c).letter for c in missing))
    outcomes: list[WordOutcome] = []
    for i, move in enumerate(candidate_moves(game, seat, word)):
        if i >= MAX_CANDIDATES:
            break
        outcomes.append(simulate_word(game, seat, move))
    # The solver finds the arrangement worth most (choices, trash and chains included); it comes first.
    best = _solver_best(game, seat, word)
    if best is not None and all(o.move != best for o in outcomes):
        outcomes.append(simulate_word(game, seat, best))
    if not outcomes:
        raise SpellingError("cannot_spell", word=word)

    def order(o: WordOutcome) -> tuple[bool, int, int, str]:
        return o.move != best, -o.value, sum(1 for w in o.move.word if w.wild), str(o.move)

    outcomes.sort(key=order)
    return outcomes[:limit]


def _solver_best(game: Game, seat: int, word: str) -> Move | None:
    from hardback_bot.words.solver import PlayerCards, best_arrangement

    play = best_arrangement(PlayerCards.from_game(game, seat), word, time_limit=SOLVER_SECONDS)
    return play.move if play is not None else None


BEST_WORD_WORK = 200_000  # search units for the one-click best word: the same answer on every machine
BEST_WORD_TIES = 8  # words the search keeps, so that of those that earn the most the most common is proposed


def hints_allowed(game: Game, kind: str = "table") -> bool:
    """The table offers the solver's words (its hints option), and a solo game always does, except a daily
    (``kind``, the stored game's: everyone plays that deal on their own)."""
    return kind != "daily" and (bool(game.options.hints) or game.num_players == 1)


def used_words(game: Game, seat: int) -> set[str]:
    """The words ``seat`` may not spell again under the unique-words option (R26), lower case."""
    mode = game.options.unique_words
    if mode == "off":
        return set()
    return {str(w).lower() for who, w in game.state.word_history if mode == "game" or int(who) == seat}


def best_word(game: Game, seat: int) -> WordOutcome | None:
    """The word worth most for ``seat`` now, as the spelling panel would propose it (the one-click "spell
    the best word" where hints are allowed); of words worth as much, the most common (``words.frequency``).
    Blocking and bounded: call it in a worker thread."""
    from hardback_bot.words.frequency import rank_at
    from hardback_bot.words.solver import PlayerCards, best_plays

    checker = game.checker
    if game.spell_options(seat) is None or getattr(checker, "is_none", False):
        return None
    plays = best_plays(PlayerCards.from_game(game, seat), checker, count=BEST_WORD_TIES, exclude=used_words(game, seat),
                       work_limit=BEST_WORD_WORK)
    if not plays:
        return None
    # Of the words that earn the most, the most common one (STAR rather than ARUMS).
    top = plays[0].value
    play = min((p for p in plays if p.value >= top), key=lambda p: (rank_at(p.word, game.options.dictionary), p.word))
    try:
        return simulate_word(game, seat, play.move)
    except IllegalMove:  # the solver and the engine disagree on a legal move: offer nothing rather than fail
        return None


CHOICE_PHASE = "choice"


def choice_paths(game: Game, seat: int, moves: list[Move], limit: int = 8, t: Translator = ENGLISH
                 ) -> list[tuple[list[Move], str]]:
    """Every way to answer the either-or choices a confirmed word asks next (R14: coins or prestige, ink
    or remover), as (moves, words) pairs, when those choices come right after the word (no trash, dump or
    preview first). Empty when the word asks none. Lets the preview offer "Confirm · 2★": the word and its
    choices in one click, each choice still the player's."""
    trial = game.clone()
    try:
        for move in moves:
            trial.apply(seat, move)
    except IllegalMove:
        return []
    if trial.finished or trial.active_seat != seat or trial.phase != CHOICE_PHASE:
        return []
    paths: list[tuple[list[Move], str]] = []

    def walk(state: Game, path: list[Move], words: list[str]) -> None:
        if len(paths) >= limit:
            return
        if state.finished or state.active_seat != seat or state.phase != CHOICE_PHASE:
            said = words[0] if words else ""
            for step in words[1:]:
                said = t.gettext("{first}, then {next}", first=said, next=step)
            paths.append((path, said))
            return
        pending = state.pending() or {}
        value = pending.get("value", 1)
        for m in state.legal_moves(seat):
            if m.kind != "take":
                continue
            nxt = state.clone()
            nxt.apply(seat, m)
            taken = {"coins": f"{value}¢", "prestige": f"{value}★", "ink": t.gettext("1 ink"),
                     "remover": t.gettext("1 remover")}
            walk(nxt, [*path, m], [*words, taken.get(m.choice or "", str(m))])

    walk(trial, [], [])
    return paths

"""From a typed word to the arrangements a player can choose from (PRODUCT.md, spelling).

Each arrangement is an exact spell move; its value comes from the engine itself (``preview``), so
the numbers a player sees are the numbers they get.  Wild cards give nothing unless something can
uncover them, so when nothing can, interchangeable wilds are tried once, not in every order.
"""

from __future__ import annotations

from collections.abc import Iterator

from hardback_bot.engine import Game, IllegalMove
from hardback_bot.engine.cards import card
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


def candidate_moves(game: Game, seat: int, word: str) -> Iterator[str]:
    options = game.spell_options(seat)
    if options is None:
        raise SpellingError("not_your_turn_to_spell")
    inked = list(options.inked)
    free = [c for c in options.hand if c not in inked]
    classics = [c for c, _ in options.classics_in_play]
    # Cheapest first, so a wild is a starter rather than a valuable card when the choice is free.
    wild_order = sorted(free, key=lambda c: (not card(c).is_starter, card(c).cost, c))
    n = len(word)
    if n > len(options.hand) + len(classics):
        raise SpellingError("too_few_cards", n=len(options.hand) + len(classics))
    chosen: list[str] = []
    used: set[int] = set()

    def inked_left() -> int:
        return sum(1 for c in inked if c not in used)

    def walk(i: int) -> Iterator[str]:
        if n - i < inked_left():
            return
        if i == n:
            yield " ".join(["spell", *chosen])
            return
        letter = word[i]
        for c in [*inked, *free, *classics]:
            if c not in used and card(c).letter == letter:
                used.add(c)
                chosen.append(str(c))
                yield from walk(i + 1)
                chosen.pop()
                used.discard(c)
        # Wilds are interchangeable until something uncovers them, so one card is tried here (the
        # cheapest whose letter the rest of the word does not need, and the cheapest overall);
        # arrangements() tries other cards in the wild places of the best candidates afterwards.
        rest = word[i + 1:]
        unused = [c for c in wild_order if c not in used]
        picks = [c for c in unused if card(c).letter not in rest][:1] + unused[:1]
        for c in dict.fromkeys(picks):
            used.add(c)
            chosen.append(f"{c}={letter}")
            yield from walk(i + 1)
            chosen.pop()
            used.discard(c)

    yield from walk(0)


def _wild_swaps(game: Game, seat: int, move: str) -> Iterator[str]:
    """The same arrangement with another unused hand card in one wild place (uncover makes it matter)."""
    tokens = move.split()[1:]
    in_word = {int(t.split("=")[0]) for t in tokens}
    options = game.spell_options(seat)
    assert options is not None
    spare = [c for c in options.hand if c not in in_word and c not in options.inked]
    for i, token in enumerate(tokens):
        _cid, eq, letter = token.partition("=")
        if not eq:
            continue
        for other in spare:
            swapped = [*tokens[:i], f"{other}={letter}", *tokens[i + 1:]]
            yield " ".join(["spell", *swapped])


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
    outcomes.sort(key=lambda o: (o.move != best, -o.value, o.move.count("="), o.move))
    if any(card(c).has("uncover_adjacent") for c in game.player(seat).hand):
        seen = {o.move for o in outcomes}
        for best in outcomes[:5]:
            for move in _wild_swaps(game, seat, best.move):
                if move not in seen:
                    seen.add(move)
                    outcomes.append(simulate_word(game, seat, move))
        outcomes.sort(key=lambda o: (o.move != best, -o.value, o.move.count("="), o.move))
    return outcomes[:limit]


def _solver_best(game: Game, seat: int, word: str) -> str | None:
    from hardback_bot.words.solver import PlayerCards, best_arrangement

    play = best_arrangement(PlayerCards.from_game(game, seat), word, time_limit=SOLVER_SECONDS)
    return play.move if play is not None else None


BEST_WORD_WORK = 200_000  # search units for the one-click best word: the same answer on every machine


def hints_allowed(game: Game, kind: str = "table") -> bool:
    """The table offers the solver's words (its hints option), and a solo game always does, except a daily
    (``kind``, the stored game's: everyone plays that deal on their own)."""
    return kind != "daily" and (bool(game.options.hints) or game.num_players == 1)


def best_word(game: Game, seat: int) -> WordOutcome | None:
    """The word worth most for ``seat`` now, as the spelling panel would propose it (the one-click "spell
    the best word" where hints are allowed). Blocking and bounded: call it in a worker thread."""
    from hardback_bot.words.solver import PlayerCards, best_play

    checker = game.checker
    if game.spell_options(seat) is None or getattr(checker, "is_none", False):
        return None
    mode = game.options.unique_words
    exclude = {str(w).lower() for who, w in game.state.word_history if mode == "game" or int(who) == seat} \
        if mode != "off" else set()
    play = best_play(PlayerCards.from_game(game, seat), checker, exclude=exclude, work_limit=BEST_WORD_WORK)
    if play is None:
        return None
    try:
        return simulate_word(game, seat, play.move)
    except IllegalMove:  # the solver and the engine disagree on a legal move: offer nothing rather than fail
        return None


CHOICE_PHASE = "choice"


def choice_paths(game: Game, seat: int, moves: list[str], limit: int = 8, t: Translator = ENGLISH
                 ) -> list[tuple[list[str], str]]:
    """Every way to answer the either-or choices a confirmed word asks next (R14: coins or prestige, ink
    or remover), as (moves, words) pairs, when those choices come right after the word (no trash, dump or
    preview first). Empty when the word asks none. Lets the preview offer "Confirm · 2★": the word and its
    choices in one click, each choice still the player's."""
    trial = Game.from_dict(game.to_dict(), checker=game.checker)
    try:
        for move in moves:
            trial.apply(seat, move)
    except IllegalMove:
        return []
    if trial.finished or trial.active_seat != seat or trial.phase != CHOICE_PHASE:
        return []
    paths: list[tuple[list[str], str]] = []

    def walk(state: Game, path: list[str], words: list[str]) -> None:
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
            nxt = Game.from_dict(state.to_dict(), checker=state.checker)
            nxt.apply(seat, str(m))
            taken = {"coins": f"{value}¢", "prestige": f"{value}★", "ink": t.gettext("1 ink"),
                     "remover": t.gettext("1 remover")}
            walk(nxt, [*path, str(m)], [*words, taken.get(str(m).split()[-1], str(m))])

    walk(trial, [], [])
    return paths

"""``/hardback lookup`` and ``/hardback hint``: private word help (RULES.md R26, R27.6).

No Discord here.  The hint search is deliberately small and bounded: a pass over the dictionary's
letter-count array finds words the player's letters can make with at most one wild, then the
sessions layer's own ``arrangements`` values the most promising few, so the figures a hint shows are
the figures the move would earn.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hardback_bot.engine.cards import card
from hardback_bot.sessions.spelling import SpellingError, arrangements, clean_word

if TYPE_CHECKING:
    from hardback_bot.engine import Game
    from hardback_bot.sessions.preview import WordOutcome

__all__ = ["SpellingError", "clean_word", "hint_plays", "lookup_lines", "repeat_reason"]

HINT_CANDIDATES = 60  # words valued at most; each costs up to a few ms in arrangements()
HINT_BUDGET = 1.5  # seconds of valuing, on a worker thread, after the interaction was deferred


def repeat_reason(word: str, mode: str, history: Sequence[Sequence[Any]], seat: int | None,
                  names: Sequence[str]) -> str | None:
    """Why the unique-words rule would refuse ``word`` (R26), or None.  ``seat`` None: a spectator, who is
    told who already spelled it."""
    if mode == "off":
        return None
    spelled_by = [int(who) for who, previous in history if str(previous).upper() == word]
    if not spelled_by:
        return None

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else f"seat {s + 1}"

    if mode == "game":
        return f"{word} was already spelled in this game (by {name(spelled_by[0])}), so it would be refused."
    if seat is not None:
        return f"You already spelled {word} in this game, so it would be refused." if seat in spelled_by else None
    who = ", ".join(dict.fromkeys(name(s) for s in spelled_by))
    return f"{word} was already spelled by {who}; under unique words per player only they cannot spell it again."


def lookup_lines(word: str, dictionary: Any, dictionary_name: str, *, source: str, vote: str = "off",
                 unique_mode: str = "off", history: Sequence[Sequence[Any]] = (), seat: int | None = None,
                 names: Sequence[str] = ()) -> list[str]:
    """The private answer to ``/hardback lookup``: dictionary first, then the unique-words rule."""
    lines: list[str] = []
    if getattr(dictionary, "is_none", False) or dictionary_name == "none":
        lines.append(f"{source} plays without a dictionary: every word, {word} included, goes to a vote.")
    elif dictionary.is_word(word):
        lines.append(f"✅ **{word}** is in the **{dictionary_name}** dictionary ({source.lower()}).")
    else:
        lines.append(f"❌ **{word}** is not in the **{dictionary_name}** dictionary ({source.lower()}).")
        if vote != "off":
            lines.append(f"At this table it would go to a vote of the other players ({vote}).")
    if unique_mode != "off":
        reason = repeat_reason(word, unique_mode, history, seat, names)
        scope = "in this game" if unique_mode == "game" else ("by you" if seat is not None else "by anyone")
        lines.append(f"🔁 {reason}" if reason else f"Unique words: {word} has not been spelled {scope} yet.")
    return lines


def _candidate_words(game: Game, seat: int, dictionary: Any, limit: int) -> list[str]:
    """Words the seat's cards could spell with at most one wild, most promising (long, no wild) first."""
    import numpy as np

    options = game.spell_options(seat)
    if options is None:
        return []
    cards = [*options.hand, *(c for c, _ in options.classics_in_play)]
    have = np.zeros(26, dtype=np.int16)
    for c in cards:
        have[ord(card(c).letter) - 65] += 1
    need = np.zeros(26, dtype=np.int16)
    for c in options.inked:  # R6.4: every inked card must be in the word
        need[ord(card(c).letter) - 65] += 1
    spare = len([c for c in options.hand if c not in options.inked])  # cards that may go wild
    counts = dictionary.letter_counts.astype(np.int16)
    lengths = dictionary.lengths.astype(np.int16)
    missing = np.clip(counts - have, 0, None).sum(axis=1)
    ok = (lengths >= 2) & (lengths <= len(cards)) & (missing <= min(1, spare)) & (counts >= need).all(axis=1)
    index = np.nonzero(ok)[0]
    order = sorted(index.tolist(), key=lambda i: (int(missing[i]), -int(lengths[i]), dictionary.words[i]))
    return [dictionary.words[i].upper() for i in order[:limit]]


def hint_plays(game: Game, seat: int, dictionary: Any, *, limit: int = 5, budget: float = HINT_BUDGET
               ) -> list[WordOutcome]:
    """The best few words for ``seat``'s cards now, each in its best arrangement, best first.

    Blocking (numpy and the engine's previews): call it in a worker thread.  Stops valuing after
    ``budget`` seconds and returns the best found so far."""
    if getattr(dictionary, "is_none", False):
        return []
    deadline = time.monotonic() + budget
    best: list[WordOutcome] = []
    for word in _candidate_words(game, seat, dictionary, HINT_CANDIDATES):
        if time.monotonic() > deadline:
            break
        if game.options.unique_words != "off" and repeat_reason(word, game.options.unique_words,
                                                                 game.state.word_history, seat, ()):
            continue
        try:
            found = arrangements(game, seat, word, limit=1)
        except (SpellingError, ValueError):
            continue
        if found:
            best.append(found[0])
    best.sort(key=lambda o: (-o.value, -len(o.word), o.word))
    return best[:limit]

"""``/hardback lookup`` and ``/hardback hint``: private word help (RULES.md R26, R27.6).

No Discord here.  Hints come from the shared solver (``hardback_bot.words.solver``); their figures
from the same ``arrangements`` the spelling panel uses, so a hint never promises more than the panel.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from hardback_bot.i18n import Translator, translator
from hardback_bot.sessions.spelling import SpellingError, arrangements_here, clean_word
from hardback_bot.words.frequency import rank_at
from hardback_bot.words.offensive import is_offensive, is_offensive_at, offensive_language

from .settings import mode_label

if TYPE_CHECKING:
    from hardback_bot.engine import Game
    from hardback_bot.sessions.preview import WordOutcome

__all__ = ["SpellingError", "clean_word", "hint_plays", "hints_off_loop", "lookup_lines", "repeat_reason"]

HINT_BUDGET = 2.0  # seconds of searching, in a search worker, after the interaction was deferred
TIE_SPARE = 3  # the solver is asked for this many times the words shown: the more common of equal ones win


def repeat_reason(word: str, mode: str, history: Sequence[Sequence[Any]], seat: int | None,
                  names: Sequence[str], t: Translator | None = None) -> str | None:
    """Why the unique-words rule would refuse ``word`` (R26), or None.  ``seat`` None: a spectator, who is
    told who already spelled it.  In ``t``'s language (English when omitted)."""
    t = t or translator("en")
    if mode == "off":
        return None
    spelled_by = [int(who) for who, previous in history if str(previous).upper() == word]
    if not spelled_by:
        return None

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else t.gettext("seat {n}", n=s + 1)

    if mode == "game":
        return t.gettext("{word} was already spelled in this game (by {name}), so it would be refused.", word=word,
                         name=name(spelled_by[0]))
    if seat is not None:
        return (t.gettext("You already spelled {word} in this game, so it would be refused.", word=word)
                if seat in spelled_by else None)
    who = ", ".join(dict.fromkeys(name(s) for s in spelled_by))
    return t.gettext("{word} was already spelled by {names}; under unique words per player only they cannot spell "
                     "it again.", word=word, names=who)


def lookup_lines(word: str, dictionary: Any, dictionary_name: str, *, source: str, vote: str = "off",
                 unique_mode: str = "off", history: Sequence[Sequence[Any]] = (), seat: int | None = None,
                 names: Sequence[str] = (), family_friendly: bool = False, language: str = "en") -> list[str]:
    """The private answer to ``/hardback lookup``, in ``language``: the family-friendly option, the
    dictionary, then the unique-words rule.  ``source`` (already in ``language``) says whose dictionary it
    is.  A listed offensive word may still be looked up: the answer is private."""
    t = translator(language)
    lines: list[str] = []
    # The emojis stay out of the catalogue (fonts).
    if family_friendly and is_offensive_at(word, dictionary_name):
        lines.append("🚫 " + t.gettext(
            "{word} cannot be played at this family-friendly table, whatever the dictionary says.", word=word))
    if getattr(dictionary, "is_none", False) or dictionary_name == "none":
        lines.append(t.gettext("{source} plays without a dictionary: every word, {word} included, goes to a vote.",
                               source=source, word=word))
    elif dictionary.is_word(word):
        lines.append("✅ " + t.gettext("**{word}** is in the **{dictionary}** dictionary ({source}).", word=word,
                                       dictionary=dictionary_name, source=source.lower()))
    else:
        lines.append("❌ " + t.gettext("**{word}** is not in the **{dictionary}** dictionary ({source}).", word=word,
                                       dictionary=dictionary_name, source=source.lower()))
        if vote != "off":
            lines.append(t.gettext("At this table it would go to a vote of the other players ({vote}).",
                                   vote=mode_label(vote, t)))
    if unique_mode != "off":
        reason = repeat_reason(word, unique_mode, history, seat, names, t)
        if reason:
            lines.append(f"🔁 {reason}")
        elif unique_mode == "game":
            lines.append(t.gettext("Unique words: {word} has not been spelled in this game yet.", word=word))
        elif seat is not None:
            lines.append(t.gettext("Unique words: {word} has not been spelled by you yet.", word=word))
        else:
            lines.append(t.gettext("Unique words: {word} has not been spelled by anyone yet.", word=word))
    return lines


def _excluded(game: Game, seat: int) -> set[str]:
    """Words the unique-words option (R26) would refuse to ``seat`` now."""
    mode = game.options.unique_words
    if mode == "off":
        return set()
    return {str(w).lower() for who, w in game.state.word_history if mode == "game" or int(who) == seat}


def hint_plays(game: Game, seat: int, dictionary: Any, *, limit: int = 5, budget: float = HINT_BUDGET
               ) -> list[WordOutcome]:
    """The best few words for ``seat``'s cards now, best first (of words that earn as much, the more common
    first: ``words.frequency``), each as the spelling panel would propose it.

    The words come from one anytime search of the solver (:func:`hardback_bot.words.solver.best_plays`,
    the ``limit`` best distinct words, for at most half of ``budget`` seconds: the best found by then);
    each is then arranged by the sessions layer's ``arrangements`` (the function the spelling panel
    uses) while time is left, so a hint's figures are what typing the word shows, else shown in the
    solver's own arrangement.  Blocking: in the bot, call :func:`hints_off_loop`.  A ``budget`` of zero
    or less finds nothing."""
    from hardback_bot.sessions.preview import simulate_word
    from hardback_bot.words.solver import PlayerCards, best_plays

    if getattr(dictionary, "is_none", False) or game.spell_options(seat) is None or budget <= 0:
        return []
    deadline = time.monotonic() + budget
    cards = PlayerCards.from_game(game, seat)
    language = offensive_language(game.options.dictionary)

    def clean(word: str) -> bool:  # hints never offer a listed word, whatever the table's options
        return not is_offensive(word, language)

    common = partial(rank_at, dictionary_name=game.options.dictionary)
    # More words than shown, so that of the words that earn as much the more common ones are shown.
    plays = best_plays(cards, dictionary, count=limit * TIE_SPARE, exclude=_excluded(game, seat), accept=clean,
                       time_limit=budget / 2)
    plays = sorted(plays, key=lambda p: (-p.value, common(p.word), p.word))[:limit]
    found: list[WordOutcome] = []
    for play in plays:
        outcome = None
        if time.monotonic() < deadline:
            with contextlib.suppress(SpellingError, IndexError):
                outcome = arrangements_here(game, seat, play.word, limit=1)[0]
        # Out of time, or the panel's quick arrangement search missed what the solver found: the solver's own.
        found.append(outcome if outcome is not None else simulate_word(game, seat, play.move))
    found.sort(key=lambda o: (-o.value, common(o.word), o.word))
    return found


def hints_job(state: tuple[str, str], seat: int, limit: int, budget: float) -> list[WordOutcome]:
    """:func:`hint_plays` in a search worker (the game rebuilt with the table's own word list)."""
    from hardback_bot.sessions.searching import game_from

    game = game_from(state)
    return hint_plays(game, seat, game.checker, limit=limit, budget=budget)


async def hints_off_loop(game: Game, seat: int, *, limit: int = 5, budget: float = HINT_BUDGET
                         ) -> list[WordOutcome]:
    """:func:`hint_plays` with the table's word list, in a search worker when the bot started them (else in
    a thread): it cannot hold the event loop, and its search stops at ``budget`` by itself."""
    from hardback_bot.sessions.searching import game_state, off_loop_async

    return await off_loop_async(hints_job, game_state(game), seat, limit, budget)

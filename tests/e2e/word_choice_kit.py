"""Choosing the words a driver spells: the longest word a hand spells face up, a word that shows a preview or
keeps the turn, a made-up word for a vote.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.words import get_dictionary


def find_word(letters: list[str], required: list[str] | None = None, *, dictionary: str = "common",
              max_len: int = 6, avoid: set[str] | None = None) -> str | None:
    """The longest dictionary word these letters spell face up, using every ``required`` letter."""
    words = get_dictionary(dictionary)
    need = Counter(required or [])
    for n in range(min(max_len, len(letters)), max(1, sum(need.values()) - 1), -1):
        for combo in itertools.permutations(letters, n):
            if need and need - Counter(combo):
                continue
            w = "".join(combo)
            if words.is_word(w) and w not in (avoid or set()):
                return w
    return None


def shows_a_preview(game: Game, seat: int, word: str) -> bool:
    """Whether the bot answers ``word`` with a preview to confirm, as the spell form does: a word with nothing to
    choose (one arrangement, no wild card, no question) is played as typed instead."""
    from hardback_bot.sessions.screens.word import confirm_moves, default_choice, nothing_to_choose
    from hardback_bot.sessions.spelling import SpellingError, arrangements, choice_paths

    try:
        options = arrangements(game, seat, word)
    except SpellingError:
        return False
    chosen = default_choice(options)
    return not nothing_to_choose(options, chosen, choice_paths(game, seat, confirm_moves(chosen)))


def previewed_word(game: Game, seat: int, *, avoid: set[str] | None = None, max_len: int = 5) -> str | None:
    """A dictionary word ``seat`` can spell now whose spelling the bot previews (so a test has a Confirm to
    click): face up if one does, else with one wild card, which always brings a preview (R8)."""
    words = get_dictionary(game.options.dictionary)
    letters = [card(c).letter for c in game.player(seat).hand]
    avoid = avoid or set()
    for n in range(min(max_len, len(letters)), 1, -1):
        for combo in itertools.permutations(letters, n):
            w = "".join(combo)
            if w not in avoid and words.is_word(w) and shows_a_preview(game, seat, w):
                return w
    for n in range(min(max_len, len(letters)), 1, -1):  # n-1 cards face up and one wild among them
        for combo in itertools.permutations(letters, n - 1):
            for at in range(n):
                for extra in "AEIOUSTRNL":
                    w = "".join(combo[:at]) + extra + "".join(combo[at:])
                    if w not in avoid and words.is_word(w) and shows_a_preview(game, seat, w):
                        return w
    return None


def keeps_the_turn(game: Game, seat: int, word: str) -> bool:
    """Whether spelling ``word`` as the bot proposes first (its preview's Confirm) leaves ``seat`` with
    something to decide; with nothing to buy or flush the engine ends the turn at once."""
    from hardback_bot.sessions.spelling import arrangements

    first = arrangements(game, seat, word, limit=1)[0]
    copy = Game.from_json(game.to_json(), checker=game.checker)
    copy.apply(seat, first.move)
    return not copy.finished and copy.active_seat == seat


def made_up_word(letters: list[str], *, dictionary: str = "common", avoid: set[str] | None = None) -> str | None:
    """Letters of the hand in an order that is not a dictionary word (to put to a vote)."""
    words = get_dictionary(dictionary)
    for n in (3, 2):
        for combo in itertools.permutations(letters, n):
            w = "".join(combo)
            if not words.is_word(w) and w not in (avoid or set()):
                return w
    return None



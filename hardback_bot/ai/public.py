"""Public facts a computer player may use beyond its view (see :mod:`hardback_bot.ai.seen`)."""

from __future__ import annotations

from functools import lru_cache

from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import LoggedMove, MoveKind
from hardback_bot.engine.undo import effective
from hardback_bot.words import Dictionary, DictionaryError, get_dictionary

from .seen import Public

SPELLING_LIST = "common"  # what a computer player spells from when the table has no list (R27.3)
VOTING_LIST = "large"  # what a computer voter accepts: any word a big dictionary knows


def _dictionary_for(game: Game) -> Dictionary:
    """The word list a computer player spells from: the table's own, else everyday words."""
    words = getattr(game.checker, "words", None)
    if isinstance(game.checker, Dictionary) and isinstance(words, tuple) and words:
        return game.checker
    name = game.options.dictionary
    try:
        found = get_dictionary(name if name != "none" else SPELLING_LIST)
    except DictionaryError:  # a custom list that is gone: spell everyday words, the checker still decides
        found = get_dictionary(SPELLING_LIST)
    return found if found.words else get_dictionary(SPELLING_LIST)



@lru_cache(maxsize=1)
def _voting_list() -> Dictionary:
    return get_dictionary(VOTING_LIST)


class _Judge:
    """Accepts a word a big dictionary or the table's own real word list knows."""

    def __init__(self, game: Game) -> None:
        words = getattr(game.checker, "words", None)
        self._table = game.checker if isinstance(words, tuple) and words else None

    def is_word(self, word: str) -> bool:
        return _voting_list().is_word(word) or (self._table is not None and self._table.is_word(word))


def _refused_this_turn(game: Game) -> tuple[str, ...]:
    """Words the active player spelled this turn that a vote refused (public, R27.4-R27.5)."""
    seat = game.active_seat
    if game.phase != "spell":
        return ()
    words: list[str] = []
    mine: set[MoveKind] = {"spell", "ink", "remover", "unremover", "ghostwriter", "adopt"}
    others: set[MoveKind] = {"vote", "suggest", "ink", "remover", "unremover", "timeout"}
    for who, move in reversed(game.move_log):
        kind = move.kind
        if who == seat and kind in mine:
            if kind == "spell":
                words.append("".join(w.wild or card(w.card).letter for w in move.word))
            continue
        if who != seat and kind in others:
            continue
        break
    return tuple(words)


#: Moves every player sees (R28.1): a previewed card's fate (``return``/``discard``) is the speller's secret.
PUBLIC_KINDS: frozenset[MoveKind] = frozenset({
    "spell", "skip", "ink", "remover", "unremover", "uncover", "double", "trash", "dump", "preview", "pass", "take",
    "reserve", "remove", "flush", "buy", "advert", "convert", "end", "timeout"})


def public_log(game: Game) -> tuple[LoggedMove, ...]:
    """The game's public moves in order, undone ones left out (see :attr:`Public.log`)."""
    return tuple(entry for entry in effective(game.move_log) if entry.move.kind in PUBLIC_KINDS)


def public_facts(game: Game) -> Public:
    dictionary = _dictionary_for(game)
    return Public(
        checker=game.checker,
        dictionary=dictionary,
        vote_words=_Judge(game),
        history=tuple((int(s), str(w)) for s, w in game.state.word_history),
        refused=_refused_this_turn(game),
        log=public_log(game),
    )

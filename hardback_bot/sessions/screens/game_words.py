"""Every word of a finished game: who spelled it, in which round, what it earned; grouped by
player and sortable, as a picture for the results message and as text that fits Discord's limits.

The words come from the stored move log replayed from the seed (``turn_history.walk_turns``), so they
are exactly the words the engine accepted, with the coins and prestige their benefits gave (R12) and any
literary award they claimed (R24).  No Discord here.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from hardback_bot.engine.moves import LoggedMove
from hardback_bot.i18n import N_, Translator, translator
from hardback_bot.render.word_list import WordGroup, WordRow, WordsImage, render_words
from hardback_bot.store import GameRecord, Store
from hardback_bot.store.models import UNFINISHED

from ..codec import SortWords
from ..messages import ENGLISH
from ..turn_history import ReplayError, stored_log, walk_turns
from .panel import Option, Panel, Select
from .pictures import Picture

#: How the words of each player can be ordered.
SORTS: tuple[str, ...] = ("round", "prestige", "coins", "length", "word")
SORT_LABELS: dict[str, str] = {
    "round": N_("Every word, in play order"),
    "prestige": N_("Every word, most prestige first"),
    "coins": N_("Every word, most coins first"),
    "length": N_("Every word, longest first"),
    "word": N_("Every word, alphabetically"),
}
TEXT_LIMIT = 4000  # an embed description holds 4,096 characters


@dataclass(frozen=True, slots=True)
class PlayedWord:
    seat: int
    name: str
    round: int
    turn: int  # 1, 2, 3 … in play order
    word: str
    coins: int
    prestige: int  # from the word's benefits
    award: int = 0  # a literary award the word claimed


def played_words(record: GameRecord, moves: Sequence[LoggedMove]) -> list[PlayedWord]:
    """Every accepted word of an ended game, in play order.  CPU work (the log is replayed): call it in a
    worker thread from the event loop.  Raises ``turn_history.ReplayError`` if the log does not replay."""
    from hardback_bot.store.export import checker_for

    if record.seed is None:
        return []
    checker, _ = checker_for(record.options)
    names = {s.seat: s.display_name for s in record.seats}
    walk = walk_turns(record.num_players, record.seed, record.options, moves, checker)
    return [PlayedWord(t.seat, names.get(t.seat, f"#{t.seat + 1}"), t.round, t.number, t.word, t.coins, t.prestige,
                       t.award) for t in walk.turns if t.word]


#: Words of ended games already replayed, per store: an ended game's log never changes, and the results'
#: sort select asks for the same game's words on every pick.  Keyed by the record's version as well, so a
#: game that changed (an abandoned lobby, a restored backup) is replayed again.
_REPLAYED: weakref.WeakKeyDictionary[Store, OrderedDict[tuple[int, int], list[PlayedWord]]] = (
    weakref.WeakKeyDictionary())
REPLAYED_GAMES = 32  # per store; one list is a few hundred short rows


async def words_of_game(store: Store, game_id: int) -> list[PlayedWord]:
    """:func:`played_words` of a stored game, read from the store and replayed off the event loop (once
    per ended game: later calls reuse the list)."""
    record = await store.games.get_game(game_id, with_state=False)
    ended = record.status not in UNFINISHED
    cache = _REPLAYED.setdefault(store, OrderedDict())
    key = (game_id, record.version)
    if ended and key in cache:
        cache.move_to_end(key)
        return list(cache[key])
    moves = stored_log(await store.games.get_moves(game_id))
    words = await asyncio.to_thread(played_words, record, moves)
    if ended:
        cache[key] = words
        while len(cache) > REPLAYED_GAMES:
            cache.popitem(last=False)
    return list(words)


def sort_words(words: Sequence[PlayedWord], sort: str = "round") -> list[PlayedWord]:
    """``sort`` in SORTS: play order, most prestige (award included), most coins, longest, alphabetical."""
    keys = {
        "round": lambda w: (w.turn,),
        "prestige": lambda w: (-(w.prestige + w.award), -w.coins, w.turn),
        "coins": lambda w: (-w.coins, -(w.prestige + w.award), w.turn),
        "length": lambda w: (-len(w.word), w.word, w.turn),
        "word": lambda w: (w.word, w.turn),
    }
    if sort not in keys:
        raise ValueError(f"sort must be one of {SORTS}, not {sort!r}")
    return sorted(words, key=keys[sort])


def _groups(words: Sequence[PlayedWord], sort: str) -> list[tuple[int, str, list[PlayedWord]]]:
    seats: dict[int, str] = {}
    for w in sorted(words, key=lambda w: w.seat):
        seats.setdefault(w.seat, w.name)
    return [(seat, name, sort_words([w for w in words if w.seat == seat], sort)) for seat, name in seats.items()]


def _summary(t: Translator, words: Sequence[PlayedWord]) -> str:
    """A player's words in one line: how many, and what their benefits gave (R12). Awards are said word by
    word and once in the results (a lower award is lost to a higher one, R24.2), so they are not added here:
    the prestige here is the results' "from words"."""
    coins = sum(w.coins for w in words)
    prestige = sum(w.prestige for w in words)
    return t.ngettext("{n} word · {coins}¢ · {prestige}★", "{n} words · {coins}¢ · {prestige}★", len(words),
                      coins=coins, prestige=prestige)


def words_text(words: Sequence[PlayedWord], *, sort: str = "round", language: str = "en",
               limit: int = TEXT_LIMIT) -> str:
    """The words as text, grouped by player and sorted by ``sort``; at most ``limit`` characters (an embed
    description): a player's list that would not fit ends with how many words were left out."""
    t = translator(language)
    if not words:
        return t.gettext("No word was spelled in this game.")
    blocks: list[list[str]] = []
    for _, name, group in _groups(words, sort):
        lines = [f"**{name}** — {_summary(t, group)}"]
        for w in group:
            award = t.gettext(" (award +{prestige}★)", prestige=w.award) if w.award else ""
            lines.append(t.gettext("r{round} **{word}** {coins}¢ {prestige}★{award}", round=w.round, word=w.word,
                                   coins=w.coins, prestige=w.prestige, award=award))
        blocks.append(lines)
    # Share the room fairly: each player keeps as many lines as fit in an equal share, the rest counted.
    share = max(200, limit // max(1, len(blocks)) - 2)
    out: list[str] = []
    for lines in blocks:
        kept: list[str] = []
        for i, line in enumerate(lines):
            left = len(lines) - i
            more = t.gettext("… and {n} more", n=left)
            if sum(len(x) + 1 for x in kept) + len(line) + len(more) + 2 > share and left > 0 and i > 0:
                kept.append(more)
                break
            kept.append(line)
        out.append("\n".join(kept))
    return "\n\n".join(out)[:limit]


def words_model(words: Sequence[PlayedWord], *, sort: str = "round", language: str = "en") -> WordsImage:
    t = translator(language)
    groups = tuple(WordGroup(name, tuple(WordRow(w.round, w.word, w.coins, w.prestige, w.award) for w in group),
                             _summary(t, group)) for _, name, group in _groups(words, sort))
    return WordsImage(title=t.gettext("Every word of the game"), groups=groups,
                      round_label=t.gettext("round {n}"), more=t.gettext("… and {n} more"),
                      empty=t.gettext("No word was spelled in this game."), language=language)


async def words_picture(words: Sequence[PlayedWord], *, sort: str = "round", language: str = "en") -> Picture:
    """The words as a picture (rendered in a worker thread), with its alt text."""
    model = words_model(words, sort=sort, language=language)
    data = await asyncio.to_thread(render_words, model)
    alt = words_text(words, sort=sort, language=language, limit=1000).replace("**", "")
    return Picture(data, "words.png", alt)


def sort_select(game_id: int, t: Translator = ENGLISH, chosen: str | None = None) -> Select:
    """The select that shows a game's words sorted one way or another (``hb:e:<game>:0:sel``)."""
    options = tuple(Option(t.gettext(SORT_LABELS[sort]) + (" ✓" if sort == chosen else ""), sort)
                    for sort in SORTS)
    return Select(SortWords(game_id).custom_id(), t.gettext("Every word, sorted…"), options)


async def results_words(store: Store, game_id: int, *, t: Translator = ENGLISH,
                        limit: int = TEXT_LIMIT) -> Panel | None:
    """The results' second part: every word of the game grouped by player in play order, as text of at
    most ``limit`` characters (None when the log no longer replays: the results stand without it)."""
    try:
        words = await words_of_game(store, game_id)
    except ReplayError:
        return None
    return Panel(title=t.gettext("Every word of the game"),
                 lines=[words_text(words, sort="round", language=t.language, limit=limit)])


async def words_screen(store: Store, game_id: int, sort: str, *, t: Translator = ENGLISH) -> Panel:
    """A private look at every word of an ended game sorted by ``sort`` (a picture and its text), with the
    select to sort them again.  Raises ValueError for an unknown sort, ReplayError when the log does not
    replay."""
    if sort not in SORTS:
        raise ValueError(sort)
    words = await words_of_game(store, game_id)
    panel = Panel(title=t.gettext(SORT_LABELS[sort]), lines=[words_text(words, sort=sort, language=t.language)])
    panel.picture = await words_picture(words, sort=sort, language=t.language)
    panel.rows.append(sort_select(game_id, t, sort))
    return panel

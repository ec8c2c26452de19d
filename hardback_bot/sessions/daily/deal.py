"""The daily deal: one deal per calendar day (UTC), a pure function of the date and a published salt.

The seed and Penny Dreadful's signature genre come from ``sha256("<salt>:<YYYY-MM-DD>")``, and the table
options are fixed (solo co-op against Penny, the ``common`` word list, family-friendly, no hints, no turn
timer), so every player on every server, in every process and every version of the bot, gets the same first
state for a date (``state_hash`` pins it; tests/sessions/test_daily_deal.py holds a few dates). Changing the
salt, the options or the engine's set-up changes every future deal, and that test says so.

The day's par is what a computer player scores on the same deal: :func:`play_par` plays it to the end (a
search worker's job: seconds of CPU), deterministic for a strength, so any process computes the same par.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.events import TurnEnd
from hardback_bot.store.daily import ParResult
from hardback_bot.store.results import outcome_from_game

# Published with the rules of the daily (docs/commands.md): anyone can recompute a date's deal from it.
DAILY_SALT = "hardback-daily-1"
# The computer strength whose result on the deal is the day's par: the expert (hardback.yaml's daily_par may
# name another); a change moves the par of days not computed yet, never a stored one.
PAR_STRENGTH = 4
PENNY_GENRES = ("adventure", "horror", "mystery", "romance")
DICTIONARY = "common"
MAX_PAR_MOVES = 3000  # a solo game takes a few dozen moves; this only stops a computer that could loop


@dataclass(frozen=True, slots=True)
class Deal:
    day: dt.date
    seed: int
    genre: str  # Penny's signature genre, drawn from the day too

    @property
    def key(self) -> str:
        return self.day.isoformat()

    @property
    def options(self) -> GameOptions:
        return daily_options(self.genre)

    def new_game(self, checker: object | None = None) -> Game:
        """The day's game before its first move (with ``checker`` as its word list, if given)."""
        return Game.new(1, self.seed, self.options, checker)  # type: ignore[arg-type]


def daily_options(genre: str) -> GameOptions:
    """The daily's table: the same for everyone, whatever a server's own defaults say."""
    return GameOptions(coop=True, penny_genre=genre, dictionary=DICTIONARY, hints=False, turn_timer=0,
                       ghostwriter=False, vote="off", unique_words="off", awards=True, adverts=True,
                       family_friendly=True)


def deal_of(day: dt.date, salt: str = DAILY_SALT) -> Deal:
    digest = hashlib.sha256(f"{salt}:{day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") % (2**62 - 1) + 1  # the range of every game's seed
    return Deal(day, seed, PENNY_GENRES[digest[8] % len(PENNY_GENRES)])


def day_of(timestamp: float) -> dt.date:
    """The UTC calendar day of a Unix time: the daily changes at midnight UTC for everyone."""
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).date()


def next_deal_at(day: dt.date) -> float:
    """When the deal after ``day``'s is dealt (Unix seconds: the next midnight UTC)."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC).timestamp()


def state_hash(game: Game) -> str:
    return hashlib.sha256(game.to_json().encode()).hexdigest()


def deal_hash(day: dt.date) -> str:
    """The sha256 of the day's first state: what every process must agree on."""
    return state_hash(deal_of(day).new_game())


def play_par(day_text: str, strength: int = PAR_STRENGTH) -> ParResult:
    """The computer player of ``strength`` plays ``day_text``'s deal to the end: its result is the par.
    A search worker's job (module-level, plain arguments); blocking, seconds of CPU."""
    from hardback_bot.ai import choose_move
    from hardback_bot.words import get_dictionary

    deal = deal_of(dt.date.fromisoformat(day_text))
    game = deal.new_game(get_dictionary(DICTIONARY))
    first = state_hash(game)
    turns = 0
    for _ in range(MAX_PAR_MOVES):
        if game.finished:
            break
        events = game.apply(0, choose_move(game, 0, strength))
        turns += sum(1 for e in events if isinstance(e, TurnEnd))
    else:
        raise RuntimeError(f"the computer player did not finish the deal of {day_text} in {MAX_PAR_MOVES} moves")
    outcome = outcome_from_game(game)
    player, coop = outcome.players[0], outcome.coop
    assert coop is not None
    return ParResult(score=player.prestige, penny_score=coop.penny_score, won=coop.won, words=player.words,
                     turns=turns, state_hash=first)


__all__ = ["DAILY_SALT", "DICTIONARY", "PAR_STRENGTH", "Deal", "daily_options", "day_of", "deal_hash", "deal_of",
           "next_deal_at", "play_par", "state_hash"]

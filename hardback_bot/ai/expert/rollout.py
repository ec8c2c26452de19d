"""Playing a sampled game forward and judging where it got to (the expert's search, docs/ai.md).

:func:`play_out` plays a determinized game on with the quick player (:mod:`.fast`) for a number of
turns (or to the end) and :func:`judge` scores the position it reaches for one seat, in prestige:

* at the end of the game, the margin over the best rival (co-op: over Penny, awards added, R29.9),
  plus a bonus for winning (ties share it: R22.4);
* before it, each side's prestige (awards held, ink and remover a little) plus what its deck should
  still earn: its expected earnings per turn (each card's pay per play, R10-R11, times its chance of
  being drawn and used) times the turns it probably has left; Penny earns about five a turn (R29.4).
"""

from __future__ import annotations

from hardback_bot.engine import Game
from hardback_bot.engine.cards import card

from ..values import LETTER_USE, genre_odds, per_play
from .fast import FAR_UNITS, WORD_UNITS, Fast, claim, deck_of, pace

#: What winning is worth beyond the margin (in prestige): the search prefers a sure win to a big one.
WIN_BONUS = 10.0
_PENNY_RATE = 5.2  # Penny's claims per turn, on average (R29.4)


#: Turns of a sample whose words get the quick player's full care; later ones are spelled more cheaply.
NEAR_TURNS = 3


def play_out(game: Game, fast: Fast, turns: int) -> int:
    """Play ``turns`` more turn ends (the current turn's end is the first), or to the end; the count played."""
    played = 0
    while played < turns and not game.finished:
        fast.units = WORD_UNITS if played < NEAR_TURNS else FAR_UNITS
        fast.turn(game)
        played += 1
    return played


def judge(game: Game, seat: int) -> float:
    """How good ``game`` is for ``seat``, in prestige (see the module docstring)."""
    if game.options.coop:
        return _judge_coop(game)
    scores = _worths(game)
    mine = scores[seat]
    best = max(v for s, v in enumerate(scores) if s != seat)
    value = mine - best
    if game.finished:
        value += WIN_BONUS * (1.0 if mine > best else 0.5 if mine == best else 0.0) - WIN_BONUS / 2
    return value


def _worths(game: Game) -> list[float]:
    s = game.state
    if s.finished:
        return [p.prestige + p.award + 0.01 * p.ink for p in s.players]  # R22.3, R22.4: ink breaks ties
    rounds = _rounds_left(game)
    out = []
    for p in s.players:
        turns = rounds + (1.0 if p.seat > s.turn.seat or (p.seat == s.turn.seat and s.turn.phase == "spell")
                          else 0.0)
        if s.final_round:
            turns = 1.0 if p.seat > s.turn.seat or (p.seat == s.turn.seat and s.turn.phase == "spell") else 0.0
        out.append(p.prestige + 0.9 * p.award + 0.3 * p.ink + 0.2 * p.remover + rate(game, p.seat) * turns)
    return out


def _rounds_left(game: Game) -> float:
    s = game.state
    if s.final_round:
        return 0.0
    rounds = max(1, s.round - 1)
    leader = max(p.prestige for p in s.players)
    pace_ = max(4.0, leader / rounds * 1.25) if s.round > 1 else 4.0
    return max(0.0, (game.goal - leader) / pace_ - 0.5)


def rate(game: Game, seat: int) -> float:
    """Expected prestige-equivalent a turn from ``seat``'s deck and timeless classics (R10.6)."""
    p = game.player(seat)
    deck = deck_of(game, seat)
    classics = list(p.timeless)
    size = max(5, len(deck))
    total = 0.0
    for cid in deck:
        c = card(cid)
        odds = genre_odds(deck, c.genre, classics) if not c.is_starter else 0.0
        total += per_play(cid, odds) * LETTER_USE[c.letter]
    total *= 5.0 / size
    for cid in classics:
        total += per_play(cid, genre_odds(deck, card(cid).genre, classics))
    return total


def _judge_coop(game: Game) -> float:
    s = game.state
    penny = s.penny
    award = max((p.award for p in s.players), default=0)
    if s.finished:
        margin = penny["team"] + award - penny["score"]
        return margin + (WIN_BONUS / 2 if margin > 0 else -WIN_BONUS / 2)  # R29.9: a tie loses
    n = game.num_players
    hz = pace(game)
    turns = hz.turns_left + 1.0
    team = penny["team"] + award + sum(rate(game, p.seat) for p in s.players) * turns
    row = s.offer_row
    coming = sum(claim(game, c) for c in row[: int(turns * n)]) if row else 0
    rest = max(0.0, turns * n - len(row)) * _PENNY_RATE
    return team - (penny["score"] + coming + rest)

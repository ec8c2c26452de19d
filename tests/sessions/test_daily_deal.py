"""The daily deal of a date: a pure function of the date and the published salt, pinned here. If one of these
hashes changes, every player's deal of that day changed (the salt, the daily's options or the engine's set-up
moved): that must be a decision, never an accident. Also the share line and picture, which say numbers and
squares only, never a word or a letter of the deal; and the daily's buttons in the codec."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.render.daily import SQUARES, DailyShareImage, draw_daily_share, square_level, squares
from hardback_bot.sessions.codec import DailyClick, DailyOp, ForgedId, parse
from hardback_bot.sessions.daily.card import share_line, share_model
from hardback_bot.sessions.daily.deal import (
    DAILY_SALT,
    daily_options,
    day_of,
    deal_hash,
    deal_of,
    next_deal_at,
)
from hardback_bot.sessions.daily.service import DailyResult
from hardback_bot.sessions.turn_history import walk_turns
from hardback_bot.store.daily import DailyAttempt, DailyPar
from hardback_bot.words import get_dictionary

ROOT = Path(__file__).resolve().parents[2]
# (date, seed, Penny's genre, sha256 of the first state): today's date when this was written, and a few others.
PINNED = [
    ("2026-12-04", 4521452086440572834, "mystery", "54ed80090c7b780bdef1cc301f0e8f25dbda069f94318948482d1cd7ffee2e8b"),
    ("2026-12-03", 2462306008983026018, "mystery", "c3b750d111b9da998d7940559921c9d5116467079a953ea00981481ce542d6e7"),
    ("2026-01-01", 3061450640336346050, "adventure",
     "21464b4e9f694499a559b26120785b46f9efcd7575edac865b6e6c1c27b58e9c"),
    ("2025-06-15", 2059897270282270627, "adventure",
     "c68a33122cda1249f8ab6347a146b75f6604bc255bbf04dd091c433efc5e4c71"),
    ("2024-02-29", 927463962922570238, "romance", "c001144249817581cd2c90d5bef47d94578505bf565b3083938541bad9f89b74"),
]


@pytest.mark.parametrize(("day", "seed", "genre", "digest"), PINNED)
def test_the_deal_of_a_date_is_pinned(day: str, seed: int, genre: str, digest: str) -> None:
    deal = deal_of(dt.date.fromisoformat(day))
    assert (deal.seed, deal.genre) == (seed, genre)
    assert deal_hash(deal.day) == digest


def test_the_same_deal_in_another_process() -> None:
    # A fresh interpreter with another hash seed (set and dict orders differ) deals the same states.
    code = ("import datetime as dt; from hardback_bot.sessions.daily.deal import deal_hash; "
            f"print(' '.join(deal_hash(dt.date.fromisoformat(d)) for d in {[p[0] for p in PINNED]!r}))")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=True,
                         timeout=120)
    assert out.stdout.split() == [p[3] for p in PINNED]


def test_the_deal_depends_on_the_date_and_the_salt_only() -> None:
    day = dt.date(2026, 12, 4)
    assert deal_of(day) == deal_of(dt.date(2026, 12, 4))
    assert deal_of(day, "another salt") != deal_of(day)
    seeds = {deal_of(day + dt.timedelta(days=n)).seed for n in range(365)}
    assert len(seeds) == 365 and all(1 <= s < 2**62 for s in seeds)
    genres = {deal_of(day + dt.timedelta(days=n)).genre for n in range(60)}
    assert genres == {"adventure", "horror", "mystery", "romance"}
    assert DAILY_SALT == "hardback-daily-1"  # published in docs/commands.md


def test_the_daily_table_is_the_same_for_everyone() -> None:
    options = daily_options("horror")
    assert options.coop and options.penny_genre == "horror" and options.dictionary == "common"
    assert not options.hints and options.turn_timer == 0 and options.vote == "off" and options.family_friendly
    options.validate(1)
    game = deal_of(dt.date(2026, 12, 4)).new_game()
    assert game.num_players == 1 and game.options == daily_options("mystery")


def test_days_change_at_midnight_utc() -> None:
    midnight = dt.datetime(2026, 12, 5, tzinfo=dt.UTC).timestamp()
    assert day_of(midnight - 1) == dt.date(2026, 12, 4) and day_of(midnight) == dt.date(2026, 12, 5)
    assert next_deal_at(dt.date(2026, 12, 4)) == midnight


def _result(day: str, score: int, par: int | None, words: int, turns: tuple[int, ...], won: bool = True
            ) -> DailyResult:
    attempt = DailyAttempt(day, 7, 10, 1, 900, 55, "ann", "t", 0.0)
    par_row = None if par is None else DailyPar(day, "me", 0.0, 3, score=par)
    return DailyResult(day, 7, "ann", score, won, 50, words, turns, par_row, (1, 3), (2, 9), attempt)


def test_the_share_line_says_numbers_and_squares_only() -> None:
    line = share_line(_result("2026-12-04", 58, 51, 14, (0, 5, 9, 14)))
    assert line == "Hardback Daily 2026-12-04 — 58★ (par 51★, +7) · 14 words · ⬜🟨🟩🟦"
    assert share_line(_result("2026-12-04", 40, 51, 1, ())).endswith("(par 51★, -11) · 1 word · ")
    assert share_line(_result("2026-12-04", 51, 51, 9, (3,))) == \
        "Hardback Daily 2026-12-04 — 51★ (par 51★, ±0) · 9 words · 🟨"
    assert share_line(_result("2026-12-04", 51, None, 9, (3,))) == "Hardback Daily 2026-12-04 — 51★ · 9 words · 🟨"
    assert [square_level(p) for p in (0, 2, 3, 6, 7, 11, 12, 40)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert squares(tuple(range(100))) == "".join(SQUARES[square_level(p)] for p in range(30))  # at most 30


LINE = re.compile(r"Hardback Daily \d{4}-\d{2}-\d{2} — \d+★ \(par \d+★, (?:[+-]\d+|±0)\) · \d+ words? · [⬜🟨🟩🟦]*")
TEMPLATE_WORDS = {"en": ("Hardback", "Daily", "par", "words", "word")}


def test_a_real_dailys_share_line_and_picture_hold_no_letter_of_its_deal() -> None:
    # A whole daily played by the computer: its words are everywhere in the game, nowhere in what is shared.
    day = "2026-12-03"
    deal = deal_of(dt.date.fromisoformat(day))
    game = deal.new_game(get_dictionary("common"))
    from hardback_bot.ai import choose_move

    while not game.finished:
        game.apply(0, choose_move(game, 0, 3))
    walk = walk_turns(1, deal.seed, deal.options, game.move_log, get_dictionary("common"))
    spelled = [t.word for t in walk.turns if t.word]
    assert spelled
    final = game.results()[0]
    par = 51
    result = _result(day, final["prestige"], par, len(spelled), tuple(t.total_prestige + t.purchase_prestige
                                                                       for t in walk.turns), won=final["won"])
    line = share_line(result)
    assert LINE.fullmatch(line), line
    # Take the line's own words away: no letter is left, so none of the deal's can be in it.
    rest = line
    for word in sorted(TEMPLATE_WORDS["en"], key=len, reverse=True):
        rest = rest.replace(word, "")
    assert not re.search(r"[A-Za-z]", rest), rest
    # In every language the line is its template filled with the same numbers: nothing of the game gets in.
    blank = _result(day, result.score, par, result.words, result.turns, won=result.won)
    for language in LANGUAGES:
        t = translator(language)
        assert share_line(result, t) == share_line(blank, t)
        assert not any(w.upper() in share_line(result, t).upper() for w in spelled if len(w) >= 5), language
    # The picture's model is numbers only, and what it draws is the same for any game with those numbers.
    model = share_model(result, "en")
    assert all(isinstance(v, int | bool | tuple | type(None)) for k, v in vars_of(model).items()
               if k not in ("date", "language"))
    drawn = [str(r.get("text")) for r in draw_daily_share(model).layout if r.get("text") is not None]
    again = [str(r.get("text")) for r in draw_daily_share(share_model(blank, "en")).layout if r.get("text")]
    assert drawn == again
    assert not any(w.upper() in " ".join(drawn).upper() for w in spelled if len(w) >= 3)


def vars_of(model: DailyShareImage) -> dict[str, object]:
    return {name: getattr(model, name) for name in model.__slots__}  # type: ignore[attr-defined]


def test_the_daily_buttons_round_trip_and_refuse_forgeries() -> None:
    for action in (DailyClick(20261204, DailyOp.SHARE), DailyClick(20261204, DailyOp.SERVER, 3),
                   DailyClick(20240229, DailyOp.WORLD)):
        assert parse(action.custom_id()) == action
    for forged in ("hb:d:20261232:0:here", "hb:d:20230229:0:here", "hb:d:2026120:0:here", "hb:d:20261204:1:share",
                   "hb:d:20261204:0:shout", "hb:d:20261204:10000:here"):
        with pytest.raises(ForgedId):
            parse(forged)

"""The arrangements a word preview offers, held against brute force over real hands: every arrangement a
hand allows (R7.1, R7.3), what each really yields when played through the engine (R10-R17), and which of
them no player would choose (dominated in every respect: coins, prestige, ink or remover, the optional
benefits, the classics kept in play or sent back)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move, WordCard, parse_move
from hardback_bot.engine.cards import card, definition_id
from hardback_bot.engine.randomplay import random_move, random_spell
from hardback_bot.engine.scenario import build_game
from hardback_bot.engine.words import AcceptAll
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions.preview import WordOutcome, simulate_word
from hardback_bot.sessions.screens.panel import Button, Option, Select
from hardback_bot.sessions.screens.word import AT_ONCE, confirm_moves, default_choice, offered, word_panel
from hardback_bot.sessions.spelling import arrangements
from hardback_bot.sessions.yields import Outcome, Yield, yield_of

MAX_ARRANGEMENTS = 3000  # words whose brute force would take longer are left to the next position


def positions(count: int) -> Iterator[tuple[Game, int, str]]:
    """(game, seat, word) along random games: a random word each spelling turn's hand can spell, wilds and
    classics in play included."""
    for seed in range(count):
        rng = random.Random(seed)
        game = Game.new(2 + seed % 3, seed + 11, GameOptions(length=40), AcceptAll())
        for _ in range(300):
            if game.finished:
                break
            if game.phase == "spell":
                seat = game.active_seat
                move = random_spell(game, seat, random.Random(len(game.move_log)))
                if move is not None and len(move.word) <= 5:
                    yield game.clone(), seat, \
                        "".join(w.wild or card(w.card).letter for w in move.word)
            seat, move = random_move(game, rng)
            game.apply(seat, move)


def every_arrangement(game: Game, seat: int, word: str) -> list[Move]:
    """Every legal arrangement of ``word``: each letter from any unused hand card, face up when its letter
    matches, or wild (even as its own letter); or from a timeless classic in play, face up (R7.1, R7.3)."""
    options = game.spell_options(seat)
    assert options is not None
    classics = [c for c, _ in options.classics_in_play]
    found: list[Move] = []

    def walk(i: int, placed: tuple[WordCard, ...]) -> None:
        if len(found) > MAX_ARRANGEMENTS:
            return
        if i == len(word):
            found.append(Move("spell", word=placed))
            return
        used = {w.card for w in placed}
        for c in [*options.hand, *classics]:
            if c in used:
                continue
            if card(c).letter == word[i]:
                walk(i + 1, (*placed, WordCard(c)))
            if c in options.hand and c not in options.inked:
                walk(i + 1, (*placed, WordCard(c, word[i])))

    walk(0, ())
    legal = []
    for move in found:
        try:
            game.check_word(seat, move.word)
        except IllegalMove:
            continue
        legal.append(move)
    return legal


# ------------------------------------------------------------------------ a reference for "at least as good"
def reference_covers(a: Yield, b: Yield) -> bool:
    """``a`` at least as good as ``b``, by brute force: every way ``b``'s choices go is matched or beaten by
    one of ``a``'s, and ``b``'s optional benefits and classics can each be matched by a different one of
    ``a``'s worth as much (every assignment tried)."""
    def beats(x: Outcome, y: Outcome) -> bool:
        return all(p >= q for p, q in zip(x, y, strict=True))

    def matched(mine: tuple[object, ...], theirs: tuple[object, ...], fits: object) -> bool:
        if len(theirs) > len(mine):
            return False
        return any(all(fits(m, t) for m, t in zip(pick, theirs, strict=True))  # type: ignore[operator]
                   for pick in itertools.permutations(mine, len(theirs)))

    def trash_fits(m: tuple[int, str, int], t: tuple[int, str, int]) -> bool:
        return m[0] == t[0] and m[1] == t[1] and m[2] >= t[2]

    return (all(any(beats(x, y) for x in a.outcomes) for y in b.outcomes)
            and matched(a.trash, b.trash, trash_fits) and matched(a.dumps, b.dumps, lambda m, t: m >= t)
            and a.jails >= b.jails and a.previews >= b.previews
            and matched(a.into_play, b.into_play, lambda m, t: m == t)
            and matched(a.sent_back, b.sent_back, lambda m, t: m == t))


# ------------------------------------------------------------------------ what the engine really gives
def engine_yield(game: Game, seat: int, outcome: WordOutcome) -> tuple[set[Outcome], dict[str, object]]:
    """Play the arrangement as its Confirm does, then every way of its either-or choices, declining every
    optional step: (coins, prestige, ink, remover) at the end of each way, and the optional benefits the
    engine offered on the way (the trash options; the first dump's value; whether a jail and a preview came)."""
    trial = game.clone()
    events = [e.to_dict() for m in confirm_moves(outcome) for e in trial.apply(seat, m)]
    ends: set[Outcome] = set()
    offers: dict[str, object] = {"trash": set(), "dump": None, "jail": False, "preview": False}

    def tally(evs: list[dict[str, object]]) -> Outcome:
        coins = sum(int(e.get("coins", 0)) for e in evs if e["type"] in ("earn", "gain"))  # type: ignore[call-overload]
        prestige = sum(int(e.get("prestige", 0)) for e in evs if e["type"] in ("earn", "gain"))  # type: ignore[call-overload]
        ink = sum(int(e.get("ink", 0)) for e in evs if e["type"] == "take")  # type: ignore[call-overload]
        remover = sum(int(e.get("remover", 0)) for e in evs if e["type"] == "take")  # type: ignore[call-overload]
        return coins, prestige, ink, remover

    def walk(state: Game, evs: list[dict[str, object]]) -> None:
        while not state.finished and state.active_seat == seat and state.phase not in ("buy", "spell"):
            legal = state.legal_moves(seat)
            if any(m.kind == "preview" for m in legal):
                offers["preview"] = True
            phase = state.phase
            if phase == "choice":
                for m in legal:
                    nxt = state.clone()
                    walk(nxt, [*evs, *(e.to_dict() for e in nxt.apply(seat, m))])
                return
            assert phase in ("trash", "dump", "preview", "jail", "flush"), phase
            if phase == "trash":
                offers["trash"] |= {(definition_id(c), f"trash_for_{k}", v)  # type: ignore[operator]
                                    for c, k, v in state.trash_options()}
            elif phase == "dump" and offers["dump"] is None:
                offers["dump"] = state.dump_value()
            elif phase == "jail":
                offers["jail"] = True
            evs = [*evs, *(e.to_dict() for e in state.apply(seat, parse_move("pass")))]
        ends.add(tally(evs))

    walk(trial, events)
    return ends, offers


def front(outcomes: set[Outcome]) -> set[Outcome]:
    return {a for a in outcomes if not any(b != a and all(x >= y for x, y in zip(b, a, strict=True))
                                           for b in outcomes)}


# ------------------------------------------------------------------------ the tests
def test_a_yield_is_what_the_engine_pays_and_offers() -> None:
    checked = 0
    for game, seat, word in itertools.islice(positions(8), 60):
        for move in every_arrangement(game, seat, word)[::37]:
            outcome = simulate_word(game, seat, move)
            said = yield_of(outcome)
            ends, offers = engine_yield(game, seat, outcome)
            assert front(ends) == set(said.outcomes), (move, ends, said)
            assert offers["trash"] == set(said.trash), (move, offers, said)
            me = game.player(seat)
            if me.discard:  # with an empty discard pile the engine skips a dump (R15.7)
                assert offers["dump"] == (said.dumps[0] if said.dumps else None), (move, offers, said)
            assert offers["jail"] == (said.jails > 0), (move, offers, said)
            if me.draw or me.discard:  # R16.1
                assert offers["preview"] == (said.previews > 0), (move, offers, said)
            checked += 1
    assert checked >= 100, checked


def test_covers_agrees_with_brute_force_on_real_yields() -> None:
    seen: list[Yield] = []
    for game, seat, word in itertools.islice(positions(6), 40):
        seen += list({yield_of(simulate_word(game, seat, m)) for m in every_arrangement(game, seat, word)[:400]})
    pairs = 0
    rng = random.Random(5)
    for a, b in [(rng.choice(seen), rng.choice(seen)) for _ in range(20_000)]:
        assert a.covers(b) == reference_covers(a, b), (a, b)
        pairs += a.covers(b) and a != b
    assert pairs > 50, "some pair is strictly better than another"


def test_the_preview_offers_exactly_the_arrangements_no_other_beats() -> None:
    """Against every legal arrangement of each word: nothing offered is beaten by any of them, nothing any
    of them offers in its own right is missing, no two offered are alike, and a card is a wild of its own
    letter only where playing it face up would not be at least as good."""
    words = choices = 0
    for game, seat, word in itertools.islice(positions(30), 400):
        every = every_arrangement(game, seat, word)
        if not every or len(every) > MAX_ARRANGEMENTS:
            continue
        words += 1
        brute = {yield_of(simulate_word(game, seat, m)) for m in every}
        best = {y for y in brute if not any(x != y and reference_covers(x, y) for x in brute)}
        shown = offered(arrangements(game, seat, word))
        kinds = [yield_of(o) for o in shown]
        assert len(set(kinds)) == len(kinds), f"{word}: two offered arrangements are alike"
        assert set(kinds) <= best, f"{word}: an offered arrangement is beaten by another"
        assert best <= set(kinds), f"{word}: {len(best - set(kinds))} arrangement(s) worth choosing not offered"
        choices += len(shown) > 1
        for o in shown:
            for i, w in enumerate(o.move.word):
                if w.wild and w.wild == card(w.card).letter:
                    face_up = replace(o.move, word=(*o.move.word[:i], WordCard(w.card), *o.move.word[i + 1:]))
                    assert not yield_of(simulate_word(game, seat, face_up)).covers(yield_of(o)), (word, o.move)
    assert words >= 150, words
    assert choices >= 5, "some words leave a real choice of arrangement"


def test_a_starter_as_a_wild_of_its_own_letter_is_not_offered() -> None:
    # PORTS with a starter S: playing it face down as an S only loses its coin (R7.3, R11.1).
    hand = [153, 152, 1154, 1156, 1155]  # the starters P, O (1★ each), R, T, S (1¢ each)
    game = build_game({"seats": [{"hand": hand}, {}], "options": {"adverts": False}})
    shown = offered(arrangements(game, 0, "PORTS"))
    assert len(shown) == 1 and not any(w.wild for w in shown[0].move.word), [str(o.move) for o in shown]


@pytest.mark.parametrize("language", LANGUAGES)
def test_offered_arrangements_fit_whole_and_at_most_eight_at_once(language: str, monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    for cls in (Button, Option, Select):  # see the texts as built, before any cut
        monkeypatch.setattr(cls, "__post_init__", lambda self: None)
    t = translator(language)
    panels = 0
    for game, seat, word in itertools.islice(positions(12), 150):
        options = arrangements(game, seat, word)
        chosen = default_choice(options)
        pages = -(-len(offered(options)) // (AT_ONCE - 1)) or 1
        for page in range(pages):
            panel = word_panel(7, 3, options, chosen, None, page=page, t=t)
            for row in panel.rows:
                if isinstance(row, Select):
                    assert len(row.options) <= AT_ONCE
                    for o in row.options:
                        assert len(o.label) <= 100 and not o.label.endswith("…"), o.label
                        assert o.description is None or (len(o.description) <= 100
                                                         and "…" not in o.description), o.description
            panels += 1
    assert panels >= 100


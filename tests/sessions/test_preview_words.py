"""The word preview's words, its picture's model and its alt text tell the same facts, and the model tells what
the engine does (R10-R14): which card is each wild, whether it stays face down or is uncovered (R14), which
cards are doubled (R13) and what each card earns (R12.3, R12.4).

Random previews from seeded random positions (hands drawn from the whole card list, leaning to the mystery and
romance cards that uncover and double, timeless classics of the speller and of a rival in play, inked cards),
every arrangement of each word the preview could offer."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from text_reader import SeenSlot, read_word_alt

from hardback_bot.engine import Game, IllegalMove, Move, WordCard
from hardback_bot.engine.cards import card, card_defs
from hardback_bot.engine.events import Double, Earn, Uncover
from hardback_bot.engine.scenario import build_game
from hardback_bot.engine.words import AcceptAll
from hardback_bot.render.models import WordPreview, WordSlot
from hardback_bot.render.word import draw_word_preview
from hardback_bot.sessions.phrases import genre_word
from hardback_bot.sessions.preview import WordOutcome, simulate_word
from hardback_bot.sessions.screens.panel import Select
from hardback_bot.sessions.screens.pictures import word_description, word_model, word_picture
from hardback_bot.sessions.screens.word import confirm_moves, offered, option_label, wild_words, word_panel
from hardback_bot.sessions.spelling import MAX_CANDIDATES, candidate_moves

DEFS = card_defs()
STARTERS = [d for d in DEFS if DEFS[d].is_starter]
BOUGHT = [d for d in DEFS if not DEFS[d].is_starter]
TIMELESS = [d for d in BOUGHT if DEFS[d].timeless]
LEANING = [d for d in BOUGHT if DEFS[d].genre in ("mystery", "romance")]  # uncover, double, jail
LETTERS = "ABCDEFGHIJKLMNOPRSTUWY"

#: What the previews checked so far showed (the runs below require each at least once).
SEEN: Counter[str] = Counter()


@dataclass(frozen=True)
class Position:
    game: Game
    word: str


def position(seed: int) -> Position | None:
    """A seat 0 about to spell, and a word its cards can spell (with wilds, classics in play, inked cards)."""
    rng = random.Random(seed)
    pool = [c for c in BOUGHT if not DEFS[c].timeless or rng.random() < 0.3]
    hand: list[int] = []
    while len(hand) < rng.randint(4, 8):
        c = rng.choice(LEANING if rng.random() < 0.5 else pool if rng.random() < 0.8 else STARTERS)
        if c not in hand:
            hand.append(c)
    spare = [c for c in TIMELESS if c not in hand]
    mine = rng.sample(spare, rng.choice((0, 0, 1, 2)))
    theirs = rng.sample([c for c in spare if c not in mine], rng.choice((0, 0, 1)))
    inked = rng.sample(hand, 1) if rng.random() < 0.15 else []
    spec = {"players": 2, "options": {"awards": False, "adverts": False},
            "seats": [{"hand": hand, "timeless": mine, "inked": inked, "discard": [c for c in STARTERS[:3]
                                                                                 if c not in hand]},
                      {"timeless": theirs}]}
    game = build_game(spec, AcceptAll())
    options = game.spell_options(0)
    assert options is not None
    usable = list(options.hand) + [c for c, _ in options.classics_in_play]
    cards = list(options.inked) + rng.sample([c for c in usable if c not in options.inked],
                                             rng.randint(max(0, 2 - len(options.inked)),
                                                         min(6, len(usable) - len(options.inked))))
    rng.shuffle(cards)
    word = []
    for c in cards:
        wild = c in options.hand and c not in options.inked and rng.random() < 0.35
        word.append(WordCard(c, rng.choice(LETTERS) if wild else None))
    if len(word) < 2:
        return None
    try:
        _, letters = game.check_word(0, tuple(word))
    except IllegalMove:
        return None
    return Position(game, letters)


PER_WORD = 60  # arrangements checked at most per word (a preview tries up to spelling.MAX_CANDIDATES)


def previews(p: Position, most: int = PER_WORD) -> list[WordOutcome]:
    """The arrangements of the word the preview tries (spelling.candidate_moves), as it previews them."""
    found = []
    for i, move in enumerate(candidate_moves(p.game, 0, p.word)):
        if i >= min(most, MAX_CANDIDATES):
            break
        found.append(simulate_word(p.game, 0, move))
    found.sort(key=lambda o: -o.value)
    return found


# ------------------------------------------------------------------------ the model against the engine
def check_model_is_the_engine(game: Game, outcome: WordOutcome, model: WordPreview) -> None:
    """Confirm's moves, played: the engine uncovers, doubles and pays card by card what the model shows."""
    trial = game.clone()
    events = [e for m in confirm_moves(outcome) for e in trial.apply(0, m)]
    uncovered = {e.card for e in events if isinstance(e, Uncover)}
    doubled = {e.card: e.multiplier for e in events if isinstance(e, Double)}
    earn = next(e for e in events if isinstance(e, Earn))
    paid = {e.card: (e.coins, e.prestige) for e in earn.per_card}
    assert {s.face.card_id for s in model.slots if s.face.uncovered} == uncovered
    assert {s.face.card_id: s.face.multiplier for s in model.slots if s.face.multiplier > 1} == doubled
    for s in (*model.slots, *model.classics):
        assert (s.coins, s.prestige) == paid.get(s.face.card_id, (0, 0)), (s, paid)
    assert (model.coins, model.prestige) == (earn.coins, earn.prestige)
    for s in model.slots:  # a wild card's back names the card it is, unless it is face up again
        assert (s.wild_from is not None) == (s.face.wild_letter is not None and not s.face.uncovered)


# ------------------------------------------------------------------------ the words against the model
def earned_said(s: WordSlot) -> list[str]:
    return ([f"{s.coins}¢"] if s.coins else []) + ([f"{s.prestige}★"] if s.prestige else [])


def check_wild_clause(clause: str, s: WordSlot) -> None:
    c = card(s.face.card_id)
    assert clause.startswith(f"{s.face.wild_letter} from the {genre_word(c.genre)} {c.letter}, "), (clause, s)
    assert ("uncovered" in clause) == s.face.uncovered, (clause, s)
    assert ("face down" in clause) == (not s.face.uncovered), (clause, s)
    assert ("doubled" in clause) == (s.face.multiplier == 2) and ("tripled" in clause) == (s.face.multiplier == 3)
    pays = earned_said(s)
    if pays:
        assert clause.endswith(f"earns {' '.join(pays)}"), (clause, s)
    else:
        assert clause.endswith("earns nothing"), (clause, s)


def check_panel_says_the_model(outcomes: list[WordOutcome], outcome: WordOutcome, model: WordPreview) -> None:
    panel = word_panel(1, 1, outcomes, outcome, None)
    text = "\n".join(panel.lines)
    assert "gives up" not in text
    assert f"earns **{model.coins}¢ and {model.prestige}★**" in panel.lines[0]
    wilds = [s for s in model.slots if s.face.wild_letter is not None]
    if wilds:
        line = next(line for line in panel.lines if line.startswith("Wild cards: "))
        clauses = line.removeprefix("Wild cards: ").removesuffix(".").split("; ")
        assert len(clauses) == len(wilds), (line, wilds)
        for clause, s in zip(clauses, wilds, strict=True):
            check_wild_clause(clause, s)
    else:
        assert "No wild cards." in panel.lines
    answers = next((line for line in panel.lines if line.startswith("Confirming also ")), None)
    assert (answers is not None) == bool(outcome.targets)
    for move in outcome.targets:  # each answer names a card the picture shows uncovered or doubled
        s = next(s for s in model.slots if s.face.card_id == move.card)
        c = card(s.face.card_id)
        verb = "uncovers" if move.kind == "uncover" else "doubles"
        assert answers is not None and f"{verb} {c.letter} ({genre_word(c.genre)})" in answers
        assert s.face.uncovered if move.kind == "uncover" else s.face.multiplier > 1, (move, s)
        pays = earned_said(s)
        if pays:
            assert f"{verb} {c.letter} ({genre_word(c.genre)}), which earns {' '.join(pays)}" in answers
    for row in panel.rows:
        if isinstance(row, Select):
            for option in row.options:
                assert "gives up" not in option.label and "gives up" not in (option.description or "")
    # each arrangement's option: the first description that fits 100 characters, whole sentences when they fit
    said = wild_words(outcome)
    assert len(said) <= 100
    if wilds and " from the " in said:
        for clause, s in zip(said.split("; "), wilds, strict=True):
            check_wild_clause(clause, s)
    elif wilds and "(" in said:  # shorter: "I from adventure J (uncovered, 3★)"
        for clause, s in zip(said.split("; "), wilds, strict=True):
            c = card(s.face.card_id)
            state = "face down" if not s.face.uncovered else "uncovered" if s.face.multiplier == 1 else (
                f"uncovered and {'doubled' if s.face.multiplier == 2 else 'tripled'}")
            pays = earned_said(s)
            assert clause == f"{s.face.wild_letter} from {genre_word(c.genre)} {c.letter} ({state}" + (
                f", {' '.join(pays)})" if pays else ")"), (clause, s)
    label = option_label(outcome, 1, True)
    for s in wilds:
        if " — " in label:
            c = card(s.face.card_id)
            assert f"{s.face.wild_letter} from {genre_word(c.genre)} {c.letter}" in label, (label, s)


def check_alt_text_says_the_model(model: WordPreview) -> None:
    """The alt text, read back (tests/sessions/text_reader.py): the totals, then every card of the word in order
    with the letter it gives, its genre, whether it is a wild (which card, face down or uncovered), doubled or
    tripled, and what it earned; the classics paying from outside the word the same way."""
    alt = word_description(model)
    word, coins, prestige, slots, classics = read_word_alt(alt, "en")
    assert (word, coins, prestige) == (model.word, model.coins, model.prestige)

    def seen(s: WordSlot) -> SeenSlot:
        c = card(s.face.card_id)
        wild = s.face.wild_letter is not None
        return SeenSlot(s.face.wild_letter or c.letter, c.genre, c.letter if wild else None,
                        ("up" if s.face.uncovered else "down") if wild else None, s.face.multiplier, s.coins,
                        s.prestige)

    assert slots == [seen(s) for s in model.slots], alt
    assert classics == [seen(s) for s in model.classics], alt


def check(seed: int) -> int:
    p = position(seed)
    if p is None:
        return 0
    outcomes = previews(p)
    shown = offered(outcomes)
    for outcome in outcomes:
        model = word_model(outcome)
        check_model_is_the_engine(p.game, outcome, model)
        check_alt_text_says_the_model(model)
        if outcome in shown or outcome is outcomes[0]:
            check_panel_says_the_model(outcomes, outcome, model)
        faces = [s.face for s in model.slots]
        SEEN["wild"] += any(f.wild_letter and not f.uncovered for f in faces)
        SEEN["uncovered"] += any(f.uncovered for f in faces)
        SEEN["doubled"] += any(f.multiplier > 1 for f in faces)
        SEEN["answers"] += bool(outcome.targets)
        SEEN["own classics"] += bool(model.classics)
        SEEN["rival's classic"] += any(f.foreign_classic for f in faces)
        SEEN["jail"] += any(kind == "jail" for _, kind, _ in outcome.choices)
        SEEN["previews"] += 1
    return len(outcomes)


RUNS = 8  # runs of EXAMPLES seeded positions each (a few seconds a run), shared out between the test workers
EXAMPLES = 30


@pytest.mark.parametrize("run", range(RUNS))
def test_previews_agree_with_their_picture_and_the_engine(run: int) -> None:
    """About 1,000 previews a run, 8,000 in all."""
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(run * 10**6, (run + 1) * 10**6 - 1))
    def checked(seed: int) -> None:
        check(seed)

    SEEN.clear()
    checked()
    assert SEEN["previews"] >= 400, SEEN
    for kind in ("wild", "uncovered", "doubled", "answers", "own classics", "rival's classic", "jail"):
        assert SEEN[kind] > 0, (kind, SEEN)


# ------------------------------------------------------------------------ the cases the issue named
def spelled(hand: list[int], word: str, timeless: tuple[int, ...] = ()) -> tuple[list[WordOutcome], WordOutcome]:
    game = build_game({"players": 2, "options": {"awards": False, "adverts": False},
                       "seats": [{"hand": hand, "timeless": list(timeless)}, {}]}, AcceptAll())
    outcomes = previews(Position(game, word), MAX_CANDIDATES)
    best = max(outcomes, key=lambda o: o.value)
    return outcomes, best


def test_a_wild_an_uncover_turns_face_up_is_said_to_earn_what_the_picture_shows() -> None:
    """BUILT with the adventure J (3★) as a wild I next to a mystery U that uncovers it (R14): the words, the
    picture's captions and the alt text all say it is uncovered and earns 3★; none says it gives anything up."""
    outcomes, best = spelled([142, 135, 15, 149, 133], "BUILT")  # starter B, mystery U, adventure J, L, mystery T
    assert [w.wild for w in best.move.word] == [None, None, "I", None, None]
    panel = word_panel(1, 1, outcomes, best, None)
    assert "Wild cards: I from the adventure J, uncovered: earns 3★." in panel.lines
    model = word_model(best)
    j = next(s for s in model.slots if s.face.card_id == 15)
    assert j.face.uncovered and (j.coins, j.prestige) == (0, 3)
    drawn = draw_word_preview(model).layout  # the picture: J's captions and its 3★ under it
    path = f"word/slot{model.slots.index(j)}"
    assert next(r.get("text") for r in drawn.where("note", path=path)) == "printed J"
    assert [(r.get("coins"), r.get("prestige")) for r in drawn.where("earning", path=path)] == [(0, 3)]
    picture = asyncio.run(word_picture(best, "BUILT"))
    assert "I (wild: adventure J, uncovered" in picture.description
    assert read_word_alt(picture.description, "en")[3][2] == SeenSlot("I", "adventure", "J", "up", 1, 0, 3)


def test_a_wild_whose_card_is_not_in_the_word_earns_nothing_and_gives_up_nothing() -> None:
    """JUST with the adventure Z (4★) as a wild S: it earns nothing face down, as any card of the hand left out
    of the word would (R10.1); the preview says so and warns of no loss."""
    game = build_game({"players": 2, "seats": [{"hand": [14, 157, 35, 156]}, {}]}, AcceptAll())  # J U Z T
    j, u, z, t = game.player(0).hand  # (the coin starter T is the seat's own copy)
    with_z = simulate_word(game, 0, Move("spell", word=(WordCard(j), WordCard(u), WordCard(z, "S"), WordCard(t))))
    panel = word_panel(1, 1, [with_z], with_z, None)
    assert "Wild cards: S from the adventure Z, face down: earns nothing." in panel.lines
    assert "4★" not in "\n".join(panel.lines)


def test_every_wild_is_named_in_the_alt_text() -> None:
    """Two wilds, one uncovered and one face down: the alt text names both (it named only the face-down one)."""
    _outcomes, best = spelled([157, 150, 120, 134, 141, 145], "UMIAKS")  # U M K(mystery) T(classic) A E
    model = word_model(best)
    wilds = [s for s in model.slots if s.face.wild_letter]
    assert len(wilds) == 2 and {s.face.uncovered for s in wilds} == {True, False}, best.move
    alt = word_description(model)
    for s in wilds:
        c = card(s.face.card_id)
        state = "uncovered" if s.face.uncovered else "face down"
        assert f"{s.face.wild_letter} (wild: {genre_word(c.genre)} {c.letter}, {state}" in alt, alt

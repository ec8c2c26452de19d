"""Everything the pictures show is also in words: a seat's view rebuilt from text alone equals the engine's.

For many seeded games in English, Spanish, French and Japanese, at many moments of each, the private panel is
read back with tests/sessions/text_reader.py — the panel's text plus the alt text of the picture it carries
(picture mode), or the panel's text alone (text mode) — and compared with ``engine.views.player_view`` of that
seat: every card of the hand (letter, genre, price, timeless, each benefit and its number, inked or cleared),
the offer row in its picture's order (1 the newest) with purchase prestige and the cards too dear, the cards
left in the offer deck, every score, the goal and the round, who is to play. The table picture's alt text and
each seat's lines of the table message carry the scores, the offer row, classics and jailed cards; the word
preview says each card's share and the totals. All must be equal, 100%.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from text_reader import (
    ReadError,
    SeenSlot,
    SeenView,
    facts_of,
    pattern,
    read_hand_alt,
    read_hand_line,
    read_offer,
    read_slot,
    read_standing,
    read_table_alt,
    read_text_panel,
    read_word_alt,
    read_word_text,
    reader,
)

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move
from hardback_bot.engine.cards import card
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.engine.words import AcceptAll
from hardback_bot.i18n import translator
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.preview import WordOutcome, simulate_word
from hardback_bot.sessions.screens.hand import hand_panel
from hardback_bot.sessions.screens.in_words import (
    ALT_LIMIT,
    hand_description,
    offer_description,
    say,
    table_description,
    word_description,
)
from hardback_bot.sessions.screens.pictures import word_model
from hardback_bot.sessions.screens.table import seat_lines
from hardback_bot.sessions.screens.text_mode import TEXT_LIMIT, hand_in_words, row_choice
from hardback_bot.sessions.screens.word import word_panel
from hardback_bot.store import GameRecord, Seat

LANGUAGES = ("en", "es", "fr", "ja")
BLOCKS = [range(0, 4), range(4, 8), range(8, 12)]  # twelve seeded games per language, four a case
NAMES = ("Ann", "Bob", "Cid", "Dee")


def record_for(game: Game) -> GameRecord:
    seats = tuple(Seat(i, NAMES[i], user_id=100 + i) for i in range(game.num_players))
    return GameRecord(id=7, guild_id=1, channel_id=2, host_id=100, status="playing", options=game.options.to_dict(),
                      seed=1, state=None, version=len(game.move_log) + 1, seats=seats, messages={}, created_at=0.0,
                      updated_at=0.0)


def positions(seed: int) -> Iterator[tuple[Game, tuple[int, Move]]]:
    """A seeded game with 2-4 players (every fourth in co-op, some with adverts and awards), every third position
    of it, with the move played next."""
    rng = random.Random(seed)
    coop = seed % 4 == 3
    options = GameOptions(length=40, coop=coop, adverts=not coop and seed % 2 == 0, awards=seed % 3 == 0)
    game = Game.new(1 + seed % 3 if coop else 2 + seed % 3, 1000 + seed, options, AcceptAll())
    for step in range(600):
        if game.finished:
            return
        seat, move = random_move(game, rng)
        if step % 3 == 0:
            yield game.clone(), (seat, move)
        game.apply(seat, move)


def expected_hand(view: dict, seat: int, language: str) -> list:
    me = view["players"][seat]
    states = {c: (say(language, "inked"),) for c in me["inked"]}
    states.update({c: (say(language, "cleared"),) for c in me.get("cleared", []) if c not in me["inked"]})
    return [facts_of(card(c), states=states.get(c, ())) for c in me.get("hand", [])]


def expected_row(view: dict, language: str, coins: int | None = None) -> list:
    dear = (say(language, "too_dear"),)
    return [facts_of(card(c), purchase=True, states=dear if coins is not None and card(c).cost > coins else ())
            for c in view["offer_row"]]


def check_scores(seen: SeenView, view: dict, seat: int | None) -> None:
    assert (seen.goal, seen.round) == (view["goal"], view["turn"]["round"])
    if view["options"]["coop"]:
        assert (seen.team, seen.penny) == (view["penny"]["team"], view["penny"]["score"])
        return
    name = {s: "you" if s == seat else NAMES[s] for s in range(len(view["players"]))}
    assert seen.scores == {name[p["seat"]]: p["prestige"] for p in view["players"]}
    assert seen.to_play == (None if view["finished"] else name[view["turn"]["seat"]])


def check_panel(game: Game, seat: int, language: str) -> None:
    t = translator(language)
    view = player_view(game, seat)
    loaded = Loaded(record_for(game), game)
    choosing, coins = row_choice(game, seat)
    # Picture mode: the panel's text, plus the alt text of the one picture it carries (hand_screen's choice).
    panel = hand_panel(loaded, seat, view, t=t)
    seen = SeenView()
    read_standing(panel.lines, language, seen)
    check_scores(seen, view, seat)
    if choosing:
        alt = offer_description(view, coins, language)
        row, deck, flush = read_offer(alt, language)
        assert row == expected_row(view, language, coins)
        assert (deck, flush) == (view["offer_deck_count"], game.phase == "flush")
        me = view["players"][seat]
        assert read_hand_line(panel.text, language) == [(card(c).letter, card(c).genre, c in me["inked"])
                                                        for c in me.get("hand", [])]
    else:
        alt = hand_description(view, seat, language)
        hand, counts = read_hand_alt(alt, language)
        assert hand == expected_hand(view, seat, language)
        me = view["players"][seat]
        assert counts == {"ink": me["ink"], "remover": me["remover"], "draw": me["draw_count"],
                          "discard": me["discard_count"]}
    assert len(alt) <= ALT_LIMIT
    # Text mode: the panel's text alone, the same decisions.
    rows = panel.rows
    panel = hand_panel(loaded, seat, view, t=t, text_mode=True)
    panel = hand_in_words(panel, view, seat, t, hand_line=panel.lines[0], choosing=choosing, coins=coins)
    assert panel.picture is None and len(panel.text) <= TEXT_LIMIT and panel.rows == rows
    assert "▶" not in panel.text
    seen = read_text_panel(panel.text, language)
    assert seen.hand == expected_hand(view, seat, language)
    check_scores(seen, view, seat)
    if choosing:
        assert (seen.offer_row, seen.offer_deck) == (expected_row(view, language, coins), view["offer_deck_count"])
    else:
        assert seen.offer_row is None


def check_table(game: Game, language: str) -> None:
    t = translator(language)
    view = public_view(game)
    alt = table_description(view, list(NAMES), language=language)
    assert len(alt) <= ALT_LIMIT
    seen = read_table_alt(alt, language)
    assert (seen.offer_row, seen.offer_deck) == (expected_row(view, language), view["offer_deck_count"])
    check_scores(seen, view, None)
    r = reader(language)
    classics_line = next(iter(r.face("{name}'s classics in play: {cards}")))
    jail_line = next(iter(r.face("{name}'s jail: {card}")))
    for p in view["players"]:  # the table message's lines: classics in play and the jailed card, in full
        name = re.escape(NAMES[p["seat"]])
        classics, jail = [], []
        for line in seat_lines(view, p, NAMES, t):
            if found := re.fullmatch(pattern(classics_line, name=name, cards=".+"), line):
                classics += [f for _, f in r.read_cards(found["cards"])]
            elif found := re.fullmatch(pattern(jail_line, name=name, card=".+"), line):
                jail.append(r.read_card(found["card"])[1])
        assert classics == [facts_of(card(c)) for c in p["timeless"]]
        assert jail == ([] if p["jail"] is None else [facts_of(card(p["jail"]), purchase=True)])


def expected_slots(outcome: WordOutcome, cards: list) -> list[SeenSlot]:
    out = []
    for cid, letter, wild, uncovered, mult, _owner, _inked in cards:
        coins, prestige = outcome.per_card.get(cid, (0, 0))
        out.append(SeenSlot(letter, card(cid).genre, card(cid).letter if wild else None,
                            ("up" if uncovered else "down") if wild else None, mult, coins, prestige))
    return out


def check_word(outcome: WordOutcome, language: str) -> None:
    t = translator(language)
    model = word_model(outcome, language)
    word, coins, prestige, slots, classics = read_word_alt(word_description(model, language), language)
    assert (word, coins, prestige) == (outcome.word, outcome.coins, outcome.prestige)
    assert slots == expected_slots(outcome, outcome.slots)
    paying = [[c, card(c).letter, False, False, 1, outcome.seat, False] for c in outcome.classics]
    assert classics == expected_slots(outcome, paying)
    panel = word_panel(7, 3, [outcome], outcome, None, t=t, text_mode=True)
    coins, prestige, slots, classics = read_word_text(panel.text, language)
    assert (coins, prestige, slots) == (outcome.coins, outcome.prestige, expected_slots(outcome, outcome.slots))
    assert classics == expected_slots(outcome, paying)


@pytest.mark.parametrize("block", range(len(BLOCKS)))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seats_view_rebuilt_from_words_equals_the_engines(language: str, block: int) -> None:
    seen = {"panels": 0, "rows": 0, "words": 0, "wilds": 0, "classics": 0, "jails": 0, "inked": 0}
    for seed in BLOCKS[block]:
        for game, (mover, move) in positions(seed):
            for seat in dict.fromkeys([game.active_seat, (game.active_seat + 1) % game.num_players]):
                check_panel(game, seat, language)
                seen["panels"] += 1
                seen["rows"] += row_choice(game, seat)[0]
                seen["inked"] += bool(game.player(seat).inked)
            check_table(game, language)
            seen["classics"] += any(p.timeless for p in game.state.players)
            seen["jails"] += any(p.jail is not None for p in game.state.players)
            if game.phase == "spell" and move.kind == "spell":
                try:
                    outcome = simulate_word(game, mover, move)
                except IllegalMove:
                    continue
                check_word(outcome, language)
                seen["words"] += 1
                seen["wilds"] += any(s[2] for s in outcome.slots)
    # the games met every kind of thing the words must carry
    assert seen["panels"] > 150 and seen["rows"] > 20 and seen["words"] > 20 and seen["wilds"] > 3, seen
    assert seen["classics"] and seen["inked"], seen


def test_the_reader_fails_when_a_cards_price_or_genre_is_not_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is real: a text that leaves out a card's price, or names another genre, reads differently."""
    from hardback_bot import cardtext

    game, _ = next(positions(1))
    seat = game.active_seat
    view = player_view(game, seat)
    genre_card = next(c for c in view["offer_row"] if not card(c).is_starter)
    row, _, _ = read_offer(offer_description(view, None, "en"), "en")
    assert row == expected_row(view, "en")
    monkeypatch.setitem(cardtext.STRINGS, "line.cost", "")  # the price gone from every card
    with pytest.raises(ReadError):
        read_offer(offer_description(view, None, "en"), "en")
    monkeypatch.undo()
    said = offer_description(view, None, "en").replace(f"({cardtext.genre_name(card(genre_card).genre)},",
                                                       "(starter,", 1)
    with pytest.raises((ReadError, AssertionError)):
        assert read_offer(said, "en")[0] == expected_row(view, "en")


def test_a_slot_is_read_with_its_wild_and_share() -> None:
    said = "I (wild: mystery J, face down): nothing"
    assert read_slot(said, "en") == SeenSlot("I", "mystery", "J", "down", 1, 0, 0)

"""The live game's face in English, Spanish, French and Japanese: every panel drawn along random
games in each language keeps within Discord's limits *before* any cut (button labels 80, select option
labels and descriptions 100, placeholders 150), unless the English text is cut there too (a long word or
card text, cut by design); the forms' titles and labels fit 45 characters; and a Spanish, French or
Japanese panel says nothing in English."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move
from hardback_bot.engine.randomplay import random_move, random_spell
from hardback_bot.engine.views import player_view
from hardback_bot.engine.words import AcceptAll
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions import Loaded, SessionError, SpellingError
from hardback_bot.sessions.messages import MESSAGES
from hardback_bot.sessions.phrases import computer_name, note_line, seat_name
from hardback_bot.sessions.preview import simulate_word
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.sessions.screens.hand import hand_panel
from hardback_bot.sessions.screens.panel import Button, Option, Panel, Select
from hardback_bot.sessions.screens.table import lobby_panel, options_summary
from hardback_bot.sessions.screens.word import word_panel
from hardback_bot.sessions.spelling import arrangements
from hardback_bot.store import GameRecord, Seat

OTHERS = tuple(lang for lang in LANGUAGES if lang != "en")
LIMITS = {"button": 80, "option": 100, "description": 100, "placeholder": 150}


@pytest.fixture
def uncut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Panels keep their texts whole, so a test sees what Discord's limits would cut."""
    for cls in (Button, Option, Select):
        monkeypatch.setattr(cls, "__post_init__", lambda self: None)


def record_for(game: Game, names: list[str], *, status: str = "playing") -> GameRecord:
    seats = tuple(Seat(i, name, user_id=None if name.startswith("Computer") else 1000 + i,
                       ai_strength=2 if name.startswith("Computer") or name.endswith("(computer)") else None)
                  for i, name in enumerate(names))
    return GameRecord(id=7, guild_id=1, channel_id=2, host_id=1000, status=status, options=game.options.to_dict(),
                      seed=1, state=None, version=len(game.move_log) + 1, seats=seats, messages={}, created_at=0.0,
                      updated_at=0.0)


NAMES = ["Genevieve Alexandra", "Computer 2 (hard)", "bob (computer)", "Computer 1 (easy)", "maria"]


def random_games(count: int, **options: Any) -> Iterator[Game]:
    """Positions along random games (every phase comes up), each a copy the caller may keep."""
    for seed in range(count):
        rng = random.Random(seed)
        players = 2 + seed % 3
        game = Game.new(players, seed + 1, GameOptions(length=40, **options), AcceptAll())
        for _ in range(400):
            if game.finished:
                break
            yield game.clone()
            seat, move = random_move(game, rng)
            game.apply(seat, move)
        yield game


def components(panel: Panel) -> Iterator[tuple[str, str, int]]:
    """(kind, key, length) of every text Discord limits, keyed so that languages can be compared."""
    for row in panel.rows:
        if isinstance(row, Select):
            yield "placeholder", row.custom_id, len(row.placeholder)
            for o in row.options:
                yield "option", row.custom_id + "/" + o.value, len(o.label)
                if o.description:
                    yield "description", row.custom_id + "/" + o.value, len(o.description)
        else:
            for b in row:
                yield "button", b.custom_id, len(b.label)


def overflows(panels: dict[str, Panel]) -> list[str]:
    english = {(kind, key): n for kind, key, n in components(panels["en"])}
    found = []
    for language, panel in panels.items():
        for kind, key, n in components(panel):
            if n > LIMITS[kind] and english.get((kind, key), 0) <= LIMITS[kind]:
                found.append(f"{language} {kind} {key}: {n} characters")
    return found


def test_hand_panels_fit_in_every_language(uncut: None) -> None:
    problems: set[str] = set()
    phases: set[str] = set()
    for game in random_games(12, adverts=True, ghostwriter=True):
        names = NAMES[:game.num_players]
        loaded = Loaded(record_for(game, names), game)
        for seat in range(game.num_players):
            view = player_view(game, seat)
            panels = {lang: hand_panel(loaded, seat, view, t=translator(lang)) for lang in LANGUAGES}
            problems.update(overflows(panels))
        phases.add(game.phase)
    assert {"spell", "buy", "trash", "jail", "flush", "choice"} <= phases, phases
    assert not problems, sorted(problems)[:20]


def test_word_panels_fit_in_every_language(uncut: None) -> None:
    problems: set[str] = set()
    seen = 0
    for game in random_games(6):
        if game.finished or game.phase != "spell":
            continue
        seat = game.active_seat
        move = random_spell(game, seat, random.Random(len(game.move_log)))
        if move is None:
            continue
        try:
            chosen = simulate_word(game, seat, move)
            options = arrangements(game, seat, chosen.word, limit=30)
        except (IllegalMove, SpellingError):
            continue
        seen += 1
        panels = {lang: word_panel(7, 3, options, chosen, None, t=translator(lang),
                                   paths=[([Move("take", choice="coins")], "2¢"),
                                          ([Move("take", choice="ink")], translator(lang).gettext("1 ink"))])
                  for lang in LANGUAGES}
        problems.update(overflows(panels))
    assert seen >= 10
    assert not problems, sorted(problems)[:20]


def test_lobby_fits_and_names_every_seat_one_way(uncut: None) -> None:
    game = next(g for g in random_games(1))
    record = record_for(game, NAMES[:3], status="lobby")
    panels = {lang: lobby_panel(record, translator(lang)) for lang in LANGUAGES}
    assert not overflows(panels)
    spanish = panels["es"].text
    # a computer player's name is the one it was given; a person's seat taken over says so in the reader's words
    assert "Computer 2 (hard)" in spanish and "bob (máquina)" in spanish, spanish
    assert "Computer 2 (hard)" in panels["en"].text
    assert [b.label for b in panels["ja"].rows[0]] == ["参加", "退出", "開始", "遊び方を学ぶ", "取り消す"]


def test_a_computer_player_has_one_name_for_every_reader() -> None:
    # Named once, in the table's language, when it sits down: the table (the server's language), each player's
    # panel (theirs) and the log all show that name, so nobody sees "Máquina 1" on one and "Computer 1" on another.
    assert [computer_name(3, "hard", translator(lang)) for lang in LANGUAGES] == [
        "Computer 3 (hard)", "Máquina 3 (difícil)", "Ordinateur 3 (difficile)", "コンピューター3（強）"]
    for stored in ("Máquina 3 (difícil)", "Computer 3 (hard)", "コンピューター3（強）"):
        seat = Seat(1, stored, ai_strength=3)
        assert {seat_name(seat, translator(lang)) for lang in LANGUAGES} == {stored}
    # A person named like a computer player keeps their name; a name cut short keeps what is left.
    assert seat_name(Seat(0, "Computer 3 (hard)", user_id=5), translator("fr")) == "Computer 3 (hard)"
    assert seat_name(Seat(0, "alice (comp", user_id=5, ai_strength=2), translator("fr")) == "alice (comp"


def test_turn_lines_and_calls_to_act_in_the_servers_language() -> None:
    names = ["ana", "kenji"]
    note = {"t": "turn", "seat": 0, "summary": {"word": "TEA", "coins": 3, "prestige": 2, "bought": [5],
                                                  "adverts": 2, "trashed": [7]}, "cycled": 9}
    lines = {lang: note_line(note, names, "en", translator(lang)) for lang in LANGUAGES}
    assert lines["en"].startswith("**ana** spelled **[TEA](https://en.wiktionary.org/wiki/tea)**: 3¢, 2★ — ")
    # Sentences a newcomer reads: cards named in words (no emoji), what each step did.
    assert lines["en"].endswith(" — trashed the adventure E for its trash value, bought the adventure C, bought 2 "
                                "adverts · the oldest card of the offer row, the adventure G, left it")
    assert lines["fr"].startswith("**ana** a formé **[TEA](") and "a acheté 2 annonces" in lines["fr"]
    assert "a acheté le C (aventure)" in lines["fr"]
    assert lines["es"].startswith("**ana** deletreó **[TEA](") and "compró 2 anuncios" in lines["es"]
    assert "compró la C (aventura)" in lines["es"]
    assert "広告を2枚購入" in lines["ja"] and "アドベンチャーのCを購入" in lines["ja"] and "、" in lines["ja"]
    for line in lines.values():
        assert "🧭" not in line
    ended = {"t": "ended", "by": 42}
    assert note_line(ended, names, None, translator("fr")).startswith("La partie a été terminée par <@42>.")
    afk = {"t": "afk", "seat": 1, "misses": 1, "policy": "computer", "name": "kenji"}
    assert note_line(afk, names, None, translator("es")) == "kenji perdió 1 turno: una máquina ocupa su lugar."


def test_session_refusals_are_codes_said_in_each_language() -> None:
    error = SessionError("table_full", seats=5)
    assert str(error) == "The table is full (5 seats)."
    assert error.say(translator("es")) == "La mesa está llena (5 asientos)."
    assert error.say(translator("ja")) == "卓は満席です（5席）。"
    spelling = SpellingError("inked_missing", n=2, letters="A, B")
    assert str(spelling) == "Your inked cards A, B must be in your word."
    assert spelling.say(translator("fr")) == "Vos cartes piochées par encrier A, B doivent être dans votre mot."
    engine = SessionError.refusal(IllegalMove.of("no_ink"))
    assert str(engine) == "You have no ink." and engine.say(translator("es")) == "No tienes tinta."
    for code in MESSAGES:  # every code says something in every language, never the code itself
        for lang in OTHERS:
            text = SessionError(code, seats=4, name="x", word="W", dictionary="d", n=3, names=["a", "b"],
                                reason="r", option="o", value="v", most=14, left=2,
                                when="<t:1:f>").say(translator(lang))
            assert text and code not in text


def test_forms_fit_discords_limits_in_every_language() -> None:
    """The word forms at every bundled dictionary's table, in every language, with the player's letters (the most a
    random game puts in a hand and in play): Discord's 45 / 45 / 100 characters and a text display's 4,000, before
    any cut."""
    from hardback_bot.sessions.screens.word_form import spell_form, suggest_form

    positions = [g for g in random_games(6) if g.phase == "spell" and not g.finished]
    longest = max(positions, key=lambda g: len(g.player(g.active_seat).hand) + len(g.state.players[0].timeless))
    for lang in LANGUAGES:
        t = translator(lang)
        for dictionary in ("common", "espanol", "francais"):
            game = Game.from_dict({**longest.to_dict(), "options": {**longest.options.to_dict(),
                                                                    "dictionary": dictionary}})
            for make in (spell_form, suggest_form):
                form = make(game, game.active_seat, NAMES[:game.num_players], t)
                assert len(form.title) <= 45 and len(form.label) <= 45 and len(form.placeholder) <= 100
                assert form.text and len(form.text) <= 4000
                for text in (t.gettext("Spell a word"), t.gettext("Suggest a word"), t.gettext("Your word"),
                             t.gettext("A word for their cards")):
                    assert len(text) <= 45, text  # not cut: each fits whole


def test_no_english_in_a_spanish_or_japanese_panel() -> None:
    game = next(g for g in random_games(1, adverts=True) if not g.finished and g.phase == "buy")
    loaded = Loaded(record_for(game, NAMES[:game.num_players]), game)
    seat = game.active_seat

    def said(panel: Panel) -> str:
        labels = [b.label for row in panel.rows if not isinstance(row, Select) for b in row]
        placeholders = [row.placeholder for row in panel.rows if isinstance(row, Select)]
        return "\n".join([panel.title, panel.text, *labels, *placeholders])

    english = said(hand_panel(loaded, seat, player_view(game, seat)))
    words = ("Your hand", "Hand:", "draw pile", "Your turn", "End turn", "Buy a card", "Refresh", "remover")
    assert all(w in english for w in words), english
    for lang in ("es", "ja"):
        shown = said(hand_panel(loaded, seat, player_view(game, seat), t=translator(lang)))
        assert not [w for w in words if w in shown], shown
    summary = options_summary(game.options, translator("ja"))
    assert "Goal" not in summary and "Words" not in summary and "目標" in summary and "日常の英語" in summary
    assert announcement(loaded, [{"t": "vote_result", "seat": 0, "word": "ZZ", "accepted": True}],
                        translator("es")).text == "La mesa aceptó **ZZ**."


def test_every_part_of_a_turn_line_is_a_sentence_in_every_language() -> None:
    """The channel's log names cards in words ("the horror Z"), never by an emoji and a letter, and says what
    each step did: trash, dump (R15), jail or remove (R17), buy, adverts (R25), classics kept (R10.7) or sent
    back (R10.8), the row's cycling (R18.5), Penny's claims (R29)."""
    names = ["ana", "kenji"]
    turn = {"t": "turn", "seat": 0, "summary": {"word": "ZEST", "coins": 3, "prestige": 2, "trashed": [4, 14],
                                                "dumped": [145], "reserved": [70], "removed": [58], "bought": [31],
                                                "purchase_prestige": 2, "adverts": 1},
            "classics": [12], "took": [134], "cycled": 9}
    penny = {"t": "penny", "claims": [[70, 3]], "removed": [4]}
    en = note_line(turn, names, "en")
    assert en is not None
    for part in ("trashed the adventure C and the adventure J for their trash values",
                 "dumped the starter E from their discard pile, out of the game",
                 "reserved the horror Z in their jail", "removed the horror S from the game",
                 "bought the adventure W", "gained 2★ printed on the cards they bought", "bought an advert",
                 "kept the adventure I in play (a timeless classic)",
                 "used a rival's timeless classic, the mystery T, which goes back to its owner",
                 " · the oldest card of the offer row, the adventure G, left it"):
        assert part in en, (part, en)
    assert note_line(penny, names, "en") == "Penny Dreadful claimed the horror Z for 3★ and removed the adventure C"
    for lang in LANGUAGES:
        t = translator(lang)
        for note in (turn, penny):
            line = note_line(note, names, "en", t)
            assert line is not None and not any(mark in line for mark in ("🧭", "💀", "🔍", "💘", "▫️"))
            if lang != "en":
                for english in ("trashed", "dumped", "bought", "reserved", "advert", "classic", "oldest", "claimed",
                                "adventure", "horror"):
                    assert english not in line, (lang, english, line)

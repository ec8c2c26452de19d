"""hardback_bot.help: rules topics within Discord's limits, look-ups, texts, settings and hints (no Discord)."""

from __future__ import annotations

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.cards import ALL_GENRES, card, card_defs
from hardback_bot.help import (
    BY_KEY,
    CARD_GENRES,
    TOPICS,
    card_letter_choices,
    card_title,
    cards_of,
    find_topic,
    letters_of,
    topic_choices,
    topic_index,
    topic_text,
)
from hardback_bot.help.format import (
    favourite_genre,
    history_page,
    leaderboard_page,
    ordinal,
    place,
    stats_page,
)
from hardback_bot.help.lookup import card_text
from hardback_bot.help.settings import SettingsRefused, apply_changes, describe
from hardback_bot.help.words import hint_plays, lookup_lines, repeat_reason
from hardback_bot.i18n import translator
from hardback_bot.store.models import (
    LeaderboardEntry,
    ModeTotals,
    PlayerResult,
    PlayerStats,
    Rating,
    StoredResult,
)
from hardback_bot.store.settings import GuildSettings
from hardback_bot.words import get_dictionary

# Discord's embed limits (PRODUCT.md): title 256, description 4,096, 6,000 characters in all.
TITLE, DESCRIPTION, EMBED_TOTAL, CHOICES, CHOICE_NAME, SELECT_LABEL = 256, 4096, 6000, 25, 100, 100

# The topics the issue asks for, each reachable by the word a player would type.
ASKED_FOR = ["overview", "turn", "spelling", "wilds", "ink", "remover", "genres", "timeless classics", "benefits",
             "uncover", "double", "trash", "dump", "preview", "offer row", "buying", "jail", "flush", "cycling",
             "end of game", "awards", "adverts", "votes", "unique words", "co-op", "penny", "ghostwriter",
             "timers", "afk", "skip"]


# --------------------------------------------------------------------------- topics
def test_every_topic_fits_one_embed() -> None:
    keys = [t.key for t in TOPICS]
    assert len(keys) == len(set(keys))
    for t in TOPICS:
        title = f"Rules — {t.title}"
        text = topic_text(t)
        assert len(title) <= TITLE and 0 < len(text) <= DESCRIPTION, t.key
        assert len(title) + len(text) <= EMBED_TOTAL, t.key
        assert len(t.title) <= SELECT_LABEL and len(t.summary) <= SELECT_LABEL  # select option label/description
        assert t.key == t.key.lower() and " " not in t.key and len(t.key) <= CHOICE_NAME
        assert all(k in BY_KEY for k in t.see_also), t.key
    assert len(topic_index()) <= DESCRIPTION - 200


@pytest.mark.parametrize("typed", ASKED_FOR)
def test_asked_for_topics_exist(typed: str) -> None:
    topic = find_topic(typed)
    assert topic is not None, typed


def test_find_topic_forgives_case_and_dashes() -> None:
    assert find_topic("Co-Op") is BY_KEY["coop"]
    assert find_topic("timeless_classics") is BY_KEY["timeless"]
    assert find_topic("writer's block") is BY_KEY["skip"]
    assert find_topic("") is None and find_topic("chess") is None


@pytest.mark.parametrize("typed", ["", "a", "e", "in", "penny", "zzz", "x" * 200])
def test_autocomplete_choices_are_within_discord_limits(typed: str) -> None:
    choices = topic_choices(typed)
    assert len(choices) <= CHOICES
    for name, value in choices:
        assert 1 <= len(name) <= CHOICE_NAME and value in BY_KEY


def test_autocomplete_ranks_exact_and_prefix_first() -> None:
    assert topic_choices("ink")[0][1] == "ink"
    assert topic_choices("pen")[0][1] == "coop"
    assert topic_choices("zzz") == []
    assert [k for _, k in topic_choices("")][:2] == ["overview", "turn"]


def test_topics_are_our_own_words() -> None:
    # Rules help is written for this project; a crude guard against pasted rulebook or website prose.
    everything = " ".join(t.text for t in TOPICS).lower()
    for phrase in ("board game arena", "fowers", "boardgamearena", "rulebook"):
        assert phrase not in everything


# --------------------------------------------------------------------------- cards
def test_every_card_is_found_by_genre_and_letter() -> None:
    seen = set()
    for genre in CARD_GENRES:
        for letter in letters_of(genre):
            found = cards_of(genre, letter.lower())
            assert 1 <= len(found) <= 2
            assert [d.cost for d in found] == sorted(d.cost for d in found)
            seen.update(d.id for d in found)
    assert seen == set(card_defs())
    assert set(CARD_GENRES) == set(ALL_GENRES)


def test_two_copies_follow_the_rules_table() -> None:
    # RULES.md R2.2: nine letters per genre come twice.
    doubles = {g: "".join(x for x in letters_of(g) if len(cards_of(g, x)) == 2) for g in ALL_GENRES[1:]}
    assert doubles == {"adventure": "ACGIJLPWY", "horror": "CDENSUVWX", "mystery": "AFIKMPQRT",
                       "romance": "BEFHKNORZ"}
    assert cards_of("starter", "Z") == () and cards_of("horror", "") == ()


@pytest.mark.parametrize("genre", [None, "adventure", "starter", "nonsense"])
def test_letter_autocomplete(genre: str | None) -> None:
    for typed in ("", "a", "Q", "?"):
        choices = card_letter_choices(genre, typed)
        assert len(choices) <= CHOICES
        assert all(len(name) <= CHOICE_NAME and len(value) == 1 for name, value in choices)
    assert card_letter_choices("adventure", "a") == [("A (5¢ and 7¢ · two cards)", "A")]
    assert card_letter_choices("starter", "t") == [("T (starter)", "T")]


def test_card_text_explains_benefits() -> None:
    a = cards_of("adventure", "A")[0]
    assert card_title(a) == "Adventure A — 5¢"
    text = card_text(a)
    assert "Costs 5¢. Buying it gives 1★ once." in text and "With 2+ adventure cards counted: gain 1★." in text
    classic = next(d for d in card_defs().values() if d.timeless)
    assert "timeless classic" in card_title(classic) and "Timeless classic" in card_text(classic)
    assert card_text(card(156)).startswith("Starter card")


# --------------------------------------------------------------------------- texts
def _entry(position: int, value: float, word: str | None = None) -> LeaderboardEntry:
    return LeaderboardEntry(position, 10 + position, f"name*{position}_", value, games=4, wins=1, word=word)


def test_leaderboard_lines() -> None:
    page = leaderboard_page("rating", [_entry(1, 12.345), _entry(2, -1.0)], 0, 5)
    assert page.description.splitlines()[0] == "`  1.` **name1** — 12.3 rating · 4 games, 1 win"
    assert "Page 1" in page.footer
    assert "58%" in leaderboard_page("win_rate", [_entry(1, 0.58)], 0, 5).description
    assert "STORY for 12★" in leaderboard_page("best_word", [_entry(1, 12, "story")], 0, 5).description
    assert "ADVENTURE, 9 letters" in leaderboard_page("longest_word", [_entry(1, 9, "adventure")], 0, 5).description
    empty = leaderboard_page("win_rate", [], 0, 5)
    assert "Nobody" in empty.description and "at least 5 games" in empty.description
    assert "shorter now" in leaderboard_page("wins", [], 3, 5).description


def _result(game_id: int, deck: tuple[int, int, int, int] | None, *, mode: str = "competitive", rank: int = 1
            ) -> StoredResult:
    stats = {f"deck{i + 1}": n for i, n in enumerate(deck)} if deck else {}
    result = PlayerResult(seat=0, rank=rank, prestige=40 + game_id, won=rank == 1, best_word="quiz", stats=stats)
    return StoredResult(game_id, 0, 1, None, "ann", mode, result, None, None, 1_700_000_000.0 + game_id)  # type: ignore[arg-type]


def test_favourite_genre_from_deck_statistics() -> None:
    assert favourite_genre([]) is None
    assert favourite_genre([_result(1, None)]) is None
    genre, share, games = favourite_genre([_result(1, (1, 5, 0, 0)), _result(2, (2, 1, 1, 0)), _result(3, None)])
    assert (genre, games) == ("horror", 2) and share == pytest.approx(6 / 10)


def test_stats_and_history_pages() -> None:
    comp = ModeTotals(games=4, wins=3, prestige_sum=200, words_sum=40, best_word_prestige=9, best_word="quiz",
                      longest_word_len=8, longest_word="treasure", cards_bought_sum=20)
    coop = ModeTotals(games=2, wins=1, prestige_sum=100, words_sum=10, margin_sum=-4, best_word_prestige=11,
                      best_word="jazz")
    recent = (_result(1, (0, 3, 0, 0)), _result(2, (0, 2, 0, 0), mode="coop", rank=2))
    stats = PlayerStats(1, 1, "ann", comp, coop, Rating(25.0, 3.0, 16.0, 4), {"horror": (1, 2)}, recent)
    page = stats_page(stats, "ann", recent)
    fields = {name: value for name, value, _ in page.fields}
    assert fields["Competitive"].startswith("4 games · 3 won (75%)") and "average 50.0★" in fields["Competitive"]
    assert fields["Rating"] == "16.0 after 4 rated games"
    assert fields["Best word"] == "JAZZ (11★)" and fields["Longest word"] == "TREASURE (8 letters)"
    assert fields["Favourite genre"].startswith("horror (100%")
    assert "average margin over Penny -2.0★" in fields["Co-op against Penny"]
    assert "horror: 1/2" in fields["Co-op against Penny"]
    assert "lost to Penny" in fields["Recent games"] and "1st place" in fields["Recent games"]
    assert all(len(v) <= 1024 for v in fields.values())
    empty = PlayerStats(1, 1, None, ModeTotals(), ModeTotals(), None, {}, ())
    assert stats_page(empty, "ann", ()).description.startswith("No finished games")
    assert history_page("ann", recent).description.count("game #") == 2
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_information_texts_in_other_languages() -> None:
    es, fr, ja = translator("es"), translator("fr"), translator("ja")
    assert [place(n, t) for t in (translator("en"), es, fr, ja) for n in (1, 2)] == \
        ["1st place", "2nd place", "1.er puesto", "2.º puesto", "1re place", "2e place", "1位", "2位"]
    page = leaderboard_page("rating", [_entry(1, 12.345)], 0, 5, fr)
    assert page.title == "Classement Hardback — cote"
    assert page.description == "`  1.` **name1** — cote 12.3 · 4 parties, 1 victoire"
    empty = leaderboard_page("win_rate", [], 0, 5, es)
    assert empty.description.endswith("incluye a los jugadores con al menos 5 partidas.)")
    comp = ModeTotals(games=4, wins=3, prestige_sum=200, words_sum=40, best_word_prestige=9, best_word="quiz",
                      longest_word_len=8, longest_word="treasure", cards_bought_sum=20)
    recent = (_result(1, (0, 3, 0, 0)), _result(2, (0, 2, 0, 0), rank=2))
    stats = PlayerStats(1, 1, "ann", comp, ModeTotals(), Rating(25.0, 3.0, 16.0, 1), {}, recent)
    fields = {name: value for name, value, _ in stats_page(stats, "ann", recent, ja).fields}
    assert fields["レーティング"] == "16.0（レーティング対象 1 ゲーム）"
    assert fields["最長の単語"] == "TREASURE（8 文字）" and fields["好きなジャンル"].startswith("ホラー（")
    assert "1位" in fields["最近のゲーム"] and "2位" in fields["最近のゲーム"]
    assert history_page("ann", recent, es).footer.startswith("Elige una partida abajo")


def test_settings_and_lookup_in_other_languages() -> None:
    shown = describe(GuildSettings(), t=translator("es"))
    assert shown["Tiempo por turno"] == "5 min" and shown["Pistas"] == "desactivado"
    assert shown["Jugadores ausentes"] == "tras 3 turnos perdidos, la máquina ocupa su lugar"
    _, lines = apply_changes(GuildSettings(), {"hints": True}, known_dictionaries=KNOWN, t=translator("fr"))
    assert lines == ["Indices: désactivé → **activé**"]
    with pytest.raises(SettingsRefused, match=r"^La durée de la partie doit être de 40, 60, 90 ou 180 points\.$"):
        apply_changes(GuildSettings(), {"length": 50}, known_dictionaries=KNOWN, t=translator("fr"))
    with pytest.raises(SettingsRefused, match=r"^Con esos ajustes la mesa no sería válida: "):
        apply_changes(GuildSettings(), {"dictionary": "none"}, known_dictionaries=KNOWN, t=translator("es"))
    common = get_dictionary("common")
    lines = lookup_lines("QXZ", common, "common", source="La partida de este canal", vote="majority", language="es",
                         unique_mode="player", history=[[0, "QXZ"]], seat=0)
    assert lines == ["❌ **QXZ** no está en el diccionario **common** (la partida de este canal).",
                     "En esta mesa se sometería al voto de los demás jugadores (mayoría).",
                     "🔁 Ya deletreaste QXZ en esta partida, así que se rechazaría."]


# --------------------------------------------------------------------------- settings
KNOWN = ["common", "large"]


def test_settings_changes_are_validated_and_described() -> None:
    current = GuildSettings()
    updated, lines = apply_changes(current, {"length": 90, "vote": "majority", "turn_timer": 600, "hints": None},
                                   known_dictionaries=KNOWN)
    assert (updated.length, updated.turn_timer, dict(updated.options)) == (90, 600, {"vote": "majority"})
    assert "Game length: 60★ → **90★**" in lines and "Turn timer: 5 min → **10 min**" in lines
    assert apply_changes(updated, {"length": 90}, known_dictionaries=KNOWN) == (updated, [])
    shown = describe(updated)
    assert shown["Votes on invalid words"] == "majority" and shown["Ghostwriter"] == "on"
    assert shown["Absent players"] == "after 3 missed turns, a computer player takes over"


@pytest.mark.parametrize(("changes", "needle"), [
    ({"dictionary": "none"}, "turn votes on"),
    ({"dictionary": "klingon"}, "no dictionary called"),
    ({"length": 50}, "must be 40, 60, 90 or 180"),
    ({"turn_timer": 10}, "between 30 seconds and 24 hours"),
    ({"turn_timer": 7 * 24 * 3600}, "between 30 seconds and 24 hours"),
    ({"afk_policy": "ban"}, "replaced by a computer or removed"),
    ({"afk_misses": 0}, "from 1 to 10"),
    ({"coop": True}, "Unknown setting"),
    ({"unique_words": "sometimes"}, "Unique words must be"),
])
def test_settings_refusals(changes: dict, needle: str) -> None:
    with pytest.raises(SettingsRefused, match=needle):
        apply_changes(GuildSettings(), changes, known_dictionaries=KNOWN)


def test_settings_respect_bot_defaults() -> None:
    # A bot configured without adverts shows that, and a server may still turn them on.
    assert describe(GuildSettings(), {"adverts": False})["Adverts"] == "off"
    updated, lines = apply_changes(GuildSettings(), {"adverts": True}, known_dictionaries=KNOWN,
                                   bot_defaults={"adverts": False})
    assert updated.options == {"adverts": True} and lines == ["Adverts: off → **on**"]


# --------------------------------------------------------------------------- lookup and hints
def test_lookup_lines() -> None:
    common = get_dictionary("common")
    lines = lookup_lines("STORY", common, "common", source="This server's default")
    assert lines == ["✅ **STORY** is in the **common** dictionary (this server's default)."]
    lines = lookup_lines("QXZ", common, "common", source="The game in this channel", vote="majority")
    assert "not in" in lines[0] and "vote" in lines[1]
    none = lookup_lines("QXZ", get_dictionary("none"), "none", source="The game in this channel")
    assert "without a dictionary" in none[0]
    history = [[0, "CAT"], [1, "DOG"]]
    lines = lookup_lines("CAT", common, "common", source="x", unique_mode="game", history=history, names=["ann", "bo"])
    assert lines[1] == "🔁 CAT was already spelled in this game (by ann), so it would be refused."


def test_repeat_reason_per_player() -> None:
    history = [[0, "CAT"], [1, "DOG"]]
    assert repeat_reason("CAT", "off", history, 0, ()) is None
    assert repeat_reason("CAT", "player", history, 1, ()) is None
    assert "You already spelled CAT" in (repeat_reason("CAT", "player", history, 0, ()) or "")
    assert "spelled by ann" in (repeat_reason("CAT", "player", history, None, ["ann", "bo"]) or "")
    assert repeat_reason("EMU", "game", history, None, ()) is None


def test_hints_are_legal_and_best_first() -> None:
    common = get_dictionary("common")
    game = Game.new(num_players=1, seed=3, options=GameOptions(coop=True), checker=common)
    seat = game.active_seat
    plays = hint_plays(game, seat, common, limit=5)
    assert 0 < len(plays) <= 5
    assert [p.value for p in plays] == sorted((p.value for p in plays), reverse=True)
    for p in plays:
        assert common.is_word(p.word)
        game.check_word(seat, p.move.word)  # raises IllegalMove if the arrangement were illegal
    assert hint_plays(game, seat, get_dictionary("none")) == []
    assert hint_plays(game, seat, common, budget=-1.0) == []  # out of time: nothing valued, nothing claimed


def test_hints_skip_words_the_unique_rule_refuses() -> None:
    common = get_dictionary("common")
    game = Game.new(num_players=2, seed=8, options=GameOptions(unique_words="game"), checker=common)
    seat = game.active_seat
    first = hint_plays(game, seat, common, limit=3)
    assert first
    game.state.word_history.append([1 - seat, first[0].word])  # the other player already spelled it (R26.1)
    again = [p.word for p in hint_plays(game, seat, common, limit=3)]
    assert first[0].word not in again and again
    assert hint_plays(game, 1 - seat, common) == []  # not their spelling step


# --------------------------------------------------------------------------- languages
@pytest.mark.parametrize("language", ["es", "fr", "ja"])
def test_topics_in_every_language_fit_discord_and_keep_commands(language: str) -> None:
    import re

    from hardback_bot.help.topics import localized
    from hardback_bot.i18n.commands import slash

    for t in TOPICS:
        here = localized(t, language)
        text = topic_text(t, language)
        assert here.text != t.text and here.title != t.title, (language, t.key)
        assert 0 < len(text) <= DESCRIPTION and len(f"Rules — {here.title}") + len(text) <= EMBED_TOTAL
        assert len(here.title) <= SELECT_LABEL and len(here.summary) <= SELECT_LABEL
        # commands as a client of this language sees them, other topics by their titles here: never a key
        said = translator(language)
        for name in re.findall(r"\{command_(\w+)\}", t.text):
            assert f"`{slash(said, name)}" in here.text, (t.key, name)
        for key in re.findall(r"\{topic_(\w+)\}", t.text):
            assert localized(BY_KEY[key], language).title in here.text, (t.key, key)
        assert "{" not in here.text and "/hardback " + "lookup" not in here.text, t.key
        assert find_topic(here.title, language) is t  # found by its translated title too
    assert len(topic_index(language)) <= DESCRIPTION - 200
    labels = topic_choices("", language)
    assert len(labels) <= CHOICES and all(len(label) <= CHOICE_NAME for label, _ in labels)
    assert labels[0] == (f"{localized(TOPICS[0], language).title} — {localized(TOPICS[0], language).summary}"[:100],
                         "overview")


@pytest.mark.parametrize("language", ["es", "fr", "ja"])
def test_card_words_in_every_language(language: str) -> None:
    from hardback_bot.cardtext import card_summary

    for d in card_defs().values():
        summary, text, title = card_summary(d, language=language), card_text(d, language), card_title(d, language)
        assert 0 < len(summary) <= CHOICE_NAME and "{" not in summary + text + title
        assert text != card_text(d)
    choices = card_letter_choices("romance", "", language)
    assert choices and all(len(label) <= CHOICE_NAME for label, _ in choices)
    assert choices != card_letter_choices("romance", "")


def test_an_unknown_dictionary_is_refused_with_the_real_choices_each_once() -> None:
    from hardback_bot.words import available_dictionaries

    with pytest.raises(SettingsRefused) as refused:
        apply_changes(GuildSettings(), {"dictionary": "klingon"}, known_dictionaries=available_dictionaries())
    said = str(refused.value)
    for name in available_dictionaries():
        assert said.count(f"`{name}`") == 1, said


def test_a_new_table_with_an_unknown_dictionary_lists_the_real_choices_each_once() -> None:
    from hardback_bot.sessions import SessionError
    from hardback_bot.sessions.new_table import table_options
    from hardback_bot.words import available_dictionaries

    with pytest.raises(SessionError) as refused:
        table_options({"dictionary": "klingon"})
    said = str(refused.value)
    assert "'klingon'" in said
    for name in available_dictionaries():
        assert said.count(f"`{name}`") == 1, said


def test_in_game_rules_name_cards_as_players_do() -> None:
    """The cards of "How to play" from inside a game: genre, letter and cost, never the card's internal number
    ("Starter N (#151)" was jargon)."""
    from hardback_bot.help.in_game import HERE, rules_here

    game = Game.new(num_players=2, seed=4, options=GameOptions(), checker=get_dictionary("common"))
    for language in ("en", "es", "fr", "ja"):
        here = rules_here(game, game.active_seat, HERE, language)
        assert here.cards, language
        assert not any("#" in line for line in here.cards), here.cards
    assert card_title(card(151)) == "Starter N"


def test_a_rules_view_in_a_game_shows_the_part_of_the_legend_it_talks_about() -> None:
    from hardback_bot.help.in_game import HERE, TOPIC_LEGEND, rules_here
    from hardback_bot.help.lookup import legend_pictures
    from hardback_bot.render.legend_part import keys

    game = Game.new(num_players=2, seed=3, options=GameOptions(length=60), checker=get_dictionary("common"))
    seat = game.active_seat
    spelling = rules_here(game, seat, HERE)
    hand = {card(c).genre for c in game.player(seat).hand}
    assert spelling.topic.key == "spelling" and set(spelling.legend) <= set(keys())
    assert {k[6:] for k in spelling.legend if k.startswith("genre:")} == hand  # its cards' genres, no others
    assert not any(k.startswith("table.") for k in spelling.legend)
    jail = rules_here(game, seat, "jail")  # a topic named by a button: its own entries
    assert jail.legend == TOPIC_LEGEND["jail"]
    assert rules_here(game, seat, "end").legend == ()
    (name, png, alt), = legend_pictures(spelling.legend)
    assert name == "legend.png" and png.startswith(b"\x89PNG") and alt and len(alt) <= 1024
    assert legend_pictures(()) == []
    for topic, entries in TOPIC_LEGEND.items():
        assert topic in BY_KEY and set(entries) <= set(keys()), topic

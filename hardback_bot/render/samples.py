"""Sample states for the gallery, the benchmark and the tests: one place, so all three agree.

Card ids follow ``hardback_bot/data/cards.yaml``; coin starters of seat s are ``id + 1000*(s+1)``.  The
words a sample carries (a word preview's notes, a co-op headline, a deck's labels) are said in the
language asked, with the messages the sessions layer itself uses for them, so the gallery shows each
picture as a player of that language sees it.
"""

from __future__ import annotations

from hardback_bot.cardtext import genre_name
from hardback_bot.i18n import translator
from hardback_bot.render.deck import DeckImage, DeckLabels, GenreMix
from hardback_bot.render.models import (
    CardFace,
    GenreCount,
    HandImage,
    OfferRowImage,
    PennyPanel,
    PlayerPanel,
    ResultRow,
    ResultsImage,
    ScoreSeries,
    TableImage,
    WordPreview,
    WordSlot,
)
from hardback_bot.render.word_list import WordGroup, WordRow, WordsImage

F = CardFace


def card_states() -> dict[str, CardFace]:
    """Every state a card can be drawn in, by a short name."""
    return {
        "plain": F(36),
        "starter": F(1156),
        "prestige_starter": F(142),
        "timeless": F(5),
        "purchase_prestige": F(3),
        "wild": F(36, wild_letter="Q"),
        "wild_timeless": F(5, wild_letter="E"),
        "uncovered": F(67, wild_letter="A", uncovered=True),
        "inked": F(36, inked=True),
        "cleared": F(36, cleared=True),
        "doubled": F(36, multiplier=2),
        "tripled": F(1156, multiplier=3),
        "doubled_timeless": F(92, multiplier=2),
        "jailed": F(110, jailed=True, owner="Ada"),
        "foreign_classic": F(5, foreign_classic=True, owner="Bob"),
        "genre_active": F(20, genre_active=True),
        "genre_inactive": F(20, genre_active=False),
        "dimmed": F(16, dimmed=True),
    }


def offer_row(flush: bool = True) -> OfferRowImage:
    return OfferRowImage(
        cards=(F(3), F(5), F(40), F(75), F(110), F(130), F(92)),
        deck_count=96,
        flush_available=flush,
        coins=7,
    )


def hand() -> HandImage:
    return HandImage(
        cards=(F(1141), F(145), F(150, cleared=True), F(1156), F(92)),
        inked=(F(60, inked=True), F(80, inked=True)),
        ink=3,
        remover=1,
        title="Ada Lovelace",
        draw_count=6,
        discard_count=4,
    )


def word_preview(language: str = "en") -> WordPreview:
    """R13.9's triple (romance B, starter T, romance O) and R37.2's uncover, in one word; the choice it
    leaves (horror X, uncovered as E: 1¢ or 1★) said as sessions/preview.py says it."""
    t = translator(language)
    choice = t.gettext("{v}¢ or {v}★", v=1)
    return WordPreview(
        slots=(
            WordSlot(F(72, genre_active=True), 0, 0),
            WordSlot(F(1156, multiplier=3), 3, 0),
            WordSlot(F(91, genre_active=True), 2, 0),
            WordSlot(F(120, genre_active=False), 2, 0),
            WordSlot(F(67, wild_letter="E", uncovered=True, genre_active=False), 0, 0, choice),
            WordSlot(F(36, wild_letter="S"), 0, 0, wild_from=36),
            WordSlot(F(5, foreign_classic=True, owner="Bob")),
        ),
        genres=(GenreCount("romance", 2), GenreCount("mystery", 1), GenreCount("horror", 1)),
        coins=9,
        prestige=2,
        classics=(WordSlot(F(12), 0, 2),),
        notes=(t.gettext("{letter}: {choice}", letter="X", choice=choice),),
    )


def players(n: int = 5) -> tuple[PlayerPanel, ...]:
    all_players = (
        PlayerPanel("Ada Lovelace", 42, 3, 1, classics=(F(23),), award=7, adverts=2, hand_count=5),
        PlayerPanel(
            "Bartholomew the Magnificent of Somewhere Long",
            38,
            0,
            0,
            jail=F(33, jailed=True),
            adverts=1,
            hand_count=5,
        ),
        PlayerPanel("Cy", 55, 5, 2, classics=(F(53), F(123), F(31)), jail=F(100, jailed=True), hand_count=5),
        PlayerPanel("Dee", 12, 1, 0, is_bot=True, hand_count=5),
        PlayerPanel("Émile 🎲", 60, 2, 0, award=7, adverts=5, hand_count=5),
    )
    return all_players[:n]


def table(n: int = 5) -> TableImage:
    return TableImage(
        players=players(n),
        active_seat=2 % n,
        goal=60,
        offer_row=offer_row(flush=False),
        awards_on=True,
        adverts_on=True,
        round_number=14,
        final_round=True,
    )


def _computer(n: int, language: str) -> str:
    """A computer player's name, as sessions/phrases.py gives it."""
    return translator(language).gettext("Computer {number} (hard)", number=n)


def finished_table(language: str = "en") -> TableImage:
    """The table once a 3-player game has finished: final scores (awards included), places, no turn."""
    final = (
        PlayerPanel("Ada Lovelace", 49, 3, 1, classics=(F(23),), award=7, adverts=2, hand_count=5, place=1),
        PlayerPanel(_computer(1, language), 48, 0, 0, jail=F(33, jailed=True), hand_count=5, is_bot=True, place=2),
        PlayerPanel(_computer(2, language), 41, 5, 2, hand_count=5, is_bot=True, place=3),
    )
    return TableImage(players=final, active_seat=1, goal=40, offer_row=offer_row(flush=False), awards_on=True,
                      adverts_on=True, round_number=11, final_round=True, status="finished")


def long_names_table(language: str = "en") -> TableImage:
    """Names that only differ late: once shortened they must still tell the seats apart."""
    names = ("Bartholomew the Magnificent, first of the name", "Bartholomew the Magnificent, second of the name",
             _computer(1, language), _computer(2, language))
    panels = tuple(PlayerPanel(n, 10 * i, 1, 0, hand_count=5, is_bot=i >= 2) for i, n in enumerate(names))
    return TableImage(players=panels, active_seat=0, goal=60, round_number=3)


def coop_table() -> TableImage:
    return TableImage(
        players=(PlayerPanel("Ada", 123, 2, 1, classics=(F(23), F(107))), PlayerPanel("Bo", 123, 0, 0)),
        active_seat=0,
        goal=120,
        offer_row=OfferRowImage(cards=offer_row().cards, deck_count=80),
        penny=PennyPanel(98, "romance"),
        team_score=123,
        awards_on=True,
        round_number=9,
    )


def results() -> ResultsImage:
    # deterministic score series without randomness: a few rising patterns
    steps = {
        "Ada Lovelace": (3, 5, 2, 6, 4, 5, 3, 6, 5, 4, 7, 3, 5, 4),
        "Bartholomew": (2, 3, 4, 2, 5, 1, 3, 4, 2, 5, 3, 4, 2, 3),
        "Cy": (4, 2, 6, 3, 4, 6, 5, 2, 6, 4, 3, 5, 6, 4),
        "Dee": (1, 4, 3, 5, 3, 4, 6, 5, 3, 6, 5, 4, 3, 5),
        "Émile": (5, 3, 4, 4, 6, 3, 4, 5, 4, 3, 6, 5, 4, 5),
    }
    series = []
    for name, inc in steps.items():
        total, scores = 0, []
        for v in inc:
            total += v
            scores.append(total)
        series.append(ScoreSeries(name, tuple(scores)))
    finals = sorted(series, key=lambda s: -s.scores[-1])
    ranking = tuple(
        ResultRow(i + 1, s.name, s.scores[-1] + (7 if i == 0 else 0), ink=i, award_points=7 if i == 0 else 0)
        for i, s in enumerate(finals)
    )
    return ResultsImage(ranking=ranking, series=tuple(series), goal=60)


def coop_results(language: str = "en") -> ResultsImage:
    """A won co-op game, its headline and its line about Penny's signature genre in ``language`` (the
    words sessions/screens/pictures.py and the table image use)."""
    t = translator(language)
    team = f"{t.pgettext('alt text', 'Team')} (Ada, Bo)"
    return ResultsImage(
        ranking=(ResultRow(1, team, 131), ResultRow(2, "Penny Dreadful", 120)),
        series=(
            ScoreSeries(team, (8, 20, 31, 45, 58, 70, 84, 99, 112, 124)),
            ScoreSeries("Penny Dreadful", (9, 21, 30, 44, 57, 69, 80, 93, 108, 120)),
        ),
        goal=120,
        headline=t.pgettext("alt text", "The team beat Penny Dreadful {team}–{penny}", team=131, penny=120),
        extra=(t.pgettext("table image", "signature: {genre}", genre=genre_name("romance", language)),),
    )


def deck(language: str = "en") -> DeckImage:
    """A mid-game deck picture, its labels in ``language`` (the sessions layer's own words, so the sample
    reads as the bot does: hardback_bot/sessions/screens/deck.py)."""
    t = translator(language)
    draw = (1001, 1004, 1005, 1141, 1145, 12, 55, 98, 5, 23)
    discard = (17, 29, 110)
    mixes = (GenreMix("Ada Lovelace", (10, 3, 1, 0, 2), True), GenreMix("Bartholomew", (10, 0, 4, 4, 0)),
             GenreMix("Cy", (10, 2, 2, 2, 1)))
    labels = DeckLabels(
        title=t.ngettext("Your deck — {name} · {n} card", "Your deck — {name} · {n} cards", 16, name="Ada Lovelace"),
        draw=t.ngettext("Draw pile · {n} card (a set: never its order)",
                        "Draw pile · {n} cards (a set: never its order)", len(draw)),
        discard=t.ngettext("Discard pile · {n} card", "Discard pile · {n} cards", len(discard)),
        mix=t.gettext("Genre mix of every deck"),
        empty=t.gettext("none"),
        genres=(t.pgettext("genre", "starter"), t.pgettext("genre", "adventure"), t.pgettext("genre", "horror"),
                t.pgettext("genre", "mystery"), t.pgettext("genre", "romance")))
    return DeckImage(draw=draw, discard=discard, mixes=mixes, labels=labels, language=language)


def words(language: str = "en") -> WordsImage:
    """Every word of a short game, its labels in ``language`` (as sessions/screens/game_words.py says them)."""
    t = translator(language)
    played = {
        "Ada Lovelace": (WordRow(1, "QUARTZ", 6, 2), WordRow(2, "EXTRAORDINARY", 9, 8, award=15),
                         WordRow(3, "AB", 1, 0)),
        "Bartholomew the Magnificent": (WordRow(1, "ZEBRA", 3, 3), WordRow(3, "JINX", 4, 1)),
    }
    groups = tuple(
        WordGroup(name, rows, t.ngettext("{n} word · {coins}¢ · {prestige}★", "{n} words · {coins}¢ · {prestige}★",
                                         len(rows), coins=sum(r.coins for r in rows),
                                         prestige=sum(r.prestige + r.award for r in rows)))
        for name, rows in played.items())
    return WordsImage(title=t.gettext("Every word of the game"), groups=groups, round_label=t.gettext("round {n}"),
                      more=t.gettext("… and {n} more"), empty=t.gettext("No word was spelled in this game."),
                      language=language)

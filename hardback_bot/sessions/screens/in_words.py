"""Every picture's content in words: the alt text of each picture, and the items text mode lists instead.

Whoever cannot see a picture (a screen reader, a slow phone, text mode: docs/accessibility.md) reads here what
it shows. Every card is said the one way ``cardtext.card_line`` says it — "Q (mystery, 6¢): 2★ · with 2+
mystery: jail a row card" — so a listener learns the pattern once (and tests/sessions/text_reader.py reads it
back); the offer row is numbered as its picture numbers it (1 the newest); a word says what each card earned.

Discord holds 1,024 characters of alt text. A list of cards is said in the first of ``cardtext.LINE_FORMS`` that
fits (benefits in short words, then tight ones, then the genre bonus as "bonus", last without benefits): the
forms shorten, no card is ever left out, and the message's text says the rest (docs/accessibility.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hardback_bot.cardtext import LINE_FORMS, card_line, genre_name
from hardback_bot.cardtext import text as card_text
from hardback_bot.engine.cards import card
from hardback_bot.i18n import translator
from hardback_bot.render.models import WordPreview, WordSlot

#: Discord's limit for an attachment's description.
ALT_LIMIT = 1024

STRINGS_CONTEXT = "alt text"
STRINGS_NOTES = {
    "list_join": "between two cards (or scores) of a list; keep it different from the separators inside a card's "
                 "line, a test reads the list back",
    "numbered": "a card of the offer row with its number in the picture (1 the newest)",
    "deck": "added after the offer row (keep the leading space)",
    "flush": "added after the offer row when it may be flushed (keep the leading space)",
    "tokens": "added after the hand's text (keep the leading space)",
    "penny": "added after the table's text (keep the leading space)",
    "final_round": "added after the table's text (keep the leading space)",
    "by_card": "added after the word's totals (keep the leading space)",
    "classics": "added after the word's cards: the speller's classics that pay without being in it (keep the "
                "leading space)",
    "genres": "added after the word's cards (keep the leading space)",
    "wild_down": "a card of the word played face down as a wild: {genre} and {printed} are the card's own",
    "series": "added after the final ranking: each player's score at the end of each round (keep the leading space)",
    "team": "the name of the team's line on the score chart (co-op)",
    "score_join": "between two players' scores",
}
STRINGS: dict[str, str | tuple[str, str]] = {
    "list_join": "; ",
    "numbered": "{n}. {card}",
    # the hand
    "hand": ("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}."),
    "hand_empty": "Your hand is empty.",
    "tokens": " Ink {ink}, remover {remover}; draw pile {draw}, discard pile {discard}.",
    "inked": "inked",
    "cleared": "cleared with remover",
    "cards": "{title}: {cards}.",
    # the offer row
    "offer": "The offer row, newest first: {cards}.",
    "deck": (" {n} card left in the offer deck.", " {n} cards left in the offer deck."),
    "flush": " You may flush it: every card goes and seven new ones come.",
    "too_dear": "too dear",
    # the table
    "table": "Hardback table, round {round}: {scores}; goal {goal}★.",
    "table_over": "Hardback table, game over: {scores}; goal {goal}★.",
    "table_ended": "Hardback table, game ended early: {scores}; goal {goal}★.",
    "table_coop": "Hardback table, co-op, round {round}: team {team}★, Penny Dreadful {penny}★; goal {goal}★.",
    "penny": " Penny Dreadful {score}★.",
    "final_round": " Final round.",
    "score": "{name} {score}★",
    "score_active": "{name} {score}★ (to play)",
    "score_join": ", ",
    # the word preview
    "word": "Your word {word}: {coins} coins and {prestige} prestige.",
    "by_card": " Card by card: {cards}.",
    "slot": "{letter} ({about}): {earned}",
    "wild_down": "wild: {genre} {printed}, face down",
    "wild_up": "wild: {genre} {printed}, uncovered",
    "doubled": "doubled",
    "tripled": "tripled",
    "foreign": "another player's classic",
    "classic": "timeless classic",
    "choice": "then: {note}",
    "classics": " In play, not in the word: {cards}.",
    "genres": " Genres counted: {genres}.",
    "genre_count": "{genre} {n}",
    "coins": ("{n} coin", "{n} coins"),
    "prestige": ("{n} prestige", "{n} prestige"),
    "nothing": "nothing",
    # the results
    "team_beat": "The team beat Penny Dreadful {team}–{penny}",
    "penny_wins": "Penny Dreadful wins {penny}–{team}",
    "team": "Team",
    "coop_result": "{who} won: team {team} prestige ({names}), Penny Dreadful {penny}. Score chart by round.",
    "who_team": "The team",
    "who_penny": "Penny Dreadful",
    "ranking": "Final ranking: {rows}. Score chart by round.",
    "rank": "{rank}. {name} {score}★",
    "series": " Score at the end of each round: {rows}.",
    "series_row": "{name} {scores}",
    "series_some": "{name} {scores} (every {n} rounds)",
}


def say(language: str, key: str, n: int | None = None, **params: object) -> str:
    """The entry ``key`` in ``language``, filled in."""
    return translator(language).entry(STRINGS_CONTEXT, STRINGS[key], n=n, **params)


def joined(language: str, items: Iterable[str]) -> str:
    return say(language, "list_join").join(items)


def fitted(build: Callable[[str], str], limit: int = ALT_LIMIT) -> str:
    """``build(form)`` for the first form of ``cardtext.LINE_FORMS`` whose text fits ``limit``. The last form
    (cards without benefits) fits any hand or row a game deals; longer than that, the text is cut at the limit."""
    said = ""
    for form in LINE_FORMS:
        said = build(form)
        if len(said) <= limit:
            return said
    return said[:limit]


# ------------------------------------------------------------------------------------------------ hand
def hand_states(me: dict[str, Any], cid: int, language: str) -> tuple[str, ...]:
    """How a card of the hand lies: inked (it must go face up into the word, R6), or cleared with remover."""
    if cid in me["inked"]:
        return (say(language, "inked"),)
    if cid in me.get("cleared", []):
        return (say(language, "cleared"),)
    return ()


def hand_items(view: dict[str, Any], seat: int, language: str, form: str = "short") -> list[str]:
    """Each card of ``seat``'s hand in one line, in hand order (purchase prestige is past: not said)."""
    me = view["players"][seat]
    return [card_line(card(c), language, form, states=hand_states(me, c, language)) for c in me.get("hand", [])]


def hand_description(view: dict[str, Any], seat: int, language: str = "en") -> str:
    """The hand picture's alt text: every card, then the tokens and piles."""
    me = view["players"][seat]
    hand = me.get("hand", [])
    tokens = say(language, "tokens", ink=me["ink"], remover=me["remover"], draw=me["draw_count"],
                 discard=me["discard_count"])

    def build(form: str) -> str:
        if not hand:
            return say(language, "hand_empty") + tokens
        return say(language, "hand", n=len(hand), cards=joined(language, hand_items(view, seat, language, form))) \
            + tokens

    return fitted(build)


def cards_description(cards: Sequence[int], inked: Sequence[int], title: str, language: str = "en") -> str:
    """A hand shown to the table (a ghostwriter request, R30.1): every card, the inked ones said so."""
    def build(form: str) -> str:
        items = [card_line(card(c), language, form, states=(say(language, "inked"),) if c in inked else ())
                 for c in cards]
        return say(language, "cards", title=title, cards=joined(language, items))

    return fitted(build)


# ------------------------------------------------------------------------------------------------ offer row
def offer_items(row: Sequence[int], language: str, form: str = "short", coins: int | None = None) -> list[str]:
    """The offer row's cards (newest first) numbered as the picture numbers them, with their purchase prestige;
    ``coins``: the buyer's, and the cards dearer than that said "too dear" (the picture dims them)."""
    items = []
    for number, c in enumerate(row, start=1):
        dear = (say(language, "too_dear"),) if coins is not None and card(c).cost > coins else ()
        items.append(say(language, "numbered", n=number,
                         card=card_line(card(c), language, form, purchase=True, states=dear)))
    return items


def offer_tail(view: dict[str, Any], language: str) -> str:
    """What the offer row picture says besides its cards: the cards left in the offer deck, a flush possible."""
    tail = say(language, "deck", n=view["offer_deck_count"])
    if view["turn"]["phase"] == "flush":
        tail += say(language, "flush")
    return tail


def offer_description(view: dict[str, Any], coins: int | None, language: str = "en") -> str:
    """The offer row picture's alt text."""
    def build(form: str) -> str:
        return say(language, "offer", cards=joined(language, offer_items(view["offer_row"], language, form, coins))) \
            + offer_tail(view, language)

    return fitted(build)


# ------------------------------------------------------------------------------------------------ table
def scores_words(view: dict[str, Any], names: Sequence[str], language: str, *, playing: bool) -> str:
    """Every seat's prestige in seat order (a finished game's: the results', awards added), the seat to play
    said so."""
    finished = bool(view.get("finished"))
    results = {r["seat"]: r["prestige"] for r in view.get("results", [])} if finished else {}
    active = view["turn"]["seat"] if playing else -1
    return say(language, "score_join").join(
        say(language, "score_active" if p["seat"] == active else "score", name=names[p["seat"]],
            score=results.get(p["seat"], p["prestige"])) for p in view["players"])


def table_description(view: dict[str, Any], names: Sequence[str], *, ended: bool = False,
                      language: str = "en") -> str:
    """The table picture's alt text: the scores and the goal (the team's and Penny Dreadful's in co-op), the
    round, then the offer row. Each player's tokens, classics and jail are the table message's own lines."""
    finished = bool(view.get("finished"))
    playing = not finished and not ended
    penny = view.get("penny")
    goal, round_number = view["goal"], view["turn"]["round"]
    if penny and playing:
        head = say(language, "table_coop", round=round_number, team=penny["team"], penny=penny["score"], goal=goal)
    else:
        key = "table_over" if finished else "table_ended" if ended else "table"
        head = say(language, key, round=round_number, goal=goal,
                   scores=scores_words(view, names, language, playing=playing))
        if penny:
            head += say(language, "penny", score=penny["score"])
    if playing and view["final_round"]:
        head += say(language, "final_round")

    def build(form: str) -> str:
        row = offer_items(view["offer_row"], language, form)
        return f"{head} {say(language, 'offer', cards=joined(language, row))}{offer_tail(view, language)}"

    return fitted(build)


# ------------------------------------------------------------------------------------------------ word
def earned_words(coins: int, prestige: int, language: str) -> str:
    """"2 coins and 1 prestige", "nothing"."""
    what = ([say(language, "coins", n=coins)] if coins else []) + (
        [say(language, "prestige", n=prestige)] if prestige else [])
    return translator(language).join(what) if what else say(language, "nothing")


def slot_item(slot: WordSlot, language: str) -> str:
    """One card of the word: the letter it gives, which card it is and how it lies, and what it earns."""
    face = slot.face
    d = card(face.card_id)
    letter = face.wild_letter or d.letter
    if face.wild_letter is not None:
        about = [say(language, "wild_up" if face.uncovered else "wild_down", genre=genre_name(d.genre, language),
                     printed=d.letter)]
    else:
        about = [genre_name(d.genre, language)]
        if d.timeless:
            about.append(say(language, "foreign") if face.foreign_classic else say(language, "classic"))
    if face.multiplier > 1:
        about.append(say(language, "tripled" if face.multiplier >= 3 else "doubled"))
    if slot.note:  # (its choices are said apart with "; ", the list's own separator: said with the card's)
        about.append(say(language, "choice", note=slot.note.replace("; ", card_text("line.about_join", language))))
    return say(language, "slot", letter=letter, about=card_text("line.about_join", language).join(about),
               earned=earned_words(slot.coins, slot.prestige, language))


def word_items(model: WordPreview, language: str) -> list[str]:
    return [slot_item(s, language) for s in model.slots]


def classic_items(model: WordPreview, language: str) -> list[str]:
    return [slot_item(s, language) for s in model.classics]


def genre_words(model: WordPreview, language: str) -> str:
    return say(language, "score_join").join(say(language, "genre_count", genre=genre_name(g.genre, language),
                                                n=g.count) for g in model.genres if g.count)


def word_description(model: WordPreview, language: str = "en") -> str:
    """The word preview's alt text, read off the model its picture is drawn from: the totals, every card of the
    word with what it earned (a wild: which card, face down or uncovered), the classics that pay from outside
    the word, and the genres counted. The choices left to make are the message's own lines."""
    text = say(language, "word", word=model.word, coins=model.coins, prestige=model.prestige)
    text += say(language, "by_card", cards=joined(language, word_items(model, language)))
    if model.classics:
        text += say(language, "classics", cards=joined(language, classic_items(model, language)))
    genres = genre_words(model, language)
    if genres and len(text) + len(genres) + 40 <= ALT_LIMIT:
        text += say(language, "genres", genres=genres)
    return text[:ALT_LIMIT]


# ------------------------------------------------------------------------------------------------ results
def series_words(view: dict[str, Any], names: Sequence[str], language: str, room: int) -> str:
    """Each player's score round by round (the picture's chart), every round while it fits ``room``, else every
    second, third … round (the last round always said)."""
    history = view["score_history"]
    rows = [(_team(language), [r[0] for r in history])] if view.get("penny") else \
        [(names[s], [r[s] for r in history]) for s in range(len(names))]
    number = translator(language).number
    for step in range(1, max(2, len(history) + 1)):
        said = []
        for name, scores in rows:
            picked = scores[step - 1::step] if step > 1 else scores
            if step > 1 and scores and (len(scores) % step):
                picked = [*picked, scores[-1]]
            values = ", ".join(number(v) for v in picked)
            said.append(say(language, "series_row", name=name, scores=values) if step == 1
                        else say(language, "series_some", name=name, scores=values, n=step))
        text = say(language, "series", rows=joined(language, said))
        if len(text) <= room:
            return text
    return ""


def _team(language: str) -> str:
    return say(language, "team")


def results_description(view: dict[str, Any], names: Sequence[str], language: str = "en") -> str:
    """The results picture's alt text: the ranking (co-op: the team against Penny Dreadful), then the chart."""
    results = view["results"]
    join = say(language, "score_join")
    if view.get("penny"):
        first = results[0]
        who = say(language, "who_team" if first["won"] else "who_penny")
        text = say(language, "coop_result", who=who, team=first["prestige"], names=join.join(names),
                   penny=first["penny"])
    else:
        parts = [say(language, "rank", rank=r["rank"], name=names[r["seat"]], score=r["prestige"]) for r in results]
        text = say(language, "ranking", rows=join.join(parts))
    text = text[:ALT_LIMIT]
    return text + series_words(view, names, language, ALT_LIMIT - len(text))


__all__ = ["ALT_LIMIT", "STRINGS", "STRINGS_CONTEXT", "cards_description", "classic_items", "earned_words",
           "fitted", "genre_words", "hand_description", "hand_items", "hand_states", "joined", "offer_description",
           "offer_items", "offer_tail", "results_description", "say", "scores_words", "slot_item",
           "table_description", "word_description", "word_items"]

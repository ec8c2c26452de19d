"""A card's benefits in words: one short form for a select option, one long form for ``/hardback card``.

Everything a player reads about what a card does comes from here, so the buy panel, the card look-up
embed, the look-up image, the icon legend and terminal play say the same thing.  The module depends
only on ``engine.cards`` (printed facts), so the renderer, the help and the sessions layer can all
import it without a cycle.

Every player-visible string is a template in ``STRINGS`` and goes through ``text()``, in the reader's
language: the catalogues (domain ``content``, msgctxt ``STRINGS_CONTEXT``) translate each entry
(templates may reorder their ``{fields}``); English reads the table itself.
"""

from __future__ import annotations

from hardback_bot.engine.cards import Benefit, CardDef
from hardback_bot.i18n import translator

#: Discord's limit for a select option's description (and a label).
OPTION_LIMIT = 100

#: The English catalogue: "long.<kind>" says a benefit in full, "short.<kind>" in a few words.
STRINGS_CONTEXT = "card text"
STRINGS_NOTES = {
    "short.either_coins_or_prestige": "short forms fill a select option's description (100 characters a card)",
    "tight.uncover_adjacent": "tight forms: the shortest, when a card's short form is over 100 characters",
    "join": "between two benefits of a short form",
    "join.long": "between two benefits of a long form",
    "sep": "between the parts of a card's one-line summary",
    "title.card": "an embed title: {genre} starts with a capital",
    "line.card": "a card said in one line (alt texts, text mode): {about} is its genre, cost and states joined by "
                 "'line.about_join'; keep the pattern, a test reads it back",
    "line.bare": "the last resort of a long list of cards: the card without its benefits",
    "line.bonus": "the shortest form of a genre bonus in a card's line (its genre is said just before)",
}
STRINGS: dict[str, str] = {
    # one benefit, in full (the look-up image and embed, the legend)
    "long.coins": "gain {n}¢",
    "long.prestige": "gain {n}★",
    "long.either_coins_or_prestige": "choose {n}¢ or {n}★",
    "long.ink_or_remover": "take 1 ink or 1 remover",
    "long.uncover_adjacent": "turn a wild next to this card face up",
    "long.double_adjacent": "double the numbers of a card next to this one",
    "long.jail": "jail an offer-row card (reserve or remove it)",
    "long.trash_for_coins": "may remove this card from the game for {n}¢",
    "long.trash_for_prestige": "may remove this card from the game for {n}★",
    "long.dump_discard_for_coins": "may remove a card of your discard pile for {n}¢",
    "long.coins_per_adventure": "{n}¢ for each adventure card counted",
    "long.prestige_per_inked_card": "{n}★ for each inked card in your word",
    "long.prestige_per_wild": "{n}★ for each wild card in your word",
    "long.preview": "look at the top {n} cards of your draw pile",
    # one benefit, in a few words (a select option's description)
    "short.coins": "{n}¢",
    "short.prestige": "{n}★",
    "short.either_coins_or_prestige": "{n}¢ or {n}★",
    "short.ink_or_remover": "ink or remover",
    "short.uncover_adjacent": "uncover a wild beside it",
    "short.double_adjacent": "double a neighbour",
    "short.jail": "jail a row card",
    "short.trash_for_coins": "may trash it for {n}¢",
    "short.trash_for_prestige": "may trash it for {n}★",
    "short.dump_discard_for_coins": "may dump a discard for {n}¢",
    "short.coins_per_adventure": "{n}¢ per adventure card",
    "short.prestige_per_inked_card": "{n}★ per inked card",
    "short.prestige_per_wild": "{n}★ per wild",
    "short.preview": "preview {n} cards",
    # tighter still, when the short form of a whole card would not fit 100 characters
    "tight.uncover_adjacent": "uncover",
    "tight.double_adjacent": "double",
    "tight.jail": "jail",
    "tight.trash_for_coins": "trash: {n}¢",
    "tight.trash_for_prestige": "trash: {n}★",
    "tight.dump_discard_for_coins": "dump: {n}¢",
    "tight.coins_per_adventure": "{n}¢ each adventure",
    "tight.prestige_per_inked_card": "{n}★ each inked",
    "tight.prestige_per_wild": "{n}★ each wild",
    "tight.preview": "preview {n}",
    # a whole card
    "join": ", ",
    "join.long": "; ",
    "sep": " · ",
    "nothing": "nothing",
    "short.timeless": "timeless classic",
    "short.genre": "with 2+ {genre}: {benefits}",
    "short.purchase": "+{n}★ when bought",
    "short.starter": "starter",
    "long.starter": "Starter card: never sold, no genre bonus.",
    "long.cost": "Costs {cost}¢.",
    "long.purchase": "Buying it gives {n}★ once.",
    "long.timeless": "Timeless classic: played face up, it stays in play and works every turn.",
    "long.basic": "Always: {benefits}.",
    "long.genre": "With 2+ {genre} cards counted: {benefits}.",
    # titles and headings (the look-up embed and image)
    "title.starter": "Starter {letter}",
    "title.card": "{genre} {letter} — {cost}¢",
    "title.classic": "{genre} {letter} — timeless classic, {cost}¢",
    "head.card": "{genre} {letter}",
    "head.cost": "Costs {cost}¢ · card #{id}",
    "head.purchase": "+{n}★ once, when bought",
    "head.timeless": "Timeless classic: stays in play after you use it face up",
    "head.basic": "Always",
    "head.genre": "With 2+ {genre} cards counted",
    # a card in one line (alt texts, text mode): "Q (mystery, 6¢): 2★ · with 2+ mystery: jail a row card"
    "line.card": "{letter} ({about}): {benefits}",
    "line.bare": "{letter} ({about})",
    "line.about_join": ", ",
    "line.cost": "{cost}¢",
    "line.bonus": "bonus: {benefits}",
    # genre names as players read them
    "genre.adventure": "adventure",
    "genre.horror": "horror",
    "genre.mystery": "mystery",
    "genre.romance": "romance",
    "genre.starter": "starter",
}


def text(key: str, language: str = "en", **fields: object) -> str:
    """The template ``key`` of the catalogue in ``language``, filled in.  Unknown keys fall back to the
    key itself, so a missing translation shows something rather than failing a player's action."""
    template = STRINGS.get(key)
    if template is None:
        return key.format(**fields)
    if language == "en":
        return template.format(**fields)
    return translator(language).entry(STRINGS_CONTEXT, template, **fields)


def genre_name(genre: str, language: str = "en") -> str:
    return text(f"genre.{genre}", language)


def genre_title(genre: str, language: str = "en") -> str:
    """A genre name at the start of a title ("Adventure")."""
    name = genre_name(genre, language)
    return name[:1].upper() + name[1:]


def card_title(d: CardDef, language: str = "en") -> str:
    """E.g. "Adventure A — 5¢": the embed title, the start of alt texts and of the in-game rules' card lines
    (genre, letter and cost tell every card apart; the card's number is no word of the game)."""
    if d.is_starter:
        return text("title.starter", language, letter=d.letter)
    key = "title.classic" if d.timeless else "title.card"
    return text(key, language, genre=genre_title(d.genre, language), letter=d.letter, cost=d.cost)


def benefit_text(b: Benefit, form: str = "long", language: str = "en") -> str:
    """One benefit in words: ``form`` is "long", "short" or "tight" (falls back to "short")."""
    key = f"{form}.{b.kind}"
    if key not in STRINGS:
        key = f"short.{b.kind}"
    return text(key, language, n=b.value)


def _benefits(bs: tuple[Benefit, ...], form: str, language: str, join: str = "join") -> str:
    return text(join, language).join(benefit_text(b, form, language) for b in bs) or text("nothing", language)


def _short(d: CardDef, form: str, with_purchase: bool, language: str, bonus: str = "short.genre") -> str:
    parts = []
    if d.timeless:
        parts.append(text("short.timeless", language))
    parts.append(_benefits(d.basic, form, language))
    if d.genre_bonus:
        parts.append(text(bonus, language, genre=genre_name(d.genre, language),
                          benefits=_benefits(d.genre_bonus, form, language)))
    if with_purchase and d.purchase_prestige:
        parts.append(text("short.purchase", language, n=d.purchase_prestige))
    return text("sep", language).join(parts)


def card_summary(d: CardDef, limit: int = OPTION_LIMIT, language: str = "en") -> str:
    """What the card does in one line of at most ``limit`` characters (a select option's description):
    e.g. "2★ · with 2+ mystery: 2★, jail a row card".  Purchase prestige is included (it is part of
    the decision to buy); the cost is not (the option's label says it)."""
    for form, purchase in (("short", True), ("tight", True), ("tight", False)):
        line = _short(d, form, purchase, language)
        if len(line) <= limit:
            return line
    return line[: limit - 1] + "…"


def card_text(d: CardDef, language: str = "en") -> str:
    """The card in words, a few lines: the ``/hardback card`` embed and the look-up image's alt text."""
    lines = []
    if d.is_starter:
        lines.append(text("long.starter", language))
    else:
        cost = text("long.cost", language, cost=d.cost)
        if d.purchase_prestige:
            cost += " " + text("long.purchase", language, n=d.purchase_prestige)
        lines.append(cost)
    if d.timeless:
        lines.append(text("long.timeless", language))
    lines.append(text("long.basic", language, benefits=_benefits(d.basic, "long", language, "join.long")))
    if d.genre_bonus:
        lines.append(text("long.genre", language, genre=genre_name(d.genre, language),
                          benefits=_benefits(d.genre_bonus, "long", language, "join.long")))
    return "\n".join(lines)


#: The forms of a card's line, longest first: what a list of cards tries in turn until it fits its room
#: (alt texts hold 1,024 characters); "bare" drops the benefits and is the last resort.
LINE_FORMS = ("short", "tight", "tighter", "bare")


def card_line(d: CardDef, language: str = "en", form: str = "short", *, purchase: bool = False,
              states: tuple[str, ...] = ()) -> str:
    """A card in one line, every card the same way so that a listener learns the pattern (and a test reads it
    back): "Q (mystery, 6¢): 2★ · with 2+ mystery: jail a row card"; a starter "T (starter): 1¢" (never sold,
    so no price). ``form`` is one of LINE_FORMS; ``purchase``: say its purchase prestige (on offer);
    ``states``: already said in ``language`` ("inked" …), after the genre and price."""
    about = [genre_name(d.genre, language)]
    if not d.is_starter:
        about.append(text("line.cost", language, cost=d.cost))
    said = text("line.about_join", language).join([*about, *states])
    if form == "bare":
        return text("line.bare", language, letter=d.letter, about=said)
    benefits = (_short(d, "tight", purchase, language, bonus="line.bonus") if form == "tighter"
                else _short(d, form, purchase, language))
    return text("line.card", language, letter=d.letter, about=said, benefits=benefits)

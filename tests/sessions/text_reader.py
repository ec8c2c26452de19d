"""Reading a seat's view back from words alone: what a player who cannot see the pictures is told.

The patterns are built from the catalogues' templates — the words a translator wrote for "a card in one line",
"the offer row, newest first", "Round 5 · goal 40★" … — never from the functions that say the cards, so what
is read here is only what the text carries. A card is read into its facts (letter, genre, price, timeless, each
benefit with its number, purchase prestige, states): a text that dropped a card's price or genre, or said a
benefit wrongly, reads differently from the engine's card, and the test comparing them fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from hardback_bot.engine.cards import ALL_GENRES, BENEFIT_KINDS, Benefit, CardDef
from hardback_bot.i18n import Translator, translator

CARD = "card text"
ALT = "alt text"
COUNTS = (0, 1, 2, 5, 11, 1000000)  # enough n to meet every plural form of es, fr and ja


class ReadError(AssertionError):
    """The text does not say what the reader expects where it expects it."""


@dataclass(frozen=True)
class Facts:
    """A card as the words describe it."""

    letter: str
    genre: str
    cost: int | None = None  # None: a starter (never sold: no price said)
    timeless: bool = False
    basic: tuple[Benefit, ...] = ()
    bonus: tuple[Benefit, ...] = ()
    purchase: int = 0
    states: tuple[str, ...] = ()
    bare: bool = False  # said without its benefits (the last form of a long list)


def facts_of(d: CardDef, *, purchase: bool = False, states: tuple[str, ...] = ()) -> Facts:
    """What the words must say of ``d``."""
    return Facts(d.letter, d.genre, None if d.is_starter else d.cost, d.timeless, d.basic, d.genre_bonus,
                 d.purchase_prestige if purchase else 0, states)


def pattern(template: str, **groups: str) -> str:
    """A template's regex: its words literal, each ``{name}`` the group given (a repeated one must repeat)."""
    out, seen, at = [], set(), 0
    for found in re.finditer(r"\{(\w+)\}", template):
        out.append(re.escape(template[at:found.start()]))
        name = found.group(1)
        if name not in groups:
            raise KeyError(f"{template!r}: no pattern for {{{name}}}")
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{groups[name]})")
        seen.add(name)
        at = found.end()
    out.append(re.escape(template[at:]))
    return "".join(out)


class Reader:
    """Every pattern of one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.t: Translator = translator(language)
        from hardback_bot.cardtext import STRINGS as CARD_STRINGS

        self.card_strings = CARD_STRINGS
        self.genres = {self.card("genre." + g): g for g in ALL_GENRES}
        self.sep = self.card("sep")
        self.join = self.card("join")
        self.about_join = self.card("line.about_join")
        self.list_join = self.alt("list_join")
        self.benefits = [(re.compile(pattern(self.card(f"{form}.{kind}"), n=r"\d+")), kind)
                         for kind in BENEFIT_KINDS for form in ("short", "tight")
                         if f"{form}.{kind}" in CARD_STRINGS]

    # -- templates ---------------------------------------------------------------------------------
    def card(self, key: str) -> str:
        return self.t.template(CARD, self.card_strings[key])

    def alt(self, key: str) -> str:
        from hardback_bot.sessions.screens.in_words import STRINGS

        entry = STRINGS[key]
        assert isinstance(entry, str), key
        return self.t.template(ALT, entry)

    def alts(self, key: str) -> set[str]:
        """Every form of a plural entry."""
        from hardback_bot.sessions.screens.in_words import STRINGS

        entry = STRINGS[key]
        if isinstance(entry, str):
            return {self.t.template(ALT, entry)}
        return {self.t.template(ALT, entry[0], entry[1], n) for n in COUNTS}

    def face(self, message: str, plural: str | None = None) -> set[str]:
        """A panel's message (the ``face`` domain, no context), every plural form."""
        if plural is None:
            return {self.t.template(None, message)}
        return {self.t.template(None, message, plural, n) for n in COUNTS}

    def number(self, text: str) -> int:
        digits = re.sub(r"[\s\u202f\u00a0.,]", "", text)
        if not digits.isdigit():
            raise ReadError(f"not a number: {text!r}")
        return int(digits)

    # -- a card ------------------------------------------------------------------------------------
    def read_card(self, said: str, *, numbered: bool = False) -> tuple[int | None, Facts]:
        """One card's line ("Q (mystery, 6¢): 2★ · …"), with its number in the offer row when ``numbered``."""
        number = None
        if numbered:
            found = re.fullmatch(pattern(self.alt("numbered"), n=r"\d+", card=".+"), said, re.S)
            if found is None:
                raise ReadError(f"no number: {said!r}")
            number, said = int(found["n"]), found["card"]
        line = re.fullmatch(pattern(self.card("line.card"), letter="[A-Z]", about=".+?", benefits=".+"), said, re.S)
        bare = line is None
        if bare:
            line = re.fullmatch(pattern(self.card("line.bare"), letter="[A-Z]", about=".+"), said, re.S)
            if line is None:
                raise ReadError(f"not a card: {said!r}")
        about = line["about"].split(self.about_join)
        genre = self.genres.get(about[0])
        if genre is None:
            raise ReadError(f"no genre in {said!r}")
        cost = None
        rest = about[1:]
        if genre != "starter":
            found = re.fullmatch(pattern(self.card("line.cost"), cost=r"\d+"), rest[0]) if rest else None
            if found is None or "cost" not in found.groupdict():
                raise ReadError(f"no price in {said!r}")
            cost, rest = int(found["cost"]), rest[1:]
        facts = Facts(line["letter"], genre, cost, states=tuple(rest), bare=bare)
        if bare:
            return number, facts
        return number, self.read_benefits(line["benefits"], facts)

    def read_benefits(self, said: str, facts: Facts) -> Facts:
        timeless, basic, bonus, purchase = False, None, (), 0
        genre_said = [re.compile(pattern(self.card("short.genre"), genre=re.escape(name), benefits=".+"))
                      for name, g in self.genres.items() if g == facts.genre]
        tighter = re.compile(pattern(self.card("line.bonus"), benefits=".+"))
        bought = re.compile(pattern(self.card("short.purchase"), n=r"\d+"))
        for part in said.split(self.sep):
            if part == self.card("short.timeless"):
                timeless = True
            elif found := next((m for r in [*genre_said, tighter] if (m := r.fullmatch(part))), None):
                bonus = self.read_list(found["benefits"])
            elif found := bought.fullmatch(part):
                purchase = int(found["n"])
            elif basic is None:
                basic = () if part == self.card("nothing") else self.read_list(part)
            else:
                raise ReadError(f"two basic parts in {said!r}")
        return Facts(facts.letter, facts.genre, facts.cost, timeless, basic or (), bonus, purchase, facts.states)

    def read_list(self, said: str) -> tuple[Benefit, ...]:
        out = []
        for part in said.split(self.join):
            kind = next(((k, m) for r, k in self.benefits if (m := r.fullmatch(part))), None)
            if kind is None:
                raise ReadError(f"not a benefit: {part!r}")
            name, found = kind
            out.append(Benefit(name, int(found["n"]) if BENEFIT_KINDS[name] else 0))
        return tuple(out)

    def read_cards(self, said: str, *, numbered: bool = False) -> list[tuple[int | None, Facts]]:
        return [self.read_card(item, numbered=numbered) for item in said.split(self.list_join)]

    # -- whole texts -------------------------------------------------------------------------------
    def match(self, templates: set[str], text: str, **groups: str) -> re.Match[str]:
        for template in sorted(templates, key=len, reverse=True):
            found = re.fullmatch(pattern(template, **groups), text, re.S)
            if found is not None:
                return found
        raise ReadError(f"{text!r} is none of {templates!r}")


@cache
def reader(language: str) -> Reader:
    return Reader(language)


# ---------------------------------------------------------------------------------------------- views
@dataclass
class SeenView:
    """A seat's view as read back from words."""

    hand: list[Facts] | None = None
    offer_row: list[Facts] | None = None
    offer_deck: int | None = None
    scores: dict[str, int] = field(default_factory=dict)  # name ("you" for the reader) -> prestige
    to_play: str | None = None
    goal: int | None = None
    round: int | None = None
    team: int | None = None
    penny: int | None = None


def read_hand_alt(alt: str, language: str) -> tuple[list[Facts], dict[str, int]]:
    """The hand picture's alt text: the cards, then the tokens and piles."""
    r = reader(language)
    tail = pattern(r.alt("tokens"), ink=r"\d+", remover=r"\d+", draw=r"\d+", discard=r"\d+")
    found = re.fullmatch(f"(?P<head>.+?){tail}", alt, re.S)
    if found is None:
        raise ReadError(f"no tokens: {alt!r}")
    counts = {k: int(found[k]) for k in ("ink", "remover", "draw", "discard")}
    head = found["head"]
    if head == r.alt("hand_empty"):
        return [], counts
    cards = r.match(r.alts("hand"), head, n=r"\d+", cards=".+")
    facts = [f for _, f in r.read_cards(cards["cards"])]
    if int(cards["n"]) != len(facts):
        raise ReadError(f"{cards['n']} cards said, {len(facts)} read")
    return facts, counts


def read_offer(said: str, language: str) -> tuple[list[Facts], int, bool]:
    """"The offer row, newest first: 1. …; 2. …. 69 cards left in the offer deck.[ You may flush it…]" — the
    cards in their numbered order (the numbers must run 1, 2, 3 …), the offer deck, whether a flush is said."""
    r = reader(language)
    flush = f"(?P<flush>{re.escape(r.alt('flush'))})?"
    head = pattern(r.alt("offer"), cards=".+")
    found = next((m for deck in r.alts("deck")
                  if (m := re.fullmatch(f"{head}{pattern(deck, n=r'[0-9]+')}{flush}", said, re.S))), None)
    if found is None:
        raise ReadError(f"not an offer row: {said!r}")
    numbered = r.read_cards(found["cards"], numbered=True)
    if [n for n, _ in numbered] != list(range(1, len(numbered) + 1)):
        raise ReadError(f"offer row numbers {[n for n, _ in numbered]}")
    return [f for _, f in numbered], int(found["n"]), found["flush"] is not None


def read_table_alt(alt: str, language: str) -> SeenView:
    """The table picture's alt text: scores (or the team and Penny Dreadful), goal, round, the offer row."""
    r = reader(language)
    seen = SeenView()
    read = False
    for head in (r.alt("table"), r.alt("table_over"), r.alt("table_ended"), r.alt("table_coop")):
        start = pattern(head, round=r"\d+", scores=".+?", goal=r"\d+", team=r"\d+", penny=r"\d+")
        penny = pattern(r.alt("penny"), score=r"\d+").replace("(?P<score>", "(?P<penny2>")
        extra = f"(?:{penny})?(?P<final>{re.escape(r.alt('final_round'))})? "
        found = re.match(start + extra, alt, re.S)
        if found is None:
            continue
        rest = alt[found.end():]
        try:
            row, deck, _ = read_offer(rest, language)
        except ReadError:
            continue
        groups = found.groupdict()
        seen.goal = int(groups["goal"])
        seen.round = int(groups["round"]) if groups.get("round") else None
        if groups.get("team"):
            seen.team, seen.penny = int(groups["team"]), int(groups["penny"])
        if groups.get("scores"):
            seen.scores, seen.to_play = read_scores(groups["scores"], language)
        if groups.get("penny2"):
            seen.penny = int(groups["penny2"])
        seen.offer_row, seen.offer_deck = row, deck
        read = True
        break
    if not read:
        raise ReadError(f"not a table: {alt!r}")
    return seen


def read_scores(said: str, language: str) -> tuple[dict[str, int], str | None]:
    r = reader(language)
    scores, active = {}, None
    for part in said.split(r.alt("score_join")):
        found = re.fullmatch(pattern(r.alt("score_active"), name=".+", score=r"\d+"), part) \
            or re.fullmatch(pattern(r.alt("score"), name=".+", score=r"\d+"), part)
        if found is None:
            raise ReadError(f"not a score: {part!r}")
        if found.re.pattern == pattern(r.alt("score_active"), name=".+", score=r"\d+"):
            active = found["name"]
        scores[found["name"]] = int(found["score"])
    return scores, active


# ---------------------------------------------------------------------------------------------- panels
def list_after(lines: list[str], headers: set[str], **groups: str) -> tuple[re.Match[str], list[str]] | None:
    """The list of lines after the first line matching one of ``headers`` ("- …" or "1. …" lines)."""
    for i, line in enumerate(lines):
        for header in headers:
            found = re.fullmatch(pattern(header, **groups), line)
            if found is not None:
                items = []
                for item in lines[i + 1:]:
                    if item.startswith("- ") or re.match(r"\d+\. ", item):
                        items.append(item[2:] if item.startswith("- ") else item)
                    else:
                        break
                return found, items
    return None


def read_standing(lines: list[str], language: str, seen: SeenView) -> None:
    """"Round 5 · goal 40★ · ▶ Ann 12★ · **you** 9★ · Bob 7★" (text mode: "Ann 12★ (to play)"), or co-op's
    "… · **team 20★** vs Penny Dreadful 14★"."""
    r = reader(language)
    heads = r.face("Round {n} · goal {goal}★") | r.face("Final round {n} · goal {goal}★")
    for line in lines:
        for head in heads:
            found = re.match(pattern(head, n=r"\d+", goal=r"\d+"), line)
            if found is None:
                continue
            seen.round, seen.goal = int(found["n"]), int(found["goal"])
            rest = line[found.end():]
            coop = next(iter(r.face("{head} · **team {team}★** vs Penny Dreadful {penny}★")))
            team = re.fullmatch(pattern(coop, head=re.escape(line[:found.end()]), team=r"\d+", penny=r"\d+"), line)
            if team is not None:
                seen.team, seen.penny = int(team["team"]), int(team["penny"])
                return
            you = next(iter(r.face("**you**")))
            to_play = next(iter(r.face("{name} {score}★ (to play)")))
            for part in rest.split(" · ")[1:]:
                marked = re.fullmatch(pattern(to_play, name=".+", score=r"\d+"), part)
                plain = re.fullmatch(r"(?P<mark>▶ )?(?P<name>.+) (?P<score>\d+)★", part)
                found_part = marked or plain
                if found_part is None:
                    raise ReadError(f"not a score: {part!r}")
                name = "you" if found_part["name"] == you else found_part["name"]
                if marked is not None or (plain is not None and plain["mark"]):
                    seen.to_play = name
                seen.scores[name] = int(found_part["score"])
            return
    raise ReadError(f"no scores in {lines!r}")


def read_text_panel(text: str, language: str) -> SeenView:
    """A text-mode hand panel: the hand's list, the offer row's list (where the panel shows it), the scores."""
    r = reader(language)
    lines = text.split("\n")
    seen = SeenView()
    hand = list_after(lines, r.face("**Your hand**, {n} card:", "**Your hand**, {n} cards:"), n=r"\d+")
    if hand is not None:
        seen.hand = [r.read_card(item)[1] for item in hand[1]]
        if int(hand[0]["n"]) != len(seen.hand):
            raise ReadError("hand count")
    elif next(iter(r.face("**Your hand** is empty."))) in lines:
        seen.hand = []
    row = list_after(lines, r.face("**The offer row**, newest first ({n} card left in the offer deck):",
                                   "**The offer row**, newest first ({n} cards left in the offer deck):"), n=r"\d+")
    if row is not None:
        numbered = [r.read_card(item, numbered=True) for item in row[1]]
        if [n for n, _ in numbered] != list(range(1, len(numbered) + 1)):
            raise ReadError("offer numbers")
        seen.offer_row, seen.offer_deck = [f for _, f in numbered], r.number(row[0]["n"])
    read_standing(lines, language, seen)
    return seen


def read_hand_line(text: str, language: str) -> list[tuple[str, str, bool]]:
    """The picture mode's hand line, "**Hand:** V (romance), A (adventure classic) — inked": letter, genre, inked."""
    r = reader(language)
    for line in text.split("\n"):
        if line == next(iter(r.face("**Hand:** empty"))):
            return []
        found = re.fullmatch(pattern(next(iter(r.face("**Hand:** {cards}"))), cards=".+"), line)
        if found is None:
            continue
        out = []
        names = {r.t.gettext(g): g for g in ALL_GENRES}
        inked = next(iter(r.face("{card} — inked")))
        for item in found["cards"].split(r.t.pgettext("list separator", ", ")):
            marked = re.fullmatch(pattern(inked, card=".+"), item)
            said = marked["card"] if marked else item
            card = None
            for template in ("{letter} ({genre})", "{letter} ({genre} classic)"):
                card = re.fullmatch(pattern(next(iter(r.face(template))), letter="[A-Z]", genre=".+?"), said)
                if card is not None and card["genre"] in names:
                    break
                card = None
            if card is None:
                raise ReadError(f"not a card name: {item!r}")
            out.append((card["letter"], names[card["genre"]], marked is not None))
        return out
    raise ReadError("no hand line")


@dataclass
class SeenSlot:
    letter: str
    genre: str
    printed: str | None  # a wild's own letter
    wild: str | None  # "down", "up" or None
    multiplier: int
    coins: int
    prestige: int


def read_earned(said: str, language: str) -> tuple[int, int]:
    r = reader(language)
    if said == r.alt("nothing"):
        return 0, 0
    both = r.t.join(["\x00", "\x01"])
    between = re.escape(both[both.index("\x00") + 1:both.index("\x01")])
    for c in r.alts("coins"):
        for p in r.alts("prestige"):
            coins = pattern(c, n=r"[0-9]+")
            prestige = pattern(p, n=r"[0-9]+").replace("(?P<n>", "(?P<p>")
            for form in (f"{coins}{between}{prestige}", coins, prestige):
                found = re.fullmatch(form, said)
                if found is not None:
                    groups = found.groupdict()
                    return int(groups.get("n") or 0), int(groups.get("p") or 0)
    raise ReadError(f"not earnings: {said!r}")


def read_slot(said: str, language: str) -> SeenSlot:
    """"I (wild: mystery J, face down): nothing", "L (romance, doubled): 4 coins and 1 prestige"."""
    r = reader(language)
    found = re.fullmatch(pattern(r.alt("slot"), letter="[A-Z]", about=".+?", earned=".+"), said, re.S)
    if found is None:
        raise ReadError(f"not a card of the word: {said!r}")
    about = found["about"]
    genre_names = "|".join(re.escape(n) for n in r.genres)
    wild, printed, genre = None, None, None
    for kind, key in (("down", "wild_down"), ("up", "wild_up")):
        head = re.match(pattern(r.alt(key), genre=genre_names, printed="[A-Z]"), about)
        if head is not None:
            wild, printed, genre = kind, head["printed"], r.genres[head["genre"]]
            about = about[head.end():]
            break
    if wild is None:
        head = re.match(genre_names, about)
        if head is None:
            raise ReadError(f"no genre in {said!r}")
        genre, about = r.genres[head.group(0)], about[head.end():]
    multiplier = 1
    for state in [s for s in about.split(r.about_join) if s]:
        if state == r.alt("doubled"):
            multiplier = 2
        elif state == r.alt("tripled"):
            multiplier = 3
    coins, prestige = read_earned(found["earned"], language)
    return SeenSlot(found["letter"], genre, printed, wild, multiplier, coins, prestige)


def read_word_alt(alt: str, language: str) -> tuple[str, int, int, list[SeenSlot], list[SeenSlot]]:
    """The word preview's alt text: the word, its totals, each card's share, the classics paying from outside."""
    r = reader(language)
    head = pattern(r.alt("word"), word="[A-Z]+", coins=r"\d+", prestige=r"\d+")
    by_card = pattern(r.alt("by_card"), cards=".+?")
    classics = f"(?:{pattern(r.alt('classics'), cards='.+?').replace('(?P<cards>', '(?P<classics>')})?"
    genres = f"(?:{pattern(r.alt('genres'), genres='.+?')})?"
    found = re.fullmatch(f"{head}{by_card}{classics}{genres}", alt, re.S)
    if found is None:
        raise ReadError(f"not a word preview: {alt!r}")
    slots = [read_slot(s, language) for s in found["cards"].split(r.list_join)]
    paying = [read_slot(s, language) for s in found["classics"].split(r.list_join)] if found["classics"] else []
    return found["word"], int(found["coins"]), int(found["prestige"]), slots, paying


def read_word_text(text: str, language: str) -> tuple[int, int, list[SeenSlot], list[SeenSlot]]:
    """A text-mode word panel: its totals line, then "Card by card" and "In play, not in the word"."""
    r = reader(language)
    lines = text.split("\n")
    totals = None
    for line in lines:
        for template in (r.face("This arrangement earns **{coins}¢ and {prestige}★**, plus choices: {choices}.")
                         | r.face("This arrangement earns **{coins}¢ and {prestige}★**.")):
            totals = re.fullmatch(pattern(template, coins=r"\d+", prestige=r"\d+", choices=".+"), line) or totals
    if totals is None:
        raise ReadError("no totals")
    cards = list_after(lines, r.face("**Card by card:**"))
    if cards is None:
        raise ReadError("no card by card")
    paying = list_after(lines, r.face("**In play, not in the word:**"))
    return (int(totals["coins"]), int(totals["prestige"]), [read_slot(s, language) for s in cards[1]],
            [read_slot(s, language) for s in paying[1]] if paying else [])


__all__ = ["Facts", "ReadError", "Reader", "SeenSlot", "SeenView", "facts_of", "read_earned", "read_hand_alt",
           "read_hand_line", "read_offer", "read_scores", "read_slot", "read_standing", "read_table_alt",
           "read_text_panel", "read_word_alt", "read_word_text", "reader"]

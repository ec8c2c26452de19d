"""What the renderer draws: small, frozen, plain dataclasses.

The engine's views are adapted into these by a thin layer outside this package, so the renderer
never depends on the rules engine (only on ``engine.cards`` for printed card facts).  Every model is
frozen and made of tuples, ints, strings and other models, so it is hashable: the card-face cache is
keyed by ``CardFace`` itself.

Vocabulary follows RULES.md Part A: wild, inked, cleared (by remover), uncovered, timeless classic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

GenreName = str  # 'starter', 'adventure', 'horror', 'mystery', 'romance'


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as it should look right now.

    ``card_id`` is a card *instance* id (coin starters of seat s are ``def id + 1000*(s+1)``);
    the renderer only needs the printed definition, so any instance of a card draws the same face.
    """

    card_id: int
    #: Set when the card is played face down as a wild (R1.6): the letter it stands for.  With
    #: ``uncovered`` the card is face up again but keeps this letter (R14.3).
    wild_letter: str | None = None
    #: Drawn with ink and not yet cleared (R1.7): must be used face up.
    inked: bool = False
    #: An inked card cleared by remover (R6.5): an ordinary hand card again.
    cleared: bool = False
    #: A wild turned face up by a mystery uncover (R14).
    uncovered: bool = False
    #: 1, 2 (doubled) or 3 (tripled) (R13.3).  Multiplied numbers are drawn highlighted.
    multiplier: int = 1
    #: In a player's jail (R17); ``owner`` may name the jailer.
    jailed: bool = False
    #: Another player's timeless classic used in this word: gives nothing to anyone (R10.1, E23).
    foreign_classic: bool = False
    #: Name shown on a small tag: the owner of a foreign classic or the jailer of a jailed card.
    owner: str | None = None
    #: Whether the card's genre is active in the word being shown; ``None`` = not in a word
    #: (genre benefits drawn normally).  ``False`` dims the genre band (R10.3).
    genre_active: bool | None = None
    #: Drawn dimmed (e.g. an offer-row card the player cannot afford).
    dimmed: bool = False
    #: A face-down wild that also shows which card it is (its printed letter and genre) at its foot:
    #: the speller's own word preview, where that is what the wild gives up.
    source_shown: bool = False


@dataclass(frozen=True, slots=True)
class OfferRowImage:
    """The shared offer row (R18), cards in age order, **newest first** (newest shown leftmost)."""

    cards: tuple[CardFace, ...]
    deck_count: int
    flush_available: bool = False
    #: Optional coins of the viewer, shown in the header ("you have 7¢").
    coins: int | None = None


@dataclass(frozen=True, slots=True)
class HandImage:
    """A player's private hand: ordinary cards, inked cards set apart, token counts."""

    cards: tuple[CardFace, ...]
    inked: tuple[CardFace, ...] = ()
    ink: int = 0
    remover: int = 0
    #: Title line, e.g. the player's name; optional.
    title: str | None = None
    #: Cards left in the draw and discard piles, shown small when given.
    draw_count: int | None = None
    discard_count: int | None = None


@dataclass(frozen=True, slots=True)
class WordSlot:
    """One card of the arranged word and what it earns this turn (after uncover and double)."""

    face: CardFace
    coins: int = 0
    prestige: int = 0
    #: A short note for choices and abilities still to come: "4¢ or 4★", "ink or remover", "jail".
    note: str | None = None
    #: The card (instance id) played face down as this slot's wild, or None for a face-up card.  The
    #: preview marks it: the back shows the card's printed letter and genre, the caption names it.
    wild_from: int | None = None


@dataclass(frozen=True, slots=True)
class GenreCount:
    """How many cards count for a genre (R10.4); active at 2 or more."""

    genre: GenreName
    count: int

    @property
    def active(self) -> bool:
        return self.count >= 2


@dataclass(frozen=True, slots=True)
class WordPreview:
    """The word a player is about to confirm, with each card's earnings and the totals."""

    slots: tuple[WordSlot, ...]
    genres: tuple[GenreCount, ...] = ()
    coins: int = 0
    prestige: int = 0
    #: Own timeless classics in play that are *not* in the word but still pay (R10.6).
    classics: tuple[WordSlot, ...] = ()
    #: Optional remarks under the totals, e.g. "choose: 4¢ or 4★", "trash A for 3¢?".
    notes: tuple[str, ...] = ()

    @property
    def word(self) -> str:
        from hardback_bot.engine.cards import card

        return "".join(s.face.wild_letter or card(s.face.card_id).letter for s in self.slots)


@dataclass(frozen=True, slots=True)
class PlayerPanel:
    """One seat on the public table."""

    name: str
    score: int
    ink: int = 0
    remover: int = 0
    #: This player's timeless classics in play (R10), drawn small.
    classics: tuple[CardFace, ...] = ()
    #: The card in this player's jail, if any (R17).
    jail: CardFace | None = None
    #: Prestige of the literary award held (R24), or None.  While playing it is added at the end
    #: ("+6★ at the end"); in a finished game ``score`` already includes it, as the results do.
    award: int | None = None
    #: Number of adverts bought so far, 0–5 (R25).
    adverts: int = 0
    #: Cards in hand (public count); None hides it.
    hand_count: int | None = None
    is_bot: bool = False
    #: Final place (R22.6) once the game has finished; shown instead of "to play".
    place: int | None = None


@dataclass(frozen=True, slots=True)
class PennyPanel:
    """Penny Dreadful in co-op (R29): her score and signature genre (None = no signature)."""

    score: int
    genre: GenreName | None = None


@dataclass(frozen=True, slots=True)
class TableImage:
    """The public table message: scores toward the goal, tokens, classics, jails, offer row."""

    players: tuple[PlayerPanel, ...]
    active_seat: int
    goal: int
    offer_row: OfferRowImage | None = None
    #: Co-op: Penny's panel; the players then share one team score (R29.2).
    penny: PennyPanel | None = None
    #: Co-op team score (R29.2); defaults to the highest seat score when None.
    team_score: int | None = None
    awards_on: bool = False
    adverts_on: bool = False
    round_number: int | None = None
    final_round: bool = False
    #: "playing", "finished" (the game reached its end: final scores and places) or "ended" (stopped
    #: early).  Once over, no banner says "Final round" and no seat is "to play".
    status: str = "playing"


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One line of the final ranking (R22.4, places numbered like sports tables, R22.6)."""

    place: int
    name: str
    score: int
    ink: int = 0
    award_points: int = 0


@dataclass(frozen=True, slots=True)
class ScoreSeries:
    """A player's (or Penny's) score after each round, for the chart."""

    name: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ResultsImage:
    """The end of a game: ranking and a per-round score chart."""

    ranking: tuple[ResultRow, ...]
    series: tuple[ScoreSeries, ...] = ()
    goal: int | None = None
    #: Co-op outcome line, e.g. "The team beat Penny Dreadful 184–170"; None in competitive games.
    headline: str | None = None
    extra: tuple[str, ...] = field(default=())

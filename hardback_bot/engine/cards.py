"""Card facts, loaded once from the project's own YAML (``hardback_bot/data/cards.yaml``).

A *card definition* is one distinct card as printed.  A *card instance id* names one physical
card in a game: genre cards and prestige starters exist once, so their instance id is their
definition id; coin starters exist once per seat, so seat ``s`` owns instance
``definition id + 1000 * (s + 1)`` (seat 0's starter T is ``1156``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

GENRES = ("adventure", "horror", "mystery", "romance")
ALL_GENRES = ("starter", *GENRES)

#: Benefit kinds the engine resolves, and whether the token carries a number.
BENEFIT_KINDS: dict[str, bool] = {
    "coins": True,
    "prestige": True,
    "either_coins_or_prestige": True,
    "ink_or_remover": False,
    "uncover_adjacent": False,
    "double_adjacent": False,
    "jail": False,
    "trash_for_coins": True,
    "trash_for_prestige": True,
    "dump_discard_for_coins": True,
    "coins_per_adventure": True,
    "prestige_per_inked_card": True,
    "prestige_per_wild": True,
    "preview": True,
}

STARTER_SEAT_BASE = 1000


class CardDataError(ValueError):
    """The card YAML holds something the engine does not understand."""


@dataclass(frozen=True, slots=True)
class Benefit:
    kind: str
    value: int = 0

    @classmethod
    def parse(cls, token: str) -> Benefit:
        kind, _, number = token.partition(":")
        if kind not in BENEFIT_KINDS:
            raise CardDataError(f"unknown benefit token {token!r}")
        if BENEFIT_KINDS[kind] != bool(number):
            raise CardDataError(f"benefit token {token!r} has the wrong form")
        return cls(kind, int(number) if number else 0)

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}" if BENEFIT_KINDS[self.kind] else self.kind


@dataclass(frozen=True, slots=True)
class CardDef:
    id: int
    genre: str
    letter: str
    cost: int
    purchase_prestige: int
    timeless: bool
    basic: tuple[Benefit, ...]
    genre_bonus: tuple[Benefit, ...]
    copies: str  # "1" or "per_player"

    @property
    def is_starter(self) -> bool:
        return self.genre == "starter"

    def benefits(self, genre_active: bool) -> tuple[Benefit, ...]:
        return self.basic + self.genre_bonus if genre_active else self.basic

    def has(self, kind: str) -> bool:
        return any(b.kind == kind for b in self.basic + self.genre_bonus)

    def describe(self) -> str:
        kind = "timeless classic" if self.timeless else "card"
        return f"{self.genre} {self.letter} ({self.cost}¢ {kind}, #{self.id})"


def _load() -> dict[int, CardDef]:
    text = resources.files("hardback_bot.data").joinpath("cards.yaml").read_text(encoding="utf-8")
    # libyaml's parser when PyYAML has it (its wheels do): every process reads this file once, a sixth of the time.
    raw = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["cards"]
    cards: dict[int, CardDef] = {}
    for entry in raw:
        genre = entry["genre"]
        if genre not in ALL_GENRES:
            raise CardDataError(f"card {entry['id']}: unknown genre {genre!r}")
        letter = str(entry["letter"])
        if len(letter) != 1 or not ("A" <= letter <= "Z"):
            raise CardDataError(f"card {entry['id']}: bad letter {letter!r}")
        card = CardDef(
            id=int(entry["id"]),
            genre=genre,
            letter=letter,
            cost=int(entry["cost"]),
            purchase_prestige=int(entry.get("purchase_prestige", 0)),
            timeless=bool(entry.get("timeless", False)),
            basic=tuple(Benefit.parse(t) for t in entry.get("basic") or ()),
            genre_bonus=tuple(Benefit.parse(t) for t in entry.get("genre_bonus") or ()),
            copies=str(entry.get("copies", "1")),
        )
        if card.id in cards:
            raise CardDataError(f"card id {card.id} appears twice")
        if card.is_starter and card.genre_bonus:
            raise CardDataError(f"starter {card.id} has genre benefits")
        cards[card.id] = card
    return cards


@cache
def card_defs() -> dict[int, CardDef]:
    """Every distinct card by definition id (loaded once per process)."""
    return _load()


def genre_card_ids() -> list[int]:
    return [c.id for c in card_defs().values() if not c.is_starter]


def coin_starter_ids() -> list[int]:
    return [c.id for c in card_defs().values() if c.is_starter and c.copies == "per_player"]


def prestige_starter_ids() -> list[int]:
    return [c.id for c in card_defs().values() if c.is_starter and c.copies != "per_player"]


def definition_id(instance_id: int) -> int:
    return instance_id % STARTER_SEAT_BASE


def starter_instance(def_id: int, seat: int) -> int:
    return def_id + STARTER_SEAT_BASE * (seat + 1)


def card(instance_id: int) -> CardDef:
    """The definition of a physical card; raises KeyError for an unknown id."""
    return card_defs()[definition_id(instance_id)]

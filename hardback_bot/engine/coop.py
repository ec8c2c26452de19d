"""Co-op against Penny Dreadful (RULES.md R29): her score and signature genre, the hooks other steps
call when a card is bought, ink is spent or a card enters the offer row, the goal and the result.

Penny's own turn (R29.4) is in penny.py; the team's one shared score (R29.2) is Table.add_prestige.
None of these functions ends the game: those that let Penny gain say whether she reached her goal, and
their caller then ends it at once (R29.8, game_end.finish), so that this room stays below the end of
the game.
"""

from __future__ import annotations

from .cards import GENRES, card
from .errors import IllegalMove
from .events import ClassicDiscarded, Event, PennyGain, PennyReason, Standing
from .state import BUY, SPELL
from .stats import PennyStats
from .table import Table


def setup_penny(table: Table) -> None:
    """R3.6, R29.3: Penny starts at 0; a random signature genre is drawn at setup."""
    genre = table.options.penny_genre
    if genre == "random":
        genre = table.rng.choice(list(GENRES))
    table.state.penny = {"score": 0, "team": 0, "genre": genre, "turns": 0, "claimed": []}


def penny_gain(table: Table, amount: int, reason: PennyReason, events: list[Event]) -> bool:
    """Penny scores ``amount``; True when that reaches her goal and the game must end now (R29.8)."""
    penny = table.state.penny
    penny["score"] += amount
    events.append(PennyGain(prestige=amount, reason=reason, score=penny["score"]))
    return penny["score"] >= table.goal and not table.finished


def team_or_penny_at_goal(table: Table) -> bool:
    """R29.4 step 1, R29.8: checked when a player's turn ends, before Penny plays."""
    penny = table.state.penny
    return penny["team"] >= table.goal or penny["score"] >= table.goal


def _row_has(table: Table, genre: str) -> bool:
    return any(card(c).genre == genre for c in table.state.offer_row)


# ---------------------------------------------------------------------------- signatures (R29.3)
def penny_ink_gain(table: Table, ink: int) -> int:
    """Prestige Penny would gain if ``ink`` ink were spent now (horror signature, R29.3)."""
    if not table.options.coop or table.state.penny.get("genre") != "horror":
        return 0
    return ink if _row_has(table, "horror") else 0


def penny_ink_refused(table: Table, ink: int) -> bool:
    """R29.8: whether spending ``ink`` now would hand Penny the game outside spelling or buying (refused)."""
    gain = penny_ink_gain(table, ink)
    return bool(gain) and table.state.penny["score"] + gain >= table.goal and table.turn.phase not in (SPELL, BUY)


def check_penny_ink(table: Table, seat: int, ink: int) -> None:
    """R29.8: spending ink that would hand Penny the game is allowed only during spelling or buying.

    The bot asks the player to confirm such a move before sending it; the engine enforces the timing (and
    leaves the refused ink out of the legal moves).
    """
    if penny_ink_refused(table, ink):
        penny = table.state.penny
        raise IllegalMove.of("penny_wins", ink=ink, penny=penny["score"], goal=table.goal)


def penny_on_ink(table: Table, ink: int, events: list[Event]) -> bool:
    """Horror signature: 1 prestige per ink spent while a horror card is in the offer row.
    True when Penny reached her goal."""
    gain = penny_ink_gain(table, ink)
    return bool(gain) and penny_gain(table, gain, "horror", events)


def penny_on_buy(table: Table, events: list[Event]) -> bool:
    """Adventure signature: checked after the bought card left the row, before the refill.
    True when Penny reached her goal."""
    if table.state.penny.get("genre") == "adventure" and _row_has(table, "adventure"):
        return penny_gain(table, 1, "adventure", events)
    return False


def claim_value(table: Table, cid: int) -> int:
    """R29.4 step 2: the claimed card's cost, twice over for a romance card with the romance signature."""
    c = card(cid)
    return c.cost * (2 if table.state.penny["genre"] == "romance" and c.genre == "romance" else 1)


def mystery_removal(table: Table, claimed: int) -> int | None:
    """Mystery signature: after claiming a mystery card Penny also removes the cheapest row card (ties:
    alphabetically first letter, then the most recently added), or None."""
    row = table.state.offer_row
    if table.state.penny["genre"] != "mystery" or card(claimed).genre != "mystery" or not row:
        return None
    order = {cid: i for i, cid in enumerate(row)}
    return min(row, key=lambda x: (card(x).cost, card(x).letter, -order[x]))


# ---------------------------------------------------------------------------- timeless classics (R29.6)
def row_added(table: Table, cid: int, events: list[Event]) -> None:
    """R29.6: each card added during your turn (or Penny's that follows) discards your oldest
    exposed timeless classic of its genre."""
    p = table.player(table.turn.seat)
    genre = card(cid).genre
    for classic in p.timeless:
        if card(classic).genre == genre:
            p.timeless.remove(classic)
            p.discard.append(classic)
            events.append(ClassicDiscarded(seat=p.seat, card=classic, by=cid))
            return


# ---------------------------------------------------------------------------- result (R29.9)
def coop_results(table: Table) -> list[Standing]:
    """R29.9: awards are added after the end; the team wins only with more than Penny."""
    penny = table.state.penny
    award = max((p.award for p in table.state.players), default=0)
    team = penny["team"] + award
    won = team > penny["score"]
    return [Standing(seat=p.seat, prestige=team, award=award, ink=p.ink, rank=1 if won else 2, won=won,
                     margin=team - penny["score"], penny=penny["score"])
            for p in table.state.players]


def penny_stats(table: Table) -> PennyStats:
    """R34: Penny's table statistics."""
    penny = table.state.penny
    return PennyStats(score=penny["score"], turns=penny["turns"], genre=penny["genre"])

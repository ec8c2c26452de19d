"""Table variants: votes on invalid words (R27), co-op against Penny Dreadful (R29) and the
ghostwriter (R30).  The core game calls in here at fixed points so the variants never tangle the
competitive rules; each function says which rule it implements.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import GENRES, card
from .errors import IllegalMove
from .moves import Move, WordCard
from .state import BUY, SPELL, VOTE

if TYPE_CHECKING:
    from .game import Event, Game


# ---------------------------------------------------------------------------- votes (R27.3-R27.5)
def voters(game: Game) -> list[int]:
    return [s for s in range(game.num_players) if s != game.state.turn.seat]


def start_vote(game: Game, seat: int, cards: tuple[WordCard, ...], word: str) -> list[Event]:
    t = game.state.turn
    t.extra["vote"] = {"cards": [[w.card, w.wild] for w in cards], "word": word, "votes": {}}
    t.phase = VOTE
    return [{"type": "vote_start", "seat": seat, "word": word, "voters": voters(game)}]


def vote_moves(game: Game, seat: int) -> list[Move]:
    vote = game.state.turn.extra.get("vote")
    if vote is None or seat not in voters(game) or str(seat) in vote["votes"]:
        return []
    return [Move("vote", choice="accept"), Move("vote", choice="reject"), Move("timeout")]


def _outcome(game: Game, votes: dict[str, bool]) -> bool | None:
    """True accepted, False refused, None not settled yet (R27.4, E33)."""
    n = len(voters(game))
    accepts = sum(1 for v in votes.values() if v)
    rejects = len(votes) - accepts
    if game.options.vote == "unanimous":
        if rejects:
            return False
        return True if accepts == n else None
    if 2 * accepts >= n:  # ties accept
        return True
    if 2 * rejects > n or len(votes) == n:
        return False
    return None


def cast_vote(game: Game, seat: int, m: Move) -> list[Event]:
    t = game.state.turn
    vote = t.extra.get("vote")
    if t.phase != VOTE or vote is None:
        raise IllegalMove.of("no_vote")
    if seat == t.seat:
        raise IllegalMove.of("own_word", move="vote")
    if str(seat) in vote["votes"]:
        raise IllegalMove.of("already_voted")
    accept = m.choice == "accept"
    vote["votes"][str(seat)] = accept
    game.player(seat).stats["votesAccept" if accept else "votesReject"] += 1
    events: list[Event] = [{"type": "vote", "seat": seat, "accept": accept, "word": vote["word"]}]
    result = _outcome(game, vote["votes"])
    if result is None:
        return events
    cards = tuple(WordCard(c, w) for c, w in vote["cards"])
    word = vote["word"]
    del t.extra["vote"]
    t.phase = SPELL
    if result:
        events.append({"type": "vote_result", "seat": t.seat, "word": word, "accepted": True})
        slots, _ = game.check_word(t.seat, cards)
        return events + game._accept_word(t.seat, slots, word)
    game.player(t.seat).stats["invalidWords"] += 1
    game.state.table_stats["invalidWords"] += 1
    events.append({"type": "vote_result", "seat": t.seat, "word": word, "accepted": False})
    return events


def vote_timeout(game: Game, seat: int) -> list[Event]:
    """R33.2: an absent voter votes accept."""
    return cast_vote(game, seat, Move("vote", choice="accept"))


# ---------------------------------------------------------------------------- ghostwriter (R30)
def _ghost(game: Game) -> dict[str, Any] | None:
    return game.state.turn.extra.get("ghost")


def request_ghostwriter(game: Game, seat: int) -> list[Event]:
    if not game.options.ghostwriter:
        raise IllegalMove.of("not_available", option="ghostwriter")
    game._require_turn(seat, SPELL)
    if _ghost(game) is not None:
        raise IllegalMove.of("already_asked")
    game.state.turn.extra["ghost"] = {"suggestions": [], "adopted": None, "writer": None, "inked": 0}
    return [{"type": "ghostwriter", "seat": seat, "hand": list(game.player(seat).hand),
             "inked": list(game.player(seat).inked)}]


def can_spell(game: Game, seat: int, word: str) -> bool:
    """Whether ``seat``'s usable cards can spell ``word`` under R7 (letters only, not value)."""
    p = game.player(seat)
    need = Counter(word.upper())
    inked = Counter(card(c).letter for c in p.inked)
    if any(need[letter] < n for letter, n in inked.items()) or len(word) < 2:
        return False
    need -= inked
    classics = Counter(card(c).letter for c, _ in game.classics_in_play())
    wild_capable = len(p.hand) - len(p.inked)
    # Classics can supply only their own letter; every other hand card can supply any letter.
    shortfall = sum(max(0, n - classics[letter]) for letter, n in need.items())
    return shortfall <= wild_capable


def suggest_word(game: Game, seat: int, m: Move) -> list[Event]:
    t = game.state.turn
    ghost = _ghost(game)
    if ghost is None or t.phase != SPELL:
        raise IllegalMove.of("no_request")
    if seat == t.seat:
        raise IllegalMove.of("own_word", move="suggest")
    word = m.choice or ""
    if any(s == seat and w == word for s, w in ghost["suggestions"]):
        raise IllegalMove.of("already_suggested", word=word)
    if not can_spell(game, t.seat, word):
        raise IllegalMove.of("cannot_spell", word=word, seat=t.seat)
    in_dictionary = game.options.dictionary != "none" and game.checker.is_word(word)
    if not in_dictionary and game.options.vote == "off":
        raise IllegalMove.of("not_a_word", word=word)
    ghost["suggestions"].append([seat, word])
    return [{"type": "suggestion", "seat": seat, "word": word, "index": len(ghost["suggestions"]),
             "in_dictionary": in_dictionary}]


def adopt_suggestion(game: Game, seat: int, m: Move) -> list[Event]:
    game._require_turn(seat, SPELL)
    ghost = _ghost(game)
    if ghost is None or not ghost["suggestions"]:
        raise IllegalMove.of("no_suggestion")
    index = (m.number or 0) - 1
    if not 0 <= index < len(ghost["suggestions"]):
        raise IllegalMove.of("bad_suggestion", count=len(ghost["suggestions"]))
    ghost["adopted"] = index
    who, word = ghost["suggestions"][index]
    return [{"type": "adopt", "seat": seat, "by": who, "word": word}]


def note_accepted_word(game: Game, word: str, inked_used: int) -> None:
    """R30.2: at acceptance, decide who (if anyone) ghostwrote the word."""
    ghost = _ghost(game)
    if ghost is None:
        return
    suggestions = ghost["suggestions"]
    adopted = ghost["adopted"]
    if adopted is not None and suggestions[adopted][1] == word:
        ghost["writer"] = suggestions[adopted][0]
    else:
        ghost["writer"] = next((s for s, w in suggestions if w == word), None)
    ghost["inked"] = inked_used


def pay_ghostwriter(game: Game, events: list[Event]) -> None:
    """R30.3-R30.4: at the speller's cleanup, 1 ink plus the ink of the inked cards used."""
    ghost = _ghost(game)
    if ghost is None or ghost["writer"] is None:
        return
    amount = 1 + ghost["inked"]
    game.player(ghost["writer"]).ink += amount  # from the supply: never Penny's horror signature (R30.5)
    events.append({"type": "ghostwriter_paid", "seat": ghost["writer"], "ink": amount,
                   "for": game.state.turn.seat})


# ---------------------------------------------------------------------------- co-op (R29)
def setup_penny(game: Game) -> None:
    genre = game.options.penny_genre
    if genre == "random":
        genre = game._rng.choice(list(GENRES))
    game.state.penny = {"score": 0, "team": 0, "genre": genre, "turns": 0, "claimed": []}


def add_team_prestige(game: Game, amount: int) -> None:
    game.state.penny["team"] += amount  # R29.2: one shared score


def _penny_gain(game: Game, amount: int, reason: str, events: list[Event]) -> None:
    penny = game.state.penny
    penny["score"] += amount
    events.append({"type": "penny_gain", "prestige": amount, "reason": reason, "score": penny["score"]})
    if penny["score"] >= game.goal and not game.state.finished:
        game._finish(events)  # R29.8: the game ends at once


def _row_has(game: Game, genre: str) -> bool:
    return any(card(c).genre == genre for c in game.state.offer_row)


def penny_ink_gain(game: Game, ink: int) -> int:
    """Prestige Penny would gain if ``ink`` ink were spent now (horror signature, R29.3)."""
    if not game.options.coop or game.state.penny.get("genre") != "horror":
        return 0
    return ink if _row_has(game, "horror") else 0


def check_penny_ink(game: Game, seat: int, ink: int) -> None:
    """R29.8: spending ink that would hand Penny the game is allowed only during spelling or buying.

    The bot asks the player to confirm such a move before sending it; the engine enforces the timing.
    """
    gain = penny_ink_gain(game, ink)
    if gain and game.state.penny["score"] + gain >= game.goal and game.state.turn.phase not in (SPELL, BUY):
        raise IllegalMove.of("penny_wins", ink=ink, penny=game.state.penny["score"], goal=game.goal)


def penny_on_ink(game: Game, seat: int, ink: int, events: list[Event]) -> None:
    gain = penny_ink_gain(game, ink)
    if gain:
        _penny_gain(game, gain, "horror", events)


def penny_on_buy(game: Game, events: list[Event]) -> None:
    # Adventure signature: checked after the bought card left the row, before the refill.
    if game.state.penny.get("genre") == "adventure" and _row_has(game, "adventure"):
        _penny_gain(game, 1, "adventure", events)


def coop_row_added(game: Game, cid: int, events: list[Event]) -> None:
    """R29.6: each card added during your turn (or Penny's that follows) discards your oldest
    exposed timeless classic of its genre."""
    p = game.player(game.state.turn.seat)
    genre = card(cid).genre
    for classic in p.timeless:
        if card(classic).genre == genre:
            p.timeless.remove(classic)
            p.discard.append(classic)
            events.append({"type": "classic_discarded", "seat": p.seat, "card": classic, "by": cid})
            return


def _team_or_penny_at_goal(game: Game) -> bool:
    penny = game.state.penny
    return penny["team"] >= game.goal or penny["score"] >= game.goal


def penny_turn(game: Game, events: list[Event]) -> bool:
    """R29.4: Penny's turn after a player's turn.  Returns True when the game ended."""
    if game.state.finished:
        return True
    if _team_or_penny_at_goal(game):
        game._finish(events)
        return True
    s = game.state
    penny = s.penny
    penny["turns"] += 1
    events.append({"type": "penny_turn"})
    if s.offer_row:  # E1: with an empty row she claims nothing
        claimed = s.offer_row.pop(0)
        c = card(claimed)
        value = c.cost * (2 if penny["genre"] == "romance" and c.genre == "romance" else 1)
        s.removed.append(claimed)
        penny["claimed"].append(value)
        events.append({"type": "penny_claim", "card": claimed, "prestige": value})
        game._refill_one(events=events)
        if penny["genre"] == "mystery" and c.genre == "mystery" and s.offer_row:
            # Cheapest card; ties: alphabetically first letter, then the most recently added.
            order = {cid: i for i, cid in enumerate(s.offer_row)}
            cheapest = min(s.offer_row, key=lambda x: (card(x).cost, card(x).letter, -order[x]))
            s.offer_row.remove(cheapest)
            s.removed.append(cheapest)
            events.append({"type": "penny_remove", "card": cheapest})
            game._refill_one(events=events)
        if value:
            _penny_gain(game, value, "claim", events)
    else:
        penny["claimed"].append(0)
    return s.finished


def coop_results(game: Game) -> list[dict[str, Any]]:
    """R29.9: awards are added after the end; the team wins only with more than Penny."""
    penny = game.state.penny
    award = max((p.award for p in game.state.players), default=0)
    team = penny["team"] + award
    won = team > penny["score"]
    return [{"seat": p.seat, "prestige": team, "award": award, "ink": p.ink, "rank": 1 if won else 2,
             "won": won, "margin": team - penny["score"], "penny": penny["score"]}
            for p in game.state.players]


def penny_stats(game: Game) -> dict[str, Any]:
    penny = game.state.penny
    turns = penny["turns"]
    return {"coopScore": penny["score"], "coopTurns": turns, "coopGenre": penny["genre"],
            "coopAvg": round(penny["score"] / turns, 2) if turns else 0}

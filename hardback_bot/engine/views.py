"""What each seat may see (RULES.md R28) and what spectators see.

Views are plain dicts and are the only game data the bot and the renderer receive; a player's legal moves
are :class:`~hardback_bot.engine.moves.Move` values (their text is ``str(move)``), everything else is JSON-ready.
No view ever holds another player's hand (unless hands are open) or the order of any draw pile:
draw piles appear as counts, and a player's own draw pile as a sorted list of its contents (R28.3).
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .state import OVER, SPELL


def _turn_view(game: Game, viewer: int | None) -> dict[str, Any]:
    t = game.state.turn
    view: dict[str, Any] = {"seat": t.seat, "phase": game.phase, "round": game.state.round}
    if t.phase != SPELL and t.phase != OVER:
        # The word and everything resolved in a turn are public (R28.1).
        view.update(
            word=[s.to_list() for s in t.word],
            letters="".join(s.letter for s in t.word),
            counts=dict(t.counts),
            coins=t.coins,
            trashed=list(t.trashed),
            pending=game.pending(),
            preview_count=len(t.preview_cards),
        )
        if viewer != t.seat and view["pending"] and "cards" in view["pending"]:
            view["pending"] = {"phase": view["pending"]["phase"]}  # previewed cards are the speller's secret
    return view


def _player_view(game: Game, seat: int, full: bool, open_hands: bool) -> dict[str, Any]:
    p = game.player(seat)
    view: dict[str, Any] = {
        "seat": seat,
        "prestige": game.scores()[seat],
        "ink": p.ink,
        "remover": p.remover,
        "adverts": p.adverts,
        "award": p.award,
        "timeless": list(p.timeless),
        "jail": p.jail,
        "inked": list(p.inked),  # R6.10: inked cards are public
        "hand_count": len(p.hand),
        "draw_count": len(p.draw),
        "discard_count": len(p.discard),
    }
    ghost_public = game.state.turn.seat == seat and game.state.turn.extra.ghost is not None  # R30.1
    if full or open_hands or ghost_public:
        view["hand"] = list(p.hand)
        view["cleared"] = list(p.cleared)
    if full or open_hands:
        view["discard"] = list(p.discard)
        view["draw_contents"] = sorted(p.draw)  # contents, never the order (R28.2, R28.3)
    return view


def _table_view(game: Game, viewer: int | None) -> dict[str, Any]:
    s = game.state
    view: dict[str, Any] = {
        "num_players": game.num_players,
        "options": game.options.to_dict(),
        "goal": game.goal,
        "offer_row": list(reversed(s.offer_row)),  # newest first, as shown (R18.1)
        "offer_deck_count": len(s.offer_deck),
        "removed_count": len(s.removed),
        "final_round": s.final_round,
        "finished": s.finished,
        "turn": _turn_view(game, viewer),
        "score_history": [list(r) for r in s.score_history],
    }
    if game.options.coop:
        view["penny"] = {k: v for k, v in s.penny.items() if k != "claimed"}
    ghost = s.turn.extra.ghost
    if ghost is not None:  # the request and every suggestion are public (R30.1-R30.2)
        view["ghostwriter"] = {"suggestions": [list(x) for x in ghost.suggestions], "adopted": ghost.adopted}
    vote = s.turn.extra.vote
    if vote is not None:
        view["vote"] = {"word": vote.word, "voted": sorted(vote.votes)}
    if s.finished:
        view["results"] = game.results()
    return view


def player_view(game: Game, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may see, plus their legal moves right now."""
    view = _table_view(game, seat)
    open_hands = game.options.hands_open
    view["you"] = seat
    view["players"] = [_player_view(game, s, s == seat, open_hands) for s in range(game.num_players)]
    view["legal_moves"] = game.legal_moves(seat)  # Move values
    spell = game.spell_options(seat)
    view["can_spell"] = spell is not None
    return view


def public_view(game: Game) -> dict[str, Any]:
    """What a spectator sees: only public information (open hands show hands, R28.2)."""
    view = _table_view(game, None)
    open_hands = game.options.hands_open
    view["players"] = [_player_view(game, s, False, open_hands) for s in range(game.num_players)]
    return view

"""Forged custom_ids against a real database of each kind: whatever a modified client sends, the game it
names is looked up safely (no 64-bit overflow, no driver error) and refused unless the click comes from
that game's own channel; nothing is written."""

from __future__ import annotations

import random

from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.access import Origin
from hardback_bot.sessions.codec import MAX_GAME_ID, ForgedId, parse
from hardback_bot.store import Store

from .conftest import playing_game

PIECES = ["hb:", ":", "m", "l", "h", "x", "g", "e", "a", "w", "s", "sel", "S.", "~", "_", "0", "1", "7",
          "9" * 19, str(MAX_GAME_ID), str(MAX_GAME_ID + 1), "18446744073709551616", "ink", "end", "timeout", "."]


def forged_ids(game_id: int, count: int) -> list[str]:
    """Custom_ids shaped like ours, with every part drawn from the odd and the huge."""
    rng = random.Random(28)
    games = [game_id, 0, 1, MAX_GAME_ID, MAX_GAME_ID + 1, 2**64, 10**19 - 1, rng.randrange(2**63)]
    args = ["", "r", "d", "w", "join", "ai3", "ai0", "end", "sel", "sel99", "arr", "adopt", "suggest", "skip",
            "leave", "ink", "timeout", "S.", "S.zz", "buy_1~end", "~~", "x" * 90]
    ids = []
    for _ in range(count):
        kind = rng.choice("lhmswagxeqz")
        number = rng.choice([0, 1, 999_999_999, 10**9, rng.randrange(10**12)])
        arg = rng.choice(args) if rng.random() < 0.8 else "".join(rng.choice(PIECES) for _ in range(3))
        ids.append(f"hb:{kind}:{rng.choice(games)}:{number}:{arg}")
    return ids


async def test_forged_ids_are_refused_by_the_database_lookup(store: Store) -> None:
    game_id, version = await playing_game(store, channel=1, guild=10)
    sessions = Sessions(store)
    elsewhere = Origin(guild_id=20, channel_id=2, user_id=100)
    home = Origin(guild_id=10, channel_id=1, user_id=100)
    parsed = 0
    for custom_id in forged_ids(game_id, 3000):
        try:
            action = parse(custom_id)
        except ForgedId:
            continue
        parsed += 1
        try:
            await sessions.admit(action.game_id, elsewhere)
        except SessionError as error:
            assert error.code in ("no_game", "elsewhere"), (custom_id, error.code)
        else:
            raise AssertionError(f"{custom_id} was admitted from another server")
        if action.game_id == game_id:
            assert (await sessions.admit(action.game_id, home)).id == game_id  # its own channel: admitted
    assert parsed >= 50, "the generator reaches the database"
    record = await store.games.get_game(game_id, with_state=False)
    assert record.version == version and await store.games.get_moves(game_id) == []

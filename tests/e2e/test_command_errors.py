"""One error handler for the /hardback commands: whatever fails inside a command, the player gets one private
apology (never a traceback), and the log gets the traceback, once."""

from __future__ import annotations

import logging

import pytest
from botkit import running_bot, text_of
from discord_standin.world import World


async def test_a_failing_command_gets_a_private_apology(world: World, caplog: pytest.LogCaptureFixture) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        def broken(*_: object, **__: object) -> None:
            raise RuntimeError("the database fell over")

        bot.store.results.player_stats = broken  # type: ignore[method-assign]
        bot.store.results.leaderboard = broken  # type: ignore[method-assign]
        bot.store.seasons.rating_board = broken  # type: ignore[method-assign]
        bot.store.games.recent_games = broken  # type: ignore[method-assign]
        for command, options in (("hardback stats", {}), ("hardback leaderboard", {}), ("hardback history", {})):
            caplog.clear()
            inter = await s.slash(world.alice, command, options)
            await s.settle()
            answer = inter.followups[-1] if inter.followups else inter.message
            assert answer is not None and answer.ephemeral, command
            said = text_of(answer)
            assert "something went wrong on my side" in said and "Traceback" not in said, (command, said)
            logged = [r for r in caplog.records if r.levelno >= logging.ERROR and r.exc_info]
            assert len(logged) == 1 and "the database fell over" in str(logged[0].exc_info[1]), command
        assert not [m for m in s.messages(world.channel) if "went wrong" in m.content]

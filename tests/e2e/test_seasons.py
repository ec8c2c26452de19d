"""Ratings and seasons end to end through the stand-in: provisional ratings ranked apart,
boards of this season and the last, the season's winners announced once (even by two bot processes on
one database) in the channel a server chose, and streaks and records in /hardback stats.  The store's
clock (``store.set_clock``) decides which season every seeded game finishes in."""

from __future__ import annotations

import asyncio
import datetime as dt
import os

from botkit import running_bot, text_of
from discord_standin import MANAGE_GUILD, scratch_dir
from discord_standin.world import World

from hardback_bot.sessions.codec import BoardPage, parse
from hardback_bot.store import GameOutcome, PlayerResult, Seat

NOV = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()
DEC = dt.datetime(2026, 12, 1, 6, tzinfo=dt.UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _line(seat: int, won: bool, word: str = "CAT", best: int = 3) -> PlayerResult:
    return PlayerResult(seat=seat, rank=1 if won else 2, prestige=60 if won else 30, won=won, words=5,
                        best_word_prestige=best, best_word=word, longest_word_len=len(word), longest_word=word)


async def _finished(store, world: World, players, winner: int, *, word: str = "CAT", best: int = 3) -> int:  # type: ignore[no-untyped-def]
    seats = [Seat(i, u.name, user_id=u.id) for i, u in enumerate(players)]
    record = await store.games.create_lobby(world.guild.id, world.channel.id, host_id=players[0].id,
                                            options={"length": 40}, seats=seats)
    version = await store.games.start_game(record.id, record.version, seed=1, state="{}", seats=seats)
    outcome = GameOutcome(tuple(_line(i, i == winner, word if i == winner else "CAT", best if i == winner else 3)
                                for i in range(len(players))))
    await store.games.commit_move(record.id, version, 0, "end", "{}", finished=True, outcome=outcome)
    return record.id


async def _answer(s, user):  # type: ignore[no-untyped-def]
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


def _public(s, world: World, needle: str):  # type: ignore[no-untyped-def]
    return [m for m in s.messages(world.channel) if needle in text_of(m) or any(
        needle in (f.get("name", "") + f.get("value", "")) for e in m.embeds for f in e.get("fields", []))]


def _all_text(message) -> str:  # type: ignore[no-untyped-def]
    parts = [text_of(message)]
    for e in message.embeds:
        parts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in e.get("fields", [])]
        parts.append((e.get("footer") or {}).get("text", ""))
    return "\n".join(parts)


async def test_provisional_ratings_and_season_boards(world: World) -> None:
    s = world.standin
    carol = s.add_user("carol", world.guild)
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        clock = Clock(NOV - 20 * 86400)  # October
        bot.store.set_clock(clock)
        await s.slash(admin, "hardback settings", {"provisional_games": 3})
        await s.settle()
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).provisional_games == 3
        for _ in range(3):
            await _finished(bot.store, world, (world.alice, world.bob), 1)  # bob wins October
        clock.now = NOV
        await _finished(bot.store, world, (world.alice, world.bob), 0, word="QUIXOTE", best=9)
        await _finished(bot.store, world, (world.mod, carol), 0)
        await s.slash(world.alice, "hardback leaderboard")
        await s.settle()
        board = _all_text(s.messages(world.channel)[-1])
        established, _, provisional = board.partition("**Provisional ratings** (fewer than 3 rated games)")
        assert "alice" in established and "bob" in established and "mod" not in established
        assert "mod" in provisional and "carol" in provisional and "provisional (1 of 3 rated games)" in provisional
        await s.slash(world.alice, "hardback leaderboard", {"by": "wins", "period": "season"})
        await s.settle()
        season = _all_text(s.messages(world.channel)[-1])
        assert "November 2026" in season and "bob" not in season  # bob's wins were October's
        assert "**alice** — 1 win in 1 game" in season and "**mod** — 1 win in 1 game" in season
        await s.slash(world.alice, "hardback leaderboard", {"by": "wins", "period": "last"})
        await s.settle()
        last = s.messages(world.channel)[-1]
        assert "October 2026" in _all_text(last) and "**bob** — 3 wins in 3 games" in _all_text(last)
        pages = [parse(c) for c in last.custom_ids()]
        assert pages and all(isinstance(p, BoardPage) and p.period == "last" for p in pages)  # they keep the period
        await s.slash(world.bob, "hardback stats")
        await s.settle()
        stats = _all_text(s.messages(world.channel)[-1])
        assert "Streaks and records" in stats and "Wins in a row: 0 now, 3 at best" in stats


async def test_a_seasons_winners_are_announced_once(world: World) -> None:
    s = world.standin
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    path = os.path.join(str(scratch_dir("hb-seasons-")), "hardback.db")
    clock = Clock(NOV)
    async with running_bot(world, db_path=path) as one:
        one.store.set_clock(clock)
        await _finished(one.store, world, (world.alice, world.bob), 0, word="ZEPHYR", best=11)
        await _finished(one.store, world, (world.alice, world.bob), 0)
        first = one.get_cog("Seasons")
        assert await first.announce_ended_seasons() == []  # not opted in yet (and November is not over)
        await s.slash(admin, "hardback settings", {"season_channel": world.channel})
        await s.settle()
        assert await first.announce_ended_seasons() == []  # November is still running (nobody played in October)
        # A second process on the same database (started after the command: both would answer it).
        async with running_bot(world, db_path=path) as two:
            two.store.set_clock(clock)
            cogs = [first, two.get_cog("Seasons")]
            clock.now = DEC
            posted = await asyncio.gather(*(c.announce_ended_seasons() for c in cogs * 2))
            assert sorted(map(len, posted)) == [0, 0, 0, 1]
            await s.settle()
            news = _public(s, world, "Most wins")
            assert len(news) == 1
            text = _all_text(news[0])
            assert "The November 2026 season is over" in text and "**alice** — 2 wins" in text
            assert "ZEPHYR (11★)" in text
            assert await cogs[1].announce_ended_seasons() == []
            clock.now = DEC + 40 * 86400  # January; nobody played in December: nothing to announce
            assert await cogs[0].announce_ended_seasons() == []
    assert len(_public(s, world, "Most wins")) == 1

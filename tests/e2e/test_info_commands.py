"""The information and settings commands of /hardback (cogs/hardback.py and the objects it holds), driven
through the Discord stand-in.

Finished games are seeded straight into the bot's store: random legal engine games
(hardback_bot.engine.randomplay) committed with their outcome, exactly as the sessions layer commits
a finishing move.  The stand-in fails a test on any Discord limit broken or any answer later than 3 s.
"""

from __future__ import annotations

import json
import random

from botkit import running_bot, text_of
from discord_standin import MANAGE_GUILD
from discord_standin.world import World

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.randomplay import random_move
from hardback_bot.sessions.codec import BoardPage, ExportPick, TopicsPick
from hardback_bot.store import Seat
from hardback_bot.store.results import outcome_from_game

FAKE = 900_000_000_000_000_000  # user ids of seeded players who are not members of the stand-in guild


async def seed_game(store, guild_id: int, channel_id: int, players: list[tuple[int, str]], seed: int, *,
                    finish: bool = True, stop_after_words: int | None = None, **options: object) -> int:
    """A game played with random legal moves and committed like the sessions layer does; returns its id."""
    opts = GameOptions(**{"adverts": False, **options})  # type: ignore[arg-type]
    seats = [Seat(i, name, user_id=uid) for i, (uid, name) in enumerate(players)]
    record = await store.games.create_lobby(guild_id, channel_id, host_id=players[0][0], options=opts.to_dict(),
                                            seats=seats)
    game = Game.new(len(players), seed, opts)
    version = await store.games.start_game(record.id, record.version, seed=seed, state=game.to_json(), seats=seats)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not game.finished:
        if stop_after_words is not None and len(game.state.word_history) >= stop_after_words:
            break
        seat, move = random_move(game, rng)
        game.apply(seat, move)
        moves.append((seat, str(move)))  # as the store keeps it
    if game.finished and finish:
        await store.games.commit_moves(record.id, version, moves, game.to_json(), finished=True,
                                       outcome=outcome_from_game(game))
    elif moves:
        await store.games.commit_moves(record.id, version, moves, game.to_json())
    return record.id


async def private_answer(s, user):
    """The user's newest private message once it stopped "thinking" (images render in a worker thread)."""
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


def embed(message) -> dict:
    assert message.embeds, f"no embed in {message.content!r}"
    return message.embeds[0]


def fields(message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed(message).get("fields", [])}


async def test_leaderboard_pages_and_boards(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback leaderboard")
        await s.settle()
        assert "Nobody is on this board yet" in text_of(s.last_message(world.channel))
        # Twelve players, two per game: one page of ten and a second one.
        players = [(FAKE + i, f"player{i:02d}") for i in range(12)]
        for n in range(6):
            await seed_game(bot.store, world.guild.id, world.channel.id, players[2 * n:2 * n + 2], seed=100 + n)
        await s.slash(world.alice, "hardback leaderboard")
        await s.settle()
        board = s.last_message(world.channel)
        first = embed(board)
        # One game each: every rating is provisional (fewer than 5 rated games), listed apart under a heading.
        assert first["title"].endswith("rating") and first["description"].count("\n") == 10
        assert first["description"].startswith("**Provisional ratings** (fewer than 5 rated games)")
        assert "Page 1" in first["footer"]["text"]
        ids = board.custom_ids()
        assert ids == [BoardPage("rating", 0).custom_id(), BoardPage("rating", 1).custom_id()]
        await s.click(world.bob, board, ids[1])
        await s.settle()
        board = s.find_message(board.id)
        second = embed(board)
        assert second["description"].count("\n") == 2 and "Page 2" in second["footer"]["text"]
        # Sports-table places continue across pages (ties share a place).
        lines = [line for line in first["description"].splitlines() + second["description"].splitlines()
                 if line.startswith("`")]
        places = [int(line.split("`")[1].strip(" .")) for line in lines]
        assert places == sorted(places) and places[0] == 1
        names = {line.split("**")[1] for line in lines}
        assert names == {name for _, name in players}
        assert board.find_component(BoardPage("rating", 2).custom_id())["disabled"] is True
        # A board an older version posted carries "hbi:" ids: its buttons still turn the pages.
        board.find_component(BoardPage("rating", 0).custom_id())["custom_id"] = "hbi:lb:rating:0"
        await s.click(world.bob, board, "hbi:lb:rating:0")
        await s.settle()
        assert "Page 1" in embed(s.find_message(board.id))["footer"]["text"]
        assert s.find_message(board.id).custom_ids()[1] == BoardPage("rating", 1).custom_id()
        # Other boards, each with its own wording (in another channel: a channel takes 5 messages in 5 s).
        other = s.add_text_channel(world.guild, "boards")
        for kind, needle in (("wins", " in 1 game"), ("best_word", "★"), ("longest_word", "letters"),
                             ("win_rate", "at least 5 games")):
            await s.slash(world.alice, "hardback leaderboard", {"by": kind}, channel=other)
            await s.settle()
            assert needle in text_of(s.last_message(other)), kind


async def test_forged_info_button_is_refused(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        players = [(FAKE + i, f"p{i}") for i in range(2)]
        await seed_game(bot.store, world.guild.id, world.channel.id, players, seed=5)
        await s.slash(world.alice, "hardback leaderboard")
        await s.settle()
        board = s.last_message(world.channel)
        component = board.components[0]["components"][1]
        for forged in ("hbi:lb:nonsense:1", "hbi:zz", "hbi:lb:rating:" + "9" * 20, "hb:b:0:1:nonsense",
                       "hb:b:7:1:rating", "hb:i:0:3:", "hbr:n:0:1:e"):
            component["custom_id"] = forged
            component["disabled"] = False
            await s.click(world.alice, board, forged)
        await s.settle()
        texts = [text_of(m) for m in s.ephemerals(world.alice)]
        assert sum("not one I made" in t for t in texts) == 7


async def test_stats_history_and_export(world: World) -> None:
    s = world.standin
    alice, bob = (world.alice.id, "alice"), (world.bob.id, "bob")
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback stats")
        await s.settle()
        assert "no finished Hardback games" in text_of(s.last_ephemeral(world.alice))
        ids = [await seed_game(bot.store, world.guild.id, world.channel.id, [alice, bob], seed=s_)
               for s_ in (11, 12)]
        ids.append(await seed_game(bot.store, world.guild.id, world.channel.id, [alice], seed=13, coop=True,
                                   penny_genre="horror"))
        await s.slash(world.bob, "hardback stats", {"user": world.alice})
        await s.settle()
        card = s.last_message(world.channel)
        f = fields(card)
        assert "alice" in embed(card)["title"]
        assert f["Competitive"].startswith("2 games")
        assert "after 2 rated games" in f["Rating"]
        assert "Favourite genre" in f and "last 3 games" in f["Favourite genre"]
        assert "horror: " in f["Co-op against Penny"]
        assert f["Recent games"].count("game #") == 3
        # History of the whole server: private, newest first, every game with its ranking.
        await s.slash(world.alice, "hardback history")
        await s.settle()
        server = text_of(s.last_ephemeral(world.alice)).splitlines()
        assert f"`#{ids[2]}`" in server[1] and "co-op" in server[1]
        assert f"`#{ids[0]}`" in server[3] and "1. " in server[3]
        # One player's history, with a select to download one game.
        await s.slash(world.alice, "hardback history", {"user": world.alice})
        await s.settle()
        history = s.last_ephemeral(world.alice)
        assert history.ephemeral and f"game #{ids[2]}" in text_of(history).splitlines()[1]
        history.find_component(ExportPick().custom_id())["custom_id"] = "hbi:ex"  # as an older version posted it
        await s.select(world.alice, history, "hbi:ex", [str(ids[0])])
        export = await private_answer(s, world.alice)
        attachment = export.attachment(f"hardback-game-{ids[0]}.json")
        data = json.loads(attachment.data)
        assert data["format"] == "hardback-game" and data["game"]["id"] == ids[0]
        assert [p["display_name"] for p in data["players"]] == ["alice", "bob"] and data["moves"]
        # Directly by number; refusals for a running game and for another server's game.
        await s.slash(world.bob, "hardback history", {"game": ids[1]})
        assert (await private_answer(s, world.bob)).attachment(f"hardback-game-{ids[1]}.json")
        running = await seed_game(bot.store, world.guild.id, world.channel.id, [alice, bob], seed=14, finish=False,
                                  stop_after_words=1)
        await s.slash(world.bob, "hardback history", {"game": running})
        await s.settle()
        assert "still running" in text_of(s.last_ephemeral(world.bob))
        other = s.add_guild("Elsewhere")
        elsewhere = s.add_text_channel(other, "general")
        foreign = await seed_game(bot.store, other.id, elsewhere.id, [alice, bob], seed=15)
        await s.slash(world.bob, "hardback history", {"game": foreign})
        await s.settle()
        assert f"no game #{foreign} in this server" in text_of(s.last_ephemeral(world.bob))
        await s.slash(world.bob, "hardback history", {"game": 987654})
        await s.settle()
        assert "no game #987654" in text_of(s.last_ephemeral(world.bob))


async def test_rules_topics(world: World) -> None:
    s = world.standin
    async with running_bot(world):
        choices = await s.autocomplete(world.alice, "hardback rules", "topic", {"topic": ""})
        assert 0 < len(choices) <= 25
        choices = await s.autocomplete(world.alice, "hardback rules", "topic", {"topic": "penn"})
        assert choices[0]["value"] == "coop"
        await s.slash(world.alice, "hardback rules", {"topic": "coop"})
        await s.settle()
        answer = s.last_ephemeral(world.alice)
        assert "Penny" in embed(answer)["title"] and "tie is a loss" in embed(answer)["description"]
        # Browsing with the selects edits the private answer in place.
        await s.select(world.alice, answer, TopicsPick(1).custom_id(), ["ink"])
        await s.settle()
        assert embed(s.find_message(answer.id))["title"] == "Rules — Ink"
        # The index, shown to everyone; a reader's pick comes back privately.
        await s.slash(world.alice, "hardback rules", {"public": True})
        await s.settle()
        public = s.last_message(world.channel)
        assert "**Hardback in a minute**" in embed(public)["description"]  # each topic by its title
        await s.select(world.bob, public, TopicsPick(2).custom_id(), ["awards"])
        await s.settle()
        assert embed(s.last_ephemeral(world.bob))["title"] == "Rules — Literary awards"
        # A rules message an older version posted carries "hbi:" ids: its selects still answer.
        public.find_component(TopicsPick(1).custom_id())["custom_id"] = "hbi:rl:1"
        await s.select(world.bob, public, "hbi:rl:1", ["ink"])
        await s.settle()
        assert embed(s.last_ephemeral(world.bob))["title"] == "Rules — Ink"
        assert s.find_message(public.id).edit_count == 0
        await s.slash(world.alice, "hardback rules", {"topic": "chess"})
        await s.settle()
        assert "no rules topic called 'chess'" in text_of(s.last_ephemeral(world.alice))


async def test_card_lookup(world: World) -> None:
    s = world.standin
    async with running_bot(world):
        choices = await s.autocomplete(world.alice, "hardback card", "letter", {"genre": "horror", "letter": ""})
        assert 0 < len(choices) <= 25 and any("two cards" in c["name"] for c in choices)
        await s.slash(world.alice, "hardback card", {"genre": "adventure", "letter": "a"})
        answer = await private_answer(s, world.alice)
        assert [a.filename for a in answer.attachments] == ["card-1.png", "card-2.png"]
        assert len(answer.embeds) == 2 and "two A cards" in answer.embeds[0]["footer"]["text"]
        assert answer.attachments[0].data.startswith(b"\x89PNG")
        await s.slash(world.alice, "hardback card", {"genre": "starter", "letter": "T", "public": True})
        await s.wait_for(lambda: not s.last_message(world.channel).loading, timeout=10)
        public = s.last_message(world.channel)
        assert public.embeds[0]["title"].startswith("Starter T") and len(public.attachments) == 1
        await s.slash(world.alice, "hardback card", {"genre": "starter", "letter": "Z"})
        await s.settle()
        assert "no starter card with the letter 'Z'" in text_of(s.last_ephemeral(world.alice))


async def test_lookup_against_the_table_and_the_server(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback lookup", {"word": "story"})
        answer = text_of(await private_answer(s, world.alice))
        assert "STORY** is in the **common** dictionary (this server's default)" in answer
        await s.slash(world.alice, "hardback lookup", {"word": "c@t"})
        await s.settle()
        assert "letters A to Z" in text_of(s.last_ephemeral(world.alice))
        # A game with unique words per game, one word already spelled.
        game_id = await seed_game(bot.store, world.guild.id, world.channel.id,
                                  [(world.alice.id, "alice"), (world.bob.id, "bob")], seed=21, finish=False,
                                  stop_after_words=1, unique_words="game")
        record = await bot.store.games.get_game(game_id)
        seat, spelled = Game.from_json(record.state).state.word_history[0]
        await s.slash(world.mod, "hardback lookup", {"word": spelled.lower()})
        answer = text_of(await private_answer(s, world.mod))
        assert "(the game in this channel)" in answer
        assert f"{spelled} was already spelled in this game (by {['alice', 'bob'][seat]})" in answer
        await s.slash(world.bob, "hardback lookup", {"word": "zebra"})
        assert "ZEBRA has not been spelled in this game yet" in text_of(await private_answer(s, world.bob))


async def test_settings_need_manage_server_and_validate(world: World) -> None:
    s = world.standin
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        await s.slash(world.mod, "hardback settings", {"length": 90})
        await s.settle()
        assert "Manage Server" in text_of(s.last_ephemeral(world.mod))
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).length == 60
        await s.slash(admin, "hardback settings")
        await s.settle()
        shown = text_of(s.last_ephemeral(admin))
        assert "**Game length:** 60★" in shown and "**Turn timer:** 5 min" in shown
        await s.slash(admin, "hardback settings", {"length": 90, "unique_words": "game", "turn_timer": 10,
                                                   "afk_policy": "remove", "hints": True})
        await s.settle()
        changed = text_of(s.last_ephemeral(admin))
        assert "Game length: 60★ → **90★**" in changed and "Hints: off → **on**" in changed
        stored = await bot.store.settings.get_guild_settings(world.guild.id)
        assert (stored.length, stored.turn_timer, stored.afk_policy) == (90, 600, "remove")
        assert stored.options == {"unique_words": "game", "hints": True}
        # Refusals: a table without a dictionary needs votes; an unknown list.  Nothing changes.
        for options, needle in (({"dictionary": "none"}, "turn votes on"),
                                ({"dictionary": "klingon"}, "no dictionary")):
            await s.slash(admin, "hardback settings", options)
            await s.settle()
            refusal = text_of(s.last_ephemeral(admin))
            assert refusal.startswith("Nothing was changed.") and needle in refusal
        assert await bot.store.settings.get_guild_settings(world.guild.id) == stored
        choices = await s.autocomplete(admin, "hardback settings", "dictionary", {"dictionary": "com"})
        assert [c["value"] for c in choices] == ["common"]
        await s.slash(admin, "hardback settings", {"dictionary": "none", "votes": "majority"})
        await s.settle()
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).dictionary == "none"


async def test_hint_only_where_allowed(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback hint")
        await s.settle()
        assert "no game being played" in text_of(s.last_ephemeral(world.alice))
        # A competitive table without hints.
        game_id = await seed_game(bot.store, world.guild.id, world.channel.id,
                                  [(world.alice.id, "alice"), (world.bob.id, "bob")], seed=31, finish=False,
                                  stop_after_words=0)
        await s.slash(world.alice, "hardback hint")
        await s.settle()
        assert "Hints are off" in text_of(s.last_ephemeral(world.alice))
        await s.slash(world.mod, "hardback hint")
        await s.settle()
        assert "not playing" in text_of(s.last_ephemeral(world.mod))
        await bot.store.games.abandon_game(game_id)
        # Hints on, but not your spelling step; a table without a dictionary has nothing to suggest from.
        game_id = await seed_game(bot.store, world.guild.id, world.channel.id,
                                  [(world.alice.id, "alice"), (world.bob.id, "bob")], seed=33, finish=False,
                                  stop_after_words=0, hints=True, dictionary="none", vote="majority")
        record = await bot.store.games.get_game(game_id)
        active = Game.from_json(record.state).active_seat
        waiting, speller = (world.bob, world.alice) if active == 0 else (world.alice, world.bob)
        await s.slash(waiting, "hardback hint")
        assert "wait for your turn" in text_of(await private_answer(s, waiting))
        await s.slash(speller, "hardback hint")
        assert "without a dictionary" in text_of(await private_answer(s, speller))
        await bot.store.games.abandon_game(game_id)
        # Solo against Penny: hints are always on.
        await seed_game(bot.store, world.guild.id, world.channel.id, [(world.alice.id, "alice")], seed=32,
                        finish=False, stop_after_words=0, coop=True)
        await s.slash(world.alice, "hardback hint")
        answer = text_of(await private_answer(s, world.alice))
        assert "Words your cards can spell now" in answer and "¢ and " in answer

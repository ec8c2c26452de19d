"""The bot in its players' languages: private answers in the clicking user's Discord language,
the channel in the server's.

A user with a Spanish client and one with a Japanese client play in a server set to French: each one's
replies, hand panels, forms and confirmations are in their own language (and the panels the bot keeps
current stay so), while the lobby, the table, the turn log and the results are in French. Every click is
decided from custom ids and the stored game, never from the English texts.
"""

from __future__ import annotations

import asyncio
import os

from botkit import QuietNotifier, button, open_table, running_bot, table_of, text_of, with_component
from discord_standin import scratch_dir
from discord_standin.models import Message, User
from discord_standin.world import World
from scenario_kit import find_word, load_game, move_buttons

from hardback_bot.engine import Move
from hardback_bot.engine.cards import card
from hardback_bot.store import GuildSettings

SPANISH, JAPANESE = "es-ES", "ja"


async def answer(world: World, user: User, start) -> Message:  # start: the click, a coroutine function
    """Run one click and return the user's panel as the bot left it (edited in place, or a new one)."""
    s = world.standin
    known = {m.id: m.edit_count for m in s.ephemerals(user)}

    def changed() -> list[Message]:
        return [m for m in s.ephemerals(user) if known.get(m.id, -1) != m.edit_count]

    await start()
    # A loaded machine can make the bot's answer (a word preview's search, say) outlast a quiet spell.
    await s.wait_for(lambda: bool(changed()), timeout=15, what=f"an answer to {user.name}'s click")
    await s.settle()
    return changed()[-1]


async def open_hand(world: World, user: User) -> Message:
    table = table_of(world)
    return await answer(world, user, lambda: world.standin.click(user, table, button(table, "hb:h:")))


async def play_turn(world: World, bot, game_id: int, user: User, panel: Message,
                    confirm_word: str) -> str | None:
    """Play ``user``'s turn from ``panel`` through the buttons: spell a word the hand makes face up (or skip),
    then decline everything optional and end the turn. ``confirm_word`` is "Confirm" in their language
    (a part of the label: Japanese puts it after the word).
    Returns the word spelled (None: skipped)."""
    s = world.standin
    _, game = await load_game(bot.store, game_id)
    seat = game.active_seat
    me = game.player(seat)
    word = find_word([card(c).letter for c in me.hand], [card(c).letter for c in me.inked], max_len=4)
    if word is None:
        panel = await answer(world, user, lambda: s.click(user, panel, button(panel, ":skip")))
        panel = await answer(world, user, lambda: s.click(user, panel, button(panel, ":skip")))
        return None
    inter = await s.click(user, panel, button(panel, "hb:s:"))
    assert inter.modal is not None
    played = len(game.move_log)
    preview = await answer(world, user, lambda: s.submit_modal(user, inter.modal.custom_id, {"word": word}))
    confirm = next((b for b in preview.buttons() if confirm_word in str(b.get("label", ""))), None)
    _, game = await load_game(bot.store, game_id)
    # Nothing to choose: the word was played as typed (and the turn may have ended with it, the next one begun).
    if confirm is None and len(game.move_log) > played:
        panel = preview
    else:
        assert confirm is not None, (word, text_of(preview), [b.get("label") for b in preview.buttons()],
                                     [(m.id, m.edit_count, text_of(m)[:40]) for m in s.ephemerals(user)])
        panel = await answer(world, user, lambda: s.click(user, preview, confirm["custom_id"]))
    for _ in range(20):
        _, game = await load_game(bot.store, game_id)
        if game.finished or game.active_seat != seat or game.phase in ("spell", "vote"):
            return word
        moves = move_buttons(panel)
        choice = next((moves[a] for a in moves if a.endswith("~end") and a.startswith("pass")), None) \
            or moves.get("end") or next((moves[a] for a in moves if a.startswith(("uncover_", "double_"))), None) \
            or moves.get("take_prestige") or moves.get("take_ink") or moves.get("pass") \
            or next((moves[a] for a in moves if a.startswith("return_")), None)
        if choice is None:
            choice = button(panel, ":r")  # drawn before something else happened: refresh
        panel = await answer(world, user, lambda p=panel, c=choice: s.click(user, p, c))
    raise AssertionError(f"the turn did not end: {text_of(panel)}")


def channel_text(world: World) -> str:
    return "\n".join(text_of(m) for m in world.standin.messages(world.channel))


async def test_spanish_and_japanese_players_in_a_french_server(world: World) -> None:
    s = world.standin
    ana = s.add_user("ana", world.guild, locale=SPANISH)
    kenji = s.add_user("kenji", world.guild, locale=JAPANESE)
    async with running_bot(world) as bot:
        await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(language="fr"))
        await s.slash(ana, "hardback start", {"length": 40, "adverts": False})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        said = text_of(lobby)
        assert "Hardback — une nouvelle table" in said and "Hôte : **ana**" in said, said
        assert [b["label"] for b in lobby.buttons()][:5] == ["Rejoindre", "Quitter", "Commencer", "Apprendre à jouer",
                                                             "Annuler"]

        await s.click(kenji, lobby, button(lobby, ":join"))
        await s.settle()
        assert text_of(s.last_ephemeral(kenji)) == "卓に参加しました。"
        await s.click(kenji, s.find_message(lobby.id), button(lobby, ":join"))
        await s.settle()
        assert text_of(s.last_ephemeral(kenji)) == "あなたはすでにこの卓にいます。"  # a refusal, in Japanese
        await s.click(ana, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6)
        assert text_of(s.last_ephemeral(ana)) == "La partida ha empezado."
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None and record.status == "playing"

        # The channel: French.
        table = table_of(world)
        said = text_of(table)
        assert "Hardback — manche 1" in said and "Tour : **" in said and "Objectif : 40★" in said, said
        assert [b["label"] for b in table.buttons()] == ["Ouvrir ma main", "Regarder", "Comment jouer"]
        assert "La partie commence ! Ordre des places :" in channel_text(world)
        assert "à vous de jouer." in channel_text(world)

        # Each player's own panel: their language.
        users = {s_.seat: (ana if s_.user_id == ana.id else kenji) for s_ in record.seats}
        confirm = {ana.id: "Confirmar", kenji.id: "確定"}
        panels = {u.id: await open_hand(world, u) for u in (ana, kenji)}
        assert "Tu mano — ana" in text_of(panels[ana.id])
        assert "あなたの手札 — kenji" in text_of(panels[kenji.id])
        _, game = await load_game(bot.store, record.id)
        first, second = users[game.active_seat], users[1 - game.active_seat]
        mine = {ana.id: "**Tu turno.**", kenji.id: "**あなたの手番です。**"}
        theirs = {ana.id: "Es el turno de kenji.", kenji.id: "anaの手番です。"}
        assert mine[first.id] in text_of(panels[first.id])
        assert theirs[second.id] in text_of(panels[second.id])
        spell = {ana.id: "Deletrear una palabra", kenji.id: "単語をつづる"}
        assert spell[first.id] in [b["label"] for b in panels[first.id].buttons()]

        # The first player's form is in their language.
        inter = await s.click(first, panels[first.id], button(panels[first.id], "hb:s:"))
        assert inter.modal is not None
        assert inter.modal.title == {ana.id: "Deletrear una palabra", kenji.id: "単語をつづる"}[first.id]
        # Above the field, the player's letters in their language; the field in a Label, its example a word of the
        # table's dictionary (English here), not of the reader's language.
        letters, field = inter.modal.components
        assert letters["type"] == 10 and field["type"] == 18, inter.modal.components
        hand_word = {ana.id: "Tu mano: **", kenji.id: "あなたの手札：**"}[first.id]
        assert hand_word in letters["content"] and "Your hand" not in letters["content"], letters["content"]
        assert field["label"] == {ana.id: "Tu palabra", kenji.id: "あなたの単語"}[first.id], field
        assert field["component"]["placeholder"] == {ana.id: "solo letras, p. ej. STORY",
                                                      kenji.id: "英字のみ（例：STORY）"}[first.id]
        await s.settle()

        word = await play_turn(world, bot, record.id, first, s.find_message(panels[first.id].id), confirm[first.id])
        await s.settle(quiet=0.6)
        log = channel_text(world)
        assert (f"**{first.name}** a formé **[{word}](" if word else f"**{first.name}** a passé son tour") in log, log
        assert f"<@{second.id}>, à vous de jouer." in log
        # The second player's panel was redrawn by the bot (no click), in their language: their turn now.
        redrawn = s.find_message(panels[second.id].id)
        await s.wait_for(lambda: mine[second.id] in text_of(s.find_message(panels[second.id].id)),
                         what="the second player's panel to follow the game in their language")
        assert redrawn is not None

        word = await play_turn(world, bot, record.id, second, s.find_message(panels[second.id].id),
                               confirm[second.id])
        await s.settle(quiet=0.6)
        log = channel_text(world)
        assert (f"**{second.name}** a formé **[{word}](" if word else f"**{second.name}** a passé son tour") in log

        # Both leave (asked in their own language); computers play to the end; the results are French.
        leave_title = {ana.id: "¿Abandonar esta partida?", kenji.id: "このゲームから退出しますか？"}
        left_title = {ana.id: "Abandonaste la partida", kenji.id: "ゲームから退出しました"}
        for user in (first, second):
            await s.slash(user, "hardback leave")
            await s.settle()
            ask = s.last_ephemeral(user)
            assert leave_title[user.id] in text_of(ask)
            await s.click(user, ask, button(ask, ":leave"))
            await s.settle(quiet=0.4)
            assert left_title[user.id] in text_of(s.last_ephemeral(user))
        assert f"{first.name} a quitté la partie ; un ordinateur prend sa place." in channel_text(world)

        async def finished() -> bool:
            _, game = await load_game(bot.store, record.id)
            return game.finished

        for _ in range(600):
            if await finished():
                break
            await asyncio.sleep(0.2)
        assert await finished(), "the computer players finish the game"
        await bot.sessions.wait_for_computers(record.id)
        await s.settle(quiet=1.0, timeout=30)
        results = [m for m in s.messages(world.channel) if any(a.filename == "results.png" for a in m.attachments)]
        assert len(results) == 1
        said = text_of(results[0])
        assert "Hardback — résultats finaux" in said and "encriers" in said, said
        assert "ana (puis ordinateur)" in said and "kenji (puis ordinateur)" in said, said  # who played each part
        assert [b["label"] for b in results[0].buttons()] == ["Revanche", "Comment jouer"]
        assert "**La partie est terminée.** Les résultats sont ci-dessous." in text_of(s.find_message(table.id))
        # The old private panels were closed in each owner's language.
        closed = {ana.id: "Esta partida ha terminado", kenji.id: "このゲームは終了しました"}
        for user in (ana, kenji):
            assert closed[user.id] in text_of(s.find_message(panels[user.id].id))


async def test_a_server_in_japanese_by_its_own_discord_language(world: World) -> None:
    """No /hardback settings choice: the server's own Discord locale decides the public language; an
    English client still gets English replies."""
    s = world.standin
    guild = s.add_guild("サーバー", locale="ja")
    channel = s.add_text_channel(guild, "一般")
    yuki = s.add_user("yuki", guild, locale=JAPANESE)
    ed = s.add_user("ed", guild)  # an en-US client
    async with running_bot(world) as bot:
        await s.slash(ed, "hardback start", {"length": 40}, channel=channel)
        await s.settle()
        lobby = next(m for m in reversed(s.messages(channel)) if any(c.startswith("hb:l:") for c in m.custom_ids()))
        assert "ハードバック — 新しい卓" in text_of(lobby) and "ホスト：**ed**" in text_of(lobby)
        await s.click(yuki, lobby, button(lobby, ":join"))
        await s.settle()
        assert text_of(s.last_ephemeral(yuki)) == "卓に参加しました。"
        await s.click(yuki, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle()
        host_only = "ゲームを開始できるのは、ホストか「チャンネルの管理」権限を持つ人だけです。"
        assert text_of(s.last_ephemeral(yuki)) == host_only
        await s.click(ed, s.find_message(lobby.id), button(lobby, ":ai3"))
        await s.settle()
        assert text_of(s.last_ephemeral(ed)) == "Added a hard computer player."
        lobby = s.find_message(lobby.id)
        assert "コンピューター1（強）" in text_of(lobby), text_of(lobby)
        # named once, in the table's language: ed's English panels call it what the table does
        record = await bot.store.games.running_game_in_channel(channel.id)
        assert record is not None
        assert [x.display_name for x in record.seats if x.user_id is None] == ["コンピューター1（強）"]
        await s.slash(ed, "hardback end", channel=channel)
        await s.settle()
        assert "End this game?" in text_of(s.last_ephemeral(ed))


async def test_what_the_restart_catches_up_before_ready_is_in_the_servers_language(world: World) -> None:
    """A move committed but never announced (the process died) is posted by the next process's start-up
    catch-up, which runs before the gateway's READY fills the guild cache: a server that relies on its own
    Discord locale still gets that line in its language (the locale is asked over REST)."""
    s = world.standin
    world.guild.locale = "es-ES"  # no /hardback settings language: the server's own locale decides
    path = os.path.join(str(scratch_dir("hb-lang-")), "h.db")
    async with running_bot(world, db_path=path) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        seat = loaded.game.active_seat
        bot.sessions.notifier = QuietNotifier()
        await bot.sessions.play(game_id, loaded.record.seats[seat].user_id, Move("skip"), None)
    assert not [m for m in s.messages(world.channel) if "bloqueo de escritor" in m.content]
    s.gateway.ready_delay = 2.0
    try:
        async with running_bot(world, db_path=path) as bot:
            posted_before_ready = [m.content for m in s.messages(world.channel) if "bloqueo de escritor" in m.content]
            await s.settle(quiet=0.8)
            assert await bot.store.outbox.pending_deliveries(game_id) == []
    finally:
        s.gateway.ready_delay = 0.0
    assert posted_before_ready, "the catch-up posted the line before READY"
    lines = [m.content for m in s.messages(world.channel) if "writer's block" in m.content
             or "bloqueo de escritor" in m.content]
    assert len(lines) == 1 and "bloqueo de escritor" in lines[0], lines

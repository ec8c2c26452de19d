"""The information commands in their readers' languages: private answers (hint, lookup, history,
export, settings, the rules command's own sentences) in the clicking user's Discord language, the public
leaderboard and stats in the server's.

A Spanish and a Japanese client ask in an English server; then the server is set to French and an English
client's leaderboard and stats come out in French. Finished games are seeded as in test_info_commands.
"""

from __future__ import annotations

from botkit import running_bot, text_of
from discord_standin import MANAGE_GUILD
from discord_standin.world import World
from test_info_commands import FAKE, embed, fields, private_answer, seed_game

from hardback_bot.sessions.codec import ExportPick, TopicsPick
from hardback_bot.store import GuildSettings

SPANISH, JAPANESE = "es-ES", "ja"


async def test_private_answers_in_the_readers_language(world: World) -> None:
    s = world.standin
    ana = s.add_user("ana", world.guild, locale=SPANISH)
    kenji = s.add_user("kenji", world.guild, locale=JAPANESE, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        # Hint refusals: no game here, then a table without hints.
        await s.slash(ana, "hardback hint")
        await s.settle()
        assert text_of(s.last_ephemeral(ana)) == "No se está jugando ninguna partida en este canal."
        await s.slash(kenji, "hardback hint")
        await s.settle()
        assert text_of(s.last_ephemeral(kenji)) == "このチャンネルで進行中のゲームはありません。"
        table = s.add_text_channel(world.guild, "mesa")
        await seed_game(bot.store, world.guild.id, table.id, [(ana.id, "ana"), (kenji.id, "kenji")], seed=31,
                        finish=False, stop_after_words=0)
        await s.slash(ana, "hardback hint", channel=table)
        await s.settle()
        assert text_of(s.last_ephemeral(ana)).startswith("Las pistas están desactivadas en esta mesa")
        await s.slash(kenji, "hardback hint", channel=table)
        await s.settle()
        assert text_of(s.last_ephemeral(kenji)).startswith("この卓ではヒントがオフです")
        # Lookup against the server's default list, and the table's.
        await s.slash(ana, "hardback lookup", {"word": "story"})
        assert text_of(await private_answer(s, ana)) == (
            "✅ **STORY** está en el diccionario **common** (el predeterminado de este servidor).")
        await s.slash(kenji, "hardback lookup", {"word": "qzxv"}, channel=table)
        answer = text_of(await private_answer(s, kenji))
        assert answer == "❌ **QZXV** は **common** 辞書にありません（このチャンネルのゲーム）。"
        await s.slash(ana, "hardback lookup", {"word": "c@t"})
        await s.settle()
        assert text_of(s.last_ephemeral(ana)) == ("Una palabra lleva solo letras de la A a la Z, sin espacios ni "
                                                  "símbolos.")
        # History and export: private, so in the asker's language even in an English server.
        game_id = await seed_game(bot.store, world.guild.id, world.channel.id, [(ana.id, "ana"), (kenji.id, "kenji")],
                                  seed=12)
        await s.slash(kenji, "hardback history", {"user": kenji})
        await s.settle()
        history = s.last_ephemeral(kenji)
        assert embed(history)["title"] == "ハードバックの履歴 — kenji"
        assert f"ゲーム #{game_id} · " in embed(history)["description"]
        assert embed(history)["footer"]["text"].startswith("下でゲームを選ぶと")
        select = history.find_component(ExportPick().custom_id())
        assert select["placeholder"] == "ゲームをJSONでダウンロード"
        label = select["options"][0]["label"]
        assert label.startswith(f"ゲーム #{game_id}：") and "位、" in label
        await s.slash(ana, "hardback history")
        await s.settle()
        server = s.last_ephemeral(ana)
        assert embed(server)["title"].startswith("Historial de Hardback — ")
        options = server.find_component(ExportPick().custom_id())["options"]
        assert options[0]["label"] == f"Partida n.º {game_id} (terminada)"
        await s.select(ana, server, ExportPick().custom_id(), [str(game_id)])
        export = await private_answer(s, ana)
        assert export.content.startswith(f"Partida n.º {game_id} (terminada, ")
        await s.slash(ana, "hardback history", {"game": 987654})
        await s.settle()
        assert text_of(s.last_ephemeral(ana)) == "No hay ninguna partida n.º 987654 en este servidor."
        # Settings: a refusal without the permission; with it, the settings and a refused change.
        await s.slash(ana, "hardback settings", {"length": 90})
        await s.settle()
        assert text_of(s.last_ephemeral(ana)).startswith("Solo los miembros con el permiso Gestionar servidor")
        await s.slash(kenji, "hardback settings")
        await s.settle()
        shown = s.last_ephemeral(kenji)
        assert embed(shown)["title"] == "このサーバーのハードバック設定"
        assert "**辞書:** common" in embed(shown)["description"]
        assert "**手番の制限時間:** 5 分" in embed(shown)["description"]
        assert "**ヒント:** オフ" in embed(shown)["description"]
        await s.slash(kenji, "hardback settings", {"dictionary": "klingon"})
        await s.settle()
        assert text_of(s.last_ephemeral(kenji)).startswith("何も変更していません。'klingon' という辞書はありません。")
        await s.slash(kenji, "hardback settings", {"hints": True})
        await s.settle()
        assert "ヒント: オフ → **オン**" in text_of(s.last_ephemeral(kenji))
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).options == {"hints": True}
        # The rules command's own sentences and the card refusal.
        await s.slash(ana, "hardback rules", {"topic": "chess"})
        await s.settle()
        assert text_of(s.last_ephemeral(ana)).startswith("No tengo ningún tema de reglas llamado 'chess'. Temas: ")
        await s.slash(kenji, "hardback rules")
        await s.settle()
        rules = s.last_ephemeral(kenji)
        assert embed(rules)["title"] == "ハードバックのルール"
        assert embed(rules)["description"].startswith("下から項目を選ぶか、")
        assert rules.find_component(TopicsPick(1).custom_id())["placeholder"].startswith("ルールの項目（1/2：")
        await s.slash(ana, "hardback card", {"genre": "starter", "letter": "Z"})
        await s.settle()
        assert text_of(s.last_ephemeral(ana)).startswith(
            "No hay ninguna carta de inicial con la letra 'Z'. Letras de Inicial: ")


async def test_public_boards_in_the_servers_language(world: World) -> None:
    s = world.standin
    ana = s.add_user("ana", world.guild, locale=SPANISH)
    async with running_bot(world) as bot:
        await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(language="fr"))
        await s.slash(world.alice, "hardback leaderboard", {"by": "wins"})
        await s.settle()
        empty = embed(s.last_message(world.channel))
        assert empty["title"] == "Classement Hardback — victoires"
        assert empty["description"] == ("Personne n'est encore dans ce classement : terminez d'abord une partie sur "
                                        "ce serveur.")
        players = [(FAKE + i, f"player{i:02d}") for i in range(12)]
        for n in range(6):
            await seed_game(bot.store, world.guild.id, world.channel.id, players[2 * n:2 * n + 2], seed=100 + n)
        alice, bob = (world.alice.id, "alice"), (world.bob.id, "bob")
        for seed in (11, 12):
            await seed_game(bot.store, world.guild.id, world.channel.id, [alice, bob], seed=seed)
        await seed_game(bot.store, world.guild.id, world.channel.id, [alice], seed=13, coop=True,
                        penny_genre="horror")
        boards = s.add_text_channel(world.guild, "classements")
        await s.slash(ana, "hardback leaderboard", {"by": "wins"}, channel=boards)  # a Spanish client: still French
        await s.settle()
        board = s.last_message(boards)
        page = embed(board)
        assert page["title"] == "Classement Hardback — victoires"
        assert " en 1 partie" in page["description"] or " en 2 parties" in page["description"]
        assert page["footer"]["text"] == "Page 1"
        labels = [c["label"] for row in board.components for c in row["components"]]
        assert labels == ["◀ Précédent", "Suivant ▶"]
        await s.slash(world.alice, "hardback leaderboard", {"by": "win_rate"}, channel=boards)
        await s.settle()
        rate = embed(s.last_message(boards))
        assert rate["title"] == "Classement Hardback — taux de victoire"
        assert "(Le classement par taux de victoire liste les joueurs avec au moins 5 parties.)" in rate["description"]
        stats_channel = s.add_text_channel(world.guild, "stats")
        await s.slash(world.bob, "hardback stats", {"user": world.alice}, channel=stats_channel)
        await s.settle()
        card = s.last_message(stats_channel)
        assert embed(card)["title"] == "Statistiques Hardback — alice"
        f = fields(card)
        assert f["Compétitif"].startswith("2 parties · ")
        assert "après 2 parties classées" in f["Cote"]
        assert "Meilleur mot" in f and "Mot le plus long" in f
        assert "des 3 dernières parties" in f["Catégorie préférée"]
        assert "par catégorie de Penny (gagnées/jouées) : horreur: " in f["Coop contre Penny"]
        assert f["Parties récentes"].count("partie nº ") == 3
        # The same commands from a Spanish client with no finished games: a private answer, in Spanish.
        await s.slash(ana, "hardback stats", channel=stats_channel)
        await s.settle()
        assert text_of(s.last_ephemeral(ana)) == "Aún no tienes partidas de Hardback terminadas en este servidor."

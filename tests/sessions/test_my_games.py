"""/hardback games' lines and pages (sessions/my_games.py, screens/games.py), the thread choice of a new table
(sessions/game_threads.py) and the admission of a hand opened from the list (sessions/access.py)."""

from __future__ import annotations

import asyncio

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.i18n import translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.access import AWAY_ACTIONS, Origin, check_away, check_origin, is_away
from hardback_bot.sessions.codec import GamesPage, LobbyClick, LobbyOp, OpenMyHand, SetOption, parse
from hardback_bot.sessions.codec_alerts import AlertsClick, AlertsPart
from hardback_bot.sessions.game_threads import archive_after, wants_thread
from hardback_bot.sessions.my_games import GameLine, my_games, ordered
from hardback_bot.sessions.places import THREAD_OF, has_threads, lobby_channel
from hardback_bot.sessions.screens.games import PER_PAGE, games_screen
from hardback_bot.store import DeadlineReminder, GameRecord, Seat, Timer, TurnDeadline
from hardback_bot.store.rooms.player_games import PlayerGame

ALICE, BOB = 100, 101


def record(game_id: int = 7, *, state: str | None = None, seats: tuple[Seat, ...] | None = None,
           messages: dict[str, int] | None = None, place: str = "server", guild: int = 10,
           channel: int = 55) -> GameRecord:
    return GameRecord(id=game_id, guild_id=guild, channel_id=channel, host_id=ALICE, status="playing",
                      options=GameOptions().to_dict(), seed=1, state=state, version=3,
                      seats=seats or (Seat(0, "alice", ALICE), Seat(1, "bob", BOB)), messages=messages or {},
                      created_at=0.0, updated_at=0.0, place=place)  # type: ignore[arg-type]


def test_a_thread_for_turn_based_speeds_by_default() -> None:
    assert wants_thread("auto", 86_400, "server", in_thread=False)
    assert not wants_thread("auto", 3600, "server", in_thread=False)  # an hour is still a sitting
    assert not wants_thread("auto", 0, "server", in_thread=False)
    assert wants_thread("always", 60, "server", in_thread=False)
    assert not wants_thread("never", 86_400, "server", in_thread=False)
    # Outside servers there are no threads; typed in a thread, the table is in that thread.
    assert not wants_thread("always", 86_400, "private", in_thread=False)
    assert not wants_thread("always", 86_400, "dm", in_thread=False)
    assert not wants_thread("always", 86_400, "server", in_thread=True)
    assert archive_after(86_400) == 10080 and archive_after(300) == 1440


def test_a_game_in_its_own_thread() -> None:
    threaded = record(channel=900, messages={"lobby": 900, THREAD_OF: 55})
    assert lobby_channel(threaded) == 55 and not has_threads(threaded)  # no ghostwriter thread in a thread
    rematch = record(channel=900, messages={"lobby": 901, THREAD_OF: 55})  # its lobby posted in the thread
    assert lobby_channel(rematch) == 900 and not has_threads(rematch)
    assert lobby_channel(record()) == 55 and has_threads(record())
    # The lobby's channel is the game's too: joining from the lobby message is admitted there.
    check_origin(threaded, Origin(10, 55, BOB))
    check_origin(threaded, Origin(10, 900, BOB))


def test_a_hand_opened_from_the_list_is_admitted_only_on_the_seats_own_panel() -> None:
    game = record()
    elsewhere = Origin(20, 77, ALICE, panel_owner=ALICE, place="server")
    assert is_away(game, elsewhere)
    check_away(game, elsewhere)  # her own private panel, her seat
    for origin in (Origin(20, 77, ALICE), Origin(20, 77, ALICE, panel_owner=BOB),
                   Origin(20, 77, 999, panel_owner=999)):
        with pytest.raises(SessionError) as refused:
            check_away(game, origin)
        assert refused.value.code == "elsewhere"
    # Only what a seat does on its own hand: never the lobby, the host's end or a table option.
    assert OpenMyHand in AWAY_ACTIONS
    for action in (LobbyClick(7, LobbyOp.END), LobbyClick(7, LobbyOp.JOIN), SetOption(7, "hints", "on"),
                   GamesPage(ALICE, 1)):
        assert not isinstance(action, AWAY_ACTIONS)
    assert parse(OpenMyHand(7).custom_id()) == OpenMyHand(7)


class _PlayerGames:
    def __init__(self, rows: list[PlayerGame]) -> None:
        self.rows = rows

    async def player_games(self, user_id: int) -> list[PlayerGame]:
        return self.rows


class _Store:  # the store's player_games room is all my_games reads
    def __init__(self, rows: list[PlayerGame]) -> None:
        self.player_games = _PlayerGames(rows)


def test_lines_say_whose_turn_the_place_and_the_deadline() -> None:
    game = Game.new(2, 5, GameOptions())
    active = game.active_seat
    state = game.to_json()
    waits = record(1, state=state, messages={"table": 444})
    held = record(2, state=state, place="private", guild=0, channel=66)
    rows = [PlayerGame(waits, (Timer(1, DeadlineReminder(), 500.0), Timer(1, TurnDeadline(), 900.0))),
            PlayerGame(held, (Timer(2, TurnDeadline(), 1e12, held=800.0),)),
            PlayerGame(record(3, state=state, seats=(Seat(0, "x", 5), Seat(1, "y", 6))), ())]
    lines = asyncio.run(my_games(_Store(rows), ALICE))  # type: ignore[arg-type]
    assert [line.game_id for line in lines] == [2, 1]  # the same turn in both: the soonest deadline first
    first = next(line for line in lines if line.game_id == 1)
    assert first.deadline == 900.0 and first.link() == "https://discord.com/channels/10/55/444"
    assert first.my_turn == (active == 0) and first.waiting_for == (("alice", "bob")[active],)
    assert (first.rank, first.players, first.prestige, first.penny) == (1, 2, 0, None)
    second = next(line for line in lines if line.game_id == 2)
    assert second.deadline == 800.0 and second.link() == "https://discord.com/channels/@me/66"
    # A game of other people's is nobody's line here.
    assert 3 not in [line.game_id for line in lines]


def line(game_id: int, *, mine: bool, deadline: float | None = None) -> GameLine:
    return GameLine(game_id=game_id, place="server", guild_id=10, channel_id=55, table_message=None, my_turn=mine,
                    waiting_for=("alice",) if mine else ("bob",), rank=2, players=3, prestige=12, penny=None,
                    goal=60, deadline=deadline, computer_plays=False)


def test_the_players_turns_first_then_the_soonest_deadline() -> None:
    lines = [line(1, mine=False, deadline=10), line(2, mine=True), line(3, mine=True, deadline=50),
             line(4, mine=False)]
    assert [g.game_id for g in ordered(lines)] == [3, 2, 1, 4]


def test_pages_of_ten_with_a_button_each() -> None:
    lines = ordered([line(i, mine=i % 3 == 0, deadline=1000.0 + i) for i in range(1, 24)])
    first = games_screen(lines, ALICE, 0)
    hands = [b.custom_id for row in first.rows if isinstance(row, list) for b in row if ":hand" in b.custom_id]
    assert len(hands) == PER_PAGE == 10 and hands[0] == OpenMyHand(lines[0].game_id).custom_id()
    assert "It is your turn in 7 games." in first.text and "Page 1 of 3" in first.text
    nav = [b.custom_id for b in first.rows[-1]]  # type: ignore[union-attr]
    alerts = AlertsClick(ALICE, AlertsPart.PANEL).custom_id()  # the player's own turn alerts, on every page
    assert nav == [GamesPage(ALICE, 1).custom_id(), alerts]
    last = games_screen(lines, ALICE, 99)  # past the end: the last page
    assert "Page 3 of 3" in last.text and "**23.**" in last.text
    assert [b.custom_id for b in last.rows[-1]] == [GamesPage(ALICE, 1).custom_id(), alerts]  # type: ignore[union-attr]
    assert "place 2 of 3 with 12★ (goal 60★)" in first.text and "time runs out <t:1003:R>" in first.text
    assert len(first.rows) <= 5 and all(len(row) <= 5 for row in first.rows if isinstance(row, list))
    empty = games_screen([], ALICE, 0, translator("es"))
    assert empty.title == "Tus partidas" and "/hardback" in empty.text and not empty.rows
    spanish = games_screen(lines[:1], ALICE, 0, translator("es"))
    assert "puesto 2 de 3 con 12★ (meta 60★)" in spanish.text


def test_the_threads_setting_is_checked_and_described() -> None:
    from hardback_bot.help.settings import SettingsRefused, apply_changes, describe
    from hardback_bot.store import GuildSettings, InvalidRecord

    assert GuildSettings().game_threads == "auto"
    with pytest.raises(InvalidRecord):
        GuildSettings(game_threads="sometimes")  # type: ignore[arg-type]
    updated, lines = apply_changes(GuildSettings(), {"game_threads": "never"}, known_dictionaries=["common"])
    assert updated.game_threads == "never"
    assert lines == ["Each game in its own thread: auto (turn-based games: turn timers over an hour) → "
                     "**never (one table per channel)**"]
    with pytest.raises(SettingsRefused, match="auto, always or never"):
        apply_changes(GuildSettings(), {"game_threads": "often"}, known_dictionaries=["common"])
    assert describe(GuildSettings(game_threads="always"), t=translator("fr"))["Chaque partie dans son propre fil"] \
        == "toujours"
    # A record saved before the setting existed reads as the default.
    assert GuildSettings.from_json('{"length": 90}').game_threads == "auto"

"""Turn alerts, opt-in (issue 38): a direct message to a player when a turn of theirs begins, for those who asked
(``PlayerSettings.alerts``: in turn-based games, a turn timer over an hour, or in all games), never to anyone
else.

An alert is an outbox row (``TurnAlert``, store/payloads.py) written in the commit that begins the turn, so a
crash between the commit and the message loses nothing; the relay sends it (cogs/alerts.py) only if the game
still waits for that turn. A turn that begins in the player's quiet hours gets a timer (``AlertDue``) at their
end instead; when it comes due, the alert is written only if the turn has not passed (sessions/timers.py drops
a timer of a game that moved on). A player whose DMs refused an alert (Discord 50007) is told once, in the
game, and gets none until they choose again.
"""

from __future__ import annotations

import datetime as dt

from hardback_bot.engine import Game
from hardback_bot.store import AlertDue, Delivery, GameRecord, PlayerSettings, Store, Timer, TurnAlert
from hardback_bot.store.zones import tzinfo_of

TURN_BASED = 3600  # seconds: a turn timer over an hour makes a game turn-based (as the lobby's speeds say)


def quiet_until(now: float, settings: PlayerSettings) -> float | None:
    """The end of the player's quiet hours if ``now`` falls in them, else None. Quiet hours run from
    ``quiet_start`` o'clock up to ``quiet_end`` o'clock in the player's zone, across midnight when the start is
    the later hour (22 to 7)."""
    start, end = settings.quiet_start, settings.quiet_end
    zone = tzinfo_of(settings.zone)
    if start is None or end is None or start == end or zone is None:
        return None
    local = dt.datetime.fromtimestamp(now, zone)
    hour = local.hour
    quiet = start <= hour < end if start < end else (hour >= start or hour < end)
    if not quiet:
        return None
    day = local.date() if hour < end else local.date() + dt.timedelta(days=1)
    # Wall-clock time in the zone (a daylight-saving change on the way is taken as the zone says).
    ends = dt.datetime.combine(day, dt.time(end), tzinfo=zone)
    return ends.timestamp()


def wants_alert(settings: PlayerSettings, turn_timer: int) -> bool:
    """Whether the player asked for an alert in a game with this turn timer (and their DMs did not refuse one)."""
    if settings.alerts_closed or settings.alerts == "off":
        return False
    return settings.alerts == "all" or turn_timer > TURN_BASED


def alert_row(game_id: int, user_id: int, seat: int, moves: int) -> Delivery:
    return Delivery(game_id, TurnAlert(user_id, seat, moves))


async def turn_alerts(store: Store, record: GameRecord, game: Game, turn_before: tuple[int, int] | None,
                      now: float) -> tuple[list[Delivery], list[Timer]]:
    """The alert of a turn that begins with this commit, for a person who asked: an outbox row now, or a timer
    at the end of their quiet hours. ``turn_before``: (round, active seat) before the commit (None: the game
    starts with it). Nothing for a vote, a computer, the daily or a turn that goes on."""
    if game.finished or game.phase == "vote" or record.kind == "daily":
        return [], []
    seat = game.active_seat
    if turn_before == (game.state.round, seat):
        return [], []
    holder = record.seats[seat]
    if holder.user_id is None or holder.is_computer_controlled:
        return [], []
    settings = (await store.players.player_settings([holder.user_id]))[holder.user_id]
    if not wants_alert(settings, game.options.turn_timer or 0):
        return [], []
    moves = len(game.move_log)
    later = quiet_until(now, settings)
    if later is None:
        return [alert_row(record.id, holder.user_id, seat, moves)], []
    return [], [Timer(record.id, AlertDue(holder.user_id, moves), later, seat=seat)]


__all__ = ["TURN_BASED", "alert_row", "quiet_until", "turn_alerts", "wants_alert"]

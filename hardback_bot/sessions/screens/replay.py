"""``/hardback replay``: an ended game of a server, turn by turn (no Discord here).

Every screen is rebuilt from the store: the game's record (seed, options, seats) and its move log are
read, the log is replayed up to the asked turn (``turn_history.walk_turns``) and the table is drawn from
the engine's public view at that point.  Nothing is kept in memory, so a replay's buttons work the same
after a restart.  Their custom_ids are the codec's :class:`~hardback_bot.sessions.codec.ReplayClick` (first,
previous, next, last, jump select; step 0 is the table before the first turn, step N the end; private or
public).  A game still being played is never replayed: its seed and log would show every
hidden card and the order of the decks.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.i18n import Translator, translator
from hardback_bot.store import GameNotFound, GameRecord, Store

from ..codec import ReplayClick, ReplayOp
from ..phrases import seat_name
from ..turn_history import ReplayError, TurnRecord, Walk, stored_log, walk_turns
from .panel import Button, Option, Panel, Select
from .pictures import table_picture

ENDED = ("finished", "abandoned")
WINDOW = 25  # turns a jump select offers (Discord's limit), around the one shown


class ReplayRefused(ValueError):
    """The replay cannot be shown; the message (in the reader's language) says why. Nothing changed."""


async def latest_replayable(store: Store, guild_id: int) -> int | None:
    """The server's most recently finished game (the default of ``/hardback replay``), if any."""
    for record in await store.games.recent_games(guild_id, limit=25):
        if record.status == "finished" and record.seed is not None and record.pruned_at is None:
            return record.id
    return None


async def replayable(store: Store, game_id: int, guild_id: int, language: str) -> GameRecord:
    """The game's record if this server may replay it now; else :class:`ReplayRefused` saying why."""
    t = translator(language)
    try:
        record = await store.games.get_game(game_id, with_state=False)
    except GameNotFound:
        record = None
    if record is None or record.board_id != guild_id:
        raise ReplayRefused(t.gettext("There is no game #{game} in this server.", game=game_id))
    if record.status not in ENDED:
        raise ReplayRefused(t.gettext(
            "Game #{game} is still being played: it can be replayed once it is over (a replay would show "
            "every hidden card).", game=game_id))
    if record.seed is None:
        raise ReplayRefused(t.gettext("Game #{game} never started, so there is nothing to replay.", game=game_id))
    if record.pruned_at is not None:  # HARDBACK_MOVE_LOG_DAYS: its moves were deleted (docs/privacy.md)
        deleted = f"<t:{int(record.pruned_at)}:D>"  # Discord shows it in the reader's language
        raise ReplayRefused(t.gettext(
            "Game #{game} can no longer be replayed: this bot keeps an ended game's moves for a while only, and "
            "its moves were deleted on {date}. Its results are still in the history.", game=game_id, date=deleted))
    return record


def _walk(record: GameRecord, moves: list[LoggedMove], step: int) -> Walk:
    from hardback_bot.store.export import checker_for

    checker, _ = checker_for(record.options)
    assert record.seed is not None
    return walk_turns(record.num_players, record.seed, record.options, moves, checker, stop=step)


async def replay_screen(store: Store, game_id: int, step: int, *, guild_id: int, language: str,
                        public: bool) -> Panel:
    """The replay of ``game_id`` at ``step`` (0: before the first turn; past the end: the end), with its
    table image and buttons.  Raises :class:`ReplayRefused` (translated) when it cannot be shown."""
    t = translator(language)
    record = await replayable(store, game_id, guild_id, language)
    rows = await store.games.get_moves(game_id)
    try:
        walk = await asyncio.to_thread(_walk, record, stored_log(rows), max(0, step))
    except ReplayError as error:
        raise ReplayRefused(t.gettext("Game #{game} cannot be replayed here: its moves no longer replay with "
                                      "this bot's dictionary.", game=game_id)) from error
    last = len(walk.turns)
    step = min(max(0, step), last)
    names = [seat_name(s, t) for s in sorted(record.seats, key=lambda s: s.seat)]
    computers = [s.is_computer_controlled for s in sorted(record.seats, key=lambda s: s.seat)]
    view = walk.view if walk.view is not None else walk.final
    ended = record.status == "abandoned" and step == last
    panel = Panel(title=t.gettext("Replay of game #{game}", game=game_id))
    panel.lines += _lines(t, walk, step, names, record.status)
    panel.picture = await table_picture(view, names, computers, ended=ended, language=language)
    def click(op: ReplayOp, to: int) -> str:
        return ReplayClick(game_id, to, op, public).custom_id()

    panel.add_buttons([
        Button("⏮ " + t.gettext("First turn"), click(ReplayOp.FIRST, 0)),  # symbols outside: fonts
        Button(t.gettext("◀ Previous"), click(ReplayOp.PREVIOUS, max(0, step - 1))),
        Button(t.gettext("Next ▶"), click(ReplayOp.NEXT, min(last, step + 1)), "primary"),
        Button(t.gettext("Last turn") + " ⏭", click(ReplayOp.LAST, last)),
    ])
    start = min(max(0, step - WINDOW // 2), max(0, last + 1 - WINDOW))
    steps = range(start, min(last, start + WINDOW - 1) + 1)
    options = [Option(_option_label(t, walk.turns, s, names), str(s)) for s in steps]
    panel.rows.append(Select(click(ReplayOp.JUMP, step), t.gettext("Jump to a turn"), tuple(options)))
    return panel


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _option_label(t: Translator, turns: tuple[TurnRecord, ...], step: int, names: list[str]) -> str:
    if step == 0:
        return t.gettext("Before the first turn")[:100]
    turn = turns[step - 1]
    word = turn.word or t.gettext("(skipped)")
    return t.gettext("Turn {turn} · round {round} · {name}: {word}", turn=step, round=turn.round,
                     name=_name(names, turn.seat), word=word)[:100]


def _lines(t: Translator, walk: Walk, step: int, names: list[str], status: str) -> list[str]:
    last = len(walk.turns)
    if step == 0:
        return [t.gettext("The table before the first turn ({turns} turns in all).", turns=last)]
    turn = walk.turns[step - 1]
    who = _name(names, turn.seat)
    lines = [t.gettext("**Turn {turn} of {turns}** · round {round}", turn=step, turns=last, round=turn.round)]
    if turn.word:
        lines.append(t.gettext("{name} spelled **{word}**: {coins}¢ and {prestige}★.", name=who, word=turn.word,
                               coins=turn.coins, prestige=turn.prestige))
    else:
        lines.append(t.gettext("{name} skipped the turn (writer's block).", name=who))
    if turn.award:
        lines.append(t.gettext("Literary award: +{prestige}★.", prestige=turn.award))
    if turn.bought:
        bought = t.join([f"{card(c).letter} ({card(c).cost}¢)" for c in turn.bought])
        lines.append(t.gettext("Bought: {cards}.", cards=bought))
    if turn.adverts:
        lines.append(t.ngettext("Bought {n} advert.", "Bought {n} adverts.", turn.adverts))
    if step == last:
        lines.append(_end_line(t, walk.final, names, status))
    return lines


def _end_line(t: Translator, final: dict[str, Any], names: list[str], status: str) -> str:
    if status == "abandoned" or not final.get("finished"):
        return t.gettext("The game was ended here, before its end.")
    results = final.get("results") or []
    if final.get("penny") and results:
        first = results[0]
        team, penny = first["prestige"], first.get("penny", final["penny"]["score"])
        if first.get("won"):
            return t.gettext("The team beat Penny Dreadful: {team}★ to {penny}★.", team=team, penny=penny)
        return t.gettext("Penny Dreadful won: {penny}★ to the team's {team}★.", team=team, penny=penny)
    ranking = t.join([f"{r['rank']}. {_name(names, int(r['seat']))} {r['prestige']}★" for r in results])
    return t.gettext("Final ranking: {ranking}.", ranking=ranking)

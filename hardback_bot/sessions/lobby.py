"""Setting a lobby's table options from its message: the host (or Manage Channels) picks an option and a value;
the lobby is redrawn for everyone by the relay, as after any change of the lobby."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from hardback_bot.engine import GameOptions, OptionsError
from hardback_bot.store import GameRecord, StaleVersion, Store

from .messages import Refusal, Said, SessionError, Term
from .table_options import BY_KEY, offered, parse_value, value_words, with_value

if TYPE_CHECKING:
    from .manager import Sessions


def option_for(key: str, options: GameOptions) -> str:
    """The option ``key`` of a lobby, checked to be one the lobby offers now (SessionError otherwise)."""
    option = BY_KEY.get(key)
    if option is None or not offered(option, options):
        raise SessionError("not_offered")
    return key


async def set_table_option(sessions: Sessions, game_id: int, user_id: int, key: str, text: str, *,
                           can_manage: bool, dictionaries: Collection[str]) -> tuple[GameRecord, Said]:
    """Set option ``key`` of lobby ``game_id`` to the value ``text`` stands for; the new record and a reply."""
    async with sessions.lock(game_id):
        record = await sessions.record(game_id)
        if record.status != "lobby":
            raise SessionError("lobby_closed", stale=True)
        if user_id != record.host_id and not can_manage:
            raise SessionError("host_sets_options")
        current = GameOptions.from_dict(dict(record.options))
        option_for(key, current)
        try:
            value = parse_value(key, text, list(dictionaries))
        except ValueError as error:
            raise SessionError("not_offered") from error
        updated = with_value(current, key, value)
        minimum = 1 if updated.coop else 2
        try:
            updated.validate(max(len(record.seats), minimum))
        except OptionsError as error:
            raise SessionError("options_clash", reason=Refusal(error.code, error.params)) from error
        try:
            await sessions.store.update_lobby(game_id, record.version, options=updated.to_dict())
        except StaleVersion as error:
            raise SessionError("lobby_changed", stale=True) from error
    await sessions.notify(game_id)
    said = Said("option_set", option=Term(BY_KEY[key].name), value=Words(key, value))
    return await sessions.record(game_id), said


async def newcomers(store: Store, record: GameRecord) -> set[int]:
    """The seated people who have never finished a game in this server (a table with one proposes hints)."""
    people = [s.user_id for s in record.seats if s.user_id is not None and not s.is_computer_controlled]
    if not people:
        return set()
    return set(people) - await store.known_players(record.guild_id, people)


class Words(Term):
    """An option's value as a parameter of a reply, said in the reader's words."""

    def __init__(self, key: str, value: object) -> None:
        super().__init__("")
        self.key = key
        self.value = value

    def say(self, t: object) -> str:
        return value_words(self.key, self.value, t)  # type: ignore[arg-type]


__all__ = ["newcomers", "option_for", "set_table_option"]

"""Setting a lobby's table options from its message: the host (or Manage Channels) picks an option and a value;
the lobby is redrawn for everyone by the relay, as after any change of the lobby."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from hardback_bot.engine import GameOptions, OptionsError
from hardback_bot.store import GameRecord, StaleVersion

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
            await sessions.store.games.update_lobby(game_id, record.version, options=updated.to_dict())
        except StaleVersion as error:
            raise SessionError("lobby_changed", stale=True) from error
    await sessions.notify(game_id)
    said = Said("option_set", option=Term(BY_KEY[key].name), value=Words(key, value))
    return await sessions.record(game_id), said


class Words(Term):
    """An option's value as a parameter of a reply, said in the reader's words."""

    def __init__(self, key: str, value: object) -> None:
        super().__init__("")
        self.key = key
        self.value = value

    def say(self, t: object) -> str:
        return value_words(self.key, self.value, t)  # type: ignore[arg-type]


__all__ = ["option_for", "set_table_option"]

"""Application commands as the bot syncs them: checked against Discord's limits and stored as Discord
returns them (id, application_id, version ...).

Mixed into :class:`~.standin.DiscordStandin`; :mod:`.server` calls these for the command routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import limits
from .models import (
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin


class CommandSync:
    """Storing synced commands; ``self`` is always the :class:`DiscordStandin`."""

    def store_commands(
        self: DiscordStandin, guild_id: int | None, commands: list[dict[str, Any]], route: str
    ) -> list[dict[str, Any]]:
        self.check_limits(limits.check_commands(commands), route, "command sync")
        table = self.guild_commands[guild_id] if guild_id else self.global_commands
        old = dict(table)
        table.clear()
        for cmd in commands:
            previous = old.get(cmd["name"])
            table[cmd["name"]] = self.command_object(cmd, guild_id, previous)
        self.command_syncs.append((guild_id, commands))
        return list(table.values())

    def command_object(
        self: DiscordStandin, cmd: dict[str, Any], guild_id: int | None, previous: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A command as Discord returns it: the sent body plus id, application_id, version, ..."""
        stored = dict(cmd)
        stored.setdefault("type", 1)
        stored.setdefault("options", [])
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        stored.setdefault("description_localizations", None)
        stored.setdefault("name_localizations", None)
        stored["id"] = str(previous["id"]) if previous else str(snowflake())
        stored["application_id"] = str(self.application_id)
        stored["version"] = str(snowflake())
        if guild_id:
            stored["guild_id"] = str(guild_id)
        else:
            stored.setdefault("integration_types", [0])
            stored.setdefault("contexts", None)
        return stored

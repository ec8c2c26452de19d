"""REST routes of the bot's login and its servers: the gateway URL, ``@me``, users and DMs, the application,
its commands (sync, create, edit, delete) and the guilds' channels, roles, members and active threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors as E
from .errors import ApiError
from .rest_wire import NO_CONTENT

if TYPE_CHECKING:
    from .server import RestServer
    from .standin import DiscordStandin


class GuildRoutes:
    """Login, application, commands and guild routes; ``self`` is always the :class:`~.server.RestServer`."""

    s: DiscordStandin

    # ------------------------------------------------------------------ login / meta
    async def get_gateway(self: RestServer, request: web.Request, label: str) -> Any:
        return {"url": self.s.gateway_url}

    async def get_gateway_bot(self: RestServer, request: web.Request, label: str) -> Any:
        return {
            "url": self.s.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                   "max_concurrency": self.s.max_concurrency},
        }

    async def get_me(self: RestServer, request: web.Request, label: str) -> Any:
        me = self.s.bot_user.to_payload()
        me.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US", "bio": ""})
        return me

    async def open_dm(self: RestServer, request: web.Request, label: str) -> Any:
        """The bot's DM with a user (made on first ask, as Discord does; sending there may still be refused)."""
        body, _ = await self.read_body(request, label)
        user = self.s.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.s.add_dm(user).to_payload()

    async def get_user(self: RestServer, request: web.Request, label: str, user_id: str) -> Any:
        user = self.s.users.get(int(user_id))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_payload()

    async def get_application(self: RestServer, request: web.Request, label: str) -> Any:
        return {
            "id": str(self.s.application_id),
            "name": self.s.bot_user.name,
            "icon": None,
            "description": "Discord stand-in application",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.s.owner.to_payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self.s.bot_user.to_payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.s.guilds),
        }

    # ------------------------------------------------------------------ application commands
    def command_table(self: RestServer, app_id: str, guild_id: str | None) -> dict[str, dict[str, Any]]:
        self.check_app(app_id)
        if guild_id is None:
            return self.s.global_commands
        if int(guild_id) not in self.s.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return self.s.guild_commands[int(guild_id)]

    async def list_commands(
        self: RestServer, request: web.Request, label: str, app_id: str, guild_id: str | None = None
    ) -> Any:
        return list(self.command_table(app_id, guild_id).values())

    async def put_commands(
        self: RestServer, request: web.Request, label: str, app_id: str, guild_id: str | None = None
    ) -> Any:
        self.command_table(app_id, guild_id)
        body, _ = await self.read_body(request, label)
        return self.s.store_commands(int(guild_id) if guild_id else None, body, label)

    async def post_command(
        self: RestServer, request: web.Request, label: str, app_id: str, guild_id: str | None = None
    ) -> Any:
        table = self.command_table(app_id, guild_id)
        body, _ = await self.read_body(request, label)
        everything = [c for n, c in table.items() if n != body.get("name")] + [body]
        from . import limits

        self.s.check_limits(limits.check_commands(everything), label, "command")
        stored = self.s.command_object(body, int(guild_id) if guild_id else None, table.get(body["name"]))
        table[body["name"]] = stored
        return stored

    def find_command(self: RestServer, table: dict[str, dict[str, Any]], command_id: str) -> dict[str, Any]:
        for cmd in table.values():
            if str(cmd["id"]) == command_id:
                return cmd
        raise ApiError(404, E.UNKNOWN_APPLICATION_COMMAND, "Unknown application command")

    async def get_command(
        self: RestServer, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        return self.find_command(self.command_table(app_id, guild_id), command_id)

    async def patch_command(
        self: RestServer, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        table = self.command_table(app_id, guild_id)
        cmd = self.find_command(table, command_id)
        body, _ = await self.read_body(request, label)
        cmd.update(body)
        return cmd

    async def delete_command(
        self: RestServer, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        table = self.command_table(app_id, guild_id)
        cmd = self.find_command(table, command_id)
        del table[cmd["name"]]
        return NO_CONTENT

    # ------------------------------------------------------------------ guilds
    def known_guild(self: RestServer, guild_id: str) -> Any:
        guild = self.s.guilds.get(int(guild_id))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self: RestServer, request: web.Request, label: str, guild_id: str) -> Any:
        data = self.known_guild(guild_id).to_payload()
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "member_count",
        ):
            data.pop(key, None)
        return data

    async def get_guild_channels(self: RestServer, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self.known_guild(guild_id)
        return [c.to_payload() for c in guild.channels.values() if not c.deleted and not c.is_thread]

    async def get_guild_roles(self: RestServer, request: web.Request, label: str, guild_id: str) -> Any:
        return [r.to_payload() for r in self.known_guild(guild_id).roles.values()]

    async def get_members(self: RestServer, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self.known_guild(guild_id)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        members = sorted((m for uid, m in guild.members.items() if uid > after), key=lambda m: m.user.id)
        return [m.to_payload() for m in members[:limit]]

    async def get_member(self: RestServer, request: web.Request, label: str, guild_id: str, user_id: str) -> Any:
        member = self.known_guild(guild_id).members.get(int(user_id))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_payload()

    async def get_active_threads(self: RestServer, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self.known_guild(guild_id)
        threads = [c for c in guild.channels.values() if c.is_thread and not c.archived and not c.deleted]
        return {"threads": [t.to_payload() for t in threads], "members": []}


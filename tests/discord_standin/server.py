"""The REST half: an aiohttp server on 127.0.0.1 answering the routes discord.py 2.x calls.

Routing and wire parsing (JSON or multipart ``payload_json`` + ``files[n]``) live here; the rules
live in :class:`~.standin.DiscordStandin`. Any route the stand-in does not know is answered 404 and
recorded as an ``unsupported_route`` violation, so a gap in the stand-in can never pass silently.
"""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors as E
from .errors import ApiError
from .models import (
    ATTACH_FILES,
    INTENT_GUILD_MESSAGE_REACTIONS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Message,
    Upload,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

Handler = Callable[..., Awaitable[Any]]
NO_CONTENT = object()


class RestServer:
    """Serves ``/api/v{9,10}/...``, the ``/gateway`` websocket and ``/attachments/...`` downloads."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.s = standin
        self.app = web.Application(client_max_size=64 * 1024 * 1024)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        self._build_routes()
        self.app.router.add_get("/gateway", self.s.gateway.handle)
        self.app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.download)
        self.app.router.add_route("*", "/api/{version:v9|v10}/{tail:.*}", self.dispatch)
        self.app.router.add_route("*", "/{tail:.*}", self.unknown_root)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ routing
    def route(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        regex = "^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "$"
        self._routes.append((method, re.compile(regex), handler, auth))

    async def dispatch(self, request: web.Request) -> web.StreamResponse:
        tail = "/" + request.match_info["tail"]
        label = f"{request.method} {tail}"
        self.s.request_started(request.method, tail)
        try:
            weather = self.s.weather.answer(request, tail)  # an outage, a global rate limit (weather.py)
            if weather is not None:
                return weather
            fault = self.s.take_fault(request.method, tail)
            if fault is not None and not fault.after:
                return fault.response()
            for method, regex, handler, auth in self._routes:
                m = regex.match(tail)
                if m is None or method != request.method:
                    continue
                if auth and request.headers.get("Authorization") != f"Bot {self.s.token}":
                    return _error(ApiError(401, 0, "401: Unauthorized"))
                try:
                    if auth and (channel := self._channel_named(tail)) is not None:
                        self.s.bot_may_use(channel, label)  # a group DM: the bot is not in it
                    result = await handler(request, label, **{k: _unquote(v) for k, v in m.groupdict().items()})
                    if fault is not None:  # done, but the answer is lost on the way back
                        return fault.response()
                except ApiError as exc:
                    return _error(exc)
                except Exception as exc:  # a bug in the stand-in (or a body it cannot parse)
                    if request.transport is None or request.transport.is_closing():
                        return web.Response(status=499)  # the bot went away mid-request (SIGKILL)
                    # 400, not 500: discord.py retries 5xx with growing sleeps, which would hide the
                    # cause behind a slow test. The violation carries the traceback.
                    self.s.violate("standin_error", "".join(traceback.format_exception(exc)), label)
                    return _error(ApiError(400, 0, f"stand-in could not handle this request: {exc!r}"))
                if result is NO_CONTENT or result is None:
                    return web.Response(status=204)
                return _json(result)
            self.s.violate("unsupported_route", "the stand-in does not implement this route", label)
            return _error(ApiError(404, 0, "404: Not Found (not implemented by the stand-in)"))
        finally:
            self.s.request_finished()

    async def unknown_root(self, request: web.Request) -> web.StreamResponse:
        self.s.violate("unsupported_route", "request outside /api", f"{request.method} {request.path}")
        return _error(ApiError(404, 0, "404: Not Found"))

    async def download(self, request: web.Request) -> web.StreamResponse:
        """The CDN: attachment URLs in message payloads point here so bots and tests can fetch bytes."""
        att_id = int(request.match_info["attachment_id"])
        channel = self.s.channels.get(int(request.match_info["channel_id"]))
        candidates: list[Message] = list(channel.messages.values()) if channel else []
        for msgs in self.s.ephemeral.values():
            candidates += msgs
        for msg in candidates:
            for att in msg.attachments:
                if att.id == att_id:
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404, text="Not Found")

    def _build_routes(self) -> None:
        r = self.route
        r("GET", "/gateway", self.get_gateway, auth=False)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        for scope in ("", "/guilds/{guild_id}"):
            base = "/applications/{app_id}" + scope + "/commands"
            r("GET", base, self.list_commands)
            r("PUT", base, self.put_commands)
            r("POST", base, self.post_command)
            r("GET", base + "/{command_id}", self.get_command)
            r("PATCH", base + "/{command_id}", self.patch_command)
            r("DELETE", base + "/{command_id}", self.delete_command)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.get_guild_roles)
        r("GET", "/guilds/{guild_id}/members", self.get_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        r("GET", "/guilds/{guild_id}/threads/active", self.get_active_threads)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.patch_channel)
        r("DELETE", "/channels/{channel_id}", self.delete_channel)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("GET", "/channels/{channel_id}/messages", self.get_messages)
        r("POST", "/channels/{channel_id}/messages", self.post_message)
        r("GET", "/channels/{channel_id}/messages/pins", self.get_pins)
        r("GET", "/channels/{channel_id}/pins", self.get_pins)
        r("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin)
        r("PUT", "/channels/{channel_id}/pins/{message_id}", self.pin)
        r("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin)
        r("DELETE", "/channels/{channel_id}/pins/{message_id}", self.unpin)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from_message)
        r("POST", "/channels/{channel_id}/threads", self.thread_without_message)
        r("GET", "/channels/{channel_id}/thread-members", self.list_thread_members)
        r("GET", "/channels/{channel_id}/thread-members/{user_id}", self.get_thread_member)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member)
        reactions = "/channels/{channel_id}/messages/{message_id}/reactions"
        r("PUT", reactions + "/{emoji}/{user_id}", self.add_reaction)
        r("DELETE", reactions + "/{emoji}/{user_id}", self.remove_reaction)
        r("GET", reactions + "/{emoji}", self.get_reactions)
        r("DELETE", reactions + "/{emoji}", self.clear_emoji)
        r("DELETE", reactions, self.clear_reactions)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback, auth=False)
        hook = "/webhooks/{app_id}/{token}"
        r("POST", hook, self.webhook_execute, auth=False)
        r("GET", hook + "/messages/{message_id}", self.webhook_get, auth=False)
        r("PATCH", hook + "/messages/{message_id}", self.webhook_edit, auth=False)
        r("DELETE", hook + "/messages/{message_id}", self.webhook_delete, auth=False)

    # ------------------------------------------------------------------ helpers
    def _channel(self, channel_id: str) -> Channel:
        channel = self.s.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise ApiError(404, E.UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _channel_named(self, tail: str) -> Channel | None:
        m = re.match(r"^/channels/(\d+)(/|$)", tail)
        return self.s.channels.get(int(m.group(1))) if m else None

    def _message(self, channel: Channel, message_id: str) -> Message:
        msg = channel.messages.get(int(message_id))
        if msg is None or msg.deleted:
            raise ApiError(404, E.UNKNOWN_MESSAGE, "Unknown Message")
        return msg

    def _app(self, app_id: str) -> None:
        if int(app_id) != self.s.application_id:
            raise ApiError(404, E.UNKNOWN_WEBHOOK, "Unknown Webhook")

    async def _body(self, request: web.Request, label: str) -> tuple[dict[str, Any], list[Upload]]:
        """JSON body, or multipart with ``payload_json`` and ``files[n]`` parts (discord.py's form)."""
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            payload: dict[str, Any] = {}
            uploads: list[Upload] = []
            for key, value in form.items():
                if key == "payload_json":
                    payload = json.loads(value if isinstance(value, str) else value.file.read())
                    continue
                m = re.fullmatch(r"files\[(\d+)\]", key)
                if m and isinstance(value, web.FileField):
                    uploads.append(Upload(int(m.group(1)), value.filename, value.file.read(), value.content_type))
                else:
                    self.s.violate("bad_request", f"unexpected multipart field {key!r}", label)
            return payload, uploads
        if not request.can_read_body:
            return {}, []
        text = await request.text()
        try:
            return (json.loads(text) if text else {}), []
        except json.JSONDecodeError as exc:
            self.s.violate("bad_request", f"invalid JSON body: {exc}", label)
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from None

    # ------------------------------------------------------------------ login / meta
    async def get_gateway(self, request: web.Request, label: str) -> Any:
        return {"url": self.s.gateway_url}

    async def get_gateway_bot(self, request: web.Request, label: str) -> Any:
        return {
            "url": self.s.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                   "max_concurrency": self.s.max_concurrency},
        }

    async def get_me(self, request: web.Request, label: str) -> Any:
        me = self.s.bot_user.to_payload()
        me.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US", "bio": ""})
        return me

    async def open_dm(self, request: web.Request, label: str) -> Any:
        """The bot's DM with a user (made on first ask, as Discord does; sending there may still be refused)."""
        body, _ = await self._body(request, label)
        user = self.s.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.s.add_dm(user).to_payload()

    async def get_user(self, request: web.Request, label: str, user_id: str) -> Any:
        user = self.s.users.get(int(user_id))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_payload()

    async def get_application(self, request: web.Request, label: str) -> Any:
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
    def _command_table(self, app_id: str, guild_id: str | None) -> dict[str, dict[str, Any]]:
        self._app(app_id)
        if guild_id is None:
            return self.s.global_commands
        if int(guild_id) not in self.s.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return self.s.guild_commands[int(guild_id)]

    async def list_commands(self, request: web.Request, label: str, app_id: str, guild_id: str | None = None) -> Any:
        return list(self._command_table(app_id, guild_id).values())

    async def put_commands(self, request: web.Request, label: str, app_id: str, guild_id: str | None = None) -> Any:
        self._command_table(app_id, guild_id)
        body, _ = await self._body(request, label)
        return self.s.store_commands(int(guild_id) if guild_id else None, body, label)

    async def post_command(self, request: web.Request, label: str, app_id: str, guild_id: str | None = None) -> Any:
        table = self._command_table(app_id, guild_id)
        body, _ = await self._body(request, label)
        everything = [c for n, c in table.items() if n != body.get("name")] + [body]
        from . import limits

        self.s.check_limits(limits.check_commands(everything), label, "command")
        stored = self.s.command_object(body, int(guild_id) if guild_id else None, table.get(body["name"]))
        table[body["name"]] = stored
        return stored

    def _find_command(self, table: dict[str, dict[str, Any]], command_id: str) -> dict[str, Any]:
        for cmd in table.values():
            if str(cmd["id"]) == command_id:
                return cmd
        raise ApiError(404, E.UNKNOWN_APPLICATION_COMMAND, "Unknown application command")

    async def get_command(
        self, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        return self._find_command(self._command_table(app_id, guild_id), command_id)

    async def patch_command(
        self, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        table = self._command_table(app_id, guild_id)
        cmd = self._find_command(table, command_id)
        body, _ = await self._body(request, label)
        cmd.update(body)
        return cmd

    async def delete_command(
        self, request: web.Request, label: str, app_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        table = self._command_table(app_id, guild_id)
        cmd = self._find_command(table, command_id)
        del table[cmd["name"]]
        return NO_CONTENT

    # ------------------------------------------------------------------ guilds
    def _guild(self, guild_id: str) -> Any:
        guild = self.s.guilds.get(int(guild_id))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request, label: str, guild_id: str) -> Any:
        data = self._guild(guild_id).to_payload()
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

    async def get_guild_channels(self, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        return [c.to_payload() for c in guild.channels.values() if not c.deleted and not c.is_thread]

    async def get_guild_roles(self, request: web.Request, label: str, guild_id: str) -> Any:
        return [r.to_payload() for r in self._guild(guild_id).roles.values()]

    async def get_members(self, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        members = sorted((m for uid, m in guild.members.items() if uid > after), key=lambda m: m.user.id)
        return [m.to_payload() for m in members[:limit]]

    async def get_member(self, request: web.Request, label: str, guild_id: str, user_id: str) -> Any:
        member = self._guild(guild_id).members.get(int(user_id))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_payload()

    async def get_active_threads(self, request: web.Request, label: str, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        threads = [c for c in guild.channels.values() if c.is_thread and not c.archived and not c.deleted]
        return {"threads": [t.to_payload() for t in threads], "members": []}

    # ------------------------------------------------------------------ channels
    async def get_channel(self, request: web.Request, label: str, channel_id: str) -> Any:
        return self._channel(channel_id).to_payload()

    async def patch_channel(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        body, _ = await self._body(request, label)
        return (await self.s.edit_channel(channel, body, label)).to_payload()

    async def delete_channel(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        if not channel.is_thread:
            self.s.violate("permission", "the bot deleted a whole channel", label)
            raise ApiError(403, E.MISSING_PERMISSIONS, "Missing Permissions")
        if channel.owner_id != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_THREADS, "Manage Threads", label)
        channel.deleted = True
        await self.s.gateway.dispatch(
            "THREAD_DELETE",
            {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            },
            guild_id=channel.guild_id,
        )
        return channel.to_payload()

    async def typing(self, request: web.Request, label: str, channel_id: str) -> Any:
        self._channel(channel_id)
        return NO_CONTENT

    async def get_messages(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = sorted(channel.live_messages(), key=lambda m: m.id, reverse=True)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = sorted((m for m in msgs if m.id > int(request.query["after"])), key=lambda m: m.id)
            msgs.reverse()
        if "around" in request.query:
            pivot = int(request.query["around"])
            msgs.sort(key=lambda m: abs(m.id - pivot))
            msgs = sorted(msgs[:limit], key=lambda m: m.id, reverse=True)
        return [m.to_payload() for m in msgs[:limit]]

    async def get_message(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        return self._message(self._channel(channel_id), message_id).to_payload()

    async def post_message(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        body, uploads = await self._body(request, label)
        self.s.check_dm_open(channel)
        if channel.is_thread:
            if channel.locked:
                self.s.require_permission(channel, MANAGE_THREADS, "Manage Threads (thread is locked)", label)
            self.s.require_permission(channel, SEND_MESSAGES_IN_THREADS, "Send Messages in Threads", label)
        else:
            self.s.require_permission(channel, SEND_MESSAGES, "Send Messages", label)
        if uploads:
            self.s.require_permission(channel, ATTACH_FILES, "Attach Files", label)
        if int(body.get("flags") or 0) & (1 << 6):
            self.s.violate("bad_request", "ephemeral flag on a channel message (only interactions can)", label)
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise ApiError(400, E.INVALID_FORM_BODY, "Invalid Form Body (nonce: at most 25 characters)")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: with enforce_nonce, a message from the same author with the same nonce in the last
            # few minutes is returned instead of creating a second one.
            earlier = self.s.message_with_nonce(channel, str(nonce))
            if earlier is not None:
                self.s.nonce_repeats.append(earlier)
                return earlier.to_payload()
        msg = await self.s.create_message(channel, body, uploads, label)
        return msg.to_payload()

    async def patch_message(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        msg = self._message(channel, message_id)
        body, uploads = await self._body(request, label)
        if msg.author.id != self.s.bot_user.id:
            self.s.violate("bad_request", "the bot tried to edit someone else's message", label)
            raise ApiError(403, E.CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user")
        return (await self.s.edit_message(msg, body, uploads, label)).to_payload()

    async def delete_message(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        msg = self._message(channel, message_id)
        if msg.author.id != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        await self.s.delete_message(msg)
        return NO_CONTENT

    async def get_pins(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        pinned = [m for m in channel.live_messages() if m.pinned]
        if "messages/pins" in label:
            return {
                "items": [{"pinned_at": m.timestamp, "message": m.to_payload()} for m in pinned],
                "has_more": False,
            }
        return [m.to_payload() for m in pinned]

    async def pin(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Pin Messages", label)
        self._message(channel, message_id).pinned = True
        return NO_CONTENT

    async def unpin(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        self._message(channel, message_id).pinned = False
        return NO_CONTENT

    # ------------------------------------------------------------------ threads
    async def thread_from_message(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        msg = self._message(channel, message_id)
        body, _ = await self._body(request, label)
        return (await self.s.create_thread(channel, body, label, from_message=msg)).to_payload()

    async def thread_without_message(self, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        body, _ = await self._body(request, label)
        return (await self.s.create_thread(channel, body, label, from_message=None)).to_payload()

    def _thread(self, channel_id: str) -> Channel:
        channel = self._channel(channel_id)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _user_id(self, user_id: str) -> int:
        return self.s.bot_user.id if user_id == "@me" else int(user_id)

    def _thread_member(self, thread: Channel, uid: int) -> dict[str, Any]:
        return {"id": str(thread.id), "user_id": str(uid), "join_timestamp": thread.created_at, "flags": 0}

    async def list_thread_members(self, request: web.Request, label: str, channel_id: str) -> Any:
        thread = self._thread(channel_id)
        return [self._thread_member(thread, uid) for uid in sorted(thread.thread_members)]

    async def get_thread_member(self, request: web.Request, label: str, channel_id: str, user_id: str) -> Any:
        thread = self._thread(channel_id)
        uid = self._user_id(user_id)
        if uid not in thread.thread_members:
            raise ApiError(404, 10007, "Unknown Member")
        return self._thread_member(thread, uid)

    async def add_thread_member(self, request: web.Request, label: str, channel_id: str, user_id: str) -> Any:
        thread = self._thread(channel_id)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        thread.thread_members.add(self._user_id(user_id))
        return NO_CONTENT

    async def remove_thread_member(self, request: web.Request, label: str, channel_id: str, user_id: str) -> Any:
        thread = self._thread(channel_id)
        thread.thread_members.discard(self._user_id(user_id))
        return NO_CONTENT

    # ------------------------------------------------------------------ reactions
    async def add_reaction(
        self, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str, user_id: str
    ) -> Any:
        if user_id != "@me":
            raise ApiError(405, 0, "405: Method Not Allowed")
        channel = self._channel(channel_id)
        msg = self._message(channel, message_id)
        msg.reactions.setdefault(emoji, set()).add(self.s.bot_user.id)
        await self.s.gateway.dispatch(
            "MESSAGE_REACTION_ADD",
            {
                "user_id": str(self.s.bot_user.id),
                "channel_id": str(channel.id),
                "message_id": str(msg.id),
                "guild_id": str(channel.guild_id),
                "emoji": _emoji(emoji),
                "burst": False,
                "type": 0,
                "message_author_id": str(msg.author.id),
            },
            guild_id=channel.guild_id,
            intents=INTENT_GUILD_MESSAGE_REACTIONS,
        )
        return NO_CONTENT

    async def remove_reaction(
        self, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str, user_id: str
    ) -> Any:
        channel = self._channel(channel_id)
        msg = self._message(channel, message_id)
        uid = self._user_id(user_id)
        if uid != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        msg.reactions.get(emoji, set()).discard(uid)
        return NO_CONTENT

    async def get_reactions(
        self, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str
    ) -> Any:
        msg = self._message(self._channel(channel_id), message_id)
        return [self.s.users[u].to_payload() for u in sorted(msg.reactions.get(emoji, set()))]

    async def clear_emoji(self, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str) -> Any:
        channel = self._channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        self._message(channel, message_id).reactions.pop(emoji, None)
        return NO_CONTENT

    async def clear_reactions(self, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self._channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        self._message(channel, message_id).reactions.clear()
        return NO_CONTENT

    # ------------------------------------------------------------------ interactions & webhooks
    async def interaction_callback(self, request: web.Request, label: str, interaction_id: str, token: str) -> Any:
        body, uploads = await self._body(request, label)
        inter, message = await self.s.respond(int(interaction_id), token, body, uploads, label)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return NO_CONTENT
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if message is not None:
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = message.loading
            info["response_message_ephemeral"] = message.ephemeral
        resource: dict[str, Any] = {"type": body.get("type")}
        if message is not None:
            resource["message"] = message.to_payload()
        return {"interaction": info, "resource": resource}

    async def webhook_execute(self, request: web.Request, label: str, app_id: str, token: str) -> Any:
        self._app(app_id)
        body, uploads = await self._body(request, label)
        thread_id = request.query.get("thread_id")
        msg = await self.s.followup(token, body, uploads, label, thread_id=int(thread_id) if thread_id else None)
        self.s.interaction_for_token(token, label).answers += 1
        if request.query.get("wait") in ("1", "true", "True"):
            return msg.to_payload()
        return NO_CONTENT

    async def webhook_get(self, request: web.Request, label: str, app_id: str, token: str, message_id: str) -> Any:
        self._app(app_id)
        inter = self.s.interaction_for_token(token, label)
        return self.s.webhook_message(inter, message_id, label).to_payload()

    async def webhook_edit(self, request: web.Request, label: str, app_id: str, token: str, message_id: str) -> Any:
        self._app(app_id)
        inter = self.s.interaction_for_token(token, label)
        msg = self.s.webhook_message(inter, message_id, label)
        body, uploads = await self._body(request, label)
        edited = await self.s.edit_message(msg, body, uploads, label)
        inter.answers += 1
        return edited.to_payload()

    async def webhook_delete(self, request: web.Request, label: str, app_id: str, token: str, message_id: str) -> Any:
        self._app(app_id)
        inter = self.s.interaction_for_token(token, label)
        msg = self.s.webhook_message(inter, message_id, label)
        await self.s.delete_message(msg)
        return NO_CONTENT


def _json(data: Any, status: int = 200) -> web.Response:
    """Exactly ``Content-Type: application/json`` (no charset): discord.py compares the header
    verbatim and would otherwise hand the raw text to its parsers."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _error(exc: ApiError) -> web.Response:
    return _json(exc.body(), status=exc.status)


def _unquote(value: str) -> str:
    from urllib.parse import unquote

    return unquote(value)


def _emoji(emoji: str) -> dict[str, Any]:
    m = re.fullmatch(r"a?:?(\w+):(\d+)", emoji)
    if m:
        return {"id": m.group(2), "name": m.group(1)}
    return {"id": None, "name": emoji}

"""The REST half: an aiohttp server on 127.0.0.1 answering the routes discord.py 2.x calls.

Routing, the route table and wire parsing (JSON or multipart ``payload_json`` + ``files[n]``) live here;
the routes themselves in :mod:`.rest_guilds`, :mod:`.rest_channels` and :mod:`.rest_interactions`; the rules
in :class:`~.standin.DiscordStandin`. Any route the stand-in does not know is answered 404 and
recorded as an ``unsupported_route`` violation, so a gap in the stand-in can never pass silently.
"""

from __future__ import annotations

import json
import re
import traceback
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors as E
from .errors import ApiError
from .models import Channel, Message, Upload
from .rest_channels import ChannelRoutes
from .rest_guilds import GuildRoutes
from .rest_interactions import InteractionRoutes
from .rest_wire import NO_CONTENT, Handler, error_response, json_response, unquote

if TYPE_CHECKING:
    from .standin import DiscordStandin


class RestServer(GuildRoutes, ChannelRoutes, InteractionRoutes):
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
                    return error_response(ApiError(401, 0, "401: Unauthorized"))
                try:
                    if auth and (channel := self._channel_named(tail)) is not None:
                        self.s.bot_may_use(channel, label)  # a group DM: the bot is not in it
                    result = await handler(request, label, **{k: unquote(v) for k, v in m.groupdict().items()})
                    if fault is not None:  # done, but the answer is lost on the way back
                        return fault.response()
                except ApiError as exc:
                    return error_response(exc)
                except Exception as exc:  # a bug in the stand-in (or a body it cannot parse)
                    if request.transport is None or request.transport.is_closing():
                        return web.Response(status=499)  # the bot went away mid-request (SIGKILL)
                    # 400, not 500: discord.py retries 5xx with growing sleeps, which would hide the
                    # cause behind a slow test. The violation carries the traceback.
                    self.s.violate("standin_error", "".join(traceback.format_exception(exc)), label)
                    return error_response(ApiError(400, 0, f"stand-in could not handle this request: {exc!r}"))
                if result is NO_CONTENT or result is None:
                    return web.Response(status=204)
                return json_response(result)
            self.s.violate("unsupported_route", "the stand-in does not implement this route", label)
            return error_response(ApiError(404, 0, "404: Not Found (not implemented by the stand-in)"))
        finally:
            self.s.request_finished()

    async def unknown_root(self, request: web.Request) -> web.StreamResponse:
        self.s.violate("unsupported_route", "request outside /api", f"{request.method} {request.path}")
        return error_response(ApiError(404, 0, "404: Not Found"))

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
    def known_channel(self, channel_id: str) -> Channel:
        channel = self.s.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise ApiError(404, E.UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _channel_named(self, tail: str) -> Channel | None:
        m = re.match(r"^/channels/(\d+)(/|$)", tail)
        return self.s.channels.get(int(m.group(1))) if m else None

    def known_message(self, channel: Channel, message_id: str) -> Message:
        msg = channel.messages.get(int(message_id))
        if msg is None or msg.deleted:
            raise ApiError(404, E.UNKNOWN_MESSAGE, "Unknown Message")
        return msg

    def check_app(self, app_id: str) -> None:
        if int(app_id) != self.s.application_id:
            raise ApiError(404, E.UNKNOWN_WEBHOOK, "Unknown Webhook")

    async def read_body(self, request: web.Request, label: str) -> tuple[dict[str, Any], list[Upload]]:
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


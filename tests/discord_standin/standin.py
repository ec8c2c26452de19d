"""The stand-in itself: Discord's state and rules, plus the API tests drive it with.

``DiscordStandin`` owns the world (guilds, channels, users, messages, interactions), serves it over
loopback through :mod:`.server` (REST) and :mod:`.gateway` (websocket), and plays the *users*: tests
call :meth:`slash`, :meth:`click`, :meth:`select`, :meth:`submit_modal` and :meth:`send_message`
the way a person would use the Discord client, then inspect what the bot did.

Every payload the bot sends is checked against Discord's limits (:mod:`.limits`); a breach is
answered the way Discord answers it (an HTTP error) *and* recorded as a :class:`Violation`. The
test fixture fails any test that ends with unclaimed violations; negative tests claim theirs with
:meth:`take_violations`.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from . import errors as E
from . import limits
from .client_api import UserActions
from .errors import ApiError, StandinViolation, Violation
from .models import (
    ALL_PERMISSIONS,
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_MESSAGE_COMPONENT,
    IT_MODAL_SUBMIT,
    MANAGE_THREADS,
    MT_CHAT_INPUT_COMMAND,
    MT_DEFAULT,
    MT_REPLY,
    PRIVATE_THREAD,
    PRIVILEGED_INTENTS,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Modal,
    Role,
    Upload,
    User,
    iso_now,
    snowflake,
)
from .private import PrivateChannels

#: Message flags a bot may set when sending (others are Discord's to set or ignored).
SENDABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

#: Discord's deadline for the initial interaction response.
RESPONSE_DEADLINE = 3.0
#: Interaction tokens (follow-ups, edits of the original) die after 15 minutes.
TOKEN_LIFETIME = 15 * 60.0
DEFERRED_UPDATE_GRACE = 10.0  # seconds a deferred update may take before settle() stops waiting for it

_MENTION_RE = re.compile(r"<@!?(\d+)>")


@dataclass
class Fault:
    """An error the stand-in answers instead of (or after) handling a request (see inject_fault)."""

    method: str
    path: re.Pattern[str]
    status: int
    code: int
    times: int
    after: bool
    retry_after: float

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": f"{self.status}: injected by the test", "code": self.code}
        headers = {"Content-Type": "application/json"}
        if self.status == 429:
            body.update({"retry_after": self.retry_after, "global": False})
            # discord.py treats a 429 without a Via header as a Cloudflare ban and gives up; Discord's have one.
            headers.update({"Retry-After": str(self.retry_after), "X-RateLimit-Scope": "user", "Via": "1.1 google"})
        return web.Response(body=json.dumps(body).encode(), status=self.status, headers=headers)


class DiscordStandin(UserActions, PrivateChannels):
    """A local Discord for end-to-end tests. Start it, build a world, point the bot at ``base_url``.

    Parameters are the knobs tests may turn: ``response_deadline`` (3 s like Discord),
    ``rate_limit`` (messages, seconds) per channel beyond which a ``flood`` violation is recorded,
    ``privileged_intents`` the "developer portal" allows, and the bot's guild permissions.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Hardback",
        token: str | None = None,
        response_deadline: float = RESPONSE_DEADLINE,
        rate_limit: tuple[int, float] | None = (5, 5.0),
        privileged_intents: int = PRIVILEGED_INTENTS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.application_id = snowflake()
        self.bot_user = User(self.application_id, bot_name, bot=True)
        self.owner = User(snowflake(), "app-owner")
        self.token = token or f"standin.{secrets.token_urlsafe(24)}"
        self.response_deadline = response_deadline
        self.rate_limit = rate_limit
        self.privileged_intents = privileged_intents
        self.bot_permissions = bot_permissions
        self.heartbeat_interval_ms = heartbeat_interval_ms
        # Sessions the bot may start at once (GET /gateway/bot's session_start_limit): 1 for most bots.
        self.max_concurrency = 1
        # A server's cap on active threads (Discord's is 1,000): past it a new thread is refused with 160006.
        self.max_active_threads: int | None = None

        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.dms_closed: set[int] = set()  # users whose DMs refuse the bot (close_dms; Discord's 50007)
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.interactions: dict[int, Interaction] = {}
        self.ephemeral: dict[int, list[Message]] = defaultdict(list)
        self.modals: dict[int, Modal] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
        self.command_syncs: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.violations: list[Violation] = []
        self.nonce_repeats: list[Message] = []  # posts answered with an earlier message (enforce_nonce)
        # Extra "is the bot still busy?" checks a test may add for a bot in its own process (e.g. work the
        # bot has scheduled but not started, like a paced post): each returns a reason, or None.
        self.busy_checks: list[Callable[[], str | None]] = []
        self.faults: list[Fault] = []
        self.faults_served: list[tuple[str, str, int]] = []
        self.requests: list[tuple[str, str]] = []

        self._clock_offset = 0.0
        self._posts: dict[int, deque[float]] = defaultdict(deque)
        self._watchdogs: list[asyncio.TimerHandle] = []
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._background: set[asyncio.Task[Any]] = set()
        self.default_channel: Channel | None = None

        from .gateway import Gateway
        from .server import RestServer
        from .weather import DiscordWeather

        self.weather = DiscordWeather(self)  # outages and global rate limits on demand
        self.gateway = Gateway(self)
        self.server = RestServer(self)

    # ------------------------------------------------------------------ lifecycle / addresses
    async def start(self) -> DiscordStandin:
        """Serve on 127.0.0.1 at a free port."""
        await self.server.start()
        return self

    async def stop(self) -> None:
        for handle in self._watchdogs:
            handle.cancel()
        await self.gateway.close_all()
        await self.server.stop()

    async def __aenter__(self) -> DiscordStandin:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT`` — the root the stand-in serves everything from."""
        return self.server.base_url

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to (and ``HARDBACK_DISCORD_API``)."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The websocket URL (``HARDBACK_DISCORD_GATEWAY``; also returned by ``GET /gateway/bot``)."""
        return self.base_url.replace("http://", "ws://", 1) + "/gateway"

    def env(self) -> dict[str, str]:
        """Environment for a bot *process* that should talk to this stand-in (see process.py)."""
        return {
            "HARDBACK_DISCORD_API": self.api_url,
            "HARDBACK_DISCORD_GATEWAY": self.gateway_url,
            "DISCORD_TOKEN": self.token,
        }

    # ------------------------------------------------------------------ clock
    def now(self) -> float:
        """The stand-in's clock: monotonic time plus whatever tests added with :meth:`advance_time`."""
        return time.monotonic() + self._clock_offset

    def advance_time(self, seconds: float) -> None:
        """Pretend ``seconds`` passed (e.g. 15 min to expire interaction tokens) without waiting."""
        self._clock_offset += seconds

    @property
    def time_advanced(self) -> float:
        """How many seconds :meth:`advance_time` has added so far (a test moves the bot's clock along)."""
        return self._clock_offset

    NONCE_WINDOW = 300.0  # Discord keeps nonces "for a few minutes"

    def inject_fault(self, method: str, path: str, status: int, code: int = 0, *, times: int = 1,
                     after: bool = False, retry_after: float = 0.05) -> Fault:
        """Answer the next ``times`` requests matching ``method`` and the regex ``path`` (e.g.
        ``r"/channels/\\d+/messages$"``) with ``status``: Discord's 5xx, a 429 (with ``retry_after``), a
        403 or 404 with a JSON ``code``. ``after``: do the request first, then lose its answer (a 5xx
        after the message was created: the client retries)."""
        fault = Fault(method, re.compile(path), status, code, times, after, retry_after)
        self.faults.append(fault)
        return fault

    def take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.path.search(path):
                fault.times -= 1
                self.faults_served.append((method, path, fault.status))
                return fault
        return None

    def message_with_nonce(self, channel: Channel, nonce: str) -> Message | None:
        """The bot's message of ``channel`` sent with ``nonce`` within the nonce window, if any."""
        now = self.now()
        for msg in reversed(list(channel.messages.values())):
            if msg.nonce == nonce and msg.author.id == self.bot_user.id and now - msg.created_at <= self.NONCE_WINDOW:
                return msg
        return None

    # ------------------------------------------------------------------ violations
    def violate(self, kind: str, detail: str, route: str = "", problems: list[limits.Problem] | None = None) -> None:
        self.violations.append(Violation(kind, detail, route, list(problems or [])))

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Remove and return the recorded violations (of one kind, or all) — negative tests claim theirs."""
        taken = [v for v in self.violations if kind is None or v.kind == kind]
        self.violations = [v for v in self.violations if all(v is not t for t in taken)]
        return taken

    def assert_no_violations(self) -> None:
        """Fail (AssertionError) listing every violation still recorded."""
        if self.violations:
            listing = "\n".join(f"  * {v}" for v in self.violations)
            raise StandinViolation(f"The bot broke {len(self.violations)} Discord rule(s):\n{listing}")

    # ------------------------------------------------------------------ building the world
    def add_guild(self, name: str = "Test Guild", *, owner: User | None = None, locale: str = "en-US") -> Guild:
        """A server the bot is in. Created before the bot connects it arrives in READY; after, via
        GUILD_CREATE. ``locale``: the server's Discord language (its ``preferred_locale``)."""
        owner = owner or self.owner
        guild = Guild(snowflake(), name, owner.id, locale=locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", DEFAULT_EVERYONE_PERMISSIONS)
        bot_role = Role(snowflake(), self.bot_user.name, self.bot_permissions, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role.id])
        guild.members[owner.id] = Member(owner)
        self.guilds[guild.id] = guild
        self._spawn(self.gateway.dispatch_guild_create(guild))
        return guild

    def add_text_channel(self, guild: Guild, name: str = "general", *, topic: str | None = None) -> Channel:
        channel = Channel(snowflake(), guild.id, name, GUILD_TEXT, position=len(guild.channels), topic=topic)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        if self.default_channel is None:
            self.default_channel = channel
        self._spawn(
            self.gateway.dispatch("CHANNEL_CREATE", channel.to_payload(), guild_id=guild.id, intents=INTENT_GUILDS)
        )
        return channel

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(snowflake(), name, _perm_value(permissions), position=len(guild.roles))
        guild.roles[role.id] = role
        self._spawn(
            self.gateway.dispatch(
                "GUILD_ROLE_CREATE",
                {"guild_id": str(guild.id), "role": role.to_payload()},
                guild_id=guild.id,
                intents=INTENT_GUILDS,
            )
        )
        return role

    def add_user(
        self,
        name: str,
        guild: Guild | None = None,
        *,
        permissions: int = 0,
        roles: Iterable[Role] = (),
        nick: str | None = None,
        locale: str = "en-US",
    ) -> User:
        """A person, made a member of ``guild`` (default: every existing guild). ``permissions`` (an int
        of permission bits such as ``MANAGE_CHANNELS``, or a ``discord.Permissions``) is granted
        through a personal role on top of @everyone. ``locale``: their Discord client's language."""
        user = User(snowflake(), name, locale=locale)
        self.users[user.id] = user
        for g in [guild] if guild is not None else list(self.guilds.values()):
            self.add_member(g, user, permissions=permissions, roles=roles, nick=nick)
        return user

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        permissions: int = 0,
        roles: Iterable[Role] = (),
        nick: str | None = None,
    ) -> Member:
        role_ids = [r.id for r in roles]
        perms = _perm_value(permissions)
        if perms:
            role_ids.append(self.add_role(guild, f"{user.name}-perms", perms).id)
        member = Member(user, role_ids, nick)
        guild.members[user.id] = member
        payload = member.to_payload()
        payload["guild_id"] = str(guild.id)
        self._spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", payload, guild_id=guild.id, intents=INTENT_GUILD_MEMBERS))
        return member

    def guild_of(self, channel: Channel) -> Guild:
        if channel.is_private:
            raise LookupError(f"channel {channel.id} is a DM: it belongs to no server")
        return self.guilds[channel.guild_id]

    def permissions(self, user: User, channel: Channel) -> int:
        """A member's permissions in a channel, computed as Discord does: guild permissions (owner and
        administrators get everything), then the channel's overwrites for @everyone, for the member's
        roles (all denies, then all allows) and for the member. Threads use their parent's. A DM has no roles:
        its people (the bot in its own DM) may do what a DM allows."""
        if channel.is_private:
            return self.private_permissions(user, channel)
        guild = self.guild_of(channel)
        perms = guild.permissions_of(user.id)
        if perms == ALL_PERMISSIONS:
            return perms
        target = self.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        overwrites = target.overwrites
        if guild.id in overwrites:
            _, allow, deny = overwrites[guild.id]
            perms = (perms & ~deny) | allow
        member = guild.members.get(user.id)
        role_allow = role_deny = 0
        for role_id in member.roles if member else []:
            if role_id in overwrites:
                role_allow |= overwrites[role_id][1]
                role_deny |= overwrites[role_id][2]
        perms = (perms & ~role_deny) | role_allow
        if user.id in overwrites:
            _, allow, deny = overwrites[user.id]
            perms = (perms & ~deny) | allow
        return perms

    def set_overwrite(self, channel: Channel, target: User | Role, *, allow: int = 0, deny: int = 0) -> None:
        """A channel permission overwrite for a role or a member (e.g. Manage Channels in one channel)."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = (kind, _perm_value(allow), _perm_value(deny))
        self._spawn(
            self.gateway.dispatch(
                "CHANNEL_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        )

    # ------------------------------------------------------------------ inspection
    def messages(self, channel: Channel) -> list[Message]:
        """Public messages in a channel or thread, oldest first (deleted ones left out)."""
        return self.channels[channel.id].live_messages()

    def last_message(self, channel: Channel) -> Message:
        msgs = self.messages(channel)
        if not msgs:
            raise LookupError(f"no messages in #{channel.name}")
        return msgs[-1]

    def ephemerals(self, user: User) -> list[Message]:
        """Ephemeral messages only ``user`` can see, oldest first."""
        return [m for m in self.ephemeral[user.id] if not m.deleted]

    def last_ephemeral(self, user: User) -> Message:
        msgs = self.ephemerals(user)
        if not msgs:
            raise LookupError(f"no ephemeral messages for {user.name}")
        return msgs[-1]

    def last_modal(self, user: User) -> Modal | None:
        return self.modals.get(user.id)

    def threads(self, channel: Channel | None = None) -> list[Channel]:
        return [
            c
            for c in self.channels.values()
            if c.is_thread and not c.deleted and (channel is None or c.parent_id == channel.id)
        ]

    def find_message(self, message_id: int) -> Message | None:
        for ch in self.channels.values():
            msg = ch.messages.get(message_id)
            if msg is not None:
                return msg
        for msgs in self.ephemeral.values():
            for msg in msgs:
                if msg.id == message_id:
                    return msg
        return None

    def commands(self, guild: Guild | None = None) -> dict[str, dict[str, Any]]:
        """Synced commands: global, plus the guild's own when ``guild`` is given."""
        found = dict(self.global_commands)
        if guild is not None:
            found.update(self.guild_commands.get(guild.id, {}))
        return found

    # ------------------------------------------------------------------ waiting
    async def wait_until_connected(self, timeout: float = 30.0, *, after: int = 0) -> None:
        """Wait for a bot session to identify and receive its guilds (``after``: number of
        identifies already seen — pass ``standin.gateway.identify_count`` before a restart).
        The generous default covers a bot whose ``setup_hook`` loads data on a busy machine."""
        try:
            await self.wait_for(
                lambda: self.gateway.identify_count > after and self.gateway.ready_sessions(),
                timeout=timeout,
                what="a bot to connect to the gateway",
            )
        except TimeoutError as exc:
            raise TimeoutError(f"{exc} — {self.connection_report()}") from None

    def connection_report(self) -> str:
        """How far a connecting bot got: login, command sync, websocket, IDENTIFY (for timeouts)."""
        seen = [f"{m} {p}" for m, p in self.requests]
        logged_in = any(p == "/users/@me" for _, p in self.requests)
        sessions = self.gateway.sessions
        return (
            f"logged in: {logged_in}; REST calls: {len(seen)} (last: {seen[-3:]}); "
            f"websockets open: {len(sessions)}, identified: {sum(x.ready for x in sessions)}; "
            f"identifies so far: {self.gateway.identify_count}"
        )

    async def wait_for(self, predicate: Callable[[], Any], *, timeout: float = 5.0, what: str = "condition") -> Any:
        """Poll ``predicate`` until truthy (returning its value) or fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                busy = f" (still: {'; '.join(self.busy_reasons(0))})" if what == "the bot to go quiet" else ""
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}{busy}")
            await asyncio.sleep(0.01)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] = lambda m: True,
        *,
        timeout: float = 5.0,
    ) -> Message:
        def find() -> Message | None:
            return next((m for m in reversed(self.messages(channel)) if predicate(m)), None)

        return await self.wait_for(find, timeout=timeout, what=f"a matching message in #{channel.name}")

    async def settle(self, *, quiet: float = 0.1, timeout: float = 20.0) -> None:
        """Wait until the bot is done reacting: no HTTP request in flight, none for ``quiet`` seconds,
        no interaction still waiting for its initial response, no "is thinking..." message left (a
        deferred interaction the bot has yet to complete) and no update deferred without an edit or
        follow-up yet (for DEFERRED_UPDATE_GRACE seconds) — unless the bot session that got it is gone (a
        killed bot never finishes; on Discord that message stays "thinking" too).

        The timeout is generous on purpose: the relay rightly holds posts back for up to a whole 5 s
        window per channel (after a restart it counts the posts of the process before), so "done" can
        come more than 5 s later on a loaded machine. Speed is pinned elsewhere (the 3 s answer check)."""
        await self.wait_for(lambda: not self.busy_reasons(quiet), timeout=timeout, what="the bot to go quiet")

    def busy_reasons(self, quiet: float = 0.1) -> list[str]:
        """Why :meth:`settle` would keep waiting (empty when settled); also shown on timeout."""
        reasons: list[str] = []
        if self._inflight:
            reasons.append(f"{self._inflight} HTTP request(s) in flight")
        if time.monotonic() - self._last_activity < quiet:
            reasons.append("recent activity")
        live = set(map(id, self.gateway.sessions))
        now = self.now()
        for inter in self.interactions.values():
            if not any(id(x) in live for x in inter.delivered_to):
                continue
            if not inter.acknowledged and now - inter.received_at <= self.response_deadline:
                reasons.append(f"awaiting the response to {inter.describe()}")
            elif (
                inter.original is not None
                and inter.original.loading
                and not inter.original.deleted
                and now - inter.received_at <= TOKEN_LIFETIME
            ):
                reasons.append(f"{inter.describe()} is still 'thinking'")
            elif (
                inter.response_type == CB_DEFERRED_UPDATE_MESSAGE
                and not inter.answers
                and now - inter.received_at <= DEFERRED_UPDATE_GRACE
            ):
                # A deferred update shows nothing to wait for, but a bot that defers one goes on to edit the
                # message or follow up: until it has, it is not done (a slow machine takes a while).
                reasons.append(f"{inter.describe()} was deferred as an update and not followed up yet")
        for check in self.busy_checks:
            reason = check()
            if reason:
                reasons.append(reason)
        return reasons

    def _request_started(self, method: str, path: str) -> None:
        self._inflight += 1
        self._last_activity = time.monotonic()
        self.requests.append((method, path))

    def _request_finished(self) -> None:
        self._inflight -= 1
        self._last_activity = time.monotonic()

    async def _flush_background(self) -> None:
        """Let world-building dispatches (GUILD_MEMBER_ADD, ...) reach the bot before user actions."""
        if self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    def _spawn(self, coro: Awaitable[Any]) -> None:
        """Run a gateway dispatch in the background when there is a loop (world-building is sync)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()  # type: ignore[attr-defined]
            return
        task = loop.create_task(coro)  # type: ignore[arg-type]
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ bot actions (called by server.py)
    def check_rate(self, channel: Channel, route: str) -> None:
        """Record a ``flood`` violation when the bot posts more than N messages in a channel within the
        window (Discord: ~5 per 5 s; PRODUCT.md: edit the table instead of posting)."""
        if self.rate_limit is None:
            return
        count, window = self.rate_limit
        now = time.monotonic()
        posts = self._posts[channel.id]
        posts.append(now)
        while posts and now - posts[0] > window:
            posts.popleft()
        if len(posts) > count:
            self.violate("flood", f"{len(posts)} messages in #{channel.name} within {window:g}s (max {count})", route)

    def require_permission(self, channel: Channel, perm: int, what: str, route: str) -> None:
        if not self.permissions(self.bot_user, channel) & perm:
            self.violate("permission", f"bot lacks {what} in #{channel.name}", route)
            raise ApiError(403, E.MISSING_PERMISSIONS, "Missing Permissions")

    def check_limits(self, problems: list[limits.Problem], route: str, what: str) -> None:
        if problems:
            self.violate("limit", f"{what} breaks Discord limits", route, problems)
            raise ApiError(400, E.INVALID_FORM_BODY, "Invalid Form Body", problems)

    def build_attachments(
        self,
        channel_id: int,
        existing: list[Attachment],
        payload: dict[str, Any],
        uploads: list[Upload],
        route: str,
    ) -> list[Attachment]:
        """The attachment list after a create/edit: kept ones (listed by id in ``attachments``, or all
        when the key is absent) plus the new uploads, with descriptions from ``attachments``."""
        specs = payload.get("attachments")
        by_index: dict[str, dict[str, Any]] = {}
        kept: list[Attachment] = list(existing)
        if specs is not None:
            wanted = {str(a.get("id")) for a in specs}
            kept = [a for a in existing if str(a.id) in wanted]
            by_index = {str(a.get("id")): a for a in specs}
        new: list[Attachment] = []
        for up in uploads:
            spec = by_index.get(str(up.index), {})
            att_id = snowflake()
            filename = spec.get("filename") or up.filename
            new.append(
                Attachment(
                    att_id,
                    filename,
                    up.data,
                    f"{self.base_url}/attachments/{channel_id}/{att_id}/{filename}",
                    description=spec.get("description"),
                    content_type=_content_type(filename, up.content_type),
                    spoiler=filename.startswith("SPOILER_"),
                )
            )
        return kept + new

    def _resolve_embed_refs(self, embeds: list[dict[str, Any]], attachments: list[Attachment], route: str) -> None:
        """Swap ``attachment://name`` in embeds for the attachment URL, as Discord does; a reference to
        a file the message does not carry is a bug (the image silently fails to show)."""
        names = {a.filename: a for a in attachments}
        for embed in embeds:
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                    name = part["url"].removeprefix("attachment://")
                    att = names.get(name)
                    if att is None:
                        self.violate("limit", f"embed {key} refers to missing attachment {name!r}", route)
                    else:
                        part["url"] = part["proxy_url"] = att.url

    def _mentions(self, content: str | None) -> list[User]:
        ids = [int(m) for m in _MENTION_RE.findall(content or "")]
        return [self.users[i] for i in dict.fromkeys(ids) if i in self.users]

    async def create_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        uploads: list[Upload],
        route: str,
        *,
        interaction: Interaction | None = None,
        ephemeral_for: User | None = None,
        loading: bool = False,
    ) -> Message:
        """Validate and store a message from the bot, then tell the gateway (unless ephemeral)."""
        attachments = self.build_attachments(channel.id, [], payload, uploads, route)
        self.check_limits(limits.check_message(payload, [(a.filename, a.size) for a in attachments]), route, "message")
        flags = int(payload.get("flags") or 0) & SENDABLE_FLAGS
        if ephemeral_for is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        embeds = [dict(e, type=e.get("type", "rich")) for e in payload.get("embeds") or []]
        self._resolve_embed_refs(embeds, attachments, route)
        msg = Message(
            snowflake(),
            channel.id,
            None if channel.is_private else channel.guild_id,
            self.bot_user,
            payload.get("content") or "",
            embeds=embeds,
            components=list(payload.get("components") or []),
            attachments=attachments,
            flags=flags,
            allowed_mentions=payload.get("allowed_mentions"),
            mentions=self._mentions(payload.get("content")),
            nonce=str(payload["nonce"]) if payload.get("nonce") is not None else None,
            created_at=self.now(),
        )
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.interaction_metadata = interaction.metadata()
            msg.type = MT_CHAT_INPUT_COMMAND if interaction.type == IT_APPLICATION_COMMAND else MT_DEFAULT
        ref = payload.get("message_reference")
        if ref and ref.get("message_id"):
            msg.type = MT_REPLY
            msg.referenced = self.find_message(int(ref["message_id"]))
            msg.message_reference = {
                "message_id": str(ref["message_id"]),
                "channel_id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "type": 0,
            }
        if ephemeral_for is not None:
            msg.ephemeral_user_id = ephemeral_for.id
            self.ephemeral[ephemeral_for.id].append(msg)
            return msg
        if channel.is_thread and channel.archived:
            await self._set_archived(channel, False)
        if interaction is None:  # Discord's 5/5 s channel limit applies to bot-token posts
            self.check_rate(channel, route)
        channel.messages[msg.id] = msg
        if channel.is_private:
            if channel.has_bot(self.bot_user.id):  # the bot's own DM; a group DM never reaches the bot
                await self.gateway.dispatch_message_create(msg, None)
            return msg
        await self.gateway.dispatch_message_create(msg, self.guild_of(channel).members[self.bot_user.id])
        return msg

    async def edit_message(self, msg: Message, payload: dict[str, Any], uploads: list[Upload], route: str) -> Message:
        """PATCH semantics: only keys present change; ``attachments`` lists which existing files stay."""
        attachments = self.build_attachments(msg.channel_id, msg.attachments, payload, uploads, route)
        merged = {
            "content": payload.get("content", msg.content),
            "embeds": payload.get("embeds", msg.embeds),
            "components": payload.get("components", msg.components),
            "attachments": payload.get("attachments") or [],
            "flags": payload.get("flags", msg.flags) or 0,
        }
        new_files = attachments[len(attachments) - len(uploads) :] if uploads else []
        self.check_limits(
            limits.check_message(merged, [(a.filename, a.size) for a in new_files]), route, "message edit"
        )
        msg.history.append(msg.snapshot(self.now()))
        msg.content = merged["content"] or ""
        msg.embeds = [dict(e, type=e.get("type", "rich")) for e in merged["embeds"] or []]
        msg.components = list(merged["components"] or [])
        msg.attachments = attachments
        self._resolve_embed_refs(msg.embeds, attachments, route)
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_HAS_THREAD | FLAG_COMPONENTS_V2)
            msg.flags = keep | (int(payload["flags"]) & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2))  # editable
        msg.flags &= ~FLAG_LOADING
        if "content" in payload:
            msg.mentions = self._mentions(msg.content)
        msg.edited_timestamp = iso_now()
        if msg.allowed_mentions is None:
            msg.allowed_mentions = payload.get("allowed_mentions")
        if not msg.ephemeral and self.channels[msg.channel_id].has_bot(self.bot_user.id):
            await self.gateway.dispatch_message_update(msg)
        return msg

    async def delete_message(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral and self.channels[msg.channel_id].has_bot(self.bot_user.id):
            payload = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                payload["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", payload, guild_id=msg.guild_id, intents=INTENT_GUILD_MESSAGES)

    # ------------------------------------------------------------------ interaction responses
    def interaction_for_token(self, token: str, route: str) -> Interaction:
        inter = next((i for i in self.interactions.values() if i.token == token), None)
        if inter is None:
            self.violate("bad_request", "webhook call with an unknown interaction token", route)
            raise ApiError(404, E.UNKNOWN_WEBHOOK, "Unknown Webhook")
        if self.now() - inter.received_at > TOKEN_LIFETIME:
            self.violate("token_expired", f"interaction token used after 15 minutes ({inter.describe()})", route)
            raise ApiError(401, E.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return inter

    async def respond(
        self, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload], route: str
    ) -> tuple[Interaction, Message | None]:
        """POST /interactions/{id}/{token}/callback — the initial response, with Discord's rules."""
        inter = self.interactions.get(interaction_id)
        if inter is None or inter.token != token:
            self.violate("bad_request", "callback for an unknown interaction", route)
            raise ApiError(404, E.UNKNOWN_INTERACTION, "Unknown interaction")
        rtype = body.get("type")
        data = body.get("data") or {}
        if inter.acknowledged:
            kind = "modal_not_first" if rtype == CB_MODAL else "double_response"
            self.violate(kind, f"second initial response (type {rtype}) to {inter.describe()}", route)
            raise ApiError(400, E.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        late = self.now() - inter.received_at
        if late > self.response_deadline:
            self.violate("late_response", f"initial response after {late:.2f}s to {inter.describe()}", route)
            inter.errors.append("late")
            raise ApiError(404, E.UNKNOWN_INTERACTION, "Unknown interaction")
        allowed = {
            IT_APPLICATION_COMMAND: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_MODAL},
            IT_MESSAGE_COMPONENT: {
                CB_CHANNEL_MESSAGE,
                CB_DEFERRED_CHANNEL_MESSAGE,
                CB_DEFERRED_UPDATE_MESSAGE,
                CB_UPDATE_MESSAGE,
                CB_MODAL,
            },
            IT_AUTOCOMPLETE: {CB_AUTOCOMPLETE_RESULT},
            IT_MODAL_SUBMIT: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE}
            | ({CB_DEFERRED_UPDATE_MESSAGE, CB_UPDATE_MESSAGE} if inter.source_message else set()),
        }[inter.type]
        if rtype not in allowed:
            self.violate("bad_request", f"response type {rtype} not allowed for {inter.describe()}", route)
            raise ApiError(400, E.INVALID_FORM_BODY, "Interaction response type is not valid here")
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        message: Message | None = None
        if rtype == CB_CHANNEL_MESSAGE:
            message = await self.create_message(
                inter.channel,
                data,
                uploads,
                route,
                interaction=inter,
                ephemeral_for=inter.user if ephemeral else None,
            )
            inter.original = message
        elif rtype == CB_DEFERRED_CHANNEL_MESSAGE:
            message = await self.create_message(
                inter.channel,
                {"flags": data.get("flags")},
                [],
                route,
                interaction=inter,
                loading=True,
                ephemeral_for=inter.user if ephemeral else None,
            )
            inter.original = message
            inter.ephemeral_defer = ephemeral
        elif rtype == CB_DEFERRED_UPDATE_MESSAGE:
            inter.original = inter.source_message
        elif rtype == CB_UPDATE_MESSAGE:
            assert inter.source_message is not None
            message = await self.edit_message(inter.source_message, data, uploads, route)
            inter.original = message
        elif rtype == CB_AUTOCOMPLETE_RESULT:
            self.check_limits(limits.check_autocomplete(data), route, "autocomplete result")
            inter.autocomplete_choices = list(data.get("choices") or [])
        elif rtype == CB_MODAL:
            self.check_limits(limits.check_modal(data), route, "modal")
            modal = Modal(data.get("custom_id", ""), data.get("title", ""), list(data.get("components") or []), inter)
            inter.modal = modal
            self.modals[inter.user.id] = modal
        inter.response_type = rtype
        inter.responded_at = self.now()
        inter.responded_event.set()
        return inter, message

    async def followup(
        self, token: str, payload: dict[str, Any], uploads: list[Upload], route: str, *, thread_id: int | None
    ) -> Message:
        """POST /webhooks/{app}/{token}: a follow-up. After a "thinking" defer, the first follow-up
        replaces the loading message (and keeps the defer's ephemerality), as on Discord."""
        inter = self.interaction_for_token(token, route)
        if not inter.acknowledged:
            self.violate("bad_request", f"follow-up before the initial response to {inter.describe()}", route)
            raise ApiError(404, E.UNKNOWN_WEBHOOK, "Unknown Webhook")
        self.check_followup_cap(inter, route)
        original = inter.original
        if inter.response_type == CB_DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
            return await self.edit_message(original, payload, uploads, route)
        channel = self.channels.get(thread_id) if thread_id else inter.channel
        if channel is None:
            raise ApiError(404, E.UNKNOWN_CHANNEL, "Unknown Channel")
        ephemeral = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
        msg = await self.create_message(
            channel,
            payload,
            uploads,
            route,
            interaction=inter,
            ephemeral_for=inter.user if ephemeral else None,
        )
        inter.followups.append(msg)
        return msg

    def webhook_message(self, inter: Interaction, message_id: str, route: str) -> Message:
        if message_id == "@original":
            msg = inter.original
        else:
            mid = int(message_id)
            msg = next((m for m in [inter.original, *inter.followups] if m is not None and m.id == mid), None)
        if msg is None or msg.deleted:
            self.violate("bad_request", f"webhook message {message_id} does not exist for {inter.describe()}", route)
            raise ApiError(404, E.UNKNOWN_MESSAGE, "Unknown Message")
        return msg

    # ------------------------------------------------------------------ threads
    async def create_thread(
        self, parent: Channel, body: dict[str, Any], route: str, *, from_message: Message | None
    ) -> Channel:
        self.check_limits(limits.check_thread_name(body.get("name")), route, "thread")
        if parent.is_thread:
            raise ApiError(400, E.INVALID_FORM_BODY, "Cannot create a thread inside a thread")
        ttype = PUBLIC_THREAD if from_message is not None else int(body.get("type") or PRIVATE_THREAD)
        need = CREATE_PUBLIC_THREADS if ttype == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        self.require_permission(parent, need, "Create Threads", route)
        guild = self.guilds.get(parent.guild_id or 0)
        if self.max_active_threads is not None and guild is not None:
            active = [c for c in self.channels.values() if c.guild_id == guild.id and c.is_thread and not c.deleted
                      and not c.archived]
            if len(active) >= self.max_active_threads:
                raise ApiError(400, E.MAX_ACTIVE_THREADS, "Maximum number of active threads reached")
        if from_message is not None:
            if from_message.thread_id is not None:
                raise ApiError(400, E.THREAD_ALREADY_CREATED, "A thread has already been created for this message")
            thread_id = from_message.id
        else:
            thread_id = snowflake()
        thread = Channel(
            thread_id,
            parent.guild_id,
            body["name"],
            ttype,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            thread_members={self.bot_user.id},
        )
        self.channels[thread.id] = thread
        self.guild_of(parent).channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
            from_message.flags |= FLAG_HAS_THREAD
        payload = thread.to_payload()
        payload["newly_created"] = True
        await self.gateway.dispatch("THREAD_CREATE", payload, guild_id=parent.guild_id, intents=INTENT_GUILDS)
        return thread

    async def edit_channel(self, channel: Channel, body: dict[str, Any], route: str) -> Channel:
        if "name" in body:
            check = limits.check_thread_name if channel.is_thread else _check_channel_name
            self.check_limits(check(body["name"]), route, "channel name")
            channel.name = body["name"]
        if channel.is_thread:
            if channel.owner_id != self.bot_user.id:
                self.require_permission(channel, MANAGE_THREADS, "Manage Threads", route)
            if "locked" in body and body["locked"] is not None:
                channel.locked = bool(body["locked"])
            if body.get("auto_archive_duration"):
                channel.auto_archive_duration = int(body["auto_archive_duration"])
            if "invitable" in body and body["invitable"] is not None:
                channel.invitable = bool(body["invitable"])
            if "archived" in body and body["archived"] is not None:
                channel.archived = bool(body["archived"])
            await self.gateway.dispatch(
                "THREAD_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        else:
            if "topic" in body:
                channel.topic = body["topic"]
            await self.gateway.dispatch(
                "CHANNEL_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        return channel

    async def _set_archived(self, channel: Channel, archived: bool) -> None:
        channel.archived = archived
        await self.gateway.dispatch(
            "THREAD_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
        )

    async def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive a thread as Discord's auto-archive (or a moderator) would."""
        thread.locked = locked or thread.locked
        await self._set_archived(thread, True)

    # ------------------------------------------------------------------ commands
    def store_commands(self, guild_id: int | None, commands: list[dict[str, Any]], route: str) -> list[dict[str, Any]]:
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
        self, cmd: dict[str, Any], guild_id: int | None, previous: dict[str, Any] | None = None
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


def _check_channel_name(name: Any) -> list[limits.Problem]:
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        return [limits.Problem("name", "Channel names are 1-100 chars.")]
    return []


def _content_type(filename: str, sent: str | None) -> str | None:
    """Discord derives the type from the file itself; discord.py always sends octet-stream."""
    if sent and sent != "application/octet-stream":
        return sent
    guessed, _ = mimetypes.guess_type(filename)
    return guessed or sent


def _perm_value(permissions: Any) -> int:
    """Accept an int or anything with ``.value`` (``discord.Permissions``)."""
    return int(getattr(permissions, "value", permissions) or 0)

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
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from . import limits
from .bot_messages import BotMessages
from .client_api import UserActions
from .command_options import CommandOptions
from .command_sync import CommandSync
from .errors import StandinViolation, Violation
from .models import (
    CB_DEFERRED_UPDATE_MESSAGE,
    DEFAULT_BOT_PERMISSIONS,
    PRIVILEGED_INTENTS,
    Channel,
    Guild,
    Interaction,
    Message,
    Modal,
    User,
    snowflake,
)
from .private import PrivateChannels
from .responses import TOKEN_LIFETIME, InteractionResponses
from .threads import Threads
from .world_building import WorldBuilding

#: Discord's deadline for the initial interaction response.
RESPONSE_DEADLINE = 3.0
DEFERRED_UPDATE_GRACE = 10.0  # seconds a deferred update may take before settle() stops waiting for it


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


class DiscordStandin(UserActions, CommandOptions, PrivateChannels, WorldBuilding, BotMessages, InteractionResponses,
                     Threads, CommandSync):
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
        self.post_times: dict[int, deque[float]] = defaultdict(deque)
        self.watchdogs: list[asyncio.TimerHandle] = []
        self._inflight = 0
        self.last_activity = time.monotonic()
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
        for handle in self.watchdogs:
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
        if time.monotonic() - self.last_activity < quiet:
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

    def request_started(self, method: str, path: str) -> None:
        self._inflight += 1
        self.last_activity = time.monotonic()
        self.requests.append((method, path))

    def request_finished(self) -> None:
        self._inflight -= 1
        self.last_activity = time.monotonic()

    async def flush_background(self) -> None:
        """Let world-building dispatches (GUILD_MEMBER_ADD, ...) reach the bot before user actions."""
        if self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    def spawn(self, coro: Awaitable[Any]) -> None:
        """Run a gateway dispatch in the background when there is a loop (world-building is sync)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()  # type: ignore[attr-defined]
            return
        task = loop.create_task(coro)  # type: ignore[arg-type]
        self._background.add(task)
        task.add_done_callback(self._background.discard)


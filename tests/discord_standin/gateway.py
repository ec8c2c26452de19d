"""The gateway half: a websocket speaking Discord's gateway protocol (JSON, uncompressed).

HELLO -> IDENTIFY -> READY + one GUILD_CREATE per guild, heartbeats ACKed, dispatches with sequence
numbers. RESUME is answered with INVALID_SESSION(false) so the client identifies afresh — the
stand-in keeps no replay buffer, and a fresh IDENTIFY is what a restarted bot process does anyway.

discord.py asks for ``compress=zlib-stream`` in the URL; the stand-in ignores it and sends text
frames, which discord.py parses without decompressing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .models import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    Guild,
    Member,
    Message,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

CLOSE_AUTH_FAILED = 4004
CLOSE_INVALID_SHARD = 4010
CLOSE_DISALLOWED_INTENTS = 4014


@dataclass
class Session:
    """One websocket connection from a bot (one shard)."""

    ws: web.WebSocketResponse
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    seq: int = 0
    intents: int = 0
    shard: tuple[int, int] = (0, 1)
    ready: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def handles(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.shard[0] == 0
        return (guild_id >> 22) % self.shard[1] == self.shard[0]

    async def send(self, op: int, d: Any, t: str | None = None) -> None:
        async with self.lock:
            if self.ws.closed:
                return
            payload: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
            if op == OP_DISPATCH:
                self.seq += 1
                payload["s"] = self.seq
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.send_str(json.dumps(payload))


class Gateway:
    """All live sessions; events go to every ready session whose shard holds the guild (as Discord
    does: two processes logged in with the same token both receive everything)."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.s = standin
        self.sessions: list[Session] = []
        self.identify_count = 0
        self.events: list[tuple[str, dict[str, Any]]] = []
        # Seconds between an IDENTIFY and its READY. Discord queues identifies (one per 5 s per bucket), so
        # a restarted bot's REST calls may run well before its gateway knows any guild.
        self.ready_delay = 0.0

    def ready_sessions(self) -> list[Session]:
        return [x for x in self.sessions if x.ready and not x.ws.closed]

    async def close_all(self) -> None:
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=1001)
        self.sessions.clear()

    async def disconnect_all(self, code: int = 4000) -> None:
        """Drop every connection (a Discord-side outage); discord.py reconnects by itself."""
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=code)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        refused = self.s.weather.refuses_gateway()  # Discord is down: no handshake
        if refused is not None:
            return refused
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws)
        self.sessions.append(session)
        try:
            await session.send(OP_HELLO, {"heartbeat_interval": self.s.heartbeat_interval_ms})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        self.s.violate("bad_request", "binary (ETF?) gateway frame; only JSON is supported")
                    continue
                try:
                    await self._on_message(session, json.loads(msg.data))
                except Exception as exc:  # keep the connection; make the test fail with the cause
                    self.s.violate("standin_error", "".join(traceback.format_exception(exc)), "gateway")
        finally:
            session.ready = False
            if session in self.sessions:
                self.sessions.remove(session)
        return ws

    async def _on_message(self, session: Session, data: dict[str, Any]) -> None:
        op, d = data.get("op"), data.get("d")
        if op == OP_HEARTBEAT:
            await session.send(OP_HEARTBEAT_ACK, None)
        elif op == OP_IDENTIFY:
            await self._identify(session, d or {})
        elif op == OP_RESUME:
            await session.send(OP_INVALID_SESSION, False)
        elif op == OP_REQUEST_MEMBERS:
            await self._members_chunk(session, d or {})
        elif op in (OP_PRESENCE, OP_VOICE_STATE):
            pass
        else:
            self.s.violate("bad_request", f"unknown gateway opcode {op}")

    async def _identify(self, session: Session, d: dict[str, Any]) -> None:
        if d.get("token") not in (self.s.token, f"Bot {self.s.token}"):
            await session.ws.close(code=CLOSE_AUTH_FAILED, message=b"Authentication failed.")
            return
        intents = int(d.get("intents") or 0)
        if intents & PRIVILEGED_INTENTS & ~self.s.privileged_intents:
            await session.ws.close(code=CLOSE_DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return
        shard = tuple(d.get("shard") or (0, 1))
        if len(shard) != 2 or not 0 <= shard[0] < shard[1]:
            await session.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        session.intents = intents
        session.shard = (int(shard[0]), int(shard[1]))
        if self.ready_delay:
            await asyncio.sleep(self.ready_delay)
        guilds = [g for g in self.s.guilds.values() if session.handles(g.id)]
        me = self.s.bot_user.to_payload()
        me.update({"verified": True, "mfa_enabled": False, "email": None, "flags": 0})
        await session.send(
            OP_DISPATCH,
            {
                "v": 10,
                "user": me,
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.s.gateway_url,
                "shard": list(session.shard),
                "application": {"id": str(self.s.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "session_type": "normal",
                "auth": {},
            },
            "READY",
        )
        for guild in guilds:
            await session.send(OP_DISPATCH, guild.to_payload(), "GUILD_CREATE")
        session.ready = True
        self.identify_count += 1

    async def _members_chunk(self, session: Session, d: dict[str, Any]) -> None:
        guild = self.s.guilds.get(int(d.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        if d.get("user_ids"):
            wanted = {int(u) for u in d["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif d.get("query"):
            q = str(d["query"]).lower()
            members = [m for m in members if m.user.name.lower().startswith(q)]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.to_payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await session.send(OP_DISPATCH, chunk, "GUILD_MEMBERS_CHUNK")

    # ------------------------------------------------------------------ dispatching
    async def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int | None = None, intents: int = 0
    ) -> list[Session]:
        """Send ``event`` to every ready session that handles the guild and asked for ``intents``.
        Returns the sessions that got it."""
        self.events.append((event, data))
        self.s.last_activity = time.monotonic()  # settle() waits for the bot to react to this
        sent: list[Session] = []
        for session in self.ready_sessions():
            if not session.handles(guild_id):
                continue
            if intents and not session.intents & intents:
                continue
            await session.send(OP_DISPATCH, data, event)
            sent.append(session)
        return sent

    async def dispatch_guild_create(self, guild: Guild) -> None:
        await self.dispatch("GUILD_CREATE", guild.to_payload(), guild_id=guild.id, intents=INTENT_GUILDS)

    async def dispatch_message_create(self, msg: Message, member: Member | None) -> None:
        """MESSAGE_CREATE honouring the Message Content intent per session: without it, content,
        embeds, attachments and components of other users' messages arrive empty unless the bot is
        mentioned (Discord's rule). A message of the bot's DM (no ``member``) needs the Direct Messages intent."""
        self.events.append(("MESSAGE_CREATE", {"id": str(msg.id)}))
        self.s.last_activity = time.monotonic()
        bot_id = self.s.bot_user.id
        intent = INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES
        for session in self.ready_sessions():
            if not session.handles(msg.guild_id) or not session.intents & intent:
                continue
            visible = (
                msg.author.id == bot_id
                or bool(session.intents & INTENT_MESSAGE_CONTENT)
                or any(u.id == bot_id for u in msg.mentions)
            )
            payload = msg.to_payload(member=member, content_visible=visible)
            await session.send(OP_DISPATCH, payload, "MESSAGE_CREATE")

    async def dispatch_message_update(self, msg: Message) -> None:
        guild = self.s.guilds.get(msg.guild_id or 0)
        member = guild.members.get(msg.author.id) if guild else None
        await self.dispatch(
            "MESSAGE_UPDATE",
            msg.to_payload(member=member),
            guild_id=msg.guild_id,
            intents=INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES,
        )

"""The stand-in's messages: uploads, attachments, messages with their edit history, and their wire payloads.

Tests inspect these (``text()``, ``button(label)``, ``attachment(name)``, ``history`` ...); the gateway and
the REST server send ``to_payload()``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .constants import FLAG_EPHEMERAL, FLAG_LOADING, MT_DEFAULT
from .ids import iso_now

if TYPE_CHECKING:
    from .guild_models import Member, User


@dataclass
class Upload:
    """One file part of a multipart request (``files[n]``)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None



@dataclass
class Attachment:
    """A stored upload. ``data`` holds the exact bytes the bot sent so tests can open images."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None
    spoiler: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.description is not None:
            payload["description"] = self.description
        if self.content_type:
            payload["content_type"] = self.content_type
        return payload


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree, depth first (action rows, V2 containers/sections/labels included)."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass
class Snapshot:
    """What a message looked like before an edit (for ``Message.history``)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachment_names: list[str]
    edited_at: float


@dataclass
class Message:
    """A message as the stand-in stores it. Ephemeral messages carry ``ephemeral_user_id``."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = MT_DEFAULT
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    mentions: list[User] = field(default_factory=list)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread_id: int | None = None
    ephemeral_user_id: int | None = None
    deleted: bool = False
    history: list[Snapshot] = field(default_factory=list)
    pinned: bool = False
    referenced: Message | None = field(default=None, repr=False)  # the message this one replies to
    nonce: str | None = None  # as sent; with enforce_nonce a repeat returns this message (see server)
    created_at: float = 0.0  # the stand-in's clock (DiscordStandin.now) when it was created

    def __repr__(self) -> str:
        kind = "ephemeral " if self.ephemeral else ""
        extra = f" +{len(self.embeds)} embeds" if self.embeds else ""
        extra += f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        extra += f" ids={self.custom_ids()}" if self.components else ""
        return f"<{kind}Message {self.id} by {self.author.name}: {self.content[:60]!r}{extra} edits={self.edit_count}>"

    # --- convenience for tests -------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "is thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c and c.get("type") != 1]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.all_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label, e.g. ``standin.click(user, msg, msg.button("Join")["custom_id"])``."""
        for b in self.buttons():
            if b.get("label") == label:
                return b
        raise LookupError(f"no button labelled {label!r}; have {[b.get('label') for b in self.buttons()]}")

    def text(self) -> str:
        """Content plus all embed text, for loose assertions like ``"Your turn" in msg.text()``."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [(e.get("author") or {}).get("name") or "", (e.get("footer") or {}).get("text") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
        for c in self.all_components():
            if c.get("type") == 10:  # V2 text display
                parts.append(c.get("content") or "")
        return "\n".join(p for p in parts if p)

    def attachment(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f"no attachment {filename!r}; have {[a.filename for a in self.attachments]}")

    def snapshot(self, at: float) -> Snapshot:
        return Snapshot(
            self.content,
            [dict(e) for e in self.embeds],
            list(self.components),
            [a.filename for a in self.attachments],
            at,
        )

    # --- wire format --------------------------------------------------------------------------
    def to_payload(self, *, member: Member | None = None, content_visible: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content if content_visible else "",
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_payload() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.to_payload() for a in self.attachments] if content_visible else [],
            "embeds": list(self.embeds) if content_visible else [],
            "components": list(self.components) if content_visible else [],
            "reactions": [
                {
                    "emoji": _emoji_payload(e),
                    "count": len(users),
                    "me": False,
                    "burst_colors": [],
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me_burst": False,
                    "burst_me": False,
                    "burst_count": 0,
                }
                for e, users in self.reactions.items()
                if users
            ],
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if member is not None:
            data["member"] = member.to_payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
            if self.referenced is not None and not self.referenced.deleted:
                data["referenced_message"] = self.referenced.to_payload()
        return data


def _emoji_payload(emoji: str) -> dict[str, Any]:
    """Reaction emoji as Discord sends it: unicode by name, custom ``name:id`` split."""
    m = re.fullmatch(r"<?a?:?(\w+):(\d+)>?", emoji)
    if m:
        return {"id": m.group(2), "name": m.group(1)}
    return {"id": None, "name": emoji}



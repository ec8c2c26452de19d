"""The stand-in's interactions: one user action delivered to the bot, everything the bot answered, and the
modals it showed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .constants import (
    CONTEXT_GUILD,
    GUILD_INSTALL,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_MESSAGE_COMPONENT,
    IT_MODAL_SUBMIT,
)
from .message_models import walk_components

if TYPE_CHECKING:
    from .guild_models import Channel, Guild, User
    from .message_models import Message

@dataclass
class Modal:
    """A modal the bot showed a user; ``submit_modal`` answers the latest one per user."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    interaction: Interaction

    def text_inputs(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 4]

    def inputs(self) -> list[dict[str, Any]]:
        """Everything the user fills in: text inputs and selects (selects sit inside labels)."""
        return [c for c in walk_components(self.components) if c.get("type") in (3, 4, 5, 6, 7, 8)]


@dataclass
class Interaction:
    """One user action delivered to the bot, and everything the bot did in answer to it.

    Times are on the stand-in's clock (``DiscordStandin.now()``), which tests may advance to check
    the 15-minute token expiry without waiting.
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None  # None in a DM or group DM
    data: dict[str, Any]
    received_at: float
    source_message: Message | None = None
    responded_at: float | None = None
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: Modal | None = None
    autocomplete_choices: list[dict[str, Any]] | None = None
    errors: list[str] = field(default_factory=list)
    ephemeral_defer: bool = False
    deadline_flagged: bool = False
    answers: int = 0  # follow-ups sent and messages edited with this interaction's token
    followup_count: int = 0  # follow-up messages created with its token (capped for user-installed apps)
    context: int = CONTEXT_GUILD
    owners: dict[str, str] = field(default_factory=dict)  # authorizing_integration_owners, as Discord sends it
    delivered_to: list[Any] = field(default_factory=list, repr=False, compare=False)  # gateway sessions
    responded_event: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)

    def __repr__(self) -> str:
        what = self.data.get("name") or self.data.get("custom_id")
        return (
            f"<Interaction {self.id} type={self.type} by {self.user.name} {what!r}"
            f" response={self.response_type} latency={self.latency}>"
        )

    def describe(self) -> str:
        """``slash /hardback start by alice`` — for violation messages."""
        kind = {
            IT_APPLICATION_COMMAND: "slash",
            IT_MESSAGE_COMPONENT: "component",
            IT_AUTOCOMPLETE: "autocomplete",
            IT_MODAL_SUBMIT: "modal submit",
        }.get(self.type, str(self.type))
        what = self.data.get("custom_id") or self.data.get("name") or ""
        if self.type == IT_APPLICATION_COMMAND:
            path = [self.data.get("name", "")]
            options = self.data.get("options") or []
            while options and options[0].get("type") in (1, 2):
                path.append(options[0]["name"])
                options = options[0].get("options") or []
            what = "/" + " ".join(path)
        return f"{kind} {what!s} by {self.user.name}"

    @property
    def latency(self) -> float | None:
        """Seconds between delivery and the first (initial) response, or None if none came."""
        return None if self.responded_at is None else self.responded_at - self.received_at

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def message(self) -> Message | None:
        """The message this interaction's response produced or updated (original response)."""
        return self.original

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def user_installed_only(self) -> bool:
        """Reached the app through a user's install alone (no server install where it happened): Discord
        caps such an interaction at 5 follow-up messages."""
        return str(GUILD_INSTALL) not in self.owners

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` for messages created in response to this interaction."""
        meta: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_payload(),
            "authorizing_integration_owners": dict(self.owners),
        }
        if self.type == IT_APPLICATION_COMMAND:
            meta["name"] = self.data.get("name", "")
            meta["command_type"] = 1
        if self.type == IT_MESSAGE_COMPONENT and self.source_message is not None:
            meta["interacted_message_id"] = str(self.source_message.id)
        return meta

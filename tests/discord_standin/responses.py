"""The bot's answers to interactions: the initial response (callback), follow-ups, webhook messages.

Mixed into :class:`~.standin.DiscordStandin`; :mod:`.server` calls these for the interaction and webhook
routes. Discord's rules hold: one initial response within the deadline, of a type the interaction allows;
tokens die after 15 minutes; after a "thinking" defer the first follow-up replaces the loading message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import errors as E
from . import limits
from .errors import ApiError
from .models import (
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    FLAG_EPHEMERAL,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_MESSAGE_COMPONENT,
    IT_MODAL_SUBMIT,
    Interaction,
    Message,
    Modal,
    Upload,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

#: Interaction tokens (follow-ups, edits of the original) die after 15 minutes.
TOKEN_LIFETIME = 15 * 60.0


class InteractionResponses:
    """Callbacks, follow-ups and webhook messages of interactions; ``self`` is always the :class:`DiscordStandin`."""

    def interaction_for_token(self: DiscordStandin, token: str, route: str) -> Interaction:
        inter = next((i for i in self.interactions.values() if i.token == token), None)
        if inter is None:
            self.violate("bad_request", "webhook call with an unknown interaction token", route)
            raise ApiError(404, E.UNKNOWN_WEBHOOK, "Unknown Webhook")
        if self.now() - inter.received_at > TOKEN_LIFETIME:
            self.violate("token_expired", f"interaction token used after 15 minutes ({inter.describe()})", route)
            raise ApiError(401, E.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return inter

    async def respond(
        self: DiscordStandin, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload], route: str
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
        self: DiscordStandin,
        token: str, payload: dict[str, Any], uploads: list[Upload], route: str, *, thread_id: int | None
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

    def webhook_message(self: DiscordStandin, inter: Interaction, message_id: str, route: str) -> Message:
        if message_id == "@original":
            msg = inter.original
        else:
            mid = int(message_id)
            msg = next((m for m in [inter.original, *inter.followups] if m is not None and m.id == mid), None)
        if msg is None or msg.deleted:
            self.violate("bad_request", f"webhook message {message_id} does not exist for {inter.describe()}", route)
            raise ApiError(404, E.UNKNOWN_MESSAGE, "Unknown Message")
        return msg


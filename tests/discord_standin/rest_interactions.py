"""REST routes of interactions: the initial response (callback) and the interaction webhook (follow-ups, and
getting, editing, deleting the original response or a follow-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .rest_wire import NO_CONTENT

if TYPE_CHECKING:
    from .server import RestServer
    from .standin import DiscordStandin


class InteractionRoutes:
    """Interaction callback and webhook routes; ``self`` is always the :class:`~.server.RestServer`."""

    s: DiscordStandin

    # ------------------------------------------------------------------ interactions & webhooks
    async def interaction_callback(
        self: RestServer, request: web.Request, label: str, interaction_id: str, token: str
    ) -> Any:
        body, uploads = await self.read_body(request, label)
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

    async def webhook_execute(self: RestServer, request: web.Request, label: str, app_id: str, token: str) -> Any:
        self.check_app(app_id)
        body, uploads = await self.read_body(request, label)
        thread_id = request.query.get("thread_id")
        msg = await self.s.followup(token, body, uploads, label, thread_id=int(thread_id) if thread_id else None)
        self.s.interaction_for_token(token, label).answers += 1
        if request.query.get("wait") in ("1", "true", "True"):
            return msg.to_payload()
        return NO_CONTENT

    async def webhook_get(
        self: RestServer, request: web.Request, label: str, app_id: str, token: str, message_id: str
    ) -> Any:
        self.check_app(app_id)
        inter = self.s.interaction_for_token(token, label)
        return self.s.webhook_message(inter, message_id, label).to_payload()

    async def webhook_edit(
        self: RestServer, request: web.Request, label: str, app_id: str, token: str, message_id: str
    ) -> Any:
        self.check_app(app_id)
        inter = self.s.interaction_for_token(token, label)
        msg = self.s.webhook_message(inter, message_id, label)
        body, uploads = await self.read_body(request, label)
        edited = await self.s.edit_message(msg, body, uploads, label)
        inter.answers += 1
        return edited.to_payload()

    async def webhook_delete(
        self: RestServer, request: web.Request, label: str, app_id: str, token: str, message_id: str
    ) -> Any:
        self.check_app(app_id)
        inter = self.s.interaction_for_token(token, label)
        msg = self.s.webhook_message(inter, message_id, label)
        await self.s.delete_message(msg)
        return NO_CONTENT



"""The user side of the stand-in: people running commands, clicking, picking and typing.

Mixed into :class:`~.standin.DiscordStandin`. Each action is checked the way the Discord client
checks it (a command must be synced and visible, options must match their definitions, a button must
be on the message and enabled, a modal value must fit its input) and then delivered to the bot as an
``INTERACTION_CREATE`` (or ``MESSAGE_CREATE``) with the payload real Discord sends.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from . import limits
from .errors import StandinViolation
from .models import (
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_MESSAGE_COMPONENT,
    IT_MODAL_SUBMIT,
    MT_DEFAULT,
    MT_REPLY,
    Channel,
    Interaction,
    Message,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

class UserActions:
    """What tests call to act as users; ``self`` is always the :class:`DiscordStandin`."""

    # ------------------------------------------------------------------ users acting
    async def send_message(
        self,
        user: User,
        channel: Channel,
        content: str,
        *,
        reply_to: Message | None = None,
        ping: bool = True,
    ) -> Message:
        """A person posts ``content`` in a channel or thread (e.g. a Ghostwriter suggestion).

        The bot receives MESSAGE_CREATE; without the Message Content intent the content arrives empty
        unless the bot is mentioned — exactly the constraint PRODUCT.md warns about. A reply
        (``reply_to``, with the client's default "ping" on) mentions the replied-to author, except
        that replying to an interaction response is not a mention (PRODUCT.md).
        """
        channel = self.channels[channel.id]
        if channel.is_private:
            return await self._private_message(user, channel, content)
        guild = self.guild_of(channel)
        if user.id not in guild.members:
            raise PermissionError(f"{user.name} is not in {guild.name}")
        await self.flush_background()
        if channel.is_thread:
            if channel.locked:
                raise PermissionError(f"thread {channel.name!r} is locked")
            if channel.archived:
                await self.set_archived(channel, False)
            channel.thread_members.add(user.id)
        msg = Message(
            snowflake(),
            channel.id,
            guild.id,
            user,
            content,
            type=MT_REPLY if reply_to else MT_DEFAULT,
            mentions=self.mentions_in(content),
        )
        if reply_to is not None:
            msg.referenced = reply_to
            pings_author = ping and reply_to.interaction_metadata is None
            if pings_author and all(u.id != reply_to.author.id for u in msg.mentions):
                msg.mentions.append(reply_to.author)
            msg.message_reference = {
                "message_id": str(reply_to.id),
                "channel_id": str(channel.id),
                "guild_id": str(guild.id),
                "type": 0,
            }
        channel.messages[msg.id] = msg
        await self.gateway.dispatch_message_create(msg, guild.members[user.id])
        return msg

    async def slash(
        self,
        user: User,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: Channel | None = None,
        wait: bool = True,
    ) -> Interaction:
        """``user`` runs ``/command`` (space-separated for groups: ``"hardback start"``) with options.

        Option values are checked the way the Discord client would (names, types, choices, required)
        and converted to wire form (users, channels and roles become resolved ids). Returns after the
        bot's initial response (or raises :class:`StandinViolation` after the deadline).
        """
        channel = channel or self._require_default_channel()
        guild = None if channel.is_private else self.guild_of(channel)
        data = self.command_data(user, guild, command, options or {}, focused=None)
        return await self._deliver(IT_APPLICATION_COMMAND, user, channel, data, wait=wait)

    async def autocomplete(
        self,
        user: User,
        command: str,
        focused: str,
        options: dict[str, Any] | None = None,
        *,
        channel: Channel | None = None,
    ) -> list[dict[str, Any]]:
        """The user is typing option ``focused``; returns the choices the bot suggested."""
        channel = channel or self._require_default_channel()
        guild = None if channel.is_private else self.guild_of(channel)
        data = self.command_data(user, guild, command, options or {}, focused=focused)
        inter = await self._deliver(IT_AUTOCOMPLETE, user, channel, data, wait=True)
        return inter.autocomplete_choices or []

    async def click(
        self: DiscordStandin, user: User, message: Message, custom_id: str, *, wait: bool = True
    ) -> Interaction:
        """``user`` presses the button ``custom_id`` on ``message`` (public or their own ephemeral)."""
        message = self._visible_message(user, message)
        comp = message.find_component(custom_id)
        if comp is None or comp.get("type") != 2:
            raise LookupError(f"no button {custom_id!r} on message {message.id}; have {message.custom_ids()}")
        if comp.get("disabled"):
            raise PermissionError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return await self._deliver(
            IT_MESSAGE_COMPONENT, user, self.channels[message.channel_id], data, message=message, wait=wait
        )

    async def select(
        self, user: User, message: Message, custom_id: str, values: list[str], *, wait: bool = True
    ) -> Interaction:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message``."""
        message = self._visible_message(user, message)
        comp = message.find_component(custom_id)
        if comp is None or comp.get("type") not in limits.SELECT_TYPES:
            raise LookupError(f"no select {custom_id!r} on message {message.id}; have {message.custom_ids()}")
        if comp.get("disabled"):
            raise PermissionError(f"select {custom_id!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": comp["type"],
            "values": list(values),
        }
        if comp["type"] == limits.STRING_SELECT:
            allowed = {o.get("value") for o in comp.get("options") or []}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"values {bad} are not options of {custom_id!r} ({sorted(allowed)})")
        elif comp["type"] == limits.USER_SELECT:
            where = self.channels[message.channel_id]
            guild = None if where.is_private else self.guild_of(where)
            data["resolved"] = self.resolve_users(guild, [int(v) for v in values])
        return await self._deliver(
            IT_MESSAGE_COMPONENT, user, self.channels[message.channel_id], data, message=message, wait=wait
        )

    async def submit_modal(
        self, user: User, custom_id: str | None, values: dict[str, Any], *, wait: bool = True
    ) -> Interaction:
        """``user`` fills in and submits the last modal the bot showed them (``custom_id`` checks it
        is the expected one; None accepts whatever is open). ``values`` maps text-input custom_ids to
        strings and select custom_ids (selects inside labels) to lists of values."""
        modal = self.modals.get(user.id)
        if modal is None:
            raise LookupError(f"no modal is open for {user.name}")
        if custom_id is not None and modal.custom_id != custom_id:
            raise LookupError(f"the open modal for {user.name} is {modal.custom_id!r}, not {custom_id!r}")
        known = {c["custom_id"] for c in modal.inputs()}
        unknown_fields = set(values) - known
        if unknown_fields:
            raise KeyError(f"modal {modal.custom_id!r} has no inputs {sorted(unknown_fields)}; has {sorted(known)}")
        components: list[dict[str, Any]] = []
        for comp in modal.components:
            if comp.get("type") == 1:
                inputs = comp.get("components") or []
                components.append({"type": 1, "components": [self._filled(t, values) for t in inputs]})
            elif comp.get("type") == 18 and comp.get("component"):
                components.append({"type": 18, "component": self._filled(comp["component"], values)})
            elif comp.get("type") == 10:
                components.append({"type": 10, "id": comp.get("id", 0)})
        del self.modals[user.id]
        origin = modal.interaction
        data = {"custom_id": modal.custom_id, "components": components}
        return await self._deliver(
            IT_MODAL_SUBMIT, user, origin.channel, data, message=origin.source_message, wait=wait
        )

    def dismiss_modal(self: DiscordStandin, user: User) -> None:
        """The user closes the modal without submitting (the bot hears nothing, as on Discord)."""
        self.modals.pop(user.id, None)

    @staticmethod
    def _filled(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """What the client sends back for one modal input, refusing what the client would refuse."""
        cid = component["custom_id"]
        if component.get("type") in limits.SELECT_TYPES:
            chosen = list(values.get(cid, []))
            lo, hi = component.get("min_values", 1), component.get("max_values", 1)
            if component.get("required", True) and not lo <= len(chosen) <= hi:
                raise ValueError(f"select {cid!r} takes {lo}..{hi} values, got {len(chosen)}")
            if component["type"] == limits.STRING_SELECT:
                allowed = {o.get("value") for o in component.get("options") or []}
                if set(chosen) - allowed:
                    raise ValueError(f"values {sorted(set(chosen) - allowed)} are not options of {cid!r}")
            return {"type": component["type"], "custom_id": cid, "values": chosen}
        value = str(values.get(cid, component.get("value") or ""))
        if component.get("required", True) and not value:
            raise ValueError(f"text input {cid!r} is required")
        lo, hi = component.get("min_length"), component.get("max_length")
        if value and ((lo is not None and len(value) < lo) or (hi is not None and len(value) > hi)):
            raise ValueError(f"text input {cid!r} takes {lo}..{hi} chars, got {len(value)}")
        return {"type": 4, "custom_id": cid, "value": value}

    async def _private_message(self: DiscordStandin, user: User, channel: Channel, content: str) -> Message:
        """A person writes in a DM: the bot hears it only in its own DM (a group DM never reaches it)."""
        if all(u.id != user.id for u in channel.recipients):
            raise PermissionError(f"{user.name} is not in the DM {channel.id}")
        await self.flush_background()
        msg = Message(snowflake(), channel.id, None, user, content, mentions=self.mentions_in(content))
        channel.messages[msg.id] = msg
        if channel.has_bot(self.bot_user.id):
            await self.gateway.dispatch_message_create(msg, None)
        return msg

    def _require_default_channel(self: DiscordStandin) -> Channel:
        if self.default_channel is None:
            raise LookupError("no channel: call add_guild/add_text_channel first")
        return self.default_channel

    def _visible_message(self: DiscordStandin, user: User, message: Message) -> Message:
        current = self.find_message(message.id)
        if current is None or current.deleted:
            raise LookupError(f"message {message.id} does not exist (deleted?)")
        if current.ephemeral_user_id is not None and current.ephemeral_user_id != user.id:
            raise PermissionError(f"message {message.id} is ephemeral for someone else")
        return current

    # ------------------------------------------------------------------ delivering interactions
    async def forged(self, user: User, message: Message | None, data: dict[str, Any], *, modal: bool = False,
                     channel: Channel | None = None, context: int | None = None) -> Interaction:
        """An interaction exactly as a modified client could send it: ``data`` is not checked against
        the message's components (missing or mistyped values, unknown ids, oversized fields). ``context``:
        claim another interaction context than the channel's (only a forged payload can)."""
        where = channel or (self.channels[message.channel_id] if message is not None else
                            self._require_default_channel())
        return await self._deliver(IT_MODAL_SUBMIT if modal else IT_MESSAGE_COMPONENT, user, where, data,
                                   message=message, wait=True, context=context)

    async def _deliver(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        wait: bool,
        context: int | None = None,
    ) -> Interaction:
        self.weather.check_users_can_act(f"{user.name}'s interaction")
        guild = None if channel.is_private else self.guild_of(channel)
        if guild is None:
            if all(u.id != user.id for u in channel.recipients):
                raise PermissionError(f"{user.name} is not in the DM {channel.id}")
        elif user.id not in guild.members:
            raise PermissionError(f"{user.name} is not a member of {guild.name}")
        command = None
        if itype in (IT_APPLICATION_COMMAND, IT_AUTOCOMPLETE):
            command = self.commands(guild).get(str(data.get("name")))
        where, owners = self.where_from(user, channel, command, message)
        await self.flush_background()
        if not self.gateway.ready_sessions():
            raise StandinViolation("no bot is connected to the gateway (did it crash or not start?)")
        inter = Interaction(
            id=snowflake(),
            token=f"itok.{secrets.token_urlsafe(32)}",
            type=itype,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            received_at=self.now(),
            source_message=message,
            context=where if context is None else context,
            owners=owners,
        )
        self.interactions[inter.id] = inter
        payload = self._interaction_payload(inter)
        inter.received_at = self.now()
        inter.delivered_to = await self.gateway.dispatch("INTERACTION_CREATE", payload,
                                                         guild_id=guild.id if guild else None)
        loop = asyncio.get_running_loop()
        self.watchdogs.append(loop.call_later(self.response_deadline, self._check_deadline, inter))
        if wait:
            await self.wait_response(inter)
        return inter

    async def wait_response(self: DiscordStandin, inter: Interaction) -> Interaction:
        """Wait for the initial response to ``inter``; raise StandinViolation once the deadline passed."""
        remaining = inter.received_at + self.response_deadline - self.now()
        try:
            await asyncio.wait_for(inter.responded_event.wait(), max(remaining, 0) + 0.05)
        except TimeoutError:
            self._check_deadline(inter)
            raise StandinViolation(
                f"no initial response to interaction {inter.id} ({inter.describe()}) within "
                f"{self.response_deadline:g}s — the user sees 'This interaction failed'"
            ) from None
        return inter

    def _check_deadline(self: DiscordStandin, inter: Interaction) -> None:
        if inter.acknowledged or inter.deadline_flagged:
            return
        inter.deadline_flagged = True
        self.violate("no_response", f"no initial response within {self.response_deadline:g}s to {inter.describe()}")

    def _interaction_payload(self: DiscordStandin, inter: Interaction) -> dict[str, Any]:
        guild, channel, user = inter.guild, inter.channel, inter.user
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": dict(inter.owners),
            "context": inter.context,
            "attachment_size_limit": limits.MAX_ATTACHMENT_BYTES,
        }
        if guild is None:  # a DM or group DM: a user, no member, no guild
            payload.update(self.private_interaction_payload(inter))
        else:
            perms = self.permissions(user, channel)
            channel_payload = channel.to_payload()
            channel_payload["permissions"] = str(perms)
            payload.update({
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                "channel_id": str(channel.id),
                "channel": channel_payload,
                "member": guild.members[user.id].to_payload(permissions=perms),
                "app_permissions": str(self.permissions(self.bot_user, channel)),
                "guild_locale": guild.locale,
            })
        if inter.source_message is not None:
            payload["message"] = inter.source_message.to_payload()
        return payload


"""DMs and group DMs, and the app installed by a user rather than by a server.

Mixed into :class:`~.standin.DiscordStandin`. Discord's rules for these places, as the stand-in holds them:

- **The bot's DM** with someone (``add_dm``) is a channel the bot is in: its token may post, edit and read
  there (``MESSAGE_CREATE`` reaches it with the Direct Messages intent). Interactions there have context 1.
- **A group DM** (``add_group_dm``), or a DM between two people, never has the bot in it. An app reaches it
  only when one of its people installed the app for themselves (``install_app``): their slash commands
  arrive with context 2 and ``authorizing_integration_owners`` ``{"1": user}``; anybody there may click the
  components of the app's messages (those clicks carry the owners of the interaction that made the message).
  The bot's token gets ``403 Missing Access`` on every route of such a channel *and* a ``private_channel``
  violation; no gateway event of it reaches the bot.
- An interaction that reached the app through a user's install only may make at most **5 follow-up
  messages** (the 6th: ``400``, code 40094, and a ``followup_cap`` violation), and its token dies after 15
  minutes like any other (``token_expired``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import ApiError
from .models import (
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    CONTEXT_PRIVATE_CHANNEL,
    DM,
    DM_PERMISSIONS,
    GROUP_DM,
    GUILD_INSTALL,
    USER_INSTALL,
    Channel,
    Message,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

FOLLOWUP_CAP = 5  # follow-up messages per interaction when the app is installed by the user only
MAX_FOLLOWUPS = 40094  # Discord's JSON error code for one follow-up too many
MISSING_ACCESS = 50001
CANNOT_SEND_TO_USER = 50007  # the user's DMs are closed to the bot


class PrivateChannels:
    """World building and rules for DMs; ``self`` is always the :class:`DiscordStandin`."""

    # ------------------------------------------------------------------ world building
    def add_dm(self: DiscordStandin, user: User) -> Channel:
        """The bot's DM with ``user`` (the channel Discord opens when one of them writes to the other)."""
        for channel in self.channels.values():
            if channel.type == DM and {u.id for u in channel.recipients} == {user.id, self.bot_user.id}:
                return channel
        channel = Channel(snowflake(), 0, "", DM, recipients=[user, self.bot_user])
        self.channels[channel.id] = channel
        return channel

    def close_dms(self: DiscordStandin, user: User, closed: bool = True) -> None:
        """``user`` does not accept direct messages from the bot (privacy settings, or the bot blocked): the DM
        channel still opens, but a message sent there is refused with 50007, as Discord does."""
        if closed:
            self.dms_closed.add(user.id)
        else:
            self.dms_closed.discard(user.id)

    def check_dm_open(self: DiscordStandin, channel: Channel) -> None:
        """Refuse a message to the bot's DM with a user who closed their DMs (Discord's 50007)."""
        if channel.type == DM and any(u.id in self.dms_closed for u in channel.recipients):
            raise ApiError(403, CANNOT_SEND_TO_USER, "Cannot send messages to this user")

    def add_group_dm(self: DiscordStandin, users: list[User], name: str = "friends") -> Channel:
        """A group DM of ``users`` (the first one owns it). The bot is never one of them."""
        if not 2 <= len(users) <= 10:
            raise ValueError("a group DM holds 2 to 10 people")
        channel = Channel(snowflake(), 0, name, GROUP_DM, owner_id=users[0].id, recipients=list(users))
        self.channels[channel.id] = channel
        return channel

    def add_person(self: DiscordStandin, name: str, *, installed: bool = False, locale: str = "en-US") -> User:
        """Somebody who shares no server with the bot (a friend met in a group DM)."""
        user = User(snowflake(), name, locale=locale, installed=installed)
        self.users[user.id] = user
        return user

    def install_app(self: DiscordStandin, user: User) -> None:
        """``user`` adds the app to their own apps (the "add to my apps" link): its commands follow them."""
        user.installed = True

    # ------------------------------------------------------------------ rules
    def bot_may_use(self: DiscordStandin, channel: Channel, route: str) -> None:
        """A bot-token call on ``channel``: refused (and a violation) where the bot is not in it."""
        if channel.has_bot(self.bot_user.id):
            return
        kind = "group DM" if channel.type == GROUP_DM else "DM between people"
        self.violate("private_channel", f"the bot's token was used on a {kind} it is not in (channel {channel.id})",
                     route)
        raise ApiError(403, MISSING_ACCESS, "Missing Access")

    def check_followup_cap(self: DiscordStandin, inter: Any, route: str) -> None:
        if inter.user_installed_only and inter.followup_count >= FOLLOWUP_CAP:
            self.violate("followup_cap", f"a {FOLLOWUP_CAP + 1}th follow-up to {inter.describe()} (the app is "
                         f"installed by the user only: {FOLLOWUP_CAP} at most)", route)
            raise ApiError(400, MAX_FOLLOWUPS, "Maximum number of follow up messages hit")
        inter.followup_count += 1

    def private_permissions(self: DiscordStandin, user: User, channel: Channel) -> int:
        return DM_PERMISSIONS if any(u.id == user.id for u in channel.recipients) else 0

    def where_from(self: DiscordStandin, user: User, channel: Channel, command: dict[str, Any] | None,
                   message: Message | None) -> tuple[int, dict[str, str]]:
        """(context, authorizing_integration_owners) of an interaction, as Discord decides them.

        A command is reached through the server's install in a server, else through the user's own install
        (checked against the command's ``contexts`` and ``integration_types``); a click on a message carries
        the owners of the interaction that made the message."""
        if not channel.is_private:
            context = CONTEXT_GUILD
        else:
            context = CONTEXT_BOT_DM if channel.has_bot(self.bot_user.id) else CONTEXT_PRIVATE_CHANNEL
        if message is not None and message.interaction_metadata is not None:
            return context, dict(message.interaction_metadata.get("authorizing_integration_owners") or {})
        if context == CONTEXT_GUILD:
            if self.bot_user.id in self.guild_of(channel).members:
                return context, {str(GUILD_INSTALL): str(channel.guild_id)}
            if command is not None and not (user.installed and USER_INSTALL in (command.get("integration_types")
                                                                                or [GUILD_INSTALL])):
                raise PermissionError(f"/{command.get('name')} is not available to {user.name} in a server that "
                                      "did not add the app")
            return context, {str(USER_INSTALL): str(user.id)}  # the app is the user's own in this server
        if command is not None:
            contexts = command.get("contexts")
            kinds = command.get("integration_types") or [GUILD_INSTALL]
            name = command.get("name")
            if contexts is not None and context not in contexts:
                raise PermissionError(f"/{name} is not offered in this kind of channel (contexts {contexts})")
            if context == CONTEXT_PRIVATE_CHANNEL and (USER_INSTALL not in kinds or not user.installed):
                raise PermissionError(f"/{name} is not available to {user.name} here: in a group DM only people "
                                      "who added the app to their apps can use its commands")
            if context == CONTEXT_BOT_DM and not (user.installed and USER_INSTALL in kinds) \
                    and not self._shares_a_guild(user):
                raise PermissionError(f"{user.name} cannot reach the bot's DM commands (no install, no server)")
        if user.installed:
            return context, {str(USER_INSTALL): str(user.id)}
        return context, {str(GUILD_INSTALL): "0"}  # the bot's DM, reached through a server's install

    def _shares_a_guild(self: DiscordStandin, user: User) -> bool:
        return any(user.id in g.members for g in self.guilds.values())

    def private_interaction_payload(self: DiscordStandin, inter: Any) -> dict[str, Any]:
        channel, user = inter.channel, inter.user
        channel_payload = channel.to_payload(bot_id=self.bot_user.id)
        channel_payload["permissions"] = str(self.private_permissions(user, channel))
        # The app's own permissions: what its interaction responses may carry (a group DM lets it send them).
        app = DM_PERMISSIONS
        return {
            "user": user.to_payload(),
            "channel_id": str(channel.id),
            "channel": channel_payload,
            "app_permissions": str(app),
        }


__all__ = ["FOLLOWUP_CAP", "PrivateChannels"]

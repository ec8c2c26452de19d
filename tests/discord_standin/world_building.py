"""Building the stand-in's world: servers, text channels, roles, members, and their permissions.

Mixed into :class:`~.standin.DiscordStandin`. Tests call these to set the scene; each change reaches a
connected bot as the gateway event Discord would send (GUILD_CREATE, CHANNEL_CREATE, GUILD_MEMBER_ADD ...).
Permissions are computed as Discord does: guild roles, then the channel's overwrites.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .models import (
    ALL_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILDS,
    Channel,
    Guild,
    Member,
    Role,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin


class WorldBuilding:
    """Guilds, channels, roles, members and overwrites; ``self`` is always the :class:`DiscordStandin`."""

    def add_guild(
        self: DiscordStandin, name: str = "Test Guild", *, owner: User | None = None, locale: str = "en-US"
    ) -> Guild:
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
        self.spawn(self.gateway.dispatch_guild_create(guild))
        return guild

    def add_text_channel(
        self: DiscordStandin, guild: Guild, name: str = "general", *, topic: str | None = None
    ) -> Channel:
        channel = Channel(snowflake(), guild.id, name, GUILD_TEXT, position=len(guild.channels), topic=topic)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        if self.default_channel is None:
            self.default_channel = channel
        self.spawn(
            self.gateway.dispatch("CHANNEL_CREATE", channel.to_payload(), guild_id=guild.id, intents=INTENT_GUILDS)
        )
        return channel

    def add_role(self: DiscordStandin, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(snowflake(), name, _perm_value(permissions), position=len(guild.roles))
        guild.roles[role.id] = role
        self.spawn(
            self.gateway.dispatch(
                "GUILD_ROLE_CREATE",
                {"guild_id": str(guild.id), "role": role.to_payload()},
                guild_id=guild.id,
                intents=INTENT_GUILDS,
            )
        )
        return role

    def add_user(
        self: DiscordStandin,
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
        self: DiscordStandin,
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
        self.spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", payload, guild_id=guild.id, intents=INTENT_GUILD_MEMBERS))
        return member

    def guild_of(self: DiscordStandin, channel: Channel) -> Guild:
        if channel.is_private:
            raise LookupError(f"channel {channel.id} is a DM: it belongs to no server")
        return self.guilds[channel.guild_id]

    def permissions(self: DiscordStandin, user: User, channel: Channel) -> int:
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

    def set_overwrite(
        self: DiscordStandin, channel: Channel, target: User | Role, *, allow: int = 0, deny: int = 0
    ) -> None:
        """A channel permission overwrite for a role or a member (e.g. Manage Channels in one channel)."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = (kind, _perm_value(allow), _perm_value(deny))
        self.spawn(
            self.gateway.dispatch(
                "CHANNEL_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        )



def _perm_value(permissions: Any) -> int:
    """Accept an int or anything with ``.value`` (``discord.Permissions``)."""
    return int(getattr(permissions, "value", permissions) or 0)

"""What the Discord client builds from a slash command: the command path checked against the synced
commands (visible to the user, options that exist and match their type, choices and bounds) and the
``resolved`` users and channels the options name.

Mixed into :class:`~.standin.DiscordStandin`; :mod:`.client_api` calls these for ``slash``, ``autocomplete``
and user selects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import (
    ADMINISTRATOR,
    ATTACH_FILES,
    DEFAULT_EVERYONE_PERMISSIONS,
    MANAGE_MESSAGES,
    SEND_MESSAGES,
    Channel,
    Guild,
    Role,
    User,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

#: Permissions reported for a channel passed as a command option (``resolved.channels``).
ALL_CHANNEL_PERMS = DEFAULT_EVERYONE_PERMISSIONS | MANAGE_MESSAGES | ATTACH_FILES | SEND_MESSAGES


class CommandOptions:
    """Slash command data and resolved objects; ``self`` is always the :class:`DiscordStandin`."""

    def command_data(
        self: DiscordStandin,
        user: User,
        guild: Guild | None,
        command: str,
        options: dict[str, Any],
        *,
        focused: str | None,
    ) -> dict[str, Any]:
        path = command.strip().lstrip("/").split()
        if not path:
            raise ValueError("empty command")
        mine = self.guild_commands.get(guild.id, {}) if guild is not None else {}
        root = mine.get(path[0]) or self.global_commands.get(path[0])
        if root is None:
            known = sorted(self.commands(guild))
            raise LookupError(f"/{path[0]} is not synced (synced: {known}) — did the bot call tree.sync()?")
        required_perms = root.get("default_member_permissions")
        if required_perms is not None and guild is not None:
            have = guild.permissions_of(user.id)
            if int(required_perms) & ~have and not have & ADMINISTRATOR:
                raise PermissionError(f"/{path[0]} is hidden from {user.name} (default_member_permissions)")
        node = root
        wire_chain: list[dict[str, Any]] = []
        for part in path[1:]:
            sub = next(
                (o for o in node.get("options") or [] if o.get("name") == part and o.get("type") in (1, 2)),
                None,
            )
            if sub is None:
                raise LookupError(f"/{' '.join(path)}: no subcommand {part!r} under {node.get('name')!r}")
            wire_chain.append({"type": sub["type"], "name": part, "options": []})
            node = sub
        if any(o.get("type") in (1, 2) for o in node.get("options") or []):
            raise LookupError(f"/{' '.join(path)} needs a subcommand")
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options = self._leaf_options(guild, node, options, resolved, focused)
        if wire_chain:
            wire_chain[-1]["options"] = leaf_options
            for parent, child in zip(reversed(wire_chain[:-1]), reversed(wire_chain[1:]), strict=True):
                parent["options"] = [child]
            top_options: list[dict[str, Any]] = [wire_chain[0]]
        else:
            top_options = leaf_options
        data: dict[str, Any] = {
            "id": str(root["id"]),
            "name": root["name"],
            "type": 1,
            "options": top_options,
        }
        if root.get("guild_id"):
            data["guild_id"] = str(root["guild_id"])
        if resolved:
            data["resolved"] = resolved
        return data

    def _leaf_options(
        self: DiscordStandin,
        guild: Guild | None,
        node: dict[str, Any],
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        defs = {o["name"]: o for o in node.get("options") or []}
        unknown_names = set(given) - set(defs)
        if unknown_names:
            raise KeyError(f"/{node.get('name')} has no options {sorted(unknown_names)}; has {sorted(defs)}")
        missing = [n for n, o in defs.items() if o.get("required") and n not in given and n != focused]
        if missing and focused is None:
            raise ValueError(f"/{node.get('name')} requires options {missing}")
        out: list[dict[str, Any]] = []
        for name, value in given.items():
            spec = defs[name]
            if name == focused:  # what the user has typed so far: always a string, never checked
                opt: dict[str, Any] = {"name": name, "type": spec["type"], "value": str(value), "focused": True}
            else:
                opt = {
                    "name": name,
                    "type": spec["type"],
                    "value": self._option_value(guild, spec, value, resolved, check=True),
                }
            out.append(opt)
        return out

    def _option_value(
        self: DiscordStandin,
        guild: Guild | None,
        spec: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        *,
        check: bool,
    ) -> Any:
        t = spec["type"]
        if t == 3:
            value = str(value)
            if check and spec.get("min_length") is not None and len(value) < spec["min_length"]:
                raise ValueError(f"option {spec['name']!r} is shorter than {spec['min_length']}")
            if check and spec.get("max_length") is not None and len(value) > spec["max_length"]:
                raise ValueError(f"option {spec['name']!r} is longer than {spec['max_length']}")
        elif t == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"option {spec['name']!r} takes an integer")
        elif t == 10:
            value = float(value)
        elif t == 5:
            value = bool(value)
        elif t in (6, 9) and isinstance(value, User):
            resolved.update(_merge(resolved, self.resolve_users(guild, [value.id])))
            value = str(value.id)
        elif t == 7 and isinstance(value, Channel):
            chan = value.to_payload()
            chan["permissions"] = str(ALL_CHANNEL_PERMS)
            resolved.setdefault("channels", {})[str(value.id)] = chan
            value = str(value.id)
        elif t in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
            value = str(value.id)
        elif t in (6, 7, 8, 9, 11):
            raise TypeError(f"option {spec['name']!r} (type {t}) needs a stand-in User/Channel/Role object")
        if check and t in (4, 10):
            if spec.get("min_value") is not None and value < spec["min_value"]:
                raise ValueError(f"option {spec['name']!r} is below {spec['min_value']}")
            if spec.get("max_value") is not None and value > spec["max_value"]:
                raise ValueError(f"option {spec['name']!r} is above {spec['max_value']}")
        choices = spec.get("choices")
        if check and choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {spec['name']!r} must be one of {[c['value'] for c in choices]}")
        return value

    def resolve_users(self: DiscordStandin, guild: Guild | None, user_ids: list[int]) -> dict[str, dict[str, Any]]:
        users: dict[str, Any] = {}
        members: dict[str, Any] = {}
        for uid in user_ids:
            user = self.users[uid]
            users[str(uid)] = user.to_payload()
            member = guild.members.get(uid) if guild is not None else None
            if member is not None:
                members[str(uid)] = member.to_payload(permissions=guild.permissions_of(uid), with_user=False)
        return {"users": users, "members": members}


def _merge(into: dict[str, dict[str, Any]], extra: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = {k: dict(v) for k, v in into.items()}
    for key, values in extra.items():
        out.setdefault(key, {}).update(values)
    return out

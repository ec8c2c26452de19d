from __future__ import annotations

import pytest

from hardback_bot.store import GuildSettings, InvalidRecord, Store


async def test_defaults_then_roundtrip(store: Store) -> None:
    assert await store.settings.get_guild_settings(5) == GuildSettings()
    s = GuildSettings(
        dictionary="12dicts",
        length=90,
        options={"awards": False, "vote": "majority"},
        turn_timer=120,
        afk_policy="remove",
        afk_misses=2,
    )
    await store.settings.set_guild_settings(5, s)
    assert await store.settings.get_guild_settings(5) == s
    await store.settings.set_guild_settings(5, s.updated(length=40))
    assert (await store.settings.get_guild_settings(5)).length == 40
    assert await store.settings.get_guild_settings(6) == GuildSettings()


@pytest.mark.parametrize(
    "bad",
    [
        {"length": 50},
        {"length": True},
        {"turn_timer": 5},
        {"afk_policy": "kick"},
        {"afk_misses": 0},
        {"dictionary": "../etc/passwd"},
        {"options": {"Bad Key": 1}},
        {"options": {"ok": [1, 2]}},
        {"colour": "red"},
    ],
)
def test_invalid_settings_are_refused(bad: dict) -> None:
    with pytest.raises(InvalidRecord):
        GuildSettings.from_dict(bad)


def test_json_roundtrip_and_bad_json() -> None:
    s = GuildSettings(options={"coop": True})
    assert GuildSettings.from_json(s.to_json()) == s
    with pytest.raises(InvalidRecord):
        GuildSettings.from_json("{nope")
    with pytest.raises(InvalidRecord):
        GuildSettings().updated(colour="red")

"""HARDBACK_HTTP and HARDBACK_LOG_FORMAT: the listener is off by default and on loopback unless another address
is named; JSON logs are one object per line with the shard, guild and game; text stays the default."""

from __future__ import annotations

import io
import json
import logging

import pytest

from hardback_bot.config import ConfigError, load_settings
from hardback_bot.ops import logs
from hardback_bot.ops.address import Address, AddressError, parse_address


@pytest.mark.parametrize(("text", "expected"), [
    ("", None), ("  ", None), ("off", None),
    ("8080", Address("127.0.0.1", 8080)),
    (":9100", Address("127.0.0.1", 9100)),
    ("127.0.0.1:8080", Address("127.0.0.1", 8080)),
    ("0.0.0.0:8080", Address("0.0.0.0", 8080)),
    ("[::1]:8081", Address("::1", 8081)),
    ("localhost:8080", Address("localhost", 8080)),
])
def test_addresses(text: str, expected: Address | None) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "example.com:8080", "[::1]8080",
                                  "1.2.3:80"])
def test_bad_addresses_say_what_is_expected(text: str) -> None:
    with pytest.raises(AddressError, match="HARDBACK_HTTP"):
        parse_address(text)


def test_a_wildcard_address_is_probed_on_loopback() -> None:
    assert Address("0.0.0.0", 8080).url("/health") == "http://127.0.0.1:8080/health"
    assert Address("::", 8080).url("/health") == "http://[::1]:8080/health"


def test_settings() -> None:
    base = {"DISCORD_TOKEN": "t", "HARDBACK_DB": "x.db"}
    plain = load_settings(base)
    assert plain.http is None and plain.log_format == "text"
    on = load_settings({**base, "HARDBACK_HTTP": "0.0.0.0:9000", "HARDBACK_LOG_FORMAT": "JSON"})
    assert on.http == Address("0.0.0.0", 9000) and on.log_format == "json"
    with pytest.raises(ConfigError, match="HARDBACK_HTTP"):
        load_settings({**base, "HARDBACK_HTTP": "somewhere"})
    with pytest.raises(ConfigError, match="HARDBACK_LOG_FORMAT must be text or json"):
        load_settings({**base, "HARDBACK_LOG_FORMAT": "xml"})
    assert plain.search_workers is None and load_settings({**base, "HARDBACK_SEARCH_WORKERS": "3"}).search_workers == 3
    for bad in ("0", "two", "-1"):
        with pytest.raises(ConfigError, match="HARDBACK_SEARCH_WORKERS must be a whole number"):
            load_settings({**base, "HARDBACK_SEARCH_WORKERS": bad})


def test_move_log_retention_and_the_erasure_ledger(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """docs/privacy.md: ended games' moves are kept 365 days unless set (at least 7; 0 for ever); the ledger file
    defaults to data/erasures.jsonl."""
    base = {"DISCORD_TOKEN": "t", "HARDBACK_DB": "x.db"}
    plain = load_settings(base)
    assert plain.move_log_days == 365 and plain.erasure_ledger == "data/erasures.jsonl"
    assert load_settings({**base, "HARDBACK_MOVE_LOG_DAYS": "0"}).move_log_days == 0
    assert load_settings({**base, "HARDBACK_MOVE_LOG_DAYS": " 30 "}).move_log_days == 30
    assert load_settings({**base, "HARDBACK_ERASURE_LEDGER": "/srv/l.jsonl"}).erasure_ledger == "/srv/l.jsonl"
    for bad in ("3", "-1", "a year", "7.5"):
        with pytest.raises(ConfigError, match="HARDBACK_MOVE_LOG_DAYS / move_log_days must be a whole number"):
            load_settings({**base, "HARDBACK_MOVE_LOG_DAYS": bad})
    config = tmp_path / "hardback.yaml"
    config.write_text("move_log_days: 90\n", encoding="utf-8")
    assert load_settings({**base, "HARDBACK_CONFIG": str(config)}).move_log_days == 90
    assert load_settings({**base, "HARDBACK_CONFIG": str(config), "HARDBACK_MOVE_LOG_DAYS": "14"}).move_log_days == 14
    config.write_text("move_log_days: true\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="move_log_days"):
        load_settings({**base, "HARDBACK_CONFIG": str(config)})


def _record(message: str, *args: object, name: str = "hardback", exc: bool = False,
            **extra: object) -> logging.LogRecord:
    exc_info = None
    if exc:
        try:
            raise ValueError("boom")
        except ValueError:
            import sys

            exc_info = sys.exc_info()
    record = logging.LogRecord(name, logging.ERROR if exc else logging.INFO, __file__, 1, message, args, exc_info)
    for key, value in extra.items():
        setattr(record, key, value)
    return record


def test_json_lines_carry_shard_guild_game_and_the_exception() -> None:
    formatter = logs.JsonFormatter(shard_count=4, shard_ids=(0, 1))
    guild = (123456 << 22) | 5  # (guild >> 22) % 4 == 0
    line = formatter.format(_record("game %s moved", 7, guild=guild, game=7))
    entry = json.loads(line)
    assert set(entry) == {"time", "level", "logger", "shard", "guild", "game", "message", "exception"}
    assert entry["message"] == "game 7 moved" and entry["level"] == "INFO" and entry["logger"] == "hardback"
    assert (entry["guild"], entry["game"], entry["shard"]) == (guild, 7, 123456 % 4)
    assert entry["time"].endswith("Z") and entry["exception"] is None
    failed = json.loads(formatter.format(_record("it failed", exc=True)))
    assert failed["level"] == "ERROR" and "Traceback" in failed["exception"]
    assert "ValueError: boom" in failed["exception"]
    assert failed["shard"] is None  # a process of two shards, no guild: unknown
    gateway = json.loads(formatter.format(_record("Shard ID %s has connected to Gateway", 1, name="discord.gateway")))
    assert gateway["shard"] == 1


def test_the_bound_context_names_guild_and_game_in_every_line() -> None:
    formatter = logs.JsonFormatter()  # not sharded: everything is shard 0
    with logs.bound(guild=42, game=9):
        inside = json.loads(formatter.format(_record("inside")))
    outside = json.loads(formatter.format(_record("outside")))
    assert (inside["guild"], inside["game"], inside["shard"]) == (42, 9, 0)
    assert (outside["guild"], outside["game"]) == (None, None)


def test_configure_json_and_text() -> None:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    try:
        out = io.StringIO()
        logs.configure("json", "INFO", stream=out)
        logging.getLogger("hardback.test").info("héllo %s", "there")
        logging.getLogger("hardback.test").debug("not shown")
        lines = out.getvalue().splitlines()
        assert len(lines) == 1 and json.loads(lines[0])["message"] == "héllo there"
        out = io.StringIO()
        logs.configure("text", "DEBUG", stream=out)
        logging.getLogger("hardback.test").debug("plain")
        assert out.getvalue().rstrip().endswith("DEBUG hardback.test: plain")
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved[0]:
            root.addHandler(handler)
        root.setLevel(saved[1])


@pytest.mark.parametrize(("written", "strength"), [(None, None), ("expert", 4), ("Hard", 3), (2, 2)])
def test_the_daily_par_strength_from_the_config_file(tmp_path: object, written: object, strength: int | None) -> None:
    """``daily_par`` in hardback.yaml: the computer whose score on the day's deal is the par (unset: the expert's,
    sessions/daily/deal.py); a strength that does not exist stops the bot with one sentence."""
    from pathlib import Path

    config = Path(str(tmp_path)) / "hardback.yaml"
    config.write_text("ai_delay: 1\n" + ("" if written is None else f"daily_par: {written}\n"), encoding="utf-8")
    settings = load_settings({"DISCORD_TOKEN": "t", "HARDBACK_CONFIG": str(config)})
    assert settings.daily_par_strength == strength
    config.write_text("daily_par: grandmaster\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="daily_par: must be one of easy, normal, hard"):
        load_settings({"DISCORD_TOKEN": "t", "HARDBACK_CONFIG": str(config)})

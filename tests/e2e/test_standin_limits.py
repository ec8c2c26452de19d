"""The stand-in's limit tables (discord_standin/limits.py) as pure functions: what Discord refuses, with the
problem it names, and what it accepts.
"""

from __future__ import annotations

from typing import Any

import pytest


# ------------------------------------------------------------------------------- the limit tables
def _text_input(cid: str, label: str = "Word") -> dict[str, Any]:
    return {"type": 18, "label": label, "component": {"type": 4, "custom_id": cid, "style": 1}}


def _old_row(cid: str) -> dict[str, Any]:
    """A text input in an action row: the layout Discord deprecated for the Label."""
    return {"type": 1, "components": [{"type": 4, "custom_id": cid, "label": "Word", "style": 1}]}


def _command(**overrides: Any) -> dict[str, Any]:
    return {"name": "hardback", "description": "Play Hardback", "type": 1, "options": [], **overrides}


@pytest.mark.parametrize(
    ("check", "payload", "fragment"),
    [
        ("modal", {"custom_id": "m", "title": "T" * 46, "components": [_text_input("a")]}, "data.title"),
        (
            "modal",
            {"custom_id": "m", "title": "T", "components": [_text_input(str(i)) for i in range(6)]},
            "5 or fewer",
        ),
        ("modal", {"custom_id": "m", "title": "T", "components": [_text_input("a", "L" * 46)]}, "label"),
        ("modal", {"custom_id": "m" * 101, "title": "T", "components": [_text_input("a")]}, "custom_id"),
        ("modal", {"custom_id": "m", "title": "T", "components": [_old_row("a")]}, "Label component"),
        ("modal", {"custom_id": "m", "title": "T", "components": [_text_input("a", "")]}, "required"),
        ("modal", {"custom_id": "m", "title": "T", "components": [{"type": 18, "label": "L", "component":
                                                                   {"type": 2, "custom_id": "b", "style": 1}}]},
         "one text input"),
        ("modal", {"custom_id": "m", "title": "T", "components": [{"type": 10, "content": "x" * 2001},
                                                                  {"type": 10, "content": "y" * 2000},
                                                                  _text_input("a")]}, "4001 characters"),
        ("commands", [_command(name="Hardback")], "lowercase"),
        ("commands", [_command(name="h" * 33)], "1-32"),
        ("commands", [_command(description="d" * 101)], "Description"),
        ("commands", [_command(options=[{"type": 1, "name": f"s{i}", "description": "x"} for i in range(26)])], "25"),
        (
            "commands",
            [
                _command(
                    options=[
                        {
                            "type": 3,
                            "name": "g",
                            "description": "x",
                            "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                        }
                    ]
                )
            ],
            "choices",
        ),
        (
            "commands",
            [
                _command(
                    options=[
                        {"type": 3, "name": "a", "description": "x"},
                        {"type": 3, "name": "b", "description": "x", "required": True},
                    ]
                )
            ],
            "Required options",
        ),
        ("message", {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v"}] * 26}]}, "fields"),
        ("message", {"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer"),
        ("message", {"embeds": [{"author": {"name": "a" * 257}}]}, "author"),
        ("message", {"attachments": [{"id": 0, "description": "d" * 1025}]}, "description"),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"} for i in range(6)],
                    }
                ]
            },
            "buttons",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "b"},
                            {"type": 3, "custom_id": "s", "options": [{"label": "x", "value": "x"}]},
                        ],
                    }
                ]
            },
            "alone",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 3, "custom_id": "s", "options": [{"label": "x" * 101, "value": "x"}]}],
                    }
                ]
            },
            "label",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ]
            },
            "Duplicate",
        ),
    ],
)
def test_limit_tables(check: str, payload: Any, fragment: str) -> None:
    from discord_standin import limits

    problems = {
        "modal": limits.check_modal,
        "commands": limits.check_commands,
        "message": limits.check_message,
    }[check](payload)
    assert problems and any(fragment in str(p) for p in problems), problems


def test_limits_accept_what_discord_accepts() -> None:
    from discord_standin import limits

    ok_modal = {
        "custom_id": "m" * 100,
        "title": "T" * 45,
        "components": [_text_input(str(i), "L" * 45) for i in range(5)],
    }
    assert limits.check_modal(ok_modal) == []
    with_text = {"custom_id": "m", "title": "T", "components": [{"type": 10, "content": "x" * 4000}, _text_input("a")]}
    assert limits.check_modal(with_text) == []
    group = {
        "type": 2,
        "name": "admin",
        "description": "Admin",
        "options": [{"type": 1, "name": "set", "description": "Set"}],
    }
    sub = {
        "type": 1,
        "name": "start",
        "description": "Start",
        "options": [
            {
                "type": 3,
                "name": "length",
                "description": "Length",
                "required": True,
                "choices": [{"name": str(i), "value": str(i)} for i in range(25)],
            },
            {"type": 5, "name": "coop", "description": "Co-op"},
        ],
    }
    assert limits.check_commands([_command(options=[group, sub])]) == []
    embed = {
        "title": "t" * 256,
        "description": "d" * 4096,
        "fields": [{"name": "n", "value": "v" * 1024}],
        "footer": {"text": "f" * 600},
    }
    rows = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "L" * 80, "custom_id": f"{r}:{i}" + "c" * 90} for i in range(5)
            ],
        }
        for r in range(4)
    ]
    rows.append(
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": "x" * 100, "value": str(i), "description": "d" * 100} for i in range(25)],
                }
            ],
        }
    )
    assert (
        limits.check_message(
            {"content": "c" * 2000, "embeds": [embed], "components": rows}, [("a.png", 10 * 1024 * 1024)]
        )
        == []
    )



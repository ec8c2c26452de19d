"""Reading the bot's panels and pacing clicks: the move buttons and select values a panel offers, its Refresh
button, the refusal and error texts, and waiting for room in the channel's flood window before a click.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from discord_standin.models import Message
from discord_standin.world import World

SORRY = "something went wrong on my side"
OUT_OF_DATE = "out of date"


class BotRefused(AssertionError):
    """The bot answered a click with a refusal (an ephemeral text) where the driver expected a panel."""



def refresh_id(panel: Message) -> str:
    """The panel's "Refresh" button (``hb:h:<game>:0:r``)."""
    return next(c for c in panel.custom_ids() if c.startswith("hb:h:") and c.endswith(":r"))


# ---------------------------------------------------------------------------------------------- panels
def move_arg(custom_id: str) -> str:
    """``hb:m:12:7:take_prestige`` -> ``take_prestige``."""
    return custom_id.split(":", 4)[4]


def move_buttons(panel: Message) -> dict[str, str]:
    """Move argument -> custom_id for every move button of a panel."""
    return {move_arg(b["custom_id"]): b["custom_id"] for b in panel.buttons()
            if str(b.get("custom_id", "")).startswith("hb:m:")}


def value_card(value: str) -> int:
    """The card a select option's move names ("buy_67", "reserve_12", or a chain "buy_67~end")."""
    return int(value.split("~", 1)[0].split("_")[1])


def selects(panel: Message) -> list[dict[str, Any]]:
    return [c for c in panel.all_components() if c.get("type") == 3]


def select_values(panel: Message, prefix: str) -> list[tuple[str, str]]:
    """(select custom_id, value) for every option of the panel's move selects whose value starts with prefix."""
    found = []
    for sel in selects(panel):
        for option in sel.get("options") or []:
            if str(option.get("value", "")).startswith(prefix):
                found.append((sel["custom_id"], option["value"]))
    return found


def post_times(world: World) -> list[float]:
    """When the bot posted in the channel recently (what the stand-in's flood check counts)."""
    return list(world.standin.post_times[world.channel.id])


async def pace(world: World, room: int) -> None:
    """Wait until the bot may post ``room`` more public messages without breaking 5 in 5 s."""
    s = world.standin
    if s.rate_limit is None:
        return
    count, window = s.rate_limit
    while True:
        now = time.monotonic()
        recent = [t for t in post_times(world) if now - t <= window]
        if len(recent) + room <= count:
            return
        await asyncio.sleep(max(0.01, recent[0] + window - now + 0.02))



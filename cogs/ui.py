"""Panels (platform-neutral, from hardback_bot.sessions) -> discord.py views, embeds and files."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from hardback_bot.sessions.screens.panel import Button, Panel, Select
from hardback_bot.sessions.screens.pictures import Picture

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
COLOUR = discord.Colour.from_rgb(196, 155, 72)


def view_of(rows: Sequence[list[Button] | Select]) -> discord.ui.View | None:
    """A view whose clicks are handled by the router in cogs/play.py, never by in-memory callbacks.

    The view is stopped before it is sent, so discord.py does not keep it in memory: what a component
    means lives in its custom_id, and a click after a restart is handled exactly like one before.
    """
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows[:5]):
        if isinstance(row, Select):
            view.add_item(discord.ui.Select(
                custom_id=row.custom_id, placeholder=row.placeholder[:150], row=number,
                options=[discord.SelectOption(label=o.label[:100], value=o.value[:100],
                                              description=o.description[:100] if o.description else None)
                         for o in row.options[:25]]))
        else:
            for b in row[:5]:
                view.add_item(discord.ui.Button(label=b.label[:80], custom_id=b.custom_id,
                                                style=STYLES.get(b.style, discord.ButtonStyle.secondary),
                                                row=number))
    view.stop()
    return view


def file_of(picture: Picture | None) -> discord.File | None:
    if picture is None:
        return None
    return discord.File(io.BytesIO(picture.data), filename=picture.filename, description=picture.description[:1024])


def embed_of(panel: Panel) -> discord.Embed:
    embed = discord.Embed(title=panel.title[:256], description=panel.text[:4096] or None, colour=COLOUR)
    if panel.picture is not None:
        embed.set_image(url=f"attachment://{panel.picture.filename}")
    return embed


def message_kwargs(panel: Panel) -> dict[str, object]:
    """Keyword arguments for send/edit: embed, components and the image (alt text included)."""
    kwargs: dict[str, object] = {"embed": embed_of(panel)}
    view = view_of(panel.rows)
    kwargs["view"] = view if view is not None else discord.ui.View()
    file = file_of(panel.picture)
    kwargs["attachments"] = [file] if file is not None else []
    return kwargs

"""The REST wire format shared by the stand-in's routes: JSON answers as discord.py expects them, errors,
and the "no content" answer."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .errors import ApiError

Handler = Callable[..., Awaitable[Any]]
NO_CONTENT = object()  # a route's answer for 204 No Content


def json_response(data: Any, status: int = 200) -> web.Response:
    """Exactly ``Content-Type: application/json`` (no charset): discord.py compares the header
    verbatim and would otherwise hand the raw text to its parsers."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def error_response(exc: ApiError) -> web.Response:
    return json_response(exc.body(), status=exc.status)


def unquote(value: str) -> str:
    from urllib.parse import unquote

    return unquote(value)


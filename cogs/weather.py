"""Discord's weather in the cogs: which failures are Discord's own (an outage's 5xx, a connection it refused, an
interaction that expired while it was away) rather than a fault of the bot, and how each is logged.

An outage is expected: the store holds every move, and the relay shows them once Discord answers again
(cogs/reconciler.py). So these failures are one line in the log, never a traceback; anything else keeps its traceback,
because that is a bug to fix.
"""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

# Discord's JSON error codes of an interaction that can no longer be answered.
UNKNOWN_WEBHOOK = 10015  # its token expired (15 minutes), or the message it named is gone
UNKNOWN_INTERACTION = 10062  # not answered within 3 s (Discord was away, or so slow that the click expired)
ALREADY_ACKNOWLEDGED = 40060  # answered already: a retry of an answer Discord had taken before it failed
EXPIRED = (UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, ALREADY_ACKNOWLEDGED)


def weather_of(error: BaseException) -> str | None:
    """What Discord did, in a few words, when ``error`` is Discord's weather; None for anything else."""
    if isinstance(error, discord.RateLimited):
        return f"Discord asked to wait {error.retry_after:.1f} s (rate limit)"
    if isinstance(error, discord.HTTPException):
        if error.status >= 500:
            return f"Discord answered {error.status}"
        if error.status == 429:
            return "Discord kept answering 429 (rate limited)"
        if error.code in EXPIRED:
            return f"the interaction expired meanwhile ({error.status}, code {error.code})"
        return None
    if isinstance(error, discord.GatewayNotFound):
        return "Discord's gateway could not be found"
    if isinstance(error, aiohttp.ClientError | ConnectionError | asyncio.TimeoutError):
        text = str(error).splitlines()[0][:160] if str(error) else ""
        return f"Discord could not be reached ({type(error).__name__}{': ' + text if text else ''})"
    return None


def log_failure(logger: logging.Logger, error: BaseException, what: str, *args: object) -> None:
    """``what % args`` failed with ``error``: one line when it is Discord's weather, else with its traceback."""
    cause = weather_of(error)
    if cause is None:
        logger.error(what + " failed", *args, exc_info=error)
    else:
        logger.warning(what + " failed: %s", *args, cause)


__all__ = ["EXPIRED", "UNKNOWN_INTERACTION", "UNKNOWN_WEBHOOK", "log_failure", "weather_of"]

"""The container health check: ``python -m hardback_bot.ops.probe [URL]``.

Asks this process's ``/health`` (at ``$HARDBACK_HTTP``, or ``URL``) and exits 0 when it answers 200, 1
otherwise, printing the reason. Standard library only, so it starts in a few milliseconds.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request

from .address import AddressError, parse_address

TIMEOUT = 4.0


def health_url(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    address = parse_address(env.get("HARDBACK_HTTP", ""))
    if address is None:
        raise AddressError("HARDBACK_HTTP is not set: the bot has no health listener to ask")
    return address.url("/health")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        url = args[0] if args else health_url()
    except AddressError as error:
        print(f"unhealthy: {error}")
        return 1
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            body = answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        body, status = error.read(), error.code
    except (OSError, ValueError) as error:
        print(f"unhealthy: no answer from {url} ({error})")
        return 1
    try:
        reason = json.loads(body).get("reason") or "ok"
    except (ValueError, AttributeError):
        reason = body[:200].decode(errors="replace")
    print(("healthy: " if status == 200 else f"unhealthy ({status}): ") + str(reason))
    return 0 if status == 200 else 1


if __name__ == "__main__":
    raise SystemExit(main())

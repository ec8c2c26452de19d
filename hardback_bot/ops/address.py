"""The listener's address (``HARDBACK_HTTP``): loopback unless the operator names another address."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"


class AddressError(ValueError):
    """``HARDBACK_HTTP`` is not an address to listen on; the message says what is."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def reachable_host(self) -> str:
        """The host a client on this machine connects to (a wildcard address listens on loopback too)."""
        return {"0.0.0.0": LOOPBACK, "::": "::1", "": LOOPBACK}.get(self.host, self.host)

    def url(self, path: str = "/") -> str:
        host = self.reachable_host
        return f"http://{f'[{host}]' if ':' in host else host}:{self.port}{path}"


def parse_address(text: str) -> Address | None:
    """``127.0.0.1:8080``, ``0.0.0.0:8080``, ``[::1]:8080``, ``localhost:8080`` or a bare port (``8080``, on
    loopback). Empty: no listener (None). Raises AddressError."""
    text = text.strip()
    if not text or text.lower() in ("0", "off", "no", "false"):
        return None
    host, port_text = LOOPBACK, text
    if text.startswith("["):
        inside, bracket, rest = text[1:].partition("]")
        if not bracket or not rest.startswith(":"):
            raise AddressError(f"HARDBACK_HTTP: {text!r} is not [IPv6 address]:port")
        host, port_text = inside, rest[1:]
    elif ":" in text:
        host, _, port_text = text.rpartition(":")
        host = host or LOOPBACK
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise AddressError(f"HARDBACK_HTTP: {text!r} needs a port from 1 to 65535, e.g. 127.0.0.1:8080")
    if host != "localhost":
        try:
            ipaddress.ip_address(host)
        except ValueError as error:
            raise AddressError(f"HARDBACK_HTTP: {host!r} is not an IP address of this machine (or localhost); "
                               "e.g. 127.0.0.1:8080, or 0.0.0.0:8080 to listen on every interface") from error
    return Address(host, int(port_text))


__all__ = ["LOOPBACK", "Address", "AddressError", "parse_address"]

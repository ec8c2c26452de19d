"""The components of a player's turn-alert settings (sessions/alerts.py), in the codec's custom_id grammar
``hb:q:<user>:0:<what>`` (sessions/codec.py decodes them through :func:`decode_alerts`). The subject is the
player whose settings they are: only that player may use them (the clicker is checked, never trusted from
the id).

- ``panel``: open the settings panel (from ``/hardback games``);
- ``when``, ``from``, ``to``: the selects of which games alert, and the quiet hours' start and end;
- ``zone``: the button that opens the time zone form; ``zoneform``: that form.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

ALERTS_KIND = "q"  # the codec's Kind.ALERTS


class AlertsPart(StrEnum):
    PANEL = "panel"
    WHEN = "when"
    QUIET_FROM = "from"
    QUIET_TO = "to"
    ZONE = "zone"
    ZONE_FORM = "zoneform"


@dataclass(frozen=True, slots=True)
class AlertsClick:
    """A component of ``user_id``'s alert settings."""

    user_id: int
    part: AlertsPart

    def custom_id(self) -> str:
        return f"hb:{ALERTS_KIND}:{self.user_id}:0:{self.part.value}"


def decode_alerts(user_id: int, number: int, arg: str) -> AlertsClick | None:
    part = next((p for p in AlertsPart if p.value == arg), None)
    return AlertsClick(user_id, part) if part is not None and number == 0 else None


__all__ = ["ALERTS_KIND", "AlertsClick", "AlertsPart", "decode_alerts"]

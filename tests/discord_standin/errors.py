"""Violations (what fails a test) and API errors (what the bot sees, as real Discord would answer)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from .limits import Problem


@dataclass
class Violation:
    """Something the bot did that real Discord would reject or that the product promises not to do.

    ``kind`` is a short stable name tests can filter on, e.g. ``"limit"``, ``"late_response"``,
    ``"no_response"``, ``"double_response"``, ``"modal_not_first"``, ``"token_expired"``,
    ``"flood"``, ``"permission"``, ``"unsupported_route"``, ``"bad_request"``, and
    ``"standin_error"`` (a bug in the stand-in itself — fix the stand-in, not the bot).
    """

    kind: str
    detail: str
    route: str = ""
    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        extra = "".join(f"\n    - {p}" for p in self.problems)
        where = f" [{self.route}]" if self.route else ""
        return f"{self.kind}{where}: {self.detail}{extra}"


class StandinViolation(AssertionError):
    """Raised into the test when the bot broke a Discord rule (an AssertionError so pytest reports it
    as a test failure, not an error in the harness)."""


class ApiError(Exception):
    """An HTTP error answer in Discord's JSON error format; raised by the logic, rendered by the server."""

    def __init__(self, status: int, code: int, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.problems = problems or []

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.problems:
            errors: dict[str, Any] = defaultdict(lambda: {"_errors": []})
            for p in self.problems:
                errors[p.path or "_root"]["_errors"].append({"code": "BASE_TYPE_INVALID", "message": p.message})
            data["errors"] = dict(errors)
        return data


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
CANNOT_EDIT_OTHERS_MESSAGE = 50005
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
THREAD_ALREADY_CREATED = 160004
THREAD_LOCKED = 160005
MAX_ACTIVE_THREADS = 160006

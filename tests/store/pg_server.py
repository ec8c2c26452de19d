"""A real PostgreSQL server for the tests, started by the test run itself.

The server binaries come from the package registries: Debian's ``postgresql`` package (``.ci/run``
installs it; its binaries live in ``/usr/lib/postgresql/<version>/bin``) or any ``initdb``/``postgres`` on
``$PATH`` or named by ``$HARDBACK_PG_BINDIR``. One server per test process (each pytest-xdist worker starts
its own, on first use): ``initdb`` into a temporary directory of its own, ``postgres`` on a free port of
127.0.0.1, trust authentication (nothing but this machine can reach it), and every test gets a database of
its own (:func:`new_database`).

PostgreSQL refuses to run as root, and CI runs as root: then the server runs as the ``postgres`` system
user that Debian's package creates (``nobody`` if there is none), in a directory owned by that user.

The server dies with the test run: it is started with a parent-death signal (SIGQUIT, PostgreSQL's
immediate shutdown), and also stopped at exit. Where no server binaries can be found,
:func:`server` raises :class:`NoServer` with a message saying how to get them; the fixtures turn that into
a loud skip, or into a failure when ``HARDBACK_REQUIRE_POSTGRES=1`` (as ``.ci/run`` sets it). Binaries that
are there but fail to make or start a server (:class:`BrokenServer`) always fail the tests: a broken setup is
never a skip.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

REQUIRE_ENV = "HARDBACK_REQUIRE_POSTGRES"
BINDIR_ENV = "HARDBACK_PG_BINDIR"
SUPERUSER = "hardback"
_PREFIX = "hardback-pg-"
_OWNER = "owner.pid"  # the test process a server directory belongs to
_PR_SET_PDEATHSIG = 1


class NoServer(RuntimeError):
    """No PostgreSQL server binaries on this machine (or the server would not start)."""


class BrokenServer(NoServer):
    """The server's binaries are here but initdb or the server failed: a broken setup, never a skip."""


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip().lower() in ("1", "true", "yes")


def find_bindir() -> Path | None:
    """The directory holding ``initdb`` and ``postgres``: $HARDBACK_PG_BINDIR, $PATH, pg_config, or the
    newest of Debian's /usr/lib/postgresql/<version>/bin."""
    candidates: list[Path] = []
    if os.environ.get(BINDIR_ENV):  # where the server is, and nowhere else
        given = Path(os.environ[BINDIR_ENV])
        return given if (given / "initdb").is_file() and (given / "postgres").is_file() else None
    on_path = shutil.which("postgres")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10).stdout
            candidates.append(Path(out.strip()))

    def version(path: str) -> tuple[int, ...]:
        part = Path(path).parent.name
        return tuple(int(x) for x in part.split(".") if x.isdigit())

    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)]
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "postgres").is_file():
            return bindir
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:
    # Runs in the child between fork and exec: if the test run dies, the postmaster gets SIGQUIT.
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGQUIT)


def _pid_in(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0]) if path.exists() else None
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _clean_stale_dirs() -> None:
    """Directories of earlier runs whose server is gone (a test run killed with SIGKILL). A directory whose
    test process lives is kept even before its server has started: another worker may be running initdb."""
    for path in glob.glob(os.path.join(tempfile.gettempdir(), _PREFIX + "*")):
        root = Path(path)
        alive = _alive(_pid_in(root / _OWNER)) or _alive(_pid_in(root / "data" / "postmaster.pid"))
        if not alive and time.time() - os.path.getmtime(path) > 60:
            shutil.rmtree(path, ignore_errors=True)


class PostgresServer:
    """One throw-away PostgreSQL cluster on 127.0.0.1:``port``."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix=_PREFIX))
        (self.root / _OWNER).write_text(str(os.getpid()))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._ids: dict[str, int] = {}
        if os.geteuid() == 0:
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                account = pwd.getpwnam("nobody")
            self.uid, self.gid = account.pw_uid, account.pw_gid
            os.chown(self.root, self.uid, self.gid)
        else:
            self.uid, self.gid = -1, -1

    def _run_as(self) -> dict[str, object]:
        return {"user": self.uid, "group": self.gid, "extra_groups": []} if self.uid >= 0 else {}

    def start(self) -> None:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C", "TZ": "UTC"}
        init = subprocess.run(
            [str(self.bindir / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
             "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"],
            capture_output=True, text=True, env=env, cwd=self.root, timeout=120, **self._run_as(),  # type: ignore[arg-type]
        )
        if init.returncode != 0:
            raise BrokenServer(f"initdb failed ({init.returncode}): {init.stderr.strip()[-2000:]}")
        settings = [
            "listen_addresses=127.0.0.1", f"unix_socket_directories={self.root}", "max_connections=200",
            "shared_buffers=64MB", "log_min_messages=warning", "log_statement=none",
        ]
        if not self.durable:
            # A throw-away cluster: a power cut is not what these tests are about (the crash tests kill
            # the client mid-transaction, which the server survives either way).
            settings += ["fsync=off", "full_page_writes=off"]
        last_error = ""
        for _ in range(5):  # another process may take the free port between our check and the bind
            self.port = _free_port()
            argv = [str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port)]
            for setting in settings:
                argv += ["-c", setting]
            logfile = open(self.log, "ab")  # noqa: SIM115 - handed to the child
            try:
                self.proc = subprocess.Popen(argv, stdout=logfile, stderr=logfile, env=env, cwd=self.root,
                                             preexec_fn=_die_with_parent, **self._run_as())  # type: ignore[arg-type]
            finally:
                logfile.close()
            if self._wait_ready(timeout=60):
                atexit.register(self.stop)
                return
            last_error = self.log.read_text(errors="replace")[-2000:]
            self.stop(remove=False)
        raise BrokenServer(f"postgres did not start: {last_error}")

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    pass
            except OSError:
                time.sleep(0.05)
                continue
            # accepting TCP; make sure it answers queries (not "the database system is starting up")
            check = subprocess.run(
                [str(self.bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port), "-U", SUPERUSER],
                capture_output=True, timeout=10,
            ) if (self.bindir / "pg_isready").exists() else None
            if check is None or check.returncode == 0:
                return True
            time.sleep(0.05)
        return False

    def stop(self, remove: bool = True) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGQUIT)  # immediate shutdown: nothing here is worth a checkpoint
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if remove:
            shutil.rmtree(self.root, ignore_errors=True)

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def next_name(self, prefix: str = "t") -> str:
        n = self._ids.get(prefix, 0) + 1
        self._ids[prefix] = n
        return f"{prefix}_{os.getpid()}_{n}"


_lock = threading.Lock()
_server: PostgresServer | None = None
_failure: NoServer | None = None


def server() -> PostgresServer:
    """The test run's server, started on first use. Raises NoServer (always with the same message)."""
    global _server, _failure
    with _lock:
        if _server is not None:
            return _server
        if _failure is not None:
            raise type(_failure)(str(_failure))
        bindir = find_bindir()
        if bindir is None:
            _failure = NoServer(
                "no PostgreSQL server binaries found (looked at $HARDBACK_PG_BINDIR, $PATH, pg_config and "
                "/usr/lib/postgresql/*/bin): install Debian's 'postgresql' package (apt-get install postgresql) "
                "to run the PostgreSQL half of the store tests"
            )
            raise type(_failure)(str(_failure))
        _clean_stale_dirs()
        candidate = PostgresServer(bindir)
        try:
            candidate.start()
        except NoServer as error:
            candidate.stop()
            _failure = error
            raise
        _server = candidate
        return _server


async def new_database(prefix: str = "t") -> str:
    """A fresh, empty database on the test server; returns its DSN."""
    import asyncpg

    srv = server()
    name = srv.next_name(prefix)
    admin = await asyncpg.connect(srv.dsn())
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await admin.close()
    return srv.dsn(name)


async def drop_database(dsn: str) -> None:
    import asyncpg

    name = dsn.rsplit("/", 1)[1]
    admin = await asyncpg.connect(server().dsn())
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


SKIP_MARK = "PostgreSQL tests NOT RUN"  # the skip reason's start; tests/conftest.py counts these in its banner


def need_server() -> PostgresServer:
    """The server, or a loud skip when its binaries are missing (a failure under HARDBACK_REQUIRE_POSTGRES=1, as
    in CI). Binaries that are there but fail to make or start a server fail the test: that is a broken setup."""
    import pytest

    try:
        return server()
    except BrokenServer as error:
        pytest.fail(f"the PostgreSQL server failed to start: {error}", pytrace=False)
        raise  # unreachable: pytest.fail raises
    except NoServer as error:
        message = f"{SKIP_MARK}: {error}"
        if required():
            pytest.fail(f"{message} ({REQUIRE_ENV}=1 says they must run)", pytrace=False)
        pytest.skip(message)
        raise  # unreachable: pytest.skip raises

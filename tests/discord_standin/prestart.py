"""An interpreter with the bot's modules imported, which runs ``bot.py`` in a fork of itself on request.

The restart tests start ``python bot.py`` dozens of times per test (30-odd SIGKILLs over one game): each start
imported discord.py, the engine, the players and the solver and read the translations again, about 1 s of CPU
of the 1.2 s a start cost. This process imports them once; each start is then a fork of it that does what
``python bot.py`` does from there: in a new session (its own process group, as ``start_new_session``), in the
bot's folder and environment, with its output in the log, it runs ``bot.py`` as ``__main__`` (its code
executes again; only the imports it makes are already done) and exits with its exit code.

Only imports happen here, and what every bot loads at start whatever its settings (the catalogues, the default
word list with its solver index, the card data), never the rest of the bot's code: settings, the store, the
custom word lists and the search workers are each bot's own. One cache is filled too: every card face, drawn
as a bot that has been running a while has drawn them (a restarted bot draws the faces of its first pictures
again, about 0.1 s of CPU a start; the faces are the same images whichever process draws them, so this
changes the time of a start, never what a test sees). Modules that read the environment when imported,
and the default word list's folder (``HARDBACK_WORDLISTS``), see this process's environment (none of it is
something a bot test varies).

Protocol, one JSON object per line: requests on stdin ``{"id", "argv", "env", "cwd", "log", "patches", "seeds"}``
(``argv`` is ``[python, script, *args]``; ``patches``: ``{"module.attribute": value}`` set before the script
runs; ``seeds``: what the games this bot starts are dealt from, in order, see :func:`drawn_seeds`); on stdout
``{"id", "pid"}`` once forked and ``{"exit": pid, "code": n}`` when a bot process ends (``-n``: killed by
signal n). End of stdin ends this process.

    python -u prestart.py ROOT bot
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import random
import runpy
import selectors
import signal
import sys
import types
from typing import Any


def main(root: str, modules: list[str]) -> None:
    sys.path[0] = root  # as for ``python ROOT/bot.py``: the script's folder first
    for module in modules:
        importlib.import_module(module)
    bot = sys.modules.get("bot")
    if bot is not None:  # what bot.py imports on its way to the gateway, named there
        for module in (*bot.COGS, *bot.SEARCH_MODULES, "hardback_bot.ai", "hardback_bot.sessions.rehearsal"):
            importlib.import_module(module)
        # What every bot reads at start whatever its settings: the catalogues and Babel's locale data (0.1 s),
        # the default word list with its solver index and the card data (0.1 s; bot.load_defaults).
        importlib.import_module("hardback_bot.i18n").preload()
        bot.load_defaults()
        draw_card_faces()
    # As a pre-fork server does: what is loaded now stays out of every garbage collection of the forks (the bot
    # collects and freezes at start; this way it walks only what it made itself).
    gc.freeze()
    wakeup_r, wakeup_w = os.pipe()
    os.set_blocking(wakeup_w, False)
    signal.set_wakeup_fd(wakeup_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so the wake-up byte is written
    selector = selectors.DefaultSelector()
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
    selector.register(wakeup_r, selectors.EVENT_READ)
    pending = b""
    while True:
        for key, _ in selector.select():
            if key.fd == wakeup_r:
                os.read(wakeup_r, 512)
                report_exits()
                continue
            chunk = os.read(key.fd, 65536)
            if not chunk:
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    signal.set_wakeup_fd(-1)
                    os.close(wakeup_r)
                    os.close(wakeup_w)
                    selector.close()
                    run_bot(request)  # never returns: exits the way ``python bot.py`` does
                send({"id": request["id"], "pid": pid})


def draw_card_faces() -> None:
    """Every card face, face up, at the size the pictures use and in English (render/card.py keeps them)."""
    from hardback_bot.engine.cards import card_defs
    from hardback_bot.render import CardFace
    from hardback_bot.render.card import render_card

    for card_id in sorted(card_defs()):
        render_card(CardFace(card_id))


def report_exits() -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        send({"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def send(message: dict[str, Any]) -> None:
    os.write(1, (json.dumps(message) + "\n").encode())


def drawn_seeds(seeds: list[int]) -> types.SimpleNamespace:
    """What ``hardback_bot.sessions.lobby`` is given as its ``random`` module so that the games it starts
    are dealt from ``seeds``, in order, instead of a random seed: a test that needs some game names a seed that
    deals it. ``SystemRandom().randrange`` draws the next seed; ``Random`` (the seat order, shuffled from the
    seed) is the real one. Tests check ``record.seed``: a bot that stopped drawing its seeds here would fail them."""
    left = list(seeds)

    class Drawn:
        def randrange(self, *_: int) -> int:
            return left.pop(0)

    return types.SimpleNamespace(SystemRandom=Drawn, Random=random.Random)


def run_bot(request: dict[str, Any]) -> None:
    """In the fork: become ``python bot.py`` from the point where its imports are done."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.setsid()
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(null)
    os.close(log)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    for name, value in request.get("patches", {}).items():  # a test's settings, as monkeypatch sets them in process
        module, attribute = name.rsplit(".", 1)
        setattr(importlib.import_module(module), attribute, value)
    if request.get("seeds"):
        importlib.import_module("hardback_bot.sessions.lobby").random = drawn_seeds(request["seeds"])
    script, *args = request["argv"][1:]
    sys.argv = [script, *args]
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    # SystemExit (bot.py ends with ``raise SystemExit(main())``) leaves through this process's own frames, so
    # the interpreter exits as it would after the script: atexit handlers, threads joined, the same code.
    runpy.run_path(script, run_name="__main__")
    sys.exit(0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

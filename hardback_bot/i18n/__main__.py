"""Maintain the catalogues with Babel:  python -m hardback_bot.i18n COMMAND

    extract        read the code (hardback_bot/, cogs/, bot.py and the slash commands) into the template
                   hardback_bot/i18n/locale/hardback.pot (--output: write another file instead)
    update         merge the template into every language's .po (new messages appear untranslated)
    init LANG      start a catalogue for a new language
    compile [DIR]  compile every .po with Babel (errors and statistics; .mo files into DIR if given);
                   the bot itself reads the .po files, so nothing needs compiling to run it
    check          the completeness checks the tests run: every message translated, placeholders kept,
                   command names and descriptions within Discord's rules

Run from anywhere; paths are resolved from the repository (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo

from .catalogue import CATALOGUE_DIR, DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, catalogue_path
from .checks import TEMPLATE, check_catalogues, read_catalogue

REPO = Path(__file__).resolve().parents[2]
BABEL_CFG = Path(__file__).resolve().parent / "babel.cfg"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)


def _pybabel(*args: str) -> int:
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    except SystemExit as exit_:  # Babel's front end exits on errors
        return int(exit_.code or 0)
    return 0


def _without_date(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith('"POT-Creation-Date:'))


def extract(output: Path = TEMPLATE) -> int:
    # The slash-command extractor imports cogs/, which lives at the repository root; locations are
    # written relative to it.
    sys.path.insert(0, str(REPO))
    os.chdir(REPO)
    before = output.read_text(encoding="utf-8") if output.is_file() else ""
    code = _pybabel("extract", "-F", str(BABEL_CFG), "-o", str(output), "--sort-output", "--add-location=file",
                    "--project=hardback_bot", "--copyright-holder=The hardback_bot authors",
                    "-c", "TRANSLATORS:", "--no-wrap", ".")
    if code == 0 and before and _without_date(output.read_text(encoding="utf-8")) == _without_date(before):
        output.write_text(before, encoding="utf-8")  # no new message: keep the file (and its date) as it was
    return code


def update() -> int:
    code = 0
    for language in TRANSLATED:
        path = catalogue_path(language)
        if not path.is_file():
            code |= init(language)
        code |= _pybabel("update", "-i", str(TEMPLATE), "-D", DOMAIN, "-d", str(CATALOGUE_DIR), "-l", language,
                         "--ignore-obsolete", "--no-wrap", "--init-missing")
    return code


def init(language: str) -> int:
    return _pybabel("init", "-i", str(TEMPLATE), "-D", DOMAIN, "-d", str(CATALOGUE_DIR), "-l", language,
                    "--no-wrap")


def compile_catalogues(output: Path | None) -> int:
    failed = 0
    for language in TRANSLATED:
        catalog = read_catalogue(catalogue_path(language), language)
        errors = list(catalog.check())
        for message, problems in errors:
            for problem in problems:
                print(f"{language}: {message.id!r}: {problem}", file=sys.stderr)
        failed += bool(errors)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        entries = [m for m in catalog if m.id]
        done = sum(1 for m in entries if m.string and not m.fuzzy and (not isinstance(m.string, tuple)
                                                                        or all(m.string)))
        print(f"{language}: {done} of {len(entries)} messages translated, {len(buffer.getvalue())} bytes compiled")
        if output is not None:
            target = output / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(buffer.getvalue())
    return 1 if failed else 0


def check() -> int:
    problems = check_catalogues()
    for problem in problems:
        print(problem)
    print("catalogues complete" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hardback_bot.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    extract_parser = sub.add_parser("extract")
    extract_parser.add_argument("--output", type=Path, default=TEMPLATE, help="another template file (checks)")
    sub.add_parser("update")
    init_parser = sub.add_parser("init")
    init_parser.add_argument("language")
    compile_parser = sub.add_parser("compile")
    compile_parser.add_argument("output", nargs="?", type=Path)
    sub.add_parser("check")
    args = parser.parse_args(argv)
    if args.command == "extract":
        return extract(args.output)
    if args.command == "update":
        return update()
    if args.command == "init":
        return init(args.language)
    if args.command == "compile":
        return compile_catalogues(args.output)
    return check()


if __name__ == "__main__":
    raise SystemExit(main())

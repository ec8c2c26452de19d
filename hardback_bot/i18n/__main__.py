"""Maintain the catalogues with Babel:  python -m hardback_bot.i18n COMMAND

Every command works on every domain (hardback, face, content) unless --domain names one:

    extract        read each domain's code (its Babel map, babel-<domain>.cfg) into its template
                   hardback_bot/i18n/locale/<domain>.pot (--output-dir: write the templates elsewhere)
    update         merge each template into every language's <domain>.po (new messages appear
                   untranslated, unless the same message is already translated in another domain:
                   a message that moved between domains keeps its translation)
    init LANG      start the catalogues of a new language
    compile [DIR]  compile every .po with Babel (errors and statistics; .mo files into DIR if given);
                   the bot itself reads the .po files, so nothing needs compiling to run it
    check          the completeness checks the tests run: every message translated, placeholders kept,
                   the same translation wherever a message is in two domains, command names and
                   descriptions within Discord's rules

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
from babel.messages.pofile import write_po

from .catalogue import DOMAINS, catalogue_path, template_path
from .checks import check_catalogues, read_catalogue
from .languages import DEFAULT_LANGUAGE, LANGUAGES

REPO = Path(__file__).resolve().parents[2]
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)


def mapping_file(domain: str) -> Path:
    """The Babel mapping file saying which code a domain's messages are extracted from."""
    return Path(__file__).resolve().parent / f"babel-{domain}.cfg"


def _pybabel(*args: str) -> int:
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    except SystemExit as exit_:  # Babel's front end exits on errors
        return int(exit_.code or 0)
    return 0


def _without_date(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith('"POT-Creation-Date:'))


def extract_domain(domain: str, output: Path) -> int:
    # The slash-command extractor imports cogs/, which lives at the repository root; locations are
    # written relative to it.
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    os.chdir(REPO)
    before = output.read_text(encoding="utf-8") if output.is_file() else ""
    code = _pybabel("extract", "-F", str(mapping_file(domain)), "-o", str(output), "--sort-output",
                    "--add-location=file", "--project=hardback_bot", "--copyright-holder=The hardback_bot authors",
                    "-c", "TRANSLATORS:", "--no-wrap", ".")
    if code == 0 and before and _without_date(output.read_text(encoding="utf-8")) == _without_date(before):
        output.write_text(before, encoding="utf-8")  # no new message: keep the file (and its date) as it was
    return code


def extract(domains: tuple[str, ...] = DOMAINS, output_dir: Path | None = None) -> int:
    code = 0
    for domain in domains:
        output = template_path(domain) if output_dir is None else output_dir / f"{domain}.pot"
        code |= extract_domain(domain, output)
    return code


def _finished(language: str) -> dict[tuple[str | None, object], object]:
    """Every finished translation of a language, whatever its domain: (context, id) -> msgstr."""
    found: dict[tuple[str | None, object], object] = {}
    for domain in DOMAINS:
        path = catalogue_path(language, domain)
        if not path.is_file():
            continue
        for m in read_catalogue(path, language, domain):
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            if m.id and not m.fuzzy and all(strings):
                found.setdefault((m.context, m.id), m.string)
    return found


def _carry_over(language: str, domain: str, known: dict[tuple[str | None, object], object]) -> int:
    """Fill a domain's untranslated messages from the same message's translation in another domain
    (read before the update dropped it): moving code between domains loses no translation."""
    path = catalogue_path(language, domain)
    catalog = read_catalogue(path, language, domain)
    filled = 0
    for m in catalog:
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.id and not m.fuzzy and not any(strings) and (m.context, m.id) in known:
            m.string = known[(m.context, m.id)]
            filled += 1
    if filled:
        with path.open("wb") as f:
            write_po(f, catalog, width=0, ignore_obsolete=True)
    return filled


def update(domains: tuple[str, ...] = DOMAINS) -> int:
    code = 0
    for language in TRANSLATED:
        known = _finished(language)
        for domain in domains:
            if not catalogue_path(language, domain).is_file():
                code |= init(language, (domain,))
            code |= _pybabel("update", "-i", str(template_path(domain)), "-D", domain,
                             "-d", str(template_path(domain).parent), "-l", language, "--ignore-obsolete",
                             "--no-wrap", "--init-missing")
            filled = _carry_over(language, domain, known)
            if filled:
                print(f"{language} {domain}: {filled} translation(s) taken from another domain")
    return code


def init(language: str, domains: tuple[str, ...] = DOMAINS) -> int:
    code = 0
    for domain in domains:
        code |= _pybabel("init", "-i", str(template_path(domain)), "-D", domain,
                         "-d", str(template_path(domain).parent), "-l", language, "--no-wrap")
    return code


def compile_catalogues(output: Path | None, domains: tuple[str, ...] = DOMAINS) -> int:
    failed = 0
    for language in TRANSLATED:
        for domain in domains:
            catalog = read_catalogue(catalogue_path(language, domain), language, domain)
            errors = list(catalog.check())
            for message, problems in errors:
                for problem in problems:
                    print(f"{language} {domain}: {message.id!r}: {problem}", file=sys.stderr)
            failed += bool(errors)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            entries = [m for m in catalog if m.id]
            done = sum(1 for m in entries if m.string and not m.fuzzy and (not isinstance(m.string, tuple)
                                                                            or all(m.string)))
            print(f"{language} {domain}: {done} of {len(entries)} messages translated, "
                  f"{len(buffer.getvalue())} bytes compiled")
            if output is not None:
                target = output / language / "LC_MESSAGES" / f"{domain}.mo"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(buffer.getvalue())
    return 1 if failed else 0


def check(domains: tuple[str, ...] = DOMAINS) -> int:
    problems = check_catalogues(domains=domains)
    for problem in problems:
        print(problem)
    print("catalogues complete" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hardback_bot.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--domain", choices=DOMAINS, action="append",
                        help="work on this domain only (repeatable; default: every domain)")
    sub = parser.add_subparsers(dest="command", required=True)
    extract_parser = sub.add_parser("extract")
    extract_parser.add_argument("--output-dir", type=Path, help="write the templates into this folder (checks)")
    sub.add_parser("update")
    init_parser = sub.add_parser("init")
    init_parser.add_argument("language")
    compile_parser = sub.add_parser("compile")
    compile_parser.add_argument("output", nargs="?", type=Path)
    sub.add_parser("check")
    args = parser.parse_args(argv)
    domains = tuple(args.domain) if args.domain else DOMAINS
    if args.command == "extract":
        return extract(domains, args.output_dir)
    if args.command == "update":
        return update(domains)
    if args.command == "init":
        return init(args.language, domains)
    if args.command == "compile":
        return compile_catalogues(args.output, domains)
    return check(domains)


if __name__ == "__main__":
    raise SystemExit(main())

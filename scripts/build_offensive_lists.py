#!/usr/bin/env python3
"""Regenerate ``wordlists/offensive-{en,es,fr}.txt.gz`` from the npm package ``naughty-words``.

The package carries the *List of Dirty, Naughty, Obscene and Otherwise Bad Words* (LDNOOBW, CC BY 4.0)
as one JSON array per language.  Each entry is cleaned by the rule every bundled list follows
(``hardback_bot.words.cleaning.clean_word``, case folded: the Spanish list is capitalised); phrases,
entries with digits or symbols and one-letter entries drop out, since a game word is one word of
letters a–z.  Outputs (committed, so a fresh clone works offline):

  wordlists/offensive-en.txt.gz, offensive-es.txt.gz, offensive-fr.txt.gz   one word a line, sorted
  wordlists/offensive.json                                                  counts, checksums, source
  wordlists/LDNOOBW-LICENSE.txt                                             the package's licence

    python scripts/build_offensive_lists.py                   # runs `npm pack naughty-words@1.2.0`
    python scripts/build_offensive_lists.py --package DIR|TGZ # an unpacked or packed copy
    python scripts/build_offensive_lists.py --check ...       # exit 1 if the committed files differ
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hardback_bot.words.cleaning import clean_word  # noqa: E402

SPEC = "naughty-words@1.2.0"  # pinned so a rebuild gives the same lists
LANGUAGES = ("en", "es", "fr")
OUT = REPO / "wordlists"


def fetch(spec: str, workdir: Path) -> Path:
    subprocess.run(["npm", "pack", spec, "--silent"], cwd=workdir, check=True, stdout=subprocess.DEVNULL)
    return next(workdir.glob("naughty-words-*.tgz"))


def unpack(path: Path, workdir: Path) -> Path:
    if path.is_dir():
        return path / "package" if (path / "package").is_dir() else path
    with tarfile.open(path) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package"


def clean_list(entries: list[str]) -> list[str]:
    return sorted({w for w in (clean_word(e, fold_case=True) for e in entries) if w is not None})


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def build(package: Path) -> dict[str, bytes]:
    meta = json.loads((package / "package.json").read_text())
    files: dict[str, bytes] = {}
    manifest: dict = {"source": f"npm {meta['name']} {meta['version']} ({meta['license']})", "lists": {}}
    for language in LANGUAGES:
        entries = json.loads((package / f"{language}.json").read_text(encoding="utf-8"))
        words = clean_list(entries)
        data = gzip_bytes("".join(w + "\n" for w in words).encode())
        name = f"offensive-{language}.txt.gz"
        files[name] = data
        manifest["lists"][language] = {"file": name, "entries": len(entries), "words": len(words),
                                       "sha256": hashlib.sha256(data).hexdigest()}
    files["offensive.json"] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    files["LDNOOBW-LICENSE.txt"] = (package / "LICENSE").read_bytes()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", type=Path, help="an unpacked naughty-words package or its .tgz")
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        package = unpack(args.package or fetch(SPEC, work), work)
        files = build(package)
    differ = [n for n, data in files.items() if not (OUT / n).is_file() or (OUT / n).read_bytes() != data]
    if args.check:
        for name in differ:
            print(f"differs: wordlists/{name}")
        return 1 if differ else 0
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    print(json.dumps(json.loads(files["offensive.json"]), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

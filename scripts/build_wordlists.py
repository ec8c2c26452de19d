#!/usr/bin/env python3
"""Regenerate the bundled word lists in ``wordlists/`` from their packaged sources.

Sources (see docs/wordlists.md for how to get them):
  * SCOWL, Debian package ``scowl`` (``apt-get install scowl``): /usr/share/dict/scowl
  * the npm package ``word-list`` (Letterpress's list): fetched with ``npm pack`` unless
    ``--word-list`` points at an unpacked package, its .tgz or its words.txt

Outputs (committed, so a fresh clone works offline):
  wordlists/{common,large,letterpress}.txt.gz   one word per line, sorted, deterministic gzip
  wordlists/manifest.json                       counts, checksums and source versions
  wordlists/SCOWL-README.txt, SCOWL-copyright.txt, word-list-LICENSE.txt, CC0-1.0.txt  notices

``--check`` rebuilds in memory and fails if the committed files differ (nothing is written).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run from a plain checkout too, without `pip install -e .`

from hardback_bot.words.cleaning import clean_word, clean_words  # noqa: E402

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_DOC = Path("/usr/share/doc/scowl")
CC0_TEXT = Path("/usr/share/common-licenses/CC0-1.0")  # Debian base-files
WORD_LIST_SPEC = "word-list@4.1.0"  # pinned so a rebuild gives the same list
MAX_FILE_BYTES = 5 * 1024 * 1024

# American and British spellings (british = -ise, british_z = -ize) plus the spelling
# variants SCOWL calls acceptable (levels 1 and 2: "donut", "volcanos", "judgement"), so a
# player is not refused the other common spelling.  Level 3 ("seldom used") is left out.
SPELLINGS = (
    "english",
    "american",
    "british",
    "british_z",
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
)
# Only SCOWL's "words" sub-category holds ordinary words; abbreviations, contractions,
# proper-names and upper (capitalised words) are separate files and are never read.
WORD_SUBCATEGORY = "words"
NAME_SUBCATEGORIES = ("upper", "proper-names")
COMMON_MAX_SIZE = 60  # SCOWL's recommended spell-checking size, built on 12dicts
LARGE_MAX_SIZE = 80  # adds ENABLE, UKACD and the rest that word games use

_SCOWL_FILE_RE = re.compile(r"(?P<spelling>[a-z_0-9]+)-(?P<sub>[a-z-]+)\.(?P<size>\d+)")


@dataclass(frozen=True)
class BuiltList:
    name: str
    words: list[str]
    source: str

    def text(self) -> bytes:
        return ("\n".join(self.words) + "\n").encode("ascii")


def scowl_entries(scowl_dir: Path, sub: str, min_size: int, max_size: int) -> set[str]:
    """Raw entries of one SCOWL sub-category over SPELLINGS, for sizes in [min_size, max_size]."""
    entries: set[str] = set()
    found = False
    for path in sorted(scowl_dir.iterdir()):
        m = _SCOWL_FILE_RE.fullmatch(path.name)
        if not m or m["sub"] != sub or m["spelling"] not in SPELLINGS:
            continue
        if min_size <= int(m["size"]) <= max_size:
            found = True
            # Debian ships the lists as UTF-8 (upstream used ISO-8859-1); accents are dropped
            # by the cleaning either way.
            entries.update(path.read_text(encoding="utf-8", errors="replace").splitlines())
    if not found:
        raise SystemExit(f"no SCOWL {sub} files in {scowl_dir}: apt-get install scowl")
    return entries


def build_common(scowl_dir: Path) -> list[str]:
    return clean_words(scowl_entries(scowl_dir, WORD_SUBCATEGORY, 0, COMMON_MAX_SIZE), fold_case=False)


def build_large(scowl_dir: Path, common: Iterable[str], letterpress: Iterable[str]) -> list[str]:
    """SCOWL <= 80, less the proper nouns that sizes 70–80 file as lower-case words.

    Those sizes take in whole outside lists (UKACD, MWords places) where "accra", "bellevue" or
    "ferrara" appear in lower case.  A word only found above size 60 that SCOWL also files as a
    capitalised name is kept only when the Letterpress list, made independently for a word
    game, has it too.
    """
    words = set(clean_words(scowl_entries(scowl_dir, WORD_SUBCATEGORY, 0, LARGE_MAX_SIZE), fold_case=False))
    names: set[str] = set()
    for sub in NAME_SUBCATEGORIES:
        names.update(e.strip().lower() for e in scowl_entries(scowl_dir, sub, 0, 95))
    doubtful = (words - set(common)) & names
    return sorted(words - (doubtful - set(letterpress)))


def scowl_version(scowl_doc: Path) -> str:
    with gzip.open(scowl_doc / "README.gz", "rt", encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("Version "):
                return line.split()[1]
    return "unknown"


def fetch_word_list(spec: str, workdir: Path) -> Path:
    """`npm pack` the package into workdir and return the unpacked package folder."""
    try:
        out = subprocess.run(
            ["npm", "pack", spec, "--pack-destination", str(workdir)],
            check=True,
            capture_output=True,
            text=True,
            cwd=workdir,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"npm pack {spec} failed ({exc}); pass --word-list PATH instead") from exc
    tgz = workdir / out.strip().splitlines()[-1]
    return unpack_tgz(tgz, workdir)


def unpack_tgz(tgz: Path, workdir: Path) -> Path:
    with tarfile.open(tgz) as tar:
        tar.extractall(workdir / "unpacked", filter="data")
    return workdir / "unpacked" / "package"


def locate_word_list(arg: Path | None, workdir: Path) -> Path:
    """The unpacked word-list package folder (holding words.txt, license, package.json)."""
    if arg is None:
        return fetch_word_list(WORD_LIST_SPEC, workdir)
    if arg.is_file() and arg.name.endswith((".tgz", ".tar.gz")):
        return unpack_tgz(arg, workdir)
    if arg.is_file():
        return arg.parent
    if (arg / "words.txt").is_file():
        return arg
    if (arg / "node_modules" / "word-list" / "words.txt").is_file():  # an `npm install` prefix
        return arg / "node_modules" / "word-list"
    raise SystemExit(f"--word-list {arg}: no words.txt found there")


def gzip_bytes(data: bytes) -> bytes:
    # mtime=0 and no file name in the header, so the same words give the same bytes.
    return gzip.compress(data, compresslevel=9, mtime=0)


def build(scowl_dir: Path, scowl_doc: Path, word_list_pkg: Path) -> tuple[dict[str, bytes], dict]:
    """Every output file's bytes, keyed by file name, and the manifest."""
    pkg = json.loads((word_list_pkg / "package.json").read_text(encoding="utf-8"))
    raw_letterpress = (word_list_pkg / "words.txt").read_text(encoding="utf-8").splitlines()
    letterpress = clean_words(raw_letterpress, fold_case=False)
    dropped = sorted({e for e in raw_letterpress if e and clean_word(e, fold_case=False) is None})
    common = build_common(scowl_dir)
    large = build_large(scowl_dir, common, letterpress)
    version = scowl_version(scowl_doc)
    lists = [
        BuiltList("common", common, f"SCOWL {version} (Debian scowl), size <= {COMMON_MAX_SIZE}"),
        BuiltList("large", large, f"SCOWL {version} (Debian scowl), size <= {LARGE_MAX_SIZE}"),
        BuiltList("letterpress", letterpress, f"npm {pkg['name']}@{pkg['version']} (Letterpress list)"),
    ]
    files: dict[str, bytes] = {}
    manifest: dict = {"spellings": list(SPELLINGS), "letterpress_dropped": dropped, "lists": {}}
    for built in lists:
        text = built.text()
        name = f"{built.name}.txt.gz"
        files[name] = gzip_bytes(text)
        if len(files[name]) >= MAX_FILE_BYTES:
            raise SystemExit(f"{name} is {len(files[name])} bytes, over the 5 MiB limit")
        manifest["lists"][built.name] = {
            "file": name,
            "words": len(built.words),
            "sha256": hashlib.sha256(text).hexdigest(),
            "source": built.source,
        }
    with gzip.open(scowl_doc / "README.gz", "rb") as f:
        files["SCOWL-README.txt"] = f.read()
    files["SCOWL-copyright.txt"] = (scowl_doc / "copyright").read_bytes()
    files["word-list-LICENSE.txt"] = (word_list_pkg / "license").read_bytes()
    files["CC0-1.0.txt"] = CC0_TEXT.read_bytes()
    files["manifest.json"] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    return files, manifest


def _same(path: Path, data: bytes) -> bool:
    return path.is_file() and path.read_bytes() == data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scowl-dir", type=Path, default=SCOWL_DIR)
    parser.add_argument("--scowl-doc", type=Path, default=SCOWL_DOC)
    parser.add_argument(
        "--word-list",
        type=Path,
        help="unpacked word-list package, its .tgz, its words.txt or an npm install prefix "
        f"(default: npm pack {WORD_LIST_SPEC})",
    )
    parser.add_argument("--out", type=Path, default=REPO / "wordlists")
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        pkg = locate_word_list(args.word_list, Path(tmp))
        files, manifest = build(args.scowl_dir, args.scowl_doc, pkg)

    if args.check:
        stale = [n for n, data in files.items() if not _same(args.out / n, data)]
        for name in stale:
            print(f"differs: {args.out / name}")
        return 1 if stale else 0

    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        tmp_path = args.out / f".{name}.tmp"
        tmp_path.write_bytes(data)
        shutil.move(tmp_path, args.out / name)  # replace whole, never leave half a list
    for name, info in manifest["lists"].items():
        size = (args.out / info["file"]).stat().st_size
        print(f"{name:12} {info['words']:>8,} words  {size / 1024:8.0f} KiB  {info['source']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Regenerate ``wordlists/frequency-{en,es,fr}.txt.gz``: the bundled dictionaries' words, most common first.

The frequencies are those of the PyPI package ``wordfreq`` 3.1.1 (Robyn Speer; code Apache 2.0, data
CC BY-SA 4.0), its ``large`` list of each language. Each entry is spelled as the game spells it (the rule of
every bundled list: ``hardback_bot.words.cleaning``, ligatures spelled out, accents folded), the frequencies
of the entries that fold to one word are added up (Spanish *está* and *esta* are both ESTA), and only the
words of that language's bundled lists are kept (English: ``common``, ``large`` and ``letterpress``), the
``KEPT`` most common of them. The bot only needs an order: among plays that earn the same, hints and
suggestions offer the more common word (``hardback_bot.words.frequency``). Outputs (committed, so a fresh
clone works offline, and the bot never needs ``wordfreq`` itself):

  wordlists/frequency-en.txt.gz, frequency-es.txt.gz, frequency-fr.txt.gz   one word a line, most common first
  wordlists/frequency.json                                                  counts, checksums, source
  wordlists/wordfreq-LICENSE.txt                                            the package's code licence

    pip install 'wordfreq==3.1.1'                    # in any environment: only this script needs it
    python scripts/build_frequency_lists.py           # writes the files
    python scripts/build_frequency_lists.py --check   # exit 1 if the committed files differ
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections import defaultdict
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hardback_bot.words.cleaning import clean_word  # noqa: E402

VERSION = "3.1.1"  # pinned so a rebuild gives the same lists
LISTS = {"en": ("common", "large", "letterpress"), "es": ("espanol",), "fr": ("francais",)}
KEPT = 150_000  # the most common words kept per language; a word past them ranks after all of them
OUT = REPO / "wordlists"


def game_spelling(entry: str) -> str | None:
    """An entry of wordfreq as the game spells it (œ -> oe, accents folded, letters a–z), or None."""
    return clean_word(entry.replace("œ", "oe").replace("æ", "ae"), fold_case=True)


def bundled_words(names: tuple[str, ...]) -> set[str]:
    words: set[str] = set()
    for name in names:
        with gzip.open(OUT / f"{name}.txt.gz", "rt", encoding="utf-8") as f:
            words.update(line.strip() for line in f)
    return words


def ranked(language: str, frequencies: dict[str, float], playable: set[str]) -> list[str]:
    """The playable words of ``frequencies``, most common first (ties: alphabetical), at most ``KEPT``."""
    total: dict[str, float] = defaultdict(float)
    for entry, frequency in frequencies.items():
        word = game_spelling(entry)
        if word is not None and word in playable:
            total[word] += frequency
    return sorted(total, key=lambda w: (-total[w], w))[:KEPT]


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def build() -> dict[str, bytes]:
    import wordfreq

    version = metadata.version("wordfreq")
    if version != VERSION:
        raise SystemExit(f"wordfreq {VERSION} is needed (found {version}): pip install 'wordfreq=={VERSION}'")
    files: dict[str, bytes] = {}
    manifest: dict = {"source": f"PyPI wordfreq {version}, its 'large' lists (code Apache-2.0, data CC-BY-SA-4.0)",
                      "kept": KEPT, "lists": {}}
    for language, names in LISTS.items():
        frequencies = wordfreq.get_frequency_dict(language, wordlist="large")
        words = ranked(language, frequencies, bundled_words(names))
        data = gzip_bytes("".join(w + "\n" for w in words).encode())
        name = f"frequency-{language}.txt.gz"
        files[name] = data
        manifest["lists"][language] = {"file": name, "entries": len(frequencies), "words": len(words),
                                       "of_lists": list(names), "sha256": hashlib.sha256(data).hexdigest()}
    files["frequency.json"] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    licence = next(f for f in metadata.files("wordfreq") or () if f.name == "LICENSE.txt")
    files["wordfreq-LICENSE.txt"] = Path(str(licence.locate())).read_bytes()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args(argv)
    files = build()
    differ = [n for n, data in files.items() if not (OUT / n).is_file() or (OUT / n).read_bytes() != data]
    if args.check:
        for name in differ:
            print(f"differs: wordlists/{name}")
        return 1 if differ else 0
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    print(json.dumps(json.loads(files["frequency.json"]), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Regenerate the bundled word lists in ``wordlists/`` from their packaged sources.

Sources (see docs/wordlists.md for how to get them):
  * SCOWL, Debian package ``scowl`` (``apt-get install scowl``): /usr/share/dict/scowl
  * the npm package ``word-list`` (Letterpress's list): fetched with ``npm pack`` unless
    ``--word-list`` points at an unpacked package, its .tgz or its words.txt
  * the Hunspell dictionaries of Debian's ``hunspell-es`` (RLA-ES) and ``hunspell-fr-classical``
    (Dicollecte), expanded to every form and each form checked by the ``hunspell`` program
    (``apt-get install hunspell hunspell-es hunspell-fr-classical``)

Outputs (committed, so a fresh clone works offline):
  wordlists/{common,large,letterpress,espanol,francais}.txt.gz   one word per line, sorted, deterministic gzip
  wordlists/manifest.json                       counts, checksums and source versions
  wordlists/SCOWL-README.txt, SCOWL-copyright.txt, word-list-LICENSE.txt, CC0-1.0.txt,
  hunspell-es-copyright.txt, hunspell-fr-copyright.txt, README_dict_fr.txt, MPL-1.1.txt, MPL-2.0.txt  notices

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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run from a plain checkout too, without `pip install -e .`

from hardback_bot.words.cleaning import clean_word, clean_words, strip_accents  # noqa: E402

SCOWL_DIR = Path("/usr/share/dict/scowl")
HUNSPELL_DIR = Path("/usr/share/hunspell")
DOC_DIR = Path("/usr/share/doc")
LICENSES_DIR = Path("/usr/share/common-licenses")
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


# ---- Spanish and French: Hunspell dictionaries expanded to every form ------------------------
#
# A Hunspell dictionary stores stems with affix flags ("casa/S"); the game needs every form
# ("casa", "casas").  Hunspell's own `unmunch` mangles the French dictionary (long flags,
# NEEDAFFIX, morphological fields), so the forms are generated here from the affix rules and then
# every candidate is put to the `hunspell` program itself: only forms the real spell checker
# accepts are kept.  Generation may miss a rare form; it cannot add a wrong one.


@dataclass(frozen=True)
class AffixRule:
    kind: str  # "PFX" or "SFX"
    flag: str
    cross: bool  # may combine with an affix of the other kind
    strip: str
    add: str
    cont: frozenset[str]  # continuation flags: a second suffix, NEEDAFFIX …
    cond: re.Pattern[str]

    def apply(self, word: str) -> str | None:
        if self.kind == "SFX":
            if not word.endswith(self.strip) or not self.cond.search(word):
                return None
            return word[: len(word) - len(self.strip)] + self.add
        if not word.startswith(self.strip) or not self.cond.search(word):
            return None
        return self.add + word[len(self.strip):]


@dataclass
class Affixes:
    flag_mode: str = "ascii"
    need_affix: str | None = None
    keep_case: str | None = None
    forbidden: str | None = None
    rules: dict[str, list[AffixRule]] = field(default_factory=dict)

    def split(self, flags: str) -> list[str]:
        if self.flag_mode == "long":
            return [flags[i:i + 2] for i in range(0, len(flags), 2)]
        if self.flag_mode == "num":
            return [f for f in flags.split(",") if f]
        return list(flags)


def parse_affixes(path: Path) -> Affixes:
    aff = Affixes()
    headers: set[tuple[str, str]] = set()
    cross: dict[tuple[str, str], bool] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        p = line.split()
        if not p or p[0].startswith("#"):
            continue
        if p[0] == "FLAG":
            aff.flag_mode = p[1].lower()
        elif p[0] == "NEEDAFFIX":
            aff.need_affix = p[1]
        elif p[0] == "KEEPCASE":
            aff.keep_case = p[1]
        elif p[0] == "FORBIDDENWORD":
            aff.forbidden = p[1]
        elif p[0] in ("PFX", "SFX") and len(p) >= 4:
            kind, flag = p[0], p[1]
            if (kind, flag) not in headers:  # "SFX S Y 2": the block's header
                headers.add((kind, flag))
                cross[(kind, flag)] = p[2] == "Y"
                continue
            add, _, cont = p[3].partition("/")
            cond = p[4] if len(p) > 4 and p[4] != "." else ""
            pattern = re.compile(("^" + cond) if kind == "PFX" else (cond + "$")) if cond else re.compile("")
            aff.rules.setdefault(flag, []).append(AffixRule(
                kind, flag, cross[(kind, flag)], "" if p[2] == "0" else p[2], "" if add == "0" else add,
                frozenset(aff.split(cont)), pattern))
    return aff


def hunspell_forms(stem: str, flags: set[str], aff: Affixes, keep: Callable[[AffixRule], bool]) -> set[str]:
    """Every form of one stem its flags allow: suffixes (two levels), prefixes, and both together."""
    need = aff.need_affix
    out: set[str] = set() if need in flags else {stem}

    def rules_of(names: Iterable[str], kind: str) -> list[AffixRule]:
        return [r for f in names for r in aff.rules.get(f, ()) if r.kind == kind and keep(r)]

    prefixes = rules_of(flags, "PFX")
    for rule in prefixes:
        word = rule.apply(stem)
        if word is not None and need not in rule.cont:
            out.add(word)
    for rule in rules_of(flags, "SFX"):
        word = rule.apply(stem)
        if word is None:
            continue
        level = [word] if need not in rule.cont else []
        for second in rules_of(rule.cont, "SFX"):
            longer = second.apply(word)
            if longer is not None and need not in second.cont:
                level.append(longer)
        out.update(level)
        if rule.cross:
            for prefix in prefixes + rules_of(rule.cont, "PFX"):
                if prefix.cross:
                    out.update(w for w in (prefix.apply(x) for x in level) if w is not None)
    return out


def hunspell_accepts(dictionary: Path, words: list[str]) -> set[str]:
    """The words the real `hunspell` program accepts with this dictionary (path without .dic/.aff)."""
    try:
        result = subprocess.run(["hunspell", "-i", "UTF-8", "-d", str(dictionary), "-G"],
                                input="\n".join(words) + "\n", capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"hunspell failed ({exc}): apt-get install hunspell") from exc
    return set(result.stdout.split()) & set(words)


# Lower-case abbreviations the dictionaries hold as words (found by listing their short entries
# and those missing from Debian's lemma lists wspanish/wfrench; checked by hand).  The entry
# itself is skipped, so a real word spelled the same way through another stem stays.
SPANISH_ABBREVIATIONS: frozenset[str] = frozenset({
    "adv", "afmo", "ap", "aprox", "art", "atto", "av", "avd", "avda", "ayto", "bibl", "blv", "bv", "caj",
    "cent", "cf", "cfr", "cgo", "ch", "cit", "cl", "cm", "cod", "coord", "cta", "cte", "ctvo", "dcho", "depto",
    "diag", "dicc", "dir", "dpto", "dto", "dupdo", "ed", "ef", "ej", "etc", "fca", "fig", "fol", "fra",
    "geogr", "gob", "gral", "gta", "hab", "hna", "hno", "ib", "ibid", "imp", "impr", "impto", "incl", "ing",
    "inst", "izq", "izqdo", "jhs", "km", "lda", "ldo", "lic", "loc", "ltdo", "max", "min", "ms", "mtro",
    "nro", "num", "ob", "op", "pag", "pg", "pl", "plza", "pol", "pp", "ppal", "pral", "prof", "prol", "prov",
    "pta", "pts", "pza", "rdo", "reg", "rel", "rep", "rev", "rte", "rvd", "rvdo", "sdad", "sig", "soc",
    "sr", "sra", "srta", "ss", "sta", "sto", "tel", "telef", "tfno", "tit", "tpo", "trad", "univ", "vol",
    "vs", "vta", "vto", "xto",
})
FRENCH_ABBREVIATIONS: frozenset[str] = frozenset({
    "av", "avr", "dec", "dpi", "ed", "env", "fevr", "ibid", "janv", "juil", "nov", "oct", "pt", "suppl", "ud",
    "ae", "oe",  # the names of the letters æ and œ
})
# RLA-ES's flagless two-letter pieces of Latin locutions (ad hoc, et al., in situ) and stray fragments.
SPANISH_FRAGMENTS: frozenset[str] = frozenset({"ad", "ar", "et", "in", "is", "qu"})
# Dicollecte's part-of-speech tags for names, titles, bare affixes and roman numerals.
FRENCH_NAME_TAGS = frozenset({"npr", "prn", "patr", "titr", "sfx", "pfx", "nbro"})
FRENCH_ERROR_TAG = "err"  # forms Dicollecte lists only to flag them as mistakes (qu, jusqu, t'il)
# RLA-ES files the optional pronouns a verb can take ("dámelo", "cómetelo") under its non-ASCII flags;
# a pronominal verb's own forms ("irse", "yéndose") are in the conjugation classes and stay.
SPANISH_CLITICS = ("me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les")
# Letters a raw form may hold before cleaning: a superscript (French "xvᵉ") would fold to a letter.
_RAW_FORM_RE = re.compile(r"[a-zà-öø-ÿœæ]+")


@dataclass(frozen=True)
class HunspellSource:
    name: str  # the bundled list's name
    dictionary: str  # file stem under the Hunspell folder
    package: str  # Debian package, for the version in the manifest
    language: str

    def keep_rule(self, rule: AffixRule) -> bool:
        if "'" in rule.add:  # French elisions (l'homme, qu'il): never one word
            return False
        if self.language == "es" and not rule.flag.isascii():
            if not rule.add.endswith(SPANISH_CLITICS):  # the upstream layout changed: look again
                raise SystemExit(f"es flag {rule.flag!r} adds {rule.add!r}: the clitic rule needs review")
            return False
        return not (self.language == "fr" and rule.flag in ("Um", "Ui", "U."))  # unit prefixes (km, mA)

    def keep_entry(self, stem: str, flags: set[str], morph: list[str], aff: Affixes) -> bool:
        if any(ch.isupper() for ch in stem):  # names and acronyms (Abad, ABS, Paris)
            return False
        if aff.keep_case in flags or aff.forbidden in flags:  # units and symbols; forbidden forms
            return False
        folded = fold_letters(stem)
        excluded = SPANISH_ABBREVIATIONS | SPANISH_FRAGMENTS if self.language == "es" else FRENCH_ABBREVIATIONS
        if folded in excluded:
            return False
        tags = {m[3:].split("_")[0] for m in morph if m.startswith("po:")}
        if FRENCH_ERROR_TAG in tags:
            return False
        # A part of a locution ("æquo" of "ex æquo", "cf") is no word alone.
        return not tags or not all(t in FRENCH_NAME_TAGS or t.startswith("loc") for t in tags)


HUNSPELL_SOURCES = (
    HunspellSource("espanol", "es_ES", "hunspell-es", "es"),
    HunspellSource("francais", "fr", "hunspell-fr-classical", "fr"),
)


def fold_letters(word: str) -> str:
    """The card letters of a form: ligatures spelled out (œ -> oe, as BGA does), accents dropped."""
    return strip_accents(word.replace("œ", "oe").replace("æ", "ae"))


def build_hunspell(source: HunspellSource, hunspell_dir: Path) -> tuple[list[str], dict[str, int]]:
    """The cleaned list and counts (entries read, forms checked, forms hunspell accepted)."""
    base = hunspell_dir / source.dictionary
    aff_path, dic_path = base.with_suffix(".aff"), base.with_suffix(".dic")
    if not aff_path.is_file() or not dic_path.is_file():
        raise SystemExit(f"no Hunspell dictionary at {base}.aff/.dic: apt-get install {source.package}")
    aff = parse_affixes(aff_path)
    candidates: set[str] = set()
    entries = 0
    lines = dic_path.read_text(encoding="utf-8").splitlines()[1:]  # the first line is a count
    for line in lines:
        head, *morph = line.split() or [""]
        stem, _, flag_text = head.partition("/")
        flags = set(aff.split(flag_text))
        if not stem or not source.keep_entry(stem, flags, morph, aff):
            continue
        entries += 1
        candidates.update(hunspell_forms(stem, flags, aff, source.keep_rule))
    raw = sorted(w for w in candidates if _RAW_FORM_RE.fullmatch(w))
    accepted = hunspell_accepts(base, raw)
    words = clean_words((fold_letters(w) for w in accepted), fold_case=False)
    return words, {"entries": entries, "forms_checked": len(raw), "forms_accepted": len(accepted)}


def debian_version(package: str) -> str:
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True,
                              text=True, check=True).stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def spanish_copyright(doc_dir: Path) -> bytes:
    """The RLA-ES stanza of hunspell-es's copyright file (the rest covers other languages' lists)."""
    text = (doc_dir / "hunspell-es" / "copyright").read_text(encoding="utf-8")
    header = text.split("\n\n", 1)[0]
    stanzas = [s for s in text.split("\n\n") if s.startswith("Files: dictionaries/es/")]
    if not stanzas:
        raise SystemExit("hunspell-es copyright has no dictionaries/es stanza")
    return (header + "\n\n" + "\n\n".join(stanzas) + "\n").encode()


def gzip_bytes(data: bytes) -> bytes:
    # mtime=0 and no file name in the header, so the same words give the same bytes.
    return gzip.compress(data, compresslevel=9, mtime=0)


def build(scowl_dir: Path, scowl_doc: Path, word_list_pkg: Path, hunspell_dir: Path = HUNSPELL_DIR,
          doc_dir: Path = DOC_DIR) -> tuple[dict[str, bytes], dict]:
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
    hunspell_counts: dict[str, dict[str, int]] = {}
    for source in HUNSPELL_SOURCES:
        words, hunspell_counts[source.name] = build_hunspell(source, hunspell_dir)
        lists.append(BuiltList(source.name, words, f"Hunspell {source.dictionary} (Debian {source.package} "
                                                   f"{debian_version(source.package)}), every form"))
    files: dict[str, bytes] = {}
    manifest: dict = {"spellings": list(SPELLINGS), "letterpress_dropped": dropped, "lists": {},
                      "hunspell": hunspell_counts}
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
    files["hunspell-es-copyright.txt"] = spanish_copyright(doc_dir)
    files["hunspell-fr-copyright.txt"] = (doc_dir / "hunspell-fr-classical" / "copyright").read_bytes()
    files["README_dict_fr.txt"] = (doc_dir / "hunspell-fr" / "README_dict_fr.txt").read_bytes()
    files["MPL-1.1.txt"] = (LICENSES_DIR / "MPL-1.1").read_bytes()  # RLA-ES: GPL-3+, LGPL-3+ or MPL-1.1+
    files["MPL-2.0.txt"] = (LICENSES_DIR / "MPL-2.0").read_bytes()
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
    parser.add_argument("--hunspell-dir", type=Path, default=HUNSPELL_DIR)
    parser.add_argument("--out", type=Path, default=REPO / "wordlists")
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        pkg = locate_word_list(args.word_list, Path(tmp))
        files, manifest = build(args.scowl_dir, args.scowl_doc, pkg, args.hunspell_dir)

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

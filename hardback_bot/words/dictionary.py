"""Word lists as in-memory dictionaries, one shared copy per process (RULES.md R8.5, R27).

``get_dictionary(name)`` loads a list the first time it is asked for and hands every later
caller (every game on every channel) the same object.  A :class:`Dictionary` satisfies the
engine's :class:`~hardback_bot.engine.words.WordChecker`; the solver also reads its sorted
``words`` and the lazily built numpy ``letter_counts`` / ``lengths`` arrays.

Names: the bundled ``common``, ``large`` and ``letterpress`` lists (English), ``espanol`` and
``francais`` (files in ``wordlists/``),
``none`` (no list: see :class:`NoDictionary`), and any name a server owner points at a file
of their own with :func:`register_custom`.
"""

from __future__ import annotations

import gzip
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from hardback_bot.words.bundled import WORDLISTS_ENV, wordlists_dir
from hardback_bot.words.cleaning import clean_text
from hardback_bot.words.offensive import is_offensive_at

if TYPE_CHECKING:  # numpy is imported only when the solver first asks for its arrays
    import numpy as np
    import numpy.typing as npt

# Ordinary words with their plurals and verb forms, and no Scrabble jargon: see docs/wordlists.md.
DEFAULT_DICTIONARY = "common"
NONE = "none"

BUNDLED: dict[str, str] = {
    "common": "Everyday English, American and British spellings, with inflections (~80k words)",
    "large": "Every word a dictionary knows, Scrabble-sized (~250k words)",
    "letterpress": "The Letterpress game's list (~270k words)",
    # Spanish and French: every form a Hunspell spell checker accepts, accents folded to the card letters.
    "espanol": "Spanish: every form of the RLA-ES spell-checking dictionary (~570k words)",
    "francais": "French: every form of the Dicollecte spell-checking dictionary (~410k words)",
}
NONE_DESCRIPTION = "No dictionary: every word goes to a vote of the other players"

_NAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


class DictionaryError(Exception):
    """A dictionary cannot be found, registered or loaded; the message says why and what to do."""


class UnknownDictionaryError(DictionaryError, KeyError):
    """No dictionary of that name is bundled or registered."""

    def __str__(self) -> str:  # KeyError would repr() the message and add quotes
        return str(self.args[0]) if self.args else ""


class DictionaryFileNotFoundError(DictionaryError, FileNotFoundError):
    """A word file (bundled or custom) is missing."""


class EmptyDictionaryError(DictionaryError, ValueError):
    """A word file holds no usable word after cleaning."""


class Dictionary:
    """An immutable word list: fast case-insensitive membership plus solver-friendly arrays."""

    is_none = False

    def __init__(self, name: str, words: tuple[str, ...], source: Path | None = None) -> None:
        # ``words`` must already be clean, unique and sorted (the loaders guarantee it).
        self.name = name
        self.source = source
        self.words: tuple[str, ...] = words
        self._set: frozenset[str] = frozenset(words)
        self._arrays_lock = threading.Lock()
        self._letter_counts: npt.NDArray[np.uint8] | None = None
        self._lengths: npt.NDArray[np.uint8] | None = None

    def is_word(self, word: str) -> bool:
        """True when ``word`` (letters A–Z, any case) is in the list."""
        # Lists hold lower-case words only; lower() of anything else simply misses.
        return word.lower() in self._set

    def is_offensive(self, word: str) -> bool:
        """True when ``word`` is on the offensive-word list of this list's language (``offensive.py``):
        what family-friendly tables refuse (the engine asks its checker) and the bot never posts itself."""
        return is_offensive_at(word, self.name)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.is_word(word)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __repr__(self) -> str:
        return f"<Dictionary {self.name!r}: {len(self.words)} words>"

    @property
    def letter_counts(self) -> npt.NDArray[np.uint8]:
        """uint8 array [n_words, 26]: how many of each letter a–z each word (in ``words`` order) has."""
        if self._letter_counts is None:
            self._build_arrays()
        assert self._letter_counts is not None
        return self._letter_counts

    @property
    def lengths(self) -> npt.NDArray[np.uint8]:
        """uint8 array [n_words]: each word's length, in ``words`` order."""
        if self._lengths is None:
            self._build_arrays()
        assert self._lengths is not None
        return self._lengths

    def _build_arrays(self) -> None:
        import numpy as np

        with self._arrays_lock:
            if self._letter_counts is not None:
                return
            n = len(self.words)
            width = max((len(w) for w in self.words), default=1)
            if width > 255:
                raise DictionaryError(f"dictionary {self.name!r} has a word longer than 255 letters")
            # Fixed-width bytes, zero-padded: row i holds word i's letters as ASCII codes.
            grid = np.array(self.words, dtype=f"S{width}").view(np.uint8).reshape(n, width)
            counts = np.empty((n, 26), dtype=np.uint8)
            for i in range(26):  # 26 vectorised passes beat per-letter Python loops by far
                np.sum(grid == ord("a") + i, axis=1, dtype=np.uint8, out=counts[:, i])
            lens = np.count_nonzero(grid, axis=1).astype(np.uint8)
            counts.flags.writeable = False  # shared by every game: nobody may edit it
            lens.flags.writeable = False
            self._lengths = lens
            self._letter_counts = counts  # set last: its presence means both are ready


class NoDictionary(Dictionary):
    """The "no dictionary" table option (R27.1, R27.3): an empty list that says so.

    ``is_word`` is False for every word, so the engine's normal path (R8.5 then R8.6) sends
    every word to the vote.  Callers that must tell "no list" from "not in the list" (the lobby
    refusing ``none`` without the vote option or solo, the UI wording, the solver and computer
    players, which need a real list) check ``is_none``.
    """

    is_none = True

    def __init__(self) -> None:
        super().__init__(NONE, ())

    def __repr__(self) -> str:
        return "<NoDictionary>"


NO_DICTIONARY = NoDictionary()

_lock = threading.Lock()  # guards first loads and the registry below
_loaded: dict[str, Dictionary] = {NONE: NO_DICTIONARY}
_custom: dict[str, Path] = {}


def read_word_file(path: Path, *, fold_case: bool) -> tuple[str, ...]:
    """Read a plain or .gz word file (one word per line) and clean it."""
    opener = gzip.open if path.name.endswith(".gz") else open
    try:
        # utf-8-sig drops a byte-order mark; undecodable bytes cannot be a–z letters anyway.
        with opener(path, "rt", encoding="utf-8-sig", errors="replace") as f:
            text = f.read()
    except FileNotFoundError as exc:
        raise DictionaryFileNotFoundError(f"word file not found: {path}") from exc
    except IsADirectoryError as exc:
        raise DictionaryFileNotFoundError(f"word file is a folder, not a file: {path}") from exc
    except (OSError, EOFError) as exc:  # a truncated or non-gzip ".gz" lands here
        raise DictionaryError(f"cannot read word file {path}: {exc}") from exc
    words = tuple(clean_text(text, fold_case=fold_case))
    if not words:
        lines = text.splitlines()
        detail = (
            "it is empty"
            if not any(line.strip() for line in lines)
            else (f"none of its {len(lines)} lines is a word of 2+ letters A–Z")
        )
        raise EmptyDictionaryError(f"word file {path} has no usable words: {detail}")
    return words


def _load_bundled(name: str) -> Dictionary:
    folder = wordlists_dir()
    path = folder / f"{name}.txt.gz"
    if not path.is_file():
        raise DictionaryFileNotFoundError(
            f"bundled word list {name!r} not found at {path}; set {WORDLISTS_ENV} to the folder "
            "holding it or regenerate it with scripts/build_wordlists.py"
        )
    # Bundled lists are committed clean; cleaning again costs little and guards hand edits.
    return Dictionary(name, read_word_file(path, fold_case=False), path)


def _load_custom(name: str, path: Path) -> Dictionary:
    # Case-folded: owners' lists are often Scrabble files written in capitals.
    return Dictionary(name, read_word_file(path, fold_case=True), path)


def _normalise(name: str) -> str:
    return name.strip().lower()


def get_dictionary(name: str) -> Dictionary:
    """The shared dictionary called ``name``, loading it on first use (thread-safe)."""
    key = _normalise(name)
    found = _loaded.get(key)  # fast path: a dict read is atomic, no lock needed
    if found is not None:
        return found
    with _lock:
        found = _loaded.get(key)  # another thread may have loaded it while we waited
        if found is not None:
            return found
        if key in _custom:
            loaded = _load_custom(key, _custom[key])
        elif key in BUNDLED:
            loaded = _load_bundled(key)
        else:
            raise UnknownDictionaryError(f"unknown dictionary {name!r}; available: {', '.join(_names_locked())}")
        _loaded[key] = loaded
        return loaded


def register_custom(name: str, path: str | Path, *, preload: bool = False) -> None:
    """Point ``name`` at a server owner's word file (plain text or .gz, one word per line).

    The file must exist now (a missing file fails here, at configuration time); it is read on
    first use, or at once with ``preload=True`` so an empty file fails here too.  Registering a
    name again replaces it for later callers; games already holding the old list keep it.
    """
    key = _normalise(name)
    if not _NAME_RE.fullmatch(key):
        raise DictionaryError(
            f"bad dictionary name {name!r}: use 1–32 characters a–z, 0–9, '-' or '_', starting with a letter or digit"
        )
    if key in BUNDLED or key == NONE:
        raise DictionaryError(f"dictionary name {key!r} is built in; choose another name")
    file = Path(path).expanduser().resolve()
    if not file.exists():
        raise DictionaryFileNotFoundError(f"word file for dictionary {key!r} not found: {file}")
    if not file.is_file():
        raise DictionaryFileNotFoundError(f"word file for dictionary {key!r} is not a file: {file}")
    loaded = _load_custom(key, file) if preload else None
    with _lock:
        _custom[key] = file
        if loaded is not None:
            _loaded[key] = loaded
        else:
            _loaded.pop(key, None)


def unregister_custom(name: str) -> None:
    """Forget a custom name (games already holding its list keep it); unknown names are ignored."""
    key = _normalise(name)
    with _lock:
        if _custom.pop(key, None) is not None:
            _loaded.pop(key, None)


def available_dictionaries() -> list[str]:
    """Every name ``get_dictionary`` accepts: bundled lists, then "none", then custom names."""
    with _lock:
        return _names_locked()


def _names_locked() -> list[str]:
    # The caller holds _lock (a plain Lock, not re-entrant).
    return [*BUNDLED, NONE, *sorted(_custom)]


def describe(name: str) -> str:
    """A one-line description for menus."""
    key = _normalise(name)
    if key in BUNDLED:
        return BUNDLED[key]
    if key == NONE:
        return NONE_DESCRIPTION
    with _lock:
        path = _custom.get(key)
    if path is None:
        raise UnknownDictionaryError(f"unknown dictionary {name!r}")
    return f"Custom list from {path.name}"


def clear_cache() -> None:
    """Forget loaded lists (custom registrations stay); the next get_dictionary loads afresh.

    For tests and for reloading a changed custom file.
    """
    with _lock:
        _loaded.clear()
        _loaded[NONE] = NO_DICTIONARY

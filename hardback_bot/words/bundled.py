"""Where the bundled word lists live and which language each one's words are in: what the dictionaries
(``dictionary.py``) and the offensive-word lists (``offensive.py``) both need, so neither imports the other
for it."""

from __future__ import annotations

import os
from pathlib import Path

# The language of each bundled list's words; a table's dictionary and its language are separate choices.
LANGUAGES: dict[str, str] = {"common": "en", "large": "en", "letterpress": "en", "espanol": "es", "francais": "fr"}
# Set this to a folder holding common.txt.gz etc. to use lists outside the repository.
WORDLISTS_ENV = "HARDBACK_WORDLISTS"


def wordlists_dir() -> Path:
    """The folder holding the bundled lists: $HARDBACK_WORDLISTS, else ``wordlists/`` at the repo root."""
    override = os.environ.get(WORDLISTS_ENV)
    if override:
        return Path(override).expanduser()
    # hardback_bot/words/bundled.py -> repository root; also try the working directory so
    # a non-editable install still finds the lists when started from a checkout.
    here = Path(__file__).resolve().parents[2] / "wordlists"
    if here.is_dir():
        return here
    cwd = Path.cwd() / "wordlists"
    return cwd if cwd.is_dir() else here

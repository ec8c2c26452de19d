"""``python -m hardback_bot.terminal``: play Hardback in a terminal (see the package's docstring)."""

import sys

from .cli import main

sys.exit(main())

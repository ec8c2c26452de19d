"""How many examples a property test tries, by Hypothesis profile (registered in tests/conftest.py).

The everyday run (profile ``project``, the default) tries enough examples to catch a regression of the
property in one run; the ``thorough`` profile (``pytest --hypothesis-profile=thorough`` or
``HARDBACK_HYPOTHESIS=thorough pytest``) tries the counts these tests were written with and more, for a change
to the code a property guards or a nightly run. docs/testing-bot.md, "Property tests"."""

from __future__ import annotations

from hypothesis import settings

THOROUGH_MAX_EXAMPLES = 1000  # the thorough profile's max_examples: how a test module tells the profiles apart


def thorough() -> bool:
    """Whether this run uses the thorough profile (read when a test module is imported, after the profile loaded)."""
    return settings.default.max_examples >= THOROUGH_MAX_EXAMPLES


def examples(everyday: int, thorough_run: int) -> int:
    """``everyday`` examples in the everyday run, ``thorough_run`` in the thorough one."""
    return thorough_run if thorough() else everyday

"""The options of a table about to open, checked, and those of the guided first game (docs/tutorial.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hardback_bot.engine import GameOptions, OptionsError
from hardback_bot.engine.options import TUTORIAL_DEAL, TUTORIAL_LENGTH

from .loaded import checker_for
from .messages import Refusal, SessionError


def table_options(chosen: Mapping[str, Any]) -> GameOptions:
    """Table options from chosen values (defaults, settings, command arguments), checked (SessionError)."""
    from hardback_bot.words import available_dictionaries

    names = available_dictionaries()
    name = str(chosen.get("dictionary", GameOptions().dictionary))
    if name not in names:
        raise SessionError("no_dictionary", name=repr(name[:40]), names=names)
    # The guided deal comes with Learn to play only (its people-then-computer seats, its plan), never from
    # a configured default or a command.
    chosen = {k: v for k, v in chosen.items() if k != "deal"}
    try:
        options = GameOptions.from_dict(dict(chosen))
        options.validate(1 if options.coop else 2)
    except OptionsError as error:
        raise SessionError("options_clash", reason=Refusal(error.code, error.params)) from error
    try:
        checker_for(options)
    except (KeyError, LookupError, ValueError) as error:
        raise SessionError("no_dictionary", name=repr(name[:40]), names=names) from error
    return options


def guided_options(options: GameOptions) -> GameOptions:
    """The guided first game's options (docs/tutorial.md): its fixed deal and short goal, hints on, the
    rules its plan relies on; the table keeps its ghostwriter and family-friendly choices."""
    return replace(options, deal=TUTORIAL_DEAL, length=TUTORIAL_LENGTH, hints=True, dictionary="common",
                   awards=True, adverts=True, unique_words="off", vote="off", coop=False, cycling=True,
                   turn_timer=0)


__all__ = ["guided_options", "table_options"]

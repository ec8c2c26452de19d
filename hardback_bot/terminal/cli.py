"""The command line of the terminal game: its options, the table and its seats, the language, the input."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

from hardback_bot.ai import STRENGTHS
from hardback_bot.engine import Game, GameOptions, OptionsError
from hardback_bot.engine.options import GAME_LENGTHS, PENNY_GENRES
from hardback_bot.i18n import LANGUAGES, Translator, resolve_locale, translator
from hardback_bot.sessions.phrases import computer_name
from hardback_bot.words import DictionaryError, available_dictionaries, get_dictionary

from .app import Terminal

STRENGTH_NAMES = {name: level for level, name in STRENGTHS.items()}


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (its first entry), then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` ("fr_FR.UTF-8" is French); English for "C", "POSIX" or nothing."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "").split(":")[0].split(".")[0].strip()
        if value and value not in ("C", "POSIX"):
            return resolve_locale(value)
    return "en"


def parser(t: Translator) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hardback_bot.terminal",
                                description=t.gettext("Play Hardback in a terminal against computer players or "
                                                      "hot-seat."),
                                epilog=t.gettext("Example: {example}",
                                                 example="python -m hardback_bot.terminal --computers easy,hard "
                                                         "--length 40"))
    p.add_argument("--lang", choices=LANGUAGES, default=t.language,
                   help=t.gettext("the language of the game (default: the environment's, LANGUAGE, LC_ALL or LANG)"))
    p.add_argument("--players", type=int, default=1, help=t.gettext("human players sharing this keyboard (default 1)"))
    p.add_argument("--computers", default=None,
                   help=t.gettext("computer players' strengths, comma-separated: easy, normal, hard; 'none' for no "
                                  "computer (default: one normal computer, or none in co-op)"))
    p.add_argument("--coop", action="store_true",
                   help=t.gettext("co-operative game against Penny Dreadful (1-4 players)"))
    p.add_argument("--penny-genre", default="random", choices=PENNY_GENRES, help=t.gettext("Penny's signature genre"))
    p.add_argument("--length", type=int, default=60, choices=GAME_LENGTHS,
                   help=t.gettext("prestige goal (competitive)"))
    p.add_argument("--dictionary", default="common", help=t.gettext("word list: {names}",
                                                                    names=", ".join(available_dictionaries())))
    p.add_argument("--no-awards", action="store_true", help=t.gettext("no literary awards"))
    p.add_argument("--no-adverts", action="store_true", help=t.gettext("no adverts"))
    p.add_argument("--unique-words", nargs="?", const="game", default="off", choices=("off", "game", "player"),
                   help=t.gettext("refuse repeated words (per game, or per player)"))
    p.add_argument("--vote", nargs="?", const="majority", default="off", choices=("off", "majority", "unanimous"),
                   help=t.gettext("vote on words not in the dictionary"))
    p.add_argument("--open-hands", action="store_true", help=t.gettext("everyone's hand is visible"))
    p.add_argument("--no-ghostwriter", action="store_true", help=t.gettext("no ghostwriter requests"))
    p.add_argument("--seed", type=int, default=None,
                   help=t.gettext("seed for a repeatable game (a rematch uses the next one)"))
    return p


class SetupError(ValueError):
    """A table that cannot be played; the message says why, in the reader's language."""


def setup(args: argparse.Namespace, t: Translator) -> tuple[Game, list[int], dict[int, int], list[str]]:
    """The game and who sits where; SetupError for impossible tables."""
    if args.computers is None:
        computers = [] if args.coop else [2]
    elif args.computers.strip().lower() in ("none", ""):
        computers = []
    else:
        computers = []
        for name in args.computers.split(","):
            key = name.strip().lower()
            if key.isdigit() and int(key) in STRENGTHS:
                computers.append(int(key))
            elif key in STRENGTH_NAMES:
                computers.append(STRENGTH_NAMES[key])
            else:
                raise SetupError(t.gettext("unknown computer strength {name}: use easy, normal or hard",
                                           name=repr(name)))
    if args.players < 0:
        raise SetupError(t.gettext("--players cannot be negative"))
    if args.players == 0 and not computers:
        raise SetupError(t.gettext("nobody would play: add --players or --computers"))
    total = args.players + len(computers)
    options = GameOptions(length=args.length, awards=not args.no_awards, adverts=not args.no_adverts,
                          unique_words=args.unique_words, dictionary=args.dictionary, vote=args.vote,
                          open_hands=args.open_hands, coop=args.coop, penny_genre=args.penny_genre,
                          ghostwriter=not args.no_ghostwriter)
    known = available_dictionaries()
    if args.dictionary.strip().lower() not in known:  # checked before loading: the known ones are listed
        raise SetupError(t.gettext("unknown dictionary {name}; available: {names}", name=repr(args.dictionary),
                                   names=", ".join(known)))
    try:
        options.validate(total)
        checker = get_dictionary(args.dictionary)
    except OptionsError as error:
        raise SetupError(t.refusal(error.code, **error.params)) from error
    except DictionaryError as error:
        raise SetupError(str(error)) from error
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    game = Game.new(total, seed, options, checker=checker)
    humans = list(range(args.players))
    strengths = {args.players + i: s for i, s in enumerate(computers)}
    names = [computer_name(s + 1, STRENGTHS[strengths[s]], t) if s in strengths
             else t.gettext("Player {n}", n=s + 1) for s in range(total)]
    return game, humans, strengths, names


def _language(argv: list[str] | None) -> Translator:
    """The reader's translator, from ``--lang`` (read before the rest: the help itself is in that language)."""
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--lang", choices=LANGUAGES, default=None)
    known, _ = first.parse_known_args(argv)
    return translator(known.lang or environment_language())


def terminal(argv: list[str] | None, out: TextIO, read: Callable[[str], str],
             t: Translator | None = None) -> Terminal:
    """The terminal game for these command-line arguments (tests drive it with scripted input)."""
    t = t or _language(argv)
    p = parser(t)
    args = p.parse_args(argv)
    try:
        game, humans, strengths, names = setup(args, t)
    except SetupError as error:
        p.error(str(error))

    def rematch() -> Game:  # same table, a new shuffle (the next seed when one was given)
        if args.seed is not None:
            args.seed += 1
        return setup(args, t)[0]

    return Terminal(game, humans, strengths, names, out, read, rematch, t=t)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    game_terminal = terminal(argv, stream, _reader(stream))
    try:
        return game_terminal.run()
    except KeyboardInterrupt:
        print("\n" + game_terminal.t.gettext("Interrupted."), file=stream)
        return 130


def _reader(out: TextIO) -> Callable[[str], str]:
    if sys.stdin.isatty():
        return input

    def read(prompt: str) -> str:
        # Piped input: echo the prompt and the line so a transcript reads like a session.
        out.write(prompt)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        out.write(line if line.endswith("\n") else line + "\n")
        return line

    return read

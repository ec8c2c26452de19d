"""The terminal game (python -m hardback_bot.terminal), driven as a player would: a subprocess fed with input,
or the same program in-process with scripted input, through whole games.

The transcript must read like a game: the table only when it changed, each computer turn in one line (the
channel's turn line), moves in letters and names, nothing private of another seat, no impossible option,
every choice of yours confirmed in a line, each wild card's letter and card named, an adopted suggestion
played, results and a rematch offer — in the reader's language, every sentence from the catalogues.
"""

from __future__ import annotations

import ast
import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from gettext import NullTranslations
from pathlib import Path
from typing import Any

import pytest

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.engine.events import Buy, CoinsToInk, Convert, Cycle, Event, Jail, Preview, PreviewDiscard, Trash
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.scenario import build_game
from hardback_bot.i18n import Translator, translator
from hardback_bot.sessions.phrases import card_name, card_words
from hardback_bot.sessions.play_by_play import event_line
from hardback_bot.terminal import Terminal, cli
from hardback_bot.terminal.screens import help_lines
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import PlayerCards, best_play

ROOT = Path(__file__).resolve().parents[1]
RAW_MOVE = re.compile(r"\b(spell|dump|trash|return|discard|buy|reserve|remove|uncover|double) \d+\b")
PROMPT = re.compile(r"^(Player \d|Jugador \d|Joueur \d|プレイヤー\d)[^>]*> ")


def _env(**lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return {**env, "LANG": "C.UTF-8", **lang}


def run(args: list[str], lines: list[str], timeout: float = 180, **lang: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hardback_bot.terminal", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=_env(**lang))


class Recording(Terminal):
    """The real terminal, also keeping every engine event with the seat whose move made it, and checking that
    each accepted move of a person printed at least one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.events: list[tuple[int, Event]] = []
        self.silent: list[str] = []

    def report(self, events: Sequence[Event], actor: int) -> list[str]:
        self.events += [(actor, e) for e in events]
        return super().report(events, actor)

    def apply(self, seat: int, move: Any) -> bool:
        before = self.out.tell()
        done = super().apply(seat, move)
        if done and seat in self.humans and self.out.tell() == before:
            self.silent.append(str(move))
        return done


def scripted(argv: list[str], lines: Sequence[str] | Callable[[str], str | None], t: Translator | None = None,
             game: Game | None = None) -> tuple[Recording, str]:
    """Run the program in-process with these input lines (or answers to each prompt; None ends the input);
    returns the terminal and its transcript. ``game``: play this position instead of the one ``argv`` sets up."""
    out = io.StringIO()
    feed: Iterator[str] = iter(lines) if not callable(lines) else iter(())

    def read(prompt: str) -> str:
        out.write(prompt)
        line = lines(prompt) if callable(lines) else next(feed, None)
        if line is None:
            raise EOFError
        out.write(line + "\n")
        return line

    base = cli.terminal(argv, out, read, t)
    term = Recording(game or base.game, base.humans, base.strengths, base.names, out, read, base.new_game, t=base.t)
    assert term.run() == 0
    return term, out.getvalue()


def _first_word(seed: int, players: int = 2) -> str:
    """The best word seat 0 can spell at the start of the game the program will play (same seed)."""
    dictionary = get_dictionary("common")
    game = Game.new(players, seed, GameOptions(length=40), checker=dictionary)
    found = best_play(PlayerCards.from_game(game, 0), dictionary)
    assert found is not None
    return found.word


def _rounds(transcript: str) -> int:
    return int(re.search(r"Game over after (\d+) rounds", transcript).group(1))  # type: ignore[union-attr]


def test_a_whole_game_reads_like_a_game() -> None:
    word = _first_word(3)
    bad = ["help", "hint", "flarp", "buy 9999", "spell", "spell 1 2 3", "word Q", "word 12", "take prestige",
           "99", "9: ink", "hand", "table", "moves", ""]
    result = run(["--computers", "easy", "--seed", "3", "--length", "40"], [*bad, word, *["ai"] * 600, "no"])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    lines = out.splitlines()
    # bad input is explained and changes nothing
    assert "Not allowed: FLARP is not in the dictionary." in out
    assert "Seat 9 is not a human player at this table." in out
    assert "Type a word of at least 2 letters A-Z" in out
    assert "Choose a number from 1 to" in out
    assert any(line.startswith(f"  Player 1 spells {word}") for line in lines)
    rounds = _rounds(out)
    assert rounds >= 5
    assert len(lines) / rounds <= 50, len(lines) / rounds  # compact: 99 lines a round once
    # the table only when it changed (or asked for with 'table'): at most once a round here (one human seat)
    headers = [line for i, line in enumerate(lines)
               if line.startswith("— Hardback — round ") and lines[i - 1] != "Player 1> table"]
    assert len(headers) == len(set(headers)) <= rounds
    # each computer turn is one line, the channel's turn line
    computer_turns = [line for line in lines if line.startswith("Computer 2 (easy) ")]
    assert len(computer_turns) == rounds
    assert all(" spelled " in line or "skipped the turn" in line for line in computer_turns)
    # moves with letters and names, never bare card numbers; no computer's private choices
    shown = set(help_lines(translator("en")))
    said = [line for line in lines if not PROMPT.match(line) and line not in shown and "· draw pile " not in line]
    assert not [line for line in said if RAW_MOVE.search(line)]
    assert not [line for line in lines if line.startswith("Computer") and ("preview" in line or "on top" in line)]
    # the end: results, the winner, and an offer to play again (answered no)
    assert "1. " in out and "2. " in out and ("wins!" in out or "share the win!" in out)
    assert lines[-1].startswith("Play again with the same settings?")


def test_cycling_and_conversions_are_said_and_previews_stay_private() -> None:
    # Two hard computers and you; everything the engine did that the table sees is said.
    term, out = scripted(["--computers", "hard,hard", "--seed", "10", "--length", "40"], ["ai"] * 900 + ["no"])
    assert term.game.finished
    lines = out.splitlines()
    cycles = [(a, e) for a, e in term.events if isinstance(e, Cycle)]
    assert cycles, "no cycling happened in this game"
    for actor, e in cycles:
        if actor in term.strengths:  # R18.5, in the computer's turn line
            assert any(f"the oldest card of the offer row, {card_words(e.card)}, left it" in line for line in lines), e
        else:
            assert f"The offer row cycles: {card_name(e.card)} leaves." in out, e
    for actor, e in term.events:
        if actor in term.humans and isinstance(e, CoinsToInk):
            assert f"Player 1's {e.ink}¢ left become {e.ink} ink." in out
        if actor in term.humans and isinstance(e, Convert):
            assert f"Player 1 turns {e.ink} ink into {e.coins}¢." in out
    # a computer's previews are its own: not even that it looked, nor which cards it discarded
    private = [e.card for a, e in term.events if isinstance(e, PreviewDiscard) and a in term.strengths]
    assert any(isinstance(e, Preview) for a, e in term.events if a in term.strengths), "no computer previewed"
    assert not [line for line in lines if line.startswith("  Computer") and "look" in line]
    for cid in private:
        assert not any(card_name(cid) in line and "discard" in line for line in lines if "Computer" in line)
    for seat in term.strengths:  # the two computers' names stay apart, each of their turns one line
        turns = [line for line in lines if line.startswith(term.names[seat] + " ") and not line.endswith("wins!")]
        assert len(turns) == _rounds(out), turns


def test_only_possible_options_are_offered() -> None:
    # Every listed option is a legal move now, said in words: check each decision of a whole game.
    term, _ = scripted(["--computers", "normal", "--seed", "4", "--length", "40"], [])
    game = term.game
    rng = random.Random(4)
    seen_preview_phases = 0
    while not game.finished:
        seat = game.active_seat if game.phase != "vote" else next(
            s for s in range(game.num_players) if s != game.active_seat)
        options = term.menu(seat)
        legal = set(game.legal_moves(seat))
        for o in options:
            assert o.move in legal or o.move.kind in ("ghostwriter", "adopt") or (
                o.move.kind == "undo" and game.can_undo(seat)), o
            assert not RAW_MOVE.fullmatch(o.label), o  # words, not "dump 55"
        if game.phase in ("trash", "dump"):
            seen_preview_phases += 1
            offers_preview = any(o.move.kind == "preview" for o in options)
            assert offers_preview == any(m.kind == "preview" for m in legal)
        s, move = random_move(game, rng)
        game.apply(s, move)
    assert seen_preview_phases


def test_every_choice_of_yours_is_confirmed_in_a_line() -> None:
    # A person choosing at random among the options, a whole game: each accepted move prints at least one line,
    # and the choices the table sees are said in the words of sessions/play_by_play.py.
    rng = random.Random(11)

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Play again"):
            return "no"
        options = term_ref[0].menu(term_ref[0].human_to_act()) if term_ref else []
        if not options:
            return "ai"
        return str(rng.randrange(len(options)) + 1)

    term_ref: list[Terminal] = []
    out = io.StringIO()
    base = cli.terminal(["--computers", "normal", "--seed", "11", "--length", "40", "--lang", "en"], out,
                        lambda p: (out.write(p), answer(p) or "")[1])
    term = Recording(base.game, base.humans, base.strengths, base.names, out, base.read, None, t=base.t)
    term_ref.append(term)
    assert term.run() == 0
    assert term.game.finished
    assert not term.silent, term.silent
    transcript = out.getvalue()
    said = 0
    for actor, e in term.events:
        if actor in term.humans and isinstance(e, Trash | Jail | Buy):
            line = event_line(e, term.names, term.t) or ""
            assert line in transcript or (isinstance(e, Buy) and line[:-1] in transcript), line
            said += 1
    assert said


def test_a_choice_the_table_does_not_see_is_confirmed_too() -> None:
    # Passing an optional step (R12.5-R12.10) changes nothing anyone sees: the terminal still says it was done.
    rng = random.Random(2)
    game = Game.new(2, 2, GameOptions(length=40))
    while True:
        passes = game.active_seat == 0 and any(m.kind == "pass" for m in game.legal_moves(0))
        if passes and not game.clone().apply(0, parse_move("pass")):
            break
        game.apply(*random_move(game, rng))
    _, out = scripted(["--players", "2", "--computers", "none", "--lang", "en"], ["pass", "quit"], game=game)
    assert "Player 1> pass\n  Done: passing.\n" in out


def test_each_wild_card_is_named_with_its_letter_and_card() -> None:
    # R7.3: COT from the starters A, E and T, the A played face down as a C and the E as an O: the line names
    # each wild's letter and the card played for it; the card used face up is not a wild.
    game = build_game({"players": 2, "options": {"adverts": False},
                       "seats": [{"hand": [1141, 1156, 1145, 1148, 1149]}, {}]})
    _, out = scripted(["--players", "2", "--computers", "none", "--lang", "en"], ["spell 1141=C 1145=O 1156", "quit"],
                      game=game)
    assert f"  Player 1 spells COT (wild cards: C from {card_name(1141)}, O from {card_name(1145)})." in out, out


def test_adopt_plays_the_suggested_word() -> None:
    result = run(["--computers", "hard,easy", "--seed", "5"], ["ghostwriter", "adopt 1", "quit"])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "asks for a ghostwriter" in out
    assert "Computer 2 (hard) suggests" in out and "Computer 3 (easy) suggests" in out
    adopted = re.search(r"Player 1 adopts (\w+), suggested by", out)
    assert adopted, out
    assert f"Player 1 spells {adopted.group(1)}" in out  # no retyping


def test_play_again_starts_a_new_game() -> None:
    rematches: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith("Play again"):
            rematches.append(prompt)
            return "yes"
        return "quit" if rematches else "ai"

    term, out = scripted(["--computers", "easy", "--seed", "3", "--length", "40", "--lang", "en"], answer)
    assert len(rematches) == 1 and out.rstrip().endswith("Goodbye.")
    assert out.count("Game over after") == 1
    assert "A new game begins." in out
    assert out.count("Hardback: Player 1 and Computer 2 (easy)") == 2
    assert term.game.state.seed == 4  # a rematch with --seed 3 uses the next seed


def test_input_ending_early_is_not_an_error() -> None:
    result = run(["--seed", "1", "--computers", "hard"], ["skip"])
    assert result.returncode == 0
    assert "Input ended" in result.stdout


def test_quit() -> None:
    result = run(["--seed", "1", "--coop", "--penny-genre", "romance"], ["quit"])
    assert result.returncode == 0
    assert "Penny Dreadful" in result.stdout and "Goodbye." in result.stdout


def test_coop_game_to_the_end() -> None:
    term, out = scripted(["--coop", "--penny-genre", "romance", "--seed", "4", "--lang", "en"], ["ai"] * 500 + ["no"])
    assert term.game.finished
    assert "The team won" in out or "Penny Dreadful won" in out
    assert any(line.startswith("  Penny Dreadful claims ") for line in out.splitlines())


def test_hot_seat_and_votes() -> None:
    # Two people, no computer, no dictionary: every word goes to a vote of the other player.
    result = run(["--players", "2", "--computers", "none", "--dictionary", "none", "--vote", "--seed", "2"],
                 ["ai", "vote reject", "skip", "quit"])
    assert result.returncode == 0, result.stderr
    assert "is not in the dictionary: the other players vote." in result.stdout
    assert re.search(r"Player 2 votes to reject \w+\.", result.stdout)


@pytest.mark.parametrize(("args", "message"), [
    (["--computers", "superhard"], "unknown computer strength"),
    (["--coop", "--players", "5"], "Co-op games take 1 to 4 players"),
    (["--dictionary", "klingon"], "unknown dictionary"),
    (["--players", "0", "--computers", "none"], "nobody would play"),
    (["--length", "50"], "invalid choice"),
    (["--dictionary", "none"], "turn votes on"),
    (["--lang", "de"], "invalid choice"),
])
def test_bad_options_are_explained(args: list[str], message: str) -> None:
    result = run(args, [])
    assert result.returncode == 2, args
    assert message in result.stderr, (args, result.stderr)
    assert "Traceback" not in result.stderr


def test_help_text() -> None:
    result = subprocess.run([sys.executable, "-m", "hardback_bot.terminal", "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, env=_env())
    assert result.returncode == 0
    for flag in ("--lang", "--players", "--computers", "--coop", "--penny-genre", "--length", "--dictionary",
                 "--no-awards", "--no-adverts", "--unique-words", "--vote", "--open-hands", "--seed"):
        assert flag in result.stdout
    french = subprocess.run([sys.executable, "-m", "hardback_bot.terminal", "--help", "--lang", "fr"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60, env=_env())
    assert translator("fr").gettext("human players sharing this keyboard (default 1)") in french.stdout


def test_the_terminal_uses_the_shared_solver_and_no_words_of_its_own() -> None:
    imported = set()
    for path in (ROOT / "hardback_bot" / "terminal").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "hardback_bot.words.solver" in imported and "hardback_bot.ai.finder" not in imported
    assert {"hardback_bot.sessions.phrases", "hardback_bot.sessions.play_by_play"} <= imported
    assert not (ROOT / "hardback_bot" / "play.py").exists()


class Shouting(Translator):
    """English with every template of the catalogues in capitals (placeholders kept): what the program prints
    in lower case did not come from a catalogue."""

    def __init__(self) -> None:
        super().__init__("en", NullTranslations(), None)

    @staticmethod
    def shout(template: str) -> str:
        return "".join(p if p.startswith("{") else p.upper() for p in re.split(r"(\{[^}]*\})", template))

    def gettext(self, message: str, /, **params: Any) -> str:
        return self.shout(message).format(**params) if params else self.shout(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        return self.shout(singular if n == 1 else plural).format(**{"n": n, **params})

    def pgettext(self, context: str, message: str, /, **params: Any) -> str:
        return self.gettext(message, **params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
        return self.ngettext(singular, plural, n, **params)

    def template(self, context: str | None, message: str, plural: str | None = None, n: int = 1) -> str:
        return self.shout(message if plural is None or n == 1 else plural)


def test_every_sentence_comes_from_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    # With the catalogues shouted (and cardtext's table, which English reads directly), a whole game prints no
    # lower-case letter except the typed input, the dictionary's name and Babel's "and". (The engine's refusals,
    # whose English is its own table, are checked with the catalogues: tests/i18n.)
    from hardback_bot import cardtext

    monkeypatch.setattr(cardtext, "STRINGS", {k: Shouting.shout(v) for k, v in cardtext.STRINGS.items()})
    _, out = scripted(["--computers", "easy", "--seed", "3", "--length", "40"], ["hint", *["ai"] * 600],
                      t=Shouting())
    for line in out.splitlines():
        rest = re.sub(r"[>)] (ai|hint)$", ">", line).replace("common", "").replace(" and ", " ")  # Babel's list
        assert not re.search("[a-z]", rest), line


@pytest.mark.parametrize("lang", ["es", "fr", "ja"])
def test_a_game_in_each_language(lang: str) -> None:
    # The whole game in the reader's language: the shared sentences and the terminal's own, none left in English.
    t = translator(lang)
    term, out = scripted(["--computers", "easy", "--seed", "6", "--length", "40", "--lang", lang],
                         ["help", "hint", *["ai"] * 600, "no"])
    assert term.game.finished and term.t.language == lang
    for english in ("Goodbye.", "Commands:", "Your hand — {name}", "Offer row, newest first: {cards}"):
        assert t.gettext(english) != english and t.has(english)
    assert t.gettext("Commands:") in out
    winners = [term.names[s.seat] for s in term.game.standings() if s.rank == 1]
    assert (t.gettext("{name} wins!", name=winners[0]) if len(winners) == 1
            else t.gettext("{names} share the win!", names=t.join(winners))) in out
    for english in ("Your turn", "Offer row", " spells ", " buys ", "Commands:", "Game over", "wins!", "Type a word"):
        assert english not in out, english


def test_the_language_comes_from_the_environment() -> None:
    assert cli.environment_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert cli.environment_language({"LANGUAGE": "ja:en", "LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR"}) == "ja"
    assert cli.environment_language({"LC_ALL": "es_AR.UTF-8", "LANG": "fr_FR"}) == "es"
    assert cli.environment_language({"LANG": "C.UTF-8"}) == "en"
    assert cli.environment_language({"LANG": "de_DE.UTF-8"}) == "en"  # not spoken: English
    assert cli.environment_language({}) == "en"
    result = run(["--seed", "1", "--computers", "hard"], ["quit"], LANG="es_ES.UTF-8")
    assert translator("es").gettext("Goodbye.") in result.stdout
    assert run(["--seed", "1", "--lang", "en"], ["quit"], LANG="es_ES.UTF-8").stdout.rstrip().endswith("Goodbye.")


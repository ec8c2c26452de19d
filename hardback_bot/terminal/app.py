"""The terminal game: a loop over the engine where people type and computer players answer by themselves.

It reads like a game: the table when it changed, each computer turn in one line, every choice of yours
confirmed in a line, your choices a numbered list in words ("Buy V (romance) for 3¢ — 2¢ · …") — type the
number, a word to spell it (the best arrangement of your cards is found for you), or the engine's notation
(docs/notation.md).  Bad input is explained and changes nothing.  The words are the bot's own (sessions), in
the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from hardback_bot.ai import choose_move, wants_to_act
from hardback_bot.engine import Game, IllegalMove, Move
from hardback_bot.engine.events import Event
from hardback_bot.engine.moves import MOVE_SHAPES, parse_move
from hardback_bot.i18n import Translator
from hardback_bot.sessions.examples import table_example
from hardback_bot.sessions.phrases import move_words
from hardback_bot.sessions.play_by_play import move_label
from hardback_bot.sessions.screens.table import options_summary
from hardback_bot.words.solver import PlayerCards, best_arrangement

from .report import Reporter
from .screens import decision_lines, hand_lines, help_lines, result_lines, table_lines

HINTS = 5
INLINE_MENU = 96  # a menu this short (in characters) goes on one line
PAIRS = {("reserve", "remove"), ("return", "discard")}  # two choices about one card share a line


@dataclass
class Option:
    label: str
    move: Move


class Terminal:
    """Games in a terminal: humans type, computer players answer by themselves."""

    def __init__(self, game: Game, humans: list[int], strengths: dict[int, int], names: list[str], out: TextIO,
                 read: Callable[[str], str], new_game: Callable[[], Game] | None = None, *, t: Translator) -> None:
        self.game = game
        self.humans = humans
        self.strengths = strengths
        self.names = names
        self.out = out
        self.read = read
        self.new_game = new_game
        self.t = t
        self.reporter = Reporter(names, strengths, t)
        self.shown_table: tuple[Any, ...] | None = None
        self.table_moment: tuple[Any, ...] | None = None
        self.shown_hand: dict[int, tuple[int, ...]] = {}
        self.options: list[Option] = []

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        while True:
            if not self.play_one():
                return 0
            for line in result_lines(self.game, self.names, self.t):
                self.say(line)
            if self.new_game is None or not self.again():
                return 0
            self.game = self.new_game()
            self.shown_table, self.shown_hand = None, {}
            self.say(self.t.gettext("A new game begins."))

    def again(self) -> bool:
        try:
            answer = self.read(self.t.gettext("Play again with the same settings? (yes/no) ")).strip().lower()
        except EOFError:
            return False
        yes = self.t.pgettext("answer", "yes").lower()
        return answer in ("y", "yes", yes, yes[:1])

    def play_one(self) -> bool:
        """Play until the game ends (True) or the player leaves (False)."""
        self.say(self.t.gettext("Hardback: {seats} — {options}. Type 'help' for the commands.",
                                seats=self.t.join(self.names), options=options_summary(self.game.options, self.t)))
        asked: tuple[int, int, str] | None = None
        while not self.game.finished:
            computer = self.computer_to_act()
            if computer is not None:
                self.computer_move(computer)
                continue
            seat = self.human_to_act()
            key = (seat, len(self.game.move_log), self.game.phase)
            if key != asked:
                self.show_decision(seat)
                asked = key
            try:
                line = self.read(f"{self.names[seat]}> ")
            except EOFError:
                self.say("\n" + self.t.gettext("Input ended: leaving the game."))
                return False
            if not self.handle(seat, line.strip()):
                return False
        return True

    def computer_to_act(self) -> int | None:
        g = self.game
        order = [g.active_seat] + [s for s in range(g.num_players) if s != g.active_seat]
        return next((s for s in order if s in self.strengths and wants_to_act(g, s)), None)

    def human_to_act(self) -> int:
        g = self.game
        if g.phase == "vote":
            return next((s for s in self.humans if wants_to_act(g, s)), g.active_seat)
        return g.active_seat

    def computer_move(self, seat: int) -> None:
        # Never printed as such: a computer's previews and choices are its own; the table hears the events.
        move = choose_move(self.game, seat, self.strengths[seat])
        self.report(self.game.apply(seat, move), seat)

    # ------------------------------------------------------------------ human input
    def handle(self, seat: int, line: str) -> bool:
        """Act on one input line; False when the player wants to quit."""
        t = self.t
        if not line:
            return True
        first, _, rest = line.partition(" ")
        command = first.lower()
        if command in ("quit", "exit"):
            self.say(t.gettext("Goodbye."))
            return False
        if command in ("help", "?"):
            for text in help_lines(t):
                self.say(text)
        elif command == "hand":
            self.show_hand(seat, force=True)
        elif command == "table":
            self.show_table(force=True)
        elif command == "moves":
            self.show_options(seat)
        elif command == "hint":
            self.show_hint(seat)
        elif command == "ai":
            if not wants_to_act(self.game, seat):
                self.say(t.gettext("There is nothing for you to decide right now."))
            else:
                self.say(t.gettext("(the computer chooses for you)"))
                self.apply(seat, choose_move(self.game, seat, 2))
        elif command == "word":
            self.spell_word(seat, rest.strip())
        elif command.isdigit() and not rest:
            self.choose(seat, int(command))
        elif command == "adopt" and rest.strip().isdigit():
            self.adopt(seat, Move("adopt", number=int(rest.strip())))
        elif command.endswith(":") and command[:-1].isdigit():
            other = int(command[:-1]) - 1
            if other not in self.humans:
                self.say(t.gettext("Seat {n} is not a human player at this table.", n=other + 1))
            else:
                self.apply_typed(other, rest.strip())
        elif (line.isalpha() and line.isascii() and command not in MOVE_SHAPES
              and self.game.spell_options(seat) is not None):
            self.spell_word(seat, line)
        else:
            self.apply_typed(seat, line)
        return True

    def choose(self, seat: int, number: int) -> None:
        options = self.menu(seat)
        if not 1 <= number <= len(options):
            self.say(self.t.gettext("Choose a number from 1 to {n}.", n=len(options)) if options
                     else self.t.gettext("There is nothing for you to decide right now."))
            return
        move = options[number - 1].move
        if move.kind == "adopt":
            self.adopt(seat, move)
        else:
            self.apply(seat, move)

    def apply_typed(self, seat: int, line: str) -> bool:
        """Apply the move typed in the notation (docs/notation.md); text that is no move is refused like one."""
        if not line:
            self.say(self.t.gettext("There is nothing for you to decide right now."))
            return False
        try:
            move = parse_move(line)
        except IllegalMove as error:
            self.refused(error)
            return False
        return self.apply(seat, move)

    def apply(self, seat: int, move: Move) -> bool:
        """Apply ``move`` and say what it did; a refusal is explained."""
        t = self.t
        try:
            events = self.game.apply(seat, move)
        except IllegalMove as error:
            self.refused(error)
            return False
        lines = self.report(events, seat)
        if not lines and seat in self.humans:  # a choice that shows nothing to the table: confirm it anyway
            self.say("  " + t.gettext("Done: {what}.", what=move_words(move, t)))
        return True

    def refused(self, error: IllegalMove) -> None:
        self.say(self.t.gettext("Not allowed: {error}", error=self.t.refusal(error.code, **error.params)))

    def adopt(self, seat: int, move: Move) -> None:
        """Adopt a ghostwriter's suggestion and spell it at once, in its best arrangement."""
        if not self.apply(seat, move):
            return
        ghost = self.game.state.turn.extra.ghost
        if ghost is not None and ghost.adopted is not None:
            self.spell_word(seat, ghost.suggestions[ghost.adopted][1])

    def spell_word(self, seat: int, word: str) -> None:
        t = self.t
        if not word.isalpha() or not word.isascii() or len(word) < 2:
            self.say(t.gettext("Type a word of at least 2 letters A-Z, e.g. {word}.",
                               word=table_example(self.game.options.to_dict(), t.language)))
            return
        if self.game.spell_options(seat) is None:
            self.say(t.gettext("You cannot spell now."))
            return
        play = best_arrangement(PlayerCards.from_game(self.game, seat), word.upper())  # the solver (R7.10)
        if play is None:
            self.say(t.gettext("Your cards cannot spell {word} (inked cards must be in the word, face up).",
                               word=word.upper()))
            return
        self.apply(seat, play.move)

    def report(self, events: Sequence[Event], actor: int) -> list[str]:
        """Say what ``actor``'s move did (the lines said, for the caller to know whether anything was)."""
        lines = self.reporter.lines(events, actor)
        for line in lines:
            self.say(line)
        return lines

    # ------------------------------------------------------------------ the decision and its options
    def menu(self, seat: int) -> list[Option]:
        """The legal choices of ``seat`` now, in words (spelling itself is typed, not listed)."""
        g = self.game
        moves = list(g.legal_moves(seat))
        if g.spell_options(seat) is not None and g.num_players > 1 and g.options.ghostwriter:
            suggestions = g.ghost_suggestions()
            if g.state.turn.extra.ghost is None:
                moves.append(Move("ghostwriter"))
            moves += [Move("adopt", number=i) for i in range(1, len(suggestions) + 1)]
        if g.can_undo(seat):
            moves.append(Move("undo"))
        out = [Option(label, m) for m in moves if (label := move_label(g, seat, m, self.names, self.t)) is not None]
        labels = [o.label for o in out]
        for o in out:  # two options that read the same (two copies of a letter) get their card numbers
            if labels.count(o.label) > 1 and o.move.card is not None:
                o.label += f" (#{o.move.card})"
        return out

    def show_decision(self, seat: int) -> None:
        g = self.game
        self.say("")
        # the table at the start of a turn (or a vote), when it changed; never in the middle of one's own turn
        moment = (g.state.round, g.active_seat, g.phase == "vote", seat)
        if moment != self.table_moment:
            self.table_moment = moment
            self.show_table()
        if g.phase == "spell" and seat == g.active_seat:
            self.show_hand(seat)
        for line in decision_lines(g, seat, self.names, self.t):
            self.say(line)
        self.show_options(seat)

    def show_options(self, seat: int) -> None:
        self.options = self.menu(seat)
        items = [f"[{i}] {o.label}" for i, o in enumerate(self.options, start=1)]
        if not items:
            return
        inline = "  ".join(items)
        if len(inline) <= INLINE_MENU:
            self.say("  " + inline)
            return
        i = 0
        while i < len(items):
            a, b = self.options[i], self.options[i + 1] if i + 1 < len(items) else None
            if b is not None and (a.move.kind, b.move.kind) in PAIRS and a.move.card == b.move.card:
                self.say(f"  {items[i]}  ·  {items[i + 1]}")
                i += 2
            else:
                self.say("  " + items[i])
                i += 1

    # ------------------------------------------------------------------ the table, the hand, hints
    def table_key(self) -> tuple[Any, ...]:
        g = self.game
        s = g.state
        seats = tuple((p.ink, p.remover, tuple(p.timeless), p.jail, p.award, p.adverts) for p in s.players)
        penny = (s.penny.get("team"), s.penny.get("score")) if g.options.coop else None
        return (s.round, s.final_round, tuple(g.scores()), seats, tuple(s.offer_row), penny)

    def show_table(self, force: bool = False) -> None:
        key = self.table_key()
        if key == self.shown_table and not force:
            return
        self.shown_table = key
        for line in table_lines(self.game, self.names, self.t):
            self.say(line)

    def show_hand(self, seat: int, force: bool = False) -> None:
        p = self.game.player(seat)
        key = (*p.hand, -1, *p.inked)
        if self.shown_hand.get(seat) == key and not force:
            return
        self.shown_hand[seat] = key
        for line in hand_lines(self.game, seat, self.names, self.t):
            self.say(line)

    def show_hint(self, seat: int) -> None:
        from hardback_bot.help.words import hint_plays  # the bot's own hint: the shared solver

        t = self.t
        if self.game.spell_options(seat) is None:
            self.say(t.gettext("Hints are for spelling."))
            return
        found = hint_plays(self.game, seat, self.game.checker, limit=HINTS)
        if not found:
            self.say(t.gettext("No word found: you may have to skip (or clear an inked card with remover)."))
        for o in found:
            self.say(f"  {o.word.upper()}: {o.coins}¢ {o.prestige}★")

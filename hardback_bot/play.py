"""Play Hardback in a terminal, against computer players or hot-seat.

    python -m hardback_bot.play                         # you against a normal computer player
    python -m hardback_bot.play --computers easy,hard   # you against two computers
    python -m hardback_bot.play --players 2 --computers none   # two people, one keyboard
    python -m hardback_bot.play --coop --penny-genre romance    # solo against Penny Dreadful

It reads like a game: the table is shown when it changed, each computer turn is one line, your
choices are a numbered list said in words ("buy V (romance) for 3¢: 2¢ · with 2+ romance: double
a neighbour") — type the number, or the engine's notation (docs/notation.md).  To spell, type the
word; the best arrangement of your cards is found for you.  Nothing private of another seat is
shown.  At the end: the results, and an offer to play again.  Bad input is explained, never fatal.

Every sentence the program prints is a template in ``TEXT`` (translations replace that mapping).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from hardback_bot.ai import STRENGTHS, choose_move, wants_to_act
from hardback_bot.cardtext import card_summary, genre_name
from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError
from hardback_bot.engine.cards import card
from hardback_bot.engine.options import ADVERTS, GAME_LENGTHS, PENNY_GENRES
from hardback_bot.words import DictionaryError, available_dictionaries, get_dictionary
from hardback_bot.words.solver import PlayerCards, best_arrangement

STRENGTH_NAMES = {name: level for level, name in STRENGTHS.items()}
HINTS = 5
INLINE_MENU = 96  # a menu this short (in characters) goes on one line

TEXT: dict[str, str] = {
    "help": """Commands:
  a word, e.g. STALE     spell it with the best arrangement of your cards ('word END' for a word
                         that is also a command)
  1, 2, 3 ...            choose that option of the list
  skip                   writer's block: skip your turn
  hint                   the best words your cards can spell
  ai                     let a computer player make this decision for you
  ghostwriter, adopt N   ask the computers for a word, then play suggestion N
  hand, table, moves     show your cards, the table, or your choices again
  N: MOVE                act as seat N (hot-seat, e.g. "2: ink" during someone else's turn)
  spell 12 40=A 1156     the engine's notation still works (docs/notation.md)
  help, quit""",
    "intro": "Hardback: {seats}; {mode}; dictionary {dictionary}. Type 'help' for the commands.",
    "mode.coop": "co-op against Penny Dreadful (goal {goal}★)",
    "mode.race": "first to {goal}★",
    "goodbye": "Goodbye.",
    "name.player": "Player {n}",
    "name.computer": "Computer {n} ({strength})",
    "eof": "Input ended: leaving the game.",
    "interrupted": "Interrupted.",
    "prompt": "{name}> ",
    "again": "Play again with the same settings? (yes/no) ",
    "new_game": "A new game begins.",
    # the table
    "round": "— Round {round}{final} · {goal} —",
    "final": " (final round)",
    "goal": "goal {goal}★",
    "seat": "  {name}: {score}ink {ink}, remover {remover}{extras}",
    "score": "{score}★, ",
    "classics": "classics in play: {cards}",
    "jail": "jail: {card}",
    "award": "award +{n}★ at the end",
    "adverts": "adverts {n}/5",
    "team": "  Team {team}★ vs Penny Dreadful {penny}★ (signature: {genre})",
    "offer": "  Offer row, newest first: {cards}",
    "offer_card": "{letter} {genre} {cost}¢",
    "offer_classic": "{letter} {genre} classic {cost}¢",
    # the hand
    "hand": "{name}'s hand:",
    "hand_card": "  {letter}  {genre}: {summary}",
    "hand_inked": "  {letter}  {genre}: {summary}  [inked: use it face up]",
    "classic": "{genre} classic",
    "starter": "{letter} {summary}",
    "starters": "  starters: {cards}",
    "piles": "  Draw pile {draw} · discard pile {discard} · ink {ink} · remover {remover}",
    # decisions
    "spell": "{name}, your turn: type a word to spell it, or choose:",
    "spell_short": "{name}, type a word to spell it ('hint' for ideas), or choose:",
    "vote": "{speller} spelled {word}, which is not in the dictionary. {name}, your vote:",
    "choose": "{name}, choose:",
    "word": "Word {word} so far: {coins}¢ this turn.",
    "nothing": "There is nothing for you to decide right now.",
    "not_allowed": "Not allowed: {error}",
    "not_understood": "Not understood: {error}",
    "no_such_option": "Choose a number from 1 to {n}.",
    "not_human": "Seat {n} is not a human player at this table.",
    "bad_word": "Type a word of at least 2 letters A-Z, e.g. STALE.",
    "cannot_spell_now": "You cannot spell now.",
    "cannot_spell": "Your cards cannot spell {word} (inked cards must be in the word, face up).",
    "hints_only": "Hints are for spelling.",
    "no_hint": "No word found: you may have to skip (or clear an inked card with remover).",
    "hint": "  {word}: {coins}¢ {prestige}★",
    "ai_does": "(the computer chooses for you)",
    # options: each legal move in words
    "opt.skip": "skip the turn (writer's block)",
    "opt.ink": "draw a card with ink ({n} ink left)",
    "opt.remover": "clear inked {card} with remover",
    "opt.unremover": "take the remover back from {card}",
    "opt.ghostwriter": "ask for a ghostwriter",
    "opt.adopt": "adopt {word} (suggested by {who})",
    "opt.uncover": "uncover the wild {card}",
    "opt.double": "double {card}",
    "opt.trash": "trash {card} for its bonus",
    "opt.dump": "dump {card} from your discard pile",
    "opt.preview": "preview the top cards of your draw pile",
    "opt.return": "keep {card} on top of your draw pile",
    "opt.discard": "discard {card}",
    "opt.take_coins": "take {n}¢",
    "opt.take_prestige": "take {n}★",
    "opt.take_ink": "take 1 ink",
    "opt.take_remover": "take 1 remover",
    "opt.reserve": "jail {card} for yourself ({cost}¢)",
    "opt.remove": "remove {card} from the game",
    "opt.flush": "flush the offer row",
    "opt.buy": "buy {card} for {cost}¢ — {summary}",
    "opt.buy_jail": "buy {card} from your jail for {cost}¢ — {summary}",
    "opt.advert": "buy an advert: {cost}¢ for {prestige}★",
    "opt.convert": "turn {ink} ink into {n}¢",
    "opt.end": "end the turn",
    "opt.end_ink": "end the turn ({n}¢ left become {n} ink)",
    "opt.pass": "pass",
    "or_remove": "remove it from the game",
    "or_discard": "discard it",
    "opt.vote_accept": "accept {word}",
    "opt.vote_reject": "reject {word}",
    "phase.choice": "{card} gives a choice:",
    "phase.trash": "You may trash a card of your word for its bonus:",
    "phase.dump": "You may dump a card of your discard pile for coins:",
    "phase.preview": "You may preview your draw pile:",
    "phase.previewing": "You see {cards} on top of your draw pile:",
    "phase.jail": "You may jail an offer-row card:",
    "phase.flush": "The offer row may be flushed:",
    "phase.buy": "You have {coins}¢ to spend:",
    "phase.uncover": "{card} uncovers one of your wilds:",
    "phase.double": "{card} doubles one of its neighbours:",
    # what happened
    "card": "{letter} ({genre})",
    "card_classic": "{letter} ({genre} classic)",
    "ev.earn": "{name} earns {coins}¢ and {prestige}★.",
    "ev.spell_earn": "{name} spells {word}: {coins}¢ and {prestige}★.",
    "ev.take_ink": "{name} takes 1 ink.",
    "ev.take_remover": "{name} takes 1 remover.",
    "ev.trash": "{name} trashes {card}.",
    "ev.dump": "{name} dumps {card}.",
    "ev.preview": "{name} previews {n} cards.",
    "ev.preview_own": "You preview {cards}.",
    "ev.jail": "{name} jails {card}.",
    "ev.remove": "{name} removes {card} from the game.",
    "ev.flush": "{name} flushes the offer row.",
    "ev.buy": "{name} buys {card}.",
    "ev.advert": "{name} buys an advert for {cost}¢: +{prestige}★.",
    "ev.convert": "{name} turns {ink} ink into {coins}¢.",
    "ev.coins_to_ink": "{name}'s {ink}¢ left become {ink} ink.",
    "ev.cycle": "The offer row cycles: {card} leaves.",
    "ev.skip": "{name} skips the turn.",
    "ev.ink_draw": "{name} draws an inked card with ink: {card}.",
    "ev.ink_draw_you": "You draw {card} with ink: it must go into your word, face up.",
    "ev.remover": "{name} clears inked {card} with remover.",
    "ev.award": "{name} claims the {n}★ literary award.",
    "ev.award_lost": "{name} loses the {n}★ award.",
    "ev.final_round": "{name} reached the goal: this is the final round.",
    "ev.final_round_anon": "The goal is reached: this is the final round.",
    "ev.vote_start": "{word} is not in the dictionary: the other players vote.",
    "ev.vote": "{name} votes {how}.",
    "ev.vote_result": "{word} is {how}.",
    "ev.accepted": "accepted",
    "ev.refused": "refused",
    "ev.accept": "accept",
    "ev.reject": "reject",
    "ev.ghostwriter": "{name} asks for a ghostwriter: the hand is shown to everyone.",
    "ev.suggestion": "{name} suggests {word} (suggestion {n}).",
    "ev.adopt": "{name} adopts {word}, suggested by {by}.",
    "ev.ghostwriter_paid": "{name} ghostwrote the word: +{ink} ink.",
    "ev.classic_in_play": "{card} stays in play for {name}.",
    "ev.classic_leaves": "{card} leaves {name}'s play (used by {by}).",
    "ev.classic_discarded": "{name}'s classic {card} is discarded.",
    "ev.penny": "Penny Dreadful claims {card} for {prestige}★.",
    "ev.penny_remove": "Penny Dreadful removes {card}.",
    "ev.penny_gain": "Penny Dreadful gains {prestige}★ ({reason} signature).",
    "turn": "{name} {what}",
    "turn.spelled": "spells {word}: {coins}¢ {prestige}★",
    "turn.skipped": "skips the turn (writer's block)",
    "turn.trashed": "trashes {cards}",
    "turn.dumped": "dumps {cards}",
    "turn.reserved": "jails {cards}",
    "turn.removed": "removes {cards}",
    "turn.flushed": "flushes the offer row",
    "turn.bought": "buys {cards}",
    "turn.adverts": "{n} advert(s)",
    "turn.award": "takes the {n}★ award",
    "turn.ink": "{n}¢ left → {n} ink",
    "turn.preview": "previews {n} cards",
    "turn.cycle": "the offer row cycles: {card} leaves",
    "turn.classic": "{card} stays in play",
    # the end
    "over": "Game over after {rounds} rounds.",
    "rank": "  {rank}. {name}: {score}★{award}, ink {ink}{best}",
    "rank_award": " (incl. {n}★ award)",
    "best": " · best word {word}",
    "coop_won": "  The team wins: {team}★ against Penny Dreadful's {penny}★{award}.",
    "coop_lost": "  Penny Dreadful wins: {penny}★ against the team's {team}★{award}.",
    "coop_award": " (team award {n}★ included)",
    "stats": "  {words} words spelled; the longest had {longest} letters.",
    "winner": "{name} wins!",
    "winners": "{names} share the win!",
}


def t(key: str, **fields: object) -> str:
    return TEXT[key].format(**fields)


def card_label(cid: int) -> str:
    c = card(cid)
    return t("card_classic" if c.timeless else "card", letter=c.letter, genre=genre_name(c.genre))


@dataclass
class Option:
    label: str
    move: str


class Terminal:
    """Games in a terminal: humans type, computer players answer by themselves."""

    def __init__(self, game: Game, humans: list[int], strengths: dict[int, int], names: dict[int, str],
                 out: TextIO, read: Callable[[str], str], new_game: Callable[[], Game] | None = None) -> None:
        self.game = game
        self.humans = humans
        self.strengths = strengths
        self.names = names
        self.out = out
        self.read = read
        self.new_game = new_game
        self.shown_table: tuple[Any, ...] | None = None
        self.table_moment: tuple[Any, ...] | None = None
        self.shown_hand: dict[int, tuple[int, ...]] = {}
        self.turn_events: list[dict[str, Any]] = []  # a computer's turn so far, said in one line at its end
        self.options: list[Option] = []
        self.spelled: dict[str, Any] | None = None  # a word event waiting for its earnings

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        while True:
            if not self.play_one():
                return 0
            self.show_results()
            if self.new_game is None or not self.again():
                return 0
            self.game = self.new_game()
            self.shown_table, self.shown_hand = None, {}
            self.say(t("new_game"))

    def again(self) -> bool:
        try:
            answer = self.read(t("again"))
        except EOFError:
            return False
        return answer.strip().lower() in ("y", "yes")

    def play_one(self) -> bool:
        """Play until the game ends (True) or the player leaves (False)."""
        self.say(t("intro", seats=", ".join(self.names[s] for s in range(self.game.num_players)),
                   mode=self.mode(), dictionary=self.game.options.dictionary))
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
                line = self.read(t("prompt", name=self.names[seat]))
            except EOFError:
                self.say("\n" + t("eof"))
                return False
            if not self.handle(seat, line.strip()):
                return False
        return True

    def mode(self) -> str:
        o = self.game.options
        return t("mode.coop", goal=self.game.goal) if o.coop else t("mode.race", goal=o.length)

    def computer_to_act(self) -> int | None:
        g = self.game
        order = [g.active_seat] + [s for s in range(g.num_players) if s != g.active_seat]
        for seat in order:
            if seat in self.strengths and wants_to_act(g, seat):
                return seat
        return None

    def human_to_act(self) -> int:
        g = self.game
        if g.phase == "vote":
            for seat in self.humans:
                if wants_to_act(g, seat):
                    return seat
        return g.active_seat

    def computer_move(self, seat: int) -> None:
        # a computer's own moves are never printed: its previews and choices are its secret;
        # what the table sees is said as events, its turn in one line at the end
        move = choose_move(self.game, seat, self.strengths[seat])
        self.report(self.game.apply(seat, move), seat)

    # ------------------------------------------------------------------ human input
    def handle(self, seat: int, line: str) -> bool:
        """Act on one input line; False when the player wants to quit."""
        if not line:
            return True
        first, _, rest = line.partition(" ")
        command = first.lower()
        if command in ("quit", "exit"):
            self.say(t("goodbye"))
            return False
        if command in ("help", "?"):
            self.say(TEXT["help"])
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
                self.say(t("nothing"))
            else:
                self.say(t("ai_does"))
                self.apply(seat, choose_move(self.game, seat, 2))
        elif command == "word":
            self.spell_word(seat, rest.strip())
        elif command.isdigit() and not rest:
            self.choose(seat, int(command))
        elif command == "adopt" and rest.strip().isdigit():
            self.adopt(seat, f"adopt {rest.strip()}")
        elif command.endswith(":") and command[:-1].isdigit():
            other = int(command[:-1]) - 1
            if other not in self.humans:
                self.say(t("not_human", n=other + 1))
            else:
                self.apply(other, rest.strip())
        elif (line.isalpha() and line.isascii() and not _is_move_name(command)
              and self.game.spell_options(seat) is not None):
            self.spell_word(seat, line)
        else:
            self.apply(seat, line)
        return True

    def choose(self, seat: int, number: int) -> None:
        options = self.menu(seat)
        if not 1 <= number <= len(options):
            self.say(t("no_such_option", n=len(options)) if options else t("nothing"))
            return
        move = options[number - 1].move
        if move.startswith("adopt "):
            self.adopt(seat, move)
        else:
            self.apply(seat, move)

    def apply(self, seat: int, move: str) -> bool:
        if not move:
            self.say(t("nothing"))
            return False
        try:
            events = self.game.apply(seat, move)
        except IllegalMove as error:
            self.say(t("not_allowed", error=error))
            return False
        except (ValueError, KeyError) as error:  # defensive: nothing typed may crash the game
            self.say(t("not_understood", error=error))
            return False
        self.report(events, seat)
        return True

    def adopt(self, seat: int, move: str) -> None:
        """Adopt a ghostwriter's suggestion and spell it at once, in its best arrangement."""
        if not self.apply(seat, move):
            return
        ghost = self.game.state.turn.extra.get("ghost") or {}
        index = ghost.get("adopted")
        if index is not None:
            self.spell_word(seat, ghost["suggestions"][index][1])

    def spell_word(self, seat: int, word: str) -> None:
        if not word.isalpha() or not word.isascii() or len(word) < 2:
            self.say(t("bad_word"))
            return
        if self.game.spell_options(seat) is None:
            self.say(t("cannot_spell_now"))
            return
        play = best_arrangement(PlayerCards.from_game(self.game, seat), word.upper())  # the solver (R7.10)
        if play is None:
            self.say(t("cannot_spell", word=word.upper()))
            return
        self.apply(seat, play.move)

    # ------------------------------------------------------------------ the decision and its options
    def menu(self, seat: int) -> list[Option]:
        """The legal choices of ``seat`` now, in words (spelling itself is typed, not listed)."""
        g = self.game
        moves = [str(m) for m in g.legal_moves(seat)]
        out: list[Option] = []
        for move in moves:
            label = self.describe_move(seat, move)
            if label is not None:
                out.append(Option(label, move))
        if g.spell_options(seat) is not None and g.num_players > 1 and g.options.ghostwriter:
            ghost = g.state.turn.extra.get("ghost")
            if ghost is None:
                out.append(Option(t("opt.ghostwriter"), "ghostwriter"))
            else:
                for i, (who, word) in enumerate(ghost["suggestions"], start=1):
                    out.append(Option(t("opt.adopt", word=word, who=self.names[who]), f"adopt {i}"))
        # two options that read the same (two copies of a letter) get their card numbers
        labels = [o.label for o in out]
        for o in out:
            if labels.count(o.label) > 1 and o.move.split()[-1].isdigit():
                o.label += f" (#{o.move.split()[-1]})"
        return out

    def describe_move(self, seat: int, move: str) -> str | None:
        g = self.game
        name, _, arg = move.partition(" ")
        cid = int(arg) if arg.isdigit() else None
        label = card_label(cid) if cid is not None and name not in ("convert", "adopt") else ""
        if name == "timeout":
            return None
        if name == "ink":
            return t("opt.ink", n=g.player(seat).ink)
        if name in ("remover", "unremover", "uncover", "double", "trash", "dump", "return", "discard", "remove"):
            return t(f"opt.{name}", card=label)
        if name == "reserve":
            return t("opt.reserve", card=label, cost=card(cid or 0).cost)
        if name == "buy":
            c = card(cid or 0)
            key = "opt.buy_jail" if g.player(seat).jail == cid else "opt.buy"
            return t(key, card=label, cost=c.cost, summary=card_summary(c, 80))
        if name == "take":
            pend = g.pending() or {}
            if arg in ("coins", "prestige"):
                return t(f"opt.take_{arg}", n=pend.get("value", 0))  # already multiplied by doubles
            return t(f"opt.take_{arg}")
        if name == "advert":
            cost, prestige = ADVERTS[g.player(seat).adverts]
            return t("opt.advert", cost=cost, prestige=prestige)
        if name == "convert":
            n = int(arg)
            return t("opt.convert", ink=3 * n, n=n)
        if name == "end":
            coins = g.state.turn.coins
            return t("opt.end_ink", n=coins) if coins else t("opt.end")
        if name == "vote":
            vote = g.state.turn.extra.get("vote") or {}
            return t(f"opt.vote_{arg}", word=vote.get("word", "?"))
        if name in ("skip", "preview", "flush", "pass"):
            return t(f"opt.{name}")
        return move

    def phase_line(self, seat: int) -> str:
        g = self.game
        pend = g.pending() or {}
        phase = pend.get("phase", g.phase)
        name = self.names[seat]
        if phase == "spell":
            return t("spell", name=name)
        if phase == "vote":
            vote = g.state.turn.extra.get("vote") or {}
            return t("vote", speller=self.names[g.active_seat], word=vote.get("word"), name=name)
        if phase == "choice":
            return t("phase.choice", card=card_label(pend["card"]))
        if phase == "previewing":
            return t("phase.previewing", cards=", ".join(card_label(c) for c in pend.get("cards", [])))
        if phase in ("uncover", "double"):
            return t(f"phase.{phase}", card=card_label(pend.get("source", 0)))
        if phase == "buy":
            return t("phase.buy", coins=g.state.turn.coins)
        key = f"phase.{phase}"
        return TEXT[key] if key in TEXT else t("choose", name=name)

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
        elif g.phase not in ("vote", "buy") and g.state.turn.word:
            letters = "".join(s.letter for s in g.state.turn.word)
            self.say(t("word", word=letters, coins=g.state.turn.coins))
        self.say(self.phase_line(seat))
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
        # two choices about the same card (jail it or remove it; keep it or discard it) share a line
        i = 0
        while i < len(items):
            a, b = self.options[i], self.options[i + 1] if i + 1 < len(items) else None
            if b is not None and _same_card(a.move, b.move):
                self.say(f"  {items[i]}  ·  [{i + 2}] {TEXT['or_' + b.move.split()[0]]}")
                i += 2
            else:
                self.say("  " + items[i])
                i += 1

    # ------------------------------------------------------------------ the table and the hand
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
        g = self.game
        s = g.state
        self.say(t("round", round=s.round, final=TEXT["final"] if s.final_round else "",
                   goal=t("goal", goal=g.goal)))
        scores = g.scores()
        for p in s.players:
            extras = []
            if p.timeless:
                extras.append(t("classics", cards=", ".join(card_label(c) for c in p.timeless)))
            if p.jail is not None:
                extras.append(t("jail", card=card_label(p.jail)))
            if p.award:
                extras.append(t("award", n=p.award))
            if g.options.adverts and p.adverts:
                extras.append(t("adverts", n=p.adverts))
            score = "" if g.options.coop else t("score", score=scores[p.seat])
            self.say(t("seat", name=self.names[p.seat], score=score, ink=p.ink, remover=p.remover,
                       extras="; " + "; ".join(extras) if extras else ""))
        if g.options.coop:
            self.say(t("team", team=s.penny["team"], penny=s.penny["score"], genre=s.penny["genre"]))
        row = []
        for cid in reversed(s.offer_row):  # newest first, as the table image shows it
            c = card(cid)
            row.append(t("offer_classic" if c.timeless else "offer_card", letter=c.letter, genre=genre_name(c.genre),
                         cost=c.cost))
        self.say(t("offer", cards=" · ".join(row)))

    def show_hand(self, seat: int, force: bool = False) -> None:
        p = self.game.player(seat)
        key = (*p.hand, -1, *p.inked)
        if self.shown_hand.get(seat) == key and not force:
            return
        self.shown_hand[seat] = key
        self.say(t("hand", name=self.names[seat]))
        starters = []
        for cid in p.hand:
            c = card(cid)
            if c.is_starter and cid not in p.inked:  # plain starters share one line
                starters.append(t("starter", letter=c.letter, summary=card_summary(c)))
                continue
            genre = t("classic", genre=genre_name(c.genre)) if c.timeless else genre_name(c.genre)
            self.say(t("hand_inked" if cid in p.inked else "hand_card", letter=c.letter, genre=genre,
                       summary=card_summary(c, 80).removeprefix("timeless classic · ")))
        if starters:
            self.say(t("starters", cards=" · ".join(starters)))
        self.say(t("piles", draw=len(p.draw), discard=len(p.discard), ink=p.ink, remover=p.remover))

    def show_hint(self, seat: int) -> None:
        from hardback_bot.help.words import hint_plays  # the bot's own hint: the shared solver

        if self.game.spell_options(seat) is None:
            self.say(t("hints_only"))
            return
        found = hint_plays(self.game, seat, self.game.checker, limit=HINTS)
        if not found:
            self.say(t("no_hint"))
        for o in found:
            self.say(t("hint", word=o.word.upper(), coins=o.coins, prestige=o.prestige))

    # ------------------------------------------------------------------ what happened
    def report(self, events: Sequence[dict[str, Any]], actor: int) -> None:
        """Say what ``actor``'s move did.  A computer's turn is said in one line when it ends; what
        others must know at once (votes, suggestions, the final round) is said as it happens."""
        for e in events:
            kind = e["type"]
            computer_turn = actor in self.strengths and e.get("seat", actor) == actor
            if kind == "turn_end":
                if e["seat"] in self.strengths:
                    self.say(self.turn_line(e))
                self.turn_events = []
                continue
            if computer_turn and kind in ("word", "earn", "trash", "dump", "jail", "buy", "advert", "flush",
                                          "coins_to_ink", "award", "preview", "preview_discard", "take", "skip",
                                          "gain", "uncover", "double", "convert", "cycle", "classic_in_play"):
                self.turn_events.append(e)  # folded into the turn's line
                continue
            if kind == "word":  # said with its earnings, just after
                self.spelled = e
                continue
            line = self.event_line(e, actor)
            if line:
                self.say("  " + line)

    def turn_line(self, e: dict[str, Any]) -> str:
        summary = e.get("summary") or {}
        name = self.names[e["seat"]]
        parts = []
        if summary.get("skipped"):
            parts.append(t("turn.skipped"))
        elif summary.get("word"):
            parts.append(t("turn.spelled", word=summary["word"], coins=summary.get("coins", 0),
                           prestige=summary.get("prestige", 0)))
        for key in ("trashed", "dumped", "reserved", "removed", "bought"):
            if summary.get(key):
                parts.append(t(f"turn.{key}", cards=", ".join(card_label(c) for c in summary[key])))
        if summary.get("flushed"):
            parts.append(t("turn.flushed"))
        if summary.get("adverts"):
            parts.append(t("turn.adverts", n=summary["adverts"]))
        if summary.get("award"):
            parts.append(t("turn.award", n=summary["award"]))
        for ev in self.turn_events:
            if ev["type"] == "preview":
                parts.append(t("turn.preview", n=ev["count"]))
            elif ev["type"] == "coins_to_ink":
                parts.append(t("turn.ink", n=ev["ink"]))
            elif ev["type"] == "cycle":
                parts.append(t("turn.cycle", card=card_label(ev["card"])))
            elif ev["type"] == "classic_in_play":
                parts.append(t("turn.classic", card=card_label(ev["card"])))
            elif ev["type"] == "convert":
                parts.append(t("ev.convert", name="", ink=ev["ink"], coins=ev["coins"]).strip().rstrip("."))
        return t("turn", name=name, what=" · ".join(parts) or "—")

    def event_line(self, e: dict[str, Any], actor: int) -> str | None:
        n = self.names
        kind = e["type"]
        who = n.get(e.get("seat", actor), "?")
        if kind == "earn":
            word, self.spelled = self.spelled, None
            if word is not None:
                return t("ev.spell_earn", name=who, word=word["word"], coins=e["coins"], prestige=e["prestige"])
            return t("ev.earn", name=who, coins=e["coins"], prestige=e["prestige"])
        if kind == "take":
            what = "ev.take_ink" if e.get("ink") else "ev.take_remover" if e.get("remover") else None
            return t(what, name=who) if what else None
        if kind in ("trash", "dump"):
            return t(f"ev.{kind}", name=who, card=card_label(e["card"]))
        if kind == "preview":
            if e["seat"] in self.humans and e["seat"] == actor:
                return None  # the decision that follows lists the cards
            return t("ev.preview", name=who, n=e["count"])
        if kind == "jail":
            return t("ev.jail" if e["reserve"] else "ev.remove", name=who, card=card_label(e["card"]))
        if kind == "flush":
            return t("ev.flush", name=who)
        if kind == "buy":
            return t("ev.buy", name=who, card=card_label(e["card"]))
        if kind == "advert":
            return t("ev.advert", name=who, cost=e["cost"], prestige=e["prestige"])
        if kind == "convert":
            return t("ev.convert", name=who, ink=e["ink"], coins=e["coins"])
        if kind == "coins_to_ink":
            return t("ev.coins_to_ink", name=who, ink=e["ink"])
        if kind == "cycle":
            return t("ev.cycle", card=card_label(e["card"]))
        if kind == "skip":
            return t("ev.skip", name=who)
        if kind == "ink_draw":  # inked cards are public (R6.10)
            if e["seat"] == actor and actor in self.humans:
                return t("ev.ink_draw_you", card=card_label(e["card"]))
            return t("ev.ink_draw", name=who, card=card_label(e["card"]))
        if kind == "remover":
            return t("ev.remover", name=who, card=card_label(e["card"])) if "card" in e else None
        if kind == "award":
            return t("ev.award", name=who, n=e["value"])
        if kind == "award_lost":
            return t("ev.award_lost", name=who, n=e["value"])
        if kind == "final_round":
            reached = [s for s, p in enumerate(self.game.state.players) if p.prestige >= self.game.goal]
            if reached:
                return t("ev.final_round", name=" and ".join(n[s] for s in reached))
            return t("ev.final_round_anon")
        if kind == "vote_start":
            return t("ev.vote_start", word=e["word"])
        if kind == "vote":
            return t("ev.vote", name=who, how=TEXT["ev.accept" if e["accept"] else "ev.reject"])
        if kind == "vote_result":
            return t("ev.vote_result", word=e["word"], how=TEXT["ev.accepted" if e["accepted"] else "ev.refused"])
        if kind == "ghostwriter":
            return t("ev.ghostwriter", name=who)
        if kind == "suggestion":
            return t("ev.suggestion", name=who, word=e["word"], n=e["index"])
        if kind == "adopt":
            return t("ev.adopt", name=who, word=e["word"], by=n[e["by"]])
        if kind == "ghostwriter_paid":
            return t("ev.ghostwriter_paid", name=who, ink=e["ink"])
        if kind == "classic_in_play":
            return t("ev.classic_in_play", card=card_label(e["card"]), name=who)
        if kind == "classic_leaves":
            return t("ev.classic_leaves", card=card_label(e["card"]), name=who, by=n[e["by"]])
        if kind == "classic_discarded":
            return t("ev.classic_discarded", card=card_label(e["card"]), name=who)
        if kind == "penny_claim":
            return t("ev.penny", card=card_label(e["card"]), prestige=e["prestige"])
        if kind == "penny_remove":
            return t("ev.penny_remove", card=card_label(e["card"]))
        if kind == "penny_gain" and e["reason"] != "claim":
            return t("ev.penny_gain", prestige=e["prestige"], reason=e["reason"])
        return None

    def show_results(self) -> None:
        g = self.game
        stats = g.stats()
        self.say("")
        self.say(t("over", rounds=stats["table"]["turns"]))
        results = g.results()
        if g.options.coop:
            first = results[0]
            award = t("coop_award", n=first["award"]) if first["award"] else ""
            self.say(t("coop_won" if first["won"] else "coop_lost", team=first["prestige"], penny=first["penny"],
                       award=award))
        else:
            for row in results:
                seat = row["seat"]
                award = t("rank_award", n=row["award"]) if row["award"] else ""
                best_word = stats["players"][seat].get("bestWordText")
                best = t("best", word=best_word.upper()) if best_word else ""
                self.say(t("rank", rank=row["rank"], name=self.names[seat], score=row["prestige"], award=award,
                           ink=row["ink"], best=best))
            winners = [self.names[r["seat"]] for r in results if r["rank"] == 1]
            self.say(t("winner", name=winners[0]) if len(winners) == 1 else t("winners", names=", ".join(winners)))
        self.say(t("stats", words=stats["table"]["words"], longest=stats["table"]["longestWord"]))


_MOVE_NAMES = frozenset({"ink", "remover", "unremover", "skip", "uncover", "double", "trash", "dump", "preview",
                         "return", "discard", "pass", "take", "reserve", "remove", "flush", "buy", "advert", "convert",
                         "end", "timeout", "vote", "ghostwriter", "suggest", "adopt", "spell"})


def _is_move_name(word: str) -> bool:
    return word in _MOVE_NAMES


def _same_card(a: str, b: str) -> bool:
    pairs = {("reserve", "remove"), ("return", "discard")}
    (x, _, ca), (y, _, cb) = a.partition(" "), b.partition(" ")
    return (x, y) in pairs and ca == cb


# ---------------------------------------------------------------------------- command line
def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hardback_bot.play",
                                description="Play Hardback in a terminal against computer players or hot-seat.",
                                epilog="Example: python -m hardback_bot.play --computers easy,hard --length 40")
    p.add_argument("--players", type=int, default=1, help="human players sharing this keyboard (default 1)")
    p.add_argument("--computers", default=None,
                   help="computer players' strengths, comma-separated: easy, normal, hard; 'none' for no computer "
                        "(default: one normal computer, or none in co-op)")
    p.add_argument("--coop", action="store_true", help="co-operative game against Penny Dreadful (1-4 players)")
    p.add_argument("--penny-genre", default="random", choices=PENNY_GENRES, help="Penny's signature genre")
    p.add_argument("--length", type=int, default=60, choices=GAME_LENGTHS, help="prestige goal (competitive)")
    p.add_argument("--dictionary", default="common", help="word list: common, large, letterpress or none")
    p.add_argument("--no-awards", action="store_true", help="no literary awards")
    p.add_argument("--no-adverts", action="store_true", help="no adverts")
    p.add_argument("--unique-words", nargs="?", const="game", default="off", choices=("off", "game", "player"),
                   help="refuse repeated words (per game, or per player)")
    p.add_argument("--vote", nargs="?", const="majority", default="off", choices=("off", "majority", "unanimous"),
                   help="vote on words not in the dictionary")
    p.add_argument("--open-hands", action="store_true", help="everyone's hand is visible")
    p.add_argument("--no-ghostwriter", action="store_true", help="no ghostwriter requests")
    p.add_argument("--seed", type=int, default=None, help="seed for a repeatable game (a rematch uses the next one)")
    return p


def setup(args: argparse.Namespace) -> tuple[Game, list[int], dict[int, int], dict[int, str]]:
    """The game and who sits where; raises ValueError with a message for impossible tables."""
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
                raise ValueError(f"unknown computer strength {name!r}: use easy, normal or hard")
    if args.players < 0:
        raise ValueError("--players cannot be negative")
    if args.players == 0 and not computers:
        raise ValueError("nobody would play: add --players or --computers")
    total = args.players + len(computers)
    options = GameOptions(length=args.length, awards=not args.no_awards, adverts=not args.no_adverts,
                          unique_words=args.unique_words, dictionary=args.dictionary, vote=args.vote,
                          open_hands=args.open_hands, coop=args.coop, penny_genre=args.penny_genre,
                          ghostwriter=not args.no_ghostwriter)
    try:
        options.validate(total)
        _known_dictionary(args.dictionary)
        checker = get_dictionary(args.dictionary)
    except (OptionsError, DictionaryError) as error:
        raise ValueError(str(error)) from error
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    game = Game.new(total, seed, options, checker=checker)
    humans = list(range(args.players))
    strengths = {args.players + i: s for i, s in enumerate(computers)}
    names = {s: t("name.player", n=s + 1) for s in humans}
    names.update({s: t("name.computer", n=s + 1, strength=STRENGTHS[lvl]) for s, lvl in strengths.items()})
    return game, humans, strengths, names


def _known_dictionary(name: str) -> None:
    # Checked before loading: an unknown name gets the list of the known ones.
    known = available_dictionaries()
    if name.strip().lower() not in known:
        raise ValueError(f"unknown dictionary {name!r}; available: {', '.join(known)}")


def terminal(argv: list[str] | None, out: TextIO, read: Callable[[str], str]) -> Terminal:
    """The terminal game for these command-line arguments (tests drive it with scripted input)."""
    args = parser().parse_args(argv)
    try:
        game, humans, strengths, names = setup(args)
    except ValueError as error:
        parser().error(str(error))

    def rematch() -> Game:  # same table, a new shuffle (the next seed when one was given)
        if args.seed is not None:
            args.seed += 1
        return setup(args)[0]

    return Terminal(game, humans, strengths, names, out, read, rematch)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    game_terminal = terminal(argv, stream, _reader(stream))
    try:
        return game_terminal.run()
    except KeyboardInterrupt:
        print("\n" + t("interrupted"), file=stream)
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


if __name__ == "__main__":
    sys.exit(main())

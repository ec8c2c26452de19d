"""Play Hardback in a terminal, against computer players or hot-seat (issue 4).

    python -m hardback_bot.play                         # you against a normal computer player
    python -m hardback_bot.play --computers easy,hard   # you against two computers
    python -m hardback_bot.play --players 2 --computers none   # two people, one keyboard
    python -m hardback_bot.play --coop --penny-genre romance    # solo against Penny Dreadful

Moves use the engine's notation (docs/notation.md); ``word CAT`` spells a word with the best
arrangement of your cards; ``help`` lists every command.  Bad input is explained, never fatal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from hardback_bot.ai import STRENGTHS, choose_move, wants_to_act
from hardback_bot.ai.finder import Budget, Cards, best_plays
from hardback_bot.ai.public import public_facts
from hardback_bot.ai.solving import arrange
from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError
from hardback_bot.engine.cards import Benefit, card
from hardback_bot.engine.options import GAME_LENGTHS, PENNY_GENRES
from hardback_bot.engine.views import player_view
from hardback_bot.words import DictionaryError, available_dictionaries, get_dictionary

STRENGTH_NAMES = {name: level for level, name in STRENGTHS.items()}
GENRE_MARK = {"starter": "st", "adventure": "ADV", "horror": "HOR", "mystery": "MYS", "romance": "ROM"}

HELP = """Commands (the move notation is in docs/notation.md):
  word CAT             spell CAT with the best arrangement of your cards (wilds filled in for you)
  spell 12 40=A 1156   spell card by card; N=L plays card N wild as letter L
  skip                 writer's block: skip your turn
  ink / remover N      draw a card with ink / clear inked card N with remover
  take coins|prestige|ink|remover, trash N, dump N, preview, return N, discard N,
  uncover N, double N, reserve N, remove N, flush, buy N, advert, convert N, pass, end
  vote accept|reject   when another player's word is put to a vote
  ghostwriter          show your hand and let the computer players suggest a word
  adopt N              adopt suggestion number N
  N: MOVE              act as seat N (hot-seat: e.g. "1: ink" during someone else's turn)
  hint                 the best words your cards can spell
  ai                   let a computer player make this move for you
  hand, table, moves   show your cards, the table, or your legal moves again
  help, quit"""


# ---------------------------------------------------------------------------- describing things
def benefit_text(b: Benefit) -> str:
    v = b.value
    return {
        "coins": f"{v}¢", "prestige": f"{v}★", "either_coins_or_prestige": f"{v}¢ or {v}★",
        "ink_or_remover": "ink or remover", "uncover_adjacent": "uncover a neighbour",
        "double_adjacent": "double a neighbour", "jail": "jail", "trash_for_coins": f"trash for {v}¢",
        "trash_for_prestige": f"trash for {v}★", "dump_discard_for_coins": f"dump a discard for {v}¢",
        "coins_per_adventure": f"{v}¢ per adventure", "prestige_per_inked_card": f"{v}★ per inked card",
        "prestige_per_wild": f"{v}★ per wild", "preview": "preview 3",
    }.get(b.kind, b.kind)


def card_text(cid: int, show_cost: bool = False) -> str:
    c = card(cid)
    basic = ", ".join(benefit_text(b) for b in c.basic) or "-"
    text = f"#{cid} {c.letter} {GENRE_MARK[c.genre]}"
    if show_cost:
        text += f" {c.cost}¢"
        if c.purchase_prestige:
            text += f" (+{c.purchase_prestige}★ on purchase)"
    text += f": {basic}"
    if c.genre_bonus:
        text += f" | genre: {', '.join(benefit_text(b) for b in c.genre_bonus)}"
    if c.timeless:
        text += " [timeless]"
    return text


class Terminal:
    """One game in a terminal: humans type moves, computer players answer by themselves."""

    def __init__(self, game: Game, humans: list[int], strengths: dict[int, int], names: dict[int, str],
                 out: TextIO, read: Callable[[str], str]) -> None:
        self.game = game
        self.humans = humans
        self.strengths = strengths
        self.names = names
        self.out = out
        self.read = read

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    # ------------------------------------------------------------------ main loop
    def run(self) -> int:
        self.say(f"Hardback: {self.describe_table_options()}")
        self.say("Type 'help' for the commands.\n")
        last_shown: tuple[int, int, str] | None = None
        while not self.game.finished:
            computer = self.computer_to_act()
            if computer is not None:
                self.computer_move(computer)
                continue
            seat = self.human_to_act()
            key = (seat, len(self.game.move_log), self.game.phase)
            if key != last_shown:
                self.show_decision(seat)
                last_shown = key
            try:
                line = self.read(f"{self.names[seat]}> ")
            except EOFError:
                self.say("\nInput ended: leaving the game.")
                return 0
            if not self.handle(seat, line.strip()):
                return 0
        self.show_results()
        return 0

    def computer_to_act(self) -> int | None:
        g = self.game
        order = [s for s in range(g.num_players) if s != g.active_seat] + [g.active_seat]
        if g.phase != "vote":
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
        move = choose_move(self.game, seat, self.strengths[seat])
        events = self.game.apply(seat, move)
        self.say(f"{self.names[seat]}: {move}")
        self.report(events)

    # ------------------------------------------------------------------ human input
    def handle(self, seat: int, line: str) -> bool:
        """Act on one input line; False when the player wants to quit."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        command = word.lower()
        if command in ("quit", "exit"):
            self.say("Goodbye.")
            return False
        if command in ("help", "?"):
            self.say(HELP)
        elif command == "hand":
            self.show_hand(seat)
        elif command == "table":
            self.show_table()
        elif command == "moves":
            self.show_moves(seat)
        elif command == "hint":
            self.show_hint(seat)
        elif command == "ai":
            self.apply(seat, choose_move(self.game, seat, 2) if wants_to_act(self.game, seat) else "")
        elif command == "word":
            self.spell_word(seat, rest.strip())
        elif command.endswith(":") and command[:-1].isdigit():
            other = int(command[:-1]) - 1
            if other not in self.humans:
                self.say(f"Seat {other + 1} is not a human player at this table.")
            else:
                self.apply(other, rest.strip())
        else:
            self.apply(seat, line)
        return True

    def apply(self, seat: int, move: str) -> None:
        if not move:
            self.say("There is nothing for you to decide right now.")
            return
        try:
            events = self.game.apply(seat, move)
        except IllegalMove as error:
            self.say(f"Not allowed: {error}")
            return
        except (ValueError, KeyError) as error:  # defensive: nothing typed may crash the game
            self.say(f"Not understood: {error}")
            return
        self.report(events)

    def spell_word(self, seat: int, word: str) -> None:
        if not word.isalpha() or not word.isascii() or len(word) < 2:
            self.say("Type 'word' and then a word of at least 2 letters A-Z, e.g. 'word CAT'.")
            return
        options = self.game.spell_options(seat)
        if options is None:
            self.say("You cannot spell now.")
            return
        cards = Cards(seat, options.hand, options.inked, options.classics_in_play)
        play = arrange(cards, word.upper(), _earned)  # the solver's best arrangement (R7.10)
        if play is None:
            self.say(f"Your cards cannot spell {word.upper()} (remember: inked cards must be in the word, face up).")
            return
        self.say(f"Spelling {play.word}: {play.move}")
        self.apply(seat, play.move)

    # ------------------------------------------------------------------ showing things
    def describe_table_options(self) -> str:
        o = self.game.options
        seats = ", ".join(f"{self.names[s]}" for s in range(self.game.num_players))
        mode = f"co-op against Penny Dreadful (goal {self.game.goal})" if o.coop else f"first to {o.length}"
        return f"{seats}; {mode}; dictionary {o.dictionary}"

    def show_decision(self, seat: int) -> None:
        g = self.game
        self.say("")
        self.show_table()
        if g.phase == "vote":
            vote = g.state.turn.extra.get("vote") or {}
            self.say(f"\n{self.names[g.active_seat]} spelled {vote.get('word')}, which is not in the dictionary. "
                     "Vote: 'vote accept' or 'vote reject'.")
            return
        self.show_hand(seat)
        pend = g.pending()
        self.say(f"\n{self.names[seat]}, {self.explain(pend)}")
        self.show_moves(seat)

    def explain(self, pend: dict[str, Any] | None) -> str:
        g = self.game
        if g.phase == "spell":
            return "spell a word ('word CAT', or 'spell ...'), or 'skip'. 'hint' shows words you can make."
        phase = (pend or {}).get("phase", g.phase)
        if phase in ("uncover", "double"):
            return f"choose which card to {phase}: {', '.join(str(c) for c in pend['targets'])}."
        if phase == "choice":
            what = f"{pend['value']}¢ or {pend['value']}★" if pend["kind"] == "either_coins_or_prestige" else \
                "1 ink or 1 remover"
            return f"card #{pend['card']} gives {what}: 'take ...'."
        if phase == "previewing":
            cards = "; ".join(card_text(c) for c in pend["cards"])
            return f"previewed cards: {cards}. 'return N' puts one back on top, 'discard N' discards it."
        return {
            "trash": "you may trash a card of your word for its bonus, preview, or pass.",
            "dump": "you may dump a card of your discard pile for coins, preview, or pass.",
            "preview": "you may preview the top 3 cards of your draw pile, or pass.",
            "jail": "you may jail an offer-row card: 'reserve N' keeps it for you, 'remove N' removes it; or pass.",
            "flush": "you may flush the offer row, or pass.",
            "buy": f"you have {g.state.turn.coins}¢ to spend: buy cards, adverts, or end your turn.",
        }.get(phase, f"phase {phase}.")

    def show_table(self) -> None:
        g = self.game
        view = player_view(g, g.active_seat)
        self.say(f"Round {g.state.round}{' (final round)' if g.state.final_round else ''}; "
                 f"{self.names[g.active_seat]} to play.")
        scores = g.scores()
        for p in g.state.players:
            extras = []
            if p.timeless:
                extras.append("classics in play: " + ", ".join(f"#{c} {card(c).letter}" for c in p.timeless))
            if p.jail is not None:
                extras.append(f"jail: #{p.jail} {card(p.jail).letter}")
            if p.award:
                extras.append(f"award {p.award}★")
            score = f"{scores[p.seat]}★" if not g.options.coop else ""
            self.say(f"  {self.names[p.seat]}: {score} ink {p.ink}, remover {p.remover}, adverts {p.adverts}"
                     + (f"; {'; '.join(extras)}" if extras else ""))
        if g.options.coop:
            penny = g.state.penny
            self.say(f"  Team {penny['team']}★ vs Penny Dreadful {penny['score']}★ (signature: {penny['genre']}),"
                     f" goal {g.goal}")
        self.say("  Offer row (newest first; Penny/cycling take the oldest, last):")
        for cid in view["offer_row"]:
            self.say(f"    {card_text(cid, show_cost=True)}")
        t = g.state.turn
        if t.word and g.phase not in ("spell", "over"):
            letters = "".join(s.letter for s in t.word)
            self.say(f"  Word: {letters}   coins this turn: {t.coins}¢")

    def show_hand(self, seat: int) -> None:
        p = self.game.player(seat)
        if not p.hand:
            return
        self.say(f"  {self.names[seat]}'s hand:")
        for cid in p.hand:
            mark = " (inked: must be used face up)" if cid in p.inked else ""
            self.say(f"    {card_text(cid)}{mark}")
        self.say(f"  Draw pile {len(p.draw)}, discard pile {len(p.discard)}.")

    def show_moves(self, seat: int) -> None:
        g = self.game
        moves = [str(m) for m in g.legal_moves(seat) if m.kind != "timeout"]
        if g.spell_options(seat) is not None:
            moves.insert(0, "word ... / spell ...")
            ghost = g.state.turn.extra.get("ghost")
            if ghost is None and g.options.ghostwriter and g.num_players > 1:
                moves.append("ghostwriter")
            elif ghost is not None:
                moves += [f"adopt {i} ({word})" for i, (_, word) in enumerate(ghost["suggestions"], start=1)]
        if len(moves) > 24:
            moves = [*moves[:24], "..."]
        self.say("  Moves: " + (", ".join(moves) if moves else "none"))

    def show_hint(self, seat: int) -> None:
        options = self.game.spell_options(seat)
        if options is None:
            self.say("Hints are for spelling.")
            return
        facts = public_facts(self.game)
        cards = Cards(seat, options.hand, options.inked, options.classics_in_play)
        checker = self.game.checker
        accept = None if self.game.options.dictionary == "none" else checker.is_word
        plays = best_plays(cards, facts.lexicon, _earned, accept, keep=5, budget=Budget(4000))
        if not plays:
            self.say("No word found: you may have to skip (or clear an inked card with remover).")
        for p in plays:
            e = p.earnings
            self.say(f"  {p.word}: about {e.coins}¢ {e.prestige}★ -> word {p.word}")

    def report(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            line = self.event_text(e)
            if line:
                self.say("  " + line)

    def event_text(self, e: dict[str, Any]) -> str | None:
        n = self.names
        kind = e["type"]
        if kind == "word":
            return f"{n[e['seat']]} spells {e['word']}."
        if kind == "earn":
            return f"{n[e['seat']]} earns {e['coins']}¢ and {e['prestige']}★."
        if kind == "gain" and (e["coins"] or e["prestige"]):
            return f"{n[e['seat']]} gains {e['coins']}¢ {e['prestige']}★."
        if kind == "buy":
            return f"{n[e['seat']]} buys {card_text(e['card'])}."
        if kind == "advert":
            return f"{n[e['seat']]} buys an advert for {e['cost']}¢: +{e['prestige']}★."
        if kind == "skip":
            return f"{n[e['seat']]} skips the turn."
        if kind == "ink_draw":
            return f"{n[e['seat']]} draws {card_text(e['card'])} with ink."
        if kind == "jail":
            how = "reserves" if e["reserve"] else "removes"
            return f"{n[e['seat']]} {how} #{e['card']} {card(e['card']).letter}."
        if kind in ("trash", "dump"):
            return f"{n[e['seat']]} {kind}s #{e['card']} {card(e['card']).letter}."
        if kind == "flush":
            return f"{n[e['seat']]} flushes the offer row."
        if kind == "award":
            return f"{n[e['seat']]} claims the {e['value']}★ literary award."
        if kind == "vote_start":
            return f"{e['word']} is not in the dictionary: the other players vote."
        if kind == "vote":
            return f"{n[e['seat']]} votes {'accept' if e['accept'] else 'reject'}."
        if kind == "vote_result":
            return f"{e['word']} is {'accepted' if e['accepted'] else 'refused'}."
        if kind == "adopt":
            return f"{n[e['seat']]} adopts {e['word']}: spell it (e.g. 'word {e['word']}') to reward {n[e['by']]}."
        if kind == "ghostwriter":
            return f"{n[e['seat']]} asks for a ghostwriter: the hand is shown to everyone."
        if kind == "suggestion":
            return f"{n[e['seat']]} suggests {e['word']} (suggestion {e['index']})."
        if kind == "ghostwriter_paid":
            return f"{n[e['seat']]} ghostwrote the word: +{e['ink']} ink."
        if kind == "penny_claim":
            return f"Penny Dreadful claims #{e['card']} {card(e['card']).letter} for {e['prestige']}★."
        if kind == "penny_gain" and e["reason"] != "claim":
            return f"Penny Dreadful gains {e['prestige']}★ ({e['reason']} signature)."
        if kind == "final_round":
            return "The goal is reached: this is the final round."
        if kind == "coins_to_ink":
            return f"{n[e['seat']]}'s leftover coins become {e['ink']} ink."
        return None

    def show_results(self) -> None:
        g = self.game
        self.say("\nGame over.")
        for row in g.results():
            extra = f" (award {row['award']}★)" if row["award"] else ""
            if g.options.coop:
                verdict = "the team wins" if row["won"] else "Penny Dreadful wins"
                self.say(f"  Team {row['prestige']}★ vs Penny {row['penny']}★: {verdict}{extra}.")
                break
            self.say(f"  {row['rank']}. {self.names[row['seat']]}: {row['prestige']}★{extra}, ink {row['ink']}")
        stats = g.stats()["table"]
        self.say(f"  Rounds {stats['turns']}, words {stats['words']}, longest word {stats['longestWord']} letters.")


def _earned(e: Any, length: int, rivals: int) -> float:
    return e.coins + e.prestige + sum(e.eithers) + 0.01 * length


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
    p.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
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
    seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(4), "big")
    game = Game.new(total, seed, options, checker=checker)
    humans = list(range(args.players))
    strengths = {args.players + i: s for i, s in enumerate(computers)}
    names = {s: f"Player {s + 1}" for s in humans}
    names.update({s: f"Computer {s + 1} ({STRENGTHS[lvl]})" for s, lvl in strengths.items()})
    return game, humans, strengths, names


def _known_dictionary(name: str) -> None:
    # Checked before loading: an unknown name gets the list of the known ones.
    known = available_dictionaries()
    if name.strip().lower() not in known:
        raise ValueError(f"unknown dictionary {name!r}; available: {', '.join(known)}")


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        game, humans, strengths, names = setup(args)
    except ValueError as error:
        parser().error(str(error))
    terminal = Terminal(game, humans, strengths, names, out or sys.stdout, _reader())
    try:
        return terminal.run()
    except KeyboardInterrupt:
        print("\nInterrupted.", file=out or sys.stdout)
        return 130


def _reader() -> Callable[[str], str]:
    if sys.stdin.isatty():
        return input

    def read(prompt: str) -> str:
        # Piped input: echo the prompt and the line so a transcript reads like a session.
        sys.stdout.write(prompt)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    return read


if __name__ == "__main__":
    sys.exit(main())

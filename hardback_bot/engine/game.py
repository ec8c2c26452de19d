"""The game: setup, legal moves, applying moves, end of game (RULES.md R3-R23).

``Game.apply(seat, move)`` either raises :class:`IllegalMove` having changed nothing, or applies
the move completely and returns the events it caused.  Every handler validates before it
mutates; the property tests check that refused moves leave the JSON state identical.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import scoring, variants
from .cards import (
    GENRES,
    card,
    coin_starter_ids,
    genre_card_ids,
    prestige_starter_ids,
    starter_instance,
)
from .errors import IllegalMove
from .moves import Move, WordCard, as_move, format_move
from .options import ADVERTS, AWARD_TABLE, GameOptions
from .rng import Rng
from .state import (
    BUY,
    CHOICE,
    DOUBLE,
    DUMP,
    FLUSH,
    JAIL,
    OVER,
    PREVIEW,
    PREVIEWING,
    SPELL,
    TRASH,
    UNCOVER,
    VOTE,
    Player,
    Slot,
    State,
    Turn,
)
from .words import AcceptAll, WordChecker

Event = dict[str, Any]
FORMAT_VERSION = 1
HAND_SIZE = 5
ROW_SIZE = 7

#: R35 statistics every player starts with.
PLAYER_STATS = (
    "pointsBasic", "pointsGenre", "pointsPurchase", "pointsAward", "pointsAdvert", "coins",
    "cardsPurchase", "cardsJail", "cardsTrash", "coopJail", "words", "longestWord", "bestWord",
    "invalidWords", "votesAccept", "votesReject", "useInk", "useRemover", "starterCard1", "starterCard2",
    "turns", "skips",
)
TABLE_STATS = ("turns", "words", "longestWord", "bestWord", "invalidWords", "flush", "cycled")


@dataclass(frozen=True, slots=True)
class SpellOptions:
    """What a player may spell with right now (R7): the solver and random players start here."""

    hand: tuple[int, ...]  # all hand cards, inked ones included
    inked: tuple[int, ...]  # must be in the word, face up (R6.4)
    classics_in_play: tuple[tuple[int, int], ...]  # (card, owner seat): usable face up, never wild


class Game:
    """One game of Hardback.  ``state`` is plain data; everything else is derived or fixed."""

    def __init__(self, state: State, options: GameOptions, num_players: int,
                 checker: WordChecker | None = None, move_log: list[tuple[int, str]] | None = None) -> None:
        self.state = state
        self.options = options
        self.num_players = num_players
        self.checker: WordChecker = checker if checker is not None else AcceptAll()
        self.move_log: list[tuple[int, str]] = move_log if move_log is not None else []
        self._rng = Rng(0)
        self._rng.state = state.rng

    # ------------------------------------------------------------------ setup (R3)
    @classmethod
    def new(cls, num_players: int, seed: int, options: GameOptions | None = None,
            checker: WordChecker | None = None) -> Game:
        options = options or GameOptions()
        options.validate(num_players)
        rng = Rng(seed)
        prestige = prestige_starter_ids()
        rng.shuffle(prestige)
        players: list[Player] = []
        for seat in range(num_players):
            p = Player(seat=seat, stats={k: 0 for k in PLAYER_STATS})
            dealt = [prestige.pop(), prestige.pop()]  # R3.2: two each, no two players share one
            p.stats["starterCard1"], p.stats["starterCard2"] = dealt
            p.draw = [starter_instance(d, seat) for d in coin_starter_ids()] + dealt
            rng.shuffle(p.draw)
            players.append(p)
        deck = genre_card_ids()
        rng.shuffle(deck)
        state = State(seed=seed, rng=0, players=players, offer_row=[], offer_deck=deck,
                      box=sorted(prestige), table_stats={k: 0 for k in TABLE_STATS})
        game = cls(state, options, num_players, checker)
        game._rng = rng
        for _ in range(ROW_SIZE):
            game._refill_one(initial=True)
        for p in players:
            game._draw_hand(p)
        state.turn = Turn(seat=0)
        if options.coop:
            variants.setup_penny(game)
        state.rng = rng.state
        return game

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        self.state.rng = self._rng.state
        return {
            "format": FORMAT_VERSION,
            "num_players": self.num_players,
            "options": self.options.to_dict(),
            "state": self.state.to_dict(),
            "log": [[seat, move] for seat, move in self.move_log],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any], checker: WordChecker | None = None) -> Game:
        if data.get("format") != FORMAT_VERSION:
            raise ValueError(f"unsupported game format {data.get('format')!r}")
        return cls(State.from_dict(data["state"]), GameOptions.from_dict(data["options"]),
                   data["num_players"], checker, [(s, m) for s, m in data["log"]])

    @classmethod
    def from_json(cls, text: str, checker: WordChecker | None = None) -> Game:
        return cls.from_dict(json.loads(text), checker)

    @classmethod
    def replay(cls, num_players: int, seed: int, options: GameOptions | None,
               moves: Iterable[tuple[int, str]], checker: WordChecker | None = None) -> Game:
        game = cls.new(num_players, seed, options, checker)
        for seat, move in moves:
            game.apply(seat, move)
        return game

    # ------------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def active_seat(self) -> int:
        return self.state.turn.seat

    @property
    def phase(self) -> str:
        return OVER if self.state.finished else self.state.turn.phase

    @property
    def goal(self) -> int:
        return self.options.goal(self.num_players)

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def classics_in_play(self) -> list[tuple[int, int]]:
        return [(cid, p.seat) for p in self.state.players for cid in p.timeless]

    def spell_options(self, seat: int) -> SpellOptions | None:
        """The cards ``seat`` may spell with, or None when spelling is not their move now."""
        if self.state.finished or seat != self.state.turn.seat or self.state.turn.phase != SPELL:
            return None
        p = self.player(seat)
        return SpellOptions(tuple(p.hand), tuple(p.inked), tuple(self.classics_in_play()))

    def pending(self) -> dict[str, Any] | None:
        """The decision the active player faces now (for prompts), or None at spelling/end."""
        if self.state.finished:
            return None
        t = self.state.turn
        if t.phase == UNCOVER or t.phase == DOUBLE:
            found = (scoring.next_uncover if t.phase == UNCOVER else scoring.next_double)(
                t.word, t.counts, t.used, t.seat)
            if found:
                i, _, targets = found
                return {"phase": t.phase, "source": t.word[i].card, "targets": [t.word[j].card for j in targets]}
        if t.phase == CHOICE:
            choice = self._next_choice()
            if choice:
                cid, _, kind, value = choice
                return {"phase": CHOICE, "card": cid, "kind": kind, "value": value}
        if t.phase == PREVIEWING:
            return {"phase": PREVIEWING, "cards": self._preview_unhandled()}
        return {"phase": t.phase}

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, except spelling (see :meth:`spell_options`)."""
        if self.state.finished:
            return []
        moves = self._token_moves(seat)
        t = self.state.turn
        if t.phase == VOTE:
            return moves + variants.vote_moves(self, seat)
        if seat != t.seat:
            return moves
        p = self.player(seat)
        phase = t.phase
        if phase == SPELL:
            moves.append(Move("skip"))
        elif phase in (UNCOVER, DOUBLE):
            pend = self.pending()
            if pend and "targets" in pend:
                moves += [Move(phase, card=c) for c in pend["targets"]]
        elif phase in (TRASH, DUMP, PREVIEW):
            if phase == TRASH:
                moves += [Move("trash", card=c) for c, _ in self._trash_options()]
            if phase == DUMP:
                moves += [Move("dump", card=c) for c in sorted(set(p.discard))]
            if self._preview_available():
                moves.append(Move("preview"))
            moves.append(Move("pass"))
        elif phase == PREVIEWING:
            for c in self._preview_unhandled():
                moves += [Move("return", card=c), Move("discard", card=c)]
        elif phase == CHOICE:
            choice = self._next_choice()
            if choice:
                options = ("coins", "prestige") if choice[2] == "either_coins_or_prestige" else ("ink", "remover")
                moves += [Move("take", choice=o) for o in options]
        elif phase == JAIL:
            for c in self.state.offer_row:
                moves += [Move("reserve", card=c), Move("remove", card=c)]
            moves.append(Move("pass"))
        elif phase == FLUSH:
            moves += [Move("flush"), Move("pass")]
        elif phase == BUY:
            moves += [Move("buy", card=c) for c in self._affordable_cards()]
            if self._advert_affordable():
                moves.append(Move("advert"))
            need = self._conversion_needed()
            if need:
                moves.append(Move("convert", number=need))
            moves.append(Move("end"))
        if phase != SPELL and phase != OVER:
            moves.append(Move("timeout"))
        return moves

    def _token_moves(self, seat: int) -> list[Move]:
        if not self._may_use_tokens(seat):
            return []
        p = self.player(seat)
        moves: list[Move] = []
        if p.ink > 0 and (p.draw or p.discard):
            moves.append(Move("ink"))
        if p.remover > 0:
            moves += [Move("remover", card=c) for c in p.inked]
        moves += [Move("unremover", card=c) for c in p.cleared if c in p.hand]
        return moves

    def _may_use_tokens(self, seat: int) -> bool:
        # R6.2: not between confirming your own word and the end of your own turn.
        t = self.state.turn
        return not self.state.finished and (seat != t.seat or t.phase == SPELL)

    # ------------------------------------------------------------------ applying moves
    def apply(self, seat: int, move: Move | str) -> list[Event]:
        if self.state.finished:
            raise IllegalMove.of("game_over")
        if not 0 <= seat < self.num_players:
            raise IllegalMove.of("not_a_player", seat=seat)
        m = as_move(move)
        handler = getattr(self, f"_move_{m.kind}")
        events: list[Event] = handler(seat, m)
        self.move_log.append((seat, format_move(m)))
        if not self.state.finished:
            self._check_final_round(events)
        self.state.rng = self._rng.state
        return events

    def _require_turn(self, seat: int, *phases: str) -> Turn:
        t = self.state.turn
        if seat != t.seat:
            raise IllegalMove.of("not_your_turn", active=t.seat)
        if t.phase not in phases:
            raise IllegalMove.of("wrong_phase", phase=t.phase)
        return t

    # --- ink and remover (R6) ---------------------------------------------------------
    def _move_ink(self, seat: int, m: Move) -> list[Event]:
        self._require_tokens(seat)
        p = self.player(seat)
        if p.ink < 1:
            raise IllegalMove.of("no_ink")
        if not p.draw and not p.discard:
            raise IllegalMove.of("no_cards")
        if self.options.coop:
            variants.check_penny_ink(self, seat, 1)
        p.ink -= 1
        events: list[Event] = []
        cid = self._draw(p, events)
        assert cid is not None
        p.hand.append(cid)
        p.inked.append(cid)
        p.stats["useInk"] += 1
        events.append({"type": "ink_draw", "seat": seat, "card": cid})  # public, R6.10
        if self.options.coop:
            variants.penny_on_ink(self, seat, 1, events)
        return events

    def _require_tokens(self, seat: int) -> None:
        t = self.state.turn
        if t.phase == VOTE and seat == t.seat:
            raise IllegalMove.of("token_timing", phase=t.phase)
        if not self._may_use_tokens(seat):
            raise IllegalMove.of("token_timing", phase=t.phase)

    def _move_remover(self, seat: int, m: Move) -> list[Event]:
        self._require_tokens(seat)
        p = self.player(seat)
        if p.remover < 1:
            raise IllegalMove.of("no_remover")
        if m.card not in p.inked:
            raise IllegalMove.of("not_inked", card=m.card)
        p.remover -= 1
        p.inked.remove(m.card)
        p.cleared.append(m.card)
        p.stats["useRemover"] += 1
        return [{"type": "remover", "seat": seat, "card": m.card}]

    def _move_unremover(self, seat: int, m: Move) -> list[Event]:
        self._require_tokens(seat)
        p = self.player(seat)
        if m.card not in p.cleared or m.card not in p.hand:
            raise IllegalMove.of("not_cleared", card=m.card)
        p.cleared.remove(m.card)
        p.inked.append(m.card)
        p.remover += 1
        p.stats["useRemover"] -= 1
        return [{"type": "unremover", "seat": seat, "card": m.card}]

    # --- spelling (R7-R9) ----------------------------------------------------------------
    def _move_skip(self, seat: int, m: Move) -> list[Event]:
        self._require_turn(seat, SPELL)
        return self._writers_block(seat)

    def _writers_block(self, seat: int) -> list[Event]:
        p = self.player(seat)
        p.discard.extend(p.hand)  # R9.2: everything in hand, inked cards included
        p.hand.clear()
        p.inked.clear()
        p.cleared.clear()
        p.stats["skips"] += 1
        events: list[Event] = [{"type": "skip", "seat": seat}]
        self._end_turn(events, skipped=True)
        return events

    def _move_spell(self, seat: int, m: Move) -> list[Event]:
        self._require_turn(seat, SPELL)
        slots, word = self.check_word(seat, m.word)
        if self.options.dictionary == "none" or not self.checker.is_word(word):
            if self.options.vote != "off":
                return variants.start_vote(self, seat, m.word, word)
            raise IllegalMove.of("not_a_word", word=word)
        return self._accept_word(seat, slots, word)

    def check_word(self, seat: int, cards: tuple[WordCard, ...]) -> tuple[list[Slot], str]:
        """R8.1-R8.4 without the dictionary: the slots of a legal arrangement and its letters.

        Raises IllegalMove naming the first problem; changes nothing.
        """
        p = self.player(seat)
        if len(cards) < 2:
            raise IllegalMove.of("too_short", min=2)
        used = [w.card for w in cards]
        if len(set(used)) != len(used):
            raise IllegalMove.of("card_twice", card=next(c for c in used if used.count(c) > 1))
        missing = [c for c in p.inked if c not in used or any(w.card == c and w.wild for w in cards)]
        if missing:
            raise IllegalMove.of("inked_card_missing", cards=missing, count=len(missing))
        owners = {cid: owner for cid, owner in self.classics_in_play()}
        hand = set(p.hand)
        slots: list[Slot] = []
        for w in cards:
            if w.card in hand:
                owner = -1
            elif w.card in owners:
                owner = owners[w.card]
                if w.wild:
                    raise IllegalMove.of("classic_wild", card=w.card)
            else:
                raise IllegalMove.of("not_your_card", card=w.card)
            letter = w.wild or card(w.card).letter
            slots.append(Slot(card=w.card, letter=letter, wild=w.wild is not None, owner=owner,
                              inked=w.card in p.inked))
        word = "".join(s.letter for s in slots)
        self.check_unique(seat, word)
        return slots, word

    def check_unique(self, seat: int, word: str) -> None:
        """R26: raise IllegalMove if the unique-words option refuses ``word`` for ``seat``."""
        mode = self.options.unique_words
        if mode == "off":
            return
        for who, previous in self.state.word_history:
            if previous == word and (mode == "game" or who == seat):
                raise IllegalMove.of("repeated_word", word=word, scope=mode)

    def _accept_word(self, seat: int, slots: list[Slot], word: str) -> list[Event]:
        p = self.player(seat)
        t = self.state.turn
        in_word = {s.card for s in slots}
        unused = [c for c in p.hand if c not in in_word]
        p.hand.clear()
        p.inked.clear()
        p.cleared.clear()  # R6.6 [Bot default]: no undo once the word is confirmed
        p.discard.extend(unused)  # R7.9: before benefits, so dump can reach them
        t.word = slots
        t.classics = [c for c in p.timeless if c not in in_word]
        t.counts = scoring.initial_counts(slots, t.classics, seat)
        events: list[Event] = [{"type": "word", "seat": seat, "word": word,
                                "cards": [s.to_list() for s in slots]}]
        p.stats["words"] += 1
        self.state.table_stats["words"] += 1
        if len(word) > p.stats["longestWord"]:
            p.stats["longestWord"] = len(word)
            p.longest_word = word
        self.state.table_stats["longestWord"] = max(self.state.table_stats["longestWord"], len(word))
        if self.options.awards:
            self._claim_award(seat, len(word), events)
        variants.note_accepted_word(self, word, sum(1 for s in slots if s.inked))
        t.phase = UNCOVER
        self._advance(events)
        return events

    def _claim_award(self, seat: int, length: int, events: list[Event]) -> None:
        """R24.2: literary awards for words of 7+ letters."""
        if length < 7:
            return
        value = AWARD_TABLE[min(length, 12)]
        p = self.player(seat)
        if value <= p.award:
            return
        best = max(q.award for q in self.state.players)
        wins = value > best if self.options.coop else (best == 0 or value >= best)
        if not wins:
            return
        for q in self.state.players:
            if q.award < value and q.award:
                events.append({"type": "award_lost", "seat": q.seat, "value": q.award})
                q.award = 0
        p.award = value
        events.append({"type": "award", "seat": seat, "value": value, "length": length})
        self._summary_add("award", value)

    # --- resolution (R12-R17) ----------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps until the active player must decide something (R12)."""
        t = self.state.turn
        seat = t.seat
        while not self.state.finished:
            phase = t.phase
            if phase == UNCOVER:
                found = scoring.next_uncover(t.word, t.counts, t.used, seat)
                if found and len(found[2]) == 1:
                    self._do_uncover(found[0], found[1], found[2][0], events)
                    continue
                if found:
                    return
                t.phase = DOUBLE
            elif phase == DOUBLE:
                found = scoring.next_double(t.word, t.counts, t.used, seat)
                if found and len(found[2]) == 1:
                    self._do_double(found[0], found[1], found[2][0], events)
                    continue
                if found:
                    return
                self._pay_automatic(events)
                t.phase = TRASH
            elif phase == TRASH:
                if self._trash_options():
                    return
                t.phase = DUMP
            elif phase == DUMP:
                if self._dump_available():
                    return
                t.phase = PREVIEW
            elif phase == PREVIEW:
                if self._preview_available():
                    return
                t.phase = CHOICE
            elif phase == CHOICE:
                if self._next_choice():
                    return
                t.phase = JAIL
            elif phase == JAIL:
                if self._next_jail() is not None and self.state.offer_row:
                    return
                t.phase = FLUSH
            elif phase == FLUSH:
                if not t.history_recorded:  # E31: the word enters the history as the flush step begins
                    t.history_recorded = True
                    self.state.word_history.append([seat, "".join(s.letter for s in t.word)])
                if self._flush_allowed():
                    return
                t.phase = BUY
            elif phase == BUY:
                if self._affordable_cards() or self._advert_affordable() or self._conversion_needed():
                    return
                self._end_turn(events)
                return
            else:
                return

    def _do_uncover(self, source: int, key: str, target: int, events: list[Event]) -> None:
        t = self.state.turn
        scoring.apply_uncover(t.word, t.counts, t.used, key, target)
        events.append({"type": "uncover", "seat": t.seat, "card": t.word[target].card,
                       "source": t.word[source].card})

    def _do_double(self, source: int, key: str, target: int, events: list[Event]) -> None:
        t = self.state.turn
        scoring.apply_double(t.word, t.used, key, target)
        events.append({"type": "double", "seat": t.seat, "card": t.word[target].card,
                       "multiplier": t.word[target].mult, "source": t.word[source].card})

    def _target_move(self, seat: int, m: Move, phase: str) -> list[Event]:
        t = self._require_turn(seat, phase)
        found = (scoring.next_uncover if phase == UNCOVER else scoring.next_double)(
            t.word, t.counts, t.used, seat)
        assert found is not None
        i, key, targets = found
        chosen = [j for j in targets if t.word[j].card == m.card]
        if not chosen:
            raise IllegalMove.of("bad_target", cards=[t.word[j].card for j in targets], source=t.word[i].card)
        events: list[Event] = []
        if phase == UNCOVER:
            self._do_uncover(i, key, chosen[0], events)
        else:
            self._do_double(i, key, chosen[0], events)
        self._advance(events)
        return events

    def _move_uncover(self, seat: int, m: Move) -> list[Event]:
        return self._target_move(seat, m, UNCOVER)

    def _move_double(self, seat: int, m: Move) -> list[Event]:
        return self._target_move(seat, m, DOUBLE)

    def _gain(self, seat: int, coins: int, prestige: int, stat: str | None, events: list[Event],
              source: int | None = None) -> None:
        p = self.player(seat)
        t = self.state.turn
        if coins:
            t.coins += coins
            p.stats["coins"] += coins
        if prestige:
            self._add_prestige(seat, prestige)
            t.prestige_from_word += prestige
            if stat:
                p.stats[stat] += prestige
        if coins or prestige:
            events.append({"type": "gain", "seat": seat, "coins": coins, "prestige": prestige, "card": source})
            self._summary_add("coins", coins)
            self._summary_add("prestige", prestige)

    def _add_prestige(self, seat: int, amount: int) -> None:
        if self.options.coop:
            variants.add_team_prestige(self, amount)
        else:
            self.player(seat).prestige += amount

    def _pay_automatic(self, events: list[Event]) -> None:
        t = self.state.turn
        gains = scoring.automatic_gains(t.word, t.classics, t.counts, t.seat)
        p = self.player(t.seat)
        t.coins += gains.coins
        p.stats["coins"] += gains.coins
        if gains.prestige:
            self._add_prestige(t.seat, gains.prestige)
            t.prestige_from_word += gains.prestige
        p.stats["pointsBasic"] += gains.prestige_basic
        p.stats["pointsGenre"] += gains.prestige_genre
        self._summary_add("coins", gains.coins)
        self._summary_add("prestige", gains.prestige)
        events.append({"type": "earn", "seat": t.seat, "coins": gains.coins, "prestige": gains.prestige,
                       "per_card": {str(k): list(v) for k, v in gains.per_card.items()},
                       "active": sorted(g for g in GENRES if t.counts.get(g, 0) >= 2)})

    def _summary_add(self, key: str, value: int | list[int]) -> None:
        summary = self.state.turn.extra.setdefault("summary", {})
        if isinstance(value, list):
            summary[key] = summary.get(key, []) + value
        elif value:
            summary[key] = summary.get(key, 0) + value

    def _sources(self) -> list[tuple[int, int]]:
        t = self.state.turn
        return scoring.source_multipliers(t.word, t.classics, t.seat)

    def _abilities_of_kind(self, *kinds: str) -> list[tuple[int, str, int, bool, int]]:
        """Unused abilities of the given kinds: (card, key, value x multiplier, genre?, multiplier)."""
        t = self.state.turn
        found = []
        for cid, mult in self._sources():
            if cid in t.trashed:
                continue
            for index, b, genre in scoring.abilities(cid, t.counts):
                key = scoring.ability_key(cid, index)
                if b.kind in kinds and key not in t.used:
                    found.append((cid, key, b.value * mult, genre, mult))
        return found

    # trash (R15.1-R15.3)
    def trash_options(self) -> list[tuple[int, str, int]]:
        """(card, "coins" or "prestige", value) for each card the active player may trash now."""
        return [(cid, kind, value) for cid, (_, kind, value, _) in self._trash_options()]

    def dump_value(self) -> int:
        """Coins the next dump would pay (the highest unused dump ability, E20), 0 if none."""
        return max((a[2] for a in self._abilities_of_kind("dump_discard_for_coins")), default=0)

    def _trash_options(self) -> list[tuple[int, tuple[str, str, int, bool]]]:
        t = self.state.turn
        in_word = {s.card for s in t.word if scoring.is_source(s, t.seat)}
        options = []
        for cid, key, value, genre, _ in self._abilities_of_kind("trash_for_coins", "trash_for_prestige"):
            if cid in in_word:
                kind = "coins" if key in self._keys_of(cid, "trash_for_coins") else "prestige"
                options.append((cid, (key, kind, value, genre)))
        return options

    def _keys_of(self, cid: int, kind: str) -> set[str]:
        c = card(cid)
        return {scoring.ability_key(cid, i) for i, b in enumerate(c.basic + c.genre_bonus) if b.kind == kind}

    def _move_trash(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, TRASH)
        options = [o for c, o in self._trash_options() if c == m.card]
        if not options:
            raise IllegalMove.of("cannot_trash", card=m.card)
        key, kind, value, genre = options[0]
        t.used.append(key)
        t.trashed.append(m.card)
        p = self.player(seat)
        if t.word and any(s.card == m.card and s.owner == seat for s in t.word):
            p.timeless.remove(m.card)  # an own classic in play that trashes itself leaves play
        self._remove_from_game(m.card)
        p.stats["cardsTrash"] += 1
        self._summary_add("trashed", [m.card])
        coins, prestige = (value, 0) if kind == "coins" else (0, value)
        events: list[Event] = [{"type": "trash", "seat": seat, "card": m.card, "coins": coins, "prestige": prestige}]
        stat = "pointsGenre" if genre else "pointsBasic"
        self._gain(seat, coins, prestige, stat, events, m.card)
        self._advance(events)
        return events

    # dump (R15.4-R15.7)
    def _dump_available(self) -> bool:
        t = self.state.turn
        return (not t.skipped_dumps and bool(self.player(t.seat).discard)
                and bool(self._abilities_of_kind("dump_discard_for_coins")))

    def _move_dump(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, DUMP)
        p = self.player(seat)
        if m.card not in p.discard:
            raise IllegalMove.of("not_in_discard", card=m.card)
        best = max(self._abilities_of_kind("dump_discard_for_coins"), key=lambda a: a[2])  # E20
        t.used.append(best[1])
        p.discard.remove(m.card)
        self._remove_from_game(m.card)
        p.stats["cardsTrash"] += 1
        self._summary_add("dumped", [m.card])
        events: list[Event] = [{"type": "dump", "seat": seat, "card": m.card, "coins": best[2], "source": best[0]}]
        self._gain(seat, best[2], 0, None, events, best[0])
        self._advance(events)
        return events

    # preview (R16)
    def _preview_ability(self) -> tuple[int, str, int, bool, int] | None:
        found = self._abilities_of_kind("preview")
        return found[0] if found else None

    def _preview_available(self) -> bool:
        t = self.state.turn
        p = self.player(t.seat)
        return (t.phase in (TRASH, DUMP, PREVIEW) and not t.preview_cards
                and self._preview_ability() is not None and bool(p.draw or p.discard))

    def _move_preview(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, TRASH, DUMP, PREVIEW)
        if not self._preview_available():
            raise IllegalMove.of("no_preview")
        ability = self._preview_ability()
        assert ability is not None
        t.used.append(ability[1])
        p = self.player(seat)
        events: list[Event] = []
        for _ in range(ability[2] // ability[4]):  # R13.5: the preview count is never multiplied
            cid = self._draw(p, events)
            if cid is None:
                break
            t.preview_cards.append(cid)
        t.preview_returned = []
        t.phase = PREVIEWING
        events.append({"type": "preview", "seat": seat, "count": len(t.preview_cards), "source": ability[0]})
        return events

    def _preview_unhandled(self) -> list[int]:
        t = self.state.turn
        return [c for c in t.preview_cards if c not in t.preview_returned and c not in t.extra.get("pdisc", [])]

    def _move_return(self, seat: int, m: Move) -> list[Event]:
        return self._handle_preview(seat, m, keep=True)

    def _move_discard(self, seat: int, m: Move) -> list[Event]:
        return self._handle_preview(seat, m, keep=False)

    def _handle_preview(self, seat: int, m: Move, keep: bool) -> list[Event]:
        t = self._require_turn(seat, PREVIEWING)
        if m.card not in self._preview_unhandled():
            raise IllegalMove.of("not_previewed", card=m.card)
        p = self.player(seat)
        events: list[Event] = []
        if keep:
            t.preview_returned.append(m.card)
        else:
            t.extra.setdefault("pdisc", []).append(m.card)
            p.discard.append(m.card)
            events.append({"type": "preview_discard", "seat": seat, "card": m.card})
        if not self._preview_unhandled():
            # R16.3 [Bot default]: returned cards keep their original relative order, first drawn on top.
            for cid in reversed(t.preview_cards):
                if cid in t.preview_returned:
                    p.draw.append(cid)
            t.preview_cards = []
            t.preview_returned = []
            t.extra.pop("pdisc", None)
            t.skipped_dumps = False  # R12.13, R15.6: back to trash, then dump
            t.phase = TRASH
            self._advance(events)
        return events

    def _move_pass(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, TRASH, DUMP, PREVIEW, JAIL, FLUSH)
        events: list[Event] = []
        if t.phase == TRASH:
            t.phase = DUMP
        elif t.phase == DUMP:
            t.skipped_dumps = True
            t.phase = PREVIEW
        elif t.phase == PREVIEW:
            ability = self._preview_ability()
            if ability:
                t.used.append(ability[1])
            t.phase = CHOICE
        elif t.phase == JAIL:
            t.skipped_jails = True
            t.phase = FLUSH
        else:
            t.phase = BUY
        self._advance(events)
        return events

    # choices (R12.8)
    def _next_choice(self) -> tuple[int, str, str, int] | None:
        t = self.state.turn
        for cid, mult in self._sources():
            eithers, inks = [], []
            for index, b, _ in scoring.abilities(cid, t.counts):
                key = scoring.ability_key(cid, index)
                if key in t.used:
                    continue
                if b.kind == "either_coins_or_prestige":
                    eithers.append((cid, key, b.kind, b.value * mult))
                elif b.kind == "ink_or_remover":
                    inks.append((cid, key, b.kind, 0))  # R13.5: never multiplied
            if eithers or inks:
                return (eithers + inks)[0]
        return None

    def _move_take(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, CHOICE)
        choice = self._next_choice()
        assert choice is not None
        cid, key, kind, value = choice
        allowed = ("coins", "prestige") if kind == "either_coins_or_prestige" else ("ink", "remover")
        if m.choice not in allowed:
            raise IllegalMove.of("bad_choice", kind=kind, card=cid)
        t.used.append(key)
        events: list[Event] = []
        p = self.player(seat)
        if m.choice == "ink":
            p.ink += 1
            events.append({"type": "take", "seat": seat, "card": cid, "ink": 1, "choice": "ink"})
        elif m.choice == "remover":
            p.remover += 1
            events.append({"type": "take", "seat": seat, "card": cid, "remover": 1, "choice": "remover"})
        else:
            c = card(cid)
            genre = int(key.split(":")[1]) >= len(c.basic)
            coins = value if m.choice == "coins" else 0
            self._gain(seat, coins, value - coins, "pointsGenre" if genre else "pointsBasic", events, cid)
        self._advance(events)
        return events

    # jail (R17)
    def _next_jail(self) -> tuple[int, str, int, bool, int] | None:
        t = self.state.turn
        if t.skipped_jails:
            return None
        found = self._abilities_of_kind("jail")
        if not found:
            return None
        own = self.player(t.seat).timeless
        # R17.5: abilities of your own timeless classics first, oldest first; then word order.
        found.sort(key=lambda a: (0, own.index(a[0])) if a[0] in own else (1, 0))
        return found[0]

    def _jail_move(self, seat: int, m: Move, reserve: bool) -> list[Event]:
        t = self._require_turn(seat, JAIL)
        if m.card not in self.state.offer_row:
            raise IllegalMove.of("not_in_row", card=m.card)
        ability = self._next_jail()
        assert ability is not None
        t.used.append(ability[1])
        p = self.player(seat)
        events: list[Event] = []
        self.state.offer_row.remove(m.card)
        if reserve:
            if p.jail is not None:  # E9: the older jailed card leaves the game
                self.state.removed.append(p.jail)
                events.append({"type": "unjail", "seat": seat, "card": p.jail})
            p.jail = m.card
        else:
            self.state.removed.append(m.card)
        p.stats["cardsJail"] += 1
        p.stats["coopJail"] += card(m.card).cost
        self._summary_add("reserved" if reserve else "removed", [m.card])
        t.changed_row = True
        events.append({"type": "jail", "seat": seat, "card": m.card, "reserve": reserve, "source": ability[0]})
        self._refill_one(events=events)
        self._advance(events)
        return events

    def _move_reserve(self, seat: int, m: Move) -> list[Event]:
        return self._jail_move(seat, m, reserve=True)

    def _move_remove(self, seat: int, m: Move) -> list[Event]:
        return self._jail_move(seat, m, reserve=False)

    # flush (R18.3)
    def _flush_allowed(self) -> bool:
        t = self.state.turn
        if self.options.coop or t.flushed:
            return False
        row = [card(c) for c in self.state.offer_row]
        if sum(1 for c in row if c.cost >= 6) >= 4:
            return True
        return any(sum(1 for c in row if c.genre == g) >= 4 for g in GENRES)

    def _move_flush(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, FLUSH)
        events: list[Event] = [{"type": "flush", "seat": seat, "cards": list(self.state.offer_row)}]
        self.state.removed.extend(self.state.offer_row)
        self.state.offer_row.clear()
        for _ in range(ROW_SIZE):
            self._refill_one(events=events)
        t.flushed = True
        t.changed_row = True
        self._summary_add("flushed", 1)
        self.state.table_stats["flush"] += 1
        t.phase = BUY
        self._advance(events)
        return events

    # purchase (R19)
    def _affordable_cards(self) -> list[int]:
        t = self.state.turn
        p = self.player(t.seat)
        cards = [c for c in self.state.offer_row if card(c).cost <= t.coins]
        if p.jail is not None and card(p.jail).cost <= t.coins:
            cards.append(p.jail)
        return cards

    def _next_advert(self) -> tuple[int, int] | None:
        p = self.player(self.state.turn.seat)
        if not self.options.adverts or p.adverts >= len(ADVERTS):
            return None
        return ADVERTS[p.adverts]

    def _advert_affordable(self) -> bool:
        advert = self._next_advert()
        return advert is not None and advert[0] <= self.state.turn.coins

    def _conversion_needed(self) -> int:
        """R19.6: the smallest positive shortfall that ink could cover, or 0."""
        t = self.state.turn
        p = self.player(t.seat)
        costs = [card(c).cost for c in self.state.offer_row]
        if p.jail is not None:
            costs.append(card(p.jail).cost)
        advert = self._next_advert()
        if advert:
            costs.append(advert[0])
        shortfalls = [c - t.coins for c in costs if c > t.coins]
        if not shortfalls:
            return 0
        need = min(shortfalls)
        return need if p.ink >= 3 * need else 0

    def _move_buy(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, BUY)
        p = self.player(seat)
        from_jail = m.card == p.jail and m.card is not None
        if m.card not in self.state.offer_row and not from_jail:
            jailer = next((q.seat for q in self.state.players if q.jail == m.card), None)
            if jailer is not None:
                raise IllegalMove.of("jailed", card=m.card, jailer=jailer)
            raise IllegalMove.of("not_in_row", card=m.card)
        assert m.card is not None
        c = card(m.card)
        if c.cost > t.coins:
            raise IllegalMove.of("too_expensive", item="card", card=m.card, cost=c.cost, coins=t.coins)
        t.coins -= c.cost
        events: list[Event] = [{"type": "buy", "seat": seat, "card": m.card, "from_jail": from_jail, "cost": c.cost}]
        if from_jail:
            p.jail = None
        else:
            self.state.offer_row.remove(m.card)
        p.discard.append(m.card)
        p.stats["cardsPurchase"] += 1
        t.changed_row = True
        self._summary_add("bought", [m.card])
        if c.purchase_prestige:  # R19.4
            self._summary_add("purchase_prestige", c.purchase_prestige)
            self._add_prestige(seat, c.purchase_prestige)
            p.stats["pointsPurchase"] += c.purchase_prestige
            events.append({"type": "gain", "seat": seat, "coins": 0, "prestige": c.purchase_prestige,
                           "card": m.card})
        if self.options.coop:
            variants.penny_on_buy(self, events)
            if self.state.finished:
                return events
        if not from_jail:
            self._refill_one(events=events)
        self._advance(events)
        return events

    def _move_advert(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, BUY)
        advert = self._next_advert()
        if advert is None:
            raise IllegalMove.of("no_advert")
        cost, prestige = advert
        if cost > t.coins:
            raise IllegalMove.of("too_expensive", item="advert", cost=cost, coins=t.coins)
        p = self.player(seat)
        t.coins -= cost
        p.adverts += 1
        self._summary_add("adverts", 1)
        self._add_prestige(seat, prestige)
        p.stats["pointsAdvert"] += prestige
        events: list[Event] = [{"type": "advert", "seat": seat, "cost": cost, "prestige": prestige,
                                "number": p.adverts}]
        self._advance(events)
        return events

    def _move_convert(self, seat: int, m: Move) -> list[Event]:
        t = self._require_turn(seat, BUY)
        need = self._conversion_needed()
        p = self.player(seat)
        if not need:
            raise IllegalMove.of("useless_conversion")
        if m.number != need:
            raise IllegalMove.of("bad_conversion", coins=need, ink=3 * need)
        if self.options.coop:
            variants.check_penny_ink(self, seat, 3 * need)
        p.ink -= 3 * need
        t.coins += need
        events: list[Event] = [{"type": "convert", "seat": seat, "coins": need, "ink": 3 * need}]
        if self.options.coop:
            variants.penny_on_ink(self, seat, 3 * need, events)
        self._advance(events)
        return events

    def _move_end(self, seat: int, m: Move) -> list[Event]:
        self._require_turn(seat, BUY)
        events: list[Event] = []
        self._end_turn(events)
        return events

    # absent players (R33)
    def _move_timeout(self, seat: int, m: Move) -> list[Event]:
        t = self.state.turn
        if t.phase == VOTE:
            return variants.vote_timeout(self, seat)
        if seat != t.seat:
            raise IllegalMove.of("not_your_turn", active=t.seat)
        if t.phase == SPELL:
            events = self._writers_block(seat)
            events.insert(0, {"type": "timeout", "seat": seat})
            return events
        events = [{"type": "timeout", "seat": seat}]
        if t.preview_cards:  # R33.2 has no preview path: undiscarded cards go back as they were
            p = self.player(seat)
            discarded = t.extra.pop("pdisc", [])
            for cid in reversed(t.preview_cards):
                if cid not in discarded:
                    p.draw.append(cid)
            t.preview_cards = []
            t.preview_returned = []
        self._end_turn(events)
        return events

    # ------------------------------------------------------------------ variants' entry points
    def _move_vote(self, seat: int, m: Move) -> list[Event]:
        return variants.cast_vote(self, seat, m)

    def _move_ghostwriter(self, seat: int, m: Move) -> list[Event]:
        return variants.request_ghostwriter(self, seat)

    def _move_suggest(self, seat: int, m: Move) -> list[Event]:
        return variants.suggest_word(self, seat, m)

    def _move_adopt(self, seat: int, m: Move) -> list[Event]:
        return variants.adopt_suggestion(self, seat, m)

    # ------------------------------------------------------------------ cleanup (R20) and turn order
    def _end_turn(self, events: list[Event], skipped: bool = False) -> None:
        t = self.state.turn
        seat = t.seat
        p = self.player(seat)
        coop = self.options.coop
        if t.coins:  # R20.1
            p.ink += t.coins
            events.append({"type": "coins_to_ink", "seat": seat, "ink": t.coins})
            t.coins = 0
        for slot in t.word:
            if slot.card in t.trashed:
                continue
            if slot.owner == -1:
                if card(slot.card).timeless and slot.face_up:  # R10.7, R14.6
                    p.timeless.append(slot.card)
                    events.append({"type": "classic_in_play", "seat": seat, "card": slot.card})
                else:
                    p.discard.append(slot.card)
            elif slot.owner != seat and not coop:  # R10.8: a rival's classic leaves play
                owner = self.player(slot.owner)
                owner.timeless.remove(slot.card)
                owner.discard.append(slot.card)
                events.append({"type": "classic_leaves", "seat": slot.owner, "card": slot.card, "by": seat})
        if t.word:
            best = t.prestige_from_word
            if best > p.stats["bestWord"]:
                p.stats["bestWord"] = best
                p.best_word = "".join(s.letter for s in t.word)
            self.state.table_stats["bestWord"] = max(self.state.table_stats["bestWord"], best)
        if "ghost" in t.extra and not skipped:
            variants.pay_ghostwriter(self, events)
        summary = dict(t.extra.pop("summary", {}))
        if t.word:
            summary["word"] = "".join(s.letter for s in t.word)
        summary["skipped"] = skipped
        t.word = []  # every word card has gone to its place
        t.classics = []
        self._draw_hand(p, events)
        p.stats["turns"] += 1
        if not coop and self.options.cycling and not t.changed_row and self.state.offer_row:  # R18.5
            oldest = self.state.offer_row.pop(0)
            self.state.removed.append(oldest)
            self.state.table_stats["cycled"] += 1
            events.append({"type": "cycle", "card": oldest})
            self._refill_one(events=events)
        # The turn's public summary: what the table log shows, however many moves the turn took.
        events.append({"type": "turn_end", "seat": seat, "summary": summary})
        if coop and variants.penny_turn(self, events):
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        seat = (self.state.turn.seat + 1) % self.num_players
        self.state.turn = Turn(seat=seat)
        if seat == 0:  # a round ends when the turn passes back to the first player (R22.2)
            self.state.score_history.append(self.scores())
            self.state.table_stats["turns"] += 1
            if not self.options.coop and any(p.prestige >= self.goal for p in self.state.players):
                self._finish(events)
                return
            self.state.round += 1
        events.append({"type": "turn_start", "seat": seat, "round": self.state.round})

    def scores(self) -> list[int]:
        if self.options.coop:
            return [self.state.penny.get("team", 0)] * self.num_players
        return [p.prestige for p in self.state.players]

    def _check_final_round(self, events: list[Event]) -> None:
        if self.options.coop or self.state.final_round:
            return
        if any(p.prestige >= self.goal for p in self.state.players):
            self.state.final_round = True  # R22.5
            events.append({"type": "final_round", "goal": self.goal,
                           "seats": [p.seat for p in self.state.players if p.prestige >= self.goal]})

    def _finish(self, events: list[Event]) -> None:
        # The turn is kept as it is: in co-op the game can end in the middle of a turn (R29.8).
        self.state.finished = True
        self.state.turn.phase = OVER
        for p in self.state.players:
            p.stats["pointsAward"] = p.award
        events.append({"type": "game_over", "results": self.results()})

    def results(self) -> list[dict[str, Any]]:
        """Final standings (R22.4, R22.6); meaningful once the game is finished."""
        if self.options.coop:
            return variants.coop_results(self)
        rows = [{"seat": p.seat, "prestige": p.prestige + p.award, "award": p.award, "ink": p.ink}
                for p in self.state.players]
        ordered = sorted(rows, key=lambda r: (-r["prestige"], -r["ink"]))
        for r in rows:
            r["rank"] = 1 + sum(1 for o in ordered if (o["prestige"], o["ink"]) > (r["prestige"], r["ink"]))
        return sorted(rows, key=lambda r: (r["rank"], r["seat"]))

    def stats(self) -> dict[str, Any]:
        """R34 table statistics and R35 player statistics (deck composition computed now)."""
        players = []
        for p in self.state.players:
            row: dict[str, Any] = dict(p.stats)
            row["bestWordText"] = p.best_word
            row["longestWordText"] = p.longest_word
            owned = p.draw + p.discard + p.hand + p.timeless
            for i, genre in enumerate(("starter", *GENRES)):
                row[f"deck{i}"] = sum(1 for c in owned if card(c).genre == genre)
            players.append(row)
        table: dict[str, Any] = dict(self.state.table_stats)
        if self.options.coop:
            table.update(variants.penny_stats(self))
        return {"table": table, "players": players}

    # ------------------------------------------------------------------ piles
    def _draw(self, p: Player, events: list[Event] | None = None) -> int | None:
        """Top card of the draw pile, reshuffling the discard pile when it is empty (R6.3, R20.3)."""
        if not p.draw:
            if not p.discard:
                return None
            p.draw = p.discard
            p.discard = []
            self._rng.shuffle(p.draw)
            if events is not None:
                events.append({"type": "reshuffle", "seat": p.seat})
        return p.draw.pop()

    def _draw_hand(self, p: Player, events: list[Event] | None = None) -> None:
        while len(p.hand) < HAND_SIZE:
            cid = self._draw(p, events)
            if cid is None:
                return
            p.hand.append(cid)

    def _refill_one(self, events: list[Event] | None = None, initial: bool = False) -> int | None:
        """Deal one card into the row as its newest card (R18.1, R18.2, R21, E1)."""
        s = self.state
        if not s.offer_deck:
            if not s.removed:
                return None  # E1: the slot stays empty
            s.offer_deck = s.removed
            s.removed = []
            self._rng.shuffle(s.offer_deck)
            if events is not None:
                events.append({"type": "offer_reshuffle"})
        cid = s.offer_deck.pop()
        s.offer_row.append(cid)
        if events is not None:
            events.append({"type": "row_add", "card": cid})
        if self.options.coop and not initial:
            variants.coop_row_added(self, cid, events)
        return cid

    def _remove_from_game(self, cid: int) -> None:
        # R15.2, R15.5: starters go to the box for good, genre cards to the removed pile.
        (self.state.box if card(cid).is_starter else self.state.removed).append(cid)

"""The hand panel (R13-R19): each card to buy once, buying one card ends the turn in one click and "Buy more
than one card" turns the select into purchases that leave the turn going; the optional steps left before buying
(trash, jail, flush) come on the buying screen; a dump still asks its own question; and every panel leaves room
for one more button."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from hardback_bot.engine import Game, GameOptions, Move, parse_move
from hardback_bot.engine.cards import card
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import player_view
from hardback_bot.engine.words import AcceptAll
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.codec import HandView, OpenHand, decode_moves, parse
from hardback_bot.sessions.screens.hand import bought_this_turn, hand_panel
from hardback_bot.sessions.screens.panel import MAX_BUTTONS, MAX_ROWS, Panel, Select
from hardback_bot.store import GameRecord, Seat


def record_for(game: Game) -> GameRecord:
    seats = tuple(Seat(i, f"p{i}", user_id=100 + i) for i in range(game.num_players))
    return GameRecord(id=7, guild_id=1, channel_id=2, host_id=100, status="playing", options=game.options.to_dict(),
                      seed=1, state=None, version=len(game.move_log) + 1, seats=seats, messages={}, created_at=0.0,
                      updated_at=0.0)


def positions(count: int, phases: tuple[str, ...] | None = None, **options: object) -> Iterator[Game]:
    """Every position of ``count`` random games (or those in one of ``phases``), each a copy a test may change.

    The same games and positions whatever ``phases`` says: it only spares copying the positions a test skips
    (a copy costs about seven times the random move that leads to the next position)."""
    for seed in range(count):
        rng = random.Random(seed)
        game = Game.new(2 + seed % 3, seed + 1, GameOptions(length=40, **options), AcceptAll())  # type: ignore[arg-type]
        for _ in range(400):
            if game.finished:
                break
            if phases is None or game.phase in phases:
                yield game.clone()
            game.apply(*random_move(game, rng))


def panel_of(game: Game, shown: HandView = HandView.HAND) -> Panel:
    seat = game.active_seat
    return hand_panel(Loaded(record_for(game), game), seat, player_view(game, seat), shown=shown)


def selects(panel: Panel) -> list[Select]:
    return [r for r in panel.rows if isinstance(r, Select)]


def buys(panel: Panel) -> list[list[Move]]:
    """The moves of every option that buys a card."""
    out = []
    for sel in selects(panel):
        for o in sel.options:
            moves = list(decode_moves(o.value))
            if any(m.kind == "buy" for m in moves):
                out.append(moves)
    return out


def views(panel: Panel) -> list[HandView]:
    return [a.view for row in panel.rows if not isinstance(row, Select) for b in row
            if isinstance(a := parse(b.custom_id), OpenHand)]


def test_each_card_to_buy_once_and_one_purchase_ends_the_turn() -> None:
    seen = toggles = 0
    for game in positions(20, ("buy",), adverts=True):
        if game.phase != "buy" or bought_this_turn(game):
            continue
        panel = panel_of(game)
        entries = buys(panel)
        if not entries:
            continue
        seen += 1
        cards = [str(next(m for m in moves if m.kind == "buy")) for moves in entries]
        assert len(cards) == len(set(cards)), cards
        assert len(selects(panel)) == 1
        for moves in entries:  # the purchase ends the turn: with "end", or because nothing else is affordable
            trial = game.clone()
            for m in moves:
                trial.apply(game.active_seat, m)
            assert trial.active_seat != game.active_seat or trial.finished or trial.phase != "buy", moves
        if HandView.BUY_MORE in views(panel):
            toggles += 1
            more = panel_of(game, HandView.BUY_MORE)
            assert all(moves[-1].kind == "buy" for moves in buys(more))
            assert sorted(str(m[-1]) for m in buys(more)) == sorted(cards)
            assert HandView.HAND in views(more), "a way back to buying one card"
            # Once a card is bought the turn goes on: the select keeps buying without ending it.
            first = buys(more)[0]
            game.apply(game.active_seat, first[-1])
            if not game.finished and game.phase == "buy" and buys(panel_of(game)):
                after = panel_of(game)
                assert all(moves[-1].kind == "buy" for moves in buys(after))
                assert HandView.BUY_MORE not in views(after)
        else:  # no purchase leaves the turn going: nothing to toggle
            assert all(moves[-1].kind == "buy" for moves in entries)
    assert seen >= 30 and toggles >= 10, (seen, toggles)


def legal_chain(game: Game, moves: list[str]) -> Game:
    """The game after ``moves`` (in the notation) by the active seat, each one legal (else IllegalMove)."""
    trial = game.clone()
    seat = game.active_seat
    for m in moves:
        trial.apply(seat, parse_move(m))
    return trial


def buttons_of(panel: Panel) -> dict[str, str]:
    return {b.label: b.custom_id for row in panel.rows if not isinstance(row, Select) for b in row}


def moves_of(custom_id: str) -> list[str]:
    action = parse(custom_id)
    return [str(m) for m in action.moves]  # type: ignore[union-attr]


def test_the_optional_steps_come_on_the_buying_screen() -> None:
    """Trash (R15), jail (R17) and flush (R18.3) left before buying share one screen with the cards to buy:
    each buy declines them and ends the turn, the jail select reserves or removes any card of the row, the
    trash buttons and the flush act at once, and every shortcut names the steps it skips; every click is legal
    from the position the screen was drawn for."""
    from hardback_bot.sessions.screens.steps import ahead

    combined = {"trash": 0, "jail": 0, "flush": 0}
    for game in positions(60, ("trash", "jail", "flush")):
        if game.phase not in ("trash", "jail", "flush"):
            continue
        seat = game.active_seat
        found = ahead(game, seat)
        panel = panel_of(game)
        if found is None:  # a dump, a preview or a choice on the way: one question at a time
            assert len(selects(panel)) <= 1
            continue
        phases = found.phases
        for phase in phases:
            combined[phase] += 1
        labels = buttons_of(panel)
        skip_words = {"trash": "trashing", "jail": "the jail", "flush": "the flush"}
        for moves in buys(panel):
            after = legal_chain(game, [str(m) for m in moves])
            assert after.finished or after.active_seat != seat or after.phase != "buy", moves
        if buys(panel):
            [buy] = [sel for sel in selects(panel) if any(m.startswith("buy ") for o in sel.options
                                                          for m in map(str, decode_moves(o.value)))]
            assert all(skip_words[p] in buy.placeholder for p in phases), buy.placeholder
        if "jail" in phases:
            [jail] = [sel for sel in selects(panel) if sel.placeholder.startswith("Jail a card")]
            chains = [[str(m) for m in decode_moves(o.value)] for o in jail.options]
            jailed = sorted(c[-1] for c in chains)
            assert jailed == sorted(str(m) for m in found.first("jail").moves)  # type: ignore[union-attr]
            assert {c[-1].split()[1] for c in chains} == {str(c) for c in legal_chain(
                game, chains[0][:-1]).state.offer_row}
            for chain in chains:
                legal_chain(game, chain)
        if "flush" in phases:
            before = legal_chain(game, moves_of(labels["Flush the offer row"]))
            tally = before.state.turn.extra.summary
            assert (tally is not None and tally.flushed) or before.phase != "flush" \
                or before.state.offer_row != game.state.offer_row
        if game.phase == "trash":
            trashed = [label for label in labels if label.startswith("Trash ")]
            assert len(trashed) == len(game.trash_options())
            for label in trashed:
                legal_chain(game, moves_of(labels[label]))
        skips = [label for label in labels if label.startswith(("Skip ", "End turn: skip "))]
        assert skips and all(all(skip_words[p] in label for p in phases) for label in skips), labels
        for label in skips:
            legal_chain(game, moves_of(labels[label]))
    assert all(n >= 3 for n in combined.values()), combined


def test_a_jail_asked_alone_still_offers_reserving_or_removing() -> None:
    """The jail's own question (from an older panel's "Jail a card…"): the cards to reserve, or a click further
    the cards to remove (R17)."""
    seen = 0
    for game in positions(40, ("jail",)):
        if game.phase != "jail":
            continue
        seen += 1
        [reserve] = selects(panel_of(game, HandView.JAIL))
        assert all(str(decode_moves(o.value)[0]).startswith("reserve ") for o in reserve.options)
        assert len(reserve.options) == len(game.state.offer_row)
        assert HandView.JAIL_REMOVE in views(panel_of(game, HandView.JAIL))
        [remove] = selects(panel_of(game, HandView.JAIL_REMOVE))
        assert all(str(decode_moves(o.value)[0]).startswith("remove ") for o in remove.options)
        assert HandView.JAIL in views(panel_of(game, HandView.JAIL_REMOVE)), "a way back to reserving"
        if game.player(game.active_seat).jail is not None:
            assert "reserving another card removes it from the game" in panel_of(game, HandView.JAIL).text
    assert seen >= 5, seen


def test_a_dump_step_shows_one_select_at_most() -> None:
    dumps = 0
    for game in positions(40, ("dump",)):
        if game.phase == "dump":
            dumps += 1
            panel = panel_of(game)
            [shown] = selects(panel)
            if HandView.DUMP in views(panel):  # the select declines and buys; the cards to dump a click away
                [dump] = selects(panel_of(game, HandView.DUMP))
                assert all(str(decode_moves(o.value)[0]).startswith("dump ") for o in dump.options)
            else:
                assert all(str(decode_moves(o.value)[0]).startswith("dump ") for o in shown.options)
    assert dumps >= 3, dumps


def test_every_panel_leaves_room_for_one_more_button_and_no_custom_id_twice() -> None:
    phases = set()
    for game in positions(12, adverts=True, ghostwriter=True):
        for shown in (HandView.HAND, HandView.BUY_MORE, HandView.JAIL, HandView.JAIL_REMOVE, HandView.DUMP):
            for seat in range(game.num_players):
                panel = hand_panel(Loaded(record_for(game), game), seat, player_view(game, seat), shown=shown)
                ids = [r.custom_id for r in panel.rows if isinstance(r, Select)]
                ids += [b.custom_id for r in panel.rows if not isinstance(r, Select) for b in r]
                assert len(ids) == len(set(ids)), ids  # Discord refuses a message whose custom_ids repeat
                last = panel.rows[-1] if panel.rows else None
                assert len(panel.rows) < MAX_ROWS or (isinstance(last, list) and len(last) < MAX_BUTTONS), \
                    (game.phase, [r if isinstance(r, list) else r.placeholder for r in panel.rows])
        phases.add(game.phase)
    assert {"spell", "buy", "trash", "jail", "choice"} <= phases, phases


def test_the_buy_list_follows_the_offer_row_pictures_order_and_numbers() -> None:
    """The offer row picture shows the newest card first as "1 · newest" and numbers the rest to the oldest (R18.1);
    the buy select lists the cards in that order with those numbers and says each card's genre in words, so two
    cards of one letter differ in words, not only by colour. A card of the buyer's jail comes last, unnumbered."""
    seen = jailed = 0
    for game in positions(40, ("buy",), adverts=True):
        if game.phase != "buy" or bought_this_turn(game):
            continue
        panel = panel_of(game)
        if not selects(panel):
            continue
        options = [o for o in selects(panel)[0].options
                   if any(m.kind == "buy" for m in decode_moves(o.value))]
        if not options:
            continue
        seen += 1
        shown = player_view(game, game.active_seat)["offer_row"]  # as the picture shows it, newest first
        numbers = []
        for o in options:
            bought = next(m.card for m in decode_moves(o.value) if m.kind == "buy")
            c = card(bought)
            if bought in shown:
                numbers.append(shown.index(bought) + 1)
                assert o.label.startswith(f"{shown.index(bought) + 1} · Buy {c.letter} ({c.genre}"), o.label
            else:
                jailed += 1
                assert bought == game.player(game.active_seat).jail and o.label.startswith("Buy ")
                assert o.description is not None and o.description.startswith("from your jail")
                assert o is options[-1]
        assert numbers == sorted(numbers), [o.label for o in options]
    assert seen >= 20, seen


def test_the_ghostwriter_button_says_what_it_costs() -> None:
    """Before the click (R30): the hand goes public and whoever suggests the word earns 1 ink plus the ink on the
    speller's inked cards (R30.3, R30.4); with only computer players at the table, a computer suggests."""
    game = Game.new(2, 5, GameOptions(ghostwriter=True), AcceptAll())
    seat = game.active_seat
    people = Loaded(record_for(game), game)
    panel = hand_panel(people, seat, player_view(game, seat))
    labels = [b.label for row in panel.rows if not isinstance(row, Select) for b in row]
    assert "Ask a ghostwriter (shows your hand)" in labels
    assert "A ghostwriter shows your hand to the table; whoever suggests the word you spell earns 1 ink." in panel.lines
    computer = replace(record_for(game), seats=tuple(Seat(i, f"p{i}", user_id=100) if i == seat
                                                      else Seat(i, f"Computer {i}", ai_strength=2) for i in range(2)))
    panel = hand_panel(Loaded(computer, game), seat, player_view(game, seat))
    assert any("only computer players are here, so a computer suggests a word" in line and "earns 1 ink" in line
               for line in panel.lines), panel.lines
    game.state.players[seat].ink = 1
    game.apply(seat, Move("ink"))  # an inked card: its ink goes to the ghostwriter too (R30.4)
    panel = hand_panel(Loaded(record_for(game), game), seat, player_view(game, seat))
    assert any(line.endswith("earns 2 ink.") for line in panel.lines), panel.lines
    game.apply(seat, Move("ghostwriter"))
    panel = hand_panel(Loaded(record_for(game), game), seat, player_view(game, seat))
    assert not any(line.startswith("A ghostwriter shows") for line in panel.lines)  # asked: no more warning

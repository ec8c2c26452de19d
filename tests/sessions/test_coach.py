"""After the guided game (docs/tutorial.md): the coach follows a person's first games and anyone can keep or
drop it; hints come on mid-game once everyone seated says yes (at once at a table of one person and
computers); the panel carries every seat's prestige, the goal and the round; a hand without a vowel is told
how to spell anyway; the Try line and the one-click button propose the same word."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions, Move
from hardback_bot.engine.views import player_view
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.agreements import answer_hints
from hardback_bot.sessions.coach_advice import PLAN
from hardback_bot.sessions.coaching import coach, is_coached
from hardback_bot.sessions.codec import AnswerHints, SetCoach
from hardback_bot.sessions.learners import coached_people
from hardback_bot.sessions.notes import HintsAsked, notes_of
from hardback_bot.sessions.screens.hand import hand_panel, has_vowel
from hardback_bot.sessions.screens.my_panel import hand_screen, hints_off_screen
from hardback_bot.sessions.screens.panel import Button
from hardback_bot.sessions.turn_history import stored_log
from hardback_bot.store import GameOutcome, PlayerResult, open_store
from hardback_bot.words import get_dictionary

ANN, BOB, CID = 100, 200, 300


class Quiet:
    async def changed(self, game_id: int) -> None:
        return None


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    s = Sessions(store, Quiet(), ai_delay=0)
    yield s
    await s.close()
    await store.close()


async def table(sessions: Sessions, people: list[tuple[int, str]], *, computers: int = 0, channel: int = 10,
                **options: object) -> int:
    host, host_name = people[0]
    record = await sessions.lobby.open(1, channel, host, host_name, GameOptions(length=40, **options))  # type: ignore[arg-type]
    for user, name in people[1:]:
        await sessions.lobby.act(record.id, user, name, "join")
    for _ in range(computers):
        await sessions.lobby.act(record.id, host, host_name, "computer", strength=1)
    await sessions.lobby.act(record.id, host, host_name, "start")
    return record.id


def buttons(panel) -> list[Button]:  # type: ignore[no-untyped-def]
    return [b for row in panel.rows if isinstance(row, list) for b in row]


async def finished_games(sessions: Sessions, user: int, n: int, *, practice: bool = False) -> None:
    """``n`` finished games of ``user`` against a computer, in their own channels."""
    for i in range(n):
        gid = await table(sessions, [(user, "p")], computers=1, channel=1000 + user + i * 7 + (500 if practice else 0))
        record = await sessions.record(gid)
        lines = tuple(PlayerResult(seat=s.seat, rank=s.seat + 1, prestige=40 - s.seat, won=s.seat == 0)
                      for s in record.seats)
        await sessions.store.games.commit_move(gid, record.version, 0, "end", record.state or "", finished=True,
                                               outcome=GameOutcome(lines, practice=practice))


# ---------------------------------------------------------------------------------------------- the coach
async def test_the_coach_follows_the_first_games_after_the_guided_one(sessions: Sessions) -> None:
    store = sessions.store
    assert await coached_people(store, [ANN]) == {ANN}  # nothing played yet
    await finished_games(sessions, ANN, 2)
    await finished_games(sessions, ANN, 2, practice=True)  # guided games do not count
    assert await coached_people(store, [ANN]) == {ANN}  # two games: still coached (three by default)
    await finished_games(sessions, ANN, 1)
    assert await coached_people(store, [ANN]) == set()
    assert await coached_people(store, [ANN], coach_games=5) == {ANN}  # the config's coach_games
    await store.players.set_player_settings(ANN, coach="on")  # anyone may keep it
    assert await coached_people(store, [ANN]) == {ANN}
    await store.players.set_player_settings(BOB, coach="off")  # or drop it from the start
    assert await coached_people(store, [BOB]) == set()


async def test_a_coached_panel_says_why_and_what_to_try_and_offers_to_drop_it(sessions: Sessions) -> None:
    gid = await table(sessions, [(ANN, "Ann"), (BOB, "Bob")])
    await sessions.store.players.set_player_settings(BOB, coach="off")
    loaded = await sessions.load(gid)
    first = loaded.game.active_seat
    user = loaded.user_of(first)
    assert user is not None
    other = BOB if user == ANN else ANN
    if user == BOB:  # Bob dropped the coach: give it back to him, Ann is coached by her count
        await sessions.store.players.set_player_settings(BOB, coach="on")
        await sessions.store.players.set_player_settings(ANN, coach="off")
    panel = await hand_screen(sessions, gid, user, t=_en())
    assert any(line.startswith("**Try:**") for line in panel.lines), panel.lines
    # Hints are off at this table: the advice says what to look for, never a word.
    assert "Spell " not in next(line for line in panel.lines if line.startswith("**Try:**"))
    drop = next(b for b in buttons(panel) if b.custom_id == SetCoach(gid, False).custom_id())
    assert drop.label == "Coach: drop it"
    quiet = await hand_screen(sessions, gid, other, t=_en())
    assert not any(line.startswith(("**Try:**", "**Why:**")) for line in quiet.lines)
    assert SetCoach(gid, True).custom_id() in [b.custom_id for b in buttons(quiet)]
    # After a move the Why line explains it.
    await sessions.play(gid, user, Move("skip"), None)
    after = await hand_screen(sessions, gid, user, t=_en())
    assert any(line.startswith("**Why:**") for line in after.lines), after.lines


async def test_the_daily_is_never_coached(sessions: Sessions) -> None:
    gid = await table(sessions, [(ANN, "Ann")], computers=1)
    loaded = await sessions.load(gid)
    assert await is_coached(sessions, loaded, loaded.seat_of(ANN) or 0)
    from dataclasses import replace

    daily = replace(loaded, record=replace(loaded.record, kind="daily"))
    assert not await is_coached(sessions, daily, loaded.seat_of(ANN) or 0)


async def test_the_try_line_and_the_one_click_word_agree_in_the_guided_game(sessions: Sessions) -> None:
    """Turn 2 of the guided game: the plan teaches QUESTION (a wild Q, the award) though OUTSHINE earns more;
    the button must spell the word the Try line names."""
    record = await sessions.lobby.open(1, 10, ANN, "Ann", GameOptions())
    sessions.set_ai(lambda game, seat, strength: Move("skip"), lambda game, seat: game.active_seat == seat)
    await sessions.lobby.act(record.id, ANN, "Ann", "learn")
    for step in PLAN:
        if step.key == "question":
            break
        for move in step.moves:
            await sessions.wait_for_computers(record.id)
            await sessions.play(record.id, ANN, move, None)
    await sessions.wait_for_computers(record.id)
    panel = await hand_screen(sessions, record.id, ANN, t=_en())
    tip = next(line for line in panel.lines if line.startswith("**Try:**"))
    assert "QUESTION" in tip, panel.lines
    one_click = [b.label for b in buttons(panel) if b.label.startswith("Spell ") and b.label != "Spell a word"]
    assert one_click and one_click[0].startswith("Spell QUESTION"), one_click
    coaching = await coach(sessions, await sessions.load(record.id), 0, _en())
    assert str(coaching.spell) == "spell 147=Q 135 1145 1155 1156 1148 152 1151"


# ---------------------------------------------------------------------------------------------- hints mid-game
async def test_one_person_with_computers_turns_hints_on_at_once(sessions: Sessions) -> None:
    sessions.set_ai(lambda game, seat, strength: Move("skip"), lambda game, seat: False)  # the computer waits
    gid = await table(sessions, [(ANN, "Ann")], computers=1)
    loaded = await sessions.load(gid)
    screen = hints_off_screen(loaded, ANN, _en())
    assert screen.rows[0][0].custom_id == AnswerHints(gid, True).custom_id()  # type: ignore[index]
    assert screen.rows[0][0].label == "Turn hints on"  # type: ignore[index]
    said = await answer_hints(sessions, gid, ANN, True)
    assert said.code == "hints_on"
    after = await sessions.load(gid)
    assert after.game.options.hints and after.record.options["hints"] is True
    assert after.record.version == loaded.record.version + 1
    # The stored state is still the replay of the log (the rules never read hints).
    replayed = Game.replay(after.game.num_players, after.record.seed or 0, GameOptions.from_dict(
        dict(after.record.options)), stored_log(await sessions.store.games.get_moves(gid)),
        get_dictionary("common"))
    assert replayed.to_json() == after.game.to_json()
    notes = [n for r in await sessions.store.outbox.game_deliveries(
        gid) if r.kind == "announce" for n in notes_of(r.payload)]
    assert HintsAsked(seat=after.seat_of(ANN) or 0, done=True) in notes
    with pytest.raises(SessionError, match="already on"):
        await answer_hints(sessions, gid, ANN, True)


async def test_hints_need_everyone_seated_and_one_no_closes_the_request(sessions: Sessions) -> None:
    gid = await table(sessions, [(ANN, "Ann"), (BOB, "Bob"), (CID, "Cid")])
    with pytest.raises(SessionError):
        await answer_hints(sessions, gid, 999, True)  # not seated
    with pytest.raises(SessionError, match="Nobody is asking"):
        await answer_hints(sessions, gid, BOB, False)
    assert (await answer_hints(sessions, gid, ANN, True)).code == "hints_asked"
    with pytest.raises(SessionError, match="already said yes"):
        await answer_hints(sessions, gid, ANN, True)
    # Bob's panel asks him; Ann's says whom she waits for.
    bob = await hand_screen(sessions, gid, BOB, t=_en())
    assert any("Ann asks to turn hints on" in line for line in bob.lines)
    assert {AnswerHints(gid, True).custom_id(), AnswerHints(gid, False).custom_id()} <= \
        {b.custom_id for b in buttons(bob)}
    ann = await hand_screen(sessions, gid, ANN, t=_en())
    waiting = next(line for line in ann.lines if line.startswith("Hints: waiting for"))
    assert "Bob" in waiting and "Cid" in waiting and "Ann" not in waiting, waiting  # (in seat order)
    assert (await answer_hints(sessions, gid, BOB, True)).code == "hints_agreed"
    assert not (await sessions.load(gid)).game.options.hints
    assert (await answer_hints(sessions, gid, CID, True)).code == "hints_on"
    assert (await sessions.load(gid)).game.options.hints

    other = await table(sessions, [(ANN, "Ann"), (BOB, "Bob")], channel=11)
    await answer_hints(sessions, other, BOB, True)
    assert (await answer_hints(sessions, other, ANN, False)).code == "hints_declined"
    loaded = await sessions.load(other)
    assert not loaded.game.options.hints and await sessions.store.players.request_agreements(other, "hints") == []
    notes = [n for r in await sessions.store.outbox.game_deliveries(other) if r.kind == "announce"
             for n in notes_of(r.payload)]
    assert HintsAsked(seat=loaded.seat_of(ANN) or 0, declined_by=loaded.seat_of(ANN)) in notes


# ---------------------------------------------------------------------------------------------- the panel
async def test_the_panel_carries_the_scores_the_goal_and_the_round(sessions: Sessions) -> None:
    gid = await table(sessions, [(ANN, "Ann"), (BOB, "Bob")])
    loaded = await sessions.load(gid)
    seat = loaded.seat_of(ANN) or 0
    loaded.game.state.players[1 - seat].prestige = 7
    panel = hand_panel(loaded, seat, player_view(loaded.game, seat), t=_en())
    line = next(line for line in panel.lines if line.startswith("Round "))
    active = loaded.game.active_seat
    bob = "▶ Bob 7★" if active != seat else "Bob 7★"
    assert line.startswith("Round 1 · goal 40★ · ") and bob in line and "**you** 0★" in line, line
    assert line.index("Bob") < line.index("**you**")  # highest first


def test_a_hand_without_a_vowel() -> None:
    from hardback_bot.engine.cards import card_defs

    by_letter: dict[str, int] = {}
    for cid, c in card_defs().items():
        by_letter.setdefault(c.letter, cid)
    assert not has_vowel([by_letter["R"], by_letter["D"], by_letter["Y"]])
    assert has_vowel([by_letter["R"], by_letter["E"]])
    assert has_vowel([by_letter["R"]], classics=[by_letter["A"]])


def _en():  # type: ignore[no-untyped-def]
    from hardback_bot.i18n import translator

    return translator("en")

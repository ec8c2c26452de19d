"""Text mode (docs/accessibility.md): a player who chose it gets the same panels without pictures — the same
buttons and selects, every card of the hand, the offer row and the piles in words, one a line, read in order —
and nothing said by a mark alone; everyone else keeps the pictures. The guided first game works the same way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardback_bot.engine import GameOptions, Move
from hardback_bot.engine.cards import card
from hardback_bot.sessions import Sessions
from hardback_bot.sessions.screens.my_panel import deck_view, hand_screen, spectator_screen
from hardback_bot.sessions.screens.panel import Panel
from hardback_bot.sessions.screens.text_mode import TEXT_LIMIT
from hardback_bot.store import open_store

ANN, BOB, CID = 100, 200, 300
# Emoji and the picture-only marks a screen reader says as a shape ("black right-pointing triangle"). ★ and ¢
# are left: the game's two units, always after their number ("3¢ 2★"), said once when text mode is turned on.
MARKS = re.compile("[\U0001F000-\U0001FAFF\u2600-\u2604\u2606-\u27BF\u25A0-\u25FF\u2B00-\u2BFF\uFE0F]")


class Quiet:
    async def changed(self, game_id: int) -> None:
        return None


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    s = Sessions(store, Quiet(), ai_delay=0)
    s.set_ai(lambda game, seat, strength: Move("skip"), lambda game, seat: False)  # the computer waits
    yield s
    await s.close()
    await store.close()


def decisions(panel: Panel) -> list[object]:
    """Every button and select of a panel, in order (what a player can do from it)."""
    return [tuple(row) if isinstance(row, list) else row for row in panel.rows]


def check_words_only(panel: Panel) -> None:
    assert panel.picture is None
    assert len(panel.text) <= TEXT_LIMIT and panel.text == "\n".join(panel.lines)  # nothing cut off
    assert not MARKS.search(panel.text), MARKS.findall(panel.text)


async def test_the_choice_is_the_players_own_and_changes_only_how_their_panels_say_things(
        sessions: Sessions) -> None:
    record = await sessions.lobby.open(1, 10, ANN, "Ann", GameOptions(length=40))
    await sessions.lobby.act(record.id, BOB, "Bob", "join")
    await sessions.lobby.act(record.id, ANN, "Ann", "start")
    loaded = await sessions.load(record.id)
    pictured = await hand_screen(sessions, record.id, ANN)
    assert pictured.picture is not None and pictured.picture.filename == "hand.png"

    await sessions.store.players.set_player_settings(ANN, text_mode=True)
    worded = await hand_screen(sessions, record.id, ANN)
    check_words_only(worded)
    assert decisions(worded) == decisions(pictured)  # the same decisions, one click each as before
    hand = loaded.game.player(loaded.seat_of(ANN)).hand  # type: ignore[arg-type]
    at = worded.lines.index("**Your hand**, 5 cards:")
    listed = worded.lines[at + 1:at + 6]
    assert [line[2] for line in listed] == [card(c).letter for c in hand]  # "- A (starter): 1¢", hand order
    assert all(line.startswith("- ") and "(" in line for line in listed)
    # read in order: the hand before the scores, the scores before the decision
    standing = next(i for i, line in enumerate(worded.lines) if line.startswith("Round 1 · goal 40★"))
    assert at < standing
    assert "(to play)" in worded.lines[standing] and "▶" not in worded.text

    other = await hand_screen(sessions, record.id, BOB)  # Bob did not choose it: his panel keeps its picture
    assert other.picture is not None

    deck = await deck_view(sessions, record.id, ANN)
    check_words_only(deck)
    assert deck.lines[0] == "**Draw pile** (in no particular order), 5 cards:"
    assert decisions(deck) == decisions(await deck_view(sessions, record.id, BOB))

    watching = await spectator_screen(sessions, record.id, user_id=ANN, seated=True)
    check_words_only(watching)
    row = watching.lines.index(next(line for line in watching.lines if line.startswith("**The offer row**")))
    assert [line.split(". ", 1)[0] for line in watching.lines[row + 1:row + 8]] == [str(n) for n in range(1, 8)]
    assert (await spectator_screen(sessions, record.id, user_id=CID)).picture is not None


async def test_the_guided_first_game_in_text_mode(sessions: Sessions) -> None:
    """Learn to play with text mode on: the coach's Try line, the hint's one-click word and the hand in words,
    no picture."""
    await sessions.store.players.set_player_settings(ANN, text_mode=True)
    record = await sessions.lobby.open(1, 10, ANN, "Ann", GameOptions())
    started, _ = await sessions.lobby.act(record.id, ANN, "Ann", "learn")
    panel = await hand_screen(sessions, started.id, ANN)
    check_words_only(panel)
    assert any(line.startswith("**Try:**") for line in panel.lines), panel.lines
    assert "**Your hand**, 5 cards:" in panel.lines
    assert [line[2] for line in panel.lines if line.startswith("- ")][:5] == list("ALERT")
    labels = [b.label for row in panel.rows if isinstance(row, list) for b in row]
    assert any(label.startswith("Spell ALERT") for label in labels), labels

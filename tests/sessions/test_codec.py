"""The custom_id codec: every action round-trips, the wire letters of posted buttons never change (the older
``hbi:`` and ``hbr:`` ids included), and no input whatever raises anything but ForgedId (a property test)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from hardback_bot.engine.moves import Move, WordCard, parse_move
from hardback_bot.sessions import codec
from hardback_bot.sessions.codec import (
    AdoptSuggestion,
    BoardPage,
    CancelConfirmation,
    ConfirmLeave,
    ConfirmSkip,
    ExportPick,
    ForgedId,
    GamesPage,
    HandView,
    LobbyClick,
    LobbyOp,
    MoreArrangements,
    OpenHand,
    OpenMyHand,
    OpenSpellForm,
    OpenSuggestForm,
    PickArrangement,
    PickMove,
    PlayMoves,
    ReplayClick,
    ReplayOp,
    SortWords,
    SpellWord,
    SuggestWord,
    TextModeSwitch,
    TopicsPick,
    VacationClick,
    VacationOp,
    arrangement_value,
    decode_moves,
    encode_moves,
    fits,
    game_value,
    more_value,
    move_value,
    parse,
    step_value,
    suggestion_value,
)

SPELL = parse_move("spell 120 67=A 1156")
ACTIONS = [
    LobbyClick(7, LobbyOp.JOIN), LobbyClick(7, LobbyOp.COMPUTER, 3), LobbyClick(7, LobbyOp.REMATCH),
    LobbyClick(7, LobbyOp.END), OpenHand(7), OpenHand(7, HandView.DECK), OpenHand(7, HandView.WATCH),
    OpenHand(7, HandView.REFRESH), PlayMoves(7, 12, (SPELL, Move("take", choice="prestige"))),
    PlayMoves(7, 12, (Move("buy", card=91), Move("end")), confirmed=True), PickMove(7, 12), PickMove(7, 12, 9),
    OpenSpellForm(7, 12), SpellWord(7, 12), OpenSuggestForm(7, 3), SuggestWord(7, 3), PickArrangement(7, 12),
    AdoptSuggestion(7, 12), ConfirmSkip(7, 12), ConfirmLeave(7), CancelConfirmation(7), SortWords(7),
    OpenHand(7, HandView.BUY_MORE), OpenHand(7, HandView.JAIL), OpenHand(7, HandView.JAIL_REMOVE),
    OpenHand(7, HandView.DUMP),
    PlayMoves(2**63 - 1, 999_999_999, (Move("convert", number=2),)),
    OpenMyHand(7), GamesPage(123456789012345678, 0), GamesPage(2**63 - 1, 99),
    BoardPage("rating", 0), BoardPage("win_rate", 9999, "season"), BoardPage("longest_word", 3, "last"),
    ExportPick(), TopicsPick(1), TopicsPick(2), TextModeSwitch(True), TextModeSwitch(False, "legend"),
    ReplayClick(7, 0, ReplayOp.FIRST), ReplayClick(2**63 - 1, 99_999, ReplayOp.JUMP, public=True),
    VacationClick(7, VacationOp.PANEL), VacationClick(7, VacationOp.GO, 7), VacationClick(7, VacationOp.BACK),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_every_action_round_trips(action: codec.Action) -> None:
    text = action.custom_id()
    assert len(text) <= 100 and text.startswith("hb:")
    assert parse(text) == action


def test_the_wire_letters_of_posted_buttons() -> None:
    # Buttons already in servers carry these exact strings: after any change they must mean the same.
    assert parse("hb:m:5:3:S.3c.1v=A.w4") == PlayMoves(5, 3, (SPELL,))
    assert parse("hb:m:5:3:take_prestige~end") == PlayMoves(5, 3, (Move("take", choice="prestige"), Move("end")))
    assert parse("hb:m:5:3:-buy_91") == PlayMoves(5, 3, (Move("buy", card=91),), confirmed=True)
    assert parse("hb:m:5:3:sel8") == PickMove(5, 3, 8)
    assert parse("hb:l:5:0:ai1") == LobbyClick(5, LobbyOp.COMPUTER, 1)
    assert parse("hb:h:5:0:") == OpenHand(5) and parse("hb:h:5:0:d") == OpenHand(5, HandView.DECK)
    assert parse("hb:g:5:2:suggest") == OpenSuggestForm(5, 2) and parse("hb:w:5:2:suggest") == SuggestWord(5, 2)
    assert parse("hb:e:5:0:sel") == SortWords(5) and parse("hb:x:5:0:leave") == ConfirmLeave(5)
    assert encode_moves([SPELL]) == "S.3c.1v=A.w4"
    # Views of the hand at a step and a confirmation's Cancel, beside the letters above.
    assert parse("hb:h:5:0:b") == OpenHand(5, HandView.BUY_MORE) and parse("hb:h:5:0:u") == OpenHand(5, HandView.DUMP)
    assert parse("hb:h:5:0:j") == OpenHand(5, HandView.JAIL)
    assert parse("hb:h:5:0:k") == OpenHand(5, HandView.JAIL_REMOVE)
    assert parse("hb:x:5:0:cancel") == CancelConfirmation(5)
    # /hardback games: a game's Open my hand, and a page of someone's list.
    assert parse("hb:y:5:0:hand") == OpenMyHand(5) and parse("hb:y:42:3:page") == GamesPage(42, 3)
    # The information pages' and replays' kinds.
    assert parse("hb:b:0:2:rating.s") == BoardPage("rating", 2, "season") and parse("hb:j:0:0:") == ExportPick()
    assert parse("hb:i:0:2:") == TopicsPick(2) and parse("hb:v:5:3:np") == ReplayClick(5, 3, ReplayOp.NEXT, True)
    assert parse("hb:n:0:1:legend") == TextModeSwitch(True, "legend") and parse("hb:n:0:0:") == TextModeSwitch(False)


def test_the_older_prefixes_posted_before_one_grammar_still_read() -> None:
    # Leaderboards, history selects, rules selects and replays posted by earlier versions carry these.
    assert parse("hbi:lb:rating:2") == BoardPage("rating", 2)
    assert parse("hbi:lb:best_word:0:s") == BoardPage("best_word", 0, "season")
    assert parse("hbi:lb:wins:12:l") == BoardPage("wins", 12, "last")
    assert parse("hbi:ex") == ExportPick() and parse("hbi:rl:1") == TopicsPick(1) and parse("hbi:rl:2") == TopicsPick(2)
    assert parse("hbi:tm:on:legend") == TextModeSwitch(True, "legend") and parse("hbi:tm:off:") == TextModeSwitch(False)
    assert parse("hbr:l:5:40:e") == ReplayClick(5, 40, ReplayOp.LAST) and parse("hbr:j:5:3:p").public
    # Read, never written: each reads as the action whose id is now in the one grammar.
    assert parse("hbi:lb:rating:2").custom_id() == "hb:b:0:2:rating"


def test_the_values_of_page_selects() -> None:
    assert game_value("123") == 123 and step_value("40") == 40
    for bad in ("", "0", "-1", "1.5", "x", str(2**63), "٣", "9" * 20, None, 7, ["1"]):
        with pytest.raises(ForgedId):
            game_value(bad)
    for bad in ("", "-1", "123456", "x", "١", "9" * 5000, None, 7):
        with pytest.raises(ForgedId):
            step_value(bad)


def test_a_confirm_too_long_for_a_button_does_not_fit() -> None:
    word = Move("spell", word=tuple(WordCard(5000 + i, "Q") for i in range(12)))
    assert fits(PlayMoves(7, 12, (word,))) and not fits(PlayMoves(2**63 - 1, 999_999_999, (word, word)))
    # A turn-based player's vacation: their panel, three days away, back early.
    assert parse("hb:u:5:0:panel") == VacationClick(5, VacationOp.PANEL)
    assert parse("hb:u:5:3:go") == VacationClick(5, VacationOp.GO, 3)
    assert parse("hb:u:5:0:back") == VacationClick(5, VacationOp.BACK)


@pytest.mark.parametrize("text", [
    "hb:m:9223372036854775808:1:ink",  # 2**63: past a signed 64-bit key
    "hb:m:0:1:ink", "hb:m:5:1:" + "~" * 80, "hb:m:5:1:S.", "hb:m:5:1:S..", "hb:m:5:1:S.zzzzz",
    "hb:m:5:1:buy__1", "hb:m:5:1:_ink", "hb:m:5:1:ink_", "hb:m:5:1:timeout", "hb:m:5:1:ink~timeout",
    "hb:m:5:1:buy_999999999", "hb:m:5:1:fly_away", "hb:m:5:1:spell", "hb:m:5:1:S.1=AB",
    "hb:l:5:0:ai", "hb:l:5:0:ai12", "hb:l:5:0:computer", "hb:l:5:0:teleport", "hb:h:5:0:x", "hb:p:5:1:next",
    "hb:q:5:1:", "hb:s:5:1:x", "hb:w:5:1:launch", "hb:a:5:1:sel", "hb:g:5:1:x", "hb:x:5:1:launch",
    "hb:x:5:1:cancel", "hb:x:5:3:leave",
    "hb:u:5:2:go", "hb:u:5:0:go", "hb:u:5:14:go", "hb:u:5:1:back", "hb:u:5:1:panel", "hb:u:5:0:away",
    "hb:y:5:1:hand", "hb:y:5:100:page", "hb:y:5:0:", "hb:y:5:0:pages", "hb:y:0:0:page",
    "hb:e:5:0:", "hb:", "hb::::", "hb:m:5:1:ink:", "HB:m:5:1:ink", "hb:m:5:1:ink\n", "hb:m:٣:1:ink",
    "hb:b:0:1:nonsense", "hb:b:1:1:rating", "hb:b:0:10000:rating", "hb:b:0:1:rating.x", "hb:b:0:1:rating.",
    "hb:j:0:1:", "hb:j:0:0:x", "hb:j:3:0:", "hb:i:0:0:", "hb:i:0:3:", "hb:i:1:1:", "hb:i:0:1:x",
    "hb:v:0:1:ne", "hb:v:1:1:zz", "hb:v:1:1:n", "hb:v:1:1:nep", "hb:v:1:100000:ne", "hb:v:9223372036854775808:1:ne",
    "hbi:", "hbi:lb:rating", "hbi:lb:rating:12345", "hbi:lb:nonsense:1", "hbi:rl:3", "hbi:ex:", "hbi:lb:rating:1:x",
    "hbi:zz", "hbi:tm:maybe:", "hbi:tm:on", "hb:n:0:2:", "hb:n:1:1:", "hb:n:0:1:Legend",
    "hbr:n:1:123456:e", "hbr:n:1:1:x", "hbr:n:0:1:e", "hbr:n:9223372036854775808:1:e", "hbr:", "hbx:1",
    "hb:m:5:1:" + "ink~" * 12 + "ink", "x" * 101, "",
])
def test_forged_ids_are_refused(text: str) -> None:
    with pytest.raises(ForgedId):
        parse(text)


@pytest.mark.parametrize("value", [None, 7, ["ink"], {"a": 1}])
def test_values_of_the_wrong_type_are_refused(value: object) -> None:
    for decode in (parse, move_value, arrangement_value, decode_moves):
        with pytest.raises(ForgedId):
            decode(value)  # type: ignore[arg-type]


def test_select_values() -> None:
    assert move_value("buy_3~end") == ((Move("buy", card=3), Move("end")), False)
    assert move_value("-ink") == ((Move("ink"),), True)
    assert arrangement_value("S.3c.1v=A.w4") == SPELL
    assert arrangement_value(more_value(2, SPELL)) == MoreArrangements(2, SPELL)
    for bad in ("buy_3", "P~S.3c", "Px~S.3c", "P1~buy_3", "P1234~S.3c"):
        with pytest.raises(ForgedId):
            arrangement_value(bad)
    assert suggestion_value("2", 3) == 2
    for bad in ("0", "4", "two", "", "-1", "1" * 50):
        with pytest.raises(ForgedId):
            suggestion_value(bad, 3)


ID_PIECES = st.sampled_from(["hb", ":", "m", "l", "h", "a", "x", "g", "w", "s", "e", "sel", "S.", ".", "=", "~",
                             "_", "-", "P", "ink", "buy", "end", "timeout", "9" * 19, "0", "1", "z", "A", "é",
                             "cancel", "leave", "b", "j", "k", "u", "t", "v", "o", "r", "d", "rating", "wins", ".s",
                             ".l", "ne", "jp", "hbi", "hbr", "lb", "rl", "ex", "2", "menu", "share", "20260105"])


@settings(max_examples=examples(600, 5000), deadline=None)
@given(st.one_of(st.text(max_size=120), st.lists(ID_PIECES, max_size=40).map("".join),
                 st.lists(ID_PIECES, max_size=30).map(lambda parts: "hb:" + "".join(parts)),
                 st.lists(ID_PIECES, max_size=12).map(lambda parts: "hbi:" + "".join(parts)),
                 st.lists(ID_PIECES, max_size=12).map(lambda parts: "hbr:" + "".join(parts)),
                 st.builds(lambda kind, subject, number, arg: f"hb:{kind}:{subject}:{number}:{arg}",
                           st.sampled_from("bijvldortc"), st.sampled_from(["0", "1", "7", "20260105", "9" * 19]),
                           st.sampled_from(["0", "1", "2", "3", "9999", "10000", "99999", "999999999"]),
                           st.lists(ID_PIECES, max_size=4).map("".join))))
def test_any_text_is_a_refusal_or_an_action_that_round_trips(text: str) -> None:
    try:
        action = parse(text)
    except ForgedId:
        return
    if isinstance(action, BoardPage | ExportPick | TopicsPick | codec.DailyClick):
        assert not hasattr(action, "game_id")  # these name no game: nothing of one is looked up for them
    else:
        assert 0 < action.game_id <= codec.MAX_GAME_ID
    again = action.custom_id()
    assert again.startswith("hb:") and len(again) <= codec.MAX_ID and parse(again) == action
    if isinstance(action, PlayMoves):
        assert action.moves and all(m.kind != "timeout" for m in action.moves)


@settings(max_examples=examples(200, 2000), deadline=None)
@given(st.one_of(st.text(max_size=120), st.lists(ID_PIECES, max_size=40).map("".join)))
def test_any_value_is_a_refusal_or_moves(text: str) -> None:
    try:
        moves, _ = move_value(text)
    except ForgedId:
        pass
    else:
        assert 1 <= len(moves) <= codec.MAX_STEPS and all(m.kind != "timeout" for m in moves)
    try:
        chosen = arrangement_value(text)
    except ForgedId:
        pass
    else:
        assert (chosen.move if isinstance(chosen, MoreArrangements) else chosen).kind == "spell"


@settings(max_examples=examples(100, 1000), deadline=None)
@given(st.lists(st.tuples(st.integers(1, 5999), st.one_of(st.none(), st.sampled_from("ABCXYZ"))), min_size=2,
                max_size=12))
def test_spelled_words_round_trip(slots: list[tuple[int, str | None]]) -> None:
    move = Move("spell", word=tuple(WordCard(c, w) for c, w in slots))
    assert decode_moves(encode_moves([move])) == (move,)

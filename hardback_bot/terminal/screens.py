"""What the terminal shows, as lines of text: the table, a hand, the decision a seat faces, the results and
the commands.  Every sentence is one of the sessions layer's (phrases.py, the hand panel's and the table
message's words, shared through the catalogues) or the terminal's own, all in the reader's language; the
Markdown of the bot's sentences is taken off (``describe_play.plain``).  Nothing private of another seat is
shown: only ``seat``'s own hand, and every seat's public piles and tokens."""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.cardtext import card_summary
from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.i18n import Translator
from hardback_bot.sessions.phrases import card_name, genre_word, phase_prompt, separator
from hardback_bot.sessions.play_by_play import plain


def help_lines(t: Translator) -> list[str]:
    """The commands (typed in English, like the engine's notation) and what each does."""
    explained = {
        "STALE": t.gettext("a word: spell it in the best arrangement of your cards ('word END' for a word that is "
                           "also a command)"),
        "1, 2, 3 …": t.gettext("choose that option of the list"),
        "skip": t.gettext("writer's block: skip your turn"),
        "hint": t.gettext("the best words your cards can spell"),
        "ai": t.gettext("let a computer player make this decision for you"),
        "ghostwriter, adopt N": t.gettext("ask the others for a word, then play suggestion N"),
        "undo": t.gettext("take back your last choice of the turn, while nothing new was revealed"),
        "hand, table, moves": t.gettext("show your cards, the table, or your choices again"),
        "N: MOVE": t.gettext("act as seat N (hot-seat, e.g. \"2: ink\" during someone else's turn)"),
        "spell 12 40=A 1156": t.gettext("the engine's notation works too (docs/notation.md)"),
        "help, quit": t.gettext("this list; leave the game"),
    }
    return [t.gettext("Commands:"), *(f"  {command:<22} {text}" for command, text in explained.items())]


def table_lines(game: Game, names: Sequence[str], t: Translator) -> list[str]:
    """The public table: the round, each seat's score and tokens, co-op's scores, the offer row."""
    s = game.state
    title = t.gettext("Hardback — round {n}", n=s.round)
    if s.final_round:
        title += " · " + plain(t.gettext("**Final round!**"))
    lines = [f"— {title} —"]
    scores = game.scores()
    for p in s.players:
        tokens = t.gettext("ink {ink} · remover {remover}", ink=p.ink, remover=p.remover)
        if not game.options.coop:
            tokens = t.gettext("{prestige}★ · {tokens}", prestige=scores[p.seat], tokens=tokens)
        extras = []
        if p.award:
            extras.append(t.gettext(" · +{n}★ at the end (award)", n=p.award).removeprefix(" · "))
        if p.timeless:
            extras.append(t.gettext("classics in play: {cards}",
                                    cards=separator(t).join(card_name(c, t=t) for c in p.timeless)))
        if p.jail is not None:
            extras.append(t.gettext("jail: {card}", card=card_name(p.jail, cost=True, t=t)))
        if game.options.adverts and p.adverts:
            extras.append(t.ngettext("{n} advert", "{n} adverts", p.adverts))
        lines.append(f"  {names[p.seat]}: {tokens}" + "".join(f" · {x}" for x in extras))
    if game.options.coop:
        genre = s.penny["genre"]
        signature = t.pgettext("signature genre", "none") if genre in (None, "none") else genre_word(genre, t)
        lines.append("  " + plain(t.gettext("Team **{team}★** vs Penny Dreadful **{penny}★** (goal {goal}★, "
                                            "signature: {genre})", team=s.penny["team"], penny=s.penny["score"],
                                            goal=game.goal, genre=signature)))
    else:
        lines.append("  " + t.gettext("Goal: {n}★", n=game.goal))
    row = " · ".join(card_name(c, cost=True, t=t) for c in reversed(s.offer_row))  # newest first, as drawn
    lines.append("  " + t.gettext("Offer row, newest first: {cards}", cards=row or "—"))
    return lines


def hand_lines(game: Game, seat: int, names: Sequence[str], t: Translator) -> list[str]:
    """``seat``'s own hand, each card with what it does (plain starters on one line), and their piles."""
    p = game.player(seat)
    lines = [plain(t.gettext("Your hand — {name}", name=names[seat]))]
    starters = []
    for cid in p.hand:
        c = card(cid)
        if c.is_starter and cid not in p.inked:
            starters.append(f"{c.letter} {card_summary(c, language=t.language)}")
            continue
        name = t.gettext("{card} — inked", card=card_name(cid, t=t)) if cid in p.inked else card_name(cid, t=t)
        lines.append(f"  {name}: {card_summary(c, 80, language=t.language)}")
    if starters:
        lines.append("  " + t.gettext("starters: {cards}", cards=" · ".join(starters)))
    lines.append("  " + t.gettext("Ink {ink} · remover {remover} · draw pile {draw} · discard {discard}",
                                  ink=p.ink, remover=p.remover, draw=len(p.draw), discard=len(p.discard)))
    return lines


def decision_lines(game: Game, seat: int, names: Sequence[str], t: Translator) -> list[str]:
    """What ``seat`` must decide now, before the options: the word so far, the step and its figures."""
    turn = game.state.turn
    phase = game.phase
    pend = game.pending() or {}
    lines = []
    if phase not in ("spell", "vote", "buy") and turn.word:
        letters = "".join(s.letter for s in turn.word)
        lines.append(plain(t.gettext("Word: **{letters}** · coins this turn: {coins}¢", letters=letters,
                                     coins=turn.coins)))
    if phase == "vote":
        word = turn.extra.vote.word if turn.extra.vote is not None else "?"
        lines.append(f"{names[seat]} — " + plain(t.gettext("Vote: should **{word}** be accepted?", word=word)))
        return lines
    lines.append(f"{names[seat]} — " + plain(t.gettext("**Your turn.** {prompt}", prompt=phase_prompt(phase, t))))
    if phase == "spell":
        lines.append(t.gettext("Type a word to spell it ('hint' for ideas), or choose:"))
    elif phase == "choice" and "card" in pend:
        name = card_name(pend["card"], t=t)
        lines.append(t.gettext("{card}: take {n}¢ or {n}★.", card=name, n=pend["value"])
                     if pend["kind"] == "either_coins_or_prestige"
                     else t.gettext("{card}: take 1 ink or 1 remover.", card=name))
    elif phase == "previewing":
        lines.append(t.gettext("Previewed: {cards}", cards=separator(t).join(card_name(c, t=t)
                                                                       for c in pend.get("cards", []))))
    elif phase == "dump":
        lines.append(t.gettext("Remove one card of your discard pile from the game for {n}¢.", n=game.dump_value()))
    elif phase == "buy":
        lines.append(plain(t.gettext("You have **{coins}¢**. Leftover coins become ink at the end of your turn.",
                                     coins=turn.coins)))
    return lines


def result_lines(game: Game, names: Sequence[str], t: Translator) -> list[str]:
    """The end (R22.4, R22.6, R29.9): the standings, the winners, and a word about the words."""
    stats = game.stats()
    rounds = stats.table.turns
    lines = ["", t.ngettext("Game over after {n} round.", "Game over after {n} rounds.", rounds)]
    standings = game.standings()
    if game.options.coop:
        first = standings[0]
        params = {"team": first.prestige, "penny": first.penny}
        lines.append("  " + plain(t.gettext("The team **won**: team {team}★, Penny Dreadful {penny}★.", **params)
                                  if first.won else
                                  t.gettext("Penny Dreadful **won**: team {team}★, Penny Dreadful {penny}★.",
                                            **params)))
    else:
        for s in standings:
            if s.award:
                line = t.gettext("{rank}. {name} {prestige}★ (award {award}★ included) · ink {ink}", rank=s.rank,
                                 name=names[s.seat], prestige=s.prestige, award=s.award, ink=s.ink)
            else:
                line = t.gettext("{rank}. {name} {prestige}★ · ink {ink}", rank=s.rank, name=names[s.seat],
                                 prestige=s.prestige, ink=s.ink)
            best = stats.players[s.seat].best_word
            if best:
                line += " · " + t.gettext("best word {word}", word=best.upper())
            lines.append("  " + line)
        winners = [names[s.seat] for s in standings if s.rank == 1]
        lines.append(t.gettext("{name} wins!", name=winners[0]) if len(winners) == 1
                     else t.gettext("{names} share the win!", names=t.join(winners)))
    words = stats.table.words
    lines.append("  " + t.ngettext("{n} word spelled; the longest had {longest} letters.",
                                   "{n} words spelled; the longest had {longest} letters.", words,
                                   longest=stats.table.longest_word))
    return lines

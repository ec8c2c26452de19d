"""Public panels: the lobby, the table message and the results (platform-neutral)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from hardback_bot.cardtext import card_line
from hardback_bot.engine import GameOptions
from hardback_bot.engine.cards import card
from hardback_bot.engine.options import ADVERTS
from hardback_bot.engine.views import public_view
from hardback_bot.i18n import Translator
from hardback_bot.store import GameRecord, Store

from ..codec import (
    RULES_HERE,
    HandView,
    LobbyClick,
    LobbyOp,
    OpenHand,
    OptionsMenu,
    SetOption,
    VacationClick,
    VacationOp,
)
from ..core import STRENGTH_NAMES
from ..learners import COACH_GAMES, newcomers
from ..loaded import Loaded
from ..phrases import ENGLISH, bold, genre_word, seat_name
from ..table_options import (
    BY_KEY,
    OPTIONS,
    choices,
    encode_value,
    offered,
    option_for,
    option_line,
    speed_explains,
    summary,
    turn_based,
    value_words,
)
from .in_words import joined
from .panel import Button, Option, Panel, Select, hand_button, rules_button
from .pictures import results_picture, table_picture
from .seats import played_by


def options_summary(options: GameOptions, t: Translator = ENGLISH) -> str:
    """The options of a table in plain words, on one line (the lobby shows them as a few lines)."""
    return " ".join(summary(options, t))


def _add_label(level: str, t: Translator) -> str:
    if level == "easy":
        return t.gettext("Add easy computer")
    if level == "hard":
        return t.gettext("Add hard computer")
    if level == "expert":
        return t.gettext("Add expert computer")
    return t.gettext("Add normal computer")


def lobby_panel(record: GameRecord, t: Translator = ENGLISH, *, newcomers: Collection[int] = ()) -> Panel:
    """The public lobby message, in ``t``'s language (the server's). ``newcomers``: seated people who have
    never finished a game in this server; the lobby then proposes hints, if they are off."""
    options = GameOptions.from_dict(dict(record.options))
    max_seats = 4 if options.coop else 5
    panel = Panel(title=t.gettext("Hardback — a new table"))
    if record.status == "abandoned":
        panel.lines.append(t.gettext("This lobby was cancelled."))
        return panel
    host = next((seat_name(s, t) for s in record.seats if s.user_id == record.host_id), None) \
        or t.gettext("the host")
    panel.lines.append(t.gettext("Host: **{host}**", host=host))
    panel.lines += summary(options, t)
    panel.lines.append(t.gettext("**Seats ({n}/{max}):**", n=len(record.seats), max=max_seats))
    panel.lines += [f"{i + 1}. {seat_name(s, t)}" for i, s in enumerate(record.seats)]
    if record.status != "lobby":
        panel.lines.append(t.gettext("The game has started: see the table below."))
        return panel
    minimum = 1 if options.coop else 2
    panel.lines.append(t.gettext("Join, add computer players, then the host starts ({min}–{max} players). "
                                 "Seat order is drawn at random.", min=minimum, max=max_seats))
    panel.lines.append(t.gettext("Computer players: easy spells short words; normal, the best word of each turn; hard "
                                 "also plans what it buys; expert first tries its choices in sample games (the "
                                 "strongest)."))
    new = [seat_name(s, t) for s in record.seats if s.user_id in newcomers]
    propose = bool(new) and not options.hints
    if propose:
        panel.lines.append(t.ngettext("{names} is new here or still learning: hints would help (a button that "
                                      "spells your best word).",
                                      "{names} are new here or still learning: hints would help (a button that "
                                      "spells your best word).", len(new), names=t.join(new)))

    def button(label: str, op: LobbyOp, style: str = "secondary", strength: int = 0) -> Button:
        return Button(label, LobbyClick(record.id, op, strength).custom_id(), style)

    panel.add_buttons([button(t.gettext("Join"), LobbyOp.JOIN, "success"), button(t.gettext("Leave"), LobbyOp.LEAVE),
                       button(t.gettext("Start"), LobbyOp.START, "primary"),
                       button(t.gettext("Learn to play"), LobbyOp.LEARN, "primary"),
                       button(t.gettext("Cancel"), LobbyOp.CANCEL, "danger")])
    panel.add_buttons([*(button(_add_label(name, t), LobbyOp.COMPUTER, strength=level)
                         for level, name in STRENGTH_NAMES.items()), rules_button(record.id, "overview", t)])
    panel.rows.append(Select(OptionsMenu(record.id).custom_id(), t.gettext("Table options (the host sets them)…"),
                             tuple(Option(option_line(o, options, t), o.key, t.gettext(o.explains))
                                   for o in OPTIONS if offered(o, options))))
    if propose:
        panel.add_buttons([Button(t.gettext("Turn hints on"), SetOption(record.id, "hints", "on").custom_id(),
                                  "success")])
    return panel


async def lobby_screen(store: Store, record: GameRecord, t: Translator = ENGLISH, *,
                       coach_games: int = COACH_GAMES) -> Panel:
    """The lobby message as it stands in the store (who is new to this server, or still learning, included)."""
    learning = await newcomers(store, record, coach_games) if record.status == "lobby" else set()
    return lobby_panel(record, t, newcomers=learning)


def option_screen(record: GameRecord, key: str, dictionaries: Sequence[str], t: Translator = ENGLISH) -> Panel:
    """The private panel of one table option: what it does, its value now, and its choices (for the host)."""
    options = GameOptions.from_dict(dict(record.options))
    option = BY_KEY[option_for(key, options)]
    panel = Panel(title=t.gettext(option.name), lines=[t.gettext(option.explains), t.gettext(
        "Now: **{value}**.", value=value_words(key, getattr(options, key), t))])
    values = choices(key, dictionaries)
    current = getattr(options, key)
    if all(isinstance(v, bool) for v in values):
        panel.add_buttons([Button(value_words(key, v, t), SetOption(record.id, key, encode_value(v)).custom_id(),
                                  "success" if v == current else "secondary") for v in values])
    else:
        panel.rows.append(Select(SetOption(record.id, key).custom_id(), t.gettext("Choose…"),
                                 tuple(Option(("✓ " if v == current else "") + value_words(key, v, t),
                                              encode_value(v), _explains(key, v, t)) for v in values)))
    panel.add_buttons([rules_button(record.id, RULES_OF_OPTION.get(key, "overview"), t)])
    return panel


def _explains(key: str, value: object, t: Translator) -> str | None:
    """A choice's description under its label: what a speed means (real time or turn-based)."""
    return speed_explains(value, t) if key == "turn_timer" and isinstance(value, int) else None


# The rules topic that explains each option (help/topics.py keys).
RULES_OF_OPTION = {"length": "end", "dictionary": "dictionary", "hints": "hints", "coop": "coop",
                   "penny_genre": "coop", "turn_timer": "timers", "awards": "awards", "adverts": "adverts",
                   "unique_words": "unique", "vote": "dictionary", "open_hands": "coop", "ghostwriter": "ghostwriter",
                   "family_friendly": "dictionary"}


async def table_panel(loaded: Loaded, t: Translator = ENGLISH, *, words: bool = False,
                      away: Mapping[int, int] | None = None) -> Panel:
    """The public table message, in ``t``'s language (the server's). Once the game is over (finished or ended)
    it shows the final state, with no player to play and no game button (only the results message carries
    Rematch). ``words``: for a reader in text mode (screens/text_mode.py), no picture and no ▶ mark (the Turn
    line names the seat to play). ``away``: the seats on vacation now, and until when (sessions/vacation.py)."""
    game = loaded.game
    view = public_view(game)
    names = loaded.names_in(t)
    ended = loaded.record.status == "abandoned"
    over = game.finished or ended
    title = (t.gettext("Hardback — round {n} (final)", n=game.state.round) if over
             else t.gettext("Hardback — round {n}", n=game.state.round))
    panel = Panel(title=title)
    lines = []
    coop = game.options.coop
    if game.finished:
        lines += results_lines(loaded, t)
    else:
        for p in view["players"]:
            lines += seat_lines(view, p, names, t, to_play=p["seat"] == game.active_seat and not over and not words)
        if coop:
            penny = view["penny"]
            lines.append(t.gettext("Team **{team}★** vs Penny Dreadful **{penny}★** (goal {goal}★, signature: "
                                   "{genre})", team=penny["team"], penny=penny["score"], goal=view["goal"],
                                   genre=_signature(penny["genre"], t)))
        else:
            lines.append(t.gettext("Goal: {n}★", n=view["goal"]))
    if game.finished:
        lines.append(t.gettext("**The game is over.** The results are below."))
    elif ended:
        lines.append(t.gettext("**This game was ended** before its finish; it stays in the history, unrated."))
    else:
        if view["final_round"]:
            lines.append(t.gettext("**Final round!**"))
        lines.append(t.gettext("Turn: **{name}** — {doing}", name=names[game.active_seat],
                               doing=_phase_words(view, t)))
        lines += [t.gettext("{name} is away until {when}.", name=names[seat], when=f"<t:{until}:f>")
                  for seat, until in sorted((away or {}).items()) if 0 <= seat < len(names)]
    panel.lines = lines
    if not words:
        panel.picture = await table_picture(view, names, loaded.computers, ended=ended, language=t.language)
    if not over:
        buttons = [hand_button(loaded.record.id, t),
                   Button(t.gettext("Watch"), OpenHand(loaded.record.id, HandView.WATCH).custom_id()),
                   rules_button(loaded.record.id, RULES_HERE, t)]
        if turn_based(game.options.turn_timer):  # each player's own vacation panel (sessions/vacation.py)
            buttons.append(Button(t.gettext("Vacation…"),
                                  VacationClick(loaded.record.id, VacationOp.PANEL).custom_id()))
        panel.add_buttons(buttons)
    return panel


def seat_lines(view: dict[str, Any], p: dict[str, Any], names: Sequence[str], t: Translator = ENGLISH, *,
               to_play: bool = False) -> list[str]:
    """What the table picture shows of one seat, in words: prestige (not in co-op: one team score), ink,
    remover, cards in hand, adverts bought, an award held; then its classics in play and its jailed card, each
    card said in full (cardtext.card_line), so the picture adds nothing the lines do not say."""
    seat = p["seat"]
    tokens = t.gettext("ink {ink} · remover {remover}", ink=p["ink"], remover=p["remover"])
    if not view["options"].get("coop"):
        tokens = t.gettext("{prestige}★ · {tokens}", prestige=p["prestige"], tokens=tokens)
    tokens += t.ngettext(" · {n} card in hand", " · {n} cards in hand", p["hand_count"])
    if view["options"].get("adverts"):
        tokens += t.gettext(" · adverts {n} of {most}", n=p["adverts"], most=len(ADVERTS))
    award = t.gettext(" · +{n}★ at the end (award)", n=p["award"]) if p["award"] else ""
    lines = [f"{'▶ ' if to_play else ''}**{names[seat]}** {tokens}{award}"]
    if p["timeless"]:
        lines.append(t.gettext("{name}'s classics in play: {cards}", name=names[seat], cards=joined(
            t.language, (card_line(card(c), t.language) for c in p["timeless"]))))
    if p["jail"] is not None:
        lines.append(t.gettext("{name}'s jail: {card}", name=names[seat],
                               card=card_line(card(p["jail"]), t.language, purchase=True)))
    return lines


def _signature(genre: object, t: Translator) -> str:
    if genre in (None, "none"):
        return t.pgettext("signature genre", "none")
    return genre_word(str(genre), t)


def _phase_words(view: dict[str, Any], t: Translator = ENGLISH) -> str:
    turn = view["turn"]
    phase = turn["phase"]
    if phase == "spell":
        return t.gettext("spelling")
    if phase == "vote":
        return t.gettext("waiting for a vote")
    if phase == "buy":
        return t.gettext("buying with {coins}¢", coins=turn.get("coins", 0))
    return t.gettext("resolving **{letters}**", letters=turn.get("letters", ""))


PRESTIGE_SOURCES = ("words", "bought", "adverts")  # where a player's prestige came from, awards apart


def prestige_sources(loaded: Loaded, seat: int) -> dict[str, int]:
    """Where ``seat``'s prestige came from: their words' benefits (R12), the purchase prestige of the cards
    they bought (R19.4) and their adverts (R25); the award (R24) is the results' own figure."""
    stats = loaded.game.player(seat).stats
    return {"words": stats.points_basic + stats.points_genre, "bought": stats.points_purchase,
            "adverts": stats.points_advert}


def _sources(parts: dict[str, int], award: int, t: Translator) -> str:
    """"11★ from words + 4★ from cards bought + 2★ award": words always, the others where they gave some."""
    said = [t.gettext("{n}★ from words", n=parts["words"])]
    if parts["bought"]:
        said.append(t.gettext("{n}★ from cards bought", n=parts["bought"]))
    if parts["adverts"]:
        said.append(t.gettext("{n}★ from adverts", n=parts["adverts"]))
    if award:
        said.append(t.gettext("{n}★ award", n=award))
    return " + ".join(said)


def results_lines(loaded: Loaded, t: Translator = ENGLISH) -> list[str]:
    """One line per player that adds up to their score: words, cards bought, adverts and award (R22.3); in
    co-op, what each player gave the team and the team's score made of the same parts (R29.9)."""
    view = public_view(loaded.game)
    lines = []
    if loaded.game.options.coop:
        first = view["results"][0]
        params = {"team": first["prestige"], "penny": first["penny"]}
        lines.append(t.gettext("The team **won**: team {team}★, Penny Dreadful {penny}★.", **params)
                     if first["won"] else
                     t.gettext("Penny Dreadful **won**: team {team}★, Penny Dreadful {penny}★.", **params))
        team = {k: 0 for k in PRESTIGE_SOURCES}
        for r in view["results"]:
            parts = prestige_sources(loaded, r["seat"])
            team = {k: team[k] + parts[k] for k in PRESTIGE_SOURCES}
            lines.append(t.gettext("**{name}**: {sources} · ink {ink}", name=played_by(loaded.record, r["seat"], t),
                                   sources=_sources(parts, 0, t), ink=r["ink"]))
        lines.append(t.gettext("Team {team}★ = {sources}", team=first["prestige"],
                               sources=_sources(team, first["award"], t)))
        return lines
    for r in view["results"]:
        lines.append(t.gettext("{rank}. {name} {prestige}★ = {sources} · ink {ink}", rank=r["rank"],
                               name=bold(played_by(loaded.record, r["seat"], t)), prestige=r["prestige"],
                               sources=_sources(prestige_sources(loaded, r["seat"]), r["award"], t), ink=r["ink"]))
    return lines


async def results_panel(loaded: Loaded, t: Translator = ENGLISH) -> Panel:
    view = public_view(loaded.game)
    names = loaded.names_in(t)
    panel = Panel(title=t.gettext("Hardback — final results"), lines=results_lines(loaded, t))
    panel.picture = await results_picture(view, names, language=t.language)
    panel.add_buttons([Button(t.gettext("Rematch"), LobbyClick(loaded.record.id, LobbyOp.REMATCH).custom_id(),
                              "primary"), rules_button(loaded.record.id, "end", t)])
    return panel

"""Public panels: the lobby, the table message and the results (platform-neutral)."""

from __future__ import annotations

from typing import Any

from hardback_bot.engine import GameOptions
from hardback_bot.engine.views import public_view
from hardback_bot.store import GameRecord

from .codec import Action
from .images import results_picture, table_picture
from .manager import STRENGTH_NAMES, Loaded
from .panels import Button, Panel, hand_button


def options_summary(options: GameOptions) -> str:
    parts = []
    if options.coop:
        genre = options.penny_genre
        parts.append(f"co-op against Penny Dreadful ({'no' if genre == 'none' else genre} signature)")
    else:
        parts.append(f"first to {options.length}★")
    parts.append(f"dictionary: {options.dictionary}")
    if options.vote != "off":
        parts.append(f"votes on invalid words ({options.vote})")
    parts.append("awards" if options.awards else "no awards")
    parts.append("adverts" if options.adverts else "no adverts")
    if options.unique_words != "off":
        parts.append(f"unique words per {options.unique_words}")
    if options.open_hands and not options.coop:
        parts.append("open hands")
    if not options.ghostwriter:
        parts.append("no ghostwriter")
    if not options.cycling:
        parts.append("no offer-row cycling")
    parts.append(f"turn timer {options.turn_timer // 60} min" if options.turn_timer else "no turn timer")
    if options.hints:
        parts.append("hints on")
    return " · ".join(parts)


def lobby_panel(record: GameRecord) -> Panel:
    options = GameOptions.from_dict(dict(record.options))
    max_seats = 4 if options.coop else 5
    panel = Panel(title="Hardback — a new table")
    if record.status == "abandoned":
        panel.lines.append("This lobby was cancelled.")
        return panel
    host = next((s.display_name for s in record.seats if s.user_id == record.host_id), "the host")
    panel.lines.append(f"Host: **{host}** · {options_summary(options)}")
    panel.lines.append(f"**Seats ({len(record.seats)}/{max_seats}):**")
    panel.lines += [f"{i + 1}. {s.display_name}" for i, s in enumerate(record.seats)]
    if record.status != "lobby":
        panel.lines.append("The game has started: see the table below.")
        return panel
    minimum = 1 if options.coop else 2
    panel.lines.append(f"Join, add computer players, then the host starts ({minimum}–{max_seats} players). "
                       "Seat order is drawn at random.")
    lobby = Action("l", record.id, 0)

    def button(label: str, arg: str, style: str = "secondary") -> Button:
        return Button(label, Action(lobby.kind, record.id, 0, arg).custom_id(), style)

    panel.add_buttons([button("Join", "join", "success"), button("Leave", "leave"),
                       button("Start", "start", "primary"), button("Cancel", "cancel", "danger")])
    panel.add_buttons([button(f"Add {name} computer", f"ai{level}") for level, name in STRENGTH_NAMES.items()])
    return panel


async def table_panel(loaded: Loaded) -> Panel:
    """The public table message. Once the game is over (finished or ended) it shows the final state, with
    no player to play and no game button (only the results message carries Rematch)."""
    game = loaded.game
    view = public_view(game)
    names = loaded.names
    ended = loaded.record.status == "abandoned"
    over = game.finished or ended
    panel = Panel(title=f"Hardback — round {game.state.round}" + (" (final)" if over else ""))
    lines = []
    coop = game.options.coop
    if game.finished:
        lines += results_lines(loaded)
    else:
        for p in view["players"]:
            seat = p["seat"]
            marker = "▶ " if seat == game.active_seat and not over else ""
            score = "" if coop else f" {p['prestige']}★ ·"
            award = f" · +{p['award']}★ at the end (award)" if p["award"] else ""
            lines.append(f"{marker}**{names[seat]}**{score} ink {p['ink']} · remover {p['remover']}{award}")
        if coop:
            penny = view["penny"]
            lines.append(f"Team **{penny['team']}★** vs Penny Dreadful **{penny['score']}★** (goal {view['goal']}★, "
                         f"signature: {penny['genre']})")
        else:
            lines.append(f"Goal: {view['goal']}★")
    if game.finished:
        lines.append("**The game is over.** The results are below.")
    elif ended:
        lines.append("**This game was ended** before its finish; it stays in the history, unrated.")
    else:
        if view["final_round"]:
            lines.append("**Final round!**")
        lines.append(f"Turn: **{names[game.active_seat]}** — {_phase_words(view)}")
    panel.lines = lines
    panel.picture = await table_picture(view, names, loaded.computers, ended=ended)
    if not over:
        panel.add_buttons([hand_button(loaded.record.id),
                           Button("Watch", Action("h", loaded.record.id, 0, "w").custom_id())])
    return panel


def _phase_words(view: dict[str, Any]) -> str:
    turn = view["turn"]
    phase = turn["phase"]
    if phase == "spell":
        return "spelling"
    if phase == "vote":
        return "waiting for a vote"
    return f"resolving **{turn.get('letters', '')}**" if phase != "buy" else f"buying with {turn.get('coins', 0)}¢"


def results_lines(loaded: Loaded) -> list[str]:
    view = public_view(loaded.game)
    names = loaded.names
    lines = []
    for r in view["results"]:
        extra = f" (award {r['award']}★ included)" if r["award"] else ""
        lines.append(f"{r['rank']}. **{names[r['seat']]}** {r['prestige']}★{extra} · ink {r['ink']}")
    if loaded.game.options.coop:
        first = view["results"][0]
        verdict = "The team **won**" if first["won"] else "Penny Dreadful **won**"
        lines.insert(0, f"{verdict}: team {first['prestige']}★, Penny Dreadful {first['penny']}★.")
    return lines


async def results_panel(loaded: Loaded) -> Panel:
    view = public_view(loaded.game)
    names = loaded.names
    panel = Panel(title="Hardback — final results", lines=results_lines(loaded))
    panel.picture = await results_picture(view, names)
    panel.add_buttons([Button("Rematch", Action("l", loaded.record.id, 0, "rematch").custom_id(), "primary")])
    return panel

"""The race at a glance, for a private panel: every seat's prestige against the goal, the round and whose
turn it is (the table message says the same, but it scrolls away; PRODUCT.md, "the panel is enough to play
from")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hardback_bot.i18n import Translator

from ..phrases import ENGLISH


def standing_line(view: dict[str, Any], names: Sequence[str], viewer: int | None,
                  t: Translator = ENGLISH, *, words: bool = False) -> str:
    """The scores, the goal and the round: "Round 5 · goal 40★ · ▶ Ann 12★ · you 9★ · Bob 7★", highest first,
    ▶ at the seat to play (``words``, for text mode: "Ann 12★ (to play)", no mark alone). In co-op the team's
    score against Penny Dreadful's (R29). ``viewer``: the seat reading it (said "you")."""
    goal = view["goal"]
    turn = view["turn"]
    active = turn["seat"]
    head = (t.gettext("Final round {n} · goal {goal}★", n=turn["round"], goal=goal) if view["final_round"]
            else t.gettext("Round {n} · goal {goal}★", n=turn["round"], goal=goal))
    if view["options"].get("coop"):
        penny = view.get("penny") or {}
        return t.gettext("{head} · **team {team}★** vs Penny Dreadful {penny}★", head=head,
                         team=penny.get("team", 0), penny=penny.get("score", 0))

    parts = []
    for p in sorted(view["players"], key=lambda p: (-p["prestige"], p["seat"])):
        seat = p["seat"]
        name = t.gettext("**you**") if seat == viewer else names[seat]
        to_play = seat == active and not view["finished"]
        if to_play and words:
            parts.append(t.gettext("{name} {score}★ (to play)", name=name, score=p["prestige"]))
        else:
            parts.append(f"{'▶ ' if to_play else ''}{name} {p['prestige']}★")
    return " · ".join([head, *parts])


__all__ = ["standing_line"]

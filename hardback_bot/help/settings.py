"""``/hardback settings``: show a server's table defaults and change them, validated before anything is saved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardback_bot.engine import GameOptions, OptionsError
from hardback_bot.i18n import LANGUAGE_NAMES, LANGUAGES, N_, Translator, resolve_locale, translator
from hardback_bot.store import InvalidRecord
from hardback_bot.store.settings import AFK_POLICIES, GAME_LENGTHS, GAME_THREADS, MIN_TURN_TIMER, GuildSettings

# Table options a server may preset; other engine options (co-op, Penny's genre …) are chosen per table.
OPTION_KEYS: tuple[str, ...] = ("awards", "adverts", "unique_words", "vote", "open_hands", "ghostwriter", "hints",
                                "family_friendly")
ENGINE_DEFAULTS = GameOptions()
MAX_TABLE_TIMER = 24 * 3600  # the engine's limit for a table's turn timer (GameOptions.validate)
SERVER_LANGUAGE = "server"  # the /hardback settings choice meaning "follow the server's Discord language"
NO_CHANNEL = 0  # a change of season_channel meaning "announce no more"


class SettingsRefused(ValueError):
    """The change was refused; the message says why and nothing was saved."""


def table_defaults(settings: GuildSettings, bot_defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options a new table gets here: bot config, then the server's settings (as cogs/hardback.py does)."""
    merged: dict[str, Any] = dict(bot_defaults or {})
    merged.update(settings.options)
    merged["dictionary"] = settings.dictionary
    merged["length"] = settings.length
    merged["turn_timer"] = settings.turn_timer
    return merged


def apply_changes(current: GuildSettings, changes: Mapping[str, Any], *, known_dictionaries: list[str],
                  bot_defaults: Mapping[str, Any] | None = None, server_locale: object = None,
                  t: Translator | None = None) -> tuple[GuildSettings, list[str]]:
    """The new settings and a line per change, in ``t``'s language (English when omitted).  ``changes``
    uses the record's names (``turn_timer`` in seconds; table options by engine name, e.g. ``vote``);
    ``None`` values are ignored.  Raises :class:`SettingsRefused` without side effects when the result
    would not make a valid table."""
    t = t or translator("en")
    given = {k: v for k, v in changes.items() if v is not None}
    top = {k: given.pop(k) for k in ("dictionary", "length", "turn_timer", "afk_policy", "afk_misses", "language",
                                     "season", "season_channel", "provisional_games", "game_threads") if k in given}
    if top.get("season_channel") == NO_CHANNEL:
        top["season_channel"] = None
    unknown = sorted(set(given) - set(OPTION_KEYS))
    if unknown:
        raise SettingsRefused(t.gettext("Unknown setting(s): {names}.", names=", ".join(unknown)))
    _check_friendly(top, t)
    if "dictionary" in top:
        name = str(top["dictionary"]).strip().lower()
        choices = list(dict.fromkeys([*known_dictionaries, "none"]))  # each name once, "none" always
        if name not in choices:
            raise SettingsRefused(t.gettext("There is no dictionary called {name}; choose one of {names}.",
                                            name=repr(name), names=t.join(f"`{n}`" for n in choices)))
        top["dictionary"] = name
    if "language" in top:
        top["language"] = None if top["language"] == SERVER_LANGUAGE else top["language"]
    options = dict(current.options)
    options.update(given)
    try:
        updated = current.updated(options=options, **top)
    except (InvalidRecord, TypeError) as error:
        raise SettingsRefused(str(error).removeprefix("invalid guild settings: ").capitalize() + ".") from error
    try:
        GameOptions.from_dict(table_defaults(updated, bot_defaults)).validate(2)
    except (OptionsError, TypeError) as error:
        detail = t.refusal(error.code, **error.params) if isinstance(error, OptionsError) else str(error)
        raise SettingsRefused(t.gettext("Those settings would not make a valid table: {reason}",
                                        reason=detail)) from error
    before = describe(current, bot_defaults, server_locale=server_locale, t=t)
    after = describe(updated, bot_defaults, server_locale=server_locale, t=t)
    lines = [f"{label}: {before[label]} → **{value}**" for label, value in after.items() if before[label] != value]
    return updated, lines


def _check_friendly(top: Mapping[str, Any], t: Translator) -> None:
    """The record validates these too, but in its own terms; a server admin gets plain sentences."""
    if "length" in top and top["length"] not in GAME_LENGTHS:
        raise SettingsRefused(t.gettext("The game length must be 40, 60, 90 or 180 prestige."))
    timer = top.get("turn_timer")
    if timer is not None and not (isinstance(timer, int) and MIN_TURN_TIMER <= timer <= MAX_TABLE_TIMER):
        raise SettingsRefused(t.gettext("The turn timer must be between 30 seconds and 24 hours."))
    if "afk_policy" in top and top["afk_policy"] not in AFK_POLICIES:
        raise SettingsRefused(t.gettext("Absent players are either replaced by a computer or removed."))
    misses = top.get("afk_misses")
    if misses is not None and not (isinstance(misses, int) and 1 <= misses <= 10):
        raise SettingsRefused(t.gettext("Missed turns before that must be a whole number from 1 to 10."))
    if "season" in top and top["season"] not in ("month", "week"):
        raise SettingsRefused(t.gettext("A season is a month or a week."))
    games = top.get("provisional_games")
    if games is not None and not (isinstance(games, int) and 1 <= games <= 50):
        raise SettingsRefused(t.gettext("The provisional rating threshold must be a whole number of games from 1 to "
                                        "50."))
    if "game_threads" in top and top["game_threads"] not in GAME_THREADS:
        raise SettingsRefused(t.gettext("Games in threads: auto, always or never."))
    if "language" in top and top["language"] not in (*LANGUAGES, SERVER_LANGUAGE):
        raise SettingsRefused(t.gettext("The language must be English, Español, Français, 日本語 or the server's "
                                        "own."))


def _on_off(value: object, t: Translator) -> str:
    return t.pgettext("setting value", "on") if value else t.pgettext("setting value", "off")


def mode_label(mode: str, t: Translator) -> str:
    """A vote or unique-words option's value as the commands' choices say it ("off", "majority",
    "per game", ...). The calls stay literal so the catalogue extraction finds every label."""
    labels = {
        "off": t.pgettext("setting value", "off"),
        "game": t.pgettext("setting value", "per game"),
        "player": t.pgettext("setting value", "per player"),
        "majority": t.pgettext("choice", "majority"),
        "unanimous": t.pgettext("choice", "unanimous"),
    }
    return labels.get(mode, mode)


def threads_label(setting: str, t: Translator) -> str:
    """The game threads setting as /hardback settings shows it."""
    if setting == "always":
        return t.pgettext("setting value", "always")
    if setting == "never":
        return t.pgettext("setting value", "never (one table per channel)")
    return t.pgettext("setting value", "auto (turn-based games: turn timers over an hour)")


def describe(settings: GuildSettings, bot_defaults: Mapping[str, Any] | None = None, *,
             server_locale: object = None, t: Translator | None = None) -> dict[str, str]:
    """Label → shown value, in display order and ``t``'s language: what a new table in this server starts
    with.  ``server_locale``: the server's Discord locale, to name the language it defaults to."""
    t = t or translator("en")
    o = table_defaults(settings, bot_defaults)
    get = lambda key: o.get(key, getattr(ENGINE_DEFAULTS, key))  # noqa: E731 - a local shorthand
    minutes = settings.turn_timer / 60
    timer = (t.gettext("{minutes} min", minutes=format(minutes, "g")) if minutes >= 1
             else t.gettext("{seconds} s", seconds=settings.turn_timer))
    afk = (t.gettext("a computer player takes over") if settings.afk_policy == "computer"
           else t.gettext("the player is removed"))
    if settings.language:
        language = LANGUAGE_NAMES[settings.language]
    elif server_locale is not None:
        language = t.gettext("the server's Discord language ({language})",
                             language=LANGUAGE_NAMES[resolve_locale(server_locale)])
    else:
        language = t.gettext("the server's Discord language")
    shown = {
        N_("Dictionary"): settings.dictionary,
        N_("Game length"): f"{settings.length}★",
        N_("Turn timer"): timer,
        N_("Absent players"): t.ngettext("after {n} missed turn, {afk}", "after {n} missed turns, {afk}",
                                         settings.afk_misses, afk=afk),
        N_("Literary awards"): _on_off(get("awards"), t),
        N_("Adverts"): _on_off(get("adverts"), t),
        N_("Unique words"): mode_label(str(get("unique_words")), t),
        N_("Votes on invalid words"): mode_label(str(get("vote")), t),
        N_("Open hands"): _on_off(get("open_hands"), t),
        N_("Ghostwriter"): _on_off(get("ghostwriter"), t),
        N_("Hints"): _on_off(get("hints"), t),
        N_("Family-friendly (offensive words refused)"): _on_off(get("family_friendly"), t),
        N_("Leaderboard season"): t.gettext("a month") if settings.season == "month" else t.gettext("a week"),
        N_("Season winners announced in"): (f"<#{settings.season_channel}>" if settings.season_channel
                                            else t.gettext("nowhere")),
        N_("Provisional ratings"): t.ngettext("fewer than {n} rated game", "fewer than {n} rated games",
                                              settings.provisional_games),
        N_("Language of public messages"): language,
        N_("Each game in its own thread"): threads_label(settings.game_threads, t),
    }
    return {t.gettext(label): value for label, value in shown.items()}


def settings_text(settings: GuildSettings, bot_defaults: Mapping[str, Any] | None = None, *,
                  server_locale: object = None, t: Translator | None = None) -> str:
    return "\n".join(f"**{label}:** {value}"
                     for label, value in describe(settings, bot_defaults, server_locale=server_locale, t=t).items())

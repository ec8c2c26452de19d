"""Discord's documented limits, checked against every payload the bot sends.

Real Discord answers an over-limit payload with ``400 Invalid Form Body`` (code 50035) and the user
sees nothing, so the stand-in does the same *and* records a violation that fails the test. Each
check returns a list of :class:`Problem` (path into the payload + message) and never raises, so one
payload can report every problem at once.

Sources: PRODUCT.md "Discord's hard limits" and the Discord developer docs (message, embed,
component, modal, application command and thread limits).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR = 256
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_SELECT_PLACEHOLDER = 150
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5
MAX_TEXT_INPUT_LABEL = 45
MAX_TEXT_INPUT_VALUE = 4000
MAX_TEXT_INPUT_PLACEHOLDER = 100
MAX_FILES = 10
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024  # PRODUCT.md: 10 MiB total for a bot by default
MAX_ATTACHMENT_DESCRIPTION = 1024
MAX_THREAD_NAME = 100
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_COMMAND_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_STRING_VALUE = 100
MAX_COMMAND_TOTAL_CHARS = 4000
MAX_GLOBAL_CHAT_COMMANDS = 100
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT_TOTAL = 4000

COMMAND_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
# The locales Discord accepts as keys of name_localizations / description_localizations.
DISCORD_LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
})

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
FILE_UPLOAD = 19
SELECT_TYPES = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
FLAG_COMPONENTS_V2 = 1 << 15


@dataclass(frozen=True)
class Problem:
    """One broken limit: where in the payload, and what Discord would say."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _too_long(problems: list[Problem], path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append(Problem(path, f"Must be {limit} or fewer in length (got {len(value)})."))


def check_message(payload: dict[str, Any], files: Iterable[tuple[str, int]] = ()) -> list[Problem]:
    """A message create/edit body (channel message, interaction response data, webhook follow-up).

    ``files`` lists (filename, size) of every attachment the message will carry after the request.
    """
    problems: list[Problem] = []
    _too_long(problems, "content", payload.get("content"), MAX_CONTENT)
    embeds = payload.get("embeds") or []
    problems += check_embeds(embeds)
    flags = int(payload.get("flags") or 0)
    if flags & FLAG_COMPONENTS_V2:
        problems += check_v2_components(payload.get("components") or [])
        if payload.get("content") or embeds:
            problems.append(Problem("components", "Components V2 messages cannot have content or embeds."))
    else:
        problems += check_message_components(payload.get("components") or [])
    for i, att in enumerate(payload.get("attachments") or []):
        _too_long(problems, f"attachments.{i}.description", att.get("description"), MAX_ATTACHMENT_DESCRIPTION)
    files = list(files)
    if len(files) > MAX_FILES:
        problems.append(Problem("files", f"At most {MAX_FILES} files per message (got {len(files)})."))
    total = sum(size for _, size in files)
    if total > MAX_ATTACHMENT_BYTES:
        problems.append(
            Problem("files", f"Request entity too large: {total} bytes over the {MAX_ATTACHMENT_BYTES} limit.")
        )
    return problems


def check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(Problem("embeds", f"Must be {MAX_EMBEDS} or fewer in length (got {len(embeds)})."))
    total = 0
    for i, e in enumerate(embeds):
        p = f"embeds.{i}"
        _too_long(problems, f"{p}.title", e.get("title"), MAX_EMBED_TITLE)
        _too_long(problems, f"{p}.description", e.get("description"), MAX_EMBED_DESCRIPTION)
        author = e.get("author") or {}
        footer = e.get("footer") or {}
        _too_long(problems, f"{p}.author.name", author.get("name"), MAX_AUTHOR)
        _too_long(problems, f"{p}.footer.text", footer.get("text"), MAX_FOOTER)
        fields = e.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            problems.append(Problem(f"{p}.fields", f"Must be {MAX_EMBED_FIELDS} or fewer in length."))
        total += _len(e.get("title")) + _len(e.get("description"))
        total += _len(author.get("name")) + _len(footer.get("text"))
        for j, f in enumerate(fields):
            _too_long(problems, f"{p}.fields.{j}.name", f.get("name"), MAX_FIELD_NAME)
            _too_long(problems, f"{p}.fields.{j}.value", f.get("value"), MAX_FIELD_VALUE)
            if not f.get("name") or not f.get("value"):
                problems.append(Problem(f"{p}.fields.{j}", "Field name and value are required."))
            total += _len(f.get("name")) + _len(f.get("value"))
    if total > MAX_EMBED_TOTAL:
        problems.append(Problem("embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL} (got {total})."))
    return problems


def _check_button(problems: list[Problem], p: str, b: dict[str, Any]) -> None:
    _too_long(problems, f"{p}.label", b.get("label"), MAX_BUTTON_LABEL)
    style = b.get("style")
    if style == 5:
        if not b.get("url"):
            problems.append(Problem(p, "Link buttons need a url."))
        if "custom_id" in b:
            problems.append(Problem(p, "Link buttons cannot have a custom_id."))
    elif style == 6:
        if not b.get("sku_id"):
            problems.append(Problem(p, "Premium buttons need a sku_id."))
    else:
        if not b.get("custom_id"):
            problems.append(Problem(f"{p}.custom_id", "This field is required."))
    if not b.get("label") and not b.get("emoji") and style != 6:
        problems.append(Problem(p, "A button needs a label or an emoji."))


def _check_select(problems: list[Problem], p: str, s: dict[str, Any]) -> None:
    _too_long(problems, f"{p}.placeholder", s.get("placeholder"), MAX_SELECT_PLACEHOLDER)
    if not s.get("custom_id"):
        problems.append(Problem(f"{p}.custom_id", "This field is required."))
    min_v = s.get("min_values", 1)
    max_v = s.get("max_values", 1)
    if s.get("type") == STRING_SELECT:
        options = s.get("options") or []
        if not options:
            problems.append(Problem(f"{p}.options", "A string select needs at least one option."))
        if len(options) > MAX_SELECT_OPTIONS:
            problems.append(
                Problem(f"{p}.options", f"Must be {MAX_SELECT_OPTIONS} or fewer in length (got {len(options)}).")
            )
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(Problem(f"{p}.options", "Option values must be unique."))
        for k, o in enumerate(options):
            for key in ("label", "value", "description"):
                _too_long(problems, f"{p}.options.{k}.{key}", o.get(key), MAX_OPTION_TEXT)
        if isinstance(max_v, int) and max_v > max(len(options), 1):
            problems.append(Problem(f"{p}.max_values", "max_values exceeds the number of options."))
    if isinstance(min_v, int) and isinstance(max_v, int) and not (0 <= min_v <= max_v <= 25):
        problems.append(Problem(p, f"Bad min_values/max_values ({min_v}/{max_v})."))


def _check_custom_ids(problems: list[Problem], components: list[dict[str, Any]], prefix: str) -> None:
    from .models import walk_components

    seen: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is None:
            continue
        if not isinstance(cid, str) or not cid:
            problems.append(Problem(f"{prefix}custom_id", "custom_id must be a non-empty string."))
            continue
        if len(cid) > MAX_CUSTOM_ID:
            problems.append(
                Problem(
                    f"{prefix}custom_id",
                    f"custom_id {cid[:30]!r}... is {len(cid)} chars (max {MAX_CUSTOM_ID}).",
                )
            )
        if cid in seen:
            problems.append(Problem(f"{prefix}custom_id", f"Duplicate custom_id {cid!r} in one message."))
        seen.add(cid)


def check_message_components(components: list[dict[str, Any]]) -> list[Problem]:
    """Classic components: ≤ 5 action rows; each holds ≤ 5 buttons or exactly one select."""
    problems: list[Problem] = []
    if len(components) > MAX_ACTION_ROWS:
        problems.append(
            Problem("components", f"Must be {MAX_ACTION_ROWS} or fewer in length (got {len(components)} rows).")
        )
    for i, row in enumerate(components):
        p = f"components.{i}"
        if row.get("type") != ACTION_ROW:
            problems.append(Problem(f"{p}.type", "Top-level components must be action rows (type 1)."))
            continue
        children = row.get("components") or []
        if not children:
            problems.append(Problem(p, "An action row must not be empty."))
        buttons = [c for c in children if c.get("type") == BUTTON]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        others = [c for c in children if c.get("type") not in (BUTTON, *SELECT_TYPES)]
        if others:
            problems.append(Problem(p, f"Component types {[c.get('type') for c in others]} not allowed in a row."))
        if selects and (len(selects) > 1 or buttons):
            problems.append(Problem(p, "A select menu must be alone in its action row."))
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            problems.append(Problem(p, f"Must be {MAX_BUTTONS_PER_ROW} or fewer buttons (got {len(buttons)})."))
        for j, c in enumerate(children):
            if c.get("type") == BUTTON:
                _check_button(problems, f"{p}.components.{j}", c)
            elif c.get("type") in SELECT_TYPES:
                _check_select(problems, f"{p}.components.{j}", c)
    _check_custom_ids(problems, components, "components.")
    return problems


def check_v2_components(components: list[dict[str, Any]]) -> list[Problem]:
    """Components V2 (layout) messages: ≤ 40 components in total, ≤ 4000 chars of text displays."""
    from .models import walk_components

    problems: list[Problem] = []
    all_comps = list(walk_components(components))
    if len(all_comps) > MAX_V2_COMPONENTS:
        problems.append(Problem("components", f"At most {MAX_V2_COMPONENTS} components (got {len(all_comps)})."))
    text = sum(_len(c.get("content")) for c in all_comps if c.get("type") == TEXT_DISPLAY)
    if text > MAX_V2_TEXT_TOTAL:
        problems.append(Problem("components", f"Text displays total {text} chars (max {MAX_V2_TEXT_TOTAL})."))
    for i, c in enumerate(all_comps):
        if c.get("type") == BUTTON:
            _check_button(problems, f"components[{i}]", c)
        elif c.get("type") in SELECT_TYPES:
            _check_select(problems, f"components[{i}]", c)
        elif c.get("type") == ACTION_ROW:
            kids = c.get("components") or []
            if len([k for k in kids if k.get("type") == BUTTON]) > MAX_BUTTONS_PER_ROW:
                problems.append(Problem(f"components[{i}]", "Must be 5 or fewer buttons in a row."))
    _check_custom_ids(problems, components, "components.")
    return problems


def check_modal(data: dict[str, Any]) -> list[Problem]:
    """A modal (interaction callback type 9): title ≤ 45, 1-5 components at the top (Labels holding one input each,
    text displays of 4,000 characters in all), labels ≤ 45, custom_ids ≤ 100; no action rows (deprecated)."""
    problems: list[Problem] = []
    title = data.get("title")
    if not title:
        problems.append(Problem("data.title", "This field is required."))
    _too_long(problems, "data.title", title, MAX_MODAL_TITLE)
    cid = data.get("custom_id")
    if not cid:
        problems.append(Problem("data.custom_id", "This field is required."))
    components = data.get("components") or []
    if not components:
        problems.append(Problem("data.components", "A modal needs at least one component."))
    if len(components) > MAX_MODAL_COMPONENTS:
        problems.append(
            Problem(
                "data.components",
                f"Must be {MAX_MODAL_COMPONENTS} or fewer in length (got {len(components)}).",
            )
        )
    text_total = 0
    for i, comp in enumerate(components):
        p = f"data.components.{i}"
        ctype = comp.get("type")
        if ctype == ACTION_ROW:
            # Discord deprecated text inputs in action rows for the Label component; the stand-in refuses them so
            # that the bot cannot slip back to the old layout (docs/testing-discord.md).
            problems.append(Problem(p, "Text inputs in action rows are deprecated in modals: put each one in a "
                                       "Label component (type 18)."))
            for k in comp.get("components") or []:
                _check_text_input(problems, f"{p}.components.0", k, needs_label=True)
        elif ctype == LABEL:
            if not comp.get("label"):
                problems.append(Problem(f"{p}.label", "This field is required."))
            _too_long(problems, f"{p}.label", comp.get("label"), MAX_TEXT_INPUT_LABEL)
            _too_long(problems, f"{p}.description", comp.get("description"), MAX_OPTION_TEXT)
            inner = comp.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                _check_text_input(problems, f"{p}.component", inner, needs_label=False)
            elif inner.get("type") in SELECT_TYPES:
                _check_select(problems, f"{p}.component", inner)
            elif inner.get("type") != FILE_UPLOAD:
                problems.append(Problem(f"{p}.component", "A Label holds one text input, select or file upload."))
        elif ctype == TEXT_DISPLAY:
            content = comp.get("content")
            if not content:
                problems.append(Problem(f"{p}.content", "This field is required."))
            text_total += _len(content)
        else:
            problems.append(Problem(f"{p}.type", f"Component type {ctype} not allowed at the top of a modal."))
    if text_total > MAX_V2_TEXT_TOTAL:
        problems.append(Problem("data.components", f"The text displays hold {text_total} characters in all "
                                                   f"(max {MAX_V2_TEXT_TOTAL})."))
    if cid is not None and len(str(cid)) > MAX_CUSTOM_ID:
        problems.append(Problem("data.custom_id", f"custom_id is {len(str(cid))} chars (max {MAX_CUSTOM_ID})."))
    _check_custom_ids(problems, components, "data.components.")
    return problems


def _check_text_input(problems: list[Problem], p: str, t: dict[str, Any], *, needs_label: bool) -> None:
    if needs_label and not t.get("label"):
        problems.append(Problem(f"{p}.label", "This field is required."))
    _too_long(problems, f"{p}.label", t.get("label"), MAX_TEXT_INPUT_LABEL)
    _too_long(problems, f"{p}.placeholder", t.get("placeholder"), MAX_TEXT_INPUT_PLACEHOLDER)
    _too_long(problems, f"{p}.value", t.get("value"), MAX_TEXT_INPUT_VALUE)
    if not t.get("custom_id"):
        problems.append(Problem(f"{p}.custom_id", "This field is required."))
    lo, hi = t.get("min_length"), t.get("max_length")
    if lo is not None and not 0 <= lo <= MAX_TEXT_INPUT_VALUE:
        problems.append(Problem(f"{p}.min_length", "min_length must be 0..4000."))
    if hi is not None and not 1 <= hi <= MAX_TEXT_INPUT_VALUE:
        problems.append(Problem(f"{p}.max_length", "max_length must be 1..4000."))
    if lo is not None and hi is not None and lo > hi:
        problems.append(Problem(p, "min_length exceeds max_length."))


def check_autocomplete(data: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    choices = data.get("choices") or []
    if len(choices) > MAX_CHOICES:
        problems.append(Problem("data.choices", f"Must be {MAX_CHOICES} or fewer in length (got {len(choices)})."))
    for i, c in enumerate(choices):
        _too_long(problems, f"data.choices.{i}.name", c.get("name"), MAX_CHOICE_NAME)
        _too_long(problems, f"data.choices.{i}.value", c.get("value"), MAX_CHOICE_STRING_VALUE)
    return problems


def check_thread_name(name: Any) -> list[Problem]:
    problems: list[Problem] = []
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("name", "A thread needs a name."))
    _too_long(problems, "name", name, MAX_THREAD_NAME)
    return problems


def _longest(node: dict[str, Any], field: str) -> int:
    """A field's length as Discord counts it toward a command's total: its longest localization."""
    localized = node.get(f"{field}_localizations") or {}
    return max([_len(node.get(field)), *(_len(v) for v in localized.values())])


def _command_chars(cmd: dict[str, Any]) -> int:
    total = _longest(cmd, "name") + _longest(cmd, "description")
    for opt in cmd.get("options") or []:
        total += _command_chars(opt)
        for ch in opt.get("choices") or []:
            total += _longest(ch, "name") + _len(str(ch.get("value", "")))
    return total


def _check_localizations(problems: list[Problem], p: str, node: dict[str, Any], *, name_rule: bool,
                         description: bool = True) -> None:
    """name_localizations / description_localizations: known locales, and each value under the field's rule."""
    for field in ("name", "description") if description else ("name",):
        localized = node.get(f"{field}_localizations")
        if localized is None:
            continue
        if not isinstance(localized, dict):
            problems.append(Problem(f"{p}.{field}_localizations", "Must be an object."))
            continue
        for locale, value in localized.items():
            q = f"{p}.{field}_localizations.{locale}"
            if locale not in DISCORD_LOCALES:
                problems.append(Problem(q, f"Invalid Form Body: {locale!r} is not a valid locale."))
            if field == "name" and name_rule:
                if not isinstance(value, str) or not COMMAND_NAME_RE.match(value) or value != value.lower():
                    problems.append(Problem(q, f"Bad name {value!r}: 1-32 chars, lowercase, no spaces."))
            elif field == "name":
                if not isinstance(value, str) or not 1 <= len(value) <= MAX_CHOICE_NAME:
                    problems.append(Problem(q, f"Choice name must be 1-{MAX_CHOICE_NAME} chars."))
            elif not isinstance(value, str) or not 1 <= len(value) <= MAX_COMMAND_DESCRIPTION:
                problems.append(Problem(q, f"Description must be 1-{MAX_COMMAND_DESCRIPTION} chars."))


def check_commands(commands: list[dict[str, Any]]) -> list[Problem]:
    """Bulk command overwrite body: names, descriptions, option counts, choices, nesting."""
    problems: list[Problem] = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > MAX_GLOBAL_CHAT_COMMANDS:
        problems.append(Problem("", f"At most {MAX_GLOBAL_CHAT_COMMANDS} chat commands (got {len(chat)})."))
    names = [c.get("name") for c in chat]
    if len(set(names)) != len(names):
        problems.append(Problem("", f"Duplicate command names: {names}"))
    for i, cmd in enumerate(commands):
        p = f"{i}"
        if cmd.get("type", 1) == 1:
            _check_command_node(problems, p, cmd, kind=0)
            chars = _command_chars(cmd)
            if chars > MAX_COMMAND_TOTAL_CHARS:
                problems.append(Problem(p, f"Command is {chars} chars in total (max {MAX_COMMAND_TOTAL_CHARS})."))
        else:
            _too_long(problems, f"{p}.name", cmd.get("name"), MAX_COMMAND_NAME)
    return problems


def _check_command_node(problems: list[Problem], p: str, node: dict[str, Any], *, kind: int) -> None:
    """``kind`` is 0 for a top-level command, else the node's option type (2 group, 1 subcommand, ...)."""
    name = node.get("name")
    if not isinstance(name, str) or not COMMAND_NAME_RE.match(name) or name != name.lower():
        problems.append(Problem(f"{p}.name", f"Bad name {name!r}: 1-32 chars, lowercase, no spaces."))
    desc = node.get("description")
    if not isinstance(desc, str) or not 1 <= len(desc) <= MAX_COMMAND_DESCRIPTION:
        problems.append(Problem(f"{p}.description", f"Description must be 1-{MAX_COMMAND_DESCRIPTION} chars."))
    _check_localizations(problems, p, node, name_rule=True)
    options = node.get("options") or []
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(Problem(f"{p}.options", f"Must be {MAX_COMMAND_OPTIONS} or fewer (got {len(options)})."))
    option_names = [o.get("name") for o in options]
    if len(set(option_names)) != len(option_names):
        problems.append(Problem(f"{p}.options", f"Duplicate option names: {option_names}"))
    # A client in another language sees the localized names: they must be unique there too.
    locales = {loc for o in options for loc in (o.get("name_localizations") or {})}
    for locale in sorted(locales):
        shown = [(o.get("name_localizations") or {}).get(locale, o.get("name")) for o in options]
        if len(set(shown)) != len(shown):
            problems.append(Problem(f"{p}.options", f"Duplicate option names in {locale}: {shown}"))
    seen_optional = False
    for j, opt in enumerate(options):
        q = f"{p}.options.{j}"
        otype = opt.get("type")
        if otype == 2 and kind != 0:
            problems.append(Problem(q, "Subcommand groups may only sit at the top of a command."))
        if otype == 1 and kind not in (0, 2):
            problems.append(Problem(q, "Subcommands may only sit in a command or a group."))
        if kind == 2 and otype != 1:
            problems.append(Problem(q, "A subcommand group may only hold subcommands."))
        if otype in (1, 2):
            _check_command_node(problems, q, opt, kind=otype)
            continue
        _check_command_node(problems, q, {**opt, "options": []}, kind=otype or 3)
        if opt.get("required"):
            if seen_optional:
                problems.append(Problem(q, "Required options must come before optional ones."))
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.append(Problem(f"{q}.choices", f"Must be {MAX_CHOICES} or fewer (got {len(choices)})."))
        if choices and opt.get("autocomplete"):
            problems.append(Problem(q, "An option cannot have both choices and autocomplete."))
        for k, ch in enumerate(choices):
            _too_long(problems, f"{q}.choices.{k}.name", ch.get("name"), MAX_CHOICE_NAME)
            _check_localizations(problems, f"{q}.choices.{k}", ch, name_rule=False, description=False)
            _too_long(problems, f"{q}.choices.{k}.value", ch.get("value"), MAX_CHOICE_STRING_VALUE)

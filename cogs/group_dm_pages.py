"""The public side of a game in a group DM, carried by its players' own interactions.

The bot is not a member of a group DM: its token gets 403 on every route there. All it has is each
interaction a player makes, whose token edits that interaction's messages and makes follow-ups for 15 minutes
(5 follow-ups at most where the app is installed by a user). So the router keeps every interaction of such a
game (store/rooms/handles.py: the token, and the public message it can edit: the message it clicked, answered with a
deferred update), and this relay shows the game with them:

- **Pages**: the table message is a page of the game's log. It carries the lines of the turns since it was
  posted, the call to whoever must act ("@name, your turn."), the table picture and its buttons. A new page
  is posted — a follow-up of the freshest interaction — whenever somebody is to be called (a new message
  notifies; an edit does not), when a ghostwriter asks for words, or when the page is full; the page before
  it is then cut down to its lines, without picture or buttons. Between two calls the page is edited: the
  computer players' turns, ink and remover, votes.
- **Exactly once**: outbox rows are marked with the page that shows them, so an edit is repeatable at will.
  A new page is sent, then recorded; Discord keeps no nonce for follow-ups, so a crash in the instant between
  the two shows that page's lines once more on the next page (never lost).
- **When no token lives** (nobody clicked for 15 minutes) the page cannot change: rows wait in the outbox,
  timers wait for the next click (Sessions.timers.gate), and the first click brings everything up to date
  (its own token edits the page it clicked, or posts the next one).
- **Ghostwriter requests** get no thread (there are none here): the page shows the requester's cards and a
  "Suggest a word" button, and the suggestions as lines.

Only component and form interactions are kept (their first answer is a deferred update, so their follow-ups
are new messages), plus the command that opened the lobby once it is answered.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, assert_never

import discord

from hardback_bot.i18n import Translator
from hardback_bot.sessions import Loaded, SessionError
from hardback_bot.sessions.codec import OpenSuggestForm
from hardback_bot.sessions.notes import Note, Reminder, ghost_request_id, notes_of
from hardback_bot.sessions.places import by_interactions
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.sessions.screens.game_words import results_words, sort_select
from hardback_bot.sessions.screens.panel import Button
from hardback_bot.sessions.screens.pictures import cards_picture
from hardback_bot.sessions.screens.table import lobby_screen, results_panel, table_panel
from hardback_bot.sessions.vacation import away_now
from hardback_bot.store import (
    ORIGINAL,
    AnnounceNotes,
    CloseGhostThread,
    Delivery,
    GameRecord,
    GameToken,
    MessageHandle,
    OpenGhostThread,
    PostResults,
    PostSuggestion,
    TurnAlert,
    Unreadable,
)

from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60.0  # interaction tokens live 15 minutes; a margin for clocks and slow requests
FOLLOWUP_CAP = 5  # follow-ups Discord allows an interaction that reached a user-installed app
ROUTER_FOLLOWUPS = 2  # the most a click's own answer uses (a private panel, and a refusal or notice)
RELAY_FOLLOWUPS = FOLLOWUP_CAP - ROUTER_FOLLOWUPS
MAX_TEXT = 1900  # a page's lines; Discord allows 2,000 characters
EDIT_DEBOUNCE = 0.4  # a burst of moves (a computer's turn) becomes one edit
LOBBY_DONE = -1  # the shown "version" of a lobby message that says the game started or was cancelled
OLD = "old:"  # game message kind of a page that still shows its picture and buttons
SWEEP_EVERY = 600.0  # seconds between two clean-ups of dead tokens (they live 15 minutes; an hour is kept)
LINK = re.compile(r"\]\((https?://[^)\s>]+)\)")  # a masked link: <url> keeps Discord from adding a preview


@dataclass
class Page:
    """One message of the game's log, as it is to be shown."""

    content: str
    mentions: list[int] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None


class GroupDmPages:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self._edited: dict[int, float] = {}
        self._swept = time.monotonic()

    # ------------------------------------------------------------------ what the router saw
    async def noted(self, record: GameRecord, interaction: discord.Interaction, *, clicked: int | None) -> None:
        """A component or form interaction of a group DM game: its token may carry the game for 15 minutes;
        ``clicked``, the public message it was a click on (its deferred update makes it ``@original``)."""
        store = self.bot.store
        await store.handles.save_game_token(_token_of(record, interaction, self.bot.clock()), clicked=clicked)
        if clicked is not None and clicked not in record.messages.values() and _is_page(interaction.message):
            # A page of this game nobody keeps track of any more (one sent just before a crash): cut it down.
            await store.messages.set_message(record.id, f"{OLD}{clicked}", clicked)
        if time.monotonic() - self._swept > SWEEP_EVERY:  # every click is kept: the dead ones go now and then
            self._swept = time.monotonic()
            await store.panels.drop_panels(self.bot.clock() - 3600)

    async def answered_with(self, record: GameRecord, interaction: discord.Interaction, message_id: int) -> None:
        """``message_id`` is the public answer of ``interaction`` (a lobby): its token edits it."""
        token = _token_of(record, interaction, self.bot.clock())
        await self.bot.store.handles.save_game_token(token)
        await self.bot.store.handles.add_handle(MessageHandle(record.id, message_id, token.token, ORIGINAL,
                                                      token.created_at))

    async def can_tell(self, game_id: int) -> bool:
        """Whether the players of ``game_id`` can be told something now (the timer gate)."""
        try:
            record = await self.bot.store.games.get_game(game_id, with_state=False)
        except Exception:
            return True
        if not by_interactions(record):
            return True
        tokens = await self.bot.store.handles.live_game_tokens(game_id, since=self.bot.clock() - TOKEN_LIFE)
        return any(t.followups < RELAY_FOLLOWUPS for t in tokens)

    # ------------------------------------------------------------------ one game
    async def sync(self, record: GameRecord, t: Translator, *, panels: Callable[[Loaded], Awaitable[None]],
                   take_down: Callable[[Loaded], Awaitable[None]]) -> None:
        await self._lobby(record, t)
        if record.seed is None:
            return
        try:
            loaded = await self.bot.sessions.load(record.id)
        except SessionError:
            return
        await self._deliveries(loaded, t)
        loaded = await self.bot.sessions.load(record.id)
        await self._show_page(loaded, t)
        await panels(loaded)
        if loaded.record.status != "playing" or loaded.game.finished:
            await take_down(loaded)
        await self._cut_old_pages(loaded, t)

    async def _lobby(self, record: GameRecord, t: Translator) -> None:
        message_id = record.messages.get("lobby")
        shown = record.message_versions.get("lobby")
        if message_id is None or shown == record.version or (shown == LOBBY_DONE and record.status != "lobby"):
            return
        panel = await lobby_screen(self.bot.store, record, t, coach_games=self.bot.sessions.coach_games)
        if await self._edit(record, message_id, embed=embed_of(panel), view=view_of(panel.rows) or discord.ui.View()):
            await self.bot.store.messages.set_message_version(
                record.id, "lobby", record.version if record.status == "lobby" else LOBBY_DONE)

    # ------------------------------------------------------------------ the outbox
    async def _deliveries(self, loaded: Loaded, t: Translator) -> bool:
        """Show the pending outbox rows; False when nothing can carry them now (they wait for a click)."""
        store = self.bot.store
        while True:
            rows: list[Delivery] = await store.outbox.pending_deliveries(loaded.record.id)
            if not rows:
                return True
            loaded = await self.bot.sessions.load(loaded.record.id)
            if isinstance(rows[0].payload, PostResults):
                if not await self._results(loaded, rows[0], t):
                    return False
                continue
            batch = []
            for row in rows:
                if isinstance(row.payload, PostResults):
                    break
                batch.append(row)
            if not await self._add_to_page(loaded, batch, t):
                return False

    async def _add_to_page(self, loaded: Loaded, batch: list[Delivery], t: Translator) -> bool:
        record = loaded.record
        current = record.messages.get("table")
        calls = await self._render_lines(loaded, batch, t)
        fresh = current is None or bool(calls.mentions) or any(isinstance(r.payload, OpenGhostThread) for r in batch)
        if not fresh:
            shown = await self._rows_of(record, current)
            if len((await self._render_lines(loaded, [*shown, *batch], t)).content) > MAX_TEXT:
                fresh = True
        if fresh:
            return await self._new_page(loaded, batch, t, mention=True)
        # Marked first: a crash before the edit leaves the page behind the game, and the next pass edits it.
        await self.bot.store.outbox.mark_delivered([r.id or 0 for r in batch], current)
        await self.bot.store.messages.set_message_version(record.id, "table", -1)
        return True

    async def _new_page(self, loaded: Loaded, rows: Sequence[Delivery], t: Translator, *, mention: bool) -> bool:
        """Post ``rows`` as the new current page (a follow-up of the freshest interaction)."""
        record = loaded.record
        token = await self._token(record)
        if token is None:
            log.info("game %s: no interaction of the last %d minutes to show it with; waiting for a click",
                     record.id, TOKEN_LIFE // 60)
            return False
        page = await self._page(loaded, rows, t)
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in page.mentions] if mention else False,
                                           everyone=False, roles=False, replied_user=False)
        webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
        try:
            message = await webhook.send(content=page.content, embeds=page.embeds, files=page.files,
                                         view=page.view or discord.utils.MISSING, allowed_mentions=mentions,
                                         wait=True)
        except discord.HTTPException as error:
            log.info("game %s: a new page with interaction %s failed: %s", record.id, token.token[:12], error)
            return False
        store = self.bot.store
        await store.handles.add_handle(
            MessageHandle(record.id, message.id, token.token, str(message.id), token.created_at))
        old = record.messages.get("table")
        await store.messages.set_message(record.id, "table", message.id, version=record.version)
        if old is not None and old != message.id:
            await store.messages.set_message(record.id, f"{OLD}{old}", old)
        await store.outbox.mark_delivered([r.id or 0 for r in rows], message.id)
        self._edited[record.id] = time.monotonic()
        log.info("game %s: page %s posted with rows %s", record.id, message.id, [r.id for r in rows])
        return True

    async def _show_page(self, loaded: Loaded, t: Translator) -> None:
        """The current page shows the stored game: edited through a live handle, or posted again through the
        freshest interaction (without calling anybody again) when none can edit it any more."""
        record = loaded.record
        current = record.messages.get("table")
        if current is None or record.message_versions.get("table") == record.version:
            return
        wait = self._edited.get(record.id, 0.0) + EDIT_DEBOUNCE - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
            loaded = await self.bot.sessions.load(record.id)  # take in what landed meanwhile
            record = loaded.record
        rows = await self._rows_of(record, current)
        page = await self._page(loaded, rows, t)
        if await self._edit(record, current, content=page.content, embeds=page.embeds, attachments=page.files,
                            view=page.view or discord.ui.View(), allowed_mentions=discord.AllowedMentions.none()):
            self._edited[record.id] = time.monotonic()
            await self.bot.store.messages.set_message_version(record.id, "table", record.version)
            return
        # Its lines stay where they are: the new page carries the table, and the lines from now on.
        if await self._new_page(loaded, [], t, mention=False):
            log.info("game %s: page %s could not be edited any more; the table is posted again", record.id, current)

    async def _results(self, loaded: Loaded, row: Delivery, t: Translator) -> bool:
        record = loaded.record
        store = self.bot.store
        if record.messages.get("results") is not None:
            await store.outbox.mark_delivered([row.id or 0], record.messages["results"])
            return True
        token = await self._token(record)
        if token is None:
            return False
        panel = await results_panel(loaded, t)
        embeds = [embed_of(panel)]
        room = min(4000, 6000 - len(panel.title) - len(panel.text) - 200)
        words = await results_words(store, record.id, t=t, limit=room)
        if words is not None:
            embeds.append(embed_of(words))
            panel.rows.append(sort_select(record.id, t))
        file = file_of(panel.picture)
        webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
        try:
            message = await webhook.send(embeds=embeds, files=[file] if file else [],
                                         view=view_of(panel.rows) or discord.utils.MISSING, wait=True)
        except discord.HTTPException as error:
            log.info("game %s: the results with interaction %s failed: %s", record.id, token.token[:12], error)
            return False
        await store.handles.add_handle(
            MessageHandle(record.id, message.id, token.token, str(message.id), token.created_at))
        await store.messages.set_message(record.id, "results", message.id)
        await store.outbox.mark_delivered([row.id or 0], message.id)
        return True

    async def _cut_old_pages(self, loaded: Loaded, t: Translator) -> None:
        """Pages before the current one keep their lines only: one picture and one set of buttons in the chat."""
        record = loaded.record
        for kind, message_id in list(record.messages.items()):
            if not kind.startswith(OLD):
                continue
            if message_id == record.messages.get("table"):
                # A click on a page posted a moment before it was recorded took it for a stray one: it is
                # the current page, which keeps its picture and buttons.
                await self.bot.store.messages.clear_message(record.id, kind)
                continue
            rows = await self._rows_of(record, message_id)
            lines = await self._render_lines(loaded, rows, t)
            content = lines.content or t.gettext("Hardback — round {n}", n=loaded.game.state.round)
            if await self._edit(record, message_id, content=content, embeds=[], attachments=[], view=None,
                                allowed_mentions=discord.AllowedMentions.none()):
                await self.bot.store.messages.clear_message(record.id, kind)

    # ------------------------------------------------------------------ drawing a page
    async def _render_lines(self, loaded: Loaded, rows: Sequence[Delivery], t: Translator) -> Page:
        """The lines of ``rows`` in order, and the players they call (only those the game still waits for)."""
        lines: list[str] = []
        mentions: list[int] = []
        names = loaded.names_in(t)
        notes: list[Note] = []  # of consecutive announcements: said together, so each player is called once

        async def say_notes() -> None:
            if not notes:
                return
            deadline = None
            if any(isinstance(n, Reminder) for n in notes):
                deadline = await self.bot.sessions.timers.current_deadline(loaded.record.id, len(loaded.game.move_log))
            said = announcement(loaded, notes, t, deadline=deadline)
            lines.extend(said.lines)
            mentions.extend(u for u in said.mentions if u not in mentions)
            notes.clear()

        for row in rows:
            if isinstance(row.payload, AnnounceNotes):
                notes.extend(notes_of(row.payload))
                continue
            await say_notes()
            match row.payload:
                case OpenGhostThread(seat=seat):
                    lines.append(t.gettext("**{name} asks for a ghostwriter.** Their cards are on the table: suggest "
                                           "a word they can spell with **Suggest a word**. If they spell your word, "
                                           "you earn 1 ink, plus 1 for each inked card in it.", name=names[seat]))
                case PostSuggestion(seat=seat, word=word):
                    lines.append(t.gettext("{name} suggests **{word}**.", name=names[seat], word=word))
                case CloseGhostThread() | PostResults() | Unreadable():
                    pass  # nothing to say on the page: the buttons follow the game, the results have their message
                case TurnAlert():
                    pass  # a direct message, never a line of the page: not sent for a group DM's game
                case _:
                    assert_never(row.payload)
        await say_notes()
        text = LINK.sub(r"](<\1>)", "\n".join(lines))
        if len(text) > MAX_TEXT:  # the newest lines are the ones that matter: the call is last
            text = "…\n" + text[-MAX_TEXT:].split("\n", 1)[-1]
        return Page(text, mentions)

    async def _page(self, loaded: Loaded, rows: Sequence[Delivery], t: Translator) -> Page:
        page = await self._render_lines(loaded, rows, t)
        panel = await table_panel(loaded, t, away=await away_now(self.bot.sessions, loaded))
        request = ghost_request_id(loaded.game)
        playing = loaded.record.status == "playing" and not loaded.game.finished
        if request is not None and playing:
            panel.add_buttons([Button(t.gettext("Suggest a word"), OpenSuggestForm(loaded.record.id, request)
                                      .custom_id(), "primary")])
        page.embeds = [embed_of(panel)]
        if panel.picture is not None:
            page.files.append(file_of(panel.picture))  # type: ignore[arg-type]
        if request is not None and playing:
            seat = loaded.game.active_seat
            me = loaded.game.player(seat)
            name = loaded.names_in(t)[seat]
            cards = await cards_picture(list(me.hand), list(me.inked), t.gettext("{name}'s cards", name=name),
                                        language=t.language)
            page.files.append(file_of(cards))  # type: ignore[arg-type]
            page.embeds.append(discord.Embed(title=t.gettext("{name} asks for a ghostwriter", name=name)[:256],
                                             colour=page.embeds[0].colour).set_image(url=f"attachment://{cards.filename}"))
        page.view = view_of(panel.rows)
        return page

    # ------------------------------------------------------------------ tokens
    async def _rows_of(self, record: GameRecord, message_id: int) -> list[Delivery]:
        rows = await self.bot.store.outbox.game_deliveries(record.id)
        return [r for r in rows if r.message_id == message_id and not isinstance(r.payload, PostResults)]

    async def _token(self, record: GameRecord) -> GameToken | None:
        """The freshest live interaction of the game with a follow-up left, that follow-up counted."""
        store = self.bot.store
        for token in await store.handles.live_game_tokens(record.id, since=self.bot.clock() - TOKEN_LIFE):
            if token.followups < RELAY_FOLLOWUPS and await store.handles.claim_followup(record.id, token.token,
                                                                                        most=RELAY_FOLLOWUPS):
                return token
        return None

    async def _edit(self, record: GameRecord, message_id: int, **fields: Any) -> bool:
        """Edit a public message through any live token that can; False when none can."""
        for handle in await self.bot.store.handles.message_handles(
            record.id, message_id, since=self.bot.clock() - TOKEN_LIFE):
            webhook = discord.Webhook.partial(handle.application_id, handle.token, client=self.bot)
            target: Any = handle.target if handle.target == ORIGINAL else int(handle.target)
            try:
                await webhook.edit_message(target, **fields)
            except discord.NotFound:
                log.info("game %s: message %s is gone", record.id, message_id)
                return True  # deleted: nothing left to keep current
            except discord.HTTPException as error:
                log.info("game %s: message %s not edited with %s: %s", record.id, message_id, handle.token[:12],
                         error)
                continue
            return True
        return False


def _token_of(record: GameRecord, interaction: discord.Interaction, now: float) -> GameToken:
    return GameToken(record.id, interaction.token, interaction.application_id, interaction.user.id, now)


def _is_page(message: discord.Message | None) -> bool:
    return message is not None and any(a.filename == "table.png" for a in message.attachments)


__all__ = ["RELAY_FOLLOWUPS", "TOKEN_LIFE", "GroupDmPages"]

"""The rules help of ``/hardback rules``: short topics in the project's own words.

Written for players in a hurry, from the engine's behaviour (RULES.md is the engine's specification;
nothing here is copied from a rulebook or a website).  Each topic becomes one Discord embed, so a text
stays well under the 4,096-character description limit; tests/test_help.py checks every limit.

The English topics are the message ids: ``STRINGS`` holds each topic's title, summary and text (keys
``<topic>.title`` …) for the catalogues (domain ``content``, msgctxt ``STRINGS_CONTEXT``), and
:func:`localized` gives a topic in the reader's language.  Keys and aliases stay English (autocomplete sends
the key back; a player may type either), but no text shows a key: a text names another topic by a
``{topic_<key>}`` placeholder, said as that topic's title, and a slash command or option by ``{command_<name>}``
/ ``{option_<name>}``, said as the name a client of the reader's language sees (``hardback_bot.i18n.commands``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hardback_bot.i18n import translator


@dataclass(frozen=True, slots=True)
class Topic:
    key: str  # what autocomplete sends back; lower case, no spaces
    title: str
    summary: str  # one line for the index and the autocomplete label
    text: str
    aliases: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    #: Pictures shown under the text: parts of the icon legend (``hardback_bot.render.legend.PARTS``).
    images: tuple[str, ...] = ()


def _t(key: str, title: str, summary: str, text: str, aliases: tuple[str, ...] = (),
       see_also: tuple[str, ...] = (), images: tuple[str, ...] = ()) -> Topic:
    return Topic(key, title, summary, text.strip(), aliases, see_also, images)


TOPICS: tuple[Topic, ...] = (
    _t("overview", "Hardback in a minute", "What the game is and how you win", """
Hardback is a deck-builder where your cards are letters. Each turn you spell one word from the cards in your \
hand, earn **coins (¢)** and **prestige (★)** from the cards you used, and spend the coins on better letter \
cards from the **offer row**. Prestige is the score.

• Everyone starts with ten plain starter letters.
• Cards of the four genres — adventure, horror, mystery, romance — give more, especially when you play two or \
more of the same genre together.
• Any card can be played face down as a **wild**: it becomes any letter but gives nothing.
• The first player to reach the table's target (60★ by default) triggers the last round; after it, the most \
prestige wins.

New here? Read *{topic_turn}*, then *{topic_spelling}* and *{topic_genres}*.""", ("intro", "basics", "start", "win"),
       ("turn", "spelling", "genres")),
    _t("turn", "Your turn, step by step", "The order things happen in a turn", """
1. **Prepare** (optional): draw extra cards with ink, clear inked cards with remover.
2. **Spell** one word with your hand, plus any timeless classics in play — or skip the turn.
3. The word is checked; a refused word costs nothing, just try again.
4. Cards you did not use are discarded.
5. **Benefits** resolve in a fixed order: uncover, double, coins and prestige, per-card counts, trash, dump, \
preview, your choices (coins or prestige, ink or remover), jail.
6. **Flush** the offer row if it qualifies (competitive only).
7. **Buy**: offer-row cards, your jailed card, adverts.
8. **Clean up**: leftover coins turn into ink, your word goes to your discard pile, you draw five new cards, \
and the offer row may cycle.

In co-op, Penny Dreadful moves after every player turn.""", ("turns", "sequence", "order", "phases"),
       ("spelling", "benefits", "buying")),
    _t("spelling", "Spelling a word", "What makes a word legal", """
• A word needs **at least 2 cards**; there is no maximum.
• Use cards from your hand and any **timeless classic in play**, yours or another player's.
• Every **inked** card in your hand must be in the word, face up.
• The cards' order is the word's order. When two cards could give the same letter, where each sits matters: \
doubling and uncovering only reach direct neighbours. The bot proposes the best-paying arrangement and lets you \
pick another.
• The word must be in the table's dictionary — or pass a vote, if votes are on — and, with unique words on, \
must not repeat an earlier word.
• A refused word changes nothing. Unused cards are discarded once a word is accepted: you cannot save cards.

Check a word privately any time with `{command_lookup}`.""", ("spell", "word", "words", "legal"),
       ("wilds", "ink", "dictionary")),
    _t("wilds", "Wild cards", "Playing a card face down as any letter", """
Any card from your hand may be played **face down** as any letter you name, even its own.
• A wild gives **nothing**: no coins, no prestige, no abilities, and it does not count for its genre.
• **Inked** cards can never be wild, and timeless classics that are already in play cannot be either.
• A mystery card next to a wild can **uncover** it: the wild keeps its letter but starts giving its benefits \
and counts for its genre again.
• The bot picks the cheapest cards as wilds unless something could uncover them.""",
       ("wild", "blank", "face-down", "facedown"), ("uncover", "spelling")),
    _t("ink", "Ink", "Drawing extra cards", """
• Spend **1 ink** to draw the top card of your draw pile. Do it as often as your ink allows.
• When: while you are spelling, and at any time during other players' turns. Not between confirming your word \
and the end of your own turn.
• An inked card **must** go into your next word, face up. If you cannot fit it, use a remover or skip the turn.
• You get ink from coins you do not spend (each leftover coin becomes one ink at the end of your turn), from \
some horror cards, and as a ghostwriter.
• In the buying step, 3 ink can become 1 coin, but only when that coin lets you afford something.
• Ink breaks ties at the end of the game.""", ("inked", "draw"), ("remover", "ghostwriter")),
    _t("remover", "Remover", "Freeing an inked card", """
• Spend **1 remover** to clear one of your inked cards: it becomes an ordinary hand card that you may leave out \
of your word or play as a wild.
• Same timing as ink: while you spell, or during other players' turns.
• Remover only comes from horror cards that offer **ink or remover**; it cannot be bought.
• Until you confirm your word you can take a remover back.""", ("removers", "clear"), ("ink",)),
    _t("genres", "Genres and genre bonuses", "When the lower half of a card works", """
Every genre card has a basic benefit that always works, and many have a **genre bonus** that works only when its \
genre is **active**: at least **two** cards of that genre count this turn.
What counts: face-up cards of the genre in your word (inked ones too), your own timeless classics of that genre \
in play (in the word or not, once each), and cards uncovered this turn. Wilds, starters and other players' \
classics never count.
Flavour of the genres:
• **Adventure** (yellow): prestige, trashing for a bonus, prestige when bought.
• **Horror** (green): ink or remover, coins-or-prestige choices.
• **Mystery** (blue): uncover wilds, jail offer-row cards.
• **Romance** (red): double a neighbour, dump discards for coins, preview your deck.""",
       ("genre", "bonus", "active", "adventure", "horror", "mystery", "romance"), ("benefits", "timeless")),
    _t("timeless", "Timeless classics", "Cards that stay on the table", """
A timeless classic is printed sideways. Play it **face up** in a word and, instead of being discarded, it stays \
**in play** in front of you.
• While in play it gives you its benefits **every turn**, whether or not you put it in your word, and it counts \
for its genre.
• Any player may use it as a letter in their word. They get nothing from it; in a competitive game that sends \
it back to your discard pile at the end of their turn — a legal way to knock it out.
• In co-op, others may borrow it and it comes back to you, but new offer-row cards of the same genre can push \
your oldest classic to your discard pile.
• Played as a wild from your hand, it is discarded normally (unless it gets uncovered).""",
       ("timeless classics", "classic", "classics"), ("genres", "coop")),
    _t("benefits", "Benefits, kind by kind", "What each symbol on a card does", """
• **Coins / prestige**: gain that many.
• **Coins or prestige**: choose one side for the full amount (no splitting).
• **Ink or remover**: take one of the two.
• **Uncover** (mystery): turn a wild next to this card face up; see *{topic_uncover}*.
• **Double** (romance): a face-up neighbour's numbers count twice; see *{topic_double}*.
• **Trash** (adventure): remove this card from the game for a bonus; see *{topic_trash}*.
• **Dump** (romance): remove a card of your discard pile for coins; see *{topic_trash}*.
• **Preview** (romance R): look at up to three cards of your draw pile, keep each on top or discard it.
• **Jail** (mystery): take an offer-row card out; see *{topic_jail}*.
• **Per adventure** (adventure O): coins for each adventure card counted.
• **Per inked card** (horror H): prestige for each still-inked card in the word.
• **Per wild** (mystery N): prestige for each wild in the word, uncovered ones included.
• **Purchase prestige** (some adventure cards): paid once, when you buy the card.
See any card with `{command_card}`, and every icon in *{topic_icons}*.""",
       ("benefit", "abilities", "ability", "preview"),
       ("icons", "genres", "uncover", "double", "trash", "jail")),
    _t("icons", "Icon legend", "What every symbol on the cards and the table means", """
The pictures below show every icon on the cards and the table. In short:
• A gold coin is **coins (¢)**, a purple star is **prestige (★)**; the number inside says how many.
• **/** means *or*: you choose one side. **×** means *times*: for each of the next icon, or a doubled \
card's numbers. **→** means *in exchange for*. **◂ ▸** means *a card directly beside this one* in your word.
• The tinted lower band with a genre emblem works only with **2+ cards of that genre** in your turn.
• The white tag is the **price**; a purple **+N★** pill is prestige you get once, when you buy the card.
• A dark card with a lattice is a **wild**; a dark border with an ink drop marks an **inked** card.
Each benefit in words: *{topic_benefits}*; one card explained: `{command_card}`.""",
       ("legend", "icon", "symbols", "symbol", "key", "pictures"), ("benefits", "genres"), images=("cards", "table")),
    _t("uncover", "Uncover", "Turning a wild back face up", """
A card with **uncover** turns one **wild directly beside it** face up.
• The word does not change: the card keeps the letter it stood for.
• From then on it acts like a face-up card: it gives its benefits, counts for its genre (which can switch a genre \
bonus on), can be doubled, and its own uncover can chain to the next wild.
• It still counts as a wild for per-wild prestige.
• With wilds on both sides you pick which one; with none, nothing happens.""", ("reveal",), ("wilds", "double")),
    _t("double", "Double", "Multiplying a neighbour", """
A card with **double** multiplies the numbers of one **face-up card directly beside it**: coins, prestige, \
coins-or-prestige, trash and dump values, and the per-card rates.
• Not doubled: ink or remover, jail, preview, uncover, and purchase prestige.
• Two doublers on both sides of one card make it ×3.
• Wilds and other players' timeless classics cannot be doubled; your own classic can.
• Doubling never makes a card count twice for its genre.
• Doubling happens after uncovering, so an uncovered card can be doubled.""", ("doubling", "multiply", "x2"),
       ("uncover", "benefits")),
    _t("trash", "Trash and dump", "Thinning your deck for a bonus", """
**Trash** (adventure): a face-up card in your word with a trash benefit may be removed from the game; you get \
its trash bonus. What it already earned this turn stays.
**Dump** (romance): remove one card **of your discard pile** from the game for coins. The cards you just left \
unused count, and so do cards a preview discarded this turn.
Both are optional. Removed genre cards can come back later through the offer deck; removed starters are gone. \
A thinner deck draws your good cards more often.""", ("dump", "trashing", "dumping", "remove"),
       ("benefits",)),
    _t("jail", "Jail", "Reserving or removing an offer-row card", """
A **jail** benefit lets you pick a card of the offer row and either:
• **reserve** it in your jail — only you may buy it later, at its normal price; a card already in your jail is \
removed from the game; or
• **remove** it from the game.
The row is refilled at once, and the turn counts as one that changed the row (no cycling). Jail is optional. \
A jailed card is worth nothing at the end. In co-op, jailing denies Penny the card.""",
       ("reserve", "prison"), ("offer", "buying")),
    _t("offer", "The offer row", "The seven cards for sale", """
Seven genre cards lie face up for sale. They are kept in **age order**: newest on the left, oldest on the right.
• Whenever a card leaves (bought, jailed, cycled, claimed by Penny) a new one is dealt from the offer deck.
• When the deck runs out, removed genre cards are shuffled into a new deck.
• At the end of a competitive turn that bought no card, jailed nothing and did not flush, the oldest card is \
**cycled** away (see *{topic_cycling}*).
• If enough expensive or same-genre cards pile up, the active player may **flush** the row (see *{topic_flush}*).""",
       ("offer row", "row", "market", "shop"), ("buying", "cycling", "flush")),
    _t("buying", "Buying", "Spending coins on cards and adverts", """
After your benefits, spend your coins:
• any number of **offer-row cards** at their printed cost (new cards appear as you buy, so you can keep going);
• the card in **your jail**, at its cost;
• **adverts**, if the table uses them (see *{topic_adverts}*).
Bought cards go to your **discard pile**, so they reach your hand after your next reshuffle. Some adventure cards \
pay prestige the moment you buy them.
Short by a little? 3 ink can become 1 coin when that coin lets you afford something. Coins you do not spend \
become ink; coins never carry over as coins.""", ("buy", "purchase", "coins", "shopping"),
       ("offer", "adverts", "ink")),
    _t("flush", "Flushing the offer row", "Clearing a row of expensive or same-genre cards", """
After your jail step and before buying, you may **flush**: all seven offer-row cards are removed and seven new \
ones are dealt. Allowed once per turn, only when at least **4 of the 7** cards cost **6¢ or more**, or at least \
**4 of them share a genre**. Jailed cards do not count and stay put. Flushing is never allowed in co-op.""",
       ("flushing", "reset"), ("offer", "cycling")),
    _t("cycling", "Offer-row cycling", "Why the oldest card disappears", """
In a competitive game, at the end of a turn in which the player **bought no card**, **used no jail** and **did \
not flush**, the **oldest** offer-row card (the rightmost) is removed and a new one dealt. Buying an advert or \
converting ink does not prevent it, and a skipped turn always cycles. This keeps the row moving. Co-op games do \
not cycle (Penny takes the oldest card every turn instead). A table can switch cycling off.""",
       ("cycle", "oldest"), ("offer", "flush")),
    _t("skip", "Skipping a turn (writer's block)", "When you cannot or do not want to spell", """
Instead of spelling you may **skip**: everything in your hand, inked cards too, goes to your discard pile, you \
earn nothing, buy nothing, and draw five new cards. Borrowed timeless classics go back into play. In a \
competitive game the offer row cycles. Skipping is your way out when inked cards cannot fit in any word.""",
       ("writer's block", "writers block", "pass", "block"), ("ink", "cycling")),
    _t("end", "End of the game", "When it ends and who wins", """
**Competitive**: when someone reaches the table's target (40, 60, 90 or 180★) the game does not stop at once: the \
round is finished so everyone has had the same number of turns. Then literary award points are added, and the \
**most prestige wins**. A tie goes to the player with **more ink**; still tied, the places are shared.
**Co-op**: see *{topic_coop}* — the game ends the moment either side reaches the goal.
Results, stats and ratings are recorded once; see `{command_stats}` and `{command_leaderboard}`.""",
       ("end of game", "end of the game", "ending", "winning", "winner", "final round", "game end",
        "tie", "ties"), ("awards", "coop")),
    _t("awards", "Literary awards", "Bonus prestige for long words", """
With awards on, a word of **7 or more letters** can claim an award, worth prestige **only at the end**:
7 letters 5★ · 8 letters 6★ · 9 letters 7★ · 10 letters 9★ · 11 letters 12★ · 12+ letters 15★.
You take an award if it is worth at least as much as the best award anyone holds; every award worth less is \
lost by whoever held it. Equal awards are shared. In co-op the team holds one award at a time, and a new one must \
be worth more. Award points never count toward reaching the target.""", ("award", "long words", "bonus"),
       ("end",)),
    _t("adverts", "Adverts", "Buying prestige with coins", """
With adverts on, each player may buy five adverts, **in this order**, each once:
6¢ → 3★ · 9¢ → 6★ · 12¢ → 10★ · 15¢ → 15★ · 18¢ → 20★.
They are bought in the buying step (several in one turn if you can afford them), score at once and count toward \
the target. Buying an advert is not buying a card: the offer row still cycles.""", ("advert", "ads", "ad"),
       ("buying",)),
    _t("dictionary", "Dictionary and votes", "Which words count, and voting on the rest", """
Each table uses a word list (`{command_start} {option_dictionary}:`); proper nouns, abbreviations and hyphenated words \
are never in it.
With **votes** on, a word missing from the list goes to the other players:
• **majority**: accepted once half the voters say yes; refused once more than half say no;
• **unanimous**: one no refuses it; everyone must say yes.
With one opponent, their vote decides. A table with no dictionary puts every word to a vote (needs votes and at \
least two players). While a vote runs the speller waits; voters may still use ink.
`{command_lookup} {option_word}:WORD` checks a word privately against the table's list.""",
       ("votes", "vote", "voting", "dictionaries", "lookup", "word list"), ("unique", "spelling")),
    _t("unique", "Unique words", "No repeats", """
With unique words on, a word that was already accepted is refused before any dictionary check or vote:
• **per game**: nobody may repeat a word anyone spelled;
• **per player**: you may not repeat your own words; others may still spell them.
Comparison is on the letters as spelled, wild letters included. Refused words never enter the history. \
`{command_lookup} {option_word}:WORD` tells you privately whether a word is still free.""",
       ("unique words", "repeat", "repeats", "history"), ("dictionary",)),
    _t("coop", "Co-op and solo against Penny Dreadful", "Playing together against the bot rival", """
1–4 players (1 = solo) share **one team score** against Penny Dreadful. Ink, remover, decks, jails and adverts \
stay personal. Hands are open.
• After every player turn Penny **claims the oldest offer-row card** and scores its cost in prestige.
• Goal: **60★ per player**. The game ends **immediately** when either side reaches it. Award points are added \
after; the team wins only with **more** prestige than Penny — a tie is a loss.
• No flushing and no cycling.
• Penny may have a **signature genre**: *adventure* (she scores when you buy while an adventure card is in the \
row), *horror* (she scores when you spend ink while a horror card is in the row), *mystery* (she also removes the \
cheapest card when she claims a mystery card) or *romance* (romance cards count double for her).
• Timeless classics: anyone may borrow them; new row cards of the same genre can discard your oldest one.""",
       ("co-op", "cooperative", "solo", "penny", "penny dreadful", "anthology"), ("timeless", "end")),
    _t("ghostwriter", "Ghostwriter", "Asking the table for a word", """
While spelling, the active player may ask for a **ghostwriter**: the bot opens a thread showing their cards, \
inked ones included, and the others suggest words (reply in the thread or use **Suggest a word**). The bot \
checks each suggestion against the cards and the dictionary; the player can adopt one or spell anything else.
If the accepted word equals a suggestion, the earliest suggester is the ghostwriter and gets **1 ink**, plus \
the ink that was on the speller's inked cards used in the word. Nothing is paid if the turn is skipped. Works in \
co-op too.""", ("ghost", "help", "suggest", "suggestions"), ("ink",)),
    _t("timers", "Turn timers and absent players", "What happens when someone does not move", """
A table can have a **turn timer** (chosen at `{command_start}` or by the server's `{command_settings}`). The \
player is reminded before it runs out. When it does:
• at the spelling step the turn is **skipped**; later in the turn it jumps to clean-up (coins already earned \
become ink);
• a pending vote counts as **yes**.
After several timeouts in a row (the server's setting, 3 by default) a **computer player** takes the seat over or \
the player is **removed**, as the server chose. A restart of the bot never costs anyone their turn.""",
       ("timer", "timeout", "afk", "absent", "time"), ("skip",)),
    _t("hints", "Hints and word lookup", "Private help from the bot", """
• `{command_lookup} {option_word}:WORD` — privately checks a word against the dictionary of the game in this \
channel (or the server's default list) and, with unique words on, whether it was already spelled.
• `{command_hint}` — privately lists words your current hand can spell and what they would earn. Only at \
tables with **hints** on, and always in solo.
• `{command_card} {option_genre}:GENRE {option_letter}:LETTER` — shows a card and explains its benefits.""",
       ("hint", "commands", "command"), ("dictionary", "unique")),
)

BY_KEY: dict[str, Topic] = {t.key: t for t in TOPICS}

STRINGS_CONTEXT = "rules topic"
STRINGS: dict[str, str] = {
    f"{t.key}.{part}": getattr(t, part) for t in TOPICS for part in ("title", "summary", "text")
}
STRINGS_NOTES = {
    f"{t.key}.text": "Markdown for a Discord embed (4,096 characters at most); keep the numbers and every "
                     "placeholder: {topic_…} is another topic's title, {command_…} and {option_…} a slash command "
                     "and an option as your language's clients see them; write the command syntax's own words "
                     "(WORD, GENRE …) in your language"
    for t in TOPICS
}
TOPIC_PREFIX = "topic_"


def titles(language: str = "en") -> dict[str, str]:
    """``{topic_<key>: title}`` of every topic in ``language``: how a text names another topic."""
    t = translator(language)
    return {TOPIC_PREFIX + topic.key: t.entry(STRINGS_CONTEXT, topic.title) for topic in TOPICS}


def localized(topic: Topic, language: str = "en") -> Topic:
    """``topic`` with its title, summary and text in ``language``, other topics and commands named in it."""
    t = translator(language)
    text = t.entry(STRINGS_CONTEXT, topic.text, **(titles(language) if "{" + TOPIC_PREFIX in topic.text else {}))
    if language == "en":
        return replace(topic, text=text)
    return replace(topic, title=t.entry(STRINGS_CONTEXT, topic.title), summary=t.entry(STRINGS_CONTEXT, topic.summary),
                   text=text)

"""Play Hardback in a terminal, against computer players or hot-seat: a front-end like the Discord cogs.

    python -m hardback_bot.terminal                         # you against a normal computer player
    python -m hardback_bot.terminal --computers easy,hard   # you against two computers
    python -m hardback_bot.terminal --players 2 --computers none   # two people, one keyboard
    python -m hardback_bot.terminal --coop --penny-genre romance    # solo against Penny Dreadful
    python -m hardback_bot.terminal --lang fr               # in French (default: the environment's language)

The game is said in the bot's own words (sessions/phrases.py, play_by_play.py and the catalogues) in
English, Spanish, French or Japanese: ``app`` runs the game, ``report`` says what each move did, ``screens``
draws the table, a hand, a decision and the results as text, ``cli`` reads the command line.
"""

from .app import Terminal
from .cli import main, terminal

__all__ = ["Terminal", "main", "terminal"]

"""The solver answers the same in every process: Python salts string hashes per process, so anything the
search iterates in hash order (a set of letters, say) would change which of two equal plays a budgeted
search finds first, and with it a computer player's move and the daily par (R6-R11 values)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Hands dealt from the whole deck by a seeded generator, each asked under a few budgets and weightings: the
# same questions in processes whose string hashes differ.
PROGRAMME = """
import json, random
from hardback_bot.engine.cards import coin_starter_ids, genre_card_ids, prestige_starter_ids
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import PlayerCards, Weights, WorkBudget, best_plays

words = get_dictionary("common")
rng = random.Random(5)
deck = genre_card_ids() + coin_starter_ids() + prestige_starter_ids()
answers = []
for n in range(60):
    hand = tuple(sorted(rng.sample(deck, rng.randint(5, 7))))
    inked = hand[:1] if n % 3 == 0 else ()
    cards = PlayerCards(hand, inked, (), 0, rng.randint(0, 7))
    weights = Weights(coins=rng.choice([0.5, 0.85, 1.0]), prestige=1.0, ink=0.35, remover=0.3)
    for units in (80, 300, 3000):
        plays = best_plays(cards, words, weights, count=3, work_limit=WorkBudget(units))
        answers.append([[p.word, [[c.card, c.wild] for c in p.cards]] for p in plays])
print(json.dumps(answers))
"""


def answers_with_hash_seed(seed: int) -> list[object]:
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", PROGRAMME], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout)


def test_the_same_plays_whatever_the_string_hashes() -> None:
    first = answers_with_hash_seed(1)
    assert len(first) == 180 and all(first)  # every hand spells something
    for seed in (2, 5):
        assert answers_with_hash_seed(seed) == first, f"PYTHONHASHSEED={seed} found other plays"

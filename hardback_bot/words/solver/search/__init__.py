"""The solver's search: which arrangement of one word is worth most, and which words of a list are.

Its modules, lowest first (each imports only those before it, and the solver's lower rooms):

* :mod:`.arrange`: an arrangement as the engine's move and word, its exact value, whether it is
  legal, every legal one, and one made without search (a limited search's first answer);
* :mod:`.word_bounds`: upper bounds of one word's arrangements, whole or partial;
* :mod:`.word`: the exact best arrangement of one word (:func:`.word.best_for_word`);
* :mod:`.groups`: the best plays of a word list (:class:`.groups.GroupSearch`).

Nothing is re-exported here: the rest of the bot asks :mod:`hardback_bot.words.solver`.
"""

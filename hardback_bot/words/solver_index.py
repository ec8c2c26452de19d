"""The solver's word index (:mod:`hardback_bot.words.solver.index`) under a second name.

``index_for`` and ``WordIndex`` are also importable from here, for modules outside the words
package that import them by this name; new code imports ``index_for`` from
:mod:`hardback_bot.words.solver`.
"""

from hardback_bot.words.solver.index import WordIndex, index_for

__all__ = ["WordIndex", "index_for"]

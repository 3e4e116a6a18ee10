"""Step 2 of the pipeline: place every word, by search.

Every search is called the same way (:class:`~wortsuche.placement.kernel.Search`):
``search(words, board, options, rng, budget)`` places all words on the empty board or raises
:class:`~wortsuche.errors.DoesNotFitError`.

* :mod:`~wortsuche.placement.kernel`: what they share, the :class:`Placer` and the restarts;
* :mod:`~wortsuche.placement.quick`: one word after another, backtracking and restarts;
* :mod:`~wortsuche.placement.crowded`: for crowded grids, every word's open positions;
* :mod:`~wortsuche.placement.packing`: for full grids whose words never cross, bin packing;
* :mod:`~wortsuche.placement.exact`: a SAT solver, which also proves when no layout exists;
* :mod:`~wortsuche.placement.choice`: which of them run, in which order, with which share.
"""

from wortsuche.placement.choice import Step, choose, place
from wortsuche.placement.kernel import Placer, Search

__all__ = ["Placer", "Search", "Step", "choose", "place"]

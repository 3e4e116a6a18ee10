"""Which placement searches run, in which order, with which share of their steps.

Every threshold that decides between the searches lives here; the measurements that chose them
are in ``benchmarks/README.md`` ("Crowded grids").

* A grid that is not crowded (:data:`~wortsuche.placement.kernel.CROWDED`): the quick search.
* A crowded grid: the quick search for a few runs (not where words must cross, above
  :data:`SKIP_QUICK`), then, for words that never cross, packing them into the grid's lines,
  then the search that knows every word's open positions (if its table is not too large).
  The last search tried gets all its steps.
* ``exact``: the SAT solver alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wortsuche.budget import SearchBudget
from wortsuche.errors import BudgetExhausted, DoesNotFitError
from wortsuche.grid.board import Board
from wortsuche.model import Options, Placement
from wortsuche.placement import crowded, packing, quick
from wortsuche.placement import exact as sat
from wortsuche.placement.kernel import Search, is_crowded
from wortsuche.rand import Rng

QUICK_SHARE = 1 / 8
"""On a crowded grid, the share of its usual runs the quick search gets before the searches made
for crowded grids take over: enough for the lists it lays out at once."""

SKIP_QUICK = 1.0
"""Letters per free cell above which the quick search is not tried first where the search with
open positions can take the list: there words must cross, which the quick search, placing them one
after another, rarely manages, and its share costs time."""

PACKED_SHARE = 1 / 2
"""On a crowded grid whose words never cross, the share of its steps packing the words into
lines gets before the search with open positions takes over."""

MAX_BITS = 1_800_000
"""Table size (positions × letters × 2, over all words) above which the search with open
positions is not used: building its tables would cost more than it saves."""


@dataclass(frozen=True)
class Step:
    """One search to run and the share of its steps it gets."""

    search: Search
    share: float


def choose(
    words: Sequence[str], board: Board, options: Options, *, exact: bool = False
) -> list[Step]:
    """The searches to try for ``words`` on the empty ``board``, in order; the last gets all its
    steps, each other one its share before the next takes over."""
    if exact:
        return [Step(sat.place, 1.0)]
    cells = board.empty_count()
    letters = sum(len(w) for w in words)
    if not is_crowded(letters, board):
        return [Step(quick.place, 1.0)]
    steps: list[Step] = []
    tabled = crowded.table_bits(words, board, options) <= MAX_BITS
    if not (tabled and letters > SKIP_QUICK * cells):
        steps.append(Step(quick.place, QUICK_SHARE))
    if packing.packs(board, options):
        steps.append(Step(packing.place, PACKED_SHARE))
    if tabled:
        steps.append(Step(crowded.place, 1.0))
    return [*steps[:-1], Step(steps[-1].search, 1.0)]


def place(
    words: Sequence[str], board: Board, options: Options, rng: Rng, *, exact: bool = False
) -> list[Placement]:
    """Step 2 of the pipeline: place every word on the empty ``board`` by the searches
    :func:`choose` names, each on its share of the board's budget; raise
    :class:`DoesNotFitError` from the last when none finds a layout."""
    *first, last = choose(words, board, options, exact=exact)
    for step in first:
        try:
            return step.search(words, board, options, rng, SearchBudget(board.budget, step.share))
        except BudgetExhausted:
            raise
        except DoesNotFitError:
            continue
    return last.search(words, board, options, rng, SearchBudget(board.budget, last.share))

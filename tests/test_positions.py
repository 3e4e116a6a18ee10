"""A word's positions in a random order: the written-out draw is the plain one.

:meth:`PositionSpace.random_order` draws its direction and start with ``rng.below``'s
arithmetic inline and steps through each direction's order by additions; the puzzles depend on
every draw, so it is held to the plain reading below (draw a direction, take its next start
``taken · step + offset`` mod n) on random spaces, blocks and listed starts: the same positions
in the same order, and the generator left in the same state.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.grid.positions import PositionSpace, permutation
from wortsuche.model import Direction
from wortsuche.rand import Rng


def plain_order(space: PositionSpace, rng: Rng) -> Iterator[tuple[int, int, Direction]]:
    """The reference order: one ``rng.below`` per draw, each start computed from scratch."""
    sizes = [nr * nc for _, _, nr, _, nc in space.parts]
    steps, offsets, taken = [0] * len(sizes), [0] * len(sizes), [0] * len(sizes)
    active = list(range(len(sizes)))
    while active:
        k = rng.below(len(active))
        part = active[k]
        n = sizes[part]
        if not steps[part]:
            steps[part], offsets[part] = permutation(n, rng)
        if taken[part] == n:
            active.pop(k)
            continue
        i = (taken[part] * steps[part] + offsets[part]) % n
        taken[part] += 1
        direction, r0, _, c0, nc = space.parts[part]
        listed = space.starts[part]
        if listed is not None:
            yield (*listed[i], direction)
        else:
            yield r0 + i // nc, c0 + i % nc, direction


blocks = st.lists(
    st.tuples(
        st.sampled_from(list(Direction)),
        st.integers(0, 5),
        st.integers(0, 9),
        st.integers(0, 5),
        st.integers(0, 9),
    ),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(parts=blocks, listed=st.booleans(), seed=st.integers(0, 2**32))
def test_the_random_order_is_the_plain_one(
    parts: list[tuple[Direction, int, int, int, int]], listed: bool, seed: int
) -> None:
    space = PositionSpace(parts)
    if listed:  # the same starts given one by one, as a hexagon's are
        space = PositionSpace.listed(
            (d, [(r, c) for r, c, e in space if e is d]) for d in space.directions
        )
    fast, slow = Rng(seed), Rng(seed)
    drawn = list(space.random_order(fast))
    assert drawn == list(plain_order(space, slow))
    assert fast.random() == slow.random()  # as many draws taken
    assert sorted(drawn, key=repr) == sorted(space, key=repr)  # every position once

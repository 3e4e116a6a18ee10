"""The fits check's count of the cells a list needs at least is the plain definition's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.pipeline.run import _letters_needed


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("ABÄß", min_size=1, max_size=9), min_size=1, max_size=8))
def test_each_letter_counts_as_often_as_the_word_that_has_it_most_often(words: list[str]) -> None:
    plain = sum(max(word.count(x) for word in words) for x in set("".join(words)))
    assert _letters_needed(words) == plain

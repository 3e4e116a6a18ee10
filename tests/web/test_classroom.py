"""Class codes, tokens and pseudonyms: the small values the classroom rests on."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wortsuche.web.classroom import assignments as classroom
from wortsuche.web.errors import ApiError

codes = st.text(alphabet=classroom.CODE_ALPHABET, min_size=6, max_size=6).map(
    lambda letters: f"{letters[:2]}-{letters[2:]}"
)


@given(codes, st.sampled_from(["", " ", "-", "  "]), st.booleans())
def test_a_code_is_read_however_it_is_typed(code: str, gap: str, lower: bool) -> None:
    typed = code.replace("-", gap)
    assert classroom.normal_code(typed.lower() if lower else typed) == code


@given(st.text(max_size=12))
def test_a_code_read_is_always_of_the_code_shape(typed: str) -> None:
    code = classroom.normal_code(typed)
    assert code is None or classroom.CODE_PATTERN.fullmatch(code)


def test_new_codes_are_of_the_code_shape_and_avoid_confusable_letters() -> None:
    for _ in range(200):
        code = classroom.new_code()
        assert classroom.CODE_PATTERN.fullmatch(code)
        assert not set(code) & set("01OI")


def test_tokens_carry_at_least_128_random_bits_and_only_their_hash_matches() -> None:
    tokens = {classroom.new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    assert all(len(t) * math.log2(64) >= 128 for t in tokens)
    token = tokens.pop()
    stored = classroom.token_hash(token)
    assert token not in stored
    assert classroom.same_token(token, stored)
    assert not classroom.same_token(token + "x", stored)
    assert not classroom.same_token("", stored)


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("Bearer abc", "abc"),
        ("bearer  abc ", "abc"),
        ("Basic abc", None),
        ("Bearer", None),
        (None, None),
    ],
)
def test_the_bearer_token_is_read_from_the_authorization_header(
    header: str | None, token: str | None
) -> None:
    assert classroom.bearer(header) == token


@given(st.text(max_size=40))
def test_a_pseudonym_shown_never_holds_markup_or_control_characters(text: str) -> None:
    try:
        name = classroom.checked_pseudonym(text)
    except ApiError as refused:
        assert refused.status == 422 and refused.field == "pseudonym"
        return
    assert 1 <= len(name) <= classroom.MAX_PSEUDONYM
    assert not set(name) & set('<>&"/\\;=') and name.isprintable() and name == name.strip()


def test_first_names_of_a_class_are_welcome() -> None:
    for name in ["Mia", "Jörg", "Zoë", "Ali-Can", "O'Brien", "Anna L.", "Łukasz", "Ayşe", "Kim 2"]:
        assert classroom.checked_pseudonym(f"  {name} ") == name


def test_the_words_the_class_struggled_with_are_the_ones_fewest_found_then_most_helped() -> None:
    from wortsuche.web.storage.classroom import Find, Pupil

    def pupil(name: str) -> Pupil:
        return Pupil(name, "AB-CDEF", "", name, "p", 0.0, 0.0, None, 0)

    pupils = [
        (pupil("a"), [Find("a", "IGEL", 5.0, 3, 4), Find("a", "REH", 9.0, 0, 0)]),
        (pupil("b"), [Find("b", "IGEL", 7.0, 0, 0), Find("b", "REH", 8.0, 0, 1)]),
        (pupil("c"), [Find("c", "IGEL", 4.0, 0, 0)]),
    ]
    ranked = classroom.word_results(pupils, {"p": ["IGEL", "REH", "DACHS"]})
    assert [word.word for word in ranked] == ["DACHS", "REH", "IGEL"]
    assert (ranked[1].found_by, ranked[1].pupils, ranked[1].wrong) == (2, 3, 1)
    assert ranked[2].times == [5.0, 7.0, 4.0] and ranked[2].hints == 3

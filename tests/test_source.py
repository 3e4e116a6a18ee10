"""Reading word input: the competition format and plain word lists, and every way they go wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wortsuche.cli.reading import decode
from wortsuche.errors import InputError
from wortsuche.limits import MAX_SIDE
from wortsuche.words.source import COMPETITION, WORD_LIST, parse_size, parse_words

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bwinf"
WORTE0 = "5 5\n4\nVOR\nRAD\nEVA\nTORF\n"


# The competition format


@pytest.mark.parametrize("name", [f"worte{k}.txt" for k in range(6)])
def test_every_official_example_reads_with_its_size_and_count(name: str) -> None:
    text = decode((EXAMPLES / name).read_bytes(), name)
    lines = text.splitlines()
    rows, cols = (int(n) for n in lines[0].split())
    source = parse_words(text, name=name)
    assert source.format == COMPETITION
    assert source.size == (rows, cols)
    assert len(source.entries) == int(lines[1])
    assert source.entries == tuple(line.strip() for line in lines[2:] if line.strip())


def test_rows_come_first_in_the_header() -> None:
    source = parse_words("40 32\n1\nHAUS\n", name="w.txt")
    assert source.size == (40, 32)


def test_entries_keep_their_line_numbers() -> None:
    source = parse_words(WORTE0, name="w.txt")
    assert source.entries == ("VOR", "RAD", "EVA", "TORF")
    assert source.lines == (3, 4, 5, 6)


def test_crlf_missing_final_newline_trailing_blanks_and_mixed_case() -> None:
    text = "5 5  \r\n4\t\r\nvor  \r\nRad\r\n  eVa\r\nTORF"
    source = parse_words(text, name="w.txt")
    assert source.size == (5, 5)
    words, warnings = source.words()
    assert [w.letters for w in words] == ["VOR", "RAD", "EVA", "TORF"]
    assert warnings == ()


def test_utf8_with_bom_is_read_through_decode() -> None:
    data = "\ufeff3 3\n1\nÖL\n".encode()
    source = parse_words(decode(data, "w.txt"), name="w.txt")
    assert source.size == (3, 3)
    assert source.entries == ("ÖL",)


def test_a_bom_left_in_the_text_does_not_hide_the_header() -> None:
    source = parse_words("\ufeff3 3\n1\nÖL\n", name="w.txt")
    assert source.format == COMPETITION


def test_latin1_bytes_fall_back_and_keep_umlauts() -> None:
    data = "4 4\n2\nÄRA\nMÜHE\n".encode("latin-1")
    source = parse_words(decode(data, "w.txt"), name="w.txt")
    words, _ = source.words()
    assert [w.letters for w in words] == ["ÄRA", "MÜHE"]


def test_blank_lines_between_words_are_not_counted() -> None:
    source = parse_words("5 5\n2\nVOR\n\nRAD\n\n\n", name="w.txt")
    assert source.entries == ("VOR", "RAD")
    assert source.lines == (3, 5)


# Plain word lists


def test_a_plain_list_has_no_size() -> None:
    source = parse_words("Löwe\nTiger\n", name="zoo.txt")
    assert source.format == WORD_LIST
    assert source.size is None
    assert source.entries == ("Löwe", "Tiger")
    assert source.lines == (1, 2)


def test_comments_and_blank_lines_are_ignored_and_phrases_keep_spaces_and_hyphens() -> None:
    text = "# clothes\n\nT-Shirt\n  Ice cream  \n# end\n"
    source = parse_words(text, name="list.txt", phrases=True)
    assert source.entries == ("T-Shirt", "Ice cream")
    assert source.lines == (3, 4)
    words, _ = source.words()
    assert [(w.entry, w.letters) for w in words] == [
        ("T-Shirt", "TSHIRT"),
        ("Ice cream", "ICECREAM"),
    ]


def test_duplicates_are_removed_with_a_warning_naming_file_and_line() -> None:
    words, warnings = parse_words("Tiger\nLöwe\ntiger\n", name="zoo.txt").words()
    assert [w.letters for w in words] == ["TIGER", "LÖWE"]
    assert len(warnings) == 1
    assert warnings[0].startswith("zoo.txt: ")
    assert "line 3" in warnings[0]


def test_transliteration_is_applied_when_asked() -> None:
    words, _ = parse_words("Straße\nÄpfel\n", name="w.txt").words(transliterate=True)
    assert [w.letters for w in words] == ["STRASSE", "AEPFEL"]


def test_a_word_with_a_digit_names_file_and_line() -> None:
    source = parse_words("Tiger\nR2D2\n", name="zoo.txt")
    with pytest.raises(InputError, match=r"zoo\.txt: .*R2D2.*line 2.*digit"):
        source.words()


def test_a_list_whose_first_line_has_digits_is_not_taken_for_a_header() -> None:
    source = parse_words("R2D2\nC3PO\n", name="robots.txt")
    assert source.format == WORD_LIST
    with pytest.raises(InputError, match="line 1"):
        source.words()


# Sizes


@pytest.mark.parametrize(
    ("text", "size"),
    [("15x12", (15, 12)), ("15X12", (15, 12)), ("15 x 12", (15, 12)), ("15×12", (15, 12)),
     ("15", (15, 15)), (" 40 32 ", (40, 32))],
)  # fmt: skip
def test_sizes_are_read_rows_first(text: str, size: tuple[int, int]) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "not a whole number"),
        ("12xab", "columns 'ab' is not a whole number"),
        ("0x5", "rows must be at least 1, not 0"),
        ("5x-3", "columns must be at least 1, not -3"),
        (f"{MAX_SIDE + 1}x5", f"rows must be at most {MAX_SIDE}"),
        ("100000x5", f"at most {MAX_SIDE}"),
        ("15x", "is not ROWSxCOLS"),
        ("1x2x3", "is not ROWSxCOLS"),
        ("", "is not ROWSxCOLS"),
    ],
)
def test_bad_sizes_are_refused(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_size(text, what="--size")


def test_the_largest_documented_size_is_accepted() -> None:
    assert parse_size(f"{MAX_SIDE}x{MAX_SIDE}") == (MAX_SIDE, MAX_SIDE)


# Errors, each naming the file and, where there is one, the line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^w\.txt is empty$"),
        ("\n  \n\t\n", r"^w\.txt is empty$"),
        ("# only a comment\n\n", r"w\.txt has no words"),
        ("5 5\n3\nVOR\nRAD\n", r"w\.txt: line 2 says 3 words but 2 word lines follow"),
        ("5 5\n1\nVOR\nRAD\n", r"line 2 says 1 word but 2 word lines follow"),
        ("zehn 5\n1\nDAS\n", r"w\.txt, line 1: size 'zehn 5': rows 'zehn' is not a whole number"),
        ("5 fünf\n1\nDAS\n", r"line 1: .*columns 'fünf' is not a whole number"),
        ("0 5\n1\nDAS\n", r"line 1: .*rows must be at least 1, not 0"),
        ("5 0\n1\nDAS\n", r"line 1: .*columns must be at least 1, not 0"),
        ("-5 5\n1\nDAS\n", r"line 1: .*rows must be at least 1, not -5"),
        ("100000 5\n1\nDAS\n", rf"line 1: .*rows must be at most {MAX_SIDE}, not 100000"),
        ("5 5 5\n1\nDAS\n", r"line 1: size '5 5 5' is not ROWSxCOLS"),
        ("5 5\n", r"w\.txt, line 2: the number of words is missing"),
        ("5 5", r"line 2: the number of words is missing"),
        ("5 5\n\nVOR\n", r"line 2: the number of words is missing"),
        ("5 5\nVOR\nRAD\n", r"line 2: expected the number of words, not 'VOR'"),
        ("5 5\n0\n", r"line 2: the number of words must be at least 1, not 0"),
        ("5 5\n-2\nVOR\n", r"line 2: the number of words must be at least 1, not -2"),
    ],
)
def test_every_input_error_is_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as raised:
        parse_words(text, name="w.txt")
    assert "\n" not in str(raised.value)


def test_binary_data_is_refused_by_decode() -> None:
    with pytest.raises(InputError, match="binary"):
        decode(b"5 5\n\x00\x01\x02\xff", "blob.bin")


# Properties: whatever the layout of the file, the entries come back as written

ENTRY = st.text(alphabet="abcxyzÄÖÜßéñ -", min_size=1, max_size=12).filter(
    # a comment line, and a leading bullet ("- a"), are taken off on purpose: their own tests
    lambda e: e.strip() != "" and not e.strip().startswith(("#", "-"))
)


@given(
    entries=st.lists(ENTRY, min_size=1, max_size=20),
    newline=st.sampled_from(["\n", "\r\n"]),
    trailing=st.sampled_from(["", " ", "\t", "  "]),
    final_newline=st.booleans(),
    size=st.tuples(st.integers(1, MAX_SIDE), st.integers(1, MAX_SIDE)),
    with_header=st.booleans(),
)
def test_entries_survive_any_line_ends_and_trailing_blanks(
    entries: list[str],
    newline: str,
    trailing: str,
    final_newline: bool,
    size: tuple[int, int],
    with_header: bool,
) -> None:
    lines = [entry + trailing for entry in entries]
    if with_header:
        lines = [f"{size[0]} {size[1]}{trailing}", str(len(entries)), *lines]
    text = newline.join(lines) + (newline if final_newline else "")
    source = parse_words(text, name="w.txt", phrases=True)  # entries with spaces kept whole
    assert source.entries == tuple(entry.strip() for entry in entries)
    assert source.size == (size if with_header else None)
    first = 3 if with_header else 1
    assert source.lines == tuple(range(first, first + len(entries)))


def test_a_line_of_a_plain_list_is_split_at_spaces_commas_semicolons_and_tabs() -> None:
    source = parse_words("Hund Katze,Maus;Igel\tFuchs\nBär\n", name="l.txt")
    assert source.entries == ("Hund", "Katze", "Maus", "Igel", "Fuchs", "Bär")
    assert source.lines == (1, 1, 1, 1, 1, 2)
    assert source.notes == (
        "l.txt, line 1: split into 5 words (Hund, Katze, Maus, …); "
        '"quotes" or --phrases keep a line whole',
    )
    _, warnings = source.words()
    assert warnings == source.notes


def test_quoted_entries_stay_whole_and_one_note_counts_the_other_split_lines() -> None:
    source = parse_words('"Ice cream", T-Shirt\n„Hot Dog“ Eis\nSalz\n', name="l.txt")
    assert source.entries == ("Ice cream", "T-Shirt", "Hot Dog", "Eis", "Salz")
    assert source.notes == (
        "l.txt, line 1: split into 2 words (Ice cream, T-Shirt), 1 more line likewise; "
        '"quotes" or --phrases keep a line whole',
    )


def test_a_list_of_one_word_per_line_has_no_note_and_the_competition_format_is_not_split() -> None:
    assert parse_words("Hund\nKatze\n", name="l.txt").notes == ()
    source = parse_words("5 5\n2\nEIS TEE\nVOR\n", name="w.txt")
    assert source.entries == ("EIS TEE", "VOR")
    assert source.notes == ()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_utf16_with_its_bom_is_text(encoding: str) -> None:
    """What Windows Notepad saves as "Unicode": a BOM, then two bytes a letter."""
    data = "\ufeffÄpfel\nStraße\n".encode(encoding)
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    assert parse_words(decode(data, "u.txt"), name="u.txt").entries == ("Äpfel", "Straße")


def test_windows_1252_quotes_keep_an_entry_whole() -> None:
    data = "„Hot Dog“ Eis\n".encode("cp1252")
    assert parse_words(decode(data, "w.txt"), name="w.txt").entries == ("Hot Dog", "Eis")


def test_a_file_partly_utf8_and_partly_latin1_is_named_with_its_line() -> None:
    data = "10 10\n3\nÄpfel\nBirne\n".encode() + "Straße\n".encode("latin-1")
    with pytest.raises(
        InputError, match=r"partly UTF-8 .*\(line 5 is not UTF-8\); save it as UTF-8"
    ):
        decode(data, "mix.txt")


@pytest.mark.parametrize(("char", "shown"), [("\x84", "U+0084"), ("\u200e", "U+200E"), ("#", "#")])
def test_a_character_that_is_no_letter_is_shown_so_it_can_be_seen(char: str, shown: str) -> None:
    with pytest.raises(InputError, match=re.escape(f"contains '{shown}', which is not a letter")):
        parse_words(f"Hund\nKa{char}tze\n", name="w.txt").words()


def test_windows_1252_with_a_letter_before_a_quote_is_not_taken_for_utf8() -> None:
    """Ã then „ (C3 84) reads as UTF-8 Ä, but no line of the file is UTF-8: not mixed."""
    data = "„MAÇÃ“\nBANANA\n".encode("cp1252")
    assert parse_words(decode(data, "f.txt"), name="f.txt").entries == ("MAÇÃ", "BANANA")


def test_a_mixed_file_is_found_whatever_letters_its_utf8_lines_hold() -> None:
    data = "ĘĄ\n".encode() + "Bär\n".encode("cp1252")
    with pytest.raises(InputError, match=r"\(line 2 is not UTF-8\)"):
        decode(data, "pl.txt")


# --- a teacher's list as a word processor writes it -------------------------------------------


def test_a_list_of_one_entry_a_line_keeps_a_line_of_a_few_words_whole_and_says_so() -> None:
    source = parse_words("Cake\nIce cream\nTea\nHot dog\nJam\n", name="food.txt")
    assert source.entries == ("Cake", "Ice cream", "Tea", "Hot dog", "Jam")
    assert source.notes == (
        "food.txt, line 2: 'Ice cream' is one entry, as each line of the list is, 1 more line "
        "likewise; commas between words split a line",
    )


@pytest.mark.parametrize(
    ("text", "entries"),
    [
        # a pasted line among others: more lines of several words than of one
        ("Apfel Birne\nKirsche Pflaume\nMango\n", ("Apfel", "Birne", "Kirsche", "Pflaume", "Mango")),
        # a line of three or more words is a list, not a phrase
        ("Cake\nTea\nJam\nApfel Birne Kirsche Pflaume\n", ("Cake", "Tea", "Jam", "Apfel", "Birne", "Kirsche", "Pflaume")),
        ("Hund Katze Maus\nPferd\nKuh\nSchaf\nIgel\n", ("Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Igel")),
        # commas say where the entries end
        ("Cake\nTea\nJam\nIce, cream\n", ("Cake", "Tea", "Jam", "Ice", "cream")),
        # two lines are too few to say the list is one entry a line
        ("Cake\nIce cream\n", ("Cake", "Ice", "cream")),
    ],
)  # fmt: skip
def test_lines_that_list_several_words_are_still_split(text: str, entries: tuple[str, ...]) -> None:
    assert parse_words(text, name="w.txt").entries == entries


@pytest.mark.parametrize(
    "text",
    [
        "1. cat\n2. dog\n3) fish\n10. hen\n",
        "- cat\n- dog\n• fish\n* hen\n",
        "1.) cat\n2.) dog\n3.) fish\n4.) hen\n",
        "- cat\ndog\nfish\nhen\n",
    ],
)
def test_a_numbered_or_bulleted_list_loses_its_numbering_with_a_note(text: str) -> None:
    source = parse_words(text, name="pets.txt")
    assert source.entries == ("cat", "dog", "fish", "hen")
    assert source.lines == (1, 2, 3, 4)
    assert (
        "the list's numbering" in source.notes[0] and "is not part of the words" in source.notes[0]
    )


def test_numbering_on_only_some_lines_is_left_for_the_word_check() -> None:
    source = parse_words("1. cat\ndog\nfish\n", name="pets.txt")
    with pytest.raises(InputError, match=r"pets.txt: word '1. cat' \(line 1\) contains a digit"):
        source.words()


def test_a_first_line_heading_is_the_lists_title() -> None:
    source = parse_words("\n# Week 5  Spellings\nCake\nTea\nJam\n", name="w.txt")
    assert source.title == "Week 5 Spellings" and source.entries == ("Cake", "Tea", "Jam")
    assert parse_words("Cake\n# not a title\nTea\n", name="w.txt").title == ""

"""The command line's errors speak the reader's language: German under a German locale,
English under any other, one line each, with exit code 2."""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from cli import run
from wortsuche import i18n
from wortsuche.budget import Budget
from wortsuche.errors import GenerationTimeout
from wortsuche.i18n import translator
from wortsuche.levels import LEVEL_ALIASES, LEVELS
from wortsuche.rating import targeting

# Imported at collection, the difficulty search keeps the real ``generate``: a test elsewhere
# that patches it for a while must not be the first to import the search.
assert targeting.generate.__module__ == "wortsuche.pipeline.run"

PACKAGE = Path(i18n.__file__).parent

FILES = {
    "tiere.txt": "IGEL\nFUCHS\nDACHS\n",
    "empty.txt": "",
    "count.txt": "5 5\nx\nIGEL\n",
    "size.txt": "# x\n3\nIGEL\n",
    "mask.txt": "a#\n",
    "bad.json": "{}\n",
    "damaged.json": '{"format": "wortsuche-puzzle", "format_version": 1, "rows": 0}\n',
    "broken.json": "{x\n",
    "grid.txt": "ABC\nDEF\nGHI\n",
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "nan.jsonl": '{"puzzle": {}, "finds": [{"word": "IGEL", "at": 1, "hints": NaN}]}\n',
    "hints.jsonl": '{"puzzle": {}, "finds": [{"word": "IGEL", "at": 1, "hints": []}]}\n',
    "model.json": '{"version": 1, "scan_cost": 0, "direction_costs": {}}\n',
}

BAD_INPUTS: list[tuple[list[str], str | None, str]] = [
    # (arguments, standard input, a part of the English message)
    (["generate", "tiere.txt", "--per-page", "2"], None, "--per-page lays out pages"),
    (["generate", "tiere.txt", "--versions", "2"], None, "--versions lays out pages"),
    (["generate", "tiere.txt", "--count", "3"], None, "--count draws words from a --theme"),
    (["generate", "IGEL", "--theme", "animals"], None, "give either words or --theme"),
    (["generate", "--theme", "xyz"], None, "unknown theme 'xyz'"),
    (["generate", "--theme", "animals", "--count", "999"], None, "--count must be from 1 to"),
    (["generate", "IGEL", "--directions", "q"], None, "unknown direction 'q'"),
    (["generate", "count.txt"], None, "count.txt, line 2: expected the number of words"),
    (["generate", "size.txt"], None, "size.txt, line 1: size '# x' is not ROWSxCOLS"),
    (["generate", "tiere.txt", "-o", "x.foo"], None, "cannot tell the format of 'x.foo'"),
    (["generate", "tiere.txt", "-o", "x.html", "--answers"], None, "--answers does not apply"),
    (["generate", "tiere.txt", "--format", "bmp"], None, "unknown format 'bmp'"),
    (["generate", "empty.txt"], None, "empty.txt is empty"),
    (["generate", "IGEL", "-o", "nonexist/x.txt"], None, "nonexist is not an existing folder"),
    (["generate", "IGEL="], None, "the command line: "),
    (["generate", "-"], "IGEL=\n", "standard input: "),
    (["generate", "-"], "", "standard input is empty"),
    (["generate", "IGEL", "--size", "0"], None, "--size '0': rows must be at least 1"),
    (["generate", "IGEL", "--size", "3x"], None, "--size '3x' is not ROWSxCOLS"),
    (["generate", "IGEL", "--effort", "0"], None, "must be a number above 0"),
    (["generate", "IGEL", "--mask", "mask.txt"], None, "is neither a cell (#) nor a hole"),
    (["generate", "tiere.txt", "--nearest"], None, "--nearest and --model go with"),
    (["generate", "IGEL", "--size", "4", "--difficulty", "200"], None, "is out of reach"),
    (["book", "tiere.txt", "-o", "x.docx"], None, "a book is a PDF or a .jsonl file"),
    (["book", "-o", "x.jsonl"], None, "give word lists (WORDS.txt) or --theme NAME"),
    (["solve", "grid.txt", "tiere.txt", "--words", "ABC"], None, "give the words either as"),
    (["check", "bad.json"], None, "not a wortsuche puzzle"),
    (["check", "damaged.json"], None, "incomplete or damaged"),
    (["check", "broken.json"], None, "not valid JSON"),
    (["rate", "grid.txt", "tiere.txt", "--model", "deep.json"], None, "nested too deeply"),
    (["rate", "grid.txt", "tiere.txt", "--model", "model.json"], None, "must be a number above 0"),
    (["calibrate", "deep.json"], None, "nested too deeply"),
    (["calibrate", "nan.jsonl"], None, "must be a finite number"),
    (["calibrate", "hints.jsonl"], None, "must be a whole number"),
]

ENGLISH_MARKERS = (
    " the ", " is ", " not ", "line ", "expected", "unknown", "give ", "standard input",
    "command line", " must ", " seconds", " cannot ",
)  # fmt: skip
"""Words that show an English sentence (or part of one) inside a German message."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def in_locale(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", lang)


def case_id(case: tuple[list[str], str | None, str]) -> str:
    arguments, stdin, _ = case
    return " ".join(arguments) + (f" <{stdin!r}" if stdin is not None else "")


@pytest.mark.parametrize("case", BAD_INPUTS, ids=case_id)
def test_a_mistake_is_one_german_line_under_a_german_locale(
    case: tuple[list[str], str | None, str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arguments, stdin, _ = case
    in_locale(monkeypatch, "de_DE.UTF-8")
    result = run(*arguments, stdin=stdin, cwd=folder)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    (line,) = lines
    assert line.startswith("wortsuche: Fehler: "), line
    english = [marker for marker in ENGLISH_MARKERS if marker in line]
    assert not english, f"{line!r} holds {english}"


@pytest.mark.parametrize("case", BAD_INPUTS, ids=case_id)
def test_the_same_mistake_is_said_in_english_elsewhere(
    case: tuple[list[str], str | None, str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arguments, stdin, english = case
    in_locale(monkeypatch, "en_US.UTF-8")
    result = run(*arguments, stdin=stdin, cwd=folder)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("wortsuche: error: "), result.stderr
    assert english in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_time_limit_of_one_second_is_singular_in_both_languages() -> None:
    budget = Budget(timeout=1)
    budget.deadline = time.monotonic() - 1
    with pytest.raises(GenerationTimeout) as raised:
        budget.check_time()
    assert "longer than 1 second (the time limit)" in str(raised.value)
    german = translator("de").error(raised.value)
    assert "länger als 1 Sekunde (die Zeitgrenze)" in german
    budget = Budget(timeout=2.5)
    budget.deadline = time.monotonic() - 1
    with pytest.raises(GenerationTimeout) as raised:
        budget.check_time()
    assert "2.5 seconds" in str(raised.value)
    assert "2,5 Sekunden" in translator("de").error(raised.value)


def test_the_difficulty_target_takes_the_decimal_comma(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_locale(monkeypatch, "de_DE.UTF-8")
    result = run("generate", "tiere.txt", "--difficulty", "0.6", "--seed", "1", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "für das Ziel 0,6" in result.stderr or "am Ziel 0,6" in result.stderr
    assert "0.6" not in result.stderr


USER_ERRORS = frozenset(
    {
        "UserError",
        "InputError",
        "PuzzleFormatError",
        "DoesNotFitError",
        "BudgetExhausted",
        "GenerationTimeout",
    }
)


def package_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def unnamed_errors(path: Path) -> list[str]:
    """The user errors made in ``path`` without a catalogue entry, or with a ``where`` value
    (the name :meth:`~wortsuche.i18n.Translator.say` keeps for the "(line N)" after a word).

    The entry is named by ``key=`` or, for a :class:`~wortsuche.errors.DoesNotFitError`, by its
    message being a :class:`~wortsuche.notes.Note` made there with ``key=``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name not in USER_ERRORS:
            continue
        keywords = {keyword.arg: keyword.value for keyword in node.keywords}
        message = node.args[0] if node.args else None
        if isinstance(message, ast.Call) and getattr(message.func, "id", "") == "Note":
            keywords |= {keyword.arg: keyword.value for keyword in message.keywords}
        values = keywords.get("values")
        if "key" not in keywords and None not in keywords:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
        elif isinstance(values, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value == "where" for k in values.keys
        ):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} (a value named where)")
    return found


def test_every_user_error_names_its_catalogue_entry() -> None:
    """What a teacher or book maker can get wrong is said in their language: every user error
    the package makes (command line, words, options, books, sheets) has a ``key``."""
    files = package_files()
    assert len(files) > 100
    unnamed = [site for path in files for site in unnamed_errors(path)]
    assert unnamed == [], "give each a key= and values= (and both catalogues the entry)"


def test_every_entry_a_message_names_is_in_both_catalogues() -> None:
    named = set()
    for path in package_files():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            value = node.value if isinstance(node, ast.keyword) and node.arg == "key" else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                named.add(value.value)
    assert len(named) > 150
    for language in i18n.LANGUAGES:
        known = set(i18n.message_ids(language))
        assert named - known == set(), language


def test_a_message_with_a_number_has_plural_forms() -> None:
    """``number=`` picks a plural form: the entry it names must have them (1 Sekunde, 2 Sekunden)."""
    counted = set()
    for path in package_files():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            keywords = {k.arg: k.value for k in node.keywords} if isinstance(node, ast.Call) else {}
            key = keywords.get("key")
            if "number" in keywords and isinstance(key, ast.Constant):
                counted.add(key.value)
    assert {"error.time-limit", "note.short-list", "note.versions-seeds"} <= counted
    for language in i18n.LANGUAGES:
        assert counted - i18n.plural_ids(language) == set(), language


def test_check_and_solve_report_in_the_command_lines_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a report is read by a person too: every line of it, problems included, in German
    made = run("generate", "Hund", "Katze", "Maus", "--seed", "1", "-o", tmp_path / "p.json")
    assert made.returncode == 0, made.stderr
    grid = run("generate", "Hund", "Katze", "Maus", "--seed", "1", "-o", tmp_path / "s.txt")
    assert grid.returncode == 0, grid.stderr
    (tmp_path / "more.txt").write_text("Hund\nWolf\n", encoding="utf-8")
    in_locale(monkeypatch, "de_DE.UTF-8")
    checked = run("check", tmp_path / "p.json")
    assert checked.returncode == 0
    assert "OK: jedes der 3 Wörter steht genau einmal im Gitter." in checked.stdout
    assert "Zeile " in checked.stdout and "Schwierigkeit " in checked.stdout
    solved = run("solve", tmp_path / "s.txt", tmp_path / "more.txt")
    rated = run("rate", tmp_path / "p.json")
    assert rated.returncode == 0 and rated.stdout.startswith("Schwierigkeit ")
    assert "Minuten für Erwachsene (Modell)" in rated.stdout and "falsche Spuren" in rated.stdout
    assert solved.returncode == 1
    assert "nicht gefunden" in solved.stdout and "1 Problem:" in solved.stdout
    assert "WOLF: nicht im Gitter gefunden" in solved.stdout
    for line in (
        *checked.stdout.splitlines(),
        *solved.stdout.splitlines(),
        *rated.stdout.splitlines(),
    ):
        english = [
            marker for marker in (*ENGLISH_MARKERS, "row ", "found", "problem") if marker in line
        ]
        assert not english, f"{line!r} holds {english}"
    in_locale(monkeypatch, "en_US.UTF-8")
    solved = run("solve", tmp_path / "s.txt", tmp_path / "more.txt")
    assert "1 problem:" in solved.stdout and "WOLF: not found in the grid" in solved.stdout


def test_preflight_names_each_broken_rule_in_the_command_lines_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fpdf import FPDF

    pdf = FPDF(unit="in", format=(6, 9))
    pdf.set_font("Helvetica", size=12)  # a font the PDF names but does not carry
    for _ in range(25):  # an odd count, a letter in the gutter and the top margin on every page
        pdf.add_page()
        pdf.set_xy(0.05, 0.05)
        pdf.cell(1, 0.3, "X")
    pdf.output(str(tmp_path / "bad.pdf"))
    in_locale(monkeypatch, "de_DE.UTF-8")
    checked = run("preflight", tmp_path / "bad.pdf", "--trim", "6x9")
    assert checked.returncode == 1
    lines = checked.stdout.splitlines()
    assert any(
        "25 Seiten: ein gedrucktes Buch hat eine gerade Seitenzahl" in line for line in lines
    )
    assert any(
        "Seite 1: 'X' ragt 0,286 Zoll in den inneren Rand (Bundsteg)" in line for line in lines
    )
    assert any("die Schrift Helvetica ist nicht eingebettet" in line for line in lines)
    for line in lines:
        english = [
            m for m in (*ENGLISH_MARKERS, "page ", "reaches", "margin", " in into") if m in line
        ]
        assert not english, f"{line!r} holds {english}"
    in_locale(monkeypatch, "en_US.UTF-8")
    checked = run("preflight", tmp_path / "bad.pdf", "--trim", "6x9")
    assert "page 1: 'X' reaches 0.286 in into the inside margin (gutter)" in checked.stdout


@pytest.mark.parametrize(
    "options",
    [["--level", "easy", "--seed", "3"], ["--filler", "unused", "--seed", "1"]],
    ids=["easy: many first and last letters", "filler unused: few unused letters"],
)
def test_the_fillers_notes_are_german_under_a_german_locale(
    options: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """worte4's 77 words begin or end with 25 letters and leave 2 unused: the filler says what
    it did instead, in the reader's language."""
    in_locale(monkeypatch, "de_DE.UTF-8")
    worte4 = str(Path(__file__).parent.parent / "examples" / "bwinf" / "worte4.txt")
    result = run("generate", worte4, *options)
    assert result.returncode == 0, result.stderr
    assert "Füllbuchstaben" in result.stderr
    english = [m for m in (*ENGLISH_MARKERS, "filler", "letters") if m in result.stderr]
    assert not english, result.stderr


def test_a_note_on_the_secret_words_is_german_under_a_german_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_locale(monkeypatch, "de_DE.UTF-8")
    result = run("generate", "Hund", "Katze", "Maus", "--secret", "Fuchs,fuchs", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "geheime Wörter: doppeltes Wort „fuchs“ entfernt (wie „Fuchs“)" in result.stderr
    assert "secret" not in result.stderr


def test_a_level_may_be_named_as_german_sheets_name_it(monkeypatch: pytest.MonkeyPatch) -> None:
    in_locale(monkeypatch, "de_DE.UTF-8")
    for german, level in (("leicht", "easy"), ("Mittel", "medium"), ("schwer", "hard")):
        result = run(
            "generate", "Hund", "Katze", "--level", german, "--seed", "1", "--format", "json"
        )
        assert result.returncode == 0, result.stderr
        assert f'"level": "{level}"' in result.stdout
    refused = run("generate", "Hund", "Katze", "--seed", "abc")
    assert refused.stderr == "wortsuche: Fehler: Argument --seed: „abc“ ist keine gültige Zahl\n"


def test_the_german_level_names_are_the_sheets() -> None:
    german = translator("de")
    assert {german.t(f"level.{level}"): level for level in LEVELS} == LEVEL_ALIASES


def test_a_cover_under_one_percent_is_said_in_tenths(monkeypatch: pytest.MonkeyPatch) -> None:
    worte5 = str(Path(__file__).parent.parent / "examples" / "bwinf" / "worte5.txt")
    in_locale(monkeypatch, "de_DE.UTF-8")
    german = run("generate", worte5, "--level", "evil", "--seed", "1")
    assert "die Wörter bedecken 0,3 % der Felder" in german.stderr  # 3 of 900, not "0 %"
    in_locale(monkeypatch, "en_US.UTF-8")
    assert "the words cover 0.3% of the cells" in run("generate", worte5, "--seed", "1").stderr

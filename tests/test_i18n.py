"""The catalogue: every text in German and English, the compiled files in step with their sources."""

from __future__ import annotations

import gettext
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from wortsuche import i18n
from wortsuche.i18n import LANGUAGES, resolve_language, translator, words_language

LOCALE = Path(i18n.__file__).parent / "locale"


def po_messages(language: str) -> dict[str, tuple[str, ...]]:
    """The messages of a language's .po source: id → its forms (one, or one per plural form)."""
    with open(LOCALE / language / "LC_MESSAGES" / "wortsuche.po", "rb") as source:
        catalog = read_po(source)
    messages = {}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        messages[str(msgid)] = tuple(forms)
    return messages


def mo_messages(language: str) -> dict[str, tuple[str, ...]]:
    """The messages of the committed .mo file, read by the standard library as at run time."""
    with open(LOCALE / language / "LC_MESSAGES" / "wortsuche.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    forms: dict[str, dict[int, str]] = {}
    for key, text in catalogue._catalog.items():  # type: ignore[attr-defined]
        msgid, index = key if isinstance(key, tuple) else (key, 0)
        if msgid:
            forms.setdefault(msgid, {})[index] = text
    return {msgid: tuple(f[i] for i in sorted(f)) for msgid, f in forms.items()}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_files_are_the_compiled_po_sources(language: str) -> None:
    assert mo_messages(language) == po_messages(language), (
        "run: pybabel compile -d src/wortsuche/locale -D wortsuche"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_message_with_the_same_fields(language: str) -> None:
    english, other = po_messages("en"), po_messages(language)
    assert other.keys() == english.keys()
    for msgid, forms in other.items():
        assert all(form.strip() for form in forms), f"{language}: {msgid} is empty"
        # The singular may leave out {count} ("Find the word ..."), an error the name of the list
        # it is in (the web app's list has none a reader would know); never any other field.
        optional = {"count", "name"}
        wanted = set().union(*(fields(f) for f in english[msgid])) - optional
        for form in forms:
            assert fields(form) - optional == wanted, f"{language}: {msgid}: {form!r}"
            assert fields(form) <= wanted | optional, f"{language}: {msgid}: {form!r}"


def test_every_message_an_error_names_is_in_the_catalogue() -> None:
    """``key="error.…"`` and ``key="api.…"`` in the code name messages that exist."""
    source = Path(i18n.__file__).parent
    named = {
        key
        for path in source.rglob("*.py")
        for key in re.findall(r'key=f?"((?:error|api)\.[a-z{}-]+)"', path.read_text("utf-8"))
    }
    named = {k.replace("{field}", f) for k in named for f in ("rows", "cols")} | named
    named = {k for k in named if "{" not in k}
    assert len(named) > 20
    for language in LANGUAGES:
        missing = named - set(po_messages(language))
        assert not missing, f"{language}: {sorted(missing)}"


def test_german_texts_use_german_quotes_and_letters() -> None:
    for msgid, forms in po_messages("de").items():
        for form in forms:
            assert '"' not in form, f"{msgid}: German quotes are „…“"
            assert form.count("„") == form.count("“"), f"{msgid}: „ opens, “ closes"
    de = translator("de")
    assert de.n("game.found", 3, word="KATZE") == "„KATZE“ gefunden! Noch 3 Wörter."
    assert de.t("sheet.answers") == "Lösung"
    assert de.t("book.contents") == "Inhalt"
    assert [de.t(f"level.{name}") for name in ("easy", "medium", "hard", "evil")] == [
        "leicht",
        "mittel",
        "schwer",
        "teuflisch",
    ]


def test_plural_forms_follow_the_count() -> None:
    en, de = translator("en"), translator("de")
    assert en.n("sheet.find-below", 1) == "Find the word below in the grid."
    assert en.n("sheet.find-below", 20) == "Find the 20 words below in the grid."
    assert de.n("sheet.find-below", 20) == "Finde die 20 Wörter aus der Liste unten im Gitter."
    assert de.n("sheet.hidden", 1) == "Im Gitter ist ein Wort versteckt."


def test_numbers_take_the_language_decimal_mark() -> None:
    assert translator("de").decimal(2.45) == "2,5" and translator("en").decimal(2.45) == "2.5"
    assert translator("de").decimal(12, places=2) == "12,00"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        translator("fr")
    with pytest.raises(ValueError, match="fr"):
        resolve_language("fr", [])


GERMAN = "Elefant Giraffe Affe Zebra Tiger Krokodil Nilpferd Kaenguru Schildkroete Eichhoernchen"
ENGLISH = "elephant giraffe monkey zebra lion tiger crocodile hippopotamus kangaroo"


def test_auto_follows_the_words_where_they_are_clear(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.setenv(variable, "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert resolve_language("auto", ENGLISH.split()) == "en"
    assert resolve_language("auto", ["Straße"]) == "de"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert resolve_language("auto", GERMAN.split()) == "de"
    assert resolve_language("auto", ["Müll"]) == "de"
    assert resolve_language("en", ["Müll"]) == "en"
    assert words_language(["VOR", "RAD", "EVA", "TORF"]) is None


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_unclear_words_follow_the_system_language_else_english(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert resolve_language("auto", ["VOR", "RAD", "EVA", "TORF"]) == expected


@given(st.lists(st.text(min_size=1, max_size=12), max_size=30))
def test_auto_always_gives_one_of_the_languages(words: list[str]) -> None:
    assert resolve_language("auto", words) in LANGUAGES
    if any(ch in "äöüßÄÖÜẞ" for word in words for ch in word):
        assert resolve_language("auto", words) == "de"


PLURALS = sorted(msgid for msgid, forms in po_messages("en").items() if len(forms) > 1)
PLURAL_FIELDS = {
    msgid: set().union(*(fields(form) for form in po_messages("en")[msgid])) - {"count"}
    for msgid in PLURALS
}


@given(st.sampled_from(LANGUAGES), st.sampled_from(PLURALS), st.integers(0, 10**6))
def test_every_plural_form_fills_in_for_any_count(language: str, msgid: str, count: int) -> None:
    text = translator(language).n(msgid, count, **{name: "KATZE" for name in PLURAL_FIELDS[msgid]})
    assert "{" not in text
    if count != 1 and "{count}" in translator("en").template(msgid, 2):
        assert str(count) in text


def test_an_error_is_said_in_the_readers_language_with_its_line_and_its_source() -> None:
    from wortsuche.errors import InputError, WortsucheError
    from wortsuche.words.source import parse_words

    source = parse_words("Torf\n\nR2D2\n", name="tiere.txt")
    with pytest.raises(InputError) as raised:
        source.words()
    assert translator("en").error(raised.value) == str(raised.value)
    assert str(raised.value) == "tiere.txt: word 'R2D2' (line 3) contains a digit"
    assert translator("de").error(raised.value) == "tiere.txt: „R2D2“ (Zeile 3) enthält eine Ziffer"
    # an error without a catalogue entry is said as raised
    assert translator("de").error(WortsucheError("disk full")) == "disk full"


@pytest.mark.parametrize(
    ("words", "language"),
    [
        ("LION TIGER ZEBRA GIRAFFE", "en"),
        ("Hund Katze Maus Pferd Vogel Fisch", "de"),
        ("Apfel Birne Kirsche", "de"),
        ("apple pear cherry", "en"),
        ("TIGER ZEBRA GIRAFFE", None),  # the same in both languages
        ("Hund Katze", None),  # too short to say
        ("dog cat", None),
        # one word known only in German (KIND, CAFÉ) among words known in neither: not clear,
        # so an English teacher's system language decides (it made German sheets)
        ("kind rose wind hunt gift fast", None),
        ("café o'clock T-shirt house", None),
    ],
)
def test_known_words_say_the_language_of_a_list_without_umlauts(
    words: str, language: str | None
) -> None:
    assert words_language(words.split()) == language


def test_a_teacher_reads_one_finder_in_the_singular_on_the_page_and_the_pdf() -> None:
    from wortsuche.i18n import translator
    from wortsuche.render.template import catalogue_values

    german = translator("de")
    assert german.n("js.teacher-found-by", 1, found=1, pupils=4) == "1 von 4 hat es gefunden"
    assert german.n("js.teacher-found-by", 3, found=3, pupils=4) == "3 von 4 haben es gefunden"
    page = json.loads(catalogue_values(german)["texts"])
    assert page["teacher-found-by#one"] == "{found} von {pupils} hat es gefunden"
    assert page["teacher-found-by"] == "{found} von {pupils} haben es gefunden"


def plain_votes(words: list[str]) -> dict[str | None, int]:
    """known_votes as first written: each word looked up in each language's known words."""
    known = i18n._known_words()
    votes: dict[str | None, int] = dict.fromkeys(LANGUAGES, 0)
    for word in words:
        holders = [x for x in LANGUAGES if word.strip().upper() in known[x]]
        if len(holders) == 1:
            votes[holders[0]] += 1
        elif not holders:
            votes[None] = votes.get(None, 0) + 1
    return votes


def plain_score(pairs: list[str]) -> float:
    """The letter pairs' lean to German as first written: both tables asked for each pair."""
    tables = i18n._bigrams()
    return sum(
        tables["de"].get(p, tables["de"]["?"]) - tables["en"].get(p, tables["en"]["?"])
        for p in pairs
    )


KNOWN = sorted(i18n._known_words()["de"] | i18n._known_words()["en"])[::97]


@given(st.lists(st.one_of(st.sampled_from(KNOWN), st.text("aeinrstAQXZ", min_size=1)), max_size=30))
def test_the_votes_and_the_pairs_lean_as_asked_word_by_word_and_pair_by_pair(
    words: list[str],
) -> None:
    """One look-up a word and a pair, made once: the same votes, the same sum to the last bit."""
    assert dict(i18n.known_votes(words)) == plain_votes(words)
    pairs = [a + b for w in words for a, b in zip("^" + w.upper(), w.upper() + "$", strict=True)]
    leaning, unknown = i18n._bigram_leaning()
    assert sum(leaning.get(p, unknown) for p in pairs) == plain_score(pairs)

"""``wortsuche themes``: list the themed word lists, or print one."""

from __future__ import annotations

import argparse

from wortsuche.cli.interface import texts
from wortsuche.words.themes import THEME_LANGUAGES, load_theme, themes, themes_for_grade


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``themes``."""
    parser = subparsers.add_parser(
        "themes",
        help="list the themed word lists",
        description="List the themed word lists (use one with generate --theme NAME), "
        "or print the words of one theme.",
    )
    parser.add_argument("name", nargs="?", help="print this theme's words, one a line")
    parser.add_argument(
        "--language",
        choices=THEME_LANGUAGES,
        help="the language to list or print (default: both / auto)",
    )
    parser.add_argument(
        "--grade",
        type=int,
        metavar="N",
        help="only the themes for this school year (1 to 4: Klasse 1 to 4)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the list, or one theme."""
    if args.name:
        theme = load_theme(args.name, args.language or "auto")
        print(f"# {theme.title}")
        print("\n".join(theme.words))
        return 0
    # the reader's language first (its titles are the ones they know)
    mine = texts().language
    both = sorted(THEME_LANGUAGES, key=lambda language: language != mine)
    languages = [args.language] if args.language else both
    chosen = set(themes_for_grade(args.grade)) if args.grade is not None else None
    lists = {
        language: [t for t in themes(language) if chosen is None or t.name in chosen]
        for language in languages
    }
    cells = {
        lang: [f"{theme.title} ({len(theme.words)})" for theme in lists[lang]] for lang in languages
    }
    widths = {lang: max(map(len, column)) for lang, column in cells.items()}
    width = max(len(t.name) for t in lists[languages[0]])
    for i, theme in enumerate(lists[languages[0]]):
        titles = "   ".join(f"{cells[lang][i]:<{widths[lang]}}" for lang in languages)
        print(f"{theme.name:<{width}}   {titles}".rstrip())
    return 0

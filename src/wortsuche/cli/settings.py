"""Defaults a teacher sets once: from ``WORTSUCHE_*`` environment variables or a config file.

The file is ``$XDG_CONFIG_HOME/wortsuche/config.toml`` (``~/.config/wortsuche/config.toml``
when ``XDG_CONFIG_HOME`` is not set)::

    language = "de"
    eszett = "auto"
    paper = "a4"
    case = "lower"
    font = "school"
    name_line = true

A flag on the command line wins over the environment, the environment over the file, the
file over wortsuche's own default. A bad value is refused in one line that names where it
came from. ``wortsuche config`` shows every setting in force and its source.

>>> SETTINGS["paper"].read("letter", "WORTSUCHE_PAPER")
'letter'
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wortsuche.errors import InputError, unreadable
from wortsuche.i18n import LANGUAGES
from wortsuche.limits import MAX_INPUT_BYTES
from wortsuche.render.options import FONTS
from wortsuche.words.normalise import ESZETT

ENV_PREFIX = "WORTSUCHE_"
"""An environment variable ``WORTSUCHE_<NAME>`` sets the setting ``<name>``."""

TRUE, FALSE = ("true", "yes", "on", "1", "ja"), ("false", "no", "off", "0", "nein")
"""How an environment variable says yes or no."""


@dataclass(frozen=True)
class Setting:
    """One default that can be set once: its name, the values it takes and its own default."""

    name: str
    default: Any
    choices: tuple[str, ...] = ()
    kind: str = "choice"
    """``choice`` (one of ``choices``), ``text``, or ``yes/no``."""
    flag: str = ""
    """The command-line flag that overrides it."""

    @property
    def variable(self) -> str:
        """The environment variable that sets it."""
        return ENV_PREFIX + self.name.upper()

    def read(self, value: object, source: str) -> Any:
        """``value`` checked (from an environment variable, text; from the file, TOML's types)."""
        if self.kind == "yes/no":
            return _yes_no(value, self.name, source)
        if not isinstance(value, str) or not value.strip():
            raise InputError(
                f"{source}: {self.name} must be text, not {value!r}",
                key="error.setting-text",
                values={"source": source, "name": self.name, "value": repr(value)},
            )
        value = value.strip()
        if self.choices and value not in self.choices:
            raise InputError(
                f"{source}: {self.name} = {value!r} is not one of {', '.join(self.choices)}",
                key="error.setting-choice",
                values={
                    "source": source,
                    "name": self.name,
                    "value": value,
                    "choices": ", ".join(self.choices),
                },
            )
        return value


def _yes_no(value: object, name: str, source: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE + FALSE:
        return value.strip().lower() in TRUE
    raise InputError(
        f"{source}: {name} must be true or false, not {value!r}",
        key="error.setting-yes-no",
        values={"source": source, "name": name, "value": repr(value)},
    )


SETTINGS: dict[str, Setting] = {
    setting.name: setting
    for setting in (
        Setting("language", "auto", ("auto", *LANGUAGES), flag="--language"),
        Setting("eszett", "auto", ESZETT, flag="--eszett"),
        Setting("paper", "a4", ("a4", "letter"), flag="--paper"),
        Setting("case", "upper", ("upper", "lower"), flag="--lowercase / --uppercase"),
        Setting("font", "standard", FONTS, flag="--font"),
        Setting("name_line", True, kind="yes/no", flag="--no-name-line"),
    )
}
"""Every setting, in the order ``wortsuche config`` shows them."""


@dataclass(frozen=True)
class InForce:
    """A setting's value and where it came from: ``default``, ``file`` or ``environment``."""

    value: Any
    origin: str
    source: str = ""
    """The file or the variable it was read from."""


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the config file is: under ``XDG_CONFIG_HOME``, else ``~/.config``."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "wortsuche" / "config.toml"


def settings_in_force(environ: Mapping[str, str] | None = None) -> dict[str, InForce]:
    """Every setting's value: from the environment, else the file, else the default."""
    environ = os.environ if environ is None else environ
    path = config_path(environ)
    written = _read_file(path)
    found: dict[str, InForce] = {}
    for name, setting in SETTINGS.items():
        variable = setting.variable
        if environ.get(variable, "") != "":
            found[name] = InForce(
                setting.read(environ[variable], variable), "environment", variable
            )
        elif name in written:
            found[name] = InForce(setting.read(written[name], str(path)), "file", str(path))
        else:
            found[name] = InForce(setting.default, "default")
    return found


def _read_file(path: Path) -> dict[str, Any]:
    """The settings the file holds (none if there is no file), every key one we know."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise unreadable(path, error) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            f"{path} is too large (more than {MAX_INPUT_BYTES} bytes)",
            key="error.config-too-large",
            values={"path": str(path), "most": MAX_INPUT_BYTES},
        )
    try:
        written = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as error:
        # tomllib reads nested arrays and tables by recursion: too deep is a file not to read
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise InputError(
            f"{path}: not a valid TOML file ({reason})",
            key="error.config-toml",
            values={"path": str(path), "reason": reason},
        ) from None
    unknown = sorted(set(written) - set(SETTINGS))
    if unknown:
        raise InputError(
            f"{path}: unknown setting {unknown[0]!r}; known: {', '.join(SETTINGS)}",
            key="error.config-unknown",
            values={"path": str(path), "name": unknown[0], "known": ", ".join(SETTINGS)},
        )
    return written


APPLY: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "language": ("language", lambda value: None if value == "auto" else value),
    "eszett": ("eszett", lambda value: value),
    "paper": ("paper", lambda value: value),
    "case": ("lowercase", lambda value: value == "lower"),
}
"""Settings that are defaults of a flag: the flag's ``dest``, and the value it takes."""


SHEET_COMMANDS = ("generate", "book", "render")
"""The commands that make sheets, and so take these defaults."""


def apply_settings(args: argparse.Namespace) -> None:
    """Fill in every flag of a sheet command that was not given (None) from the settings in
    force; other commands read nothing (a broken config file does not stop them)."""
    if getattr(args, "command", None) not in SHEET_COMMANDS:
        return
    open_flags = [name for name, (dest, _) in APPLY.items() if getattr(args, dest, False) is None]
    if not open_flags and not _render_fields_open(args):
        return
    found = settings_in_force()
    for name in open_flags:
        dest, convert = APPLY[name]
        if found[name].origin != "default":
            setattr(args, dest, convert(found[name].value))
    args.settings = found


def _render_fields_open(args: argparse.Namespace) -> bool:
    return any(getattr(args, name, False) is None for name in render_settings_fields())


def render_settings_fields() -> tuple[str, ...]:
    """The settings that are fields of :class:`~wortsuche.render.options.RenderOptions` in this
    version (``font``, ``name_line``): only those are passed on to the sheet."""
    from wortsuche.render.options import RenderOptions

    known = {field.name for field in dataclasses.fields(RenderOptions)}
    return tuple(name for name in ("font", "name_line") if name in known)


def render_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The sheet options the settings give where no flag did (``font``, ``name_line``)."""
    found: dict[str, InForce] | None = getattr(args, "settings", None)
    if found is None:
        return {}
    return {
        name: found[name].value
        for name in render_settings_fields()
        if getattr(args, name, None) is None and found[name].origin != "default"
    }

"""The npm package a picture build draws from: one the caller unpacked, or fetched with ``npm pack``.

Shared by ``tools/build_emoji.py`` (Noto Emoji) and ``tools/build_pictures.py`` (Material Design
Icons), which differ only in the package they ask for.
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path


def unpacked(package: Path | None, folder: Path, npm_package: str) -> Path:
    """The folder of ``npm_package`` (``name@version``): ``package`` if given, else fetched with
    ``npm pack`` and unpacked into ``folder``."""
    if package is not None:
        return package
    subprocess.run(["npm", "pack", npm_package], cwd=folder, check=True, capture_output=True)
    (archive,) = folder.glob("*.tgz")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"

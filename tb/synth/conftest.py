# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the synthesis-tooling tests: a copy of rtl/ to edit, and the edit."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aeshw.paths import RTL


@pytest.fixture
def rtl(tmp_path) -> Path:
    """A copy of rtl/ to edit."""
    return Path(shutil.copytree(RTL, tmp_path / "rtl"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


@pytest.fixture
def edit():
    """edit(path, old, new): replaces the first `old` in the file (which must hold it)."""
    return _edit

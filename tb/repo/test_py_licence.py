# SPDX-License-Identifier: Apache-2.0
"""The licence is declared once and every source file says so (issue 15, item 5).

LICENSE is the Apache License 2.0 that pyproject.toml declares, and every source file the
repository tracks (RTL, testbenches, Python, C++, formal scripts, file lists, build files)
carries `SPDX-License-Identifier: Apache-2.0` in its first three lines. Data (JSON results,
logs, images) and prose (Markdown) carry none.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TAG = "SPDX-License-Identifier: Apache-2.0"
SOURCE_SUFFIXES = {".v", ".sv", ".cpp", ".h", ".c", ".py", ".sby", ".f", ".toml", ".rdl"}
SOURCE_NAMES = {"Makefile", ".ci/run", "aes_hw.core", "requirements.txt", ".gitignore"}


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def is_source(rel: str) -> bool:
    return rel in SOURCE_NAMES or Path(rel).suffix in SOURCE_SUFFIXES


def test_licence_file_is_the_declared_one():
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert 'license = "Apache-2.0"' in (ROOT / "pyproject.toml").read_text()


def test_every_source_file_has_an_spdx_line():
    files = [f for f in tracked() if is_source(f)]
    assert len(files) > 100, f"only {len(files)} source files found: is this a git checkout?"
    missing = [f for f in files if TAG not in "\n".join((ROOT / f).read_text().splitlines()[:3])]
    assert not missing, f"no '{TAG}' in the first three lines of: {missing}"

# SPDX-License-Identifier: Apache-2.0
"""Stored results and docs carry no path of the machine that produced them (issue 15,
item 7): build directories and liberty files are written relative to the repository, or
by file name. An absolute path in a tracked text file under docs/, or in README.md, fails."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# an absolute path into a home, temp, build-farm or mount directory
ABSOLUTE = re.compile(r"(?<![\w.])/(?:home|root|tmp|work|mnt|opt|usr/local|var/tmp|Users)/[\w.-]+")


def tracked_docs() -> list[str]:
    out = subprocess.run(["git", "ls-files", "docs", "README.md"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return [f for f in out if Path(f).suffix in {".md", ".json", ".xml", ".txt", ""}]


def test_no_absolute_machine_paths():
    files = tracked_docs()
    assert len(files) > 20, f"only {len(files)} files under docs/: is this a git checkout?"
    hits = []
    for rel in files:
        for n, line in enumerate((ROOT / rel).read_text(errors="replace").splitlines(), 1):
            m = ABSOLUTE.search(line)
            if m:
                hits.append(f"{rel}:{n}: {m.group(0)}")
    assert not hits, "machine paths in stored docs/results:\n" + "\n".join(hits[:20])

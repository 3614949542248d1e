# SPDX-License-Identifier: Apache-2.0
"""Give stored results measured before `rtl_read_sha1` existed their read hash
(`python -m aeshw.report.read_hashes [NAME ...]`).

For each row with a clean `git_head` and no `rtl_read_sha1`: that commit's rtl/ is taken from
git, its staged sources must hash to the row's own `rtl_sha1` (so these are the files the row
measured; a row whose files do not match is left alone), and the read hash is computed from
them with the defines of the row's stored Yosys script. Only `defines` and `rtl_read_sha1` are
added; no figure changes.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from ..paths import ROOT
from ..synth.flow import Config, rtl_read_sha1_now, rtl_sha1_now
from ..synth.read_hash import defines_of
from .results import RESULTS


def commit_rtl(commit: str, into: Path) -> Path:
    """rtl/ of `commit`, extracted under `into`."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "rtl"], capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(tar.stdout)) as t:
        t.extractall(into, filter="data")
    return into / "rtl"


def backfill(r: dict, rtl_of) -> str:
    """Adds `defines` and `rtl_read_sha1` to row `r`; returns what was done."""
    head = r.get("git_head") or ""
    if "rtl_read_sha1" in r or not r.get("rtl_sha1") or " " in head or not head:
        return "skipped (has a read hash, no hash, or no clean commit)"
    cfg, rtl = Config(**r["config"]), rtl_of(head)
    if rtl_sha1_now(cfg, rtl) != r["rtl_sha1"]:
        return f"skipped: {head[:7]}'s sources do not hash to the row's rtl_sha1"
    r["defines"] = defines_of(r["scripts"]["synth.ys"])
    r["rtl_read_sha1"] = rtl_read_sha1_now(cfg, r["defines"], rtl)
    return f"read hash of {head[:7]}"


def main(names: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}

        def rtl_of(commit: str) -> Path:
            if commit not in trees:
                trees[commit] = commit_rtl(commit, Path(tmp) / commit)
            return trees[commit]
        for f in sorted(RESULTS.glob("*.json")):
            if names and f.stem not in names:
                continue
            r = json.loads(f.read_text())
            if "config" not in r:       # not a synthesis row (fault campaign, run bench)
                continue
            print(f"{f.stem}: {backfill(r, rtl_of)}")
            f.write_text(json.dumps(r, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

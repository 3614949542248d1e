# SPDX-License-Identifier: Apache-2.0
"""Keep stored results current across RTL edits that do not change what they elaborate
(`python -m aeshw.report.elab_hashes [--jobs N] [row names]`).

For each stored synthesis row (synth/elab_hash for what the hash covers):
- its read hash is today's and it has no `rtl_elab_sha1`: the elaborated netlist's hash is
  computed on today's sources and stored (the row was measured on this text);
- its read hash is not today's and it has an `rtl_elab_sha1`: today's netlist is elaborated;
  if it is the same, today's read hash is added to `rtl_read_sha1_same` (with the commit it
  was checked at), so report/results.stale() counts the row as current. If not, the row is
  left stale: it has to be re-measured (`aeshw sweep --stale`).
Only `rtl_elab_sha1` and `rtl_read_sha1_same` are written; no figure changes.

`--rehash DIR` (after a change to what the hash covers): every row whose sources in DIR (an
rtl/ tree, e.g. `git archive <commit> rtl`) are those it was measured on, or checked the same
as, gets its `rtl_elab_sha1` computed anew there; the other rows are left as they are.
"""
from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..paths import RTL
from ..synth.flow import Config, git_head, rtl_elab_sha1_now, rtl_read_sha1_now, defines_added
from .results import RESULTS


def update(r: dict, head: str, rtl: Path = RTL) -> str:
    """Adds `rtl_elab_sha1` or a `rtl_read_sha1_same` entry to row `r` (today's sources: `rtl`);
    returns what was done."""
    if not r.get("rtl_read_sha1"):
        return "skipped: no read hash (re-measure it)"
    cfg = Config(**r["config"])
    defines, ys = r.get("defines", []), r["scripts"]["synth.ys"]
    if defines_added(cfg, defines):
        return "STALE: the target reads it with a define today that it did not (re-measure it)"
    read_now = rtl_read_sha1_now(cfg, defines, rtl)
    if read_now == r["rtl_read_sha1"] or read_now in (r.get("rtl_read_sha1_same") or {}):
        if r.get("rtl_elab_sha1"):
            return "current"
        r["rtl_elab_sha1"] = rtl_elab_sha1_now(cfg, defines, ys, rtl)
        return "current; elaboration hash recorded"
    if not r.get("rtl_elab_sha1"):
        return "STALE: text changed and no elaboration hash to compare (re-measure it)"
    if rtl_elab_sha1_now(cfg, defines, ys, rtl) != r["rtl_elab_sha1"]:
        return "STALE: it elaborates a different netlist today (re-measure it)"
    r.setdefault("rtl_read_sha1_same", {})[read_now] = head
    return "current: text changed, same elaborated netlist"


def rehash(r: dict, rtl: Path) -> str:
    """`rtl_elab_sha1` of row `r` computed anew on `rtl`, if its sources there are the ones it
    was measured on or checked the same as; returns what was done."""
    if not r.get("rtl_read_sha1"):
        return "skipped: no read hash"
    cfg = Config(**r["config"])
    defines, ys = r.get("defines", []), r["scripts"]["synth.ys"]
    read = rtl_read_sha1_now(cfg, defines, rtl)
    if read != r["rtl_read_sha1"] and read not in (r.get("rtl_read_sha1_same") or {}):
        return "not these sources: left as it was"
    r["rtl_elab_sha1"] = rtl_elab_sha1_now(cfg, defines, ys, rtl)
    return "elaboration hash computed anew"


def _one(path: Path, head: str, at: Path | None = None) -> str:
    r = json.loads(path.read_text())
    try:
        what = rehash(r, at) if at else update(r, head)
    except (OSError, RuntimeError) as e:
        return f"{path.stem}: FAILED ({str(e)[:200]})"
    path.write_text(json.dumps(r, indent=2) + "\n")
    return f"{path.stem}: {what}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m aeshw.report.elab_hashes", description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="row names (default: every stored synthesis row)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rehash", type=Path, metavar="DIR", help="an rtl/ tree (module docstring)")
    args = ap.parse_args(argv)
    rows = [f for f in sorted(RESULTS.glob("*.json")) if "config" in json.loads(f.read_text())
            and (not args.names or f.stem in args.names)]
    head, bad = git_head(), 0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for line in pool.map(_one, rows, [head] * len(rows), [args.rehash] * len(rows)):
            print(line, flush=True)
            bad += "STALE" in line or "FAILED" in line
    print(f"{len(rows)} rows, {bad} stale or failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

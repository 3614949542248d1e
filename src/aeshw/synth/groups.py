# SPDX-License-Identifier: Apache-2.0
"""`aeshw sta-groups`: add the slowest register groups (targets.asic.sta_groups) to stored ASIC
results measured before the flow recorded them, from the netlist of the same run.

A stored result gets them only when its build directory still holds that run: the directory's
result.json names the same sources (rtl_sha1), commit, area and Fmax. The two OpenSTA commands
join the result's commands, their scripts its scripts; the figures it had stay as they were."""
from __future__ import annotations

import json

from ..paths import ROOT
from ..report.results import RESULTS
from . import parse as P
from .flow import CORE_TOP, Runner
from .targets import asic

SAME_RUN = ("rtl_sha1", "git_head", "area_um2", "fmax_mhz")


def _liberty(bdir) -> str | None:
    """The liberty the run staged into its build directory (its name)."""
    libs = sorted(p.name for p in bdir.glob("*.lib"))
    return libs[0] if len(libs) == 1 else None


def add_one(path, verbose: bool = False) -> str:
    """Add the groups to one stored result; the reason when it cannot."""
    r = json.loads(path.read_text())
    if r.get("sta_groups"):
        return "has them"
    if r["config"].get("abc_estimate") or not r.get("sta"):
        return "no OpenSTA run (ABC estimate)"
    bdir = ROOT / r["build_dir"]
    built = bdir / "result.json"
    if not built.exists() or any(json.loads(built.read_text()).get(k) != r.get(k) for k in SAME_RUN):
        return f"{r['build_dir']} no longer holds this run: measure it again"
    lib = _liberty(bdir)
    if not lib:
        return f"no single staged liberty in {r['build_dir']}"
    tu = P.liberty_time_unit_s((bdir / lib).read_text(errors="replace"))
    runner = Runner(bdir, verbose)
    r["sta_groups"] = asic.sta_groups(bdir, CORE_TOP[r["arch"]], runner, asic.find_sta(), lib,
                                      r["config"]["abc_d_ps"] * 1e-12 / tu, tu)
    r["commands"] = r["commands"] + runner.commands
    r["scripts"] = {**r.get("scripts", {}), **{n: (bdir / n).read_text() for n in ("sta_endpoints.tcl", "sta_groups.tcl")}}
    r["runtime_s"] = {**r.get("runtime_s", {}), **runner.times}
    r["sta_groups_added"] = "by `aeshw sta-groups`, on this run's own netlist (build_dir)"
    text = json.dumps(r, indent=2)
    path.write_text(text + "\n")
    built.write_text(text)
    return "added"


def main(args) -> int:
    """Every stored ASIC result (whose name contains --only) without groups gets them."""
    bad = 0
    for path in sorted(RESULTS.glob("asic-*.json")):
        if args.only and args.only not in path.stem:
            continue
        why = add_one(path, args.verbose)
        print(f"{path.name}: {why}", flush=True)
        bad += why not in ("added", "has them")
    from ..report.page import write_page
    write_page()
    return 1 if bad else 0

# SPDX-License-Identifier: Apache-2.0
"""The stored synthesis results (docs/results/*.json): loading, describing, formatting.
Used by the results page, the demo's table and `aeshw run`'s throughput figure."""
from __future__ import annotations

import json

from ..paths import ROOT

DOCS = ROOT / "docs"
RESULTS = DOCS / "results"


def load_results() -> list[dict]:
    out = []
    for p in sorted(RESULTS.glob("*.json")):
        d = json.loads(p.read_text())
        if "target" not in d:          # not a synthesis result (e.g. run_bench.json)
            continue
        d["_file"] = p.name
        out.append(d)
    return out


def fmt(v, nd=1):
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:,.{nd}f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def cfg_desc(r: dict) -> str:
    s = f"{r['arch']}"
    if r["arch"] == "axis" and r["params"].get("FAULT_DETECT"):
        s += " (FAULT_DETECT)"   # first: a table truncating the text still tells the two builds apart
    if r["arch"] == "folded":
        s += f" U={r['u']}"
    s += f", {r['lanes']} lane{'s' if r['lanes'] > 1 else ''}, {r['stages_per_round']} st/round, {r['impl']}, {r['mode']}"
    if r["arch"] in ("pipelined", "axis"):
        s += f", {r['key_mode']}, KEYS={r['keys']}"
    if r["arch"] == "axis":      # the whole IP around a PIPELINED core
        s += ", whole IP, GCM 0" + (", XTS" if r.get("params", {}).get("XTS") else "")
    if r.get("label"):
        s += f" (**{r['label']}**)"
    return s


def sort_key(r):
    return (r["arch"] != "iterative", r["arch"] != "folded", r["lanes"], r["stages_per_round"], r["impl"], r["mode"],
            r.get("params", {}).get("FAULT_DETECT", 0))



def stale(r: dict) -> str:
    """' (older RTL: <commit>)' when the sources this row would stage today differ from the
    ones it measured (its rtl_sha1), else ''. A row without a hash counts as older."""
    from ..synth.flow import Config, rtl_sha1_now      # the flow's own source list
    try:
        now = rtl_sha1_now(Config(**r["config"]))
    except (KeyError, TypeError, ValueError):
        now = None
    if r.get("rtl_sha1") and r["rtl_sha1"] == now:
        return ""
    return f" (**older RTL**: measured at {(r.get('git_head') or '?')[:7]})"


def worst_path(r: dict) -> str:
    """Start and end register of the worst OpenSTA path, with its delay."""
    sta = r.get("sta") or {}
    if not sta.get("start_reg") and not sta.get("end_reg"):
        return "not recorded (measured before paths were named)"
    return f"`{sta.get('start_reg', '?')}` -> `{sta.get('end_reg', '?')}`, {sta['arrival']:.3f} ns"

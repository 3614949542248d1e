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
    s += f", {r['lanes']} lane{'s' if r['lanes'] > 1 else ''}"
    if r.get("params", {}).get("LUT_LANES"):    # lanes of both kinds (aes_core_pipelined LUT_LANES)
        kind = "composite" if r["params"].get("LUT_IMPL") == "COMPOSITE" else "LUT"
        s += f" ({r['params']['LUT_LANES']} with {kind} S-boxes)"
    s += f", {r['stages_per_round']} st/round, {r['impl']}, {r['mode']}"
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
    """' (older RTL: <commit>)' when what this row's run elaborated differs from what the
    same run would elaborate today, else ''. Rows with an `rtl_read_sha1` (synth/read_hash:
    the preprocessed text of the modules the top reaches, under the row's own defines) are
    compared by it, or by the read hashes in `rtl_read_sha1_same` (later RTL whose elaborated
    netlist was checked equal to the row's `rtl_elab_sha1`: report/elab_hashes); others by
    `rtl_sha1` (their staged files byte for byte). A row with none counts as older."""
    from ..synth.flow import defines_added, rtl_read_sha1_now, rtl_sha1_now   # the flow's own
    same = set(r.get("rtl_read_sha1_same") or {}) | {r.get("rtl_read_sha1")}
    # (a row that its target reads with a define today that it did not is older too)
    if _same(r, "rtl_read_sha1", lambda cfg: None if defines_added(cfg, _defines(r))
             else rtl_read_sha1_now(cfg, _defines(r)), same) or \
            _same(r, "rtl_sha1", rtl_sha1_now):
        return ""
    return f" (**older RTL**: measured at {(r.get('git_head') or '?')[:7]})"


def _same(r: dict, key: str, now, accepted: set | None = None) -> bool:
    """The row's stored hash `key` (or one of `accepted`) equals `now(Config)` (False if it has
    none or it cannot be computed here)."""
    from ..synth.flow import Config
    if not r.get(key):
        return False
    try:
        return now(Config(**r["config"])) in (accepted or {r[key]})
    except (KeyError, TypeError, ValueError, OSError, RuntimeError):
        return False


def _defines(r: dict) -> list[str]:
    """The defines the row's run read its sources with."""
    from ..synth.read_hash import defines_of
    return r["defines"] if "defines" in r else defines_of(r["scripts"]["synth.ys"])


def worst_path(r: dict) -> str:
    """Start and end register of the worst OpenSTA path, with its delay."""
    sta = r.get("sta") or {}
    if not sta.get("start_reg") and not sta.get("end_reg"):
        return "not recorded (measured before paths were named)"
    return f"`{sta.get('start_reg', '?')}` -> `{sta.get('end_reg', '?')}`, {sta['arrival']:.3f} ns"

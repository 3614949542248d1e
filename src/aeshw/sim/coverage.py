# SPDX-License-Identifier: Apache-2.0
"""Line and toggle coverage of the RTL over a representative part of the test suite.

    python -m aeshw.sim.coverage [-j JOBS] [--only LABEL ...] [--no-run] [--keep]

Runs the selected pytest runners with AESHW_COVERAGE=1: aeshw.sim.run then builds every
Verilator model with `--coverage-line --coverage-toggle` in build/coverage/sim/ (the
normal build/sim/ models are not touched) and each simulation writes its coverage.dat
into build/coverage/dat/. Icarus runs are deselected (no coverage there). Afterwards:

    build/coverage/merged.dat      verilator_coverage --write (all runs)
    build/coverage/annotated/      verilator_coverage --annotate ... --annotate-min 1
    build/coverage/summary.md      per RTL file: line % (line and branch points) and
                                   toggle %, and the uncovered lines

Points are aggregated over instances and parameterizations: a point (file, line, kind,
what) counts as covered when any instance hit it. Long soak loops are shortened for
this run (COVERAGE_KNOBS): they add run time, not coverage.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from ..paths import ROOT, RTL
from .runner import COVERAGE_DIR, verilator_env

# (label, pytest arguments): Verilator builds only.
RUNS = [
    ("lib", ["tb/lib/test_runner_lib.py", "-k", "verilator"]),
    ("core-folded", ["tb/core/test_runner_folded.py", "-k", "verilator"]),
    ("core-pipelined", ["tb/core/test_runner_pipelined.py", "-k", "verilator"]),
    ("core-pipelined-wide", ["tb/core/stress_runner.py", "-k", "pipelined_wide"]),   # 2 and 4 lanes
    ("axis", ["tb/axis/test_runner_axis.py", "-k", "verilator"]),
    ("robust", ["tb/robust/test_runner_robust.py", "-k", "verilator"]),
]
# test knobs overridden in every coverage run (aeshw.sim: AESHW_COVERAGE_SET_<knob>)
COVERAGE_KNOBS = {"MCT_OUTER": "2", "NIST_LIMIT": "4"}

_LINE = re.compile(r"^C '(.*)' (\d+)\s*$")


def parse_dat(path: Path) -> dict[str, int]:
    """coverage.dat -> {key: count}."""
    out: dict[str, int] = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = _LINE.match(line)
            if m:
                out[m.group(1)] = out.get(m.group(1), 0) + int(m.group(2))
    return out


def fields(key: str) -> dict[str, str]:
    d = {}
    for part in key.split("\x01"):
        if "\x02" in part:
            k, v = part.split("\x02", 1)
            d[k] = v
    return d


def merge(dats: list[Path], out: Path) -> None:
    """verilator_coverage --write; a plain sum of the counts if the tool is missing or fails."""
    tool = shutil.which("verilator_coverage")
    if tool:
        r = subprocess.run([tool, "--write", str(out)] + [str(d) for d in dats],
                           capture_output=True, text=True)
        if r.returncode == 0 and out.exists():
            return
        print(f"verilator_coverage --write failed ({r.stderr.strip()[:200]}); merging in Python")
    total: dict[str, int] = defaultdict(int)
    for d in dats:
        for k, v in parse_dat(d).items():
            total[k] += v
    with open(out, "w", encoding="utf-8") as f:
        f.write("# SystemC::Coverage-3\n")
        for k, v in total.items():
            f.write(f"C '{k}' {v}\n")


def annotate(merged: Path, outdir: Path) -> str:
    tool = shutil.which("verilator_coverage")
    if not tool:
        return "verilator_coverage not found: no annotated sources"
    shutil.rmtree(outdir, ignore_errors=True)
    r = subprocess.run([tool, "--annotate", str(outdir), "--annotate-min", "1", str(merged)],
                       capture_output=True, text=True)
    return (r.stdout + r.stderr).strip()


def summarize(merged: Path) -> tuple[dict, dict]:
    """Per RTL file: {file: {"line": [cov, total], "toggle": [cov, total]}}, and the
    uncovered line/branch points {file: {line: set(what)}}."""
    points: dict[tuple, int] = defaultdict(int)
    for key, count in parse_dat(merged).items():
        f = fields(key)
        path = f.get("f", "")
        kind = f.get("page", "").split("/")[0]          # v_line, v_branch, v_toggle
        points[(path, kind, f.get("l", "0"), f.get("o", ""), f.get("S", ""))] += count
    stats: dict[str, dict] = defaultdict(lambda: {"line": [0, 0], "toggle": [0, 0]})
    uncovered: dict[str, dict] = defaultdict(lambda: defaultdict(set))
    for (path, kind, line, what, span), count in points.items():
        try:
            rel = str(Path(path).resolve().relative_to(RTL))
        except ValueError:
            continue                                    # testbench wrappers (tb/)
        cls = "toggle" if kind == "v_toggle" else "line"
        stats[rel][cls][1] += 1
        if count:
            stats[rel][cls][0] += 1
        elif cls == "line":
            uncovered[rel][int(line)].add(f"{what}" + (f" ({span})" if span and span != line else ""))
    return stats, uncovered


def pct(c: int, t: int) -> str:
    return f"{100.0 * c / t:.1f}%" if t else "-"


def write_summary(stats, uncovered, runs_info: list[str], out: Path, max_lines: int = 80) -> str:
    rows = ["| RTL file | line+branch points | line % | toggle points | toggle % |",
            "|---|---|---|---|---|"]
    tl = [0, 0]
    tt = [0, 0]
    for rel in sorted(stats):
        s = stats[rel]
        rows.append(f"| {rel} | {s['line'][0]}/{s['line'][1]} | {pct(*s['line'])} | "
                    f"{s['toggle'][0]}/{s['toggle'][1]} | {pct(*s['toggle'])} |")
        for i in range(2):
            tl[i] += s["line"][i]
            tt[i] += s["toggle"][i]
    rows.append(f"| **total** | {tl[0]}/{tl[1]} | **{pct(*tl)}** | {tt[0]}/{tt[1]} | **{pct(*tt)}** |")
    lines = ["# RTL coverage (Verilator line + toggle)", "",
             "Generated by `python -m aeshw.sim.coverage`; points aggregated over instances and",
             "parameterizations (covered if any instance hit it). Annotated sources:",
             "build/coverage/annotated/ (lines with `%000000` were never hit).", "",
             "Runs:", ""] + [f"- {r}" for r in runs_info] + ["", *rows, "", "## Uncovered lines", ""]
    for rel in sorted(uncovered):
        src = (RTL / rel).read_text().splitlines()
        items = sorted(uncovered[rel].items())
        lines.append(f"### {rel} ({len(items)} lines)")
        lines.append("")
        for ln, whats in items[:max_lines]:
            text = src[ln - 1].strip() if 0 < ln <= len(src) else ""
            lines.append(f"- {ln}: `{text[:90]}` — {', '.join(sorted(whats))}")
        if len(items) > max_lines:
            lines.append(f"- ... {len(items) - max_lines} more")
        lines.append("")
    out.write_text("\n".join(lines) + "\n")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m aeshw.sim.coverage", description=__doc__.split("\n")[0])
    ap.add_argument("-j", "--jobs", type=int, default=int(os.environ.get("JOBS", "1")),
                    help="pytest -n (default 1, or $JOBS)")
    ap.add_argument("--only", nargs="*", default=None, metavar="LABEL",
                    help="run only these of: " + ", ".join(r[0] for r in RUNS))
    ap.add_argument("--no-run", action="store_true", help="only merge/report the existing .dat files")
    ap.add_argument("--keep", action="store_true", help="keep .dat files of earlier runs")
    args = ap.parse_args(argv)

    verilator_env()
    dat_dir = COVERAGE_DIR / "dat"
    runs = [r for r in RUNS if args.only is None or r[0] in args.only]
    info: list[str] = []
    failed = False
    if not args.no_run:
        if not args.keep:
            shutil.rmtree(dat_dir, ignore_errors=True)
        dat_dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, AESHW_COVERAGE="1",
                   PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))
        env.update({f"AESHW_COVERAGE_SET_{k}": v for k, v in COVERAGE_KNOBS.items()})
        for label, pargs in runs:
            cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pargs]
            if args.jobs > 1:
                cmd += ["-n", str(args.jobs)]
            t0 = time.time()
            print(f"[coverage] {label}: {' '.join(pargs)}", flush=True)
            r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
            tail = [ln for ln in r.stdout.splitlines() if ln.strip()][-1:] or ["(no output)"]
            dt = time.time() - t0
            print(f"[coverage] {label}: {tail[0]} ({dt:.0f} s)", flush=True)
            info.append(f"{label}: `pytest {' '.join(pargs)}` — {tail[0]} ({dt:.0f} s)")
            if r.returncode != 0:
                failed = True
                print(r.stdout[-3000:], file=sys.stderr)
        info.append("knobs: " + ", ".join(f"{k}={v}" for k, v in COVERAGE_KNOBS.items()))
    dats = sorted(dat_dir.glob("*.dat"))
    if not dats:
        print("no coverage data (build/coverage/dat/*.dat)", file=sys.stderr)
        return 1
    merged = COVERAGE_DIR / "merged.dat"
    merge(dats, merged)
    print(f"[coverage] merged {len(dats)} files -> {merged}")
    msg = annotate(merged, COVERAGE_DIR / "annotated")
    print(f"[coverage] annotate: {msg.splitlines()[0] if msg else ''}")
    stats, uncovered = summarize(merged)
    info.append(f"{len(dats)} coverage files merged")
    table = write_summary(stats, uncovered, info, COVERAGE_DIR / "summary.md")
    print(table)
    print(f"[coverage] {COVERAGE_DIR / 'summary.md'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

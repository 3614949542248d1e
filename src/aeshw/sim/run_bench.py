# SPDX-License-Identifier: Apache-2.0
"""`make run-bench`: how fast the main job (`aeshw run`) is, in every mode.

Each row runs `aeshw run` as a user would (its own process, 16 MB of random data, the output
checked against OpenSSL by `aeshw run` itself) and reads the simulation rate it prints (harness
time only: the compiled Verilator model, no Python, no build). A warm-up run builds the harness
first; the figure is the median of --repeat runs. One table is printed, then compared with the
stored one (docs/results/run_bench.json): a row that fell by more than 30 % is reported as a
REGRESSION and the command exits 1. `--update` stores the new table, which docs/results.md shows
(`aeshw report` renders it at the `<!-- run-bench -->` line of docs/results/notes.md).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ..paths import BUILD, ROOT

STORED = ROOT / "docs" / "results" / "run_bench.json"
KEY = "000102030405060708090a0b0c0d0e0f"
IV16 = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
IV12 = "cafebabefacedbaddecaf888"
DROP = 0.30                     # a fall of more than this fraction is a regression
XTS_KEY = KEY + "101112131415161718191a1b1c1d1e1f"   # XTS-AES-128: key 1 then key 2


def xts_rows() -> list[tuple]:
    """XTS at line rate (issue 14): 512- and 4,096-byte units back to back, LANES 1, 2, 4,
    encrypt and decrypt; their target is blocks per clock (0.97 / 0.99 per lane)."""
    rows = []
    for unit, per_lane in ((512, 0.97), (4096, 0.99)):
        for lanes in (1, 2, 4):
            for dec in (False, True):
                args = ["--lanes", str(lanes), "--mode", "xts", "--key", XTS_KEY, "--iv", IV16,
                        "--data-unit", str(unit)] + (["--decrypt"] if dec else [])
                rows.append((f"pipelined L{lanes}, XTS {unit} B {'decrypt' if dec else 'encrypt'}", args,
                             "plain", None, per_lane * lanes))
    return rows


# (row name, `aeshw run` arguments, input file kind, target in M blocks/s or None
#  [, target in blocks per clock])
ROWS = [
    ("pipelined L1, ECB encrypt", ["--mode", "ecb"], "plain", 1.5),
    ("pipelined L1, CBC decrypt", ["--mode", "cbc", "--iv", IV16, "--decrypt"], "plain", 1.5),
    ("pipelined L1, CTR", ["--mode", "ctr", "--iv", IV16], "plain", 1.5),
    ("pipelined L1, GCM encrypt", ["--mode", "gcm", "--iv", IV12], "plain", 1.0),
    ("pipelined L1, GCM decrypt", ["--mode", "gcm", "--iv", IV12, "--decrypt"], "gcm-sealed", 1.0),
    ("pipelined L4, CTR", ["--lanes", "4", "--mode", "ctr", "--iv", IV16], "plain", 2.0),
    ("iterative, CBC encrypt", ["--arch", "iterative", "--mode", "cbc", "--iv", IV16], "plain", 0.15),
    ("pipelined L1, CTR, --full-ip", ["--mode", "ctr", "--iv", IV16, "--full-ip"], "plain", None),
] + xts_rows()


def inputs(nbytes: int) -> dict:
    """The random plaintext (seeded, so every run reads the same bytes) and its GCM sealing."""
    import random
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    BUILD.mkdir(exist_ok=True)
    plain = BUILD / f"run_bench_{nbytes}.bin"
    sealed = BUILD / f"run_bench_{nbytes}.gcm"
    if not plain.exists() or plain.stat().st_size != nbytes:
        plain.write_bytes(random.Random(2026).randbytes(nbytes))
        sealed.unlink(missing_ok=True)
    if not sealed.exists():
        sealed.write_bytes(AESGCM(bytes.fromhex(KEY)).encrypt(bytes.fromhex(IV12), plain.read_bytes(), None))
    return {"plain": plain, "gcm-sealed": sealed}


def run_once(args: list[str], src: Path) -> dict:
    """One `aeshw run`; its printed figures (exits on any failure, the OpenSSL check included)."""
    cmd = [sys.executable, "-m", "aeshw.cli", "run", "-q", "--key", KEY, *args, str(src), os.devnull]
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    if r.returncode != 0 or "matches OpenSSL" not in r.stderr:
        sys.exit(f"run-bench: `aeshw run {' '.join(args)}` failed (exit {r.returncode}):\n{r.stderr[-2000:]}")
    sim = re.search(r"simulation: ([\d.]+) s, ([\d.]+) M blocks/s", r.stderr)
    bpc = re.search(r"blocks/clock: ([\d.]+)", r.stderr)
    blocks = re.search(r"bytes, (\d+) blocks", r.stderr)
    return {"sim_s": float(sim.group(1)), "mblocks_s": float(sim.group(2)), "wall_s": wall,
            "blocks_per_clock": float(bpc.group(1)), "blocks": int(blocks.group(1))}


def measure(nbytes: int, repeat: int, only: str | None) -> list[dict]:
    files = inputs(nbytes)
    small = inputs(4096)
    rows = []
    for name, args, kind, target, *bpc in ROWS:
        if only and only.lower() not in name.lower():
            continue
        run_once(args, small[kind])                 # builds (or finds) the harness
        runs = [run_once(args, files[kind]) for _ in range(repeat)]
        med = lambda k: statistics.median(r[k] for r in runs)   # noqa: E731
        row = {"name": name, "command": "aeshw run -q --key KEY " + " ".join(args) + " IN OUT",
               "blocks": runs[0]["blocks"], "blocks_per_clock": runs[0]["blocks_per_clock"],
               "mblocks_s": round(med("mblocks_s"), 3), "sim_s": round(med("sim_s"), 3),
               "wall_s": round(med("wall_s"), 2), "target": target,
               "bpc_target": bpc[0] if bpc else None}
        rows.append(row)
        print(f"  {name:32} {row['mblocks_s']:6.3f} M blocks/s", file=sys.stderr, flush=True)
    return rows


def machine() -> str:
    cpu = ""
    try:
        cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "")
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} cores, {cpu or platform.machine()}, load average {load:.1f} at the start"


def table_md(data: dict) -> str:
    """The stored table as Markdown (docs/results.md)."""
    L = [f"Measured {data['date']} on {data['machine']}; {data['bytes'] // 1_000_000} MB of random data per "
         f"run, median of {data['repeat']} runs, build cached; `make run-bench`:", "",
         "| run | blocks/clock | simulation (harness only) | target | whole command (Python, OpenSSL check) |",
         "|---|---|---|---|---|"]
    for r in data["rows"]:
        tgt = "–" if r["target"] is None else (f">= {r['target']}" + (" met" if r["mblocks_s"] >= r["target"]
                                                                     else " **not met**"))
        if r.get("bpc_target") is not None:
            tgt = f">= {r['bpc_target']:.2f} blocks/clock" + (" met" if r["blocks_per_clock"] >= r["bpc_target"]
                                                              else " **not met**")
        L.append(f"| {r['name']} | {r['blocks_per_clock']:.3f} | {r['sim_s']:.2f} s = **{r['mblocks_s']:.2f} M "
                 f"blocks/s** | {tgt} | {r['wall_s']:.2f} s |")
    return "\n".join(L)


def compare(rows: list[dict], stored: dict | None) -> list[str]:
    """Rows that fell by more than DROP against the stored table."""
    if not stored:
        return []
    old = {r["name"]: r for r in stored.get("rows", [])}
    out = []
    for r in rows:
        o = old.get(r["name"])
        if o and r["mblocks_s"] < (1 - DROP) * o["mblocks_s"]:
            out.append(f"REGRESSION: {r['name']}: {r['mblocks_s']:.3f} M blocks/s, stored {o['mblocks_s']:.3f} "
                       f"({(1 - r['mblocks_s'] / o['mblocks_s']) * 100:.0f} % slower; stored {stored['date']})")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m aeshw.sim.run_bench", description=__doc__.split("\n")[0])
    p.add_argument("--bytes", type=int, default=16_000_000, help="input size per run")
    p.add_argument("--repeat", type=int, default=3, help="timed runs per row (median)")
    p.add_argument("--only", help="rows whose name contains this")
    p.add_argument("--update", action="store_true", help="store this table and rewrite docs/results.md")
    args = p.parse_args(argv)
    stored = json.loads(STORED.read_text()) if STORED.exists() else None
    mach = machine()
    print(f"run-bench: {mach}", file=sys.stderr)
    rows = measure(args.bytes, args.repeat, args.only)
    data = {"date": datetime.date.today().isoformat(), "machine": mach, "bytes": args.bytes,
            "repeat": args.repeat, "rows": rows}
    print(table_md(data))
    missed = [r["name"] for r in rows if (r["target"] is not None and r["mblocks_s"] < r["target"]) or
              (r["bpc_target"] is not None and r["blocks_per_clock"] < r["bpc_target"])]
    if missed:
        print("\nbelow target: " + "; ".join(missed))
    regressions = compare(rows, stored)
    print("\n" + ("\n".join(regressions) if regressions else
                  f"no row fell by more than {DROP:.0%} against the stored table"
                  + (f" ({stored['date']})" if stored else " (none stored yet)")))
    if args.update:
        if args.only:
            sys.exit("run-bench: --update stores the whole table; run it without --only")
        STORED.write_text(json.dumps(data, indent=2) + "\n")
        from ..report import page
        page.write_page()
        print(f"stored {STORED.relative_to(ROOT)}; docs/results.md rewritten")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())

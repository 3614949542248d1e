# SPDX-License-Identifier: Apache-2.0
"""`aeshw sweep`: run a configuration matrix through `aeshw synth`, keep each result as
docs/results/<name>.json, and rewrite the results page (aeshw.report) after each one."""
from __future__ import annotations

import json
import time

from ..report.page import write_page
from ..report.results import RESULTS
from .flow import Config, command_of, synth

# (quick?, Config). Ordered smallest first within each target; --quick runs the first group.
P1 = dict(arch="pipelined", lanes=1, mode="ENC", key_mode="SHARED", keys=0b001)


def matrix(liberty: str | None) -> list[tuple[bool, Config]]:
    m: list[tuple[bool, Config]] = []
    # iCE40 UP5K: does the iterative encrypt+decrypt core fit (<= 5,280 LUT4)?
    m += [(True, Config(arch="iterative", impl="COMPOSITE", mode="BOTH", target="ice40")),
          (True, Config(arch="iterative", impl="LUT", mode="BOTH", target="ice40")),
          (True, Config(arch="iterative", impl="COMPOSITE", mode="ENC", target="ice40")),
          (False, Config(arch="iterative", impl="LUT", mode="ENC", target="ice40")),
          (False, Config(arch="iterative", impl="LUT", mode="BOTH", target="ice40", device="hx8k")),
          # the iterative ring with block-RAM S-boxes (a round is 2 clocks, 2 blocks in flight)
          (False, Config(arch="folded", u=1, stages=2, impl="BRAM", mode="BOTH", target="ice40")),
          # ... encrypt only: it fits, so its clock shows what a stage of this fabric holds
          (False, Config(arch="folded", u=1, stages=2, impl="BRAM", mode="ENC", target="ice40")),
          # ... a round in 3 clocks (3 blocks in flight): the key step's XORs and the round key
          # in clocks of their own
          (False, Config(arch="folded", u=1, stages=3, impl="BRAM", mode="BOTH", target="ice40"))]
    # ECP5-85: 1-lane AES-128 encrypt pipeline (LUT4/FF/EBR, placed-and-routed Fmax)
    m += [(True, Config(**P1, stages=1, impl="LUT", target="ecp5")),
          (True, Config(arch="iterative", impl="LUT", mode="BOTH", target="ecp5")),
          (False, Config(**P1, stages=2, impl="LUT", target="ecp5")),
          (False, Config(**P1, stages=2, impl="COMPOSITE", target="ecp5")),
          (False, Config(**{**P1, "lanes": 2}, stages=2, impl="LUT", target="ecp5")),
          (False, Config(arch="folded", u=1, stages=4, impl="COMPOSITE", mode="BOTH", target="ecp5")),
          (False, Config(**P1, stages=2, impl="BRAM", target="ecp5")),
          (False, Config(**P1, stages=3, impl="BRAM", target="ecp5")),
          (False, Config(**P1, stages=4, impl="BRAM", target="ecp5")),
          (False, Config(**P1, stages=4, impl="LUT", target="ecp5")),
          # the whole chip: two block-RAM lanes (160 of the 208 DP16KD)
          (False, Config(**{**P1, "lanes": 2}, stages=4, impl="BRAM", target="ecp5")),
          # ... and LUT lanes beside them (aes_core_pipelined LUT_LANES)
          (False, Config(**{**P1, "lanes": 3}, stages=4, impl="BRAM", lut_lanes=1, target="ecp5")),
          # ... or composite lanes (LUT_IMPL "COMPOSITE": a 4-stage composite lane is about 17k
          # LUT4 and 194 MHz alone, a LUT one 26k and 164). (Six lanes, four composite, fill 92 %
          # of the TRELLIS_COMB and did not finish routing in half an hour: docs/results/notes.md.)
          (False, Config(**P1, stages=4, impl="COMPOSITE", target="ecp5")),
          (False, Config(**{**P1, "lanes": 5}, stages=4, impl="BRAM", lut_lanes=3, lut_impl="COMPOSITE",
                         target="ecp5"))]
    # UltraScale+: LUT count of the 1-lane AES-128 encrypt pipeline (no timing in this flow)
    m += [(True, Config(**P1, stages=1, impl="LUT", target="xilinx")),
          (True, Config(arch="iterative", impl="LUT", mode="BOTH", target="xilinx")),
          (False, Config(**P1, stages=1, impl="COMPOSITE", target="xilinx")),
          (False, Config(**P1, stages=1, impl="LUT", target="xilinx", device="xc7")),
          (False, Config(**P1, stages=2, impl="BRAM", target="xilinx")),
          (False, Config(**P1, stages=2, impl="TTABLE", target="xilinx"))]
    # issue 14: the whole IP on UltraScale+ (LUT counts), without and with XTS
    m += [(False, Config(**{**P1, "arch": "axis", "mode": "BOTH", "keys": 0b101}, stages=2, impl="LUT",
                         target="xilinx", xts=x)) for x in (0, 1)]
    if liberty:
        a = dict(target="asic", liberty=liberty)
        m += [(True, Config(arch="iterative", impl="COMPOSITE", mode="ENC", **a)),
              (True, Config(arch="iterative", impl="COMPOSITE", mode="BOTH", **a)),
              # the published 1-stage-per-round design, built in the same flow
              (True, Config(**P1, stages=1, impl="LUT", **a, label="published-style 1 stage/round")),
              (True, Config(**P1, stages=1, impl="COMPOSITE", **a)),
              (True, Config(**P1, stages=2, impl="COMPOSITE", **a)),
              (True, Config(**P1, stages=3, impl="COMPOSITE", **a)),
              (True, Config(**P1, stages=4, impl="COMPOSITE", **a)),
              (True, Config(**P1, stages=5, impl="COMPOSITE", **a)),
              (True, Config(**P1, stages=6, impl="COMPOSITE", **a, label="six stages a round: 2.4 GHz")),
              (True, Config(**P1, stages=2, impl="LUT", **a)),
              (False, Config(**P1, stages=1, impl="LUT", abc_script="plain", **a)),
              (False, Config(arch="folded", u=1, stages=4, impl="COMPOSITE", mode="ENC", **a)),
              (False, Config(**P1, stages=3, impl="LUT", **a)),
              (False, Config(**P1, stages=4, impl="LUT", **a))]
        # issue 12 item 4: enc+dec, AGILE and 192/256-bit builds against ENC SHARED AES-128
        for impl in ("COMPOSITE", "LUT"):
            m += [(False, Config(**{**P1, "mode": "BOTH"}, stages=2, impl=impl, **a)),
                  (False, Config(**{**P1, "keys": 0b111}, stages=2, impl=impl, **a)),
                  (False, Config(**{**P1, "key_mode": "AGILE"}, stages=2, impl=impl, **a)),
                  (False, Config(**{**P1, "mode": "BOTH"}, stages=4, impl=impl, **a))]
        m += [(False, Config(**{**P1, "key_mode": "AGILE", "mode": "BOTH", "keys": 0b111}, stages=2,
                             impl="COMPOSITE", **a))]
        # ... and at six stages (the fastest ENC SHARED build)
        m += [(False, Config(**{**P1, "mode": "BOTH"}, stages=6, impl="COMPOSITE", **a)),
              (False, Config(**{**P1, "keys": 0b111}, stages=6, impl="COMPOSITE", **a)),
              (False, Config(**{**P1, "key_mode": "AGILE"}, stages=6, impl="COMPOSITE", **a))]
        # issue 12 item 3: lanes sharing one key expansion, at six stages a round
        for lanes in (2, 4, 10):
            m += [(False, Config(**{**P1, "lanes": lanes}, stages=6, impl="COMPOSITE", **a))]
        # issue 16: the whole IP (GCM 0) without and with fault detection (two units in lockstep)
        for fd in (0, 1):
            m += [(False, Config(**{**P1, "arch": "axis"}, stages=2, impl="COMPOSITE", fault_detect=fd, **a))]
        # issue 14: the IP with XTS (tweak core, stealing), both directions, XTS-AES-128 and -256
        m += [(False, Config(**{**P1, "arch": "axis", "mode": "BOTH", "keys": 0b101}, stages=2,
                             impl="COMPOSITE", xts=1, **a))]
    return m


def _one(cfg: Config, timeout: float) -> tuple[str, dict | None, str, float]:
    """One configuration in a worker process: (name, result or None, error, seconds)."""
    t0 = time.time()
    try:
        res = synth(cfg, timeout=timeout)
    except Exception as e:  # noqa: BLE001 - a failed configuration must not stop the sweep
        return cfg.name(), None, str(e).splitlines()[0] if str(e) else type(e).__name__, time.time() - t0
    return cfg.name(), res, "", time.time() - t0


def _store(name: str, res: dict | None, err: str, secs: float, done: int, total: int, t_start: float) -> bool:
    """Keep a finished result and print one progress line; False if it failed."""
    head = f"[{done}/{total}, {(time.time() - t_start) / 60:.0f} min] {name}:"
    if res is None:
        print(f"{head} FAILED ({secs:.0f} s): {err}", flush=True)
        return False
    (RESULTS / f"{name}.json").write_text(json.dumps(res, indent=2) + "\n")
    print(f"{head} {secs:.0f} s  luts={res['luts']} kge={res['kge'] and round(res['kge'], 1)} "
          f"fmax={res['fmax_mhz'] and round(res['fmax_mhz'], 1)}", flush=True)
    write_page()
    return True


def _stored_stale(name: str) -> bool:
    """A stored result of this name exists and was measured on other RTL than today's."""
    from ..report.results import stale
    path = RESULTS / f"{name}.json"
    return path.exists() and bool(stale(json.loads(path.read_text())))


def main(args) -> int:
    targets = args.targets.split(",")
    RESULTS.mkdir(parents=True, exist_ok=True)
    todo = [c for q, c in matrix(args.liberty) if c.target in targets and (q or not args.quick)
            and (not args.only or args.only in c.name())]
    if args.stale:
        todo = [c for c in todo if _stored_stale(c.name())]
    if args.list:
        for c in todo:
            print(c.name(), " # ", command_of(c))
        return 0
    if args.skip_existing:
        kept = [c for c in todo if (RESULTS / f"{c.name()}.json").exists()]
        for c in kept:
            print(f"{c.name()}: kept", flush=True)
        todo = [c for c in todo if c not in kept]
    # Largest first (by lanes and stages) so that the long builds do not end the sweep alone.
    todo.sort(key=lambda c: -(c.lanes * max(c.stages, 1)))
    t_start, bad = time.time(), 0
    print(f"sweep: {len(todo)} configurations, {args.jobs} at a time", flush=True)
    if args.jobs <= 1:
        for i, cfg in enumerate(todo, 1):
            bad += not _store(*_one(cfg, args.timeout), i, len(todo), t_start)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(_one, cfg, args.timeout) for cfg in todo]
            for i, fut in enumerate(as_completed(futures), 1):
                bad += not _store(*fut.result(), i, len(todo), t_start)
    write_page()
    return 1 if bad else 0

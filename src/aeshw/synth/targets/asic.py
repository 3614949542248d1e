# SPDX-License-Identifier: Apache-2.0
"""ASIC: Yosys + ABC mapped to --liberty PATH (buffering and sizing script), then the
OpenSTA worst register-to-register path (ABC's own estimate only with --abc-estimate).
The core itself is the top (no pin harness)."""
from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path

from .. import parse as P
from ..flow import Job, chparams, rel

DEVICES = ("",)
FREQ_MHZ = 0.0
WRAPPED = False

# Buffering and sizing mapping script (the sequence OpenROAD's synthesis uses): delay-oriented
# &nf mapping, then buffer high-fanout nets, up-size the critical path and down-size the rest
# against the delay target; `stime -p` prints ABC's own timing estimate. Yosys's `abc` pass
# reads the liberty and the driving-cell / load constraints before this script runs.
ABC_SCRIPTS = {
    "buffered": ("strash; &get -n; &fraig -x; &put; scorr; dc2; strash; &get -n; &dch -f; "
                 "&nf -D {D}; &put; buffer; upsize -D {D}; dnsize -D {D}; stime -p"),
    # Yosys's plain `abc -liberty` (no buffering/sizing), for comparison.
    "plain": ("strash; &get -n; &fraig -x; &put; scorr; dc2; strash; &get -n; &dch -f; "
              "&nf -D {D}; &put; stime -p"),
}

STA_MISSING = ("OpenSTA (`sta`) is not installed: `make asic-tools` installs it (Debian package "
               "`opensta`, needs root and the Debian archive); or ask for ABC's own delay estimate "
               "with --abc-estimate (logic delay only, not comparable with OpenSTA figures)")


def find_sta() -> str:
    """The OpenSTA binary, or a FileNotFoundError that says how to get it."""
    sta = shutil.which("sta")
    if not sta:
        raise FileNotFoundError(STA_MISSING)
    return sta


def check(cfg) -> None:
    if not cfg.liberty:
        raise ValueError("--target asic needs --liberty PATH")
    if cfg.impl in ("BRAM", "TTABLE"):
        raise ValueError(f"--impl {cfg.impl.lower()} is FPGA block RAM (a cell library has none): "
                         "use LUT or COMPOSITE")
    if not cfg.abc_estimate:
        find_sta()           # before the long synthesis: stop now if the timer is missing


def dont_use_enable_ffs(cells: dict) -> str:
    """dfflibmap options that keep flip-flops with a built-in enable out of the netlist.
    Their enable pins are outside the logic ABC maps and buffers, so the enable net of a
    wide register is left on one small gate (sky130hd: one nor2_1 driving 257 enable pins,
    11 ns). With plain D flip-flops the hold multiplexer is logic that ABC sizes and buffers,
    as in a library without enable flip-flops (NanGate45, whose script is unchanged)."""
    return "".join(f" -dont_use {n}" for n, c in sorted(cells.items()) if c.get("enable_ff"))


def clock_gate_cell(cells: dict) -> tuple[str, dict] | None:
    """The liberty's smallest integrated clock gate that latches its enable while the clock is
    low and gates the rising edge (`latch_posedge`, or `latch_posedge_precontrol` with its test
    enable tied low): what aes_clock_gate's behaviour is. None: the library has none."""
    icgs = [(c["area"] or 0.0, n, c["icg"]) for n, c in cells.items()
            if c.get("icg") and not c["dont_use"] and c["icg"]["kind"] in ("latch_posedge", "latch_posedge_precontrol")
            and {"clock", "enable", "out"} <= set(c["icg"])]
    if not icgs:
        return None
    _, name, icg = min(icgs, key=lambda t: (t[0], "test" in t[2], t[1]))
    return name, icg


def clock_gate_map(name: str, icg: dict) -> str:
    """aes_clock_gate written as the cell `name` (read over the behavioural module)."""
    pins = [f".{icg['clock']}(clk)", f".{icg['enable']}(en)", f".{icg['out']}(gclk)"]
    pins += [f".{icg['test']}(1'b0)"] if "test" in icg else []
    return ("// aeshw synth --target asic: aes_clock_gate as the liberty's integrated clock gate\n"
            "module aes_clock_gate (input wire clk, input wire en, output wire gclk);\n"
            f"    {name} u_icg ({', '.join(pins)});\n"
            "endmodule\n")


def stage_liberty(liberty: str, bdir: Path) -> tuple[str, str]:
    src = Path(liberty)
    if not src.exists():
        raise FileNotFoundError(f"--liberty {liberty}: no such file")
    name = src.name[:-3] if src.name.endswith(".gz") else src.name
    data = gzip.decompress(src.read_bytes()) if src.name.endswith(".gz") else src.read_bytes()
    (bdir / name).write_bytes(data)
    return name, data.decode(errors="replace")


def _abc(job: Job, lib: str, cells: dict) -> tuple[str, str, str]:
    """The ABC command (script inline) and the script and constraints it uses."""
    cfg, bdir = job.cfg, job.bdir
    script = ABC_SCRIPTS[cfg.abc_script].replace("{D}", str(cfg.abc_d_ps))
    (bdir / "abc.script").write_text(script.replace("; ", "\n") + "\n")
    buf = P.liberty_buffer(cells)
    constr = f"set_driving_cell {buf}\nset_load 0.01\n" if buf else ""
    (bdir / "abc.constr").write_text(constr)
    # Inline form (+cmd;cmd, commas for spaces): the script travels inside synth.ys.
    inline = "+" + ";".join(c.strip().replace(" ", ",") for c in script.split(";"))
    abc = f"abc -liberty {lib} -D {cfg.abc_d_ps} -script {inline}" + (" -constr abc.constr" if buf else "")
    return abc, script, constr


def _yosys(job: Job, lib: str, cells: dict) -> dict:
    """Synthesis and mapping; fills area, GE, flip-flops; returns the tool versions."""
    cfg, bdir, top = job.cfg, job.bdir, job.top_core
    abc, script, constr = _abc(job, lib, cells)
    # The clock gate (aes_clock_gate, AES_CLOCK_GATE: aes_fifo's entries) as the library's cell,
    # kept as a black box through synthesis and mapping.
    gate = ([f"read_liberty -lib {lib}", job.read_cmd, "read_verilog -defer -overwrite clock_gate_map.v"]
            if "AES_CLOCK_GATE" in job.defines else [job.read_cmd])
    ys = "\n".join([*gate, chparams(top, cfg.core_params()), f"synth -top {top} -flatten",
                    f"dfflibmap -liberty {lib}{dont_use_enable_ffs(cells)}", abc,
                    # -purge: drop dangling debug wires (old OpenSTA cannot parse `wire signed`);
                    # register output nets keep their RTL names for the path report
                    "opt_clean -purge", "setundef -zero", "opt_clean -purge",
                    f"tee -q -o stat.json stat -json -liberty {lib}",
                    f"tee -q -o stat.txt stat -liberty {lib}",
                    # -simple-lhs: OpenSTA cannot parse `assign {a, b} = ...` (constant bits of a
                    # register bus that synthesis removed)
                    "write_verilog -noattr -noexpr -simple-lhs netlist.v", ""])
    (bdir / "synth.ys").write_text(ys)
    job.runner.run("yosys", [job.yosys, "-q", "-l", "yosys.log", "synth.ys"], "yosys.out", job.timeout)
    ylog = (bdir / "yosys.log").read_text(errors="replace")
    mods = P.yosys_stat_modules((bdir / "stat.json").read_text())
    m = mods.get(top) or next(iter(mods.values()))
    nand_name, nand_area = P.liberty_nand2_x1(cells)
    seq = {n for n, c in cells.items() if c["seq"] and not c.get("icg")}
    icgs = {n for n, c in cells.items() if c.get("icg")}
    job.res.update({"device": f"liberty {Path(cfg.liberty).name}", "area_um2": m["area"],
                    "kge": m["area"] / nand_area / 1000 if m["area"] else None,
                    "ge_cell": f"{nand_name} = {nand_area} um^2",
                    "ffs": sum(v for k, v in m["cells"].items() if k in seq),
                    "clock_gates": sum(v for k, v in m["cells"].items() if k in icgs),
                    "cells": m["num_cells"], "abc_script": script, "abc_constr": constr.strip(),
                    "abc_estimate": P.abc_stime(ylog)})
    return {"yosys": P.yosys_version(ylog) or "?"}


def _sta_head(lib: str, top: str, period: float) -> list[str]:
    """An OpenSTA script's first lines: the liberty, the netlist, the ideal clock."""
    return [f"read_liberty {lib}", "read_verilog netlist.v", f"link_design {top}",
            f"create_clock -name clk -period {period:g} [get_ports {'aclk' if top == 'aes_axis' else 'clk'}]"]


GROUPS = 8     # register groups kept per result


def sta_groups(bdir: Path, top: str, runner, sta: str, lib: str, period: float, tu: float,
               timeout: float | None = None) -> list[dict]:
    """The GROUPS slowest register groups of the mapped netlist (the bits of one register in
    every round, lane and S-box: parse.register_group), each with its own worst path's start
    and end register: where the paths after the worst one end, so the next bottleneck is in
    the stored result. Two OpenSTA runs on the same netlist and clock as sta.tcl: every
    register-to-register endpoint's slack, then the worst path into each group."""
    reg2reg = "-path_delay max -from [all_registers -clock_pins]"
    (bdir / "sta_endpoints.tcl").write_text("\n".join(_sta_head(lib, top, period) + [
        f"report_checks {reg2reg} -to [all_registers -data_pins] -format end "
        "-group_count 100000000 -endpoint_count 1 -digits 4", "exit", ""]))
    ends = runner.run("sta_endpoints", [sta, "-no_splash", "-no_init", "-exit", "sta_endpoints.tcl"],
                      "sta_endpoints.log", timeout)
    nets = P.register_nets((bdir / "netlist.v").read_text(errors="replace"))
    groups = P.endpoint_groups(ends, nets, period, tu, GROUPS)
    pins = " ".join(g["end_pin"] for g in groups)
    (bdir / "sta_groups.tcl").write_text("\n".join(_sta_head(lib, top, period) + [
        f"report_checks {reg2reg} -to [get_pins {{{pins}}}] -group_count {len(groups)} "
        "-endpoint_count 1 -digits 4", "exit", ""]))
    paths = runner.run("sta_groups", [sta, "-no_splash", "-no_init", "-exit", "sta_groups.tcl"],
                       "sta_groups.log", timeout)
    start = {p["endpoint"]: nets.get(p["startpoint"], "").lstrip("\\").strip() or None
             for p in P.sta_paths(paths)}
    for g in groups:
        g["start_reg"] = start.get(g.pop("end_pin").split("/")[0])
    return groups


def _sta(job: Job, sta: str, lib: str, period: float, tu: float, tv: dict) -> None:
    """OpenSTA's worst setup path from a register sets Fmax: to a register's D, or to a clock
    gate's enable (its clock-gating check). Ports are unconstrained (no I/O delays)."""
    bdir, top = job.bdir, job.top_core
    tcl = "\n".join(_sta_head(lib, top, period) + [
                     "report_checks -path_delay max -from [all_registers -clock_pins] "
                     "-digits 4 -fields {net}",
                     "exit", ""])
    (bdir / "sta.tcl").write_text(tcl)
    job.runner.run("sta", [sta, "-no_splash", "-no_init", "-exit", "sta.tcl"], "sta.log", job.timeout)
    slog = (bdir / "sta.log").read_text(errors="replace")
    errs = [ln for ln in slog.splitlines() if ln.startswith("Error")]
    if errs:
        raise RuntimeError(f"OpenSTA: {errs[0]} ({len(errs)} errors; {bdir / 'sta.log'})")
    chk = P.sta_checks(slog)
    if not chk:
        raise RuntimeError(f"no path in OpenSTA report: {bdir / 'sta.log'}")
    chk.update(P.register_names((bdir / "netlist.v").read_text(errors="replace"),
                                chk["startpoint"], chk["endpoint"]))
    job.res["sta"] = chk
    job.res["fmax_mhz"] = P.sta_fmax_mhz(period, chk["slack"], tu)
    job.res["fmax_source"] = "OpenSTA worst setup path from a register (no wire load)"
    try:        # the figures above stand without the groups: a failure here is recorded, not fatal
        job.res["sta_groups"] = sta_groups(bdir, top, job.runner, sta, lib, period, tu, job.timeout)
    except Exception as e:      # noqa: BLE001 (any failure: the run's figures are kept)
        job.res["sta_groups"], job.res["sta_groups_error"] = [], f"{type(e).__name__}: {e}"
    tv["opensta"] = subprocess.run([sta, "-version"], capture_output=True, text=True).stdout.strip() or "?"


def run(job: Job) -> None:
    cfg, res = job.cfg, job.res
    lib, libtext = stage_liberty(cfg.liberty, job.bdir)
    job.runner.commands.append(f"(staged) {'zcat' if cfg.liberty.endswith('.gz') else 'cp'} "
                               f"{rel(cfg.liberty)} > {rel(job.bdir / lib)}")
    cells = P.liberty_cells(libtext)
    tu = P.liberty_time_unit_s(libtext)
    gate = clock_gate_cell(cells)
    res["clock_gate_cell"] = gate[0] if gate else None
    if gate:        # gated FIFO entries (aes_fifo, AES_CLOCK_GATE); without a cell, enables
        (job.bdir / "clock_gate_map.v").write_text(clock_gate_map(*gate))
        job.defines = (*job.defines, "AES_CLOCK_GATE")
    tv = _yosys(job, lib, cells)
    if not cfg.abc_estimate:
        _sta(job, find_sta(), lib, cfg.abc_d_ps * 1e-12 / tu, tu, tv)
    else:
        est = res["abc_estimate"]
        res["fmax_mhz"] = 1e6 / est["delay_ps"] if est.get("delay_ps") else None
        res["fmax_source"] = ("ABC estimate (asked for with --abc-estimate): logic delay only, "
                              "no clock-to-q or setup")
    res["tool_versions"] = tv

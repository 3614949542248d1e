"""Build (cached per configuration) and run the compiled Verilator harness."""
from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .paths import BUILD, filelist
from .sim import _verilator_env, vlog_param

HARNESS_CPP = Path(__file__).parent / "harness" / "core_harness.cpp"

# Architecture name -> (top module, file list, fixed parameters)
ARCHS = {
    "iterative": ("aes_core_folded", "aes_core_folded", {"U": 1, "STAGES": 1}),
    "folded": ("aes_core_folded", "aes_core_folded", {}),
    "pipelined": ("aes_core_pipelined", "aes_core_pipelined", {}),
}


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


def build(arch: str, params: dict) -> Path:
    top, flist, fixed = ARCHS[arch]
    allp = {**params, **fixed}
    srcs = filelist(flist)
    stamp = hashlib.sha1(repr((arch, sorted(allp.items()),
                               [p.read_bytes() for p in srcs + [HARNESS_CPP]])).encode()).hexdigest()[:12]
    mdir = BUILD / "harness" / f"{arch}-{stamp}"
    exe = mdir / "Vharness"
    if exe.exists():
        return exe
    _verilator_env()
    mdir.mkdir(parents=True, exist_ok=True)
    cmd = ["verilator", "--cc", "--exe", "--build", "-O3", "-Wno-fatal", "-Wno-lint",
           "--top-module", top, "--prefix", "Vcore", "-Mdir", str(mdir), "-o", "Vharness",
           "-j", str(os.cpu_count() or 1),
           *[f"-I{d}" for d in sorted({str(p.parent) for p in srcs})],
           *[f"-G{k}={vlog_param(v)}" for k, v in allp.items()],
           *map(str, srcs), str(HARNESS_CPP)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"harness build failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return exe


def run(arch: str, params: dict, key: bytes, data: bytes, decrypt: bool = False) -> RunResult:
    lanes = int(params.get("LANES", 1))
    exe = build(arch, params)
    klen = {16: 0, 24: 1, 32: 2}[len(key)]
    with tempfile.TemporaryDirectory() as td:
        src, dst = Path(td) / "in.bin", Path(td) / "out.bin"
        src.write_bytes(data)
        r = subprocess.run([str(exe), key.hex(), str(klen), str(int(decrypt)), str(lanes),
                            str(src), str(dst)], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"harness failed: {r.stderr.strip()}")
        stats = dict(kv.split("=") for kv in r.stderr.split() if "=" in kv)
        return RunResult(dst.read_bytes(), int(stats["beats"]), int(stats["cycles"]), lanes)

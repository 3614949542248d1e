# SPDX-License-Identifier: Apache-2.0
"""The parameter ranges the cores accept, for the CLI to refuse a configuration before it builds.

The RTL checks the same ranges itself (each module stops elaboration with a missing module named
ERROR_<module>_<PARAM>_...); tb/run/test_py_params.py checks that both agree at every boundary.
"""
from __future__ import annotations

from ..model.perf import TABLE_IMPLS    # the block-RAM table forms (BRAM, TTABLE)

ARCHS = ("iterative", "folded", "pipelined")
STAGES = (1, 6)          # register stages per round (aes_round)
TABLE_STAGES = (2, 4)    # ... with block-RAM S-boxes (the read register is the cut after SubBytes)
U = (1, 14)              # round units of the folded core (aes_core_folded)
LANES = (1, 64)          # blocks per beat: aes_axis takes up to 255, the `aeshw run` harness up to 64
IMPLS = ("LUT", "COMPOSITE", "BRAM", "TTABLE")   # BRAM, TTABLE: block-RAM tables, their read register a cut
KEY_MODES = ("shared", "agile")


def problems(arch: str, lanes: int = 1, stages: int = 1, u: int = 1, impl: str = "LUT",
             key_mode: str = "shared", max_lanes: int = LANES[1]) -> list[str]:
    """What is wrong with a core configuration, one sentence each (empty: it builds)."""
    out = []
    if arch not in ARCHS:
        out.append(f"--arch {arch}: must be one of {', '.join(ARCHS)}")
    if not LANES[0] <= lanes <= max_lanes:
        out.append(f"--lanes {lanes}: must be {LANES[0]}..{max_lanes}")
    if impl.upper() not in IMPLS:
        out.append(f"--impl {impl}: must be LUT, COMPOSITE, BRAM or TTABLE")
    if key_mode.lower() not in KEY_MODES:
        out.append(f"--key-mode {key_mode}: must be shared or agile")
    if arch == "iterative":
        if stages != 1 or u != 1:
            out.append("the iterative core is U = 1, STAGES = 1: use --arch folded for --u/--stages")
    elif not STAGES[0] <= stages <= STAGES[1]:
        out.append(f"--stages {stages}: must be {STAGES[0]}..{STAGES[1]} (register stages per round)")
    if impl.upper() in TABLE_IMPLS and arch == "iterative":
        out.append(f"--stages 1: the iterative core has 1 stage per round, and --impl {impl.lower()} needs 2..4 "
                   "(a block-RAM S-box is a register): use --arch folded --u 1 --stages 2 "
                   "(the iterative ring with two blocks in flight)")
    elif impl.upper() in TABLE_IMPLS and not TABLE_STAGES[0] <= stages <= TABLE_STAGES[1]:
        out.append(f"--stages {stages}: --impl {impl.lower()} needs {TABLE_STAGES[0]}..{TABLE_STAGES[1]} "
                   "(the block RAM's read register is the cut after SubBytes)")
    if arch == "folded" and not U[0] <= u <= U[1]:
        out.append(f"--u {u}: must be {U[0]}..{U[1]} (round units of the folded core)")
    if arch == "pipelined" and u != 1:
        out.append("--u is the folded core's (round units); the pipelined core has every round")
    if arch != "pipelined" and key_mode.lower() != "shared":
        out.append("--key-mode agile is the pipelined core's (the folded core carries each block's key)")
    return out


def lut_lanes_problems(arch: str, lanes: int, impl: str, key_mode: str, lut_lanes: int,
                       lut_impl: str = "LUT") -> list[str]:
    """aes_core_pipelined LUT_LANES: 0, or 1..lanes-1 in a pipelined SHARED block-RAM build;
    LUT_IMPL (their S-box form) only with such lanes."""
    if lut_lanes == 0:
        return [] if lut_impl.upper() == "LUT" else [f"--lut-impl {lut_impl.lower()}: only with --lut-lanes"]
    if arch != "pipelined" or impl.upper() != "BRAM" or key_mode.lower() != "shared":
        return [f"--lut-lanes {lut_lanes}: only with --arch pipelined --impl bram --key-mode shared"]
    if not 0 < lut_lanes < lanes:
        return [f"--lut-lanes {lut_lanes}: must be 0..{lanes - 1} (at least one lane keeps block RAM)"]
    return []

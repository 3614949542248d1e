# SPDX-License-Identifier: Apache-2.0
"""pytest entry: aes_core_folded, the iterative core (U=1, STAGES=1) and the
folded / inner-pipelined / multi-lane variants, on both simulators."""
from pathlib import Path

import pytest

from aeshw.sim import run
from test_runner_pipelined import define_env, ecp5_form

HERE = Path(__file__).parent


@pytest.mark.parametrize("impl", ["LUT", "COMPOSITE"])
def test_iterative_verilator(impl):
    """The iterative core: every NIST ECB file, the first 5 of the MCT's 100 outer loops
    (AES-128/256, LUT; 2, AES-128, COMPOSITE, whose model is the slower; `make stress` runs
    all 100; 20 here took three minutes a build)."""
    run(toplevel="aes_core_folded", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_folded", sim="verilator",
        parameters={"U": 1, "STAGES": 1, "LANES": 1, "IMPL": impl, "MODE": "BOTH"},
        extra_env={"MCT_SIZES": "16,32" if impl == "LUT" else "16", "MCT_OUTER": "5" if impl == "LUT" else "2"})


def test_iterative_icarus():
    """Icarus as the second simulator: a subset of each NIST file (the MCT's chain of dependent
    blocks runs on the Verilator builds of the same RTL, above)."""
    run(toplevel="aes_core_folded", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_folded", sim="icarus",
        parameters={"U": 1, "STAGES": 1, "LANES": 1, "IMPL": "LUT", "MODE": "BOTH"},
        extra_env={"VECTOR_LIMIT": "2", "RANDOM_BLOCKS": "300", "KEY_CHANGE_BEATS": "300",
                   "COCOTB_TEST_FILTER": "^(?!.*test_mct)"})


FOLDED = [
    # (sim, U, STAGES, LANES, IMPL, MODE)
    ("verilator", 2, 2, 2, "LUT", "BOTH"),
    ("verilator", 5, 1, 1, "LUT", "BOTH"),         # last pass shorter for AES-192/256
    ("icarus", 1, 2, 4, "LUT", "BOTH"),
    ("icarus", 5, 2, 1, "LUT", "ENC"),             # (COMPOSITE: LONG, below)
    ("icarus", 2, 1, 1, "LUT", "DEC"),
    ("icarus", 1, 2, 1, "BRAM", "BOTH"),           # block-RAM S-boxes: the iterative ring, 2 in flight
                                                   # (as iCE40 reads it: ICE40_FORM, below)
    ("icarus", 2, 4, 1, "BRAM", "ENC"),
    ("icarus", 2, 3, 1, "BRAM", "BOTH"),           # decrypt keys expanded on unit 0's step, U = 2
    ("icarus", 1, 3, 1, "BRAM", "BOTH"),           # ... U = 1 (ICE40_FORM): the iCE40 3-stage row
    ("icarus", 2, 3, 1, "BRAM", "DEC"),            # a fixed direction: the carried step index counts down
    ("icarus", 1, 3, 2, "TTABLE", "ENC"),
]


# Longer builds of the same test_core: `make stress` (tb/core/stress_runner.py).
LONG = [
    ("verilator", 5, 2, 1, "COMPOSITE", "ENC"),   # make test: Icarus with LUT S-boxes
    ("verilator", 1, 4, 1, "COMPOSITE", "BOTH"),  # 4-stage round: 4 blocks in flight (make test:
    # 4 stages with BRAM S-boxes, COMPOSITE in the iterative core)
]


def folded_id(c) -> str:
    return f"{c[0]}-U{c[1]}-S{c[2]}-L{c[3]}-{c[4]}-{c[5]}"


# The rows the iCE40 UP5K figures are measured on run with the ice40 target's table-build
# define (`AES_ICE40_EBR`: its key steps without a table cut take the composite SubWord); the
# U2-S4 BRAM row with the ecp5 target's (but its DP16KD, a vendor primitive: the output FIFO in
# LUT RAM, in pieces, read through a registered head) and its wide builds' registered reset
# (AES_RESET_REG: an RTL option of every core, so the folded core's form runs here too).
ICE40_FORM = {("icarus", 1, 2, 1, "BRAM", "BOTH"), ("icarus", 1, 3, 1, "BRAM", "BOTH")}
ECP5_FORM = {("icarus", 2, 4, 1, "BRAM", "ENC")}


def target_defines(row) -> dict | None:
    if row in ICE40_FORM:
        return {"AES_ICE40_EBR": 1}
    if row in ECP5_FORM:
        return ecp5_form()
    return None


def run_folded(sim, u, stages, lanes, impl, mode):
    env = {"MCT_SIZES": "16", "MCT_OUTER": "5"}
    if sim == "icarus":
        env = {"VECTOR_LIMIT": "3", "RANDOM_BLOCKS": "300", "KEY_CHANGE_BEATS": "300",
               "COCOTB_TEST_FILTER": "^(?!.*test_mct)"}
    defines = target_defines((sim, u, stages, lanes, impl, mode))
    env.update(define_env(defines))
    run(toplevel="aes_core_folded", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_folded", sim=sim,
        parameters={"U": u, "STAGES": stages, "LANES": lanes, "IMPL": impl, "MODE": mode},
        extra_env=env, defines=defines)


@pytest.mark.parametrize("sim,u,stages,lanes,impl,mode", FOLDED, ids=[folded_id(c) for c in FOLDED])
def test_folded(sim, u, stages, lanes, impl, mode):
    run_folded(sim, u, stages, lanes, impl, mode)

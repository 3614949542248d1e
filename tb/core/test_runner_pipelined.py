# SPDX-License-Identifier: Apache-2.0
"""pytest entry: aes_core_pipelined over key modes, lanes, inner stages."""
from pathlib import Path

import pytest

from aeshw.sim import run

HERE = Path(__file__).parent

CONFIGS = [
    # (sim, KEY_MODE, LANES, STAGES, IMPL, MODE, KEYS)
    ("verilator", "SHARED", 1, 1, "LUT", "BOTH", 7),
    ("icarus", "SHARED", 4, 2, "LUT", "BOTH", 7),       # 4 lanes: LUT S-boxes keep Icarus quick
    ("icarus", "AGILE", 2, 4, "LUT", "BOTH", 7),       # (COMPOSITE S-boxes: ten times the Icarus time)
    ("verilator", "SHARED", 1, 2, "COMPOSITE", "BOTH", 7),  # 2 stages: the S-box's map back behind the cut
    # (rounds: LATE_MAP; key steps: MID_CUT); COMPOSITE at 2..4 stages: a 5-clock key step
    ("icarus", "SHARED", 1, 1, "LUT", "ENC", 1),
    ("icarus", "AGILE", 1, 1, "LUT", "DEC", 1),
    # ("icarus", "SHARED", 1, 2, "BRAM", "BOTH", 7): MIXED below (lane 0 is this build's)
    ("icarus", "AGILE", 2, 3, "BRAM", "BOTH", 7),
    ("icarus", "SHARED", 1, 2, "TTABLE", "ENC", 7),    # T-tables: MixColumns in the table
    ("icarus", "SHARED", 2, 6, "LUT", "ENC", 7),        # six stages a round, two lanes, every key
    # size (the SubWord select cut; COMPOSITE: WIDE); six stages with COMPOSITE S-boxes (exit
    # taps' registers): GATED below; five stages, BOTH (aes_round_dual): GATED's last row
    ("icarus", "AGILE", 1, 6, "LUT", "ENC", 1),
]
# The same test_core on slower builds (Verilator builds of composite S-boxes and of both
# directions, Icarus composite rows, DEC at six stages): `make stress` (stress_runner.py), run
# as `make test` ran them until 2026-12 (each 2 to 5 minutes). Every key mode, form and stage
# count above keeps a row in `make test`.
SLOW = [
    ("verilator", "AGILE", 1, 1, "LUT", "BOTH", 7),     # AGILE with the NIST MCT's first loops
    ("icarus", "SHARED", 1, 3, "COMPOSITE", "ENC", 1),
    ("verilator", "AGILE", 1, 2, "COMPOSITE", "BOTH", 7),
    ("verilator", "SHARED", 1, 5, "COMPOSITE", "BOTH", 7),  # five and six stages, BOTH: aes_round_dual
    # (Verilator, light: two round datapaths made this Icarus row 19 minutes)
    ("icarus", "SHARED", 1, 6, "LUT", "DEC", 4),        # (and DEC: InvMixColumns as multiples)
    ("icarus", "SHARED", 1, 6, "COMPOSITE", "ENC", 7),
    ("icarus", "AGILE", 1, 6, "COMPOSITE", "ENC", 1),
]
# Wide builds (every NIST file and the MCT's first loops through 2 and 4 lanes in Verilator):
# `make stress` (tb/core/stress_runner.py). Each is mostly a 3 to 5 minute C++ build, and
# the Icarus rows above already run 2 and 4 lanes of both key modes in `make test`.
WIDE = [
    ("verilator", "SHARED", 2, 2, "COMPOSITE", "BOTH", 7),
    ("verilator", "AGILE", 4, 2, "LUT", "BOTH", 7),
    ("verilator", "AGILE", 2, 4, "COMPOSITE", "BOTH", 7),  # make test: Icarus with LUT S-boxes
    ("icarus", "SHARED", 2, 6, "COMPOSITE", "ENC", 1),  # the fastest build's two lanes (seven
    # minutes in Icarus; make test: LUT S-boxes, and COMPOSITE at six stages on one lane)
]


# The defines test_core is told of, a flag each (what such a build does differently: tb/core/test_core.py).
DEFINE_FLAGS = {"AES_LATE_CLEAR": "LATE_CLEAR", "AES_RESET_REG": "RESET_REG", "AES_SCRUB_FIRST": "SCRUB_FIRST"}


def define_env(defines) -> dict:
    return {flag: "1" for d, flag in DEFINE_FLAGS.items() if d in (defines or {})}


def ecp5_form() -> dict:
    """The ecp5 target's table builds of two or more lanes, as a simulation builds them: its
    defines but its DP16KD (AES_ECP5_EBR: a vendor primitive)."""
    from aeshw.synth.targets import ecp5
    return {d: 1 for d in ecp5.DEFINES + ecp5.DEFINES_WIDE if d != "AES_ECP5_EBR"}


def config_id(c) -> str:
    return f"{c[0]}-{c[1]}-L{c[2]}-S{c[3]}-{c[4]}-{c[5]}-K{c[6]}"


def run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys, defines=None, light=False, lut_lanes=0,
                  lut_impl="LUT"):
    """test_core on one build. The MCT is one chain of dependent blocks, so lanes do not
    change what it checks: 5 of its outer loops on 1-lane builds, 2 on wider ones
    (`make stress`: all 100). light: the Icarus rows' set (below) in Verilator too."""
    env = {"MCT_SIZES": "16", "MCT_OUTER": "5" if lanes == 1 else "2"}
    if sim == "icarus" or light:
        # Icarus: a subset of every NIST file (3 vectors of each direction); the MCT
        # (100k dependent blocks) is left to the Verilator builds of the same RTL.
        env.update({"VECTOR_LIMIT": "3", "RANDOM_BLOCKS": "250", "KEY_CHANGE_BEATS": "300",
                    "COCOTB_TEST_FILTER": "^(?!.*test_mct)"})
    run(toplevel="aes_core_pipelined", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_pipelined", sim=sim,
        parameters={"KEY_MODE": key_mode, "LANES": lanes, "STAGES": stages, "IMPL": impl,
                    "MODE": mode, "KEYS": keys, **({"LUT_LANES": lut_lanes} if lut_lanes else {}),
                    **({"LUT_IMPL": lut_impl} if lut_impl != "LUT" else {})},
        extra_env={**env, **define_env(defines)},
        defines=defines)


def run_row(sim, key_mode, lanes, stages, impl, mode, keys):
    """A CONFIGS or SLOW row. The composite S-boxes' Verilator model is slow (the MCT's chain
    took about ten minutes a direction): those rows run light; `make stress` runs WIDE whole."""
    run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys, light=(impl == "COMPOSITE"))


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys", CONFIGS,
                         ids=[config_id(c) for c in CONFIGS])
def test_pipelined(sim, key_mode, lanes, stages, impl, mode, keys):
    run_row(sim, key_mode, lanes, stages, impl, mode, keys)


# The output FIFO's entries on gated clocks (`AES_CLOCK_GATE`, aes_fifo: what `aeshw synth
# --target asic` builds with a library's clock-gate cell): the whole core against NIST and
# OpenSSL with the gates in the simulation, with the spare entry (six stages) and without it
# (one stage a round, the enable's gate on `full`).
GATED = [
    ("verilator", "SHARED", 1, 1, "LUT", "BOTH", 7),
    ("icarus", "SHARED", 1, 5, "LUT", "BOTH", 1),      # the bank's keys_im on the use slots' gated clocks
]                                                      # (five stages: the FIFO's spare entry too)
# ... and six stages with composite S-boxes (the exit's registers; 97 s in Icarus): `make stress`.
GATED_SLOW = [("icarus", "SHARED", 1, 6, "COMPOSITE", "ENC", 1)]


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys", GATED,
                         ids=[config_id(c) for c in GATED])
def test_pipelined_clock_gated(sim, key_mode, lanes, stages, impl, mode, keys):
    run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys, defines={"AES_CLOCK_GATE": 1})


# Lanes of both kinds (LUT_LANES): block-RAM S-boxes in lane 0 (the read register is the cut
# after SubBytes), LUT_IMPL S-boxes with the same cuts in lane 1, one beat through both: LUT
# tables, and composite circuits at four stages (the ECP5 whole-chip builds' form; Verilator,
# light: composite S-boxes are slow in Icarus).
MIXED = [
    ("icarus", "SHARED", 2, 2, "BRAM", "BOTH", 7, 1, "LUT"),
    ("verilator", "SHARED", 2, 4, "BRAM", "ENC", 1, 1, "COMPOSITE"),
]


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys,lut_lanes,lut_impl", MIXED,
                         ids=[config_id(c) + f"-{c[8]}{c[7]}" for c in MIXED])
def test_pipelined_lut_lanes(sim, key_mode, lanes, stages, impl, mode, keys, lut_lanes, lut_impl):
    # the ecp5 whole-chip builds' form (ecp5_form): the registered FIFO head, LUT-RAM FIFO in
    # pieces, the key registers' late clear, the registered reset, the load after the scrub
    run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys, lut_lanes=lut_lanes, lut_impl=lut_impl,
                  defines=ecp5_form(), light=(lut_impl == "COMPOSITE"))

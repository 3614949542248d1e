# SPDX-License-Identifier: Apache-2.0
"""pytest entry: unit tests of every rtl/lib module and of the core building
blocks aes_key_prep and aes_round_unit (aes_core_folded is tb/core's).

Verilator (the default simulator) runs few, wide builds: test wrappers in
this directory (tb_*_all.v) hold many parameter sets of a module side by side,
so one build covers them at run time. Icarus, which compiles instantly, runs
the wide parameter sweeps on each module as its own toplevel, and the cheap
wrappers too. The cocotb test modules (test_<module>.py) accept either top.
"""
import os
import subprocess
from itertools import product
from pathlib import Path

import pytest

from aeshw.paths import INCLUDE, RTL, filelist
from aeshw.sim import run

HERE = Path(__file__).parent
CORE = {"aes_key_prep": [RTL / "core" / "aes_key_prep.v"],
        "aes_round_unit": [RTL / "core" / "aes_round_unit.v"]}


def run_lib(top, test_module, sim, parameters=None, extra_env=None, defines=None):
    """Build `top` (an rtl/lib or rtl/core module, or a tb/lib wrapper) from
    rtl/aes_lib.f plus what it needs, and run `test_module` (a cocotb module
    name in this directory; several comma-separated share one build)."""
    extra = [HERE / f"{top}.v"] if top.startswith("tb_") else CORE.get(top, [])
    run(toplevel=top, test_module=test_module, test_dir=HERE, filelist_name="aes_lib",
        sources=extra, parameters=parameters or {}, sim=sim, extra_env=extra_env,
        defines=defines)


# ---- wrappers: several parameter sets of a module in one build ---------------
# (listed first so the long Verilator builds start first under pytest -n)
WRAPPERS = {
    "tb_sbox_all": "test_sbox",
    "tb_datapath_all": "test_sub_bytes,test_shift_rows,test_mix_columns,test_key_step",
    "tb_round_all": "test_round",
    "tb_store_all": "test_delay,test_fifo",
}
WRAPPER_RUNS = [("tb_round_all", "verilator"), ("tb_datapath_all", "verilator"),
                ("tb_sbox_all", "verilator"), ("tb_store_all", "verilator"),
                ("tb_sbox_all", "icarus"), ("tb_store_all", "icarus")]


@pytest.mark.parametrize("top,sim", WRAPPER_RUNS, ids=[f"{t}-{s}" for t, s in WRAPPER_RUNS])
def test_wrapper(top, sim):
    run_lib(top, WRAPPERS[top], sim)


def test_sbox_synthesis_form():
    """aes_table8 has a second form that only synthesis reads (`SYNTHESIS`: a 4:1 mux
    tree, so Yosys keeps registers in front of the tables): every S-box, exhaustively,
    in that form too. (Verilator: the mux trees took Icarus two and a half minutes a form.)"""
    run_lib("tb_sbox_all", "test_sbox", "verilator", defines={"SYNTHESIS": 1})


def test_sbox_lut_fabric_form():
    """aes_sbox as the FPGA targets read it (`AES_LUT_FABRIC`: the LUT form's last input cut
    holds the byte, not its low nibble decoded as in gate libraries in MODE "BOTH"), in the synthesis form: every S-box, exhaustively."""
    run_lib("tb_sbox_all", "test_sbox", "verilator", defines={"SYNTHESIS": 1, "AES_LUT_FABRIC": 1})


def test_composite_lut_fabric_cuts():
    """The composite S-box's cuts as the FPGA targets place them (`AES_LUT_FABRIC`, PIPE 2 or 3:
    the cut after the basis change in place of the norm's, aes_sbox MAP_FIRST): PIPE 3 in every
    direction, every input, exact latency (PIPE 2 is tb_sbox_all's, above); and a 4-stage
    composite round (PIPE 2) in MODE "BOTH" against the reference, as the ECP5 lanes use it."""
    for mode in ("ENC", "DEC", "BOTH"):
        run_lib("aes_sbox", "test_sbox", "icarus", parameters={"IMPL": "COMPOSITE", "MODE": mode, "PIPE": 3},
                defines={"AES_LUT_FABRIC": 1})
    run_lib("aes_round", "test_round", "icarus", parameters={"IMPL": "COMPOSITE", "MODE": "BOTH", "STAGES": 4},
            defines={"AES_LUT_FABRIC": 1})


def test_mix_columns_lut_fabric_form():
    """aes_mix_columns as the FPGA targets read it (`AES_LUT_FABRIC`: no kept shape):
    the same NIST / reference checks in every direction."""
    run_lib("aes_mix_columns", "test_mix_columns", "icarus", parameters={"MODE": "BOTH"},
            defines={"AES_LUT_FABRIC": 1})


def test_key_bank_lut_fabric_form():
    """aes_key_bank as the FPGA targets read it (`AES_LUT_FABRIC`: the scrub's zero per load
    slot, not on the shared write data): the same contract model."""
    run_lib("aes_key_bank", "test_key_bank", "icarus", parameters={"NR_MAX": 10, "STAGES": 2},
            defines={"AES_LUT_FABRIC": 1})


def test_key_step_ice40_form():
    """aes_key_step as the ice40 target's table builds read it (`AES_ICE40_EBR`: a step
    without a table cut takes the composite SubWord, not the LUT form), combinational and
    as aes_key_prep runs it: the FIPS-197 schedule in both directions, every key length."""
    for mode in ("BOTH", "ENC"):
        run_lib("aes_key_step", "test_key_step", "icarus", parameters={"IMPL": "BRAM", "MODE": mode},
                defines={"AES_ICE40_EBR": 1})


def test_round_xilinx_lut6_form():
    """aes_round's T-table rounds as the xilinx target reads them (`AES_XILINX_LUT6`: each
    output bit a LUT6 instance, rtl/vendor/xilinx/aes_xilinx_xor6.v, simulated with Yosys's
    own LUT6 model): the same checks as the plain form, so a wrong input to a LUT fails."""
    from aeshw.check.lint import vendor_models      # Yosys's LUT6 (and DP16KD) declarations
    for stages in (2, 4):
        run(toplevel="aes_round", test_module="test_round", test_dir=HERE, filelist_name="aes_lib",
            sources=[RTL / "vendor" / "xilinx" / "aes_xilinx_xor6.v", vendor_models()[1]],
            parameters={"IMPL": "TTABLE", "MODE": "ENC", "STAGES": stages}, sim="icarus",
            defines={"AES_XILINX_LUT6": 1})


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_clock_gate(sim):
    run_lib("aes_clock_gate", "test_clock_gate", sim)


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_fifo_clock_gated(sim):
    """aes_fifo as gate-library builds read it (`AES_CLOCK_GATE`: every entry on a gated
    clock): DEPTH 1 to 5 (SPARE = 1) and the same deque model, in both simulators."""
    run_lib("tb_store_all", "test_delay,test_fifo", sim, defines={"AES_CLOCK_GATE": 1})


@pytest.mark.parametrize("p", [{"WIDTH": 10, "DEPTH": 20, "COPIES": 3}, {"WIDTH": 10, "DEPTH": 3, "SPARE": 0},
                               {"WIDTH": 10, "DEPTH": 40, "SPARE": 0}],
                         ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_fifo_clock_gated_forms(p):
    """The gated entries with pointer copies, and without the spare entry (the enable's gate
    on `full` in front of the clock gate)."""
    run_lib("aes_fifo", "test_fifo", "icarus", p, defines={"AES_CLOCK_GATE": 1})


@pytest.mark.parametrize("sim,p", [("icarus", {"WIDTH": 10, "DEPTH": 1}), ("icarus", {"WIDTH": 10, "DEPTH": 3}),
                                   ("icarus", {"WIDTH": 10, "DEPTH": 20}),
                                   ("verilator", {"WIDTH": 10, "DEPTH": 8}),
                                   ("icarus", {"WIDTH": 10, "DEPTH": 5, "SPARE": 0})],
                         ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={x}" for k, x in v.items()))
def test_fifo_head(sim, p):
    """The RAM form read through its registered head (`AES_FIFO_HEAD`, the ECP5 builds):
    the same deque model, clock for clock, with and without the spare entry."""
    run_lib("aes_fifo", "test_fifo", sim, {**p, "RAM": 1}, defines={"AES_FIFO_HEAD": 1})


@pytest.mark.parametrize("p", [{"WIDTH": 12, "DEPTH": 13, "LAT_MAX": 11, "CHUNK": 4},
                               {"WIDTH": 13, "DEPTH": 6, "LAT_MAX": 4, "CHUNK": 4, "COPIES": 2},
                               {"WIDTH": 12, "DEPTH": 3, "LAT_MAX": 1, "CHUNK": 5, "SPARE": 0}],
                         ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_out_stage_fifo_pieces(p):
    """aes_out_stage as the ecp5 table builds read it (`AES_FIFO_CHUNKS`: the RAM-form FIFO as
    pieces of CHUNK bits in lockstep, the last with the bits left over; with the registered
    head): the same contract model, clock for clock."""
    run_lib("aes_out_stage", "test_out_stage", "icarus", {**p, "RAM": 1},
            defines={"AES_FIFO_HEAD": 1, "AES_FIFO_CHUNKS": 1})


@pytest.mark.parametrize("sim,params", [("icarus", {"NR_MAX": 14, "STAGES": 3}),
                                        ("verilator", {"NR_MAX": 10, "STAGES": 6}),
                                        ("icarus", {"NR_MAX": 12, "STAGES": 6, "INV_KEYS": 1})])
def test_key_bank_clock_gated(sim, params):
    """aes_key_bank as gate-library builds read it (`AES_CLOCK_GATE`: each round's key register
    on a gated clock): the same contract model, in both simulators."""
    run_lib("aes_key_bank", "test_key_bank", sim, parameters=params, defines={"AES_CLOCK_GATE": 1})


# ---- the core building blocks as their own toplevel on Verilator -------------
def test_key_prep_verilator():
    run_lib("aes_key_prep", "test_key_prep", "verilator", {"IMPL": "COMPOSITE", "MODE": "BOTH"})


def test_round_unit_verilator():
    run_lib("aes_round_unit", "test_round_unit", "verilator",
            {"IMPL": "LUT", "MODE": "BOTH", "STAGES": 2, "BYPASS": 1, "USER_W": 3})


# ---- Icarus: parameter sweeps, each module as its own toplevel ---------------
# `make test` runs each product of axes below as a pairwise cover (every value of each axis
# beside every value of each other axis at least once); AESHW_FULL_SWEEP=1 (`make stress`) runs
# the whole product. The hand-picked points beside the products run in both.
FULL_SWEEP = bool(os.environ.get("AESHW_FULL_SWEEP"))


def sets(**axes):
    keys = list(axes)
    every = [dict(zip(keys, vals)) for vals in product(*axes.values())]
    return every if FULL_SWEEP else pairwise(every, keys)


def pairwise(every: list[dict], keys: list[str]) -> list[dict]:
    """A subset of `every` (a full product) holding each pair of values of two axes: greedy,
    the point that covers most pairs not yet covered first (ties: the earlier point)."""
    def pairs(p):
        return {(a, p[a], b, p[b]) for i, a in enumerate(keys) for b in keys[i + 1:]}
    todo = set().union(*(pairs(p) for p in every)) if len(keys) > 1 else set()
    if not todo:
        return every
    chosen = []
    while todo:
        best = max(every, key=lambda p: len(pairs(p) & todo))
        chosen.append(best)
        todo -= pairs(best)
    return [p for p in every if p in chosen]


def pid(p):
    return "-".join(f"{k}={v}" for k, v in p.items())


MODES = ["ENC", "DEC", "BOTH"]
IMPLS = ["LUT", "COMPOSITE"]
SWEEPS = [
    ("aes_sbox", "test_sbox", sets(IMPL=IMPLS, MODE=MODES, PIPE=[0, 1, 2, 3, 4])
     + sets(IMPL=["BRAM"], MODE=MODES, PIPE=[1, 2, 3])),
    ("aes_sub_bytes", "test_sub_bytes",
     sets(NBYTES=[16], IMPL=IMPLS, MODE=["BOTH"], PIPE=[0, 2])
     + [{"NBYTES": 16, "IMPL": "BRAM", "MODE": "BOTH", "PIPE": 1},     # 8 two-port tables
        {"NBYTES": 3, "IMPL": "BRAM", "MODE": "ENC", "PIPE": 2},      # odd: a one-port table last
        {"NBYTES": 16, "IMPL": "BRAM", "MODE": "DEC", "PIPE": 3}]
     + [{"NBYTES": 4, "IMPL": "LUT", "MODE": "ENC", "PIPE": 0},
        {"NBYTES": 4, "IMPL": "COMPOSITE", "MODE": "ENC", "PIPE": 0},
        {"NBYTES": 1, "IMPL": "COMPOSITE", "MODE": "DEC", "PIPE": 1},
        {"NBYTES": 2, "IMPL": "LUT", "MODE": "ENC", "PIPE": 2}]),
    ("aes_shift_rows", "test_shift_rows", sets(MODE=MODES) + [{"MODE": "BOTH", "INV_W": 4}]),
    ("aes_mix_columns", "test_mix_columns", sets(MODE=MODES) + [{"MODE": "BOTH", "INV_W": 4}, {"MODE": "PRE"}]),
    ("aes_key_step", "test_key_step",
     sets(IMPL=IMPLS, MODE=MODES) + [{"IMPL": "BRAM", "MODE": "BOTH"},   # SubWord in the LUT form
                                     {"IMPL": "BRAM", "MODE": "ENC", "PIPE": 2, "STREAM": 0},  # ... in
                                     {"IMPL": "TTABLE", "MODE": "ENC", "PIPE": 3, "STREAM": 1},  # the table
                                     {"IMPL": "COMPOSITE", "MODE": "BOTH", "PIPE": 3, "STREAM": 1},
                                     {"IMPL": "LUT", "MODE": "DEC", "PIPE": 1, "STREAM": 1},
                                     {"IMPL": "LUT", "MODE": "ENC", "PIPE": 1, "STREAM": 0},
                                     {"IMPL": "LUT", "MODE": "ENC", "PIPE": 2, "STREAM": 0},
                                     {"IMPL": "COMPOSITE", "MODE": "ENC", "PIPE": 5, "STREAM": 0},
                                     {"IMPL": "COMPOSITE", "MODE": "ENC", "PIPE": 5, "SEL_CUT": 1},
                                     {"IMPL": "LUT", "MODE": "BOTH", "PIPE": 4, "SEL_CUT": 1},
                                     # one cut, composite: pipelined, at the inversion (MID_CUT);
                                     # multicycle, the S-boxes' last map behind it (LATE_MAP)
                                     {"IMPL": "COMPOSITE", "MODE": "BOTH", "PIPE": 1, "STREAM": 1},
                                     {"IMPL": "COMPOSITE", "MODE": "ENC", "PIPE": 1, "STREAM": 0},
                                     {"IMPL": "COMPOSITE", "MODE": "BOTH", "PIPE": 5, "STREAM": 1},
                                     # one cut, table: pipelined, at the table's read register
                                     {"IMPL": "BRAM", "MODE": "BOTH", "PIPE": 1, "STREAM": 1},
                                     {"IMPL": "BRAM", "MODE": "BOTH", "PIPE": 1, "STREAM": 1, "EARLY": 1},
                                     # the step decoded a clock early (the agile pipeline's)
                                     {"IMPL": "COMPOSITE", "MODE": "BOTH", "PIPE": 1, "STREAM": 1, "EARLY": 1},
                                     {"IMPL": "LUT", "MODE": "ENC", "PIPE": 0, "STREAM": 1, "EARLY": 1},
                                     {"IMPL": "LUT", "MODE": "DEC", "PIPE": 2, "STREAM": 1, "EARLY": 1},
                                     {"IMPL": "COMPOSITE", "MODE": "BOTH", "PIPE": 5, "STREAM": 1, "EARLY": 1},
                                     # ... from one of two sources (the folded table builds' unit 0)
                                     {"IMPL": "BRAM", "MODE": "BOTH", "PIPE": 1, "STREAM": 1, "EARLY": 2},
                                     {"IMPL": "LUT", "MODE": "DEC", "PIPE": 2, "STREAM": 1, "EARLY": 2}]),
    ("aes_round", "test_round", sets(IMPL=IMPLS, MODE=MODES, STAGES=[1, 2, 3, 4])
     + sets(IMPL=["COMPOSITE"], MODE=MODES, STAGES=[5, 6]) + [{"IMPL": "LUT", "MODE": "BOTH", "STAGES": 6}]
     + [{"IMPL": "COMPOSITE", "MODE": "ENC", "STAGES": 6, "OUTS": 2},   # an exit tap's second register
        {"IMPL": "LUT", "MODE": "BOTH", "STAGES": 1, "OUTS": 2}]
     + sets(IMPL=["BRAM"], MODE=MODES, STAGES=[2, 3, 4])
     # InvMixColumns split across the round's end (the folded iCE40 table builds' rounds)
     + sets(IMPL=["BRAM"], MODE=MODES, STAGES=[3, 4], MIX_EARLY=[1])
     # ... with the result a clock early (out_next: the folded iCE40 table builds' last unit)
     + [{"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 3, "MIX_EARLY": 1, "NEXT_OUT": 1},
        {"IMPL": "LUT", "MODE": "BOTH", "STAGES": 2, "NEXT_OUT": 1}]
     + sets(IMPL=["TTABLE"], MODE=["ENC"], STAGES=[2, 3, 4])
     # InvMixColumns as registered multiples (round_key_im driven with InvMixColumns(round_key))
     + sets(IMPL=["COMPOSITE"], MODE=["DEC"], STAGES=[3, 4, 5, 6], DEC_MUL=[1])
     + [{"IMPL": "LUT", "MODE": "DEC", "STAGES": 3, "DEC_MUL": 1},
        {"IMPL": "COMPOSITE", "MODE": "DEC", "STAGES": 6, "DEC_MUL": 1, "OUTS": 2}]),
    # MODE "BOTH" as an encrypt and a decrypt round side by side (aes_round_dual behind
    # aes_round's ports; test_round's default MODE is BOTH): joined, and the two chains
    ("tb_round_dual", "test_round",
     sets(IMPL=["COMPOSITE"], STAGES=[5, 6], JOIN=[0, 1]) + sets(IMPL=["LUT"], STAGES=[1, 2], JOIN=[0, 1]) + [
        {"IMPL": "COMPOSITE", "STAGES": 6, "INV_W": 16, "OUTS": 2},   # an exit tap's second register
        {"IMPL": "COMPOSITE", "STAGES": 2}, {"IMPL": "BRAM", "STAGES": 3, "JOIN": 0},
        {"IMPL": "COMPOSITE", "STAGES": 6, "DEC_MUL": 1}, {"IMPL": "LUT", "STAGES": 4, "DEC_MUL": 1, "JOIN": 0},
        {"IMPL": "COMPOSITE", "STAGES": 5, "INV_W": 16, "OUTS": 2, "DEC_MUL": 1}]),
    ("aes_key_prep", "test_key_prep",
     sets(IMPL=["LUT"], MODE=MODES) + [{"IMPL": "COMPOSITE", "MODE": "DEC", "KEYS": 5},
                                       {"IMPL": "LUT", "MODE": "BOTH", "KEYS": 6, "DEC_WINDOW": 0},
                                       {"IMPL": "BRAM", "MODE": "BOTH", "EXT_STEP": 1},     # a lent step
                                       {"IMPL": "BRAM", "MODE": "BOTH", "EXT_STEP": 2},     # ... a clock late
                                       {"IMPL": "BRAM", "MODE": "BOTH", "EXT_STEP": 3},     # ... two
                                       {"IMPL": "BRAM", "MODE": "BOTH", "EXT_STEP": 4}]),   # ... three
    ("aes_round_unit", "test_round_unit",
     sets(IMPL=["LUT"], MODE=MODES, STAGES=[1, 2, 3, 4])
     + [{"IMPL": "COMPOSITE", "MODE": "BOTH", "STAGES": 3, "USER_W": 5},
        {"IMPL": "LUT", "MODE": "ENC", "STAGES": 1, "BYPASS": 1},
        {"IMPL": "LUT", "MODE": "DEC", "STAGES": 2, "LANES": 3, "BYPASS": 1},
        {"IMPL": "COMPOSITE", "MODE": "BOTH", "STAGES": 4, "KEY_AHEAD": 1, "BYPASS": 1},
        {"IMPL": "COMPOSITE", "MODE": "BOTH", "STAGES": 6, "KEY_AHEAD": 1, "INV_COPIES": 1, "LANES": 2,
         "VALID_COPIES": 19},
        {"IMPL": "LUT", "MODE": "BOTH", "STAGES": 1, "KEY_AHEAD": 1, "INV_COPIES": 1, "VALID_COPIES": 10},
        {"IMPL": "LUT", "MODE": "ENC", "STAGES": 1, "KEY_AHEAD": 1},
        {"IMPL": "LUT", "MODE": "DEC", "STAGES": 2, "KEY_AHEAD": 1},
        # the agile pipeline's two-stage unit (its clock-setting build): steps decoded early
        {"IMPL": "COMPOSITE", "MODE": "BOTH", "STAGES": 2, "KEY_AHEAD": 1, "INV_COPIES": 1, "BYPASS": 1},
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 2, "LANES": 2},
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 2, "KEY_AHEAD": 1, "INV_COPIES": 1, "BYPASS": 1},
        # the folded table builds' unit: the key step cut at its table's read register
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 2, "KEY_CUT": 1},
        {"IMPL": "TTABLE", "MODE": "ENC", "STAGES": 3, "KEY_CUT": 1},
        # ... and decoded a clock early from two sources (unit 0 behind the entry register)
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 3, "KEY_CUT": 2},
        # ... with InvMixColumns split across the round's end (aes_round MIX_EARLY)
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 3, "KEY_CUT": 2, "MIX_EARLY": 1},
        {"IMPL": "BRAM", "MODE": "DEC", "STAGES": 4, "KEY_CUT": 1, "MIX_EARLY": 1, "LANES": 2, "STEP_IDX": 1},
        # ... with the window handed on a clock early, masked (a ring's last unit: WINDOW_EARLY);
        # STEP_IDX: the round field is the step index (the folded table builds' units)
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 3, "KEY_CUT": 2, "MIX_EARLY": 1, "WINDOW_EARLY": 1, "STEP_IDX": 1,
         "RING_EARLY": 1},
        {"IMPL": "LUT", "MODE": "ENC", "STAGES": 4, "KEY_CUT": 1, "WINDOW_EARLY": 1, "LANES": 2},
        {"IMPL": "LUT", "MODE": "BOTH", "STAGES": 2, "KEY_CUT": 2, "USER_W": 3, "STEP_IDX": 1},
        {"IMPL": "BRAM", "MODE": "BOTH", "STAGES": 3, "KEY_AHEAD": 1, "BYPASS": 1},
        {"IMPL": "TTABLE", "MODE": "ENC", "STAGES": 2, "LANES": 2, "BYPASS": 1}]),
    ("aes_delay", "test_delay",
     sets(WIDTH=[9], DEPTH=[0, 1, 2, 5], RESET=[0, 1]) + [{"WIDTH": 1, "DEPTH": 3, "RESET": 1},
                                                         {"WIDTH": 128, "DEPTH": 2, "RESET": 0}]),
    ("aes_fifo", "test_fifo", sets(WIDTH=[10], DEPTH=[1, 2, 3, 4, 5, 8]) + [{"WIDTH": 128, "DEPTH": 2}]
     + [{"WIDTH": 10, "DEPTH": 20, "COPIES": 3}]
     + sets(WIDTH=[10], DEPTH=[1, 3, 8], RAM=[1])
     + sets(WIDTH=[10], DEPTH=[2, 3, 8], SPARE=[0]) + [{"WIDTH": 10, "DEPTH": 20, "COPIES": 3, "SPARE": 0},
                                                      {"WIDTH": 10, "DEPTH": 5, "RAM": 1, "SPARE": 0}]),
    ("aes_out_stage", "test_out_stage",
     [{"WIDTH": 12, "DEPTH": 2, "LAT_MAX": 1}, {"WIDTH": 12, "DEPTH": 3, "LAT_MAX": 1},
      {"WIDTH": 12, "DEPTH": 13, "LAT_MAX": 11}, {"WIDTH": 12, "DEPTH": 4, "LAT_MAX": 9},
      {"WIDTH": 12, "DEPTH": 13, "LAT_MAX": 11, "SPARE": 0}, {"WIDTH": 12, "DEPTH": 3, "LAT_MAX": 1, "SPARE": 0},
      {"WIDTH": 12, "DEPTH": 6, "LAT_MAX": 4, "RAM": 1},
      {"WIDTH": 12, "DEPTH": 40, "LAT_MAX": 39, "COPIES": 2},
      # accept as the counters' late input (the folded table builds' entry register)
      {"WIDTH": 12, "DEPTH": 6, "LAT_MAX": 4, "RAM": 1, "SPARE": 0, "LATE": 1}]),
    ("aes_key_bank", "test_key_bank", [{"NR_MAX": 10, "STAGES": 1}, {"NR_MAX": 12, "STAGES": 2},
                                       {"NR_MAX": 14, "STAGES": 4}, {"NR_MAX": 10, "STAGES": 6},
                                       {"NR_MAX": 10, "STAGES": 6, "INV_KEYS": 1},
                                       {"NR_MAX": 14, "STAGES": 5, "INV_KEYS": 1}]),
    ("aes_level", "test_level", [{"MAX": 1}, {"MAX": 2, "INIT": 2}, {"MAX": 5, "INIT": 3, "GROUP": 2},
                                 {"MAX": 40, "GROUP": 16},
                                 # a late step input in the flags' last multiplexer (down, up)
                                 {"MAX": 5, "INIT": 3, "GROUP": 2, "LATE": 1}, {"MAX": 6, "LATE": 2}]),
    ("aes_reset_copies", "test_reset_copies", [{"N": 1}, {"N": 7}]),
]
SWEEP_RUNS = [(top, mod, p) for top, mod, ps in SWEEPS for p in ps]
# Shorter random phases where Icarus is slow (many parameter sets share the load).
SWEEP_ENV = {"aes_round": {"TB_CYCLES": "300"}, "tb_round_dual": {"TB_CYCLES": "300"}, "aes_round_unit": {"TB_CYCLES": "300"}}


@pytest.mark.parametrize("top,test_module,params", SWEEP_RUNS,
                         ids=[f"{t}-{pid(p)}" for t, _, p in SWEEP_RUNS])
def test_icarus_sweep(top, test_module, params):
    run_lib(top, test_module, "icarus", params, SWEEP_ENV.get(top))


@pytest.mark.parametrize("top", ["aes_shift_rows", "aes_mix_columns"])
def test_inv_w_out_of_range_stops_elaboration(top, tmp_path):
    """INV_W other than 1 or 4 stops elaboration with a module name that names it."""
    r = subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "x"), "-s", top, f"-P{top}.INV_W=2",
                        "-I", str(RTL / "lib"), str(RTL / "lib" / f"{top}.v")], capture_output=True, text=True)
    assert r.returncode != 0 and f"ERROR_{top}_INV_W_must_be_1_or_4" in r.stdout + r.stderr, r.stderr


@pytest.mark.parametrize("top,bad,word", [("aes_sub_bytes", 3, "1_or_NBYTES"), ("aes_round", 4, "1_or_16")])
def test_direction_copies_out_of_range_stop_elaboration(top, bad, word, tmp_path):
    """aes_sub_bytes / aes_round INV_W (copies of the direction) outside its values stops
    elaboration with a module name that names it."""
    srcs = [RTL / "lib" / f"{m}.v" for m in ("aes_table8", "aes_sbox", "aes_sub_bytes", "aes_shift_rows",
                                             "aes_mix_columns", "aes_round")]
    r = subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "x"), "-s", top, f"-P{top}.INV_W={bad}",
                        "-I", str(RTL / "lib")] + [str(s) for s in srcs], capture_output=True, text=True)
    assert r.returncode != 0 and f"ERROR_{top}_INV_W_must_be_{word}" in r.stdout + r.stderr, r.stderr


@pytest.mark.parametrize("params", [{"DEC_MUL": 2, "MODE": '"DEC"', "STAGES": 6},
                                    {"DEC_MUL": 1, "MODE": '"BOTH"', "STAGES": 6},
                                    {"DEC_MUL": 1, "MODE": '"DEC"', "STAGES": 2},
                                    {"DEC_MUL": 1, "MODE": '"DEC"', "STAGES": 3, "IMPL": '"BRAM"'}])
def test_dec_mul_out_of_range_stops_elaboration(params, tmp_path):
    """aes_round DEC_MUL outside its range (0 or 1; 1 only decrypting, 3 to 6 stages, LUT or
    COMPOSITE) stops elaboration with a module name that names it."""
    r = elaborate_round(params, tmp_path)
    assert r.returncode != 0 and "ERROR_aes_round_DEC_MUL_must_be" in r.stdout + r.stderr, r.stderr


def elaborate_round(params: dict, tmp_path) -> subprocess.CompletedProcess:
    """aes_round (and what it reads) elaborated by Icarus with these parameters."""
    srcs = [RTL / "lib" / f"{m}.v" for m in ("aes_table8", "aes_sbox", "aes_sub_bytes", "aes_shift_rows",
                                             "aes_mix_columns", "aes_round")]
    return subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "x"), "-s", "aes_round", "-I", str(RTL / "lib")]
                          + [f"-Paes_round.{k}={v}" for k, v in params.items()] + [str(s) for s in srcs],
                          capture_output=True, text=True)


@pytest.mark.parametrize("params", [{"MIX_EARLY": 2, "IMPL": '"BRAM"', "STAGES": 3},
                                    {"MIX_EARLY": 1, "IMPL": '"LUT"', "STAGES": 3},
                                    {"MIX_EARLY": 1, "IMPL": '"BRAM"', "STAGES": 2},
                                    {"MIX_EARLY": 1, "IMPL": '"BRAM"', "STAGES": 3, "OUTS": 2}])
def test_mix_early_out_of_range_stops_elaboration(params, tmp_path):
    """aes_round MIX_EARLY outside its range (0 or 1; 1 only with block-RAM S-boxes, 3 or 4
    stages, one output register) stops elaboration with a module name that names it."""
    r = elaborate_round(params, tmp_path)
    assert r.returncode != 0 and "ERROR_aes_round_MIX_EARLY_must_be" in r.stdout + r.stderr, r.stderr


def elaborate_core_block(top: str, params: dict, tmp_path) -> subprocess.CompletedProcess:
    """`top` (aes_round_unit or aes_key_prep) elaborated by Icarus over rtl/aes_lib.f with
    these parameters."""
    srcs = [str(s) for s in filelist("aes_lib")] + [str(s) for s in CORE[top]]
    return subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "x"), "-s", top, f"-I{INCLUDE}"]
                          + [f"-P{top}.{k}={v}" for k, v in params.items()] + srcs,
                          capture_output=True, text=True)


@pytest.mark.parametrize("top,params,name", [
    ("aes_round_unit", {"STEP_IDX": 2, "IMPL": '"BRAM"', "STAGES": 3, "KEY_CUT": 2}, "STEP_IDX"),
    ("aes_round_unit", {"STEP_IDX": 1, "STAGES": 2, "KEY_AHEAD": 1}, "STEP_IDX"),
    ("aes_round_unit", {"STEP_IDX": 1, "STAGES": 2, "BYPASS": 1}, "STEP_IDX"),
    ("aes_round_unit", {"RING_EARLY": 1, "IMPL": '"BRAM"', "STAGES": 3, "KEY_CUT": 1, "MIX_EARLY": 1}, "RING_EARLY"),
    ("aes_round_unit", {"RING_EARLY": 1, "IMPL": '"BRAM"', "STAGES": 3, "KEY_CUT": 2}, "RING_EARLY"),
    ("aes_key_prep", {"STEP_IDX": 1, "EXT_STEP": 1}, "STEP_IDX"),
    ("aes_round_unit", {"STEP_IDX": 1, "RING_EARLY": 1, "IMPL": '"BRAM"', "STAGES": 3, "KEY_CUT": 2,
                        "MIX_EARLY": 1}, None),
    ("aes_key_prep", {"STEP_IDX": 1, "EXT_STEP": 4}, None)])
def test_step_idx_ranges_stop_elaboration(top, params, name, tmp_path):
    """aes_round_unit STEP_IDX (0 or 1, with KEY_AHEAD 0 and BYPASS 0) and RING_EARLY (0 or 1,
    with KEY_CUT 2 and MIX_EARLY), aes_key_prep STEP_IDX (0 or 1, with EXT_STEP >= 2): outside
    them elaboration stops with a module name that names the parameter; inside, it elaborates."""
    r = elaborate_core_block(top, params, tmp_path)
    if name is None:
        assert r.returncode == 0, r.stdout + r.stderr
    else:
        assert r.returncode != 0 and f"ERROR_{top}_{name}_must_be" in r.stdout + r.stderr, r.stdout + r.stderr

# SPDX-License-Identifier: Apache-2.0
"""Unit tests for aeshw.synth.lut_groups (where an FPGA build's LUTs go) on small netlists in
Yosys's write_json form, written here so that each LUT's group is known by construction."""
from __future__ import annotations

from aeshw.synth.lut_groups import group_name, lut_groups


def cell(kind: str, ins: list[int], outs: list[int]) -> dict:
    return {"type": kind, "port_directions": {"I": "input", "O": "output"},
            "connections": {"I": ins, "O": outs}}


def net(bits: list[int], hidden: bool = False) -> dict:
    return {"bits": bits, "hide_name": int(hidden)}


FLOP = {"xilinx": "FDRE", "ecp5": "TRELLIS_FF", "ice40": "SB_DFFE"}


def netlist(target: str, lut: str) -> dict:
    """top: a two-LUT cone (through a wide multiplexer) into flip-flop r[3], whose output net
    also carries a mapper-made name; a LUT into output port q; one into a block RAM; one whose
    output nothing reads; two instances of the kept module `sub` (two LUTs each and a
    multiplexer, not counted)."""
    top = {"cells": {
        "$a": cell(lut, [1, 2], [10]),
        "$m": cell("MUXF7", [10], [15]),
        "$b": cell(lut, [15, 3], [11]),
        "$ff": cell(FLOP[target], [11], [12]),
        "$c": cell(lut, [4], [13]),
        "$d": cell(lut, [5], [14]),
        "$e": cell(lut, [5], [16]),
        "g_t[3].u_ram": cell("RAMB18E2", [16], []),
        "g_x[2].u_sbox": cell("sub", [1], [20]),
        "g_x[7].u_sbox": cell("sub", [2], [21]),
    }, "ports": {"q": {"direction": "output", "bits": [13]}, "x": {"direction": "input", "bits": [1, 2, 3, 4, 5]}},
        "netnames": {"hidden": net([10, 15], True), "r_SB_LUT4_O_I3": net([12]), "r": net([0, 0, 0, 12]),
                     "q": net([13]), "x": net([1, 2, 3, 4, 5])}}
    sub = {"cells": {"$l1": cell(lut, [1], [2]), "$l2": cell(lut, [2], [3]), "$m": cell("MUXF7", [3], [4])},
           "netnames": {}}
    return {"modules": {"top": top, "sub": sub, lut: {"attributes": {"blackbox": 1}, "cells": {}}}}


def test_each_lut_counts_against_the_first_endpoint_it_reaches():
    for target, lut in (("xilinx", "LUT6"), ("ecp5", "LUT4"), ("ice40", "SB_LUT4")):
        got = {g["group"]: g["luts"] for g in lut_groups(netlist(target, lut), target, "top")}
        # $a reaches the flip-flop only through the multiplexer and $b
        assert got == {"g_x[*].u_sbox": 4, "r": 2, "q": 1, "g_t[*].u_ram": 1, "(unconnected)": 1}, (target, got)


def test_largest_first_and_the_rest_summed():
    gs = lut_groups(netlist("xilinx", "LUT6"), "xilinx", "top", shown=2)
    assert gs == [{"group": "g_x[*].u_sbox", "luts": 4}, {"group": "r", "luts": 2},
                  {"group": "(other)", "luts": 3}]


def test_group_names_write_every_index_as_a_star_without_mapper_suffixes():
    assert group_name("\\g_round[3].g_lane[0].u_round.out_state") == "g_round[*].g_lane[*].u_round.out_state"
    assert group_name("u.out_state_SB_LUT4_O_I3") == "u.out_state"
    assert group_name("u_fifo.g_ram.mem.0.7") == "u_fifo.g_ram.mem.*.*"
    assert group_name("$auto$opt_dff.cc:1:q$12") == "(unnamed)"


def test_a_register_is_named_by_its_shallowest_alias():
    """The flip-flop's output net is also a deeper submodule's input port: the register's own
    (shallower) name wins, whichever comes first in the netlist."""
    nl = netlist("ecp5", "LUT4")
    nl["modules"]["top"]["netnames"] = {"g_r[4].u_sub.g_s[0].u_sbox.in_byte": net([12]),
                                        "g_r[3].u_round.out_state": net([12]), "q": net([13])}
    got = {g["group"]: g["luts"] for g in lut_groups(nl, "ecp5", "top")}
    assert got.get("g_r[*].u_round.out_state") == 2, got

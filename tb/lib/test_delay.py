# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_delay: DEPTH ce-gated register stages (0 = a wire).

Toplevel aes_delay (WIDTH/DEPTH/RESET from the build parameters) or the
wrapper tb_store_all (several DEPTH/RESET forms on one in_data). Reference:
a Python model of an exact DEPTH-stage, ce-gated shift register; with
RESET=1 rst_n clears every stage (whatever ce), with RESET=0 rst_n is ignored.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import Pipe, seed, settle, start_clock, sval, top_name

# tb_store_all's aes_delay instances: (port suffix, DEPTH, RESET)
WRAPPER = [("d0", 0, 0), ("d1", 1, 0), ("d3", 3, 0), ("d0r", 0, 1), ("d1r", 1, 1), ("d4r", 4, 1)]


class DelayInst:
    def __init__(self, name, depth, reset, out):
        self.name, self.depth, self.reset, self.out = name, depth, reset, out
        self.model = Pipe(depth)
        self.checked = 0

    def clock(self, data, ce, rst_n):
        if self.reset and not rst_n:
            self.model.reset(0)
        else:
            self.model.clock(data, ce)


def instances(dut):
    if top_name(dut) == "tb_store_all":
        return [DelayInst(f"DEPTH={d} RESET={r}", d, r, getattr(dut, f"out_data_{n}")) for n, d, r in WRAPPER]
    d, r = param("DEPTH", 1), param("RESET", 0)
    return [DelayInst(f"DEPTH={d} RESET={r}", d, r, dut.out_data)]


@cocotb.test()
async def test_random_delay(dut):
    """Random data every cycle, phases of ce=1, random ce, long stalls and
    reset pulses; every output checked every cycle once defined."""
    insts = instances(dut)
    width = len(dut.in_data)
    rng = random.Random(seed(41))
    dut.ce.value = 0
    dut.rst_n.value = 0
    dut.in_data.value = 0
    await start_clock(dut)
    for it in insts:
        it.clock(0, 0, 0)          # the reset edge right after start_clock
    plan = ([("run", 1.0, 0.0)] * 60 + [("run", 0.6, 0.0)] * 200 + [("run", 0.0, 0.0)] * 8
            + [("run", 0.8, 0.05)] * 300 + [("run", 1.0, 0.0)] * 10)
    resets_seen = 0
    for _, p_ce, p_rst in plan:
        data = rng.getrandbits(width)
        ce = int(rng.random() < p_ce)
        rst_n = 0 if rng.random() < p_rst else 1
        resets_seen += 1 - rst_n
        dut.in_data.value = data
        dut.ce.value = ce
        dut.rst_n.value = rst_n
        await settle()
        for it in insts:
            exp = it.model.head(data)
            if exp is not None:
                got = sval(it.out)
                assert got == exp, f"{it.name}: out_data {got:#x}, expected {exp:#x}"
                it.checked += 1
        await FallingEdge(dut.clk)
        for it in insts:
            it.clock(data, ce, rst_n)
    assert resets_seen > 3
    for it in insts:
        assert it.checked > 400, f"{it.name}: only {it.checked} checks"
        dut._log.info("%s: %d cycles checked", it.name, it.checked)


@cocotb.test()
async def test_exact_latency(dut):
    """With ce held high, a single marker value appears exactly DEPTH cycles
    after it was driven (and not one cycle earlier or later)."""
    insts = instances(dut)
    width = len(dut.in_data)
    dut.ce.value = 1
    dut.rst_n.value = 1
    dut.in_data.value = 0
    await start_clock(dut)
    for _ in range(6):                      # flush with zeros
        await FallingEdge(dut.clk)
    marker = (1 << width) - 1
    seen = {it.name: [] for it in insts}
    for n in range(8):
        dut.in_data.value = marker if n == 0 else 0
        await settle()
        for it in insts:
            if sval(it.out) == marker:
                seen[it.name].append(n)
        await FallingEdge(dut.clk)
    for it in insts:
        assert seen[it.name] == [it.depth], f"{it.name}: marker seen at cycles {seen[it.name]}, expected [{it.depth}]"

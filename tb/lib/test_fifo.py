# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_fifo: first-word fall-through register FIFO.

Toplevel aes_fifo (WIDTH/DEPTH from the build parameters) or the wrapper
tb_store_all (DEPTH 1..5 side by side on the same in_valid/in_data/out_ready).
Reference: a Python deque per FIFO. Checked every cycle: in_ready (not full),
out_valid (not empty), count, out_data (the head, and 0 while empty). A word is
offered only while the FIFO is not full (aes_fifo's contract; the wrapper gates
in_valid with each FIFO's in_ready).
"""
import random
from collections import deque

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import seed, settle, start_clock, sval, top_name


class FifoInst:
    def __init__(self, depth, sigs):
        self.depth = depth
        self.name = f"DEPTH={depth}"
        self.in_ready, self.out_valid, self.out_data, self.count = sigs
        self.q = deque()
        self.pushes = self.pops = self.full_cycles = self.both = 0

    def check(self, cyc):
        q, d = self.q, self.depth
        got = (sval(self.in_ready), sval(self.out_valid), sval(self.count), sval(self.out_data))
        exp = (int(len(q) != d), int(len(q) > 0), len(q), q[0] if q else 0)
        assert got == exp, (f"{self.name} cycle {cyc}: (in_ready, out_valid, count, out_data) = "
                            f"{tuple(map(hex, got))}, expected {tuple(map(hex, exp))}")

    def clock(self, in_valid, data, out_ready, rst_n):
        if not rst_n:
            self.q.clear()
            return
        push = in_valid and len(self.q) != self.depth
        pop = out_ready and len(self.q) > 0
        self.full_cycles += len(self.q) == self.depth
        self.both += push and pop
        if pop:
            self.q.popleft()
            self.pops += 1
        if push:
            self.q.append(data)
            self.pushes += 1


def set_valid(dut, v: int):
    """in_valid, and on aes_fifo itself its copies in_valid_c (all equal: the contract)."""
    dut.in_valid.value = v
    if hasattr(dut, "in_valid_c"):
        dut.in_valid_c.value = (1 << len(dut.in_valid_c)) - 1 if v else 0


def instances(dut):
    if top_name(dut) == "tb_store_all":
        return [FifoInst(d, [getattr(dut, f"{p}_f{d}") for p in ("in_ready", "out_valid", "out_data", "count")])
                for d in (1, 2, 3, 4, 5)]
    return [FifoInst(param("DEPTH", 2), [dut.in_ready, dut.out_valid, dut.out_data, dut.count])]


async def reset(dut, insts):
    dut.rst_n.value = 0
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    for it in insts:
        it.clock(0, 0, 0, 0)


@cocotb.test()
async def test_random_traffic(dut):
    """Random push/pop in phases (fill, drain, balanced, streaming), with
    mid-stream resets; full, empty and simultaneous push+pop all exercised."""
    insts = instances(dut)
    width = len(dut.in_data)
    rng = random.Random(seed(51))
    set_valid(dut, 0)
    dut.out_ready.value = 0
    dut.in_data.value = 0
    if hasattr(dut, "ce"):
        dut.ce.value = 0
    await start_clock(dut)
    await reset(dut, insts)
    phases = [(0.9, 0.2, 150), (0.2, 0.9, 150), (0.5, 0.5, 300), (1.0, 1.0, 60),
              (1.0, 0.0, 20), (0.0, 1.0, 20), (0.7, 0.7, 300)]
    cyc = 0
    for p_in, p_out, n in phases:
        for _ in range(n):
            in_valid = int(rng.random() < p_in)
            if top_name(dut) == "aes_fifo" and len(insts[0].q) == insts[0].depth:
                in_valid = 0    # the contract: no word offered while full (tb_store_all gates its own)
            out_ready = int(rng.random() < p_out)
            data = rng.getrandbits(width)
            rst_n = 0 if rng.random() < 0.005 else 1
            set_valid(dut, in_valid)
            dut.out_ready.value = out_ready
            dut.in_data.value = data
            dut.rst_n.value = rst_n
            await settle()
            for it in insts:
                it.check(cyc)
            await FallingEdge(dut.clk)
            for it in insts:
                it.clock(in_valid, data, out_ready, rst_n)
            cyc += 1
    dut.rst_n.value = 1
    for it in insts:
        # (a DEPTH=1 FIFO can never push and pop in one cycle: full blocks the push)
        assert it.pushes > 100 and it.pops > 100 and it.full_cycles > 10 and (it.both > 10 or it.depth == 1), \
            f"{it.name}: weak coverage {it.pushes} pushes {it.pops} pops {it.full_cycles} full {it.both} push+pop"
        dut._log.info("%s: %d pushes, %d pops, %d full cycles, %d push+pop cycles",
                      it.name, it.pushes, it.pops, it.full_cycles, it.both)


@cocotb.test()
async def test_empty_output_is_zero(dut):
    """After data has passed through, an empty FIFO shows out_data == 0 (no
    stale word), and a single push is visible (fall-through) the next cycle."""
    insts = instances(dut)
    width = len(dut.in_data)
    await start_clock(dut)
    await reset(dut, insts)
    word = (1 << width) - 1
    dut.out_ready.value = 0
    set_valid(dut, 1)
    dut.in_data.value = word
    await FallingEdge(dut.clk)
    set_valid(dut, 0)
    dut.in_data.value = 0
    await settle()
    for it in insts:
        assert sval(it.out_valid) == 1 and sval(it.out_data) == word, f"{it.name}: pushed word not at the head"
    dut.out_ready.value = 1
    await FallingEdge(dut.clk)
    dut.out_ready.value = 0
    for _ in range(3):
        await settle()
        for it in insts:
            assert (sval(it.out_valid), sval(it.count), sval(it.out_data)) == (0, 0, 0), \
                f"{it.name}: empty FIFO shows out_valid/count/out_data {sval(it.out_valid)}/{sval(it.count)}/{sval(it.out_data):#x}"
        await FallingEdge(dut.clk)

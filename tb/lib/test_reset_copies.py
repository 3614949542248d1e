# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_reset_copies: rst_n registered once, as N equal copies.

Toplevel aes_reset_copies (N from the build parameters). Reference: rst_n of the clock before.
Checked every cycle after the first: each of the N copies equals that value (so none is
inverted, left out, delayed twice or wired to another copy's neighbour).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import seed, start_clock

N = param("N", 1)


@cocotb.test()
async def test_copies_follow_rst_n(dut):
    """Random rst_n, with runs of each value: all N copies are rst_n one clock late."""
    rng = random.Random(seed(17))
    dut.rst_n.value = 0
    await start_clock(dut)
    await FallingEdge(dut.clk)
    before = 0
    seen = set()
    for _ in range(400):
        now = rng.choice([0, 1, 1, 1]) if rng.random() < 0.3 else before
        dut.rst_n.value = now
        await FallingEdge(dut.clk)            # the rising edge between sampled `now`
        got = int(dut.rst_c.value)
        assert got == ((1 << N) - 1 if now else 0), f"rst_c {got:0{N}b} after rst_n {now}"
        seen.add((before, now))
        before = now
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}, f"transitions seen: {seen}"

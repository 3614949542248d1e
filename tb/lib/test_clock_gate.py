# SPDX-License-Identifier: Apache-2.0
"""cocotb test for aes_clock_gate: gclk is clk in the cycles whose rising edge finds en high.

The bench drives clk by hand, so en can change at any point of either phase. Reference (the
contract, not the RTL): while clk is low gclk is low; at clk's rising edge gclk takes the
value en had just before it and holds it through the high phase, whatever en does then.
Checked after every change of clk or en, and by counting gclk's rising edges (a glitch is an
extra edge even where no sample sees it).
"""
import random

import cocotb
from cocotb.triggers import RisingEdge, Timer

from tbutil import seed, sval


async def count_edges(sig, box):
    while True:
        await RisingEdge(sig)
        box[0] += 1


async def wiggle_en(dut, rng, expect, where):
    """A few changes of en inside the current phase; gclk must stay `expect` after each."""
    for _ in range(rng.randrange(4)):
        dut.en.value = rng.randrange(2)
        await Timer(rng.randrange(1, 4), "ns")
        assert sval(dut.gclk) == expect, f"{where}: gclk {sval(dut.gclk)}, expected {expect}"


@cocotb.test()
async def test_gate_contract(dut):
    """400 cycles of random en, changed in both phases: gclk per the contract, no glitch."""
    rng = random.Random(seed(17))
    dut.clk.value = 0
    dut.en.value = 0
    await Timer(5, "ns")
    edges, want = [0], 0
    cocotb.start_soon(count_edges(dut.gclk, edges))
    for cyc in range(400):
        await wiggle_en(dut, rng, 0, f"cycle {cyc} low phase")
        dut.en.value = en = rng.randrange(2)          # the value the rising edge finds
        await Timer(2, "ns")
        dut.clk.value = 1
        await Timer(1, "ns")
        assert sval(dut.gclk) == en, f"cycle {cyc} rising edge: gclk {sval(dut.gclk)}, en was {en}"
        want += en
        await wiggle_en(dut, rng, en, f"cycle {cyc} high phase")
        await Timer(1, "ns")
        dut.clk.value = 0
        await Timer(1, "ns")
        assert sval(dut.gclk) == 0, f"cycle {cyc} falling edge: gclk {sval(dut.gclk)}"
    assert edges[0] == want, f"gclk rose {edges[0]} times, expected {want} (a glitch or a lost edge)"
    assert 150 < want < 250, f"{want} enabled cycles of 400: the random en is not random"

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_key_bank: one bank of round keys and its beat count.

Reference: the contract in the module header as a Python model. Random slot
writes (one-hot slot_oh), scrubs (only while idle, as the core does), and beats
entering (inc) and leaving (dec, never more than have entered). Checked every
cycle: every slot, and idle == (no beat in flight).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import seed, settle, start_clock, sval


@cocotb.test()
async def test_bank(dut):
    """Writes land in the one slot named, a scrub zeroes every slot, a write with
    no slot named changes nothing, and idle follows the count of beats in flight."""
    nr_max = param("NR_MAX", 10)
    rng = random.Random(seed(81))
    slots = [0] * (nr_max + 1)
    count = 0
    for sig in (dut.write, dut.slot_oh, dut.wdata, dut.inc, dut.dec):
        sig.value = 0
    dut.scrub.value = 1                  # the core scrubs a bank after reset
    await start_clock(dut)
    dut.rst_n.value = 0
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    await FallingEdge(dut.clk)
    seen = {"writes": 0, "scrubs": 0, "busy": 0}
    for cyc in range(1500):
        got = sval(dut.slots)
        exp = sum(k << (128 * i) for i, k in enumerate(slots))
        assert got == exp, f"cycle {cyc}: slots differ"
        assert sval(dut.idle) == int(count == 0), f"cycle {cyc}: idle {sval(dut.idle)} with {count} in flight"
        scrub = count == 0 and rng.random() < 0.03
        write = not scrub and rng.random() < 0.5
        slot = rng.randrange(nr_max + 2)       # nr_max + 1: no slot named
        oh = (1 << slot) & ((1 << (nr_max + 1)) - 1)
        data = rng.getrandbits(128)
        inc = int(rng.random() < (0.45 if cyc % 300 < 150 else 0.1))   # fill, then drain to idle
        dec = int(count > 0 and rng.random() < 0.4)       # only a beat in flight can leave
        dut.scrub.value, dut.write.value, dut.slot_oh.value, dut.wdata.value = int(scrub), int(write), oh, data
        dut.inc.value, dut.dec.value = inc, dec
        await settle()
        await FallingEdge(dut.clk)
        if scrub:
            slots = [0] * (nr_max + 1)
        elif write and oh:
            slots[slot] = data
        count += inc - dec
        seen["writes"] += write and bool(oh)
        seen["scrubs"] += scrub
        seen["busy"] += count > 3
    assert seen["writes"] > 300 and seen["scrubs"] > 5 and seen["busy"] > 50, seen

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_level: an up/down counter of 0..MAX with exact flags in registers.

Toplevel aes_level (MAX/INIT/GROUP from the build parameters). Reference: a Python count
(INIT after reset, + up - down each clock, never stepped out of 0..MAX by the bench: the
contract). Checked every cycle: nz, many, full (count != 0, > 1, == MAX, exact) and gt
(the count one clock behind as a thermometer: bit k is count > k).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import seed, settle, start_clock, sval

MAX, INIT = param("MAX", 4), param("INIT", 0)


def thermo(n: int) -> int:
    return (1 << n) - 1


@cocotb.test()
async def test_random_steps(dut):
    """Random up/down in phases (fill to MAX, drain to 0, balanced, both high together),
    with a reset in the middle: the flags follow the count in every cycle."""
    rng = random.Random(seed(91))
    dut.up.value = 0
    dut.down.value = 0
    dut.rst_n.value = 0
    await start_clock(dut)
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    count, behind = INIT, INIT
    seen = {"top": 0, "zero": 0, "both": 0}
    phases = [(0.9, 0.1, 3 * MAX + 20), (0.1, 0.9, 3 * MAX + 20), (0.5, 0.5, 300), (1.0, 1.0, 20),
              (0.7, 0.3, 200), (0.3, 0.7, 200)]
    for n, (p_up, p_dn, cycles) in enumerate(phases):
        for _ in range(cycles):
            up, down = int(rng.random() < p_up), int(rng.random() < p_dn)
            if not 0 <= count + up - down <= MAX:       # the contract: never past 0 or MAX
                up = down = 0
            dut.up.value = up
            dut.down.value = down
            await settle()
            got = (sval(dut.nz), sval(dut.many), sval(dut.full), sval(dut.gt))
            exp = (int(count > 0), int(count > 1), int(count == MAX), thermo(behind))
            assert got == exp, f"count {count} (one behind {behind}): (nz, many, full, gt) {got} != {exp}"
            seen["top"] += count == MAX
            seen["zero"] += count == 0
            seen["both"] += up and down
            await FallingEdge(dut.clk)
            behind, count = count, count + up - down
        if n == 2:                                  # a reset in the middle of a run
            dut.up.value = 0
            dut.down.value = 0
            dut.rst_n.value = 0
            await FallingEdge(dut.clk)
            dut.rst_n.value = 1
            count = behind = INIT
    assert seen["top"] > 5 and seen["zero"] > 5 and seen["both"] > 5, f"weak coverage: {seen}"
    dut._log.info("MAX=%d INIT=%d: %s", MAX, INIT, seen)

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_key_bank: the SHARED core's load bank and each round's key.

Reference: the contract in the module header as a Python model (not the RTL's
own output): load-slot writes (the slot named one-hot by wsel_early takes the next
cycle's wdata, unless that cycle zeroes), `apply` travelling down a delay
line so that round i's key copies its load slot exactly i*STAGES - 1 cycles after
it, scrubs zeroing the load slots a cycle later (their zeros win over a write then)
and the round keys a cycle after that (a copy of the zeroed load slots), and busy while the new key has not reached the
last round. Random writes, applies and scrubs, driven as the core drives them
(no write and no apply while busy, no write in a reset cycle). Checked every cycle: every round's key, load
slot 0 and busy.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.model import mix_columns, to_bytes, to_int
from aeshw.sim import param
from tbutil import seed, settle, start_clock, sval


class BankModel:
    """The header's contract, cycle by cycle."""

    def __init__(self, nr_max: int, stages: int):
        self.nr, self.s = nr_max, stages
        self.load = [0] * (nr_max + 1)
        self.use = [0] * (nr_max + 1)          # index 1..nr_max
        self.tok = [0] * (nr_max * stages - 1)  # tok[k]: apply delayed k + 1 cycles
        self.zero = 1                          # scrub a cycle ago (high during reset)
        self.zero2 = 1                         # scrub two cycles ago
        self.wsel = 0                          # wsel_early a cycle ago: the slot written now

    def busy(self) -> int:
        return int(any(self.tok))

    def clock(self, scrub, wsel, data, apply):
        line = [apply] + self.tok
        take = [0] + [line[i * self.s - 1] for i in range(1, self.nr + 1)]
        self.use = [self.load[i] if take[i] or self.zero2 else self.use[i] for i in range(self.nr + 1)]
        if self.zero:
            self.load = [0] * (self.nr + 1)
        else:
            self.load = [data if (self.wsel >> b) & 1 else k for b, k in enumerate(self.load)]
        self.tok = line[:len(self.tok)]
        self.zero2, self.zero, self.wsel = self.zero, scrub, wsel


def check(dut, m: BankModel, cyc: int):
    keys = sval(dut.keys)
    for i in range(1, m.nr + 1):
        got = (keys >> (128 * (i - 1))) & ((1 << 128) - 1)
        assert got == m.use[i], f"cycle {cyc}: round {i} key {got:032x}, expected {m.use[i]:032x}"
    if param("INV_KEYS", 0):
        keys_im = sval(dut.keys_im)
        for i in range(1, m.nr + 1):
            got = (keys_im >> (128 * (i - 1))) & ((1 << 128) - 1)
            want = to_int(mix_columns(to_bytes(m.use[i]), True))
            assert got == want, f"cycle {cyc}: round {i} keys_im {got:032x}, expected {want:032x}"
    assert sval(dut.load0) == m.load[0], f"cycle {cyc}: load slot 0 differs"
    assert sval(dut.busy) == m.busy(), f"cycle {cyc}: busy {sval(dut.busy)}, expected {m.busy()}"


@cocotb.test()
async def test_bank(dut):
    """Each round's key changes exactly i*STAGES - 1 cycles after apply, to what its
    load slot held then; a write lands a cycle after its slot is named, in that slot
    only; a scrub zeroes the load slots in the next cycle, the round keys in the one after."""
    m = BankModel(param("NR_MAX", 10), param("STAGES", 1))
    rng = random.Random(seed(81))
    for sig in (dut.wsel_early, dut.wdata, dut.apply):
        sig.value = 0
    dut.scrub.value = 1                  # the core scrubs after reset
    await start_clock(dut)
    dut.rst_n.value = 0
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    m.clock(1, 0, 0, 0)
    await FallingEdge(dut.clk)
    seen = {"writes": 0, "scrubs": 0, "applies": 0, "busy": 0}
    for cyc in range(3000):
        check(dut, m, cyc)
        busy = m.busy()
        scrub = int(rng.random() < 0.01)
        apply = int(not busy and rng.random() < 0.03)
        # a write named now lands next cycle: not busy then (no apply now; the core's
        # last step writes and applies in one cycle, so a write may meet an apply)
        slot = rng.randrange(m.nr + 2)         # nr + 1: no slot named
        wsel = (1 << slot) & ((1 << (m.nr + 1)) - 1) if not (busy or apply) and rng.random() < 0.5 else 0
        # INV_KEYS: wdata held for the three clocks before its write (new data every fourth
        # clock, a slot named only two clocks after it changes)
        held = param("INV_KEYS", 0)
        if held and cyc % 4 != 2:
            wsel = 0
        data = rng.getrandbits(128) if not held or cyc % 4 == 0 or cyc == 0 else data
        dut.scrub.value, dut.wsel_early.value = scrub, wsel
        dut.wdata.value, dut.apply.value = data, apply
        await settle()
        await FallingEdge(dut.clk)
        seen["writes"] += bool(m.wsel)
        m.clock(scrub, wsel, data, apply)
        seen["scrubs"] += scrub
        seen["applies"] += apply
        seen["busy"] += busy
    assert seen["writes"] > (80 if param("INV_KEYS", 0) else 300) and seen["scrubs"] > 5 and seen["applies"] > 15 and seen["busy"] > 200, seen

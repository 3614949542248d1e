# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_out_stage: a core's output FIFO and its credits.

The bench plays a core of fixed latency LAT_MAX: it offers a beat (in_valid) when it
likes, with its own condition (gate) random, and the beat is taken in (accept) only
while gate and credit_ok are high; it exits LAT_MAX cycles later, with zero data in
the cycles without an exit (the contract). Reference: the contract in the module
header, as a Python model (beats in flight, FIFO contents). Checked every cycle:
credit_ok (a FIFO place is free for every beat in flight and one more), in_ready,
accept, empty, busy, out_valid and out_data (the oldest beat, 0 while empty); and that
no exiting beat ever finds the FIFO full.
"""
import random
from collections import deque

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.sim import param
from tbutil import seed, settle, start_clock, sval


class Model:
    def __init__(self, depth, lat):
        self.depth, self.lat = depth, lat
        self.reset()

    def reset(self):
        self.pipe = deque([None] * self.lat)     # beats in flight, oldest right
        self.fifo = deque()

    def in_flight(self):
        return sum(b is not None for b in self.pipe)

    def expect(self, want=0, gate=1):
        free = self.depth - self.in_flight() - len(self.fifo)
        head = self.fifo[0] if self.fifo else 0
        return {"credit_ok": int(free > 0), "in_ready": int(gate and free > 0),
                "accept": int(want and gate and free > 0), "empty": int(self.in_flight() == 0),
                "busy": int(self.in_flight() > 0 or bool(self.fifo)),
                "out_valid": int(bool(self.fifo)), "out_data": head}

    def exit_now(self):
        return self.pipe[-1]

    def clock(self, accept_data, out_ready):
        if out_ready and self.fifo:
            self.fifo.popleft()
        leaving = self.pipe.pop()
        if leaving is not None:
            assert len(self.fifo) < self.depth, "a beat exited into a full FIFO"
            self.fifo.append(leaving)
        self.pipe.appendleft(accept_data)


async def run_traffic(dut, model, rng, phases, p_gate=0.9):
    width = len(dut.exit_data)
    stats = {"accepted": 0, "popped": 0, "no_credit": 0}
    cyc = 0
    for p_in, p_out, n in phases:
        for _ in range(n):
            want = int(rng.random() < p_in)
            gate = int(rng.random() < p_gate)
            exp = model.expect(want, gate)
            accept = exp["accept"]
            data = rng.getrandbits(width) if accept else None
            out_ready = int(rng.random() < p_out)
            leaving = model.exit_now()
            dut.in_valid.value = want
            dut.gate.value = gate
            dut.exit_valid.value = int(leaving is not None)
            dut.exit_valid_c.value = ((1 << len(dut.exit_valid_c)) - 1) if leaving is not None else 0
            dut.exit_data.value = leaving if leaving is not None else 0
            dut.out_ready.value = out_ready
            await settle()
            got = {k: sval(getattr(dut, k)) for k in exp}
            assert got == exp, f"cycle {cyc}: {got} expected {exp}"
            stats["accepted"] += bool(accept)
            stats["popped"] += bool(out_ready and exp["out_valid"])
            stats["no_credit"] += bool(want and gate and not exp["credit_ok"])
            await FallingEdge(dut.clk)
            model.clock(data, out_ready)
            cyc += 1
    return stats


@cocotb.test()
async def test_credits_and_order(dut):
    """Random offers and backpressure in phases (full rate, stalled output, drain):
    every beat comes out once, in order, and credit_ok is exact in every cycle."""
    depth, lat = param("DEPTH", 2), param("LAT_MAX", 1)
    model = Model(depth, lat)
    rng = random.Random(seed(71))
    dut.in_valid.value = 0
    dut.gate.value = 1
    dut.exit_valid.value = 0
    dut.exit_valid_c.value = 0
    dut.exit_data.value = 0
    dut.out_ready.value = 0
    await start_clock(dut)
    dut.rst_n.value = 0
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    stats = await run_traffic(dut, model, rng, [(1.0, 1.0, 200), (1.0, 0.0, 60), (0.6, 0.4, 400),
                                                (0.0, 1.0, 60), (1.0, 0.8, 300)])
    assert stats["accepted"] > 100 and stats["no_credit"] > 20, f"weak coverage: {stats}"
    dut._log.info("DEPTH=%d LAT_MAX=%d: %s", depth, lat, stats)


@cocotb.test()
async def test_full_rate(dut):
    """With DEPTH >= LAT_MAX + 2 and the output always ready, a beat is taken in every
    cycle (the depth the cores choose keeps them at full rate)."""
    depth, lat = param("DEPTH", 2), param("LAT_MAX", 1)
    if depth < lat + 2:
        dut._log.info("DEPTH=%d < LAT_MAX + 2: the full-rate claim does not apply", depth)
        return
    model = Model(depth, lat)
    rng = random.Random(seed(72))
    await start_clock(dut)
    dut.rst_n.value = 0
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    stats = await run_traffic(dut, model, rng, [(1.0, 1.0, 100)], p_gate=1.0)
    assert stats["no_credit"] == 0 and stats["accepted"] == 100, stats

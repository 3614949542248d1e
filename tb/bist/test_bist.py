# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_bist: clean runs report zero errors, injected errors are counted.

The ciphertext between the two cores (ct_* ports) is also checked against
OpenSSL on a Python copy of the generator LFSR, so the self-test cannot pass
by encrypting and decrypting wrongly in a matching way.
"""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from aeshw.model import ecb_encrypt
from aeshw.sim import param

LANES = param("LANES", 1)
ARCH = param("ARCH", "PIPELINED")
MASK = (1 << 128) - 1


def lfsr_step(x: int) -> int:
    return ((x << 1) & MASK) ^ (0x87 if x >> 127 else 0)


def patterns(seed: int):
    x = seed or 1
    while True:
        yield x.to_bytes(16, "little")
        x = lfsr_step(x)


class BistTB:
    def __init__(self, dut):
        self.dut = dut
        self.ct_beats = []
        self.cycle = 0
        self.ct_cycles = []

    async def start(self):
        d = self.dut
        cocotb.start_soon(Clock(d.clk, 10, unit="ns").start())
        for s in (d.start, d.stop, d.inject_error, d.key, d.key_len, d.seed, d.num_beats):
            s.value = 0
        d.rst_n.value = 0
        for _ in range(3):
            await RisingEdge(d.clk)
        d.rst_n.value = 1
        await RisingEdge(d.clk)
        cocotb.start_soon(self._monitor())

    async def _monitor(self):
        d = self.dut
        while True:
            await RisingEdge(d.clk)
            self.cycle += 1
            if d.ct_valid.value == 1 and d.ct_ready.value == 1:
                self.ct_beats.append(int(d.ct_data.value).to_bytes(16 * LANES, "little"))
                self.ct_cycles.append(self.cycle)

    async def run(self, key: bytes, seed: int, beats: int, inject_at=()):
        d = self.dut
        d.key.value = int.from_bytes(key.ljust(32, b"\0"), "little")
        d.key_len.value = {16: 0, 24: 1, 32: 2}[len(key)]
        d.seed.value = seed
        d.num_beats.value = beats
        d.start.value = 1
        await RisingEdge(d.clk)
        d.start.value = 0
        self.ct_beats.clear()
        self.ct_cycles.clear()
        t0 = self.cycle
        for _ in range(5):
            await RisingEdge(d.clk)
        n = 0
        todo = list(inject_at)      # inject when this many ciphertext beats have passed
        while True:
            # one request at a time: the next only once the previous one was used
            if todo and len(self.ct_beats) >= todo[0] and \
                    int(d.errors_injected.value) == len(inject_at) - len(todo):
                d.inject_error.value = 1
                todo.pop(0)
            await RisingEdge(d.clk)
            d.inject_error.value = 0
            n += 1
            if d.done.value == 1 and d.running.value == 0 and n > 20:
                break
            assert n < 200 * beats + 2000, "self-test did not finish"
        return self.cycle - t0


@cocotb.test()
async def test_clean_and_injected(dut):
    tb = BistTB(dut)
    await tb.start()
    rng = random.Random(17)
    beats = int(os.environ.get("BIST_BEATS", "200" if ARCH == "PIPELINED" else "40"))
    for klen in (16, 24, 32):
        key = bytes(rng.randrange(256) for _ in range(klen))
        seed = rng.getrandbits(128)
        cycles = await tb.run(key, seed, beats)
        assert int(dut.blocks_sent.value) == beats * LANES
        assert int(dut.blocks_checked.value) == beats * LANES
        assert int(dut.error_blocks.value) == 0, "clean run reported errors"
        assert int(dut.errors_injected.value) == 0
        # the ciphertext between the cores is AES(key, pattern) per OpenSSL
        gen = patterns(seed)
        exp = [b"".join(next(gen) for _ in range(LANES)) for _ in range(beats)]
        assert len(tb.ct_beats) == beats
        for i, (got, pt) in enumerate(zip(tb.ct_beats, exp)):
            assert got == ecb_encrypt(key, pt), f"AES-{klen * 8} ciphertext beat {i} differs from OpenSSL"
        span = tb.ct_cycles[-1] - tb.ct_cycles[0] + 1
        dut._log.info("AES-%d clean: %d blocks, %d cycles in all, ciphertext beats over %d cycles",
                      klen * 8, beats * LANES, cycles, span)
        if ARCH == "PIPELINED":
            assert span == beats, f"not full rate: {beats} beats over {span} cycles"
    # injected errors: each one garbles exactly one block
    key = bytes(rng.randrange(256) for _ in range(16))
    await tb.run(key, 0, beats, inject_at=(3, 10, 25))
    assert int(dut.errors_injected.value) == 3
    assert int(dut.error_blocks.value) == 3, f"{int(dut.error_blocks.value)} error blocks, 3 injected"
    assert int(dut.blocks_checked.value) == beats * LANES
    # a clean run after it clears the counters
    await tb.run(key, 5, 10)
    assert int(dut.error_blocks.value) == 0 and int(dut.blocks_checked.value) == 10 * LANES


@cocotb.test()
async def test_stop_and_bad_key(dut):
    """num_beats 0 runs until stop; everything sent is checked; key_len 3 is refused."""
    tb = BistTB(dut)
    await tb.start()
    d = dut
    d.key.value = 0x1234
    d.key_len.value = 2
    d.num_beats.value = 0
    d.seed.value = 99
    d.start.value = 1
    await RisingEdge(d.clk)
    d.start.value = 0
    for _ in range(150):
        await RisingEdge(d.clk)
    assert d.running.value == 1
    d.stop.value = 1
    await RisingEdge(d.clk)
    d.stop.value = 0
    for _ in range(200):
        await RisingEdge(d.clk)
        if d.done.value == 1:
            break
    assert d.done.value == 1
    sent = int(d.blocks_sent.value)
    assert sent > 0 and int(d.blocks_checked.value) == sent and int(d.error_blocks.value) == 0
    d.key_len.value = 3
    d.start.value = 1
    await RisingEdge(d.clk)
    d.start.value = 0
    for _ in range(40):
        await RisingEdge(d.clk)
    assert d.key_error.value == 1 and d.running.value == 0 and int(d.blocks_sent.value) == 0

# SPDX-License-Identifier: Apache-2.0
"""aes_ctr_blocks against OpenSSL's AES-CTR.

OpenSSL's CTR keystream is the encryption of its counter blocks, so ECB-decrypting the
keystream (CTR applied to zeros) under the same key gives the counter blocks back. After a
`load` of an IV and any number of `step`s (back to back or with gaps), lane j of `blocks` must
be OpenSSL's counter block LANES * steps + j from that IV: for random IVs, for IVs at the 2^128
wrap and for carries that stop at every bit (the high part's successor is a register of the
module, recomputed after each carry), and after `clear` every lane is the zero counter + j.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw.sim import param

LANES = param("LANES", 1)
KEY = bytes(range(16))


def openssl_counters(iv: bytes, n: int) -> list[bytes]:
    stream = Cipher(algorithms.AES(KEY), modes.CTR(iv)).encryptor().update(bytes(16 * n))
    blocks = Cipher(algorithms.AES(KEY), modes.ECB()).decryptor().update(stream)
    return [blocks[16 * i:16 * i + 16] for i in range(n)]


def edge_ivs(rng: random.Random) -> list[bytes]:
    """IVs whose carries stop at each bit in turn (a run of 1s from bit 0, random above it;
    all 1s but one 0), with the low byte(s) just below the wrap so that the first steps carry."""
    ivs = [b"\xff" * 16, b"\xff" * 15 + b"\xfe", bytes(16), bytes(15) + b"\xff", bytes(8) + b"\xff" * 8]
    below_wrap = (1 << (16 if LANES > 128 else 8)) - 1
    for t in range(128):
        for v in ((rng.getrandbits(128) & ~((2 << t) - 1)) | ((1 << t) - 1), ((1 << 128) - 1) ^ (1 << t)):
            ivs.append(v.to_bytes(16, "big"))
            v = (v | below_wrap) - rng.randrange(2 * LANES + 1)
            ivs.append((v % (1 << 128)).to_bytes(16, "big"))
    return ivs


class Bench:
    def __init__(self, dut):
        self.dut = dut
        for s in (dut.clear, dut.load, dut.step):
            s.value = 0
        dut.value.value = 0

    async def cycle(self, **inputs):
        """Hold the inputs for one rising edge; returns at the next falling edge."""
        for name, v in inputs.items():
            getattr(self.dut, name).value = v
        await FallingEdge(self.dut.clk)
        for name in inputs:
            getattr(self.dut, name).value = 0

    def check(self, want: list[bytes], first: int, what: str):
        got = int(self.dut.blocks.value).to_bytes(16 * LANES, "little")
        for j in range(LANES):
            assert got[16 * j:16 * j + 16] == want[first + j], \
                f"{what}: block {first + j} lane {j}: {got[16*j:16*j+16].hex()} != {want[first + j].hex()}"


async def run_iv(tb: Bench, rng: random.Random, iv: bytes, steps: int):
    """Load iv, one idle cycle (the contract), then `steps` steps, gaps at random; the blocks
    are checked in every cycle from the first in which a step may come."""
    want = openssl_counters(iv, LANES * (steps + 1))
    await tb.cycle(load=1, value=int.from_bytes(iv, "little"))   # IV byte i in bits [8i+7:8i]
    await tb.cycle()                                  # blocks are valid from here on (the contract)
    done = 0
    while done < steps:
        tb.check(want, LANES * done, f"IV {iv.hex()} after {done} steps")
        go = rng.random() < 0.8
        await tb.cycle(step=int(go))
        done += go
    tb.check(want, LANES * done, f"IV {iv.hex()} after {done} steps")


@cocotb.test()
async def test_counter_blocks(dut):
    cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    rng = random.Random(LANES)
    tb = Bench(dut)
    dut.rst_n.value = 0
    await tb.cycle()
    dut.rst_n.value = 1
    # short runs from the edges (each crosses a wrap of the low part within a few steps)
    for iv in edge_ivs(rng):
        await run_iv(tb, rng, iv, 4)
    # long runs: several wraps of the low part, back-to-back carries for large LANES
    span = (1 << (16 if LANES > 128 else 8)) // LANES + 2
    for iv in [rng.randbytes(16) for _ in range(6)] + [b"\xff" * 14 + bytes(2), bytes(15) + b"\xf0"]:
        await run_iv(tb, rng, iv, 3 * span if LANES <= 128 else span + 4)
    # clear: every lane is counter 0 + j (nothing of the last IV left)
    await tb.cycle(clear=1)
    tb.check(openssl_counters(bytes(16), LANES), 0, "after clear")

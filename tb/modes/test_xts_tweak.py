# SPDX-License-Identifier: Apache-2.0
"""aes_xts_tweak against OpenSSL: after a `load` of key 2 and a first data-unit number i, the
tweaks it hands out (`t_data` while `t_valid`, popped by `take`) are E(key 2, i), E(key 2, i+1),
... with the number a 128-bit little-endian value (the 2^128 wrap included), whatever the gaps
between takes; a `load` while tweaks of the old key are queued or in flight drops them all (the
next tweak is the new key's first); after `clear` no tweak is ever valid."""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw.model import KEY_LEN_CODE


def openssl_tweaks(key2: bytes, first: int, n: int) -> list[int]:
    nums = b"".join(((first + k) % (1 << 128)).to_bytes(16, "little") for k in range(n))
    out = Cipher(algorithms.AES(key2), modes.ECB()).encryptor().update(nums)
    return [int.from_bytes(out[16 * k:16 * k + 16], "little") for k in range(n)]


class Bench:
    def __init__(self, dut):
        self.dut = dut
        for s in (dut.load, dut.clear, dut.take, dut.key2, dut.key_len, dut.first):
            s.value = 0

    async def cycle(self, **inputs):
        for name, v in inputs.items():
            getattr(self.dut, name).value = v
        await FallingEdge(self.dut.clk)
        for name in ("load", "clear", "take"):
            getattr(self.dut, name).value = 0

    async def load(self, key2: bytes, first: int):
        await self.cycle(load=1, key2=int.from_bytes(key2, "little"), key_len=KEY_LEN_CODE[len(key2)],
                         first=first)

    async def take(self, rng: random.Random, want: list[int], what: str, gap: float = 0.3):
        for k, w in enumerate(want):
            waited = 0
            while not (int(self.dut.t_valid.value) and rng.random() >= gap):
                await self.cycle()
                waited += 1
                assert waited < 200, f"{what}: no tweak {k} after 200 cycles"
            got = int(self.dut.t_data.value)
            assert got == w, f"{what}: tweak {k} = {got:032x}, OpenSSL {w:032x}"
            await self.cycle(take=1)


@cocotb.test()
async def test_xts_tweaks(dut):
    cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    rng = random.Random(7)
    tb = Bench(dut)
    dut.rst_n.value = 0
    await tb.cycle()
    dut.rst_n.value = 1
    for klen in (16, 24, 32):
        key2, first = rng.randbytes(klen), rng.getrandbits(128)
        await tb.load(key2, first)
        await tb.take(rng, openssl_tweaks(key2, first, 12), f"AES-{klen * 8}")
    # the 2^128 wrap, takes back to back
    key2 = rng.randbytes(16)
    await tb.load(key2, (1 << 128) - 3)
    await tb.take(rng, openssl_tweaks(key2, (1 << 128) - 3, 8), "wrap", gap=0.0)
    # reload while the old key's tweaks are queued and in flight: none of them comes out
    for wait in (0, 3, 40):
        old, new = rng.randbytes(32), rng.randbytes(16)
        await tb.load(old, 5)
        for _ in range(wait):
            await tb.cycle()
        first = rng.getrandbits(128)
        await tb.load(new, first)
        await tb.take(rng, openssl_tweaks(new, first, 4), f"reload after {wait} cycles")
    # clear: nothing valid afterwards
    await tb.cycle(clear=1)
    for _ in range(60):
        assert not int(dut.t_valid.value), "a tweak is valid after clear"
        await tb.cycle()

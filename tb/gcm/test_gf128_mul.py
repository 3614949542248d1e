# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_gf128_mul (combinational form, REG = 0: p = a * b ^ c) against
aeshw.model.gcm.gf128_mul (SP 800-38D Algorithm 1, itself checked against OpenSSL by
test_py_gcm_model.py). RTL vectors are int.from_bytes(block, "little")."""
import os
import random

import cocotb
from cocotb.triggers import Timer

from aeshw.model.gcm import ONE, gf128_mul

ZERO = bytes(16)
X127 = bytes(15) + b"\x01"          # only x^127 set: lsb of byte 15
ALL1 = b"\xff" * 16


def to_int(b: bytes) -> int:
    return int.from_bytes(b, "little")


async def check(dut, a: bytes, b: bytes, c: bytes = ZERO):
    dut.a.value = to_int(a)
    dut.b.value = to_int(b)
    dut.c.value = to_int(c)
    await Timer(1, unit="ns")
    v = dut.p.value
    assert v.is_resolvable, f"p is not resolvable: {v}"
    got = int(v).to_bytes(16, "little")
    exp = bytes(x ^ y for x, y in zip(gf128_mul(a, b), c))
    assert got == exp, f"{a.hex()} * {b.hex()} ^ {c.hex()} = {got.hex()}, expected {exp.hex()}"


@cocotb.test()
async def test_edge_cases(dut):
    """0, 1, x^127, all ones and random operands in every pairing; 1 * b = b;
    x^127 * x wraps to x^7 + x^2 + x + 1; then every single-bit a (x^k) times
    random b and times x^127, so each coefficient's wiring is exercised."""
    rng = random.Random(11 + int(os.environ.get("TB_SEED", 0)))
    special = [ZERO, ONE, X127, ALL1, b"\x40" + bytes(15), rng.randbytes(16), rng.randbytes(16)]
    n = 0
    for a in special:
        for b in special:
            await check(dut, a, b)
            n += 1
    for k in range(128):
        xk = to_int(bytes(k // 8) + bytes([0x80 >> (k % 8)]) + bytes(15 - k // 8)).to_bytes(16, "little")
        for b in (rng.randbytes(16), X127, ALL1):
            await check(dut, xk, b)
            await check(dut, b, xk)
            n += 2
    dut._log.info("%d edge-case products checked", n)


@cocotb.test()
async def test_random(dut):
    """Random operands, including sparse and dense ones."""
    rng = random.Random(12 + int(os.environ.get("TB_SEED", 0)))
    count = int(os.environ.get("TB_CYCLES", 1500))
    for i in range(count):
        a, b = rng.randbytes(16), rng.randbytes(16)
        if i % 5 == 1:      # sparse a
            a = to_int(a) & to_int(rng.randbytes(16)) & to_int(rng.randbytes(16))
            a = a.to_bytes(16, "little")
        if i % 5 == 2:      # dense b
            b = (to_int(b) | to_int(rng.randbytes(16))).to_bytes(16, "little")
        await check(dut, a, b, rng.randbytes(16) if i % 3 == 0 else ZERO)
    dut._log.info("%d random products checked", count)

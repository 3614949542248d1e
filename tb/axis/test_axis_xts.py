# SPDX-License-Identifier: Apache-2.0
"""aes_axis XTS through its AXI4-Lite / AXI4-Stream contract (cocotbext-axi), against OpenSSL:
CAPS.XTS; a COMMIT whose two keys are equal, or with MODE_HI and a MODE other than 0, is refused
(ERROR.BAD_CONFIG) and the context in force keeps running; a data unit under 16 bytes is a frame
error (ERROR.FRAME, zeros out, tkeep as in) and uses up its tweak; data units back to back
with and without stealing, under random backpressure. (Every NIST vector and the long random runs: tb/run/test_py_xts.py.)"""
import random

import cocotb

from aeshw.model import xts
from axis_tb import BEAT, CAPS, COMMAND, ERROR, STATUS, XTS, AxisTB, Context, field

ERR_BAD_CONFIG, ERR_FRAME = 1, 8


async def commit_xts(tb: AxisTB, key: bytes, decrypt: bool, tweak: bytes):
    await tb.stage(key, XTS, decrypt, tweak)
    tb.pending_ctx = Context(key, XTS, decrypt, tweak)
    assert await tb.wr(COMMAND, 1) == 0
    assert tb.pending_ctx is None, "COMMIT B handshake not seen"


async def units_roundtrip(tb: AxisTB, key: bytes, decrypt: bool, tweak: bytes, lens: list[int],
                          rng: random.Random) -> bytes:
    """Send one packet per unit (tweaks counting up from `tweak`), check all against OpenSSL;
    returns the tweak of the next unit."""
    data = [rng.randbytes(n) for n in lens]
    for d in data:
        await tb.send(d)
    for d in data:
        got = await tb.recv_bytes(len(d))
        assert got == xts.oracle(key, tweak, d, decrypt), f"unit of {len(d)} bytes, tweak {tweak.hex()}"
        tweak = xts.next_tweak(tweak)
    return tweak


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_xts_units(dut):
    tb = AxisTB(dut, seed=11)
    await tb.start(pause_in=0.2, pause_out=0.2)
    rng = random.Random(11)
    assert field(await tb.reg(CAPS), "CAPS", "XTS") == 1
    for klen in (16, 24, 32):
        for decrypt in (False, True):
            key, tweak = rng.randbytes(2 * klen), rng.randbytes(16)
            await commit_xts(tb, key, decrypt, tweak)
            lens = [16, 17, 31, BEAT + 1, 2 * BEAT - 1, 48, 100, 512, 33]
            await units_roundtrip(tb, key, decrypt, tweak, lens, rng)
    assert await tb.reg(ERROR) == 0
    await tb.drain()
    tb.check()


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_xts_refusals(dut):
    """Equal halves and MODE_HI with MODE != 0 are refused; the XTS context in force goes on."""
    tb = AxisTB(dut, seed=12)
    await tb.start()
    rng = random.Random(12)
    key, tweak = rng.randbytes(32), rng.randbytes(16)
    await commit_xts(tb, key, False, tweak)
    tweak = await units_roundtrip(tb, key, False, tweak, [40], rng)
    half = rng.randbytes(16)
    for bad_key, mode in ((half + half, XTS), (rng.randbytes(32), XTS | 1), (rng.randbytes(32), XTS | 3)):
        await tb.stage(bad_key, mode, False, rng.randbytes(16))
        assert await tb.wr(COMMAND, 1) == 0
        assert await tb.reg(ERROR) == ERR_BAD_CONFIG and await tb.reg(STATUS) & 1 == 1
        await tb.wr(ERROR, ERR_BAD_CONFIG)
    # the old key and its tweak count are still in force
    await units_roundtrip(tb, key, False, tweak, [16, 35], rng)
    await tb.drain()
    tb.check()


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_xts_frame_errors(dut):
    """A unit under 16 bytes: ERROR.FRAME, zeros out, its tweak used up; the units after it
    are right."""
    tb = AxisTB(dut, seed=13)
    await tb.start(pause_in=0.1, pause_out=0.1)
    rng = random.Random(13)
    key, tweak = rng.randbytes(64), rng.randbytes(16)
    await commit_xts(tb, key, False, tweak)
    await tb.send(rng.randbytes(10))
    assert await tb.recv_bytes(10) == bytes(10)
    assert await tb.reg(ERROR) == ERR_FRAME
    await tb.wr(ERROR, ERR_FRAME)
    tweak = xts.next_tweak(tweak)
    tweak = await units_roundtrip(tb, key, False, tweak, [16, 50], rng)
    assert await tb.reg(ERROR) == 0
    await tb.drain()
    tb.check()

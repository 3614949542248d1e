# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_key_step: one forward or inverse key-expansion step.

Toplevel aes_key_step (IMPL/MODE/PIPE/STREAM from the build parameters) or the
wrapper tb_datapath_all (several IMPL x MODE, same inputs). With PIPE > 0 every
step holds its inputs for PIPE clocks (PIPE + 2 with SEL_CUT, its cuts in front of
SubWord: both forms' contract), and the
pipelined form (STREAM=1) also gets a new random step every clock
(test_stream; EARLY=1: early_len/idx/inv carry the next enabled clock's step, and the
multicycle tests present each step a clock early too; EARLY=2: that or early_alt, at random). Reference:
aeshw.model.key_window(key, r) (FIPS-197 5.2 expansion, tied to OpenSSL by
check_model_against_openssl): forward step r maps window r to window r+1,
inverse step r maps window r+1 to window r, for every r in 0..Nr-1.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.model import KEY_LEN_CODE, NR, check_model_against_openssl, key_window
from aeshw.sim import param
from tbutil import knob, seed, settle, start_clock, sval, top_name

PIPE = param("PIPE", 0)
STREAM = param("STREAM", 0)
EARLY = param("EARLY", 0)
HOLD = PIPE + 2 * param("SEL_CUT", 0)   # clocks a multicycle step's inputs are held


# tb_datapath_all's aes_key_step instances (IMPL, MODE); ports out_window_<lut|comp>_<mode>
WRAPPER = [("LUT", "ENC"), ("LUT", "BOTH"), ("COMPOSITE", "DEC"), ("COMPOSITE", "BOTH")]


def instances(dut):
    """[(name, MODE, out handle)]"""
    if top_name(dut) == "tb_datapath_all":
        return [(f"{i}/{m}", m, getattr(dut, f"out_window_{'lut' if i == 'LUT' else 'comp'}_{m.lower()}"))
                for i, m in WRAPPER]
    return [(f"{param('IMPL', 'LUT')}/{param('MODE', 'BOTH')}", param("MODE", "BOTH"), dut.out_window)]


def test_keys(rng, nkeys):
    keys = []
    for n in (16, 24, 32):
        keys += [bytes(n), b"\xff" * n, bytes(range(n))]          # FIPS-197 A.1-A.3 style key too
        keys += [bytes(rng.randrange(256) for _ in range(n)) for _ in range(nkeys)]
    return keys


def present(dut, window, key_len, step, inv):
    dut.in_window.value = window
    dut.key_len.value = key_len
    dut.step_idx.value = step
    dut.inv.value = inv


ALT_RNG = random.Random(seed(35))      # EARLY=2: which source carries each step


def present_early(dut, key_len, step, inv):
    """EARLY: the step presented at the next enabled clock. EARLY=2: from one of its two
    sources at random (early_alt with its select high, or early_len/idx/inv), the other
    source a random step, so a decode of the wrong one shows."""
    if EARLY:
        real = (key_len, step, inv)
        junk = (ALT_RNG.randrange(4), ALT_RNG.randrange(16), ALT_RNG.randrange(2))
        alt = EARLY == 2 and ALT_RNG.random() < 0.5
        e, a = (junk, real) if alt else (real, junk)
        dut.early_len.value, dut.early_idx.value, dut.early_inv.value = e
        if EARLY == 2:      # {select, inv, len, idx}
            dut.early_alt.value = int(alt) << 7 | a[2] << 6 | a[0] << 4 | a[1]


async def apply(dut, window, key_len, step, inv):
    """Present one step; with PIPE > 0 hold it for HOLD clocks (its result is then out);
    EARLY: its early inputs a clock before it."""
    if EARLY:
        present_early(dut, key_len, step, inv)
        await FallingEdge(dut.clk)
    present(dut, window, key_len, step, inv)
    for _ in range(HOLD if top_name(dut) == "aes_key_step" else 0):
        await FallingEdge(dut.clk)
    await settle()


async def setup(dut):
    if top_name(dut) == "aes_key_step" and (PIPE or EARLY):
        dut.ce.value = 1
        await start_clock(dut)


@cocotb.test()
async def test_reference_windows(dut):
    """The reference: window 0 is the key, round keys of the windows give the
    OpenSSL cipher (check_model_against_openssl), FIPS-197 A.1 last round key."""
    rng = random.Random(30)
    for key in test_keys(rng, 2):
        assert key_window(key, 0) == int.from_bytes(key, "little")
        check_model_against_openssl(key, bytes(rng.randrange(256) for _ in range(16)))
    k = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    assert (key_window(k, 10) & ((1 << 128) - 1)).to_bytes(16, "little").hex() == \
        "d014f9a8c9ee2589e13f0cc8b6630ca6"


@cocotb.test()
async def test_every_step(dut):
    """Every step_idx of every key length, forward and inverse, random keys.
    ENC/DEC instances must ignore inv; key_len 3 behaves as 256."""
    await setup(dut)
    insts = instances(dut)
    rng = random.Random(seed(31))
    checks = {name: 0 for name, _, _ in insts}
    for key in test_keys(rng, knob("TB_NKEYS", 6)):
        check_model_against_openssl(key, bytes(rng.randrange(256) for _ in range(16)))
        nr = NR[len(key)]
        codes = [KEY_LEN_CODE[len(key)]] + ([3] if len(key) == 32 else [])
        for code in codes:
            for r in range(nr):
                w0, w1 = key_window(key, r), key_window(key, r + 1)
                for inv in rng.sample((0, 1), 2):
                    # forward: window r -> window r+1
                    await apply(dut, w0, code, r, inv)
                    for name, mode, out in insts:
                        if mode == "ENC" or (mode == "BOTH" and inv == 0):
                            got = sval(out)
                            assert got == w1, (f"{name} forward AES-{len(key) * 8} key_len={code} step {r} "
                                               f"inv={inv}: got {got:064x}, expected {w1:064x}")
                            checks[name] += 1
                    # inverse: window r+1 -> window r
                    await apply(dut, w1, code, r, inv)
                    for name, mode, out in insts:
                        if mode == "DEC" or (mode == "BOTH" and inv == 1):
                            got = sval(out)
                            assert got == w0, (f"{name} inverse AES-{len(key) * 8} key_len={code} step {r} "
                                               f"inv={inv}: got {got:064x}, expected {w0:064x}")
                            checks[name] += 1
    for name, _, _ in insts:
        assert checks[name] > 100, f"{name}: only {checks[name]} checks"
        dut._log.info("%s: %d steps checked", name, checks[name])


@cocotb.test()
async def test_walk(dut):
    """Walk window 0 -> Nr -> 0 feeding each RTL output back (as aes_key_prep
    and the round unit do), checking every window on the way."""
    await setup(dut)
    insts = instances(dut)
    rng = random.Random(seed(32))
    for name, mode, out in insts:
        for n in (16, 24, 32):
            key = bytes(rng.randrange(256) for _ in range(n))
            check_model_against_openssl(key, bytes(16))
            nr, code = NR[n], KEY_LEN_CODE[n]
            w = key_window(key, 0)
            if mode != "DEC":
                for r in range(nr):
                    await apply(dut, w, code, r, 0)
                    w = sval(out)
                    assert w == key_window(key, r + 1), f"{name} AES-{n * 8} forward walk, window {r + 1}"
            else:
                w = key_window(key, nr)
            if mode != "ENC":
                for r in reversed(range(nr)):
                    await apply(dut, w, code, r, 1)
                    w = sval(out)
                    assert w == key_window(key, r), f"{name} AES-{n * 8} inverse walk, window {r}"
                assert w == int.from_bytes(key, "little"), f"{name}: walk back did not return the key"


def stream_step(rng, keys, mode):
    """One random step of test_stream: (source window, result, key_len, step, inv, ce)."""
    key = rng.choice(keys)
    r = rng.randrange(NR[len(key)])
    back = {"ENC": 0, "DEC": 1}.get(mode, rng.randrange(2))
    return (key_window(key, r + back), key_window(key, r + 1 - back), KEY_LEN_CODE[len(key)], r, back,
            int(rng.random() < 0.8))


@cocotb.test(skip=not (STREAM and PIPE))
async def test_stream(dut):
    """STREAM=1 (pipelined form): a new random step (key length, index, direction)
    every clock, with random ce; each result PIPE enabled clocks after its inputs."""
    await setup(dut)
    mode = param("MODE", "BOTH")
    rng = random.Random(seed(33))
    keys = test_keys(rng, 2)
    pending = []                     # expected windows, oldest first, one per enabled clock
    checked = 0
    steps = [stream_step(rng, keys, mode) for _ in range(knob("TB_CYCLES", 600))]
    if EARLY:                        # the first enabled clock's step, a clock early
        first = next(st for st in steps if st[5])
        present_early(dut, *first[2:5])
        await FallingEdge(dut.clk)
    for cyc, (src, dst, code, r, back, ce) in enumerate(steps):
        present(dut, src, code, r, back)
        # EARLY: the next enabled clock's step (at a stalled clock, any: it is not taken)
        later = next((st for st in steps[cyc + 1:] if st[5]), None)
        if later is not None and (ce or rng.random() < 0.5):
            present_early(dut, *later[2:5])
        else:
            present_early(dut, rng.randrange(4), rng.randrange(16), rng.randrange(2))
        dut.ce.value = ce
        await settle()
        if len(pending) == PIPE:
            got = sval(dut.out_window)
            assert got == pending[0], f"clock {cyc}: got {got:064x}, expected {pending[0]:064x}"
            checked += 1
        if ce:
            pending = (pending + [dst])[-PIPE:]
        await FallingEdge(dut.clk)
    assert checked > 300, f"only {checked} streamed steps checked"
    dut._log.info("%d streamed steps checked (PIPE=%d)", checked, PIPE)

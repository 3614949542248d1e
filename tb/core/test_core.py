# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for any core with the shared core interface.

Build parameters arrive as P_<NAME> environment variables (aeshw.sim.run);
TOPLEVEL names the architecture. Knobs: VECTOR_LIMIT (vectors per NIST file and
direction, 0 = all), MCT_SIZES (key bytes, e.g. "16,32"), MCT_OUTER, RANDOM_BLOCKS,
KEY_CHANGE_BEATS (the key-change stream's least length, at least 12 * NR_MAX * STAGES);
LATE_CLEAR=1 (a build with AES_LATE_CLEAR) adds test_clear_then_load; RESET_REG=1 (a build with
AES_RESET_REG) says that the core sees rst_n a clock late (test_reset_latency); SCRUB_FIRST=1 (a
build with AES_SCRUB_FIRST) that a key load waiting for a scrub starts a clock after it
(test_load_after_scrub).
"""
import os
import random

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aeshw.model import NR, ecb_decrypt, ecb_encrypt, mct_ecb, mct_next_key, perf, to_bytes
from aeshw.sim import param
from aeshw.sim.core_tb import CoreTB
from aeshw.model.vectors import ecb_vectors

LANES = param("LANES", 1)
MODE = param("MODE", "BOTH")
U = param("U", 1)
STAGES = param("STAGES", 1)
KEY_MODE = param("KEY_MODE")            # set only for aes_core_pipelined
PIPELINED = KEY_MODE is not None
KEYS = param("KEYS", 7)
SIZES = [n for n, bit in ((16, 1), (24, 2), (32, 4)) if KEYS & bit]
NR_MAX = max(NR[n] for n in SIZES)


def dirs():
    return {"ENC": [False], "DEC": [True]}.get(MODE, [False, True])


def latency(nr: int) -> int:
    """Cycles from the input handshake to out_valid (output always ready): the documented
    formula (aeshw.model.perf)."""
    return perf.latency("pipelined" if PIPELINED else "folded", STAGES, nr, KEY_MODE or "SHARED",
                        MODE != "ENC", NR_MAX, param("IMPL", "LUT"))


async def new_tb(dut, seed=1):
    tb = CoreTB(dut, lanes=LANES, seed=seed)
    await tb.start()
    return tb


@cocotb.test()
async def test_reset_state(dut):
    """After reset: no X on outputs, nothing valid, no key so no input accepted."""
    tb = await new_tb(dut)
    for _ in range(5):
        await RisingEdge(dut.clk)
        for sig in (dut.out_valid, dut.out_data, dut.out_user, dut.in_ready,
                    dut.key_ready, dut.key_error):
            assert sig.value.is_resolvable, f"{sig._name} is X/Z after reset"
        assert dut.out_valid.value == 0
        assert dut.in_ready.value == 0, "in_ready must stay low until a key is loaded"
        assert int(dut.out_data.value) == 0


@cocotb.test()
async def test_nist_ecb(dut):
    """Every ECB .rsp file of cryptography-vectors, each direction the build has."""
    tb = await new_tb(dut)
    limit = int(os.environ.get("VECTOR_LIMIT", "0"))
    total = 0
    for fname, vecs in ecb_vectors({8 * n for n in SIZES}).items():
        # VECTOR_LIMIT: the first vectors of each direction the build has (a file lists
        # every encryption before any decryption)
        vecs = [v for d in dirs() for v in [v for v in vecs if v.decrypt == d][:limit or None]]
        for v in vecs:
            # a vector under the key already in force streams on (GFSbox, VarTxt: one key)
            if tb.key != (v.key, v.decrypt):
                await tb.load_key(v.key, v.decrypt)
            src, exp = (v.ciphertext, v.plaintext) if v.decrypt else (v.plaintext, v.ciphertext)
            beats = [src[i:i + 16 * LANES] for i in range(0, len(src), 16 * LANES)]
            exps = [exp[i:i + 16 * LANES] for i in range(0, len(exp), 16 * LANES)]
            if len(beats[-1]) < 16 * LANES:     # pad a partial beat with OpenSSL blocks
                pad = 16 * LANES - len(beats[-1])
                filler = bytes(pad)
                beats[-1] += filler
                exps[-1] += (ecb_decrypt if v.decrypt else ecb_encrypt)(v.key, filler)
            await tb.send_many(beats, expected=exps)
        total += len(vecs)
        dut._log.info("NIST %s: %d vectors", fname, len(vecs))
    await tb.drain()
    dut._log.info("NIST ECB total: %d vectors, %d beats checked", total, tb.received)
    assert total > 0


@cocotb.test()
async def test_mct(dut):
    """AESAVS Monte Carlo test (ECB), 100 x 1000, checked against OpenSSL."""
    tb = await new_tb(dut)
    d = dut
    sizes = [int(s) for s in os.environ.get("MCT_SIZES", "16,32").split(",") if s and int(s) in SIZES]
    outer = int(os.environ.get("MCT_OUTER", "100"))
    rng = random.Random(2024)
    d.out_ready.value = 1
    for nbytes in sizes:
        for decrypt in dirs():
            key = bytes(rng.randrange(256) for _ in range(nbytes))
            text = bytes(rng.randrange(256) for _ in range(16))
            ref = mct_ecb(key, text, decrypt, outer=outer)
            k, t = key, text
            for i in range(outer):
                await tb.load_key(k, decrypt)
                prev = b""
                for _ in range(1000):
                    d.in_data.value = int.from_bytes(t * LANES, "little")
                    d.in_valid.value = 1
                    while True:
                        await RisingEdge(d.clk)
                        if d.in_ready.value == 1:
                            break
                    d.in_valid.value = 0
                    while True:
                        await RisingEdge(d.clk)
                        if d.out_valid.value == 1:
                            break
                    prev, t = t, to_bytes(int(d.out_data.value), 16 * LANES)[:16]
                assert (k, t) == (ref[i][0], ref[i][2]), \
                    f"MCT AES-{nbytes * 8} {'dec' if decrypt else 'enc'} outer {i}: {t.hex()} != {ref[i][2].hex()}"
                k = mct_next_key(k, prev, t)
            dut._log.info("MCT AES-%d %s: %d x 1000 OK", nbytes * 8, "decrypt" if decrypt else "encrypt", outer)
    tb._mon.cancel()


@cocotb.test()
async def test_random_stream(dut):
    """Random keys, blocks, key changes in flight, random stalls on both sides."""
    tb = await new_tb(dut, seed=7)
    rng = random.Random(7)
    n = int(os.environ.get("RANDOM_BLOCKS", "1500"))
    tb.in_valid_prob = 0.7
    tb.out_ready_prob = 0.6
    sent = 0
    keys = 0
    while sent < n:
        key = bytes(rng.randrange(256) for _ in range(rng.choice(SIZES)))
        await tb.load_key(key, rng.choice(dirs()))
        keys += 1
        burst = rng.randint(1, 40)
        beats = [bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(burst)]
        users = [rng.randrange(2) for _ in range(burst)]
        await tb.send_many(beats, users)
        sent += burst
    await tb.drain()
    dut._log.info("random: %d beats, %d keys, all matched OpenSSL in order", sent, keys)


@cocotb.test()
async def test_cycles(dut):
    """Exact latency and back-to-back throughput with the output always ready. A pipelined
    core gets more beats than its latency + 1: the output FIFO's places (credits) must come
    back in time for a beat in every clock, so a FIFO one place too small shows as a gap."""
    tb = await new_tb(dut)
    rng = random.Random(3)
    for nbytes in SIZES:
        for decrypt in dirs():
            nr = NR[nbytes]
            await tb.load_key(bytes(rng.randrange(256) for _ in range(nbytes)), decrypt)
            tb.in_cycles.clear()
            tb.out_cycles.clear()
            nblocks = latency(NR_MAX) + 3 if PIPELINED else 3 * U * STAGES
            beats = [bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(nblocks)]
            await tb.send_many(beats)
            await tb.drain()
            lat = [o - i for i, o in zip(tb.in_cycles, tb.out_cycles)]
            assert lat == [latency(nr)] * nblocks, f"AES-{nbytes*8}: latency {lat}, expected {latency(nr)}"
            gaps = [b - a for a, b in zip(tb.in_cycles, tb.in_cycles[1:])]
            exp_gaps = expected_gaps(nr, nblocks)
            assert gaps == exp_gaps, f"AES-{nbytes*8}: accept gaps {gaps}, expected {exp_gaps}"
            per_block = (tb.in_cycles[-1] - tb.in_cycles[0] + exp_gaps[-1]) / nblocks if nblocks > 1 else nr
            dut._log.info("AES-%d %s: latency %d cycles, %.2f cycles/block", nbytes * 8,
                          "dec" if decrypt else "enc", lat[0], per_block)


def expected_gaps(nr: int, nblocks: int) -> list[int]:
    """Accept gaps of back-to-back beats: 1 for the pipelined core; for the
    folded core, accept cycles of a ring of U*STAGES slots (folded core), back to back.

    Slot model: a block entering at cycle c does round k at unit (k-1) % U and
    leaves in cycle c + nr*STAGES; a new block enters when the slot coming
    back to unit 0 is free (empty, or its block leaves in that cycle).
    """
    if PIPELINED:
        return [1] * (nblocks - 1)
    d = U * STAGES
    ring = [None] * d        # ring[p]: entry cycle of the block at ring position p
    t, accepted = 0, []
    # position p = number of stage-registers passed mod d; feedback = position 0
    while len(accepted) < nblocks:
        fb = ring[0]
        # a block leaves when it has done nr rounds: after nr*STAGES cycles
        leaving = fb is not None and t - fb >= nr * STAGES
        free = fb is None or leaving
        if leaving:
            ring[0] = None
        if free:
            accepted.append(t)
            ring[0] = t
        # blocks that leave mid-ring (exit unit != U-1) free their slot too
        ring = [None if (b is not None and t + 1 - b > nr * STAGES) else b for b in ring]
        ring = ring[-1:] + ring[:-1]
        t += 1
    return [b - a for a, b in zip(accepted, accepted[1:])]


@cocotb.test()
async def test_key_error(dut):
    """key_len 3 is refused with key_error; the old key stays in force."""
    tb = await new_tb(dut)
    rng = random.Random(5)
    good = bytes(rng.randrange(256) for _ in range(SIZES[0]))
    dec = dirs()[0]
    await tb.load_key(good, dec)
    await RisingEdge(dut.clk)
    assert dut.key_error.value == 0
    await tb.load_key(bytes(range(32)), dec, len_code=3)
    await RisingEdge(dut.clk)
    assert dut.key_error.value == 1, "key_error not set by key_len 3"
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(4)])
    await tb.drain()   # expected computed with the good key
    if MODE != "BOTH":  # a direction the build lacks is refused too
        await tb.load_key(good, not dec)
        tb.key = (good, dec)
        await RisingEdge(dut.clk)
        assert dut.key_error.value == 1, "unsupported direction not refused"
    await tb.load_key(good, dec)
    await RisingEdge(dut.clk)
    assert dut.key_error.value == 0, "key_error not cleared by a good key"


@cocotb.test()
async def test_reset_and_clear(dut):
    """Reset mid-block returns to idle cleanly; key_clear removes the key."""
    tb = await new_tb(dut)
    rng = random.Random(9)
    key = bytes(rng.randrange(256) for _ in range(SIZES[-1]))
    await tb.load_key(key, dirs()[0])
    dut.out_ready.value = 0
    tb.out_ready_prob = 0.0
    # one block, reset while it is in the middle of its rounds
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES))])
    for _ in range(4):
        await RisingEdge(dut.clk)
    await tb.reset(2)
    tb.flush_model()
    for _ in range(3):
        await RisingEdge(dut.clk)
        assert dut.out_valid.value == 0 and int(dut.out_data.value) == 0
        assert dut.in_ready.value == 0, "key must be gone after reset"
        assert dut.out_data.value.is_resolvable
    tb.out_ready_prob = 1.0
    await tb.load_key(key, dirs()[0])
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(5)])
    await tb.drain()
    # key_clear: zeroized context, no input accepted
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
        assert dut.in_ready.value == 0, "in_ready high after key_clear"


@cocotb.test()
async def test_reset_latency(dut):
    """A one-clock rst_n pulse while a beat waits at the output: the core drops it in the clock
    rst_n is sampled low, or (RESET_REG=1: built with AES_RESET_REG, rst_n registered) one clock
    later, still offering it in between; then the key is gone, and a new one works."""
    tb = await new_tb(dut, seed=13)
    rng = random.Random(13)
    key = bytes(rng.randrange(256) for _ in range(SIZES[0]))
    await tb.load_key(key, dirs()[0])
    tb.out_ready_prob = 0.0
    dut.out_ready.value = 0
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES))])
    for _ in range(40 * NR_MAX * STAGES):
        if dut.out_valid.value == 1:
            break
        await RisingEdge(dut.clk)
    assert dut.out_valid.value == 1, "the beat never reached the output"
    late = os.environ.get("RESET_REG") == "1"
    dut.rst_n.value = 0
    await RisingEdge(dut.clk)                  # rst_n sampled low here, once
    dut.rst_n.value = 1
    await ReadOnly()
    assert dut.out_valid.value == int(late), f"out_valid {dut.out_valid.value} after the reset clock"
    for _ in range(3):
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.out_valid.value == 0 and int(dut.out_data.value) == 0 and dut.in_ready.value == 0
    await RisingEdge(dut.clk)
    tb.flush_model()
    tb.out_ready_prob = 1.0
    await tb.load_key(key, dirs()[0])
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(3)])
    await tb.drain()


@cocotb.test()
async def test_key_change_full_rate(dut):
    """Keys change while a continuous stream flows: nothing lost, every block
    with its own key; pipelined cores keep one beat per clock (in_ready never
    falls) for key changes of one key length."""
    tb = await new_tb(dut, seed=11)
    rng = random.Random(11)
    nbytes = SIZES[0]
    await tb.load_key(bytes(rng.randrange(256) for _ in range(nbytes)), dirs()[0])
    # A SHARED key change waits for the last one to pass every round (NR_MAX * STAGES
    # cycles, plus the expansion's): the stream goes on (at least KEY_CHANGE_BEATS beats) until
    # six changes have happened in it, so a core whose key load is long gets a longer stream.
    min_beats = max(int(os.environ.get("KEY_CHANGE_BEATS", "600")), 12 * NR_MAX * STAGES)
    nkeys = 0
    drng = random.Random(12)

    def beats():
        n = 0
        while (n < min_beats or nkeys < 6) and n < 20 * min_beats:   # (a bound: a key load that hangs fails below)
            n += 1
            yield bytes(drng.randrange(256) for _ in range(16 * LANES))
    tb.in_cycles.clear()
    sender = cocotb.start_soon(tb.send_many(beats()))
    while not sender.done():
        for _ in range(rng.randint(0, 12)):
            await RisingEdge(dut.clk)
        if sender.done():
            break
        await tb.load_key(bytes(rng.randrange(256) for _ in range(nbytes)), rng.choice(dirs()))
        nkeys += 1
    await sender
    await tb.drain()
    nbeats = len(tb.in_cycles)
    span = tb.in_cycles[-1] - tb.in_cycles[0] + 1
    dut._log.info("%d beats, %d key changes, accepted over %d cycles", nbeats, nkeys, span)
    if PIPELINED:
        assert span == nbeats, f"{nbeats} beats took {span} cycles: input stalled on key change"
    # SHARED starts the next expansion only once the last new key has reached every
    # round (NR_MAX * STAGES cycles), so deep pipelines take fewer keys in the same
    # stream; still several changes mid-stream.
    assert nkeys >= 5, f"only {nkeys} key changes happened mid-stream"


def _has(handle, name: str) -> bool:
    try:
        getattr(handle, name)
    except AttributeError:
        return False
    return True


async def test_lut_lanes_built(dut):
    """LUT_LANES (aes_core_pipelined): the last LUT_LANES lanes' S-boxes are the LUT_IMPL form
    (LUT tables or composite), the others block RAM, in every round (the data tests above cannot
    tell the forms apart)."""
    lut_lanes = param("LUT_LANES", 0)
    forms = {"LUT": "g_lut", "COMPOSITE": "g_composite", "BRAM": "g_bram"}
    for rnd in range(1, NR_MAX + 1):
        for lane in range(LANES):
            sbox = dut.g_shared.g_round[rnd].g_lane[lane].g_one.u_round.u_sub.g_sbox[0].u_sbox
            want = forms[param("LUT_IMPL", "LUT") if lane >= LANES - lut_lanes else "BRAM"]
            built = [f for f in forms.values() if _has(sbox, f)]
            assert built == [want], f"round {rnd} lane {lane}: {built}, not {want}"


async def test_clear_then_load(dut):
    """key_clear, then a new key offered in the very next clock (SHARED pipelined core): the
    window and whitening key are zero two clocks after the clear (one more than the control:
    AES_LATE_CLEAR, with the load winning over that late clear), and the new key, loaded at
    once, encrypts correctly (OpenSSL)."""
    tb = await new_tb(dut)
    rng = random.Random(23)
    s = dut.g_shared
    for n in range(2):
        key = bytes(rng.randrange(256) for _ in range(SIZES[-1]))
        await tb.load_key(key, dirs()[-1])
        await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(4)])
        await tb.drain()
        dut.key_clear.value = 1
        await RisingEdge(dut.clk)
        dut.key_clear.value = 0
        if n == 0:          # nothing offered: the key registers clear
            await RisingEdge(dut.clk)
            await tb.settle()
            assert int(s.win.value) == 0 and int(s.wkey.value) == 0, "key registers not zero after CLEAR"
    # after the second clear a key comes in the next clock
    key = bytes(rng.randrange(256) for _ in range(SIZES[0]))
    await tb.load_key(key, dirs()[0])
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(6)])
    await tb.drain()


async def test_load_after_scrub(dut):
    """docs/core_interface.md rule 7 (SHARED pipelined core): a key offered in the clock after
    key_clear, on an empty core, waits for the scrub of the round keys: its handshake comes as
    many clocks after key_valid as an idle load's does, or one more in a build with
    AES_SCRUB_FIRST (SCRUB_FIRST=1). The key then encrypts correctly (OpenSSL)."""
    tb = await new_tb(dut, seed=29)
    rng = random.Random(29)

    def a_key():
        return bytes(rng.randrange(256) for _ in range(SIZES[0]))

    async def idle():                       # every beat out, the last key in every round
        await tb.drain()
        for _ in range(4 * NR_MAX * STAGES + 8):
            await RisingEdge(dut.clk)

    async def timed_load():                 # clocks from key_valid to its handshake
        c0 = tb.cycle()
        return await tb.load_key(a_key(), dirs()[0]) - c0
    await tb.load_key(a_key(), dirs()[0])
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(3)])
    await idle()
    plain = await timed_load()
    await idle()
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    after_clear = await timed_load()
    late = int(os.environ.get("SCRUB_FIRST") == "1")
    assert after_clear == plain + late, \
        f"a load after CLEAR took {after_clear} clocks, an idle one {plain} (AES_SCRUB_FIRST: {late})"
    await tb.send_many([bytes(rng.randrange(256) for _ in range(16 * LANES)) for _ in range(3)])
    await tb.drain()


# The tests above are registered only in the builds they are about: `skip=` would not do,
# as cocotb runs a skipped test anyway when COCOTB_TEST_FILTER is set (the Icarus rows set it).
if param("LUT_LANES", 0):
    test_lut_lanes_built = cocotb.test(test_lut_lanes_built)
if KEY_MODE == "SHARED" and os.environ.get("LATE_CLEAR") == "1":
    test_clear_then_load = cocotb.test(test_clear_then_load)
if KEY_MODE == "SHARED":
    test_load_after_scrub = cocotb.test(test_load_after_scrub)

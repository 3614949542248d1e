# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_axis (AXI4-Stream / AXI4-Lite AES IP), against OpenSSL.

Build parameters arrive as P_<NAME> (aeshw.sim.run). Knobs (environment):
MATRIX_BYTES (message bytes per matrix case), THROUGHPUT_BEATS, NIST_LIMIT (vectors per NIST
file, 0 = all), STREAM_COMMITS (commits in test_commits_during_stream).
"""
import os
import random

import cocotb
from cocotb.triggers import RisingEdge

from aeshw.model.vectors import aes_dir, parse_rsp
from aeshw.model import gcm_packet as gp
from aeshw import regs
from aeshw.model import perf
from axis_tb import (BEAT, BLOCKS_IN, BLOCKS_OUT, CAPS, CBC, COMMAND, CTR, CTRL, CTRL_FIELDS, ECB, ERROR,
                     GCM, ID, ID_VALUE, IV0, KEY0, LANES, MODE_NAMES, STATUS, USER_WIDTH, ARCH,
                     AxisTB, field, oneshot)
from aeshw.sim import param

STAGES = param("STAGES", 1)
U = param("U", 1)


def rbytes(rng, n):
    return bytes(rng.randrange(256) for _ in range(n))


def flush_sink(tb):
    while not tb.sink.empty():
        tb.sink.recv_nowait()


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_registers(dut):
    """ID/CAPS values, read-back rules, write strobes, unmapped offsets, reset state."""
    tb = AxisTB(dut)
    await tb.start()
    assert await tb.reg(ID) == ID_VALUE
    caps = await tb.reg(CAPS)
    arch_code = {"ITERATIVE": regs.ARCH_ITERATIVE, "FOLDED": regs.ARCH_FOLDED,
                 "PIPELINED": regs.ARCH_PIPELINED}[ARCH]
    assert field(caps, "CAPS", "LANES") == LANES, f"CAPS {caps:08x}"
    assert field(caps, "CAPS", "ARCH") == arch_code, f"CAPS {caps:08x}"
    assert field(caps, "CAPS", "ENC") == 1 and field(caps, "CAPS", "DEC") == 1, f"CAPS {caps:08x}"
    assert field(caps, "CAPS", "KEY_SIZES") == 7 and field(caps, "CAPS", "MODES") == 7, f"CAPS {caps:08x}"
    assert field(caps, "CAPS", "STAGES") == (STAGES if ARCH != "ITERATIVE" else 1) or ARCH == "ITERATIVE"
    assert field(caps, "CAPS", "GCM") == 1, f"CAPS {caps:08x}"
    used = sum(getattr(regs, n) for n in dir(regs) if n.startswith("CAPS_") and n.endswith("_MASK"))
    assert caps & ~used == 0, f"CAPS reserved bits {caps:08x}"
    # before the first COMMIT: not ready, tready low even with data offered
    assert await tb.reg(STATUS) == 0
    await tb.send(bytes(BEAT))
    for _ in range(30):
        await RisingEdge(dut.aclk)
        assert dut.s_axis_tready.value == 0, "tready high before the first COMMIT"
    assert tb.in_beats == 0
    # KEY: write-only, reads 0
    for i in range(8):
        assert await tb.wr(KEY0 + 4 * i, 0x11111111 * (i + 1)) == 0
        assert await tb.reg(KEY0 + 4 * i) == 0
    # IV: read back, byte strobes honoured
    for i in range(4):
        await tb.wr(IV0 + 4 * i, 0xA0B0C0D0 + i)
    await tb.axil.write(IV0 + 1, b"\x55")            # one byte lane
    await tb.axil.write(IV0 + 4 + 2, b"\x66\x77")    # two byte lanes
    assert await tb.reg(IV0) == 0xA0B055D0
    assert await tb.reg(IV0 + 4) == 0x7766C0D1
    assert await tb.reg(IV0 + 8) == 0xA0B0C0D2
    # CTRL: fields read back, other bits 0; strobe without byte 0 changes nothing
    await tb.wr(CTRL, 0xFFFFFFFF)
    assert await tb.reg(CTRL) == CTRL_FIELDS
    await tb.axil.write(CTRL + 1, b"\x00")
    assert await tb.reg(CTRL) == CTRL_FIELDS
    await tb.wr(CTRL, 0)
    assert await tb.reg(COMMAND) == 0
    # unmapped offsets: SLVERR on read and write, no side effect
    for addr in (0x008, 0x00C, 0x058, 0x05C, 0x100, 0x400, 0xFFC):
        v, r = await tb.rd(addr)
        assert r == 2, f"read 0x{addr:03x}: resp {r}, expected SLVERR"
        assert await tb.wr(addr, 0xFFFFFFFF) == 2, f"write 0x{addr:03x} not SLVERR"
    # read-only registers ignore writes (OKAY)
    assert await tb.wr(ID, 0) == 0 and await tb.reg(ID) == ID_VALUE
    assert await tb.reg(STATUS) == 0 and await tb.reg(ERROR) == 0
    # the offered beat is taken once a context is committed
    flush_sink(tb)
    await tb.commit(bytes(16), ECB, False)
    await tb.drain()
    assert await tb.reg(STATUS) & 1 == 1


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_modes_matrix(dut):
    """Every mode x direction x key size, whole messages vs OpenSSL, random pauses both sides."""
    tb = AxisTB(dut, seed=11)
    await tb.start(pause_in=0.3, pause_out=0.3)
    rng = random.Random(11)
    nbytes = int(os.environ.get("MATRIX_BYTES", "160"))
    for mode in (ECB, CBC, CTR):
        for decrypt in (False, True):
            for klen in (16, 24, 32):
                key, iv = rbytes(rng, klen), rbytes(rng, 16)
                flush_sink(tb)
                await tb.commit(key, mode, decrypt, iv)
                b0 = await tb.reg(BLOCKS_IN)
                o0 = await tb.reg(BLOCKS_OUT)
                # message: whole beats for ECB/CBC, any length (partial tail) for CTR
                n = max(BEAT, nbytes - nbytes % BEAT) if mode != CTR else nbytes + rng.randrange(1, 16)
                msg = rbytes(rng, n)
                # split into 1..3 frames on beat boundaries (tlast inside the message)
                cuts = sorted(rng.sample(range(1, n // BEAT), min(2, n // BEAT - 1))) if n // BEAT > 1 else []
                pos = 0
                for c in cuts + [None]:
                    end = n if c is None else c * BEAT
                    await tb.send(msg[pos:end])
                    pos = end
                got = await tb.recv_bytes(n)
                exp = oneshot(key, mode, decrypt, iv, msg)
                assert got == exp, f"{MODE_NAMES[mode]}-{klen * 8} {'dec' if decrypt else 'enc'}: " \
                                   f"message differs from OpenSSL\n{got.hex()}\n{exp.hex()}"
                await tb.drain()
                nblk = (n + 15) // 16
                assert await tb.reg(BLOCKS_IN) - b0 == nblk
                assert await tb.reg(BLOCKS_OUT) - o0 == nblk
                dut._log.info("%s-%d %s: %d bytes OK", MODE_NAMES[mode], klen * 8,
                              "dec" if decrypt else "enc", n)
    assert await tb.reg(ERROR) == 0


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_commits_during_stream(dut):
    """COMMITs (and a CLEAR, a refused COMMIT) while frames stream: exact switch at the B handshake."""
    tb = AxisTB(dut, seed=23)
    await tb.start(pause_in=0.2, pause_out=0.3)
    rng = random.Random(23)
    ncommits = int(os.environ.get("STREAM_COMMITS", "12"))
    await tb.commit(rbytes(rng, 16), CTR, False, rbytes(rng, 16))
    done = False

    async def streamer():
        while not done:
            await tb.send(rbytes(rng, BEAT * rng.randint(1, 6)))
            while tb.src.count() > 4 and not done:
                await RisingEdge(dut.aclk)

    task = cocotb.start_soon(streamer())
    boundaries = 0
    for i in range(ncommits):
        for _ in range(rng.randint(0, 60)):
            await RisingEdge(dut.aclk)
        before = tb.in_beats
        if i == ncommits // 2:
            await tb.clear()                          # stream stops until the next COMMIT
            for _ in range(40):
                await RisingEdge(dut.aclk)
                assert dut.s_axis_tready.value == 0
            assert await tb.reg(STATUS) & 1 == 0
        elif i == ncommits // 3:
            await tb.stage(rbytes(rng, 16), ECB, False, key_len=3)  # reserved: refused, old context stays
            assert await tb.wr(COMMAND, 1) == 0
            assert await tb.reg(ERROR) & 1 == 1
            await tb.wr(ERROR, 1)
        mode = rng.choice((ECB, CBC, CTR))
        await tb.commit(rbytes(rng, rng.choice((16, 24, 32))), mode, rng.random() < 0.5, rbytes(rng, 16))
        boundaries += tb.in_beats > before
    for _ in range(100):
        await RisingEdge(dut.aclk)
    done = True
    await task
    await tb.drain()
    assert await tb.reg(ERROR) == 0
    dut._log.info("%d beats through %d commits (%d with beats before them in flight)",
                  tb.in_beats, ncommits, boundaries)


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_bad_config(dut):
    """Reserved MODE / KEY_LEN: ERROR.BAD_CONFIG, active context unchanged, RW1C."""
    tb = AxisTB(dut, seed=5)
    await tb.start(pause_in=0.2, pause_out=0.2)
    rng = random.Random(5)
    key, iv = rbytes(rng, 32), rbytes(rng, 16)
    # refused before any good commit: still not ready
    await tb.stage(key, ECB, False, iv, key_len=3)
    await tb.wr(COMMAND, 1)
    assert await tb.reg(ERROR) == 1 and await tb.reg(STATUS) == 0b100
    await tb.wr(ERROR, 1)
    assert await tb.reg(ERROR) == 0
    await tb.commit(key, CBC, False, iv)
    msg = rbytes(rng, 4 * BEAT)
    await tb.send(msg[:2 * BEAT])
    for bad in ((GCM, False, 3), (ECB, False, 3), (CTR, True, 3)):
        await tb.stage(rbytes(rng, 16), bad[0], bad[1], rbytes(rng, 16), key_len=bad[2])
        assert await tb.wr(COMMAND, 1) == 0
        st = await tb.reg(STATUS)
        assert await tb.reg(ERROR) & 1 == 1 and st & 0b101 == 0b101, f"STATUS {st:x}"
        assert await tb.wr(ERROR, 2) == 0            # writing 1 to PARTIAL only: BAD_CONFIG stays
        assert await tb.reg(ERROR) == 1
        await tb.wr(ERROR, 1)
        assert await tb.reg(ERROR) == 0
    await tb.send(msg[2 * BEAT:])                    # the CBC chain carries on across the refusals
    got = await tb.recv_bytes(len(msg))
    assert got == oneshot(key, CBC, False, iv, msg)
    await tb.drain()


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_partial_beats(dut):
    """tkeep partial: CTR allowed; ECB/CBC raise ERROR.PARTIAL, no hang, nothing lost after."""
    tb = AxisTB(dut, seed=9)
    await tb.start(pause_in=0.3, pause_out=0.3)
    rng = random.Random(9)
    key, iv = rbytes(rng, 24), rbytes(rng, 16)
    # CTR with partial tails in the middle of frames' sequence: no error
    await tb.commit(key, CTR, False, iv)
    for n in (5, BEAT + 3, 2 * BEAT - 1):
        await tb.send(rbytes(rng, n))
    await tb.drain()
    assert await tb.reg(ERROR) == 0
    for mode in (ECB, CBC):
        for decrypt in (False, True):
            await tb.commit(key, mode, decrypt, iv)
            await tb.send(rbytes(rng, BEAT + 7))       # partial last beat
            await tb.send(rbytes(rng, 3 * BEAT))       # whole beats after it
            await tb.drain()                            # scoreboard: documented output
            assert await tb.reg(ERROR) == 2, f"{MODE_NAMES[mode]}: PARTIAL not set"
            assert await tb.reg(STATUS) & 4
            await tb.wr(ERROR, 2)
            assert await tb.reg(ERROR) == 0


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_clear(dut):
    """CLEAR: READY 0, tready 0, staged key/IV zeroized; a new COMMIT works again."""
    tb = AxisTB(dut, seed=3)
    await tb.start()
    rng = random.Random(3)
    key, iv = rbytes(rng, 16), rbytes(rng, 16)
    await tb.commit(key, CBC, True, iv)
    await tb.send(rbytes(rng, 2 * BEAT))
    await tb.drain()
    await tb.clear()
    assert await tb.reg(STATUS) & 1 == 0
    for i in range(4):
        assert await tb.reg(IV0 + 4 * i) == 0, "IV not zeroized by CLEAR"
    await tb.send(rbytes(rng, BEAT))
    for _ in range(40):
        await RisingEdge(dut.aclk)
        assert dut.s_axis_tready.value == 0
    # COMMIT of the zeroized staged key (CTRL kept): the key really is all zero now
    await tb.commit(bytes(16), CBC, True, bytes(16))
    await tb.drain()


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def test_nist(dut):
    """NIST CBC .rsp (all files) and RFC 3686 CTR vectors from cryptography-vectors."""
    tb = AxisTB(dut, seed=2)
    await tb.start(pause_in=0.1, pause_out=0.1)
    limit = int(os.environ.get("NIST_LIMIT", "0"))
    total = 0
    files = sorted(aes_dir("CBC").glob("*.rsp")) + sorted(aes_dir("CTR").glob("aes-*-ctr.txt"))
    assert len(files) >= 18
    for f in files:
        mode = CTR if "ctr" in f.name else CBC
        vecs = parse_rsp(f)
        assert vecs, f.name
        if limit:
            vecs = vecs[:limit // 2] + [v for v in vecs if v.decrypt][:limit - limit // 2] \
                if mode == CBC else vecs[:limit]
        for v in vecs:
            src, exp = (v.ciphertext, v.plaintext) if v.decrypt else (v.plaintext, v.ciphertext)
            # pad to whole beats: the chain/counter only runs forwards, so the
            # message's own output is the prefix
            pad = (-len(src)) % BEAT if mode == CBC else 0
            flush_sink(tb)
            await tb.commit(v.key, mode, v.decrypt, v.iv)
            await tb.send(src + bytes(pad))
            got = await tb.recv_bytes(len(src) + pad)
            assert got[:len(exp)] == exp, f"{f.name} COUNT {v.count} {'dec' if v.decrypt else 'enc'}"
            total += 1
        dut._log.info("NIST %s: %d vectors", f.name, len(vecs))
    await tb.drain()
    dut._log.info("NIST total %d vectors", total)


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def test_throughput(dut):
    """Both sides always ready: cycles per beat for ECB/CTR/CBC-dec (PIPELINED: exactly 1) and CBC-enc."""
    tb = AxisTB(dut, seed=4)
    await tb.start()
    rng = random.Random(4)
    nbeats = int(os.environ.get("THROUGHPUT_BEATS", "64"))
    for mode, decrypt in ((ECB, False), (CTR, False), (CBC, True), (ECB, True), (CBC, False)):
        key = rbytes(rng, 16)
        await tb.commit(key, mode, decrypt, rbytes(rng, 16))
        for _ in range(20):                      # decrypt key preparation done
            await RisingEdge(dut.aclk)
        i0, o0 = len(tb.in_cycles), len(tb.out_cycles)
        await tb.send(rbytes(rng, nbeats * BEAT))
        await tb.drain()
        ins, outs = tb.in_cycles[i0:], tb.out_cycles[o0:]
        assert len(ins) == len(outs) == nbeats
        span_in = ins[-1] - ins[0] + 1
        span_out = outs[-1] - outs[0] + 1
        per_block = (span_out) / (nbeats * LANES)
        dut._log.info("%s %s: %d beats of %d blocks accepted in %d cycles, emitted in %d: "
                      "%.3f cycles/block, latency %d", MODE_NAMES[mode], "dec" if decrypt else "enc",
                      nbeats, LANES, span_in, span_out, per_block, outs[0] - ins[0])
        if ARCH == "PIPELINED" and not (mode == CBC and not decrypt):
            assert span_in == nbeats and span_out == nbeats, \
                f"PIPELINED LANES={LANES} {MODE_NAMES[mode]}: {span_in}/{span_out} cycles for {nbeats} beats"
        if mode == CBC and not decrypt:
            # serial: each lane waits for the previous one's output handshake
            # (the beat handshake is its last lane's issue; lat = that lane's core latency)
            lat = outs[0] - ins[0]
            dut._log.info("CBC encrypt: %.2f cycles per block", span_in / (nbeats * LANES))
            assert span_in == (nbeats - 1) * LANES * (lat + 1) + 1, \
                f"CBC encrypt: {span_in} cycles, expected LANES*(latency+1) = {LANES * (lat + 1)} per beat"
            # AES-128 here; AGILE with decryption built: 14 key pre-expansion stages, the
            # whitening stage, NR_MAX rounds, STAGES clocks each
            exp_lat = perf.latency(ARCH.lower(), 1 if ARCH == "ITERATIVE" else STAGES, perf.NR[128],
                                   param("KEY_MODE", "SHARED"), True, perf.NR[256], param("IMPL", "LUT"))
            assert lat == exp_lat, f"CBC encrypt latency {lat}, expected {exp_lat}"
        if ARCH == "ITERATIVE" and not (mode == CBC and not decrypt):
            assert span_in <= nbeats * 10 + 2, f"iterative: {span_in} cycles for {nbeats} blocks"


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_gcm(dut):
    """GCM (MODE 3) through the AXI VIP with random pauses on both streams: back-to-back
    packets with new IVs and lengths and no COMMIT between them, encrypt and decrypt (good and
    tampered tags, truncated tag lengths), AES-128/192/256, every packet against OpenSSL;
    ERROR.TAG_FAIL only for tampered messages."""
    tb = AxisTB(dut, seed=9)
    await tb.start(pause_in=0.3, pause_out=0.3)
    rng = random.Random(9)
    per_commit = int(os.environ.get("GCM_MESSAGES", "6"))
    for key_bytes in (16, 24, 32):
        key = rbytes(rng, key_bytes)
        for dec in (False, True):
            await tb.commit(key, GCM, dec)
            expect, tampered = b"", False
            for _ in range(per_commit):
                iv = rbytes(rng, 12)
                aad = rbytes(rng, rng.choice([0, 5, 16, 20, 33]))
                data = rbytes(rng, rng.choice([0, 1, 16, 31, 48, 70]))
                tl = rng.choice([16, 12, 8, 4])
                if dec:
                    ct, tag = gp.encrypt(key, iv, aad, data, tl)
                    if rng.random() < 0.3:
                        tag = bytes([tag[0] ^ 0x10]) + tag[1:]
                        tampered = True
                    pkt, exp = gp.packet(iv, aad, ct, tl, tag), gp.expected_output(key, iv, aad, ct, tl, tag)
                else:
                    pkt, exp = gp.packet(iv, aad, data, tl), gp.expected_output(key, iv, aad, data, tl)
                await tb.send(pkt)
                expect += exp
            got = await tb.recv_bytes(len(expect))
            assert got == expect, f"GCM {'dec' if dec else 'enc'} AES-{8 * key_bytes}: output differs from OpenSSL"
            await tb.drain()
            err = await tb.reg(ERROR)
            assert bool(err & 4) == tampered, f"ERROR {err:x}, tampered {tampered}"
            assert err & ~4 == 0, f"ERROR {err:x}"
            await tb.wr(ERROR, 4)
    tb.check()

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_round: one AES round, STAGES register stages.

Toplevel aes_round (IMPL/MODE/STAGES from the build parameters) or the
wrapper tb_round_all (one instance per STAGES, IMPL and MODE varied; shared
in_state/inv/final_round/ce, one round_key_s<N> port per STAGES value).

Timing contract under test (aes_round.v): in_state, inv and final_round are
sampled together; round_key (and zero, on aes_round itself) is consumed STAGES-1
(ce) cycles later; the result is at out_state STAGES (ce) cycles after the input,
or zero when zero was high (with OUTS = 2 a second register above it, the final
round's result whatever final_round says, zero per zero's bit 1). MIX_EARLY = 1 (aes_round):
in_imc (random, per byte) puts input bytes through MixColumns first and a decrypt round that is
not final leaves P(y) (aeshw.model.dec_round_split); the chained test feeds that back with
in_imc set on every round but the first and must still match OpenSSL. NEXT_OUT = 1 (aes_round):
out_next is checked every clock against the model's result for the item in the last stage.
References:
aeshw.model.enc_round / dec_round (FIPS-197), and OpenSSL for whole blocks.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.model import (NR, check_model_against_openssl, dec_round, dec_round_split, ecb_decrypt,
                         ecb_encrypt, enc_round, mix_bytes_in, mix_columns, round_key, to_bytes, to_int, xor)
from aeshw.sim import param
from tbutil import Pipe, knob, seed, settle, start_clock, sval, top_name

# tb_round_all's instances: (IMPL, MODE, STAGES); ports out_<lut|comp>_<mode>_s<N>
WRAPPER = [("LUT", "BOTH", 1), ("LUT", "DEC", 2), ("COMPOSITE", "ENC", 3), ("COMPOSITE", "BOTH", 4)]
MIX_EARLY = param("MIX_EARLY", 0)      # aes_round itself only (the wrapper's instances have none)
NEXT_OUT = param("NEXT_OUT", 0)        # aes_round itself only: out_next is checked


class RoundInst:
    def __init__(self, impl, mode, stages, out, key, outs=1):
        self.impl, self.mode, self.stages, self.out, self.key = impl, mode, stages, out, key
        self.outs = outs                        # copies of the output register (OUTS)
        self.name = f"{impl}/{mode}/STAGES={stages}"

    def has(self, decrypt: bool) -> bool:
        return self.mode == "BOTH" or self.mode == ("DEC" if decrypt else "ENC")

    def ref(self, item):
        """Expected output for an input item (state, inv, final, key, zero, imc) (bytes/ints):
        the round (final per the final flag), zero when bit 0 of zero is set; with OUTS = 2
        above it the final round's result whatever the flag, zero when bit 1 is set.
        MIX_EARLY: the bytes imc selects through MixColumns first (MODE DEC/BOTH, either
        direction), and a decrypt round split (dec_round_split)."""
        state, inv, final, key, zero, imc = item
        dec = self.mode == "DEC" or (self.mode == "BOTH" and inv)
        if MIX_EARLY:
            imc = imc if self.mode != "ENC" else 0
            f = (lambda s, k, fin: dec_round_split(s, k, fin, imc)) if dec else \
                (lambda s, k, fin: enc_round(mix_bytes_in(s, imc), k, fin))
        else:
            f = dec_round if dec else enc_round
        r = [to_int(f(to_bytes(state), to_bytes(key), fin)) for fin in (bool(final), True)]
        return sum((0 if (zero >> o) & 1 else r[o]) << (128 * o) for o in range(self.outs))


def instances(dut):
    if top_name(dut) == "tb_round_all":
        return [RoundInst(i, m, s, getattr(dut, f"out_{'lut' if i == 'LUT' else 'comp'}_{m.lower()}_s{s}"),
                          getattr(dut, f"round_key_s{s}")) for i, m, s in WRAPPER]
    return [RoundInst(param("IMPL", "LUT"), param("MODE", "BOTH"), param("STAGES", 1),
                      dut.out_state, dut.round_key, param("OUTS", 1))]


def drive_key(dut, handle, value: int):
    """Drive a round key port; a round with round_key_im (DEC_MUL, aes_round_dual) gets
    InvMixColumns of the key there with it (its contract: FIPS-197 5.3.5)."""
    handle.value = value
    if hasattr(dut, "round_key_im"):
        dut.round_key_im.value = to_int(mix_columns(to_bytes(value), True))


async def init(dut):
    dut.ce.value = 1
    dut.inv.value = 0
    dut.final_round.value = 0
    dut.in_state.value = 0
    for k in {i.key for i in instances(dut)}:
        drive_key(dut, k, 0)
    if hasattr(dut, "zero"):
        dut.zero.value = 0
    if hasattr(dut, "in_imc"):
        dut.in_imc.value = 0
    await start_clock(dut)


async def next_out_check(dut, inst, item, n):
    """NEXT_OUT: out_next is the round's result for the item in the last stage (what out_state
    takes at this clock's edge if enabled), whatever zero says."""
    if item is None:
        return
    await settle()
    want = inst.ref(item[:4] + (0,) + item[5:]) & ((1 << 128) - 1)
    got = sval(dut.out_next)
    assert got == want, f"cycle {n}: out_next {got:032x}, expected {want:032x}"


@cocotb.test()
async def test_random_rounds(dut):
    """Random states/keys, random inv and final_round every cycle, random ce
    stalls; each round key is driven only in its consumption cycle (lag
    STAGES-1), with a different random key every cycle, so a wrong lag fails;
    on aes_round itself zero too (random, in the same cycle as the key)."""
    await init(dut)
    insts = instances(dut)
    rng = random.Random(seed(21))
    pipes = {s: Pipe(s - 1) for s in {i.stages for i in insts}}    # stages before the last one
    keys = {s: next(i.key for i in insts if i.stages == s) for s in pipes}
    expect = {i.name: None for i in insts}
    checks = {i.name: 0 for i in insts}
    ncyc = knob("TB_CYCLES", 600)
    for n in range(ncyc + 6):
        stall_phase = n >= 120 and n < ncyc
        ce = int(rng.random() < 0.7) if stall_phase else 1
        has_zero = hasattr(dut, "zero")
        zero = rng.getrandbits(param("OUTS", 1)) if has_zero and rng.random() < 0.4 else 0
        imc = rng.getrandbits(16) if MIX_EARLY else 0
        item = (rng.getrandbits(128), rng.randrange(2), int(rng.random() < 0.3), rng.getrandbits(128), zero, imc)
        dut.in_state.value = item[0]
        if hasattr(dut, "in_imc"):
            dut.in_imc.value = imc
        dut.inv.value = item[1]
        dut.final_round.value = item[2]
        dut.ce.value = ce
        last = {}
        for s, p in pipes.items():
            last[s] = p.head(item)              # the item in the last stage now
            drive_key(dut, keys[s], last[s][3] if last[s] is not None else rng.getrandbits(128))
            if has_zero:
                dut.zero.value = last[s][4] if last[s] is not None else rng.getrandbits(param("OUTS", 1))
        if NEXT_OUT:
            await next_out_check(dut, insts[0], last[insts[0].stages], n)
        await FallingEdge(dut.clk)              # one rising edge in between
        for it in insts:
            if ce:
                expect[it.name] = it.ref(last[it.stages]) if last[it.stages] is not None else None
        for p in pipes.values():
            p.clock(item, ce)
        for it in insts:
            if expect[it.name] is not None:
                got = sval(it.out)
                assert got == expect[it.name], (f"{it.name} cycle {n}: out_state {got:032x}, "
                                                f"expected {expect[it.name]:032x}")
                checks[it.name] += 1
    for it in insts:
        assert checks[it.name] > ncyc // 2, f"{it.name}: only {checks[it.name]} checks"
        dut._log.info("%s: %d rounds checked", it.name, checks[it.name])


async def chain(dut, group, key: bytes, decrypt: bool, blocks):
    """Run len(blocks) (== STAGES) blocks interleaved through all Nr rounds of
    the round module(s) in `group` (same STAGES), feeding out_state back to
    in_state; round keys from aeshw.model.round_key at their lag. MIX_EARLY: a decrypt
    round's result is the split form (dec_round_split), fed back with in_imc set on every round
    but the first. Returns the final states per instance."""
    split = MIX_EARLY and decrypt
    s = group[0].stages
    nr = NR[len(key)]
    rk = [round_key(key, r) for r in range(nr + 1)]
    # round j (1..nr) of a block uses rk[j] (encrypt) or rk[nr-j] (decrypt)
    kidx = (lambda j: nr - j) if decrypt else (lambda j: j)
    model = [xor(b, rk[nr] if decrypt else rk[0]) for b in blocks]   # initial AddRoundKey
    issued = []            # per cycle: (block, round j, key)
    exp_out = []           # per cycle: model state after that round
    results = {it.name: [None] * s for it in group}
    leader = group[0]
    dut.inv.value = int(decrypt)
    dut.ce.value = 1
    for n in range(nr * s + s):
        # out_state now holds the result of the issue s cycles ago
        if n >= s:
            b, j, _ = issued[n - s]
            for it in group:
                got = sval(it.out) & ((1 << 128) - 1)     # (OUTS = 2: the final copy is test_random_rounds')
                assert got == to_int(exp_out[n - s]), (
                    f"{it.name} AES-{len(key) * 8} {'dec' if decrypt else 'enc'} block {b} round {j}: "
                    f"{got:032x} != model {to_int(exp_out[n - s]):032x}")
                if j == nr:
                    results[it.name][b] = to_bytes(got)
            feed = sval(leader.out) & ((1 << 128) - 1)
        if n < nr * s:
            b, j = n % s, n // s + 1
            state = to_int(model[b]) if n < s else feed
            final = j == nr
            key_j = rk[kidx(j)]
            f = dec_round if decrypt else enc_round
            model[b] = f(model[b], key_j, final)
            issued.append((b, j, key_j))
            exp_out.append(mix_columns(model[b], True) if split and not final else model[b])
            dut.in_state.value = state
            dut.final_round.value = int(final)
            if hasattr(dut, "in_imc"):
                dut.in_imc.value = 0xffff if split and j > 1 else 0
        else:
            dut.in_state.value = 0
            dut.final_round.value = 0
        lag = n - (s - 1)
        drive_key(dut, leader.key, to_int(issued[lag][2]) if 0 <= lag < len(issued) else 0)
        await FallingEdge(dut.clk)
    return results


@cocotb.test()
async def test_full_cipher(dut):
    """Chain the round over all rounds of AES-128/192/256 encryption and
    decryption (STAGES blocks in flight) and compare with OpenSSL."""
    await init(dut)
    insts = instances(dut)
    rng = random.Random(seed(22))
    nblocks = 0
    for klen in (16, 24, 32):
        key = bytes(rng.randrange(256) for _ in range(klen))
        check_model_against_openssl(key, bytes(rng.randrange(256) for _ in range(16)))
        for decrypt in (False, True):
            for s in sorted({i.stages for i in insts}):
                group = [i for i in insts if i.stages == s and i.has(decrypt)]
                if not group:
                    continue
                blocks = [bytes(rng.randrange(256) for _ in range(16)) for _ in range(s)]
                res = await chain(dut, group, key, decrypt, blocks)
                oracle = ecb_decrypt if decrypt else ecb_encrypt
                for it in group:
                    for b, blk in enumerate(blocks):
                        assert res[it.name][b] == oracle(key, blk), (
                            f"{it.name} AES-{klen * 8} {'dec' if decrypt else 'enc'}: "
                            f"{res[it.name][b].hex()} != OpenSSL {oracle(key, blk).hex()}")
                        nblocks += 1
    assert nblocks > 0
    dut._log.info("%d whole blocks matched OpenSSL", nblocks)

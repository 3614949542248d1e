# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_round_unit: one round plus its on-the-fly key step.

Toplevel aes_round_unit (IMPL/MODE/STAGES/USER_W/LANES/BYPASS from the build
parameters). LANES blocks ride side by side sharing the key window; with
BYPASS=1 a block with in_rnd >= Nr passes through with its state unchanged.
Contract (aes_round_unit.v): a block arrives with in_rnd rounds done and its
key window (encrypt: window in_rnd; decrypt: window Nr-in_rnd; KEY_AHEAD=1:
one step further); STAGES (ce) cycles later it leaves with round in_rnd+1
applied, the next window (encrypt: window in_rnd+1; decrypt: window
Nr-in_rnd-1; KEY_AHEAD=1: one step further, none after the last round),
out_rnd = in_rnd+1 and len/inv/user/valid carried along; valid is reset by rst_n.
KEY_AHEAD=1: in_early is {len, inv, rnd} of the block presented at the next enabled clock
(its key step decodes it a clock early), and out_early is the same of the block at the
outputs after the next enabled clock: the tests drive in_early from the stimulus they will
present next, and the whole-block test feeds out_early back. KEY_CUT=2 (the step decoded a
clock early from two sources): the same through in_early or, at random, in_alt (its select
high), the other a random block's. RING_EARLY=1 (a ring's unit 0): a block that has done no round
comes through in_alt, one that has done rounds through in_early, as that contract has it.
MIX_EARLY=1: a decrypt block that has done a round is put through MixColumns first and a
decrypt round that is not final leaves the split form (aeshw.model.dec_round_split).
out_valid_early is checked against out_valid a clock later.
STEP_IDX=1: the round field (in_rnd, out_rnd, the rnd of in_early / in_alt / out_early) is the
block's next key step index: rounds done to encrypt, Nr-1-rounds done to decrypt (4'hf after
its last round); the tests drive and check it through field() / done_of().
WINDOW_EARLY=1: out_window is the window of the block at the outputs after the next enabled
clock (checked a clock before the block's other outputs where that block is valid and has rounds
left; the whole-block test feeds back the one it read a clock before), and out_state_early is
that block's out_state (checked a clock before it where the block is valid).
References: aeshw.model (key_window, round_key, enc_round/dec_round) and
OpenSSL for whole blocks chained through the unit.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.model import (KEY_LEN_CODE, NR, check_model_against_openssl, dec_round, dec_round_split,
                         ecb_decrypt, ecb_encrypt, enc_round, key_window, round_key, to_bytes, to_int, xor)
from aeshw.sim import param
from tbutil import Pipe, knob, seed, settle, start_clock, sval

MODE = param("MODE", "BOTH")
STAGES = param("STAGES", 1)
USER_W = param("USER_W", 1)
LANES = param("LANES", 1)
BYPASS = param("BYPASS", 0)
AHEAD = param("KEY_AHEAD", 0)
KEY_CUT = param("KEY_CUT", 0)
MIX_EARLY = param("MIX_EARLY", 0)
WINDOW_EARLY = param("WINDOW_EARLY", 0)
STEP_IDX = param("STEP_IDX", 0)
RING_EARLY = param("RING_EARLY", 0)
INV_C_ALL = (1 << (16 * LANES)) - 1     # in_inv_c / out_inv_c with every copy set
VALID_C_ALL = (1 << max(param("VALID_COPIES", 0), 1)) - 1   # out_valid_c with every copy set
DIRS = {"ENC": [False], "DEC": [True]}.get(MODE, [False, True])
OUTS = ("out_state", "out_window", "out_len", "out_inv", "out_rnd", "out_user")


def field(nr: int, decrypt: bool, done: int) -> int:
    """The round field of a block with `done` rounds done (STEP_IDX: its next step index)."""
    return (nr - 1 - done) & 15 if STEP_IDX and decrypt else done & 15


def done_of(nr: int, decrypt: bool, rnd: int) -> int:
    """Rounds done of a block whose round field is `rnd` (field's inverse)."""
    return (nr - 1 - rnd) & 15 if STEP_IDX and decrypt else rnd


def window_index(nr: int, decrypt: bool, done: int) -> int:
    """The window a block carries after `done` rounds (KEY_AHEAD: one step further)."""
    return nr - done - AHEAD if decrypt else done + AHEAD


def in_window(key: bytes, decrypt: bool, done: int) -> int:
    if done >= NR[len(key)]:     # a bypassed block: any window (the key's)
        return key_window(key, 0)
    return key_window(key, window_index(NR[len(key)], decrypt, done))


def lanes(state: int):
    return [(state >> (128 * k)) & ((1 << 128) - 1) for k in range(LANES)]


def expected(key: bytes, decrypt: bool, done: int, state: int, side: int) -> dict:
    """Outputs for a block with `done` rounds done (model, FIPS-197); every
    lane gets the same round. A bypassed block (BYPASS, done >= Nr) keeps its
    state; its window is not specified, so it is not compared."""
    nr = NR[len(key)]
    out = {"out_len": KEY_LEN_CODE[len(key)], "out_inv": int(decrypt),
           "out_rnd": field(nr, decrypt, done + 1), "out_user": side}
    if done >= nr:
        assert BYPASS
        out["out_state"] = state
        return out
    if decrypt:
        r = nr - 1 - done                  # round key index used by this round
        f, final = dec_round, r == 0
        if MIX_EARLY:                      # its input in the split form after a round
            f = lambda s, k, fin: dec_round_split(s, k, fin, 0xffff if done else 0)  # noqa: E731
    else:
        r = done + 1
        f, final = enc_round, r == nr
    s = [to_int(f(to_bytes(x), round_key(key, r), final)) for x in lanes(state)]
    out["out_state"] = sum(x << (128 * k) for k, x in enumerate(s))
    nxt = window_index(nr, decrypt, done + 1)
    if 0 <= nxt <= nr:                     # KEY_AHEAD: none after the last round
        out["out_window"] = key_window(key, nxt)
    return out


def fed_back_window(head) -> int:
    """WINDOW_EARLY: the out_window a clock before `head` (a Pipe entry) is at the outputs: its
    next window if it is a valid block with rounds left, else None (not specified)."""
    if head[0] in ("invalid", 0):
        return None
    exp = head[1]
    nr = NR[{0: 16, 1: 24, 2: 32}[exp["out_len"]]]
    return None if done_of(nr, exp["out_inv"], exp["out_rnd"]) >= nr else exp["out_window"]


def early(key: bytes, decrypt: bool, done: int) -> int:
    """in_early / out_early of a block: {len, inv, rnd}."""
    return (KEY_LEN_CODE[len(key)] << 5) | (int(decrypt) << 4) | field(NR[len(key)], decrypt, done)


def drive(dut, valid, key, decrypt, done, state, side):
    dut.in_valid.value = valid
    dut.in_state.value = state
    dut.in_window.value = in_window(key, decrypt, done)
    dut.in_len.value = KEY_LEN_CODE[len(key)]
    dut.in_inv.value = int(decrypt)
    dut.in_inv_c.value = INV_C_ALL if decrypt else 0     # the copies (INV_COPIES) equal in_inv
    dut.in_rnd.value = field(NR[len(key)], decrypt, done)
    dut.in_user.value = side


ALT_RNG = random.Random(seed(74))      # KEY_CUT=2: which source carries each in_early


def set_early(dut, value: int, fresh=None):
    """in_early = value ({len, inv, rnd} of the next enabled clock's block). KEY_CUT=2: that
    or, at random, in_alt with its select (bit 7) high, the other source a random block's.
    RING_EARLY: in_alt where the block has done no round (fresh), in_early where it has (fresh
    None: no block, either)."""
    junk = ALT_RNG.getrandbits(7)
    alt = KEY_CUT == 2 and ALT_RNG.random() < 0.5
    if RING_EARLY and fresh is not None:
        alt = fresh
    dut.in_early.value = junk if alt else value
    dut.in_alt.value = (1 << 7 | value) if alt else (junk if KEY_CUT == 2 else 0)


def read(dut, keys=OUTS) -> dict:
    return {k: sval(getattr(dut, k)) for k in keys}


async def setup(dut):
    dut.rst_n.value = 0
    dut.ce.value = 1
    drive(dut, 0, bytes(16), DIRS[0], 0, 0, 0)
    await start_clock(dut)
    for _ in range(2):
        await FallingEdge(dut.clk)
    dut.rst_n.value = 1


def stimulus(rng, keys, cyc, ncyc) -> dict:
    """One clock's random block (key, length, direction, round, state, sideband), in_valid,
    ce (stalls) and rst_n (reset pulses)."""
    key = rng.choice(keys[rng.choice((16, 24, 32))])
    dec = rng.choice(DIRS)
    nr = NR[len(key)]
    done = rng.choice((0, nr - 1, rng.randrange(nr)))
    if BYPASS and rng.random() < 0.2:
        done = rng.randrange(nr, 16)
    return {"key": key, "dec": dec, "done": done, "state": rng.getrandbits(128 * LANES),
            "side": rng.getrandbits(USER_W), "valid": int(rng.random() < 0.8),
            "ce": int(rng.random() < 0.7) if 50 <= cyc < ncyc - 10 else 1,
            "rst_n": 0 if (cyc > 20 and rng.random() < 0.01) else 1}


@cocotb.test()
async def test_random_rounds(dut):
    """Random keys/lengths/directions/rounds/states/sideband every cycle,
    random in_valid, random ce stalls and reset pulses; every output checked
    against the model STAGES enabled cycles later."""
    rng = random.Random(seed(71))
    keys = {n: [bytes(rng.randrange(256) for _ in range(n)) for _ in range(3)] for n in (16, 24, 32)}
    for ks in keys.values():
        for k in ks:
            check_model_against_openssl(k, bytes(rng.randrange(256) for _ in range(16)))
    ncyc = knob("TB_CYCLES", 500)
    stim = [stimulus(rng, keys, cyc, ncyc) for cyc in range(ncyc)]
    # in_early of each clock: the next enabled clock's block (KEY_AHEAD), else anything
    nxt, early_at = (rng.getrandbits(7), None), [None] * ncyc     # (value, no round done yet)
    for cyc in reversed(range(ncyc)):
        early_at[cyc] = nxt
        if stim[cyc]["ce"]:
            nxt = (early(stim[cyc]["key"], stim[cyc]["dec"], stim[cyc]["done"]), stim[cyc]["done"] == 0)
    set_early(dut, *nxt)
    await setup(dut)
    pipe = Pipe(STAGES, reset_value=("invalid",))
    checked = finals = bypassed = resets = 0
    prev = None                     # (out_valid_early, ce, rst_n) of the clock before
    prev_win = None                 # WINDOW_EARLY: (out_window, out_state_early, ce, rst_n) before
    windows = 0                     # ... and the early windows checked that were not zero
    for cyc, st in enumerate(stim):
        resets += 1 - st["rst_n"]
        drive(dut, st["valid"], st["key"], st["dec"], st["done"], st["state"], st["side"])
        set_early(dut, *early_at[cyc])
        dut.ce.value = st["ce"]
        dut.rst_n.value = st["rst_n"]
        await settle()
        # out_valid_early: what out_valid took at the clock just gone (if enabled, not in reset)
        if prev is not None and prev[1] and prev[2]:
            assert sval(dut.out_valid) == prev[0], f"cycle {cyc}: out_valid is not last clock's out_valid_early"
        prev = (sval(dut.out_valid_early), st["ce"], st["rst_n"])
        head = pipe.head()
        if WINDOW_EARLY and head is not None and prev_win is not None and prev_win[2] and prev_win[3]:
            want = fed_back_window(head)
            assert want is None or (prev_win[0].is_resolvable and int(prev_win[0]) == want), (
                f"cycle {cyc}: out_window a clock early {prev_win[0]}, expected {want:#x}")
            windows += want is not None
            if head[0] not in ("invalid", 0):
                want_s = head[1]["out_state"]
                assert prev_win[1].is_resolvable and int(prev_win[1]) == want_s, (
                    f"cycle {cyc}: out_state_early {prev_win[1]}, expected {want_s:#x}")
        if WINDOW_EARLY:
            prev_win = (dut.out_window.value, dut.out_state_early.value, st["ce"], st["rst_n"])
        if head is not None:
            v = 0 if head[0] == "invalid" else head[0]
            # out_valid_c: a copy of out_valid per lane and one more (VALID_COPIES: flip-flops
            # of their own), so every bit is the block's valid bit
            assert sval(dut.out_valid) == v and sval(dut.out_valid_c) == (VALID_C_ALL if v else 0), \
                f"cycle {cyc}: out_valid {sval(dut.out_valid)} / copies {sval(dut.out_valid_c):#x}, expected {v}"
            if head[0] != "invalid" and v:
                exp = {k: v for k, v in head[1].items() if not (WINDOW_EARLY and k == "out_window")}
                got = read(dut, exp)
                bad = {k: (hex(got[k]), hex(exp[k])) for k in exp if got[k] != exp[k]}
                assert not bad, f"cycle {cyc}: (got, expected) {bad}"
                checked += 1
                nr_e = NR[{0: 16, 1: 24, 2: 32}[exp["out_len"]]]
                done_e = done_of(nr_e, exp["out_inv"], exp["out_rnd"])
                finals += done_e == nr_e
                bypassed += not 0 < done_e <= nr_e
        await FallingEdge(dut.clk)
        if not st["rst_n"]:
            pipe.reset(("invalid",))
        else:
            pipe.clock((st["valid"], expected(st["key"], st["dec"], st["done"], st["state"], st["side"])),
                       st["ce"])
    dut.rst_n.value = 1
    assert checked > ncyc // 4 and finals > 10, f"only {checked} blocks ({finals} final rounds) checked"
    assert bypassed > 10 or not BYPASS, f"only {bypassed} bypassed blocks checked"
    assert windows > ncyc // 8 or not WINDOW_EARLY, f"only {windows} early windows checked"
    dut._log.info("%d rounds checked (%d final, %d bypassed), %d resets", checked, finals, bypassed, resets)


async def next_early(dut, nxt, todo, rng) -> tuple:
    """in_early for the whole-block test: out_early (checked) if the block at the outputs next
    clock goes round again, else the next new block's, else anything. nxt: that block's slot,
    (key, dec, blocks, side, rounds done as it went in), or None."""
    if nxt is not None:
        key, dec, _, _, done = nxt
        await settle()
        got = sval(dut.out_early)
        assert got == early(key, dec, done + 1), f"out_early {got:#x}, expected {early(key, dec, done + 1):#x}"
        if done + 1 < NR[len(key)]:
            return got, False
    return (early(todo[-1][0], todo[-1][1], 0), True) if todo else (rng.getrandbits(7), None)


@cocotb.test()
async def test_whole_blocks(dut):
    """Blocks of every key length and direction circulate through the unit
    (STAGES of them in flight), outputs fed back as inputs, until Nr rounds
    are done; results compared with OpenSSL. out_early is checked against the block at the
    outputs a clock later, and in_early is what the next clock presents (out_early again,
    or a new block's)."""
    await setup(dut)
    rng = random.Random(seed(72))
    todo = []
    for n in (16, 24, 32):
        for dec in DIRS:
            for _ in range(3):
                todo.append((bytes(rng.randrange(256) for _ in range(n)), dec,
                             [bytes(rng.randrange(256) for _ in range(16)) for _ in range(LANES)],
                             rng.getrandbits(USER_W)))
    rng.shuffle(todo)
    slots = [None] * STAGES          # block riding in each pipeline slot
    set_early(dut, early(todo[-1][0], todo[-1][1], 0), True)     # the first block's, a clock early
    await FallingEdge(dut.clk)
    done_blocks = 0
    cyc = 0
    win_early = None                 # WINDOW_EARLY: out_window of the clock before
    while todo or any(slots):
        b = cyc % STAGES
        cur = slots[b]
        if cur is not None:          # its round result is at the outputs now
            await settle()
            assert sval(dut.out_valid) == 1, f"cycle {cyc}: block lost (out_valid low)"
            got = read(dut, [k for k in OUTS if not (WINDOW_EARLY and k == "out_window")])
            done = done_of(NR[len(cur[0])], cur[1], got["out_rnd"])
            if WINDOW_EARLY and done < NR[len(cur[0])]:     # the window came a clock early
                assert win_early.is_resolvable, f"cycle {cyc}: out_window a clock early {win_early}"
                got["out_window"] = int(win_early)
            key, dec, blks, side, _ = cur
            nr = NR[len(key)]
            assert (got["out_len"], got["out_inv"], got["out_user"]) == (KEY_LEN_CODE[len(key)], int(dec), side)
            assert sval(dut.out_inv_c) == (INV_C_ALL if dec else 0), f"cycle {cyc}: out_inv_c"
            if done == nr:
                for lane, (blk, res) in enumerate(zip(blks, lanes(got["out_state"]))):
                    oracle = (ecb_decrypt if dec else ecb_encrypt)(key, blk)
                    assert to_bytes(res) == oracle, (
                        f"AES-{len(key) * 8} {'dec' if dec else 'enc'} lane {lane} {blk.hex()}: "
                        f"{to_bytes(res).hex()} != OpenSSL {oracle.hex()}")
                    done_blocks += 1
                slots[b] = cur = None
            else:                    # feed back exactly what came out
                dut.in_valid.value = 1
                for k in ("state", "window", "len", "inv", "rnd", "user"):
                    getattr(dut, f"in_{k}").value = got[f"out_{k}"]
                dut.in_inv_c.value = sval(dut.out_inv_c)
                slots[b] = (key, dec, blks, side, done)
        if cur is None:
            if todo:
                key, dec, blks, side = todo.pop()
                slots[b] = (key, dec, blks, side, 0)
                nr = NR[len(key)]
                rk = round_key(key, nr if dec else 0)               # initial AddRoundKey
                s = sum(to_int(xor(blk, rk)) << (128 * k) for k, blk in enumerate(blks))
                drive(dut, 1, key, dec, 0, s, side)
            else:
                dut.in_valid.value = 0
        set_early(dut, *await next_early(dut, slots[(cyc + 1) % STAGES], todo, rng))
        if WINDOW_EARLY:
            await settle()
            win_early = dut.out_window.value
        await FallingEdge(dut.clk)
        cyc += 1
        assert cyc < 2000, "whole-block test did not finish"
    assert done_blocks == 9 * len(DIRS) * LANES
    dut._log.info("%d whole blocks matched OpenSSL in %d cycles", done_blocks, cyc)

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_key_prep: key handshake and the active key context.

Toplevel aes_key_prep (IMPL/MODE/KEYS/DEC_WINDOW from the build parameters).
Contract under test (aes_key_prep.v header): a handshake (key_valid &&
key_ready) with a valid length loads a context; encrypt keys are in force the
next cycle; decrypt keys hold ctx_valid and key_ready low for exactly Nr
cycles (10/12/14) and then hold the decryption start window,
aeshw.model.key_window(key, Nr) (with DEC_WINDOW=0: in force at once, raw
key); key_len 3, a size not in KEYS or a direction the build lacks is refused
with key_error and the old context stays; key_error clears on the next
accepted key; clear and reset zeroize the context. Key bits beyond the key
length are dropped.
EXT_STEP=1: the test bench is the caller's key step (lend_step): it holds step_go low for
the first LAG clocks of each expansion (a ring still draining), then takes a step every
clock, checking that the window presented is key_window(key, step_idx) and answering with
key_window(key, step_idx + 1); the expansion then keeps key_ready low Nr + LAG clocks.
EXT_STEP=2: the caller's step answers a clock after step_go, and step_req is low in that
clock; so each step takes two clocks and key_ready stays low 2 * Nr + LAG clocks.
EXT_STEP=3, 4: the same two, three clocks after step_go (step_req low meanwhile): 3 * Nr, 4 * Nr + LAG
clocks.
EXT_STEP >= 2: next_early is checked every clock against step_req, ctx_len, ctx_inv and step_idx
({ctx_len, 0, step_idx} while step_req is high, else {ctx_len, ctx_inv, 0}).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge

from aeshw.model import KEY_LEN_CODE, NR, check_model_against_openssl, key_window
from aeshw.sim import param
from tbutil import knob, seed, settle, start_clock, sval

MODE = param("MODE", "BOTH")
KEYS = param("KEYS", 7)               # bit0 128, bit1 192, bit2 256
DEC_WINDOW = param("DEC_WINDOW", 1)
EXT_STEP = param("EXT_STEP", 0)
LAG = 3 if EXT_STEP else 0            # clocks without step_go at the start of an expansion
DIRS = {"ENC": [False], "DEC": [True]}.get(MODE, [False, True])
SIZES = [n for code, n in ((0, 16), (1, 24), (2, 32)) if KEYS >> code & 1]


def dir_ok(decrypt: bool) -> bool:
    return MODE == "BOTH" or (MODE == "DEC") == decrypt


def len_ok(code: int) -> bool:
    return code != 3 and bool(KEYS >> code & 1)


def prep_cycles(nbytes: int, decrypt: bool) -> int:
    """Cycles key_ready/ctx_valid stay low after a load."""
    per_step = max(EXT_STEP, 1)         # EXT_STEP 2 to 4: the answer 1 to 3 clocks late
    return per_step * NR[nbytes] + LAG if decrypt and DEC_WINDOW else 0


def start_window(key: bytes, decrypt: bool) -> int:
    return key_window(key, NR[len(key)]) if decrypt and DEC_WINDOW else key_window(key, 0)


class Ctx:
    """Reference model of the documented behaviour, one step per clock."""

    def __init__(self):
        self.zero()

    def zero(self):
        self.have_key = False
        self.busy = 0            # cycles of decrypt-key preparation left
        self.error = 0
        self.window, self.len, self.inv = 0, 0, 0

    def ready(self):
        return int(self.busy == 0)

    def valid(self):
        return int(self.have_key and self.busy == 0)

    def clock(self, rst_n, clear, key_valid, key, code, decrypt):
        if not rst_n or clear:
            self.zero()
        elif key_valid and self.ready():
            if len_ok(code) and dir_ok(decrypt):
                nbytes = {0: 16, 1: 24, 2: 32}[code]
                k = key[:nbytes]
                check_model_against_openssl(k, k[:16])      # the model the windows come from
                self.have_key, self.error = True, 0
                self.busy = prep_cycles(nbytes, decrypt)
                self.window = start_window(k, decrypt)
                self.len, self.inv = code, int(decrypt)
            else:
                self.error = 1
        elif self.busy:
            self.busy -= 1


async def lend_step(dut):
    """EXT_STEP: the caller's key step (module docstring). The key is window 0, as presented
    at the first step; every later window presented must be that key's window step_idx."""
    held, key, late = 0, b"", None     # late: [answer, clocks to go] (EXT_STEP 2 to 4: 1 to 3)
    while True:
        await FallingEdge(dut.clk)
        await settle()
        if EXT_STEP >= 2:                       # next_early: what an entry takes with the context now
            req, ln = sval(dut.step_req), sval(dut.ctx_len)
            want = (ln << 5 | sval(dut.step_idx)) if req else (ln << 5 | sval(dut.ctx_inv) << 4)
            assert sval(dut.next_early) == want, f"next_early {sval(dut.next_early):#x}, expected {want:#x}"
        if late is not None and sval(dut.key_ready) == 1:
            late = None                         # its expansion was cleared: no answer due
        if late is not None:
            assert sval(dut.step_req) == 0, "step_req high while its step's answer is due"
            late[1] -= 1
            if late[1] == 0:
                dut.step_out.value, late = late[0], None
            else:
                dut.step_out.value = 0          # not yet: a capture a clock early shows
        go = sval(dut.step_req) == 1 and held >= LAG
        held = held + 1 if sval(dut.key_ready) == 0 else 0     # clocks into the expansion
        dut.step_go.value = int(go)
        if not go:
            continue
        idx, win = sval(dut.step_idx), sval(dut.ctx_window)
        nbytes = {0: 16, 1: 24}.get(sval(dut.ctx_len), 32)
        if idx == 0:
            key = win.to_bytes(32, "little")[:nbytes]
        assert win == key_window(key, idx), f"step {idx}: window {win:064x} is not the key's"
        if EXT_STEP >= 2:
            dut.step_out.value = 0              # not the answer yet: a wrong capture shows
            late = [key_window(key, idx + 1), EXT_STEP - 1]
        else:
            dut.step_out.value = key_window(key, idx + 1)


async def setup(dut):
    if EXT_STEP:
        dut.step_go.value = 0
        dut.step_out.value = 0
    dut.rst_n.value = 0
    dut.clear.value = 0
    dut.key_valid.value = 0
    dut.key.value = 0
    dut.key_len.value = 0
    dut.key_decrypt.value = 0
    await start_clock(dut)
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    if EXT_STEP:
        cocotb.start_soon(lend_step(dut))


def outputs(dut):
    return {"key_ready": sval(dut.key_ready), "ctx_valid": sval(dut.ctx_valid),
            "key_error": sval(dut.key_error), "ctx_window": sval(dut.ctx_window),
            "ctx_len": sval(dut.ctx_len), "ctx_inv": sval(dut.ctx_inv)}


def check(dut, m: Ctx, what: str, strict_ctx: bool = True):
    """Compare every output with the model. The context is compared when it
    is in force (ctx_valid) or zeroized (no key ever loaded since clear)."""
    got = outputs(dut)
    exp = {"key_ready": m.ready(), "ctx_valid": m.valid(), "key_error": m.error}
    if m.valid() or (strict_ctx and not m.have_key):
        exp.update(ctx_window=m.window, ctx_len=m.len, ctx_inv=m.inv)
    bad = {k: (hex(got[k]), hex(v)) for k, v in exp.items() if got[k] != v}
    assert not bad, f"{what}: (got, expected) {bad}"


def key_bits(key: bytes, rng) -> int:
    """The 256-bit key input: key bytes, random junk above the key length."""
    junk = rng.getrandbits(256) & ~((1 << (8 * len(key))) - 1)
    return int.from_bytes(key, "little") | junk


@cocotb.test()
async def test_reset_state(dut):
    """After reset: ready for a key, no context, no error, zero window."""
    await setup(dut)
    await settle()
    check(dut, Ctx(), "after reset")


@cocotb.test()
async def test_load_timing(dut):
    """Each key length and direction: encrypt context in force the next cycle;
    decrypt: key_ready/ctx_valid low for exactly Nr cycles, then the start
    window key_window(key, Nr). A key offered during the preparation waits
    and is accepted in the first ready cycle."""
    await setup(dut)
    rng = random.Random(seed(61))
    for nbytes in SIZES:
        for decrypt in DIRS:
            key = bytes(rng.randrange(256) for _ in range(nbytes))
            check_model_against_openssl(key, bytes(16))
            dut.key.value = key_bits(key, rng)
            dut.key_len.value = KEY_LEN_CODE[nbytes]
            dut.key_decrypt.value = int(decrypt)
            dut.key_valid.value = 1
            await settle()
            assert sval(dut.key_ready) == 1
            await FallingEdge(dut.clk)                  # handshake edge
            # next key already offered, to check it waits for key_ready
            key2 = bytes(rng.randrange(256) for _ in range(SIZES[0]))
            dut.key.value = key_bits(key2, rng)
            dut.key_len.value = KEY_LEN_CODE[SIZES[0]]
            dut.key_decrypt.value = 0 if dir_ok(False) else 1
            low = 0
            while True:
                await settle()
                if sval(dut.key_ready) == 1:
                    break
                assert sval(dut.ctx_valid) == 0, "ctx_valid high while key_ready is low"
                low += 1
                assert low <= max(20, prep_cycles(32, True) + 5), "key_ready stuck low"
                await FallingEdge(dut.clk)
            exp_low = prep_cycles(nbytes, decrypt)
            assert low == exp_low, (f"AES-{nbytes * 8} {'decrypt' if decrypt else 'encrypt'}: "
                                    f"key_ready low {low} cycles, expected {exp_low}")
            exp_win = start_window(key, decrypt)
            got = outputs(dut)
            assert got["ctx_valid"] == 1, "context not in force"
            assert got["ctx_window"] == exp_win, (f"AES-{nbytes * 8} dec={decrypt}: ctx_window "
                                                  f"{got['ctx_window']:064x}, expected {exp_win:064x}")
            assert (got["ctx_len"], got["ctx_inv"], got["key_error"]) == (KEY_LEN_CODE[nbytes], int(decrypt), 0)
            await FallingEdge(dut.clk)                  # key2 handshake edge
            dut.key_valid.value = 0
            await settle()
            d2 = not dir_ok(False)
            if not prep_cycles(SIZES[0], d2):
                got = outputs(dut)
                assert got["ctx_valid"] == 1 and got["ctx_window"] == start_window(key2, d2) \
                    and got["ctx_inv"] == int(d2) and got["ctx_len"] == KEY_LEN_CODE[SIZES[0]], \
                    "waiting key not loaded on the first ready cycle"
            else:
                assert sval(dut.key_ready) == 0, "waiting decrypt key not taken on the first ready cycle"
            for _ in range(prep_cycles(32, True) + 1):  # let a decrypt key2 finish
                await FallingEdge(dut.clk)


@cocotb.test()
async def test_refused_keys(dut):
    """key_len 3 (and a direction the build lacks) is refused: key_error is
    set, the old context stays in force, no preparation starts; the next
    accepted key clears key_error."""
    await setup(dut)
    rng = random.Random(seed(62))
    m = Ctx()
    good = bytes(rng.randrange(256) for _ in range(SIZES[-1]))
    offers = [(good, KEY_LEN_CODE[len(good)], DIRS[0])]
    for d in (False, True):
        offers.append((bytes(rng.randrange(256) for _ in range(32)), 3, d))   # len 3 refused
    if MODE != "BOTH":
        offers.append((bytes(rng.randrange(256) for _ in range(16)), 0, MODE == "ENC"))   # wrong direction
    for n in (16, 24, 32):
        if n not in SIZES:                                                     # size not in KEYS
            offers.append((bytes(rng.randrange(256) for _ in range(n)), KEY_LEN_CODE[n], DIRS[-1]))
    offers.append((bytes(rng.randrange(256) for _ in range(SIZES[0])), KEY_LEN_CODE[SIZES[0]], DIRS[-1]))
    for key, code, dec in offers:
        dut.key.value = int.from_bytes(key.ljust(32, b"\0"), "little")
        dut.key_len.value = code
        dut.key_decrypt.value = int(dec)
        dut.key_valid.value = 1
        await settle()
        check(dut, m, "before offer")
        await FallingEdge(dut.clk)
        m.clock(1, 0, 1, key, code, dec)
        dut.key_valid.value = 0
        for i in range(16):
            await settle()
            check(dut, m, f"after offer len={code} dec={dec}, cycle {i}")
            await FallingEdge(dut.clk)
            m.clock(1, 0, 0, key, code, dec)
        refused = not len_ok(code) or not dir_ok(dec)
        assert sval(dut.key_error) == int(refused), f"key_error={sval(dut.key_error)} after len={code} dec={dec}"


@cocotb.test()
async def test_clear(dut):
    """clear zeroizes the context (and key_error) and leaves no key in force,
    also in the middle of a decrypt-key preparation; reset does the same."""
    await setup(dut)
    rng = random.Random(seed(63))
    m = Ctx()
    seq = []
    n = SIZES[-1]
    for dec in DIRS:
        key = bytes(rng.randrange(256) for _ in range(n))
        seq += [("key", key, KEY_LEN_CODE[n], dec)] + [("idle",)] * 20 + [("clear",)] + [("idle",)] * 3
        if dec:   # clear in the middle of the preparation
            seq += [("key", key, KEY_LEN_CODE[n], dec)] + [("idle",)] * 5 + [("clear",)] + [("idle",)] * 20
    seq += [("key", bytes(32), 3, DIRS[0]), ("idle",), ("clear",), ("idle",)]       # clears key_error
    seq += [("key", bytes(range(n)), KEY_LEN_CODE[n], DIRS[0])] + [("idle",)] * 16 + [("reset",), ("idle",)]
    cleared_checks = 0
    for op in seq:
        key, code, dec = (op[1], op[2], op[3]) if op[0] == "key" else (bytes(32), 0, 0)
        dut.key_valid.value = int(op[0] == "key")
        dut.key.value = int.from_bytes(key.ljust(32, b"\0"), "little")
        dut.key_len.value = code
        dut.key_decrypt.value = int(dec)
        dut.clear.value = int(op[0] == "clear")
        dut.rst_n.value = int(op[0] != "reset")
        await settle()
        check(dut, m, f"op {op[0]}")
        cleared_checks += int(not m.have_key and m.error == 0)
        await FallingEdge(dut.clk)
        m.clock(op[0] != "reset", op[0] == "clear", op[0] == "key" and m.ready(), key, code, dec)
    dut.clear.value = 0
    dut.rst_n.value = 1
    await settle()
    check(dut, m, "end")
    assert not m.have_key and cleared_checks >= 5


@cocotb.test()
async def test_random_sequence(dut):
    """Random keys (all lengths, len 3, both directions), random offer timing,
    clears and resets, every output checked every cycle against the model."""
    await setup(dut)
    rng = random.Random(seed(64))
    m = Ctx()
    loads = 0
    for cyc in range(knob("TB_CYCLES", 1500)):
        r = rng.random()
        code = rng.choice((0, 0, 1, 1, 2, 2, 3))
        key = bytes(rng.randrange(256) for _ in range(32))
        dec = rng.random() < 0.5
        key_valid = int(r < 0.25)
        clear = int(0.25 <= r < 0.27)
        rst_n = int(not (0.27 <= r < 0.28))
        nbytes = {0: 16, 1: 24}.get(code, 32)
        dut.key.value = key_bits(key[:nbytes], rng)
        dut.key_len.value = code
        dut.key_decrypt.value = int(dec)
        dut.key_valid.value = key_valid
        dut.clear.value = clear
        dut.rst_n.value = rst_n
        await settle()
        check(dut, m, f"cycle {cyc}")
        loads += int(key_valid and m.ready() and rst_n and not clear and len_ok(code) and dir_ok(dec))
        await FallingEdge(dut.clk)
        m.clock(rst_n, clear, key_valid, key, code, dec)
    assert loads > 50, f"only {loads} keys loaded"
    dut._log.info("%d keys loaded", loads)

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_ghash (LANES blocks per clock) against aeshw.model.gcm.

Per-cycle reference: a beat taken at en-edge n makes `state` show the hash
including it from just after en-edge n+1 until en-edge n+2; h_busy is high for exactly LANES-1 cycles
after the h_load edge. Every output is checked every cycle against that, and
each message's final hash against gcm.ghash over its blocks (some messages are
real GCM hash inputs whose tag is compared with OpenSSL's AESGCM).

Driving convention (as tb/lib): inputs change just after a falling edge and
outputs are read 1 ns later.
"""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aeshw.model import gcm
from aeshw.sim import param

ZERO = bytes(16)


def knob(name, default):
    return int(os.environ.get(name, default))


def blk_int(b: bytes) -> int:
    return int.from_bytes(b, "little")


class Model:
    """What state / h_busy must show in the coming cycle."""

    def __init__(self, lanes):
        self.lanes = lanes
        self.reset()

    def reset(self):
        self.h = ZERO            # zeroized key: every product is 0
        self.cur = ZERO          # hash after every taken beat (on state an en-edge later)
        self.prev = ZERO         # hash before the newest taken beat (state)
        self.busy = 0            # cycles h_busy stays high

    def edge(self, cyc):
        """Apply one rising edge with the inputs of `cyc`."""
        if not cyc["rst_n"]:
            self.reset()
            return
        if self.busy:
            self.busy -= 1
        if cyc["h_load"]:
            assert not cyc["en"]
            self.h = cyc["h"]
            self.busy = self.lanes - 1
        elif cyc["en"]:
            assert not self.busy, "plan drives en while h_busy"
            data = b"".join(cyc["blocks"][j] for j in range(self.lanes) if cyc["mask"] >> j & 1)
            self.prev = self.cur
            self.cur = gcm.ghash(self.h, data, ZERO if cyc["start"] else self.cur)


class Plan:
    """Builds the per-cycle stimulus: beats of messages, stalls, key loads, resets."""

    def __init__(self, rng, lanes):
        self.rng, self.lanes = rng, lanes
        self.cycles = []
        self.messages = []       # (index of the cycle taking its last beat, h, blocks, gcm check or None)

    def idle(self, en_ok=False):
        """One cycle with en low and garbage on every other beat input."""
        r = self.rng
        self.cycles.append(dict(rst_n=1, h_load=0, h=r.randbytes(16), en=0, start=r.randrange(2),
                                mask=r.getrandbits(self.lanes), blocks=[r.randbytes(16) for _ in range(self.lanes)]))

    def stall(self, p=0.3, max_len=4):
        if self.rng.random() < p:
            for _ in range(self.rng.randint(1, max_len)):
                self.idle()

    def h_load(self, h):
        self.idle()
        self.cycles[-1].update(h_load=1, h=h)
        for _ in range(self.lanes - 1):   # h_busy: en must stay low
            self.idle()
        self.stall(0.3, 2)

    def reset(self, n=2):
        for _ in range(n):
            self.idle()
            self.cycles[-1].update(rst_n=0, en=self.rng.randrange(2), h_load=self.rng.randrange(2))

    def beat(self, start, lo, n, blocks):
        """A taken beat hashing `blocks` (n of them) in lanes lo..lo+n-1."""
        r = self.rng
        lanes = [r.randbytes(16) for _ in range(self.lanes)]
        lanes[lo:lo + n] = blocks
        mask = ((1 << n) - 1) << lo
        self.cycles.append(dict(rst_n=1, h_load=0, h=r.randbytes(16), en=1, start=start,
                                mask=mask, blocks=lanes))

    def message(self, h, blocks, stall_p, gcm_check=None):
        r, L = self.rng, self.lanes
        pos, first = 0, True
        while first or pos < len(blocks):
            if not first and r.random() < 0.08:           # an empty beat mid-message
                self.beat(0, r.randrange(L), 0, [])
                self.stall(stall_p)
            # first beat: header lanes below lo are not hashed; later beats mostly start at lane 0
            lo = r.randrange(L) if (first and r.random() < 0.6) or r.random() < 0.2 else 0
            room = min(L - lo, len(blocks) - pos)
            n = room if r.random() < 0.7 else r.randint(0 if first else 1, room) if room else 0
            self.beat(int(first), lo, n, blocks[pos:pos + n])
            pos += n
            first = False
            if pos < len(blocks):
                self.stall(stall_p)
        self.messages.append((len(self.cycles) - 1, h, b"".join(blocks), gcm_check))


def build_plan(rng, lanes, n_msgs):
    p = Plan(rng, lanes)
    h = rng.randbytes(16)
    p.idle()
    p.h_load(h)
    reset_at = n_msgs // 2
    for i in range(n_msgs):
        stall_p = rng.choice([0.0, 0.0, 0.3, 0.7])
        kind = rng.random()
        if i == reset_at:
            p.reset(rng.randint(1, 3))
            # powers are zeroized: a message hashed without a new key gives 0
            blocks = [rng.randbytes(16) for _ in range(rng.randint(1, 3 * lanes))]
            p.message(ZERO, blocks, stall_p)
            p.stall(1.0, 2)
            h = rng.randbytes(16)
            p.h_load(h)
        elif kind < 0.15:                       # a real GCM hash input (checked against AESGCM)
            key = rng.randbytes(rng.choice([16, 24, 32]))
            iv, aad = rng.randbytes(12), rng.randbytes(rng.randint(0, 40))
            pt = rng.randbytes(rng.randint(0, 16 * 3 * lanes))
            ct_tag = AESGCM(key).encrypt(iv, pt, aad)
            ct, tag = ct_tag[:len(pt)], ct_tag[len(pt):]
            hk = gcm.hash_key(key)
            if hk != h:
                p.h_load(hk)
                h = hk
            data = gcm.ghash_input(aad, ct)
            p.message(h, [data[k:k + 16] for k in range(0, len(data), 16)], stall_p, (key, iv, tag))
        else:
            if kind < 0.3:                      # a new key between messages
                h = rng.randbytes(16)
                p.h_load(h)
            nb = rng.choice([0, 1, rng.randint(1, lanes + 1), rng.randint(1, 8 * lanes),
                             rng.randint(8, 40)])
            p.message(h, [rng.randbytes(16) for _ in range(nb)], stall_p)
        p.stall(0.4, 3)
    for _ in range(3):
        p.idle()
    return p


def read(sig):
    v = sig.value
    assert v.is_resolvable, f"{sig._name} is not resolvable: {v}"
    return int(v)


class Ports:
    """An aes_ghash's ports: the toplevel's own, or tb_gcm_all's with suffix _l<LANES>."""

    def __init__(self, dut, suffix=""):
        self._dut, self._suffix = dut, suffix

    def __getattr__(self, name):
        return getattr(self._dut, name + self._suffix)


def instances(dut):
    if dut._name == "tb_gcm_all":
        return [(n, Ports(dut, f"_l{n}")) for n in (1, 2, 4)]
    return [(param("LANES", 1), Ports(dut))]


async def run_instance(dut, lanes, io):
    assert len(io.mask) == lanes
    rng = random.Random(70 + lanes + int(os.environ.get("TB_SEED", 0)))
    plan = build_plan(rng, lanes, knob("TB_MSGS", 60))
    ends = {i: (h, data, chk) for i, h, data, chk in plan.messages}
    model = Model(lanes)

    io.rst_n.value = 0
    io.en.value = io.h_load.value = io.start.value = 0
    io.mask.value = 0
    io.blocks.value = 0
    io.h.value = 0
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)           # one reset edge
    model.reset()

    n_msgs = n_gcm = n_beats = 0
    for i, cyc in enumerate(plan.cycles):
        io.rst_n.value = cyc["rst_n"]
        io.h_load.value = cyc["h_load"]
        io.h.value = blk_int(cyc["h"])
        io.en.value = cyc["en"]
        io.start.value = cyc["start"]
        io.mask.value = cyc["mask"]
        io.blocks.value = sum(blk_int(b) << (128 * j) for j, b in enumerate(cyc["blocks"]))
        await Timer(1, unit="ns")
        got = (read(io.state), read(io.h_busy))
        exp = (blk_int(model.prev), int(model.busy > 0))
        assert got == exp, (f"LANES={lanes} cycle {i}: state/h_busy = {got[0]:032x}/{got[1]}, "
                            f"expected {exp[0]:032x}/{exp[1]}")
        await FallingEdge(dut.clk)
        model.edge(cyc)
        n_beats += cyc["en"] and cyc["rst_n"]
        if i in ends:                    # the message's last beat was just taken
            h, data, chk = ends[i]
            assert model.cur == gcm.ghash(h, data), f"model drift at message ending in cycle {i}"
            n_msgs += 1
            if chk:
                key, iv, tag = chk
                assert gcm.gctr(key, gcm.j0_block(h, iv), model.cur) == tag
                n_gcm += 1
    io.en.value = 0
    assert n_msgs == len(plan.messages) and n_gcm > 0
    dut._log.info("LANES=%d: %d cycles, %d beats, %d messages (%d GCM tags) checked",
                  lanes, len(plan.cycles), n_beats, n_msgs, n_gcm)


@cocotb.test()
async def test_ghash_random(dut):
    """Random messages split into beats with random lane runs, stalls, key
    loads and a reset; every output checked every cycle (each aes_ghash
    instance of the toplevel in turn)."""
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for lanes, io in instances(dut):
        await run_instance(dut, lanes, io)

# SPDX-License-Identifier: Apache-2.0
"""Helpers shared by the tb/lib cocotb unit tests (not collected by pytest).

Timing convention used by every clocked test here: inputs are driven just
after a falling clock edge, outputs are read 1 ns later. A register then
shows, at read time, the inputs that were driven before the previous rising
edge; a combinational path shows the inputs just driven. No test relies on
the order in which a simulator wakes cocotb at a rising edge.
"""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer

CLK_NS = 10


def top_name(dut) -> str:
    return dut._name


def sval(sig) -> int:
    """Integer value of a signal; fails the test (with the signal name) on X/Z."""
    v = sig.value
    assert v.is_resolvable, f"{sig._name} is not resolvable: {v}"
    return int(v)


async def settle():
    await Timer(1, unit="ns")


async def start_clock(dut):
    cocotb.start_soon(Clock(dut.clk, CLK_NS, unit="ns").start())
    await FallingEdge(dut.clk)


def knob(name: str, default: int) -> int:
    """A run-length knob from the environment (e.g. TB_CYCLES), else default."""
    return int(os.environ.get(name, default))


def seed(base: int) -> int:
    """The test's own fixed seed; TB_SEED=<n> shifts every seed (other random runs)."""
    return base + int(os.environ.get("TB_SEED", 0))


class Pipe:
    """Reference model of a ce-gated register pipeline of `depth` stages.

    clock(item, ce) is called once per clock cycle with what was driven before
    the rising edge; head() is what the last stage holds now (the reset value,
    None = unknown, until `depth` enabled edges have filled it). depth 0 is a
    wire: head(current) returns `current`, the item driven now.
    """

    def __init__(self, depth: int, reset_value=None):
        self.depth = depth
        self.stages = [reset_value] * depth

    def clock(self, item, ce: bool):
        if ce and self.depth:
            self.stages = [item] + self.stages[:-1]

    def reset(self, value=None):
        self.stages = [value] * self.depth

    def head(self, current=None):
        return current if self.depth == 0 else self.stages[-1]


# ---- byte substitution (aes_sbox, aes_sub_bytes) -----------------------------
def subst_ref(mode: str, inv: int, value: int, nbytes: int) -> int:
    """Reference SubBytes/InvSubBytes on `nbytes` bytes, from aeshw.model.gf tables."""
    from aeshw.model.gf import inv_sbox_table, sbox_table
    backward = {"ENC": False, "DEC": True}.get(mode, bool(inv))
    t = inv_sbox_table() if backward else sbox_table()
    b = value.to_bytes(nbytes, "little")
    return int.from_bytes(bytes(t[x] for x in b), "little")


class SubstInst:
    """One S-box row under test: its MODE/PIPE/NBYTES, output handle and model."""

    def __init__(self, name: str, mode: str, pipe: int, out, impl: str = "?", nbytes: int = 1):
        self.name, self.mode, self.pipe, self.out, self.impl = name, mode, pipe, out, impl
        self.nbytes = nbytes
        self.model = Pipe(pipe)
        self.checked = 0
        self.seen: set = set()      # (lane, direction, input byte) checked

    def coverage_needed(self) -> int:
        return self.nbytes * 256 * (2 if self.mode == "BOTH" else 1)

    def expected(self, current):
        item = self.model.head(current)
        if item is None:
            return None, None
        inv, x = item
        x &= (1 << (8 * self.nbytes)) - 1
        return (inv, x), subst_ref(self.mode, inv, x, self.nbytes)


async def run_subst_stream(dut, insts, stimulus, pairs=()):
    """Drive (inv, in_value, ce) per cycle on dut.inv/in_*/ce; check every
    instance each cycle against its ce-gated pipeline model (an instance
    narrower than the input sees its low bytes).

    pairs: (inst_a, inst_b) that must agree whenever both are defined.
    """
    in_sig = dut.in_byte if hasattr(dut, "in_byte") else dut.in_data
    for inv, x, ce in stimulus:
        in_sig.value = x & ((1 << len(in_sig)) - 1)
        dut.inv.value = inv
        dut.ce.value = ce
        await settle()
        got = {}
        for it in insts:
            item, exp = it.expected((inv, x))
            if exp is None:
                continue
            g = sval(it.out)
            got[it.name] = g
            assert g == exp, (f"{it.name} (MODE={it.mode} PIPE={it.pipe}): input {item[1]:#x} "
                              f"inv={item[0]} -> {g:#x}, expected {exp:#x}")
            it.checked += 1
            d = {"ENC": 0, "DEC": 1}.get(it.mode, item[0])
            for lane in range(it.nbytes):
                it.seen.add((lane, d, (item[1] >> (8 * lane)) & 0xFF))
        for a, b in pairs:
            if a.name in got and b.name in got:
                assert got[a.name] == got[b.name], \
                    f"{a.name} {got[a.name]:#x} != {b.name} {got[b.name]:#x}"
        await FallingEdge(dut.clk)
        for it in insts:
            it.model.clock((inv, x), ce)


def subst_stimulus(rng: random.Random, nbytes: int, random_cycles: int = 400):
    """Every byte value on every lane with inv=0, then with inv=1 (ce always
    on, each lane in its own random order so consecutive inputs differ and an
    off-by-one latency cannot pass); then random inputs, inv and ce (stalls);
    then a long stall and a drain."""
    stim = []
    for inv in (0, 1):
        orders = []
        for _ in range(nbytes):
            o = list(range(256))
            rng.shuffle(o)
            orders.append(o)
        for n in range(256):
            stim.append((inv, sum(orders[k][n] << (8 * k) for k in range(nbytes)), 1))
    rnd = lambda: rng.getrandbits(8 * nbytes)
    stim += [(rng.randrange(2), rnd(), int(rng.random() < 0.6)) for _ in range(random_cycles)]
    stim += [(rng.randrange(2), rnd(), 0) for _ in range(6)]
    stim += [(0, rnd(), 1) for _ in range(4)]
    return stim


# ---- 128-bit state transforms (aes_shift_rows, aes_mix_columns) ---------------
def state_vectors(rng: random.Random, n_random: int):
    """States for a byte-wise linear map: a labelled state (byte i = i), every
    single-bit state (all 128), all-zero, all-one, then random states."""
    vs = [int.from_bytes(bytes(range(16)), "little"),
          int.from_bytes(bytes(range(0xF0, 0x100)), "little"), 0, (1 << 128) - 1]
    vs += [1 << b for b in range(128)]
    vs += [rng.getrandbits(128) for _ in range(n_random)]
    return vs


def _map_expected(ref, v: int, mode: str, inv: int, inv_w: int) -> int:
    """ref applied to state v; with one direction bit per column (inv_w 4), output
    column c is column c of ref(v) in the direction of inv bit c."""
    from aeshw.model import to_bytes, to_int
    fixed = {"ENC": False, "DEC": True}.get(mode)
    exp = 0
    for c in range(4):
        back = fixed if fixed is not None else bool((inv >> (c % inv_w)) & 1)
        exp |= to_int(ref(to_bytes(v), back)) & (0xFFFFFFFF << (32 * c))
    return exp


async def check_state_map(dut, insts, ref, vectors, rng: random.Random):
    """insts: [(name, MODE, out handle)]; ref(bytes, inverse) -> bytes.
    Each vector is applied with inv=0 and inv=1 (random order) and, when inv has a bit
    per column (INV_W 4), a random mix of the two; ENC/DEC instances must ignore inv."""
    n = 0
    inv_w = len(dut.inv)
    full = (1 << inv_w) - 1
    for v in vectors:
        invs = rng.sample((0, full), 2) + ([rng.randrange(1, full)] if inv_w > 1 else [])
        for inv in invs:
            dut.in_state.value = v
            dut.inv.value = inv
            await settle()
            for name, mode, out in insts:
                exp = _map_expected(ref, v, mode, inv, inv_w)
                got = sval(out)
                assert got == exp, (f"{name} (MODE={mode}) inv={inv} in {v:032x}: "
                                    f"got {got:032x}, expected {exp:032x}")
                n += 1
    return n

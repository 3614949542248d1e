# SPDX-License-Identifier: Apache-2.0
"""Robustness and key-hygiene tests of aes_axis (docs/aes_axis.md, "Robustness and key hygiene").

* test_axil_random: a cycle-level AXI4-Lite master of its own (AW and W on separate queues, so
  address before data, data before address and both together all occur; back-to-back writes
  and reads; random bready/rready stalls), every wstrb on CTRL/IV0-3/ERROR, every offset
  0x000..0x05C and a sample of unmapped ones up to 0xFFC, each response checked against a
  Python model of the register map. AXI rules checked every cycle: B/R only for an issued
  request, in order; bvalid/rvalid and their payload held until the handshake; rdata 0 while
  rvalid is low.
* test_reset_mid_stream / test_reset_mid_commit: aresetn in the middle of a stream (blocks
  in flight) or of a COMMIT (after the write is taken, before its response): afterwards every
  register reads its reset value, the staged key, the active context and the core's key
  context are zero, and a fresh COMMIT + stream matches OpenSSL.
* test_clear_in_flight: CLEAR with blocks inside the core: they still come out right.
* test_key_hygiene: no remanence. Traffic in every mode (GCM packets too; XTS data units in
  XTS builds), then CLEAR (resp.
  reset) with plaintext blocks inside, then idle: the staged key, the active context and the
  round keys are zero (hierarchical access; cocotb's Verilator build uses --public-flat-rw);
  the run is repeated with other keys, IVs and data and every signal of aes_axis must match;
  and every flip-flop and memory word (listed by Yosys, tb/robust/flops.py) must be zero
  unless it is on the short NONZERO_ALLOWED list (configuration, counters, handshakes, the
  constant refill of the datapath stages).
Every cycle (all tests): no X/Z on any output once out of the first reset (Icarus shows X;
Verilator is two-state); m_axis_tdata/tkeep/tlast/tuser 0 while m_axis_tvalid is low;
s_axil_rdata 0 while s_axil_rvalid is low.
"""
from __future__ import annotations

import logging
import os
import random
import re
import sys
from collections import deque
from pathlib import Path
from types import SimpleNamespace

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import Event, FallingEdge, RisingEdge
from cocotbext.axi import AxiStreamBus, AxiStreamSink, AxiStreamSource

from aeshw.model import gcm_packet as gp, xts
from aeshw.sim import param
from flops import flop_names

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "axis"))   # tb/axis: axis_tb
from aeshw import regs
from axis_tb import (ARCH, BEAT, BLOCKS_IN, BLOCKS_OUT, CAPS, CBC, COMMAND, CTR, CTRL, CTRL_FIELDS, ECB,
                     ERROR, ID, ID_VALUE, IV0, KEY0, KEY_LEN, LANES, STATUS, AxisTB, Context, field,
                     oneshot)
from axis_tb import XTS as XTS_MODE

STAGES = param("STAGES", 1)
U = param("U", 1)
KEY_MODE = param("KEY_MODE", "SHARED")
GCM = param("GCM", 1)                  # MODE 3 built (aes_axis default)
GCM_MODE = 3
XTS = param("XTS", 0)                  # XTS built ({MODE_HI, MODE} = 4)
SIM = os.environ.get("SIM", "verilator")
RANDOM_OPS = int(os.environ.get("ROBUST_RANDOM_OPS", "600"))
OKAY, SLVERR = 0, 2
RW_REGS = [CTRL, IV0, IV0 + 4, IV0 + 8, IV0 + 12, ERROR]

OUTPUTS = ["s_axil_awready", "s_axil_wready", "s_axil_bresp", "s_axil_bvalid", "s_axil_arready",
           "s_axil_rdata", "s_axil_rresp", "s_axil_rvalid", "s_axis_tready", "m_axis_tdata",
           "m_axis_tkeep", "m_axis_tlast", "m_axis_tuser", "m_axis_tvalid"]


def rbytes(rng, n):
    return bytes(rng.randrange(256) for _ in range(n))


def caps_value() -> int:
    values = {"LANES": min(LANES, 255), "ARCH": getattr(regs, f"ARCH_{ARCH}"), "ENC": 1, "DEC": 1,
              "KEY_SIZES": 7, "MODES": 7, "AGILE": int(ARCH == "PIPELINED" and KEY_MODE == "AGILE"),
              "STAGES": min(1 if ARCH == "ITERATIVE" else STAGES, 15),
              "U": min(U if ARCH == "FOLDED" else 1, 15), "GCM": int(bool(GCM)),
              "XTS": int(bool(XTS))}
    return sum(v << getattr(regs, f"CAPS_{k}_LSB") for k, v in values.items())


# ---- register map model ------------------------------------------------------------------
class RegModel:
    """The documented register map (docs/aes_axis.md) as a value: copy, write, read."""

    def __init__(self):
        self.ctrl = 0
        self.iv = [0] * 4
        self.key = [0] * 8
        self.key2 = [0] * 8                 # XTS key 2
        self.err = 0
        self.ready = False
        self.blocks_in = 0
        self.blocks_out = 0

    def copy(self) -> "RegModel":
        m = RegModel()
        m.__dict__.update({k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()})
        return m

    @staticmethod
    def mapped(addr: int) -> bool:
        return addr & ((1 << regs.ADDR_BITS) - 4) in regs.MAPPED

    @staticmethod
    def merge(old: int, data: int, strb: int) -> int:
        for b in range(4):
            if strb >> b & 1:
                old = (old & ~(0xFF << 8 * b)) | (data & (0xFF << 8 * b))
        return old

    def cfg_ok(self) -> bool:
        mode, klen = field(self.ctrl, "CTRL", "MODE"), field(self.ctrl, "CTRL", "KEY_LEN")
        # every build here has all key sizes and both directions; GCM, XTS if built
        if klen not in KEY_LEN.values():
            return False
        if field(self.ctrl, "CTRL", "MODE_HI"):          # XTS: key 1 != key 2 over their length
            n = (4, 6, 8)[klen]
            return bool(XTS) and mode == regs.MODE_ECB and self.key[:n] != self.key2[:n]
        return mode != regs.MODE_GCM or bool(GCM)

    def write(self, addr: int, data: int, strb: int) -> int:
        if not self.mapped(addr):
            return SLVERR
        a = addr & 0xFFC
        if a == CTRL and strb & 1:                         # all fields in byte 0
            self.ctrl = data & CTRL_FIELDS
        elif a == ERROR and strb & 1:
            self.err &= ~data & regs.ERROR_FIELDS
        elif a == COMMAND and strb & 1 and data & regs.COMMAND_FIELDS:
            if data & regs.COMMAND_CLEAR_MASK:             # CLEAR wins
                self.key, self.key2, self.iv, self.ready = [0] * 8, [0] * 8, [0] * 4, False
            elif self.cfg_ok():
                self.ready = True
            else:
                self.err |= regs.ERROR_BAD_CONFIG_MASK
        elif KEY0 <= a < KEY0 + 32:
            i = (a - KEY0) // 4
            self.key[i] = self.merge(self.key[i], data, strb)
        elif regs.KEY20 <= a < regs.KEY20 + 32:
            i = (a - regs.KEY20) // 4
            self.key2[i] = self.merge(self.key2[i], data, strb)
        elif IV0 <= a < IV0 + 16:
            i = (a - IV0) // 4
            self.iv[i] = self.merge(self.iv[i], data, strb)
        return OKAY

    def read(self, addr: int) -> tuple[int, int]:
        if not self.mapped(addr):
            return 0, SLVERR
        a = addr & 0xFFC
        if a == ID:
            return ID_VALUE, OKAY
        if a == CAPS:
            return caps_value(), OKAY
        if a == CTRL:
            return self.ctrl, OKAY
        if a == STATUS:
            return (regs.STATUS_READY_MASK * self.ready) | (regs.STATUS_ERROR_MASK * (self.err != 0)), OKAY
        if a == ERROR:
            return self.err, OKAY
        if IV0 <= a < IV0 + 16:
            return self.iv[(a - IV0) // 4], OKAY
        if a == BLOCKS_IN:
            return self.blocks_in, OKAY
        if a == BLOCKS_OUT:
            return self.blocks_out, OKAY
        return 0, OKAY                                     # COMMAND, KEY0-7, KEY2_0-7

    def key_bytes(self) -> bytes:
        return b"".join(w.to_bytes(4, "little") for w in self.key)


# ---- cycle-level AXI4-Lite master ----------------------------------------------------------
class Txn:
    _seq = 0

    def __init__(self, kind, addr, data=0, strb=0xF, aw_delay=0, w_delay=0):
        self.kind, self.addr, self.data, self.strb = kind, addr, data, strb
        self.aw_delay, self.w_delay = aw_delay, w_delay
        Txn._seq += 1
        self.seq = Txn._seq
        self.aw_done = self.w_done = False
        self.presented = False          # AW or W (or AR) shown on the bus
        self.resp = None
        self.rdata = None
        self.done = False
        self.aborted = False
        self.expect = None              # reads: set of (value, resp) allowed, fixed at the AR handshake
        self.event = Event()


class LiteMaster:
    """AXI4-Lite master with independent AW, W, B, AR, R channels.

    Drives right after the rising edge, samples at the falling edge (the values the next
    rising edge sees, on any simulator). AW and W of a write sit in separate queues, each
    item waiting its own delay once at the head of its queue, so the address can lead,
    trail or go with the data, and the next write's address can be taken before the
    previous response. bready/rready are low with probability p_bstall/p_rstall each cycle.
    Checks the slave every cycle (AXI rules; rdata 0 while rvalid is low; no X/Z)."""

    def __init__(self, dut, rng, p_bstall=0.0, p_rstall=0.0, on_b=None, on_ar=None):
        self.dut, self.rng = dut, rng
        self.p_bstall, self.p_rstall = p_bstall, p_rstall
        self.on_b, self.on_ar = on_b, on_ar
        self.aw_q, self.w_q, self.ar_q = deque(), deque(), deque()
        self.b_wait, self.r_wait = deque(), deque()        # issued, response pending (in order)
        self.wait = {"aw": 0, "w": 0, "ar": 0}
        self.shown = {"aw": False, "w": False, "ar": False}
        self.to_signal: list[Txn] = []
        self.errors: list[str] = []
        self.cycle = 0
        self.writes = self.reads = 0
        self.hs_counts = {"aw_first": 0, "w_first": 0, "together": 0}
        self.prev_b = self.prev_r = None
        self.in_reset = True
        self.check_x = False
        for s in ("awvalid", "wvalid", "arvalid", "bready", "rready",
                  "awaddr", "wdata", "wstrb", "araddr", "awprot", "arprot"):
            getattr(dut, f"s_axil_{s}").value = 0
        cocotb.start_soon(self._run())

    # -- the API AxisTB.wr/rd use (same shape as cocotbext-axi's results) --
    async def write(self, addr: int, data: bytes):
        off = addr & 3
        strb = ((1 << len(data)) - 1) << off & 0xF
        t = self.submit_write(addr, int.from_bytes(data, "little") << 8 * off & 0xFFFFFFFF, strb)
        await t.event.wait()
        return SimpleNamespace(resp=t.resp)

    async def read(self, addr: int, length: int = 4):
        t = self.submit_read(addr)
        await t.event.wait()
        return SimpleNamespace(data=(t.rdata or 0).to_bytes(4, "little")[:length], resp=t.resp)

    def submit_write(self, addr, data, strb=0xF, aw_delay=0, w_delay=0) -> Txn:
        t = Txn("w", addr, data, strb, aw_delay, w_delay)
        self.aw_q.append(t)
        self.w_q.append(t)
        return t

    def submit_read(self, addr, delay=0) -> Txn:
        t = Txn("r", addr, aw_delay=delay)
        self.ar_q.append(t)
        return t

    def idle(self) -> bool:
        return not (self.aw_q or self.w_q or self.ar_q or self.b_wait or self.r_wait or self.to_signal)

    def abort_all(self):
        """Reset: every outstanding transaction is dropped (no response will come)."""
        for q in (self.aw_q, self.w_q, self.ar_q, self.b_wait, self.r_wait):
            while q:
                t = q.popleft()
                if not t.done:
                    t.done = t.aborted = True
                    self.to_signal.append(t)
        self.wait = {"aw": 0, "w": 0, "ar": 0}
        self.shown = {"aw": False, "w": False, "ar": False}
        self.prev_b = self.prev_r = None

    def in_flight_writes(self) -> list[Txn]:
        """Writes shown on the bus whose response has not been taken, oldest first."""
        ts = {t.seq: t for q in (self.b_wait, self.aw_q, self.w_q) for t in q if t.presented and not t.done}
        return [ts[k] for k in sorted(ts)]

    def _err(self, msg):
        self.errors.append(f"cycle {self.cycle}: {msg}")

    def _drive(self, ch: str, q: deque, delay_of, put):
        d = self.dut
        valid = getattr(d, f"s_axil_{ch}valid")
        if self.shown[ch]:
            return                                        # held until its handshake
        if q and self.wait[ch] >= delay_of(q[0]):
            put(q[0])
            q[0].presented = True
            valid.value = 1
            self.shown[ch] = True
        else:
            valid.value = 0
            if q:
                self.wait[ch] += 1

    def _put_aw(self, t):
        self.dut.s_axil_awaddr.value = t.addr
        self.dut.s_axil_awprot.value = (t.addr >> 2) & 7     # not checked by the slave

    def _put_w(self, t):
        self.dut.s_axil_wdata.value = t.data
        self.dut.s_axil_wstrb.value = t.strb

    def _put_ar(self, t):
        self.dut.s_axil_araddr.value = t.addr
        self.dut.s_axil_arprot.value = (t.addr >> 4) & 7

    async def _run(self):
        d = self.dut
        while True:
            await FallingEdge(d.aclk)
            self.cycle += 1
            for t in self.to_signal:                     # completed at the last rising edge
                t.event.set()
            self.to_signal = []
            if self.check_x:
                for name in OUTPUTS:
                    if not getattr(d, name).value.is_resolvable:
                        self._err(f"{name} = {getattr(d, name).value} (X/Z)")
            if self.check_x and d.m_axis_tvalid.value.is_resolvable and not int(d.m_axis_tvalid.value):
                idle = {n: getattr(d, f"m_axis_{n}").value for n in ("tdata", "tkeep", "tlast", "tuser")}
                if any(not v.is_resolvable or int(v) for v in idle.values()):
                    self._err("m_axis payload not 0 while tvalid is low: "
                              + ", ".join(f"{n}={v}" for n, v in idle.items()))
            if not d.aresetn.value.is_resolvable or not int(d.aresetn.value):
                self.in_reset = True
                await RisingEdge(d.aclk)
                self.abort_all()
                for s in ("awvalid", "wvalid", "arvalid", "bready", "rready"):
                    getattr(d, f"s_axil_{s}").value = 0
                continue
            if self.in_reset:
                self.in_reset = False
                if int(d.s_axil_bvalid.value) or int(d.s_axil_rvalid.value):
                    self._err("bvalid/rvalid high right after reset")
            # ---- sample: what the coming rising edge sees ----
            awv, awr = int(d.s_axil_awvalid.value), int(d.s_axil_awready.value)
            wv, wr = int(d.s_axil_wvalid.value), int(d.s_axil_wready.value)
            arv, arr = int(d.s_axil_arvalid.value), int(d.s_axil_arready.value)
            bv, br = int(d.s_axil_bvalid.value), int(d.s_axil_bready.value)
            rv, rr = int(d.s_axil_rvalid.value), int(d.s_axil_rready.value)
            bresp = int(d.s_axil_bresp.value)
            rdata, rresp = int(d.s_axil_rdata.value), int(d.s_axil_rresp.value)
            if not rv and rdata != 0:
                self._err(f"rdata {rdata:08x} while rvalid is low")
            # AXI: a raised valid stays, with its payload, until the handshake
            if self.prev_b is not None and (not bv or bresp != self.prev_b):
                self._err("bvalid/bresp changed before the B handshake")
            if self.prev_r is not None and (not rv or (rdata, rresp) != self.prev_r):
                self._err("rvalid/rdata/rresp changed before the R handshake")
            self.prev_b = bresp if (bv and not br) else None
            self.prev_r = (rdata, rresp) if (rv and not rr) else None
            if bv and not self.b_wait:
                self._err("bvalid without an outstanding write")
            if rv and not self.r_wait:
                self._err("rvalid without an outstanding read")
            b_hs = bool(bv and br and self.b_wait)
            r_hs = bool(rv and rr and self.r_wait)
            aw_hs, w_hs, ar_hs = bool(awv and awr), bool(wv and wr), bool(arv and arr)
            await RisingEdge(d.aclk)
            # ---- effects of this edge's handshakes ----
            if b_hs:                                      # before AR: that write landed earlier
                t = self.b_wait.popleft()
                t.resp, t.done = bresp, True
                self.writes += 1
                if self.on_b:
                    self.on_b(t)
                self.to_signal.append(t)
            if aw_hs:
                t = self.aw_q.popleft()
                t.aw_done = True
                together = w_hs and self.w_q and self.w_q[0] is t
                self.hs_counts["w_first" if t.w_done else "together" if together else "aw_first"] += 1
                if t.w_done:
                    self.b_wait.append(t)
                self.shown["aw"], self.wait["aw"] = False, 0
            if w_hs:
                t = self.w_q.popleft()
                t.w_done = True
                if t.aw_done and all(x is not t for x in self.b_wait):
                    self.b_wait.append(t)
                self.shown["w"], self.wait["w"] = False, 0
            if ar_hs:
                t = self.ar_q.popleft()
                self.r_wait.append(t)
                if self.on_ar:
                    self.on_ar(t)
                self.shown["ar"], self.wait["ar"] = False, 0
            if r_hs:
                t = self.r_wait.popleft()
                t.rdata, t.resp, t.done = rdata, rresp, True
                self.reads += 1
                self.to_signal.append(t)
            # ---- drive the next cycle ----
            self._drive("aw", self.aw_q, lambda t: t.aw_delay, self._put_aw)
            self._drive("w", self.w_q, lambda t: t.w_delay, self._put_w)
            self._drive("ar", self.ar_q, lambda t: t.aw_delay, self._put_ar)
            d.s_axil_bready.value = int(self.rng.random() >= self.p_bstall)
            d.s_axil_rready.value = int(self.rng.random() >= self.p_rstall)


# ---- environment ---------------------------------------------------------------------------
class RobustTB(AxisTB):
    """AxisTB (stream VIP + OpenSSL scoreboard) with LiteMaster as its AXI4-Lite master."""

    async def start(self, pause_in: float = 0.0, pause_out: float = 0.0):
        d = self.dut
        cocotb.start_soon(Clock(d.aclk, 10, unit="ns").start())
        d.aresetn.value = 0
        self.axil = LiteMaster(d, self.rng)
        self.src = AxiStreamSource(AxiStreamBus.from_prefix(d, "s_axis"), d.aclk, d.aresetn,
                                   reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(d, "m_axis"), d.aclk, d.aresetn,
                                  reset_active_level=False)
        self.set_pauses(pause_in, pause_out)
        for name in ("s_axis", "m_axis"):
            logging.getLogger(f"cocotb.{d._name}.{name}").setLevel(logging.ERROR)
        for _ in range(4):
            await RisingEdge(d.aclk)
        d.aresetn.value = 1
        await RisingEdge(d.aclk)
        self.axil.check_x = True                           # outputs are defined from here on
        cocotb.start_soon(self._monitor())

    async def reset(self, cycles: int = 2):
        """aresetn low for `cycles` clocks (from just after a rising edge); the scoreboard,
        the stream VIP queues and the AXI4-Lite master forget everything in flight."""
        d = self.dut
        d.aresetn.value = 0
        self.src.clear()
        for _ in range(cycles):
            await RisingEdge(d.aclk)
        await RisingEdge(d.aclk)        # every monitor has seen the reset edges
        self.expected.clear()
        self.ctx = self.pending_ctx = None
        self.clear_pending = False
        while not self.sink.empty():
            self.sink.recv_nowait()
        d.aresetn.value = 1
        await RisingEdge(d.aclk)

    def check(self):
        super().check()
        assert not self.axil.errors, "AXI4-Lite: " + "\n".join(self.axil.errors[:8])

    async def idle(self, n: int):
        for _ in range(n):
            await RisingEdge(self.dut.aclk)

    async def regs_at_reset_values(self):
        """Every register reads its documented reset value."""
        m = RegModel()
        for a in list(range(0, 0x60, 4)) + [0x100, 0xFFC]:
            v, r = await self.rd(a)
            assert (v, r) == m.read(a), f"after reset: 0x{a:03x} reads {v:08x}/{r}, expected {m.read(a)}"


# ---- internal state (hierarchical access) ---------------------------------------------------
def core_scope(dut):
    if ARCH == "PIPELINED":
        return dut.u_main.u_core.g_pipelined.u_core
    return dut.u_main.u_core.g_folded.u_core


def key_state(dut) -> dict[str, int]:
    """The registers that hold key material or the active context, by name."""
    out = {"u_regs.cfg_key": int(dut.u_main.u_regs.cfg_key.value),
           "u_regs.cfg_iv": int(dut.u_main.u_regs.cfg_iv.value),
           "u_engine.chain": int(dut.u_main.u_engine.chain.value),
           **{f"u_engine.u_ctr.{n}": int(getattr(dut.u_main.u_engine.u_ctr, n).value)
              for n in ("lo", "hi", "hi_inc")},
           "u_engine.act_mode": int(dut.u_main.u_engine.act_mode.value),
           "u_engine.act_dec": int(dut.u_main.u_engine.act_dec.value),
           "u_engine.st_ready": int(dut.u_main.u_engine.st_ready.value)}
    c = core_scope(dut)
    if ARCH == "PIPELINED" and KEY_MODE == "SHARED":
        s = c.g_shared
        nslots = len(s.u_bank.slot)
        for i in range(nslots):
            out[f"core.g_shared.u_bank.slot[{i}]"] = int(s.u_bank.slot[i].value)
        for i in range(1, nslots):
            out[f"core.g_shared.u_bank.rk[{i}]"] = int(s.u_bank.rk[i].value)
        for n in ("win", "wkey", "have_key", "step", "expanding", "ctx_len", "ctx_inv"):
            out[f"core.g_shared.{n}"] = int(getattr(s, n).value)
    else:
        kp = c.u_ctx if ARCH == "PIPELINED" else c.u_key_prep
        for n in ("ctx_window", "ctx_len", "ctx_inv", "have_key", "expanding", "step"):
            out[f"core.key_prep.{n}"] = int(getattr(kp, n).value)
    return out


def assert_key_state_zero(dut, when: str):
    bad = {k: v for k, v in key_state(dut).items() if v != 0}
    assert not bad, f"{when}: not zeroized: " + ", ".join(f"{k}={v:x}" for k, v in bad.items())


def _walk(h, path, out):
    try:
        kids = list(h)
    except (TypeError, NotImplementedError):
        return
    for k in kids:
        name = f"{path}.{k._name}"
        kind = type(k).__name__
        if kind in ("HierarchyObject", "HierarchyArrayObject", "ArrayObject"):
            _walk(k, name, out)
        elif kind in ("LogicObject", "LogicArrayObject", "PackedObject") and not k.is_const:
            out.append((name, k))


def signal_list(dut):
    """Every signal of the design (Verilator --public-flat-rw shows every register and net).
    Left out: a function's local variables, which Verilator keeps as static storage
    (`<function>__Vstatic__<name>`). They hold the temporaries of the function's last call,
    which is no net or register of the circuit: a function called only in some cycles (the CTR
    counter's successor, aes_ctr_blocks) keeps there what its last call computed, while the
    circuit's nets follow the (zeroed) registers."""
    out = []
    _walk(dut, "", out)
    return [(n.lstrip("."), h) for n, h in out if "__Vstatic__" not in n]


def flop_signals(signals) -> list[str]:
    """The names (as in `signals`) of every flip-flop and memory word of this build, from
    Yosys (tb/robust/flops.py); fails if one of them is not among the signals read."""
    params = {k[2:]: param(k[2:]) for k in os.environ if k.startswith("P_")}
    want = flop_names(params)
    norm = {re.sub(r"(\w+)\.\1\[", r"\1[", n): n for n, _ in signals}
    found, missing = [], []
    for f in sorted(want):
        hits = [n for k, n in norm.items() if k == f or k.startswith(f + "[")]
        (found.extend(hits) if hits else missing.append(f))
    assert not missing, f"flip-flops not visible to the test: {missing[:10]}"
    return found


def snapshot(signals) -> dict[str, str]:
    return {n: str(h.value) for n, h in signals}


# The flip-flops that may hold something other than zero once the IP is idle after CLEAR or
# reset (a name matches if it contains one of the patterns): configuration and the public
# metadata travelling with blocks, counters, handshake and status, and the datapath stages,
# which refill from the idle input (zero) under zeroized round keys and so hold a constant
# (ITERATIVE/FOLDED: with the key window expanded from the zeroized key; the SHARED key
# expansion's word register: the transformed word of its zeroized window).
# The test proves the "no secret" part for these too: every signal has the same value after
# two runs with different keys and data.
NONZERO_ALLOWED = {
    "configuration and block metadata": ("cfg_mode", "cfg_decrypt", "cfg_key_len", "aw_word", "pipe_len",
                                         "ring_len", ".u_ctl_out.", ".u_ctl.", "tlen",
                                         # the key step's word selects: decodes of the key length
                                         # and the step number (aes_key_step's u_sel)
                                         ".u_expand.u_sel."),
    "counters": ("blocks_in", "blocks_out", "count", "_ptr", "wr_sel", "rd_sel", "slot_oh", "credits", "credit_ok"),
    "handshake and status": ("ready", "resp", "valid", "hold", "full", "cmd_clear", "empty",
                             "u_bank.busy", "u_in.next_first", ".g_exit_zero.", ".scrub_q"),
    "datapath stages refilled from the zero input and zero key": (".out_state", ".u_window_out.",
                                                                  ".u_expand.u_word_cut.", ".stepped_q"),
}


def allowed_nonzero(name: str) -> bool:
    return any(pat in name for pats in NONZERO_ALLOWED.values() for pat in pats)


# ---- tests ---------------------------------------------------------------------------------
@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_axil_random(dut):
    """Own AXI4-Lite master: orderings, stalls, every wstrb, every offset, vs the register model."""
    rng = random.Random(101)
    tb = RobustTB(dut, seed=101)
    await tb.start()
    m = tb.axil
    model = RegModel()
    mismatches: list[str] = []

    def on_b(t: Txn):
        exp = model.write(t.addr, t.data, t.strb)
        if t.resp != exp:
            mismatches.append(f"write 0x{t.addr:03x} <= {t.data:08x}/{t.strb:x}: resp {t.resp}, expected {exp}")

    def on_ar(t: Txn):
        # the read samples the registers now; writes in flight may or may not have landed
        allowed = set()
        s = model.copy()
        allowed.add(s.read(t.addr))
        for w in m.in_flight_writes():
            s.write(w.addr, w.data, w.strb)
            allowed.add(s.read(t.addr))
        if (t.addr & 0xFFC) == STATUS:     # BUSY: a GCM COMMIT's H token may be in the core
            allowed |= {(v | 2, r) for v, r in allowed if r == OKAY}
        t.expect = allowed

    m.on_b, m.on_ar = on_b, on_ar
    reads: list[Txn] = []

    async def settle():
        for _ in range(2000):
            if m.idle():
                break
            await RisingEdge(dut.aclk)
        assert m.idle(), "AXI4-Lite transactions never completed"
        for t in reads:
            if (t.rdata, t.resp) not in t.expect:
                mismatches.append(f"read 0x{t.addr:03x}: {t.rdata:08x}/{t.resp}, allowed "
                                  + ", ".join(f"{v:08x}/{r}" for v, r in sorted(t.expect)))
        reads.clear()
        assert not mismatches, "\n".join(mismatches[:10]) + f"\n({len(mismatches)} mismatches)"
        tb.check()

    def rd(addr, delay=0):
        reads.append(m.submit_read(addr, delay))

    # 1. every mapped offset and unmapped ones, aligned and not (bits [1:0] ignored)
    for a in range(0, 0x60, 4):
        rd(a)
    for a in [0x060, 0x07C, 0x080, 0x0FC, 0x100, 0x200, 0x3FC, 0x400, 0x7F8, 0x800, 0xFFC]:
        rd(a)
    for a in rng.sample(range(0x60, 0x1000, 4), 24):
        rd(a)
        m.submit_write(a, rng.getrandbits(32), rng.randrange(16))
    for a in (ID + 1, CTRL + 2, IV0 + 3, 0x00A, 0x05F):
        rd(a)
    await settle()

    # 2. the three AW/W orders, deterministic
    for aw_d, w_d in ((0, 4), (4, 0), (0, 0), (2, 7), (7, 2)):
        m.submit_write(IV0 + 4 * rng.randrange(4), rng.getrandbits(32), 0xF, aw_d, w_d)
        await settle()
        rd(IV0)
        rd(IV0 + 4)
        await settle()
    assert all(v > 0 for v in m.hs_counts.values()), m.hs_counts

    # 3. every wstrb on every RW register (ERROR with both bits set first)
    for reg in RW_REGS:
        for strb in range(16):
            if reg == ERROR:
                await set_error_bits(tb, model, rng)
                await settle()
            m.submit_write(reg, rng.getrandbits(32), strb, rng.randrange(3), rng.randrange(3))
            rd(reg)
            await settle()

    # 4. random traffic: mixed orders, back-to-back, stalls on B and R
    m.p_bstall, m.p_rstall = 0.4, 0.4
    addrs = (list(range(0, 0x60, 4)) * 3 + [0x008, 0x00C, 0x058, 0x05C, 0x1F0, 0xFFC]
             + [CTRL, ERROR] + [IV0 + 4 * i for i in range(4)] * 2)
    for n in range(RANDOM_OPS):
        a = rng.choice(addrs)
        if rng.random() < 0.5:
            data = rng.getrandbits(32)
            if a == COMMAND:                       # COMMIT / CLEAR / both / neither
                data = rng.choice((0, 1, 1, 1, 2, 3, 0x100))
            elif a == CTRL:                        # mostly valid configurations
                data = rng.choice((0, 1, 2, 4, 5, 6)) | rng.choice((0, 1, 2, 2, 3)) << 4 \
                    | (rng.getrandbits(32) & ~0x37 if rng.random() < 0.3 else 0)
            strb = 0xF if rng.random() < 0.6 else rng.randrange(16)
            m.submit_write(a, data, strb, rng.choice((0, 0, 0, 1, 3)), rng.choice((0, 0, 0, 1, 3)))
        else:
            rd(a, rng.choice((0, 0, 0, 1, 2)))
        if rng.random() < 0.05:
            await settle()
        while len(m.aw_q) + len(m.ar_q) > 6:
            await RisingEdge(dut.aclk)
    await settle()
    m.p_bstall = m.p_rstall = 0.0
    # the write-only key registers landed as modelled (checked inside the IP)
    assert int(dut.u_main.u_regs.cfg_key.value).to_bytes(32, "little") == model.key_bytes(), "staged key differs from model"
    dut._log.info("AXI4-Lite: %d writes, %d reads, AW/W order counts %s", m.writes, m.reads, m.hs_counts)


async def set_error_bits(tb, model: RegModel, rng):
    """ERROR.BAD_CONFIG (a refused COMMIT) and ERROR.PARTIAL (a partial ECB beat) both set."""
    saved_ctrl = model.ctrl
    for i in range(4):                                     # a known ECB context
        w = rng.getrandbits(32)
        assert await tb.wr(KEY0 + 4 * i, w) == OKAY
        model.write(KEY0 + 4 * i, w, 0xF)
    await tb.wr(CTRL, ECB)
    model.write(CTRL, ECB, 0xF)
    tb.pending_ctx = Context(model.key_bytes()[:16], ECB, False, bytes(16))
    assert await tb.wr(COMMAND, 1) == OKAY
    model.write(COMMAND, 1, 0xF)
    n0 = tb.in_beats
    await tb.send(rbytes(rng, BEAT - 5))                   # partial beat (the scoreboard masks)
    await tb.drain()
    assert tb.in_beats == n0 + 1
    while not tb.sink.empty():
        tb.sink.recv_nowait()
    model.err |= 2
    model.blocks_in += LANES
    model.blocks_out += LANES
    await tb.wr(CTRL, 0x33)                                # reserved MODE/KEY_LEN: refused
    model.write(CTRL, 0x33, 0xF)
    assert await tb.wr(COMMAND, 1) == OKAY
    model.write(COMMAND, 1, 0xF)
    await tb.wr(CTRL, saved_ctrl)
    model.write(CTRL, saved_ctrl, 0xF)
    assert model.err == 3 and tb.axil.idle()


async def commit_and_check(tb, rng, mode=None, klen=None, decrypt=None, nbeats=24):
    """A fresh COMMIT and a stream, checked against OpenSSL (whole message and per beat)."""
    mode = rng.choice((ECB, CBC, CTR)) if mode is None else mode
    klen = rng.choice((16, 24, 32)) if klen is None else klen
    decrypt = (rng.random() < 0.5) if decrypt is None else decrypt
    key, iv = rbytes(rng, klen), rbytes(rng, 16)
    await tb.commit(key, mode, decrypt, iv)
    msg = rbytes(rng, BEAT * nbeats)
    await tb.send(msg)
    got = await tb.recv_bytes(len(msg))
    assert got == oneshot(key, mode, decrypt, iv, msg), "stream after reset differs from OpenSSL"
    await tb.drain()


async def start_stream(tb, rng, stop):
    async def streamer():
        while not stop[0]:
            await tb.send(rbytes(rng, BEAT * rng.randint(1, 4)))
            while tb.src.count() > 3 and not stop[0]:
                await RisingEdge(tb.dut.aclk)
    return cocotb.start_soon(streamer())


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_reset_mid_stream(dut):
    """aresetn with blocks in flight (every mode): reset values, zeroized context, fresh run OK."""
    rng = random.Random(202)
    tb = RobustTB(dut, seed=202)
    await tb.start(pause_in=0.2, pause_out=0.3)
    for n, mode in enumerate((ECB, CBC, CTR, CBC, ECB, CTR)):
        decrypt = n >= 3
        await tb.commit(rbytes(rng, 16 + 8 * (n % 3)), mode, decrypt, rbytes(rng, 16))
        stop = [False]
        task = await start_stream(tb, rng, stop)
        # wait until blocks are inside the core (and, for CBC encrypt, one is pending)
        for _ in range(2000):
            await RisingEdge(dut.aclk)
            if tb.in_beats > 3 + n and int(dut.u_main.u_engine.st_busy.value) and rng.random() < 0.3:
                break
        in_flight = len(tb.expected)
        stop[0] = True
        # a write stuck behind a stalled B channel, and a read, both cut by the reset
        tb.axil.p_bstall = 1.0
        t = tb.axil.submit_write(IV0, 0x12345678)
        for _ in range(3):
            await RisingEdge(dut.aclk)
        await tb.reset(rng.randint(1, 4))
        if not task.done():
            task.cancel()
        tb.axil.p_bstall = 0.0
        assert t.aborted or t.done
        assert in_flight > 0 or mode == CBC, "reset with nothing in flight"
        await tb.regs_at_reset_values()
        assert_key_state_zero(dut, f"after reset mid-stream ({n})")
        for _ in range(8):
            await RisingEdge(dut.aclk)
            assert int(dut.m_axis_tvalid.value) == 0 and int(dut.s_axis_tready.value) == 0
        await commit_and_check(tb, rng)
    tb.check()


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_reset_mid_commit(dut):
    """aresetn between a COMMIT (or CLEAR) write being taken and its response."""
    rng = random.Random(303)
    tb = RobustTB(dut, seed=303)
    await tb.start(pause_in=0.1, pause_out=0.2)
    await tb.commit(rbytes(rng, 16), CTR, False, rbytes(rng, 16))
    for n in range(8):
        stop = [False]
        task = await start_stream(tb, rng, stop) if n % 2 else None
        for _ in range(rng.randint(0, 20)):
            await RisingEdge(dut.aclk)
        key, iv = rbytes(rng, rng.choice((16, 24, 32))), rbytes(rng, 16)
        mode, decrypt = rng.choice((ECB, CBC, CTR)), rng.random() < 0.5
        await tb.stage(key, mode, decrypt, iv)
        cmd = 2 if n == 5 else 1
        if cmd == 1:                           # the scoreboard switches if the response comes
            tb.pending_ctx = Context(key, mode, decrypt, iv)
        else:
            tb.clear_pending = True
        t = tb.axil.submit_write(COMMAND, cmd)
        for _ in range(200):                     # wait until the command is under way
            await RisingEdge(dut.aclk)
            if int(dut.u_main.u_regs.cmd_valid.value):
                break
        assert int(dut.u_main.u_regs.cmd_valid.value), "COMMAND write not taken"
        for _ in range(rng.randint(0, 12 if ARCH == "PIPELINED" else 2)):
            if not int(dut.u_main.u_regs.cmd_valid.value):
                break
            await RisingEdge(dut.aclk)
        was_pending = bool(int(dut.u_main.u_regs.cmd_valid.value)) or int(dut.s_axil_bvalid.value)
        stop[0] = True
        await tb.reset(rng.randint(1, 3))
        if task and not task.done():
            task.cancel()
        assert was_pending and (t.aborted or t.done)
        await tb.regs_at_reset_values()
        assert_key_state_zero(dut, f"after reset mid-COMMIT ({n})")
        await commit_and_check(tb, rng, nbeats=12)
    tb.check()


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def test_clear_in_flight(dut):
    """CLEAR while blocks are inside the core: they finish with the old key and come out right."""
    rng = random.Random(404)
    tb = RobustTB(dut, seed=404)
    await tb.start()
    for n, (mode, decrypt) in enumerate(((ECB, False), (CTR, False), (ECB, True), (CBC, True),
                                         (CBC, False))):
        await tb.commit(rbytes(rng, 16 + 8 * (n % 3)), mode, decrypt, rbytes(rng, 16))
        await tb.send(rbytes(rng, BEAT * 40))
        for _ in range(2000):
            await RisingEdge(dut.aclk)
            if tb.in_beats >= 8 and (int(dut.u_main.u_core.busy.value) or mode == CBC and not decrypt):
                break
        inside = int(dut.u_main.u_core.busy.value)
        await tb.clear()
        await tb.idle(60)
        assert not tb.expected, f"{len(tb.expected)} blocks lost after CLEAR"
        tb.check()      # every block inside the core at the CLEAR came out as OpenSSL says
        assert_key_state_zero(dut, "after CLEAR")
        assert inside or (mode == CBC and not decrypt), "CLEAR with the core empty"
        # the rest of the frame goes with the next context
        await tb.commit(rbytes(rng, 16), ECB, False)
        await tb.drain()
        while not tb.sink.empty():
            tb.sink.recv_nowait()
    tb.check()


async def hygiene_run(tb, klen: int, secret_seed: int, end: str):
    """Fixed traffic (same modes, lengths and timing each run) with secrets (key, IV, data,
    GCM IV/AAD) from `secret_seed`, in every mode and direction, ending mid-stream: blocks
    of an ECB decrypt (plaintext) wait in the IP behind a stalled m_axis when CLEAR (or
    reset) comes. Then the inputs go quiet for 64 cycles; returns every signal's value."""
    dut = tb.dut
    rng = random.Random(secret_seed)
    await tb.reset(2)
    dut.s_axis_tdata.value = 0
    key = rbytes(rng, klen)
    for mode, decrypt in ((CBC, False), (ECB, True), (CTR, False), (ECB, False), (CBC, True)):
        await tb.commit(key, mode, decrypt, rbytes(rng, 16))
        await tb.send(rbytes(rng, BEAT * 6), user=0)
        await tb.drain()
    if GCM:                                     # an encrypt and a decrypt packet
        for decrypt in (False, True):
            await tb.commit(key, GCM_MODE, decrypt)
            iv, aad, pt = rbytes(rng, 12), rbytes(rng, 20), rbytes(rng, 40)
            ct, tag = gp.encrypt(key, iv, aad, pt, 16)
            data, t = (ct, tag) if decrypt else (pt, b"")
            while not tb.sink.empty():              # the earlier streams' output (checked per beat)
                tb.sink.recv_nowait()
            await tb.send(gp.packet(iv, aad, data, 16, t, LANES), user=0)
            want = gp.expected_output(key, iv, aad, data, 16, t if decrypt else None, LANES)
            assert await tb.recv_bytes(len(want)) == want, "GCM packet differs from OpenSSL"
            await tb.drain()
    if XTS:                                     # data units with and without stealing, both directions
        for decrypt in (False, True):
            key2, tweak = key + rbytes(rng, klen), rbytes(rng, 16)
            await tb.commit(key2, XTS_MODE, decrypt, tweak)
            while not tb.sink.empty():
                tb.sink.recv_nowait()
            for n in (16 * 3 + 5, BEAT * 2):
                d = rbytes(rng, n)
                await tb.send(d, user=0)
                assert await tb.recv_bytes(n) == xts.oracle(key2, tweak, d, decrypt), "XTS unit differs"
                tweak = xts.next_tweak(tweak)
            await tb.drain()
    await tb.commit(key, ECB, True, rbytes(rng, 16))
    tb.sink.pause = True                        # m_axis stalled: the blocks stay inside
    await tb.send(rbytes(rng, BEAT * 2), user=0)
    while not tb.src.empty() or int(dut.s_axis_tvalid.value):
        await RisingEdge(dut.aclk)
    await tb.idle(3)
    if end == "clear":
        await tb.clear()
        tb.sink.pause = False                   # the blocks inside still come out, then idle
        await tb.drain()
    else:
        await tb.reset(2)
        tb.sink.pause = False
    dut.s_axis_tdata.value = 0                  # the sources leave their last word on the buses
    dut.s_axil_wdata.value = 0
    await tb.idle(64)                           # longer than any core latency
    assert_key_state_zero(dut, f"after {end}")
    return snapshot(tb.signals)


def _by_scope(names: list[str], limit: int = 12) -> str:
    scopes: dict[str, list[str]] = {}
    for n in names:
        head, _, leaf = n.rpartition(".")
        scopes.setdefault(head, []).append(leaf)
    return "; ".join(f"{h}: {','.join(v[:6])}{'..' if len(v) > 6 else ''}"
                     for h, v in list(scopes.items())[:limit])


@cocotb.test(timeout_time=40, timeout_unit="ms")
async def test_key_hygiene(dut):
    """No remanence: after CLEAR and after reset (each mid-stream, after traffic in every mode),
    every signal of aes_axis is the same for two runs with different keys and data, and every
    one that is not zero is on the short NONZERO_ALLOWED list."""
    tb = RobustTB(dut, seed=505)
    await tb.start()
    tb.signals = signal_list(dut)
    flops = flop_signals(tb.signals)
    dut._log.info("%d signals in aes_axis, %d of them flip-flops or memory words", len(tb.signals), len(flops))
    problems = []
    for end in ("clear", "reset"):
        for klen in (16, 32):
            s1 = await hygiene_run(tb, klen, 1000 + klen, end)
            s2 = await hygiene_run(tb, klen, 2000 + klen, end)
            diff = sorted(n for n in s1 if s1[n] != s2[n])
            if diff:
                problems.append(f"after {end} (AES-{klen * 8}), {len(diff)} signals depend on the secrets: "
                                + _by_scope(diff))
            nonzero = sorted(n for n in flops if set(s1[n]) - {"0"} and not allowed_nonzero(n))
            if nonzero:
                problems.append(f"after {end} (AES-{klen * 8}), {len(nonzero)} flip-flops not zero and not on "
                                f"NONZERO_ALLOWED: " + _by_scope(nonzero, 40))
    tb.check()
    assert not problems, "\n".join(problems)

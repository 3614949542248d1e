# SPDX-License-Identifier: Apache-2.0
"""cocotb environment for aes_axis: AXI VIP (cocotbext-axi) + OpenSSL scoreboard.

The scoreboard works per beat: every s_axis handshake is turned into its
expected m_axis beat with `cryptography` objects of the context in force at
that cycle (CBC/CTR objects are stateful: chain and counter carry across
beats and frames, as in the IP). The context switches at the cycle of the
COMMIT write's B handshake, which the testbench watches on the bus: beats
accepted after it must use the new context, beats before it the old one.
"""
from __future__ import annotations

import logging
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
from cocotbext.axi import (AxiLiteBus, AxiLiteMaster, AxiStreamBus, AxiStreamFrame,
                           AxiStreamSink, AxiStreamSource)
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw import regs
from aeshw.regs import (BLOCKS_IN, BLOCKS_OUT, CAPS, COMMAND, CTRL, CTRL_FIELDS, ERROR, ID,  # noqa: F401
                        IV0, KEY0, STATUS)
from aeshw.sim import param

LANES = param("LANES", 1)
USER_WIDTH = param("USER_WIDTH", 1)
ARCH = param("ARCH", "PIPELINED")
BEAT = 16 * LANES

# The register map: generated from rtl/bus/aes_axis_regs.rdl (aeshw.regs).
ECB, CBC, CTR, GCM = regs.MODE_ECB, regs.MODE_CBC, regs.MODE_CTR, regs.MODE_GCM
XTS = regs.MODE_HI_XTS << 2 | regs.MODE_ECB        # {MODE_HI, MODE}
MODE_NAMES = {ECB: "ECB", CBC: "CBC", CTR: "CTR", GCM: "GCM", XTS: "XTS"}
KEY_LEN = {16: regs.KEY_LEN_AES128, 24: regs.KEY_LEN_AES192, 32: regs.KEY_LEN_AES256}
ID_VALUE = regs.ID_VALUE_RESET


def ctrl_word(mode: int, decrypt: bool, key_len: int) -> int:
    """CTRL for a mode code {MODE_HI, MODE} (XTS: MODE_HI set)."""
    return ((mode & 3) << regs.CTRL_MODE_LSB | (mode >> 2) << regs.CTRL_MODE_HI_LSB
            | int(decrypt) << regs.CTRL_DECRYPT_LSB | key_len << regs.CTRL_KEY_LEN_LSB)


def field(value: int, reg: str, name: str) -> int:
    """Field `name` of register `reg` in a read value."""
    return (value & getattr(regs, f"{reg}_{name}_MASK")) >> getattr(regs, f"{reg}_{name}_LSB")


class Context:
    """One committed context and its OpenSSL objects (stateful for CBC/CTR)."""

    def __init__(self, key: bytes, mode: int, decrypt: bool, iv: bytes):
        self.key, self.mode, self.decrypt, self.iv = key, mode, decrypt, iv
        if mode in (GCM, XTS):           # checked whole by their tests
            return
        m = {ECB: modes.ECB(), CBC: modes.CBC(iv), CTR: modes.CTR(iv)}[mode]
        c = Cipher(algorithms.AES(key), m)
        self.op = c.decryptor() if (decrypt and mode != CTR) else c.encryptor()

    def beat(self, data: bytes) -> bytes:
        return self.op.update(data)

    def __repr__(self):
        return f"{MODE_NAMES[self.mode]}-{len(self.key) * 8}-{'dec' if self.decrypt else 'enc'}"


def oneshot(key: bytes, mode: int, decrypt: bool, iv: bytes, data: bytes) -> bytes:
    """The whole message through OpenSSL (CTR: any length)."""
    return Context(key, mode, decrypt, iv).beat(data)


def keep_mask(data: bytes, keep: int) -> bytes:
    return bytes(b if (keep >> i) & 1 else 0 for i, b in enumerate(data))


def rand_pause(rng: random.Random, p: float):
    while True:
        yield rng.random() < p


class AxisTB:
    def __init__(self, dut, seed: int = 1):
        self.dut = dut
        self.rng = random.Random(seed)
        self.cycle = 0
        self.ctx: Context | None = None
        self.pending_ctx = None          # context of the COMMIT write in progress
        self.clear_pending = False
        self.expected: deque = deque()
        self.errors: list[str] = []
        self.in_beats = 0
        self.out_beats = 0
        self.in_cycles: list[int] = []
        self.out_cycles: list[int] = []
        self.b_cycles: list[int] = []

    async def start(self, pause_in: float = 0.0, pause_out: float = 0.0):
        d = self.dut
        cocotb.start_soon(Clock(d.aclk, 10, unit="ns").start())
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(d, "s_axil"), d.aclk, d.aresetn,
                                  reset_active_level=False)
        self.src = AxiStreamSource(AxiStreamBus.from_prefix(d, "s_axis"), d.aclk, d.aresetn,
                                   reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(d, "m_axis"), d.aclk, d.aresetn,
                                  reset_active_level=False)
        self.set_pauses(pause_in, pause_out)
        for name in ("s_axil", "s_axis", "m_axis"):     # per-transfer INFO logs slow the run
            logging.getLogger(f"cocotb.{d._name}.{name}").setLevel(logging.WARNING)
        d.aresetn.value = 0
        for _ in range(4):
            await RisingEdge(d.aclk)
        d.aresetn.value = 1
        await RisingEdge(d.aclk)
        cocotb.start_soon(self._monitor())

    def set_pauses(self, pause_in: float, pause_out: float):
        self.src.set_pause_generator(rand_pause(self.rng, pause_in) if pause_in else None)
        self.sink.set_pause_generator(rand_pause(self.rng, pause_out) if pause_out else None)

    # ---- monitor / scoreboard ------------------------------------------------
    async def _monitor(self):
        d = self.dut
        while True:
            await RisingEdge(d.aclk)
            self.cycle += 1
            if d.s_axil_bvalid.value == 1 and d.s_axil_bready.value == 1:
                self.b_cycles.append(self.cycle)
                if self.pending_ctx is not None:
                    self.ctx, self.pending_ctx = self.pending_ctx, None
                if self.clear_pending:
                    self.ctx, self.clear_pending = None, False
            if d.s_axis_tvalid.value == 1 and d.s_axis_tready.value == 1:
                data = int(d.s_axis_tdata.value).to_bytes(BEAT, "little")
                keep = int(d.s_axis_tkeep.value)
                last = int(d.s_axis_tlast.value)
                user = int(d.s_axis_tuser.value)
                self.in_cycles.append(self.cycle)
                self.in_beats += 1
                if self.ctx is None:
                    self.errors.append(f"beat accepted at cycle {self.cycle} with no context committed")
                    exp = None
                elif self.ctx.mode in (GCM, XTS):   # GCM, XTS packets are checked whole by the test
                    exp = None
                else:
                    exp = keep_mask(self.ctx.beat(data), keep)
                self.expected.append((exp, keep, last, user, self.cycle, repr(self.ctx)))
            if d.m_axis_tvalid.value == 1 and d.m_axis_tready.value == 1:
                got = int(d.m_axis_tdata.value).to_bytes(BEAT, "little")
                keep = int(d.m_axis_tkeep.value)
                last = int(d.m_axis_tlast.value)
                user = int(d.m_axis_tuser.value)
                self.out_cycles.append(self.cycle)
                self.out_beats += 1
                if not self.expected:
                    self.errors.append(f"spurious output beat at cycle {self.cycle}")
                    continue
                exp, ekeep, elast, euser, c_in, name = self.expected.popleft()
                if exp is not None and (got, keep, last, user) != (exp, ekeep, elast, euser):
                    self.errors.append(
                        f"beat in@{c_in} out@{self.cycle} ({name}): got {got.hex()} k{keep:x} l{last} u{user}, "
                        f"expected {exp.hex()} k{ekeep:x} l{elast} u{euser}")
            elif d.m_axis_tvalid.value == 0 and int(d.m_axis_tdata.value) != 0:
                self.errors.append(f"m_axis_tdata not 0 while tvalid is low (cycle {self.cycle})")

    def check(self):
        assert not self.errors, "\n".join(self.errors[:8]) + f"\n({len(self.errors)} errors)"

    async def drain(self, timeout: int = 200000):
        """Wait until the source is empty and every accepted beat came out."""
        for _ in range(timeout):
            if self.src.empty() and not self.expected and self.dut.s_axis_tvalid.value == 0:
                break
            await RisingEdge(self.dut.aclk)
        assert not self.expected and self.src.empty(), \
            f"{len(self.expected)} accepted beats never came out (hang or loss), source empty={self.src.empty()}"
        for _ in range(10):
            await RisingEdge(self.dut.aclk)
        assert not self.expected, "late beats"
        self.check()

    # ---- registers -------------------------------------------------------------
    async def wr(self, addr: int, value: int, nbytes: int = 4):
        resp = await self.axil.write(addr, value.to_bytes(nbytes, "little"))
        return int(resp.resp)

    async def rd(self, addr: int):
        resp = await self.axil.read(addr, 4)
        return int.from_bytes(resp.data, "little"), int(resp.resp)

    async def reg(self, addr: int) -> int:
        v, r = await self.rd(addr)
        assert r == 0, f"read 0x{addr:03x}: resp {r}"
        return v

    async def stage(self, key: bytes, mode: int, decrypt: bool, iv: bytes = bytes(16),
                    key_len: int | None = None):
        """Write KEY (XTS: key 1 then key 2 in KEY2), IV and CTRL."""
        if mode == XTS:
            key, key2 = key[:len(key) // 2], key[len(key) // 2:]
            for i in range(regs.KEY2_COUNT):
                word = key2.ljust(4 * regs.KEY2_COUNT, b"\0")[4 * i:4 * i + 4]
                await self.wr(regs.KEY20 + regs.KEY2_STRIDE * i, int.from_bytes(word, "little"))
        for i in range(regs.KEY_COUNT):
            word = key.ljust(4 * regs.KEY_COUNT, b"\0")[4 * i:4 * i + 4]
            await self.wr(KEY0 + regs.KEY_STRIDE * i, int.from_bytes(word, "little"))
        for i in range(regs.IV_COUNT):
            await self.wr(IV0 + regs.IV_STRIDE * i, int.from_bytes(iv[4 * i:4 * i + 4], "little"))
        kl = KEY_LEN[len(key)] if key_len is None else key_len
        await self.wr(CTRL, ctrl_word(mode, decrypt, kl))

    async def commit(self, key: bytes, mode: int, decrypt: bool, iv: bytes = bytes(16)):
        """Stage and COMMIT a good configuration; the scoreboard switches at its B handshake."""
        await self.stage(key, mode, decrypt, iv)
        self.pending_ctx = Context(key, mode, decrypt, iv)
        r = await self.wr(COMMAND, regs.COMMAND_COMMIT_MASK)
        assert r == 0
        assert self.pending_ctx is None, "COMMIT B handshake not seen"

    async def clear(self):
        self.clear_pending = True
        assert await self.wr(COMMAND, regs.COMMAND_CLEAR_MASK) == 0

    # ---- streams ---------------------------------------------------------------
    def frame(self, data: bytes, user: int | None = None) -> AxiStreamFrame:
        u = self.rng.randrange(1 << USER_WIDTH) if user is None else user
        return AxiStreamFrame(data, tuser=u)

    async def send(self, data: bytes, user: int | None = None):
        await self.src.send(self.frame(data, user))

    async def recv_bytes(self, nbytes: int, timeout: int = 5000) -> bytes:
        out = b""
        idle = 0
        while len(out) < nbytes:
            if self.sink.empty():
                await RisingEdge(self.dut.aclk)
                idle += 1
                assert idle < timeout, \
                    f"no output for {timeout} cycles: {len(out)} of {nbytes} bytes received, " \
                    f"{len(self.expected)} beats in flight, errors {self.errors[:3]}"
                continue
            idle = 0
            out += bytes(self.sink.recv_nowait().tdata)
        return out

# SPDX-License-Identifier: Apache-2.0
"""cocotb driver, monitor and scoreboard for the shared core interface.

Every AES core (folded/iterative, pipelined, lanes) has the same ports:
  key_valid/key_ready/key[255:0]/key_len[1:0]/key_decrypt/key_error/key_clear
  in_valid/in_ready/in_data[128*LANES-1:0]/in_user
  out_valid/out_ready/out_data/out_user
so one harness checks them all against OpenSSL.
"""
from __future__ import annotations

import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge, Timer
from cocotb.utils import get_sim_time

from ..model import KEY_LEN_CODE, ecb_decrypt, ecb_encrypt, to_bytes

CLK_NS = 10


def resolvable(sig) -> bool:
    return sig.value.is_resolvable


class CoreTB:
    """Drives one core; `lanes` blocks per beat (LANES parameter)."""

    def __init__(self, dut, lanes: int = 1, user_w: int = 1, seed: int = 1):
        self.dut = dut
        self.lanes = lanes
        self.user_w = user_w
        self.rng = random.Random(seed)
        self.expected: deque = deque()   # (data_bytes, user) in acceptance order
        self.received = 0
        self.errors: list[str] = []
        self.key = None                  # (key, decrypt) of the last key handshake
        self.key_hist: list = []         # (handshake cycle, key, decrypt)
        self.in_cycles: list[int] = []   # cycle of each accepted beat
        self.out_cycles: list[int] = []  # cycle of each emitted beat
        self.out_ready_prob = 1.0
        self.in_valid_prob = 1.0
        self._mon = None

    # ---- basics ---------------------------------------------------------
    def cycle(self) -> int:
        return int(get_sim_time("ns")) // CLK_NS

    async def start(self):
        d = self.dut
        cocotb.start_soon(Clock(d.clk, CLK_NS, unit="ns").start())
        d.key_valid.value = 0
        d.key.value = 0
        d.key_len.value = 0
        d.key_decrypt.value = 0
        d.key_clear.value = 0
        d.in_valid.value = 0
        d.in_data.value = 0
        d.in_user.value = 0
        d.out_ready.value = 0
        await self.reset()
        self._mon = cocotb.start_soon(self._monitor())

    async def reset(self, cycles: int = 3):
        self.dut.rst_n.value = 0
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
        self.dut.rst_n.value = 1
        await RisingEdge(self.dut.clk)

    # ---- key load -------------------------------------------------------
    async def load_key(self, key: bytes, decrypt: bool, len_code: int | None = None):
        """One key handshake. Returns the cycle of the handshake."""
        d = self.dut
        d.key.value = int.from_bytes(key.ljust(32, b"\0"), "little")
        d.key_len.value = KEY_LEN_CODE[len(key)] if len_code is None else len_code
        d.key_decrypt.value = int(decrypt)
        d.key_valid.value = 1
        while True:
            await RisingEdge(d.clk)
            if d.key_ready.value == 1:
                break
        d.key_valid.value = 0
        c = self.cycle()
        if len_code is None or len_code != 3:
            self.key = (key, decrypt)
            self.key_hist.append((c, key, decrypt))
        return c

    # ---- blocks ---------------------------------------------------------
    def key_at(self, cycle: int):
        """The key in force for a block accepted in `cycle`: the last key
        handshake strictly before it (a handshake in the same cycle is not)."""
        for c, key, decrypt in reversed(self.key_hist):
            if c < cycle:
                return key, decrypt
        raise AssertionError(f"block accepted in cycle {cycle} before any key")

    def expect(self, data: bytes, cycle: int | None = None) -> bytes:
        key, decrypt = self.key_at(self.cycle() if cycle is None else cycle)
        return (ecb_decrypt if decrypt else ecb_encrypt)(key, data)

    async def send(self, data: bytes, user: int = 0):
        """Offer one beat (16*lanes bytes) with random gaps; returns when accepted."""
        d = self.dut
        while self.in_valid_prob < 1.0 and self.rng.random() > self.in_valid_prob:
            d.in_valid.value = 0
            await RisingEdge(d.clk)
        d.in_data.value = int.from_bytes(data, "little")
        d.in_user.value = user
        d.in_valid.value = 1
        while True:
            await RisingEdge(d.clk)
            if d.in_ready.value == 1:
                break
        # Computed at the handshake: the key in force is the one loaded before.
        self.expected.append((self.expect(data), user))
        self.in_cycles.append(self.cycle())
        d.in_valid.value = 0

    async def send_many(self, beats: list[bytes], users: list[int] | None = None,
                        expected: list[bytes] | None = None):
        """Stream beats, keeping in_valid high when the gap probability allows.

        expected: the outputs to check against (e.g. NIST values); default OpenSSL.
        """
        d = self.dut
        for i, data in enumerate(beats):
            while self.in_valid_prob < 1.0 and self.rng.random() > self.in_valid_prob:
                d.in_valid.value = 0
                await RisingEdge(d.clk)
            d.in_data.value = int.from_bytes(data, "little")
            d.in_user.value = users[i] if users else 0
            d.in_valid.value = 1
            while True:
                await RisingEdge(d.clk)
                if d.in_ready.value == 1:
                    break
            exp = expected[i] if expected is not None else self.expect(data)
            self.expected.append((exp, users[i] if users else 0))
            self.in_cycles.append(self.cycle())
        d.in_valid.value = 0

    async def _monitor(self):
        d = self.dut
        while True:
            d.out_ready.value = int(self.out_ready_prob >= 1.0 or self.rng.random() < self.out_ready_prob)
            await RisingEdge(d.clk)
            if d.rst_n.value == 1 and d.out_valid.value == 1 and d.out_ready.value == 1:
                got = to_bytes(int(d.out_data.value), 16 * self.lanes)
                user = int(d.out_user.value)
                self.out_cycles.append(self.cycle())
                if not self.expected:
                    self.errors.append(f"unexpected output beat {got.hex()} (duplicate or spurious)")
                    continue
                exp, exp_user = self.expected.popleft()
                self.received += 1
                if got != exp or user != exp_user:
                    self.errors.append(f"beat {self.received - 1}: got {got.hex()}/{user}, "
                                       f"expected {exp.hex()}/{exp_user}")

    async def drain(self, timeout_cycles: int = 100000):
        """Wait until every accepted beat has come out; fail on loss."""
        for _ in range(timeout_cycles):
            if not self.expected:
                break
            await RisingEdge(self.dut.clk)
        assert not self.expected, f"{len(self.expected)} accepted blocks never came out (loss or hang)"
        # a few more cycles to catch duplicates
        for _ in range(20):
            await RisingEdge(self.dut.clk)
        self.check()

    def check(self):
        assert not self.errors, "\n".join(self.errors[:10]) + f"\n({len(self.errors)} errors)"

    def flush_model(self):
        """After a reset: nothing in flight is expected any more."""
        self.expected.clear()

    async def settle(self):
        await Timer(1, unit="ns")

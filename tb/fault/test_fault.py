# SPDX-License-Identifier: Apache-2.0
"""Fault-injection campaign on aes_axis (docs/aes_axis.md, "Fault detection").

Each trial: reset, COMMIT a random context (ECB or CBC encrypt/decrypt, CTR, or GCM
encrypt/decrypt; AES-128/192/256 at random), stream BLOCKS random blocks or one GCM message
(a packet of header, length block, 0..2 AAD blocks, 1..BLOCKS-3 payload blocks and the tag
block; random 96-bit IV, AAD and payload lengths in bytes, tag length 8/12/16; decryption
with the right tag or, one time in four, a wrong one) (LANES 1, m_axis always ready) and, at
a random cycle of that operation, flip one random bit of one random flip-flop or memory word of the whole design (both units of a FAULT_DETECT build; the list is Yosys's, as in
tb/robust), by hierarchical access (Verilator --public-flat-rw). The released beats are
compared with OpenSSL (`cryptography`), then ERROR is read.

Outcome of a trial:
  masked     every block out and right, no FAULT: the flip changed no output
  detected   ERROR.FAULT set (some blocks may be missing: withheld), every released block right
  escaped    a released block is wrong, or blocks are missing without FAULT (the stream stopped
             or lost data silently)

Pass condition for a FAULT_DETECT build: no escape. For a plain build the test only counts
(it shows what the detection buys) and fails only if the campaign saw nothing at all.
FAULT_TRIALS (default 1000) trials; FAULT_SEED; FAULT_REPORT_DIR=dir writes the counts as JSON
(fault_campaign-<arch>-fd<0|1>.json; `make fault-campaign`).
"""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw import regs
from aeshw.model import gcm_packet
from aeshw.sim import param

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "robust"))   # tb/robust
from flops import flop_names                                                 # noqa: E402

FAULT_DETECT = param("FAULT_DETECT", 0)
ARCH = param("ARCH", "PIPELINED")
TRIALS = int(os.environ.get("FAULT_TRIALS", "1000"))
SEED = int(os.environ.get("FAULT_SEED", "1"))
BLOCKS = 6
TIMEOUT = 400            # cycles for a trial's stream (ITERATIVE AES-256: 6 x 15 + latency)
MODES = [(regs.MODE_ECB, False), (regs.MODE_ECB, True), (regs.MODE_CBC, False),
         (regs.MODE_CBC, True), (regs.MODE_CTR, False), (regs.MODE_GCM, False), (regs.MODE_GCM, True)]


def expected(key: bytes, mode: int, decrypt: bool, iv: bytes, data: bytes) -> bytes:
    m = {regs.MODE_ECB: modes.ECB(), regs.MODE_CBC: modes.CBC(iv), regs.MODE_CTR: modes.CTR(iv)}[mode]
    c = Cipher(algorithms.AES(key), m)
    op = c.decryptor() if decrypt and mode != regs.MODE_CTR else c.encryptor()
    return op.update(data) + op.finalize()


class Bits:
    """Every flip-flop bit of the build as (handle, index or None, bit): memories by word."""

    def __init__(self, dut):
        params = {"ARCH": ARCH, "FAULT_DETECT": FAULT_DETECT}
        for k in ("LANES", "USER_WIDTH", "STAGES", "U", "KEY_MODE", "KEYS", "GCM"):
            if f"P_{k}" in os.environ:
                params[k] = param(k)
        self.sites, self.unreached = [], []
        for name in sorted(flop_names(params)):
            h = self._handle(dut, name)
            if h is None:
                self.unreached.append(name)
                continue
            try:
                words = [(h[i], i) for i in range(len(h))] if self._is_array(h) else [(h, None)]
            except (TypeError, IndexError):
                words = [(h, None)]
            for w, i in words:
                self.sites.append((name, i, w, len(w) if hasattr(w, "__len__") else 1))
        self.total_bits = sum(s[3] for s in self.sites)
        assert self.total_bits > 0, "no flip-flop found"

    @staticmethod
    def _is_array(h) -> bool:
        return type(h).__name__ in ("ArrayObject", "HierarchyArrayObject")

    @staticmethod
    def _handle(dut, name: str):
        h = dut
        for part in name.split("."):
            base, _, idx = part.partition("[")
            try:
                h = getattr(h, base) if not idx else getattr(h, base)[int(idx.rstrip("]"))]
            except (AttributeError, IndexError, ValueError):
                try:                                        # generate scopes named "g[3]"
                    h = getattr(h, part)
                except AttributeError:
                    return None
        return h

    def pick(self, rng: random.Random):
        """A uniformly random bit of the design: (site, bit)."""
        k = rng.randrange(self.total_bits)
        for s in self.sites:
            if k < s[3]:
                return s, k
            k -= s[3]
        raise AssertionError("unreachable")

    @staticmethod
    def flip(site, bit: int) -> None:
        h = site[2]
        v = int(h.value)
        h.value = v ^ (1 << bit)


class Bus:
    """A minimal AXI4-Lite master and AXI4-Stream driver, one cycle at a time."""

    def __init__(self, dut):
        self.dut = dut
        for n in ("s_axil_awvalid", "s_axil_wvalid", "s_axil_bready", "s_axil_arvalid", "s_axil_rready",
                  "s_axis_tvalid", "s_axis_tlast"):
            getattr(dut, n).value = 0
        dut.s_axil_awprot.value = 0
        dut.s_axil_arprot.value = 0
        dut.s_axis_tkeep.value = 0xFFFF
        dut.s_axis_tuser.value = 0
        dut.m_axis_tready.value = 1

    # One await a cycle: at each falling edge the outputs have settled after the rising edge
    # before it, and no ready or valid of the IP depends combinationally on an input (they
    # come from registers), so the handshake of the coming rising edge is known here from the
    # drives as they now are; a drive changes only at the falling edge after its handshake.
    async def write(self, addr: int, data: int) -> None:
        d = self.dut
        await FallingEdge(d.aclk)
        d.s_axil_awaddr.value, d.s_axil_wdata.value, d.s_axil_wstrb.value = addr, data, 0xF
        d.s_axil_awvalid.value = d.s_axil_wvalid.value = d.s_axil_bready.value = 1
        aw = w = True                               # still offered
        for _ in range(200):
            # A response counts only once AW and W were both taken at an earlier edge: one
            # before that (a flipped bvalid) is taken (bready is 1) and dropped.
            ours = int(d.s_axil_bvalid.value) and not (aw or w)
            aw = aw and not int(d.s_axil_awready.value)     # else taken at the next rising edge
            w = w and not int(d.s_axil_wready.value)
            await FallingEdge(d.aclk)
            d.s_axil_awvalid.value, d.s_axil_wvalid.value = int(aw), int(w)
            if ours:
                d.s_axil_bready.value = 0
                return
        raise AssertionError(f"no write response at 0x{addr:03x}")

    async def read(self, addr: int) -> int:
        d = self.dut
        await FallingEdge(d.aclk)
        d.s_axil_araddr.value, d.s_axil_arvalid.value, d.s_axil_rready.value = addr, 1, 1
        ar = True
        for _ in range(50):
            # Only the response after this AR's handshake is the answer: one that was there
            # before (a flipped rvalid) is taken (rready is 1) and dropped, else the read would
            # return it and leave arvalid up, and every later read would be one behind.
            ours = int(d.s_axil_rvalid.value) and not ar
            v = int(d.s_axil_rdata.value)
            ar = ar and not int(d.s_axil_arready.value)
            await FallingEdge(d.aclk)
            d.s_axil_arvalid.value = int(ar)
            if ours:
                d.s_axil_rready.value = 0
                return v
        raise AssertionError(f"no read response at 0x{addr:03x}")


async def reset(dut) -> None:
    dut.aresetn.value = 0
    await RisingEdge(dut.aclk)
    await RisingEdge(dut.aclk)
    dut.aresetn.value = 1


async def commit(bus: Bus, key: bytes, mode: int, decrypt: bool, iv: bytes) -> None:
    klen_code = {16: regs.KEY_LEN_AES128, 24: regs.KEY_LEN_AES192, 32: regs.KEY_LEN_AES256}[len(key)]
    await bus.write(regs.CTRL, mode << regs.CTRL_MODE_LSB | int(decrypt) << regs.CTRL_DECRYPT_LSB
                    | klen_code << regs.CTRL_KEY_LEN_LSB)
    for i in range(len(key) // 4):
        await bus.write(regs.KEY0 + 4 * i, int.from_bytes(key[4 * i:4 * i + 4], "little"))
    for i in range(4):
        await bus.write(regs.IV0 + 4 * i, int.from_bytes(iv[4 * i:4 * i + 4], "little"))
    await bus.write(regs.COMMAND, 1 << regs.COMMAND_COMMIT_LSB)


async def drive(dut, data: bytes, upset=None, limit: int = TIMEOUT) -> list[bytes]:
    """Stream `data` as one packet (tlast on its last block; m_axis always ready) until every
    block is back or `limit` cycles; upset(cycle, sent) may flip a bit (and returns True when it
    did). Starts at a falling edge."""
    n, sent, got, cycle = len(data) // 16, 0, [], 0
    dut.s_axis_tdata.value = int.from_bytes(data[:16], "little")
    dut.s_axis_tlast.value = int(n == 1)
    dut.s_axis_tvalid.value = 1
    while len(got) < n and cycle < limit:
        if upset is not None and upset(cycle, sent):
            await ReadOnly()                        # sample with the flip in effect
        took = sent < n and bool(int(dut.s_axis_tready.value))
        if int(dut.m_axis_tvalid.value):            # m_axis_tready is always 1
            got.append(int(dut.m_axis_tdata.value).to_bytes(16, "little"))
        await FallingEdge(dut.aclk)
        cycle += 1
        if took:                                    # the beat went in at that rising edge
            sent += 1
            if sent < n:
                dut.s_axis_tdata.value = int.from_bytes(data[16 * sent:16 * sent + 16], "little")
                dut.s_axis_tlast.value = int(sent == n - 1)
            else:
                dut.s_axis_tvalid.value = dut.s_axis_tlast.value = 0
    dut.s_axis_tvalid.value = dut.s_axis_tlast.value = 0
    return got


def gcm_message(rng: random.Random, key: bytes, decrypt: bool) -> tuple[bytes, bytes]:
    """A GCM message as (s_axis packet, m_axis packet that OpenSSL says it must give)."""
    iv, tag_len = rng.randbytes(12), rng.choice([16, 12, 8])
    aad = rng.randbytes(rng.randrange(0, 33))
    pt = rng.randbytes(rng.randrange(1, 16 * (BLOCKS - 3) + 1))
    if not decrypt:
        return (gcm_packet.packet(iv, aad, pt, tag_len),
                gcm_packet.expected_output(key, iv, aad, pt, tag_len))
    ct, tag = gcm_packet.encrypt(key, iv, aad, pt, tag_len)
    if rng.randrange(4) == 0:                       # a wrong tag: verdict 0, TAG_FAIL
        tag = bytes([tag[0] ^ 1]) + tag[1:]
    return (gcm_packet.packet(iv, aad, ct, tag_len, tag),
            gcm_packet.expected_output(key, iv, aad, ct, tag_len, decrypt_tag=tag))


async def trial(dut, bus: Bus, bits: Bits, rng: random.Random) -> tuple[str, str]:
    """One reset, COMMIT, stream and flip: (masked | detected | escaped, the mode's name)."""
    await reset(dut)
    key, iv = rng.randbytes(rng.choice([16, 24, 32])), rng.randbytes(16)
    mode, decrypt = rng.choice(MODES)
    if mode == regs.MODE_GCM:
        data, want = gcm_message(rng, key, decrypt)
    else:
        data = rng.randbytes(16 * BLOCKS)
        want = expected(key, mode, decrypt, iv, data)
    await commit(bus, key, mode, decrypt, iv)
    n = len(data) // 16
    inject_at = rng.randrange(n + 12)               # a cycle while blocks are going in or inside
    site, bit = bits.pick(rng)

    def upset(cycle, _sent):                        # a single-event upset, mid-cycle
        if cycle == inject_at:
            bits.flip(site, bit)
        return cycle == inject_at
    got = await drive(dut, data, upset)
    for _ in range(4):
        await RisingEdge(dut.aclk)
    fault = bool(await bus.read(regs.ERROR) & regs.ERROR_FAULT_MASK)
    name = {regs.MODE_ECB: "ECB", regs.MODE_CBC: "CBC", regs.MODE_CTR: "CTR", regs.MODE_GCM: "GCM"}[mode]
    if not all(g == want[16 * i:16 * i + 16] for i, g in enumerate(got)):
        return "escaped", name
    if fault:
        return "detected", name
    return ("masked" if len(got) == n else "escaped"), name


@cocotb.test()
async def test_fault_campaign(dut):
    """FAULT_TRIALS single-bit flips; a FAULT_DETECT build releases no faulty block."""
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    bus = Bus(dut)
    bits = Bits(dut)
    dut._log.info("%d flip-flop bits in %d registers/memory words", bits.total_bits, len(bits.sites))
    assert not bits.unreached, f"flip-flops the test cannot reach: {bits.unreached[:10]}"
    rng = random.Random(SEED)
    counts = {"masked": 0, "detected": 0, "escaped": 0}
    by_mode = {m: dict.fromkeys(counts, 0) for m in ("ECB", "CBC", "CTR", "GCM")}
    escapes = []
    for t in range(TRIALS):
        r, mode = await trial(dut, bus, bits, rng)
        counts[r] += 1
        by_mode[mode][r] += 1
        if r == "escaped" and len(escapes) < 5:
            escapes.append(t)
    dut._log.info("campaign (FAULT_DETECT=%d, %s): %d trials: %s; by mode %s", FAULT_DETECT, ARCH, TRIALS,
                  counts, by_mode)
    if TRIALS >= 100:       # every mode ran whole operations right (masked: every block as OpenSSL's)
        assert all(v["masked"] > 0 for v in by_mode.values()), f"a mode never ran right: {by_mode}"
    if os.environ.get("FAULT_REPORT_DIR"):
        out = Path(os.environ["FAULT_REPORT_DIR"]) / f"fault_campaign-{ARCH.lower()}-fd{FAULT_DETECT}.json"
        out.write_text(json.dumps(
            {"arch": ARCH, "fault_detect": FAULT_DETECT, "trials": TRIALS, "seed": SEED,
             "flop_bits": bits.total_bits, "blocks_per_trial": BLOCKS, **counts, "by_mode": by_mode,
             "command": f"make fault-campaign FAULT_TRIALS={TRIALS}"}, indent=1) + "\n")
    if FAULT_DETECT:
        assert counts["escaped"] == 0, f"faulty or lost output without detection in trials {escapes}"
        if TRIALS >= 100:   # about 1 trial in 8 is detected: 100 trials without one means a broken test
            assert counts["detected"] > 0, "no fault was ever detected: the campaign is not reaching the design"
    elif TRIALS >= 100:
        assert counts["escaped"] > 0, "no fault ever changed an output: the injection does not work"


def units(dut):
    return [dut.u_main] + ([dut.g_lockstep.u_check] if FAULT_DETECT else [])


def secrets(unit) -> dict[str, int]:
    """The key material and the active context of one unit (tb/robust checks the whole list)."""
    out = {"cfg_key": int(unit.u_regs.cfg_key.value), "cfg_iv": int(unit.u_regs.cfg_iv.value),
           "chain": int(unit.u_engine.chain.value), "st_ready": int(unit.u_engine.st_ready.value)}
    out.update({f"ctr.{n}": int(getattr(unit.u_engine.u_ctr, n).value) for n in ("lo", "hi", "hi_inc")})
    if ARCH == "PIPELINED":
        s = unit.u_core.g_pipelined.u_core.g_shared
        out.update({f"bank.slot[{i}]": int(s.u_bank.slot[i].value) for i in range(len(s.u_bank.slot))})
        out.update({f"bank.rk[{i}]": int(s.u_bank.rk[i].value) for i in range(1, len(s.u_bank.slot))})
        out.update({n: int(getattr(s, n).value) for n in ("win", "wkey", "have_key")})
    else:
        kp = unit.u_core.g_folded.u_core.u_key_prep
        out.update({n: int(getattr(kp, n).value) for n in ("ctx_window", "have_key")})
    return out


@cocotb.test(skip=not FAULT_DETECT)
async def test_fault_wipes_and_stops(dut):
    """A flip of the CTR counter in one unit mid-stream (each unit in turn): no wrong block leaves, ERROR.FAULT
    is set, both units' key material and context are zero once drained, COMMIT is refused
    and the stream stays stopped; reset clears FAULT and the IP works again."""
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    bus, rng = Bus(dut), random.Random(7)
    for unit_idx in (0, 1):
        await reset(dut)
        key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16 * BLOCKS)
        await commit(bus, key, regs.MODE_CTR, False, iv)
        want = expected(key, regs.MODE_CTR, False, iv, data)
        unit, flipped = units(dut)[unit_idx], []

        def upset(_cycle, sent):                    # the counter of block 2
            if sent == 2 and not flipped:
                unit.u_engine.u_ctr.lo.value = int(unit.u_engine.u_ctr.lo.value) ^ 1
                flipped.append(1)
                return True
            return False
        got = await drive(dut, data, upset, limit=300)
        assert flipped and len(got) < BLOCKS, f"unit {unit_idx}: {len(got)} blocks left after the fault"
        assert all(g == want[16 * i:16 * i + 16] for i, g in enumerate(got)), "a wrong block left"
        err = await bus.read(regs.ERROR)
        assert err & regs.ERROR_FAULT_MASK, f"unit {unit_idx}: ERROR.FAULT not set ({err:#x})"
        assert await bus.read(regs.STATUS) & regs.STATUS_ERROR_MASK
        for u in units(dut):
            bad = {k: v for k, v in secrets(u).items() if v}
            assert not bad, f"unit {unit_idx}: not wiped after the fault: {sorted(bad)[:6]}"
        await bus.write(regs.ERROR, 0xFFFFFFFF)             # FAULT is not write-1-to-clear
        assert await bus.read(regs.ERROR) & regs.ERROR_FAULT_MASK
        await bus.write(regs.COMMAND, 1 << regs.COMMAND_COMMIT_LSB)
        assert not await bus.read(regs.STATUS) & regs.STATUS_READY_MASK, "COMMIT taken after a fault"
        assert not int(dut.s_axis_tready.value)
    await reset(dut)                                # reset clears the fault; the IP works again
    assert not await bus.read(regs.ERROR) & regs.ERROR_FAULT_MASK, "reset did not clear ERROR.FAULT"
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16 * BLOCKS)
    await commit(bus, key, regs.MODE_CTR, False, iv)
    assert b"".join(await drive(dut, data)) == expected(key, regs.MODE_CTR, False, iv, data)

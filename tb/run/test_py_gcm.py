# SPDX-License-Identifier: Apache-2.0
"""aes_axis GCM (CTRL.MODE 3) through the compiled Verilator harness: every 96-bit-IV vector
of every NIST GCM file in cryptography-vectors (FAIL cases must be rejected), random packets
against OpenSSL with backpressure, packets back to back without COMMIT, exact beats per clock,
and malformed packets (ERROR.FRAME, no hang, the next packet right). IVs of any length
(LONG_IV: J0 hashed in hardware)."""
from __future__ import annotations

import os
import random

import pytest

from aeshw.model import gcm_packet as gp
from aeshw.sim import harness as h
from aeshw.sim import stress
from aeshw.model.vectors import gcm_files, parse_gcm_rsp

ERR_TAG_FAIL, ERR_FRAME = 4, 8


def nist_jobs(decrypt_files: bool, lanes: int = 1, every: int = 1):
    """A job per vector of the three files (every `every`-th of each file: 1 = all)."""
    jobs, fails = [], 0
    for f in gcm_files():
        if ("Decrypt" in f.name) != decrypt_files:
            continue
        for v in parse_gcm_rsp(f)[::every]:
            tl = len(v.tag)
            if decrypt_files:
                ok = gp.decrypt(v.key, v.iv, v.aad, v.ct, v.tag)
                assert (ok is None) == v.fail and (v.fail or ok == v.pt), f"oracle disagrees with {f.name} {v.count}"
                fails += v.fail
                pkt = gp.packet(v.iv, v.aad, v.ct, tl, v.tag, lanes=lanes)
                exp = gp.expected_output(v.key, v.iv, v.aad, v.ct, tl, v.tag, lanes=lanes)
                assert exp[-16] == (0 if v.fail else 1)
            else:
                pkt = gp.packet(v.iv, v.aad, v.pt, tl, lanes=lanes)
                exp = gp.expected_output(v.key, v.iv, v.aad, v.pt, tl, lanes=lanes)
                assert exp[-16 - 16 * ((len(v.ct) + 15) // 16):-16][:len(v.ct)] == v.ct
                assert exp[-16:][:tl] == v.tag, f"oracle tag differs from {f.name} {v.count}"
            jobs.append(h.Job(v.key, "gcm", decrypt_files, bytes(16), pkt, expect=exp))
    return jobs, fails


BUILDS = {"pipelined-l1": h.axis_params("pipelined"), "iterative-l1": h.axis_params("iterative"),
          # the build test_py_run's random messages run on (aeshw.sim.stress): one Verilator build for both
          "pipelined-l2-agile": stress.BUILDS["pipelined-l2-agile"],
          "folded-u2s2-l2": h.axis_params("folded", lanes=2, stages=2, u=2)}
# 4 lanes (H^1..H^4, and the H token's extra cycle of the full-rate latency below): a build of
# its own, about 2.5 minutes, so opt-in (AESHW_AXIS_EXTRA=1, `make stress`)
if os.environ.get("AESHW_AXIS_EXTRA"):
    BUILDS["pipelined-l4-agile"] = h.axis_params("pipelined", lanes=4, key_mode="agile")
PIPELINED = [b for b in BUILDS if b.startswith("pipelined")]
# Every vector on the one-lane pipelined build; every third on the others (the same RTL
# paths, a third of the time; AESHW_AXIS_EXTRA=1, `make stress`: every vector on each).
NIST_EVERY = {b: 1 if b == "pipelined-l1" or os.environ.get("AESHW_AXIS_EXTRA") else 3 for b in BUILDS}


@pytest.mark.parametrize("decrypt", [False, True], ids=["gcmEncryptExtIV", "gcmDecrypt"])
@pytest.mark.parametrize("build", ["iterative-l1", *PIPELINED])
def test_gcm_nist(build, decrypt):
    """The vectors of the three files (7,875 each: IVs of 8, 96 and 1024 bits; NIST_EVERY), a
    COMMIT per vector."""
    every = NIST_EVERY[build]
    jobs, fails = nist_jobs(decrypt, BUILDS[build]["LANES"], every)
    assert len(jobs) == 3 * -(-7875 // every)
    res = h.run_jobs(BUILDS[build], jobs, stall_in=10 if decrypt else 0, stall_out=10)
    assert h.check_jobs(jobs, res) == []
    assert bool(res.stats["error"] & ERR_TAG_FAIL) == decrypt and not res.stats["error"] & ERR_FRAME
    if decrypt:
        assert fails > 11000 // every   # the FAIL cases were rejected (verdict byte 0), the others accepted


def random_gcm_jobs(rng: random.Random, n: int, resets: bool = False, lanes: int = 1) -> list[h.Job]:
    """Groups of packets under one COMMIT (new IV, AAD and length each), random direction,
    key size and tag length, some tags tampered; a reset may end a group."""
    jobs = []
    while len(jobs) < n:
        key = rng.randbytes(rng.choice([16, 24, 32]))
        dec = rng.random() < 0.5
        group = rng.randint(1, 6)
        for k in range(group):
            iv = rng.randbytes(rng.choice([12, 12, 12, 1, 8, 16, 33, 128]))
            aad = rng.randbytes(rng.choice([0, 1, 15, 16, 17, 64, rng.randint(0, 300)]))
            data = rng.randbytes(rng.choice([0, 1, 16, 31, 100, rng.randint(0, 2000)]))
            tl = rng.choice([16, 16, 15, 12, 8, 4])
            if dec:
                ct, tag = gp.encrypt(key, iv, aad, data, tl)
                if rng.random() < 0.25:
                    tag = bytes([tag[0] ^ 0x80]) + tag[1:]
                pkt = gp.packet(iv, aad, ct, tl, tag, lanes=lanes)
                exp = gp.expected_output(key, iv, aad, ct, tl, tag, lanes=lanes)
            else:
                pkt, exp = gp.packet(iv, aad, data, tl, lanes=lanes), gp.expected_output(key, iv, aad, data, tl, lanes=lanes)
            reset = -1
            if resets and k == group - 1 and rng.random() < 0.2:
                reset = rng.randint(0, len(pkt) // 16)
            jobs.append(h.Job(key, "gcm", dec, bytes(16), pkt, reset=reset, commit=(k == 0), expect=exp))
    return jobs


@pytest.mark.parametrize("build", list(BUILDS))
def test_gcm_random_backpressure(build):
    rng = random.Random(build)
    jobs = random_gcm_jobs(rng, 150, resets=True, lanes=BUILDS[build]["LANES"])
    for stall in (0, 40):
        res = h.run_jobs(BUILDS[build], jobs, stall_in=stall, stall_out=stall, seed=stall + 1)
        assert h.check_jobs(jobs, res) == [], f"stalls {stall}%"
        assert not res.stats["error"] & ERR_FRAME


@pytest.mark.parametrize("build", PIPELINED)
def test_gcm_full_rate(build):
    """PIPELINED, both sides always ready: back-to-back packets without COMMIT run at one beat
    (LANES blocks) per clock. The first output beat comes lat + 2 cycles after the first input
    (core latency lat: SHARED 11, AGILE with decryption built (2·14 + 1)·1 + 1 = 30; then
    aes_gcm_tag's two stages), plus max(0, LANES - 3): after the COMMIT the H token reaches aes_gcm_tag 3 cycles before
    the first data beat can, and H^2..H^LANES take LANES - 1 cycles."""
    params = BUILDS[build]
    lanes = params["LANES"]
    lat = 30 if params["KEY_MODE"] == "AGILE" else 11
    rng = random.Random(lanes)
    key = rng.randbytes(16)
    jobs, beats = [], 0
    for k in range(40):
        iv, aad, data = rng.randbytes(12), rng.randbytes(rng.randint(0, 80)), rng.randbytes(rng.randint(0, 400))
        pkt = gp.packet(iv, aad, data)
        beats += -(-len(pkt) // (16 * lanes))
        jobs.append(h.Job(key, "gcm", False, bytes(16), pkt, commit=(k == 0),
                          expect=gp.expected_output(key, iv, aad, data)))
    res = h.run_jobs(params, jobs)
    assert h.check_jobs(jobs, res) == []
    assert res.cycles == beats + lat + 2 + max(0, lanes - 3), f"{res.cycles} cycles for {beats} beats"


def test_gcm_malformed_packets():
    """A packet cut short (tlast before its tag block) and one running past its tag:
    ERROR.FRAME, the blocks that came are processed as far as they go, no hang, and the
    next well-formed packet is right."""
    rng = random.Random(3)
    key = rng.randbytes(16)
    iv, aad, data = rng.randbytes(12), rng.randbytes(20), rng.randbytes(70)
    full = gp.packet(iv, aad, data)
    exp_full = gp.expected_output(key, iv, aad, data)
    good_iv = rng.randbytes(12)
    good = gp.packet(good_iv, b"", data)
    jobs = [h.Job(key, "gcm", False, bytes(16), full[:-32], expect=exp_full[:-32]),      # truncated
            h.Job(key, "gcm", False, bytes(16), good, commit=False, expect=gp.expected_output(key, good_iv, b"", data)),
            h.Job(key, "gcm", False, bytes(16), full + bytes(32), commit=False, expect=exp_full + bytes(32)),  # runs on
            h.Job(key, "gcm", False, bytes(16), good, commit=False, expect=gp.expected_output(key, good_iv, b"", data))]
    res = h.run_jobs(h.axis_params("pipelined"), jobs, stall_in=20, stall_out=20)
    assert h.check_jobs(jobs, res) == []
    assert res.stats["error"] & ERR_FRAME

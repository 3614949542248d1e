# SPDX-License-Identifier: Apache-2.0
"""XTS (IEEE 1619, SP 800-38E) through aes_axis and `aeshw run`, with OpenSSL and NIST as oracles:

- the model (aeshw.model.xts, used as the oracle only for AES-192 halves, which OpenSSL lacks)
  against every NIST XTSGen vector and OpenSSL's XTS;
- every NIST XTSGenAES128/256 vector whose data unit is whole bytes (both tweak formats,
  encrypt and decrypt; 2,800), a COMMIT per vector, through aes_axis on every architecture;
- random data units of 16..8,192 bytes covering every residue mod 16 (ciphertext stealing in
  both directions), AES-128/192/256 halves, key changes between units, random backpressure;
- back-to-back 512-byte units cost no cycle between them (exact), for 1 lane (SHARED keys)
  and (`make stress`) 4 lanes (AGILE);
- `aeshw run --mode xts`: --data-unit splitting, and every refusal (nothing written)."""
from __future__ import annotations

import os
import random

import pytest

from aeshw import cli
from aeshw.model import xts
from aeshw.model.vectors import xts_vectors
from aeshw.sim import harness as h

BUILDS = {"pipelined-l1": h.axis_params("pipelined", gcm=False, xts=True),
          "iterative-l1": h.axis_params("iterative", gcm=False, xts=True),
          "folded-u2s2-l2": h.axis_params("folded", lanes=2, stages=2, u=2, gcm=False, xts=True)}
# 4 AGILE lanes: a build of its own, about 2.5 minutes, so opt-in (AESHW_AXIS_EXTRA=1,
# `make stress`); `make test` runs XTS on 2 lanes here (folded) and in test_run_xts_data_units
# and tb/axis's test_axis_xts (pipelined)
if os.environ.get("AESHW_AXIS_EXTRA"):
    BUILDS["pipelined-l4-agile"] = h.axis_params("pipelined", lanes=4, key_mode="agile", gcm=False, xts=True)


def test_model_against_nist_and_openssl():
    vs = xts_vectors()
    assert len(vs) == 2800 and {v.bits % 128 != 0 for v in vs} == {True, False}   # stealing among them
    for v in vs:
        src, want = (v.ct, v.pt) if v.decrypt else (v.pt, v.ct)
        assert xts.crypt(v.key, v.tweak, src, v.decrypt) == want, f"{v.file} {v.count}"
    rng = random.Random(1)
    for n in list(range(16, 80)) + [rng.randrange(16, 5000) for _ in range(40)]:
        key, tw, d = rng.randbytes(rng.choice((32, 64))), rng.randbytes(16), rng.randbytes(n)
        for dec in (False, True):
            assert xts.crypt(key, tw, d, dec) == xts.oracle(key, tw, d, dec), f"{n} bytes"


@pytest.mark.parametrize("build", list(BUILDS))
def test_xts_nist(build):
    jobs = [h.Job(v.key, "xts", v.decrypt, v.tweak, v.ct if v.decrypt else v.pt,
                  expect=v.pt if v.decrypt else v.ct) for v in xts_vectors()]
    res = h.run_jobs(BUILDS[build], jobs, stall_in=10, stall_out=10)
    assert h.check_jobs(jobs, res) == [] and res.stats["error"] == 0


def random_units(rng: random.Random, n: int) -> list[h.Job]:
    """Data units of every residue mod 16, key changes (new key, direction and tweak) now and
    then, otherwise the tweak counting on."""
    lens = [16 + r for r in range(16)] + [16 * rng.randrange(1, 512) + r for r in range(16)]
    lens += [rng.randrange(16, 8193) for _ in range(n - len(lens))]
    rng.shuffle(lens)
    jobs, key, dec, tw = [], b"", False, b""
    for i, m in enumerate(lens):
        fresh = i == 0 or rng.random() < 0.15
        if fresh:
            key, dec, tw = rng.randbytes(rng.choice((32, 48, 64))), rng.random() < 0.5, rng.randbytes(16)
        jobs.append(h.Job(key, "xts", dec, tw, rng.randbytes(m), commit=fresh))
        tw = xts.next_tweak(tw)
    return jobs


@pytest.mark.parametrize("build", list(BUILDS))
def test_xts_random_units(build):
    rng = random.Random(len(build))
    jobs = random_units(rng, 80)
    res = h.run_jobs(BUILDS[build], jobs, stall_in=25, stall_out=25, seed=len(build))
    assert h.check_jobs(jobs, res) == [] and res.stats["error"] == 0


@pytest.mark.parametrize("lanes", [1, 4] if "pipelined-l4-agile" in BUILDS else [1])
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_xts_units_back_to_back(lanes, decrypt):
    """N more 512-byte units take exactly N * 32 / LANES more cycles: no gap between units
    (the tweak of the next unit is ready before its first beat)."""
    p = BUILDS["pipelined-l1" if lanes == 1 else "pipelined-l4-agile"]
    rng = random.Random(lanes)
    key, tw = rng.randbytes(64), rng.randbytes(16)

    def cycles(n: int) -> int:
        jobs, t = [], tw
        for i in range(n):
            jobs.append(h.Job(key, "xts", decrypt, t, rng.randbytes(512), commit=i == 0))
            t = xts.next_tweak(t)
        res = h.run_jobs(p, jobs)
        assert h.check_jobs(jobs, res) == []
        return res.cycles

    assert cycles(24) - cycles(8) == 16 * 32 // lanes


def run(*args) -> int:
    return cli.main(["run", *map(str, args)])


def test_run_xts_data_units(tmp_path):
    rng = random.Random(3)
    key, tw, data = rng.randbytes(48), rng.randbytes(16), rng.randbytes(3 * 520 + 21)
    src, enc, dec = tmp_path / "in", tmp_path / "enc", tmp_path / "dec"
    src.write_bytes(data)
    common = ["--arch", "pipelined", "--lanes", 2, "--mode", "xts", "--key", key.hex(), "--iv", tw.hex(), "-q"]
    assert run(*common, "--data-unit", 520, "--stall-in", 20, src, enc) == 0
    assert enc.read_bytes() == xts.stream(key, tw, data, 520)
    assert run(*common, "--data-unit", 520, "--decrypt", enc, dec) == 0
    assert dec.read_bytes() == data
    assert run(*common, src, enc) == 0                       # one data unit
    assert enc.read_bytes() == xts.crypt(key, tw, data)


@pytest.mark.parametrize("case,message", [
    ("equal", "two halves are equal"), ("short-key", "32, 48 or 64 bytes"),
    ("short-unit", "last XTS data unit is 5 bytes"), ("tiny-unit", "at least 16 bytes"),
    ("no-iv", "--iv is required"), ("unit-not-xts", "--data-unit is XTS's")])
def test_run_xts_refused(tmp_path, capsys, case, message):
    key, tw = bytes(range(64)), bytes(16)
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_bytes(bytes(64 + 5 if case == "short-unit" else 100))
    args = {"equal": ["--key", (bytes(16) * 2).hex(), "--iv", tw.hex()],
            "short-key": ["--key", key[:40].hex(), "--iv", tw.hex()],
            "short-unit": ["--key", key.hex(), "--iv", tw.hex(), "--data-unit", 32],
            "tiny-unit": ["--key", key.hex(), "--iv", tw.hex(), "--data-unit", 15],
            "no-iv": ["--key", key.hex()],
            "unit-not-xts": ["--key", key[:16].hex(), "--iv", tw.hex(), "--data-unit", 32]}[case]
    mode = "ctr" if case == "unit-not-xts" else "xts"
    assert run("--mode", mode, *args, src, out) == 2
    assert message in capsys.readouterr().err and not out.exists()

# SPDX-License-Identifier: Apache-2.0
"""`aeshw run` and the compiled aes_axis harness: round trips for every mode against
`cryptography`, stdin/stdout, bad input, exact cycle counts, and a short random
multi-message run with commits, resets and backpressure (the long one is `make stress-axis`)."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw import cli
from aeshw.sim import harness as h, stress

rng = random.Random(5)


def openssl(mode: str, key: bytes, iv: bytes, data: bytes, decrypt: bool) -> bytes:
    m = {"ecb": modes.ECB(), "cbc": modes.CBC(iv), "ctr": modes.CTR(iv)}[mode]
    c = Cipher(algorithms.AES(key), m)
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


def aeshw_run(*args) -> int:
    return cli.main(["run", *map(str, args)])


@pytest.mark.parametrize("mode,key_bytes,nbytes", [("ecb", 16, 16 * 37), ("cbc", 24, 16 * 29),
                                                   ("ctr", 32, 1001), ("ctr", 16, 0)])
def test_run_round_trip(tmp_path, mode, key_bytes, nbytes):
    """Encrypt with the RTL, compare with OpenSSL, decrypt with the RTL, get the input back."""
    key, iv, data = rng.randbytes(key_bytes), rng.randbytes(16), rng.randbytes(nbytes)
    src, enc, dec = tmp_path / "in", tmp_path / "enc", tmp_path / "dec"
    src.write_bytes(data)
    common = ["--arch", "iterative", "--full-ip", "--mode", mode, "--key", key.hex(), "--iv", iv.hex(), "-q"]
    assert aeshw_run(*common, src, enc) == 0
    assert enc.read_bytes() == openssl(mode, key, iv, data, False)
    assert aeshw_run(*common, "--decrypt", "--stall-in", 40, "--stall-out", 40, enc, dec) == 0
    assert dec.read_bytes() == data


def test_run_stdin_stdout_pipelined():
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16 * 500 + 7)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    r = subprocess.run([sys.executable, "-m", "aeshw.cli", "run", "--arch", "pipelined", "--mode", "ctr",
                        "--key", key.hex(), "--iv", iv.hex(), "--fmax", "500", "-", "-"],
                       input=data, capture_output=True, env=env)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == openssl("ctr", key, iv, data, False)
    err = r.stderr.decode()
    assert "matches OpenSSL" in err and "blocks/clock" in err and "at 500 MHz" in err


@pytest.mark.parametrize("args,message", [
    (["--mode", "ecb", "--key", "00" * 15], "16, 24 or 32"),
    (["--mode", "cbc", "--key", "00" * 16], "--iv is required"),
    (["--mode", "ctr", "--key", "00" * 16, "--iv", "00" * 8], "must be 16"),
    (["--mode", "ecb", "--key", "zz" * 16], "must be hex"),
])
def test_run_bad_arguments(tmp_path, capsys, args, message):
    src = tmp_path / "in"
    src.write_bytes(bytes(32))
    assert aeshw_run(*args, src, tmp_path / "out") == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("case", ["missing input", "input is a folder", "no output folder",
                                  "output is a folder", "partial block"])
def test_run_file_errors(tmp_path, capsys, case):
    """Every file problem: one line `error: ...`, exit code 2, no output file (an old one kept)."""
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_bytes(bytes(33 if case == "partial block" else 32))
    out.write_bytes(b"old")
    src = {"missing input": tmp_path / "nothing", "input is a folder": tmp_path}.get(case, src)
    out = {"no output folder": tmp_path / "no" / "out", "output is a folder": tmp_path}.get(case, out)
    assert aeshw_run("--mode", "cbc", "--key", "00" * 16, "--iv", "00" * 16, "-q", src, out) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert (tmp_path / "out").read_bytes() == b"old"
    assert not (tmp_path / "no").exists() and not list(tmp_path.glob(".*.part"))


def test_refused_commits_keep_the_context():
    """aes_axis built with only AES-128 encrypt and no GCM (what `aeshw run` builds for CTR):
    a COMMIT of a key size, a direction or a mode the build lacks is refused (ERROR.BAD_CONFIG)
    and the context in force stays: the CTR stream carries on with its counter."""
    params = h.axis_params("pipelined", core_mode="ENC", keys=0b001, gcm=False)
    key, iv, a, b = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16 * 5), rng.randbytes(16 * 3)
    jobs = [h.Job(key, "ctr", False, iv, a),
            h.Job(rng.randbytes(32), "ctr", False, iv, b""),     # AES-256: not built
            h.Job(key, "ecb", True, iv, b""),                    # decrypt: not built
            h.Job(key, "gcm", False, iv, b""),                   # GCM: not built
            h.Job(key, "ctr", False, iv, b, commit=False)]       # no COMMIT: the old context
    res = h.run_jobs(params, jobs)
    assert res.output == openssl("ctr", key, iv, a + b, False)
    assert res.stats["error"] == 1 and res.stats["status"] & 0b101 == 0b101, res.stats


def test_synth_json_path_checked_first(tmp_path, capsys):
    """`aeshw synth --json` into a missing folder fails at once, before any synthesis."""
    args = ["synth", "--target", "asic", "--arch", "iterative", "--abc-estimate",
            "--liberty", str(tmp_path / "none.lib"), "--json", str(tmp_path / "no" / "r.json")]
    assert cli.main(args) == 2
    assert "folder" in capsys.readouterr().err


def test_run_partial_block_refused(tmp_path, capsys):
    src = tmp_path / "in"
    src.write_bytes(bytes(33))
    assert aeshw_run("--mode", "cbc", "--key", "00" * 16, "--iv", "00" * 16, src, tmp_path / "o") == 2
    assert "whole 16-byte blocks" in capsys.readouterr().err


@pytest.mark.parametrize("arch,per_block", [("pipelined", 1), ("iterative", 10)])
def test_harness_cycles_exact(arch, per_block):
    """N blocks of AES-128 CTR: pipelined 1 per clock, iterative Nr = 10 cycles per block;
    the first output is `lat` = Nr + 1 = 11 cycles after the first input handshake."""
    params = h.axis_params(arch)
    n = 300
    job = h.Job(rng.randbytes(16), "ctr", False, rng.randbytes(16), rng.randbytes(16 * n))
    res = h.run_jobs(params, [job])
    assert h.check_jobs([job], res) == []
    assert res.cycles == per_block * (n - 1) + 11 + 1


def test_checker_catches_corruption():
    """The OpenSSL comparison must be able to fail."""
    params = h.axis_params("iterative")
    jobs = [h.Job(rng.randbytes(16), "cbc", False, rng.randbytes(16), rng.randbytes(64))]
    res = h.run_jobs(params, jobs)
    assert h.check_jobs(jobs, res) == []
    bad = bytearray(res.output)
    bad[17] ^= 1
    assert h.check_jobs(jobs, h.JobsResult(bytes(bad), res.segments, res.stats))
    assert h.check_jobs(jobs, h.JobsResult(res.output[:-16], [(0, 0, 48, False)], res.stats))


@pytest.mark.parametrize("build", ["iterative-l1", "pipelined-l1", "pipelined-l2-agile"])
def test_random_messages_resets_backpressure(build):
    """Short version of `make stress-axis`: random messages and commits, resets mid-message
    and mid-COMMIT, random stalls on both streams, all against OpenSSL."""
    out = stress.run_build(build, 20000, seed=11, chunk=4000, log=lambda *_: None)
    assert out["failures"] == 0, out["errors"]
    assert out["blocks"] >= 20000


@pytest.mark.parametrize("key_bytes,nbytes,tag_len", [(16, 1001, 16), (32, 0, 12)])
def test_run_gcm_round_trip(tmp_path, capsys, key_bytes, nbytes, tag_len):
    """GCM: the output is ciphertext || tag exactly as OpenSSL's AES-GCM; decryption checks
    the tag in hardware and refuses (exit 1, nothing written) a tampered message."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    key, iv, aad, data = rng.randbytes(key_bytes), rng.randbytes(12), rng.randbytes(23), rng.randbytes(nbytes)
    src, enc, dec = tmp_path / "in", tmp_path / "enc", tmp_path / "dec"
    src.write_bytes(data)
    common = ["--arch", "iterative", "--full-ip", "--mode", "gcm", "--key", key.hex(), "--iv", iv.hex(),
              "--aad", aad.hex(), "--tag-len", tag_len, "-q"]
    assert aeshw_run(*common, src, enc) == 0
    ref = AESGCM(key).encrypt(iv, data, aad)
    assert enc.read_bytes() == ref[:nbytes] + ref[nbytes:nbytes + tag_len]
    assert aeshw_run(*common, "--decrypt", enc, dec) == 0
    assert dec.read_bytes() == data
    bad = bytearray(enc.read_bytes())
    bad[-1] ^= 1
    enc.write_bytes(bytes(bad))
    out = tmp_path / "bad"
    assert aeshw_run(*common, "--decrypt", enc, out) == 1
    assert "tag mismatch" in capsys.readouterr().err and not out.exists()

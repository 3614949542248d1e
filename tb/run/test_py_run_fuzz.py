# SPDX-License-Identifier: Apache-2.0
"""aeshw.sim.run_fuzz (`make run-fuzz`): its verdicts, that it catches a tool whose output is
wrong, and real `aeshw run` cases (an accepted one, a tampered GCM tag) judged against OpenSSL."""
from __future__ import annotations

import os
import random
import sys

import pytest

from aeshw.sim import run_fuzz as rf

CLI = f"{sys.executable} -m aeshw.cli"


@pytest.fixture(autouse=True)
def _path(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(sys.path))     # for `python -m aeshw.cli`


@pytest.mark.parametrize("want,rc,out,err,kind", [
    (b"ab", 0, b"ab", "", "ok"),
    (b"ab", 0, b"aB", "", "FAIL"),                       # one byte off
    (b"ab", 0, b"a", "", "FAIL"),                        # short
    (b"ab", 0, None, "", "FAIL"),                        # exit 0, no file
    (b"ab", 2, None, "error: --stages 9: ...", "refused"),
    (b"ab", 2, None, "Traceback ...", "FAIL"),           # exit 2 without a message
    (b"ab", 1, None, "error: something", "FAIL"),        # exit 1 that is no tag failure
    (rf.REFUSE, 0, b"", "", "FAIL"),                     # takes what OpenSSL refuses
    (rf.REFUSE, 2, None, "error: CBC needs whole 16-byte blocks", "refused"),
    (rf.TAG_FAIL, 1, None, "error: GCM tag mismatch (ERROR.TAG_FAIL)", "tag-fail"),
    (rf.TAG_FAIL, 1, b"x", "error: GCM tag mismatch (ERROR.TAG_FAIL)", "FAIL"),   # plaintext written
    (rf.TAG_FAIL, 0, b"x", "", "FAIL"),
])
def test_judge(want, rc, out, err, kind):
    assert rf.judge(want, rc, out, err)[0] == kind


def test_draws_cover_the_space():
    """A few hundred draws reach every mode, architecture and S-box form, both directions,
    tampered tags and inputs OpenSSL refuses."""
    rng = random.Random(3)
    cases = [rf.draw(rng) for _ in range(300)]
    assert {c.mode for c in cases} == set(rf.MODES)
    assert {c.core[1] for c in cases} == set(rf.ARCHS) and {c.core[3] for c in cases} == set(rf.IMPLS)
    assert {c.decrypt for c in cases} == {False, True}
    wants = [rf.expect(c) for c in cases]
    assert rf.TAG_FAIL in wants and rf.REFUSE in wants


def test_catches_a_wrong_tool(tmp_path):
    """A 'tool' that copies its input to its output fails every case, and each is kept."""
    fake = tmp_path / "copy.py"
    fake.write_text("import shutil, sys\nshutil.copy(sys.argv[-2], sys.argv[-1])\n")
    out = tmp_path / "kept"
    assert rf.main(["--runs", "3", "--seed", "2", "--tool", f"{sys.executable} {fake}", "--out-dir", str(out)]) == 1
    assert sorted(p.name for p in out.iterdir()) == ["case0", "case1", "case2"]
    assert (out / "case0" / "command").read_text().startswith("aeshw run ")


def _case(mode, decrypt, data, **kw):
    return rf.Case(["--arch", "iterative", "--impl", "LUT"], mode, decrypt, random.Random(9).randbytes(24),
                   kw.get("iv", b""), kw.get("aad", b""), kw.get("tag_len", 16), 0, data, 1, (30, 30))


def test_real_cases():
    """`aeshw run` itself: CTR across the counter's wrap, and GCM with a tampered tag
    (exit 1, nothing written), each judged against OpenSSL."""
    ctr = _case("ctr", False, random.Random(1).randbytes(100), iv=b"\xff" * 15 + b"\xfe")
    assert rf.run_case(ctr, CLI.split(), 600) == ("ok", "")
    gcm = _case("gcm", True, b"", iv=bytes(range(12)), aad=b"hdr", tag_len=12)
    gcm.data = rf.gcm_seal(_case("gcm", False, b"attack at dawn, 17 bytes", iv=bytes(range(12)), aad=b"hdr", tag_len=12))
    assert rf.run_case(gcm, CLI.split(), 600) == ("ok", "")
    gcm.data = gcm.data[:-1] + bytes([gcm.data[-1] ^ 0x80])
    assert rf.run_case(gcm, CLI.split(), 600) == ("tag-fail", "")

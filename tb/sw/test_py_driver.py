# SPDX-License-Identifier: Apache-2.0
"""sw/aes_axis_driver.c on the host, on a recording bus (tb/sw/driver_check.c).

The driver's accesses must be the ones docs/aes_axis.md and the register map (aeshw.regs,
generated from the SystemRDL) prescribe: key words little-endian in KEY0.., the IV, CTRL's
fields, COMMIT, the BAD_CONFIG check, CLEAR; and it must refuse what the build's CAPS lack
or what is malformed before writing anything. Every `aeshw run` also drives the IP with
this driver (the axis harness), so its sequences reach real hardware in tb/run.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aeshw import regs
from aeshw.paths import ROOT

HERE = Path(__file__).resolve().parent
KEY = bytes(range(32))
IV = bytes(range(0xF0, 0x100))
ALL_CAPS = (7 << regs.CAPS_KEY_SIZES_LSB | 7 << regs.CAPS_MODES_LSB | regs.CAPS_ENC_MASK
            | regs.CAPS_DEC_MASK | regs.CAPS_GCM_MASK)
E_OK, E_ID, E_ARG, E_UNSUPPORTED, E_REFUSED, E_FAULT = 0, -1, -2, -3, -4, -5


@pytest.fixture(scope="module")
def exe(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("drv") / "driver_check"
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", f"-I{ROOT / 'sw'}",
                    f"-I{ROOT / 'sw' / 'include'}", "-o", str(out), str(HERE / "driver_check.c"),
                    str(ROOT / "sw" / "aes_axis_driver.c")], check=True)
    return out


def run(exe, key_bytes, mode, decrypt=0, caps=ALL_CAPS, ctrl=None, error=0, ident=regs.ID_VALUE_RESET,
        bus="rw"):
    kl = {16: 0, 24: 1, 32: 2}.get(key_bytes, 0)
    ctrl = (kl << regs.CTRL_KEY_LEN_LSB) if ctrl is None else ctrl
    r = subprocess.run([str(exe), hex(ident), hex(caps), hex(ctrl), hex(error), str(key_bytes),
                        str(mode), str(decrypt), bus], capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    results = {ln.split()[0]: int(ln.split()[1]) for ln in lines if ln and ln[0].islower()}
    writes = [tuple(int(x) for x in ln.split()[1:]) for ln in lines if ln.startswith("W ")]
    return results, writes


def word(b: bytes, i: int) -> int:
    return int.from_bytes(b[4 * i:4 * i + 4], "little")


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
@pytest.mark.parametrize("mode,decrypt", [(regs.MODE_ECB, 1), (regs.MODE_CBC, 0), (regs.MODE_CTR, 0),
                                          (regs.MODE_GCM, 1)])
def test_sequence(exe, key_bytes, mode, decrypt):
    res, writes = run(exe, key_bytes, mode, decrypt)
    assert res == {"init": E_OK, "set_key": E_OK, "set_mode": E_OK, "commit": E_OK}
    kl = {16: regs.KEY_LEN_AES128, 24: regs.KEY_LEN_AES192, 32: regs.KEY_LEN_AES256}[key_bytes]
    keys = [(regs.KEY0 + 4 * i, word(KEY, i) if 4 * i < key_bytes else 0) for i in range(regs.KEY_COUNT)]
    ivs = [(regs.IV0 + 4 * i, word(IV, i)) for i in range(regs.IV_COUNT)]
    ctrl = mode << regs.CTRL_MODE_LSB | decrypt << regs.CTRL_DECRYPT_LSB | kl << regs.CTRL_KEY_LEN_LSB
    assert writes == keys + [(regs.CTRL, kl << regs.CTRL_KEY_LEN_LSB)] + ivs + [
        (regs.CTRL, ctrl), (regs.ERROR, regs.ERROR_BAD_CONFIG_MASK),
        (regs.COMMAND, regs.COMMAND_COMMIT_MASK), (regs.COMMAND, regs.COMMAND_CLEAR_MASK)]


def test_refusals(exe):
    assert run(exe, 16, 0, ident=0x12345678)[0]["init"] == E_ID
    res, writes = run(exe, 20, regs.MODE_ECB)                      # bad key length
    assert res["set_key"] == E_ARG and not [w for w in writes if w[0] < regs.IV0 and w[0] >= regs.KEY0]
    no_256 = ALL_CAPS & ~(4 << regs.CAPS_KEY_SIZES_LSB)
    assert run(exe, 32, regs.MODE_ECB, caps=no_256)[0]["set_key"] == E_UNSUPPORTED
    enc_only = ALL_CAPS & ~regs.CAPS_DEC_MASK
    res, writes = run(exe, 16, regs.MODE_CBC, decrypt=1, caps=enc_only)
    assert res["set_mode"] == E_UNSUPPORTED and regs.IV0 not in [w[0] for w in writes]
    assert run(exe, 16, regs.MODE_CTR, decrypt=1, caps=enc_only)[0]["set_mode"] == E_OK   # CTR: encrypt
    assert run(exe, 16, regs.MODE_GCM, caps=ALL_CAPS & ~regs.CAPS_GCM_MASK)[0]["set_mode"] == E_UNSUPPORTED
    assert run(exe, 16, 5)[0]["set_mode"] == E_ARG                 # no such mode code
    assert run(exe, 16, 4)[0]["set_mode"] == E_UNSUPPORTED         # XTS (4), which CAPS lacks
    assert run(exe, 16, 4, caps=ALL_CAPS | regs.CAPS_XTS_MASK)[0]["set_mode"] == E_OK


def test_commit_refused_by_the_ip(exe):
    assert run(exe, 16, regs.MODE_ECB, error=regs.ERROR_BAD_CONFIG_MASK)[0]["commit"] == E_REFUSED


def test_commit_after_a_fault(exe):
    """ERROR.FAULT (FAULT_DETECT builds): the IP refuses COMMITs until reset; the driver says so."""
    assert run(exe, 16, regs.MODE_ECB, error=regs.ERROR_FAULT_MASK)[0]["commit"] == E_FAULT


def test_write_only_bus_keeps_the_key_length(exe):
    """On a bus without reads the driver stages CTRL from its own copy: set_mode keeps the
    KEY_LEN that set_key wrote."""
    res, writes = run(exe, 24, regs.MODE_CBC, bus="wo")
    assert res == {"init": E_OK, "set_key": E_OK, "set_mode": E_OK, "commit": E_OK}
    ctrl = [v for a, v in writes if a == regs.CTRL]
    assert ctrl == [regs.KEY_LEN_AES192 << regs.CTRL_KEY_LEN_LSB,
                    regs.MODE_CBC << regs.CTRL_MODE_LSB | regs.KEY_LEN_AES192 << regs.CTRL_KEY_LEN_LSB]

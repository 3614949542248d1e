# SPDX-License-Identifier: Apache-2.0
"""pytest entry for the GCM building blocks: aes_gf128_mul (GF(2^128) multiply)
and aes_ghash (aggregated GHASH), against src/aeshw/model/gcm.py.

Verilator builds once: tb_gcm_all.v holds the multiplier and aes_ghash at
LANES = 1, 2, 4, which the cocotb modules test in turn. Icarus, which compiles
instantly, runs each module as its own toplevel (aes_ghash at LANES = 1 and 2).
"""
from pathlib import Path

import pytest

from aeshw.paths import RTL
from aeshw.sim import run

HERE = Path(__file__).parent
MUL = RTL / "lib" / "aes_gf128_mul.v"
GHASH = RTL / "lib" / "aes_ghash.v"


def test_verilator_all():
    run(toplevel="tb_gcm_all", test_module="test_gf128_mul,test_ghash", test_dir=HERE,
        sources=[MUL, GHASH, HERE / "tb_gcm_all.v"], sim="verilator",
        extra_env={"TB_MSGS": "150", "TB_CYCLES": "1500"})


@pytest.mark.parametrize("lanes", [1, 2])
def test_ghash_icarus(lanes):
    run(toplevel="aes_ghash", test_module="test_ghash", test_dir=HERE, sources=[MUL, GHASH],
        parameters={"LANES": lanes}, sim="icarus", extra_env={"TB_MSGS": "40"})


def test_gf128_mul_icarus():
    run(toplevel="aes_gf128_mul", test_module="test_gf128_mul", test_dir=HERE, sources=[MUL],
        sim="icarus", extra_env={"TB_CYCLES": "200"})

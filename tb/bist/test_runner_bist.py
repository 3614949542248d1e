# SPDX-License-Identifier: Apache-2.0
"""pytest entry: aes_bist (self-test).

Icarus here: the self-test runs a few thousand cycles, so Icarus's fast
compile beats a Verilator build of two cores (aes_axis covers Verilator).
AESHW_BIST_VERILATOR=1 adds a Verilator run of the pipelined build.
"""
import os
from pathlib import Path

import pytest

from aeshw.paths import filelist
from aeshw.sim import run

HERE = Path(__file__).parent


def sources():
    return filelist("aes_bist")


def test_bist_iterative_icarus():
    run(toplevel="aes_bist", test_module="test_bist", test_dir=HERE, sources=sources(),
        sim="icarus", parameters={"ARCH": "ITERATIVE", "LANES": 1})


def test_bist_pipelined_icarus():
    """Full rate: the ciphertext beats are consecutive (asserted in test_bist)."""
    run(toplevel="aes_bist", test_module="test_bist", test_dir=HERE, sources=sources(),
        sim="icarus", parameters={"ARCH": "PIPELINED", "LANES": 2},
        extra_env={"BIST_BEATS": "30"})


# opt-in (AESHW_BIST_VERILATOR=1): a long Verilator build, not collected otherwise
if os.environ.get("AESHW_BIST_VERILATOR"):
    def test_bist_pipelined_verilator():
        run(toplevel="aes_bist", test_module="test_bist", test_dir=HERE, sources=sources(),
            sim="verilator", parameters={"ARCH": "PIPELINED", "LANES": 4, "KEY_MODE": "AGILE"})

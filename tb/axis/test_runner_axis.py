# SPDX-License-Identifier: Apache-2.0
"""pytest entry: aes_axis (AXI4-Stream/AXI4-Lite AES IP) for each core family and LANES."""
import os
from pathlib import Path

import pytest

from aeshw.paths import filelist
from aeshw.sim import run

HERE = Path(__file__).parent


def sources():
    return filelist("aes_axis")

# (id, parameters, knobs): each line is one Verilator build.
BUILDS = [
    ("iterative-l1", {"ARCH": "ITERATIVE", "LANES": 1, "USER_WIDTH": 2}, {}),
    ("folded-l2", {"ARCH": "FOLDED", "U": 2, "STAGES": 2, "LANES": 2, "USER_WIDTH": 1},
     {"NIST_LIMIT": "6"}),
    # (the same parameters as tb/fault's pipelined-plain: one Verilator build for both)
    ("pipelined-l1", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 0}, {"NIST_LIMIT": "8"}),
]
# opt-in (AESHW_AXIS_EXTRA=1, `make stress`): more corners, each a long build. In `make test`,
# AGILE lanes through the whole IP run as tb/run's pipelined-l2-agile harness (random messages,
# resets and stalls; GCM vectors), and tuser wider than one bit as iterative-l1's.
if os.environ.get("AESHW_AXIS_EXTRA"):
    BUILDS += [
        ("pipelined-l2-agile", {"ARCH": "PIPELINED", "LANES": 2, "USER_WIDTH": 3, "KEY_MODE": "AGILE"},
         {"NIST_LIMIT": "4"}),
        ("pipelined-l4-agile", {"ARCH": "PIPELINED", "LANES": 4, "USER_WIDTH": 3, "KEY_MODE": "AGILE"},
         {"NIST_LIMIT": "4"}),
        ("pipelined-l2-s2", {"ARCH": "PIPELINED", "LANES": 2, "STAGES": 2, "USER_WIDTH": 1},
         {"NIST_LIMIT": "4"}),
        ("folded-l4-u5", {"ARCH": "FOLDED", "U": 5, "STAGES": 1, "LANES": 4, "IMPL": "COMPOSITE"},
         {"NIST_LIMIT": "2"}),
    ]


@pytest.mark.parametrize("name,params,knobs", BUILDS, ids=[b[0] for b in BUILDS])
def test_axis_verilator(name, params, knobs):
    run(toplevel="aes_axis", test_module="test_axis", test_dir=HERE, sources=sources(),
        sim="verilator", parameters=params, extra_env=knobs)


def test_axis_icarus():
    """Icarus as the second simulator: the iterative core, short runs."""
    run(toplevel="aes_axis", test_module="test_axis", test_dir=HERE, sources=sources(),
        sim="icarus", parameters={"ARCH": "ITERATIVE", "LANES": 2, "USER_WIDTH": 1},
        extra_env={"NIST_LIMIT": "1", "MATRIX_BYTES": "32", "STREAM_COMMITS": "6",
                   "THROUGHPUT_BEATS": "12"})


def test_axis_xts():
    """XTS: refusals, frame errors, units back to back (Verilator, PIPELINED, 2 lanes)."""
    run(toplevel="aes_axis", test_module="test_axis_xts", test_dir=HERE, sources=sources(),
        sim="verilator", parameters={"ARCH": "PIPELINED", "LANES": 2, "USER_WIDTH": 1, "GCM": 0, "XTS": 1})

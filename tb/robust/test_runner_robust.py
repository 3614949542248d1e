# SPDX-License-Identifier: Apache-2.0
"""pytest entry: aes_axis robustness and key hygiene (tb/robust/test_robust.py).

Own AXI4-Lite master with random orderings and stalls against a register-map model, aresetn
in the middle of streams and COMMITs, CLEAR with blocks in flight, key zeroization checked
inside the IP by hierarchical access (cocotb builds Verilator with --public-flat-rw).
The iterative build is tb/axis's iterative-l1 (the same parameters: one Verilator build, which
aeshw.sim.runner builds once under pytest -n).
"""
from pathlib import Path

import pytest

from aeshw.paths import filelist
from aeshw.sim import run

HERE = Path(__file__).parent

BUILDS = [
    ("iterative-l1", {"ARCH": "ITERATIVE", "LANES": 1, "USER_WIDTH": 2}),
    ("pipelined-l1", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 2, "XTS": 1}),   # XTS too
]


@pytest.mark.parametrize("name,params", BUILDS, ids=[b[0] for b in BUILDS])
def test_robust_verilator(name, params):
    run(toplevel="aes_axis", test_module="test_robust", test_dir=HERE, sources=filelist("aes_axis"),
        sim="verilator", parameters=params)


def test_robust_icarus():
    """Icarus (four-state: X on an output would show): reset mid-stream and mid-COMMIT."""
    run(toplevel="aes_axis", test_module="test_robust", test_dir=HERE, sources=filelist("aes_axis"),
        sim="icarus", parameters={"ARCH": "ITERATIVE", "LANES": 1, "USER_WIDTH": 1},
        extra_env={"COCOTB_TEST_FILTER": "test_reset_mid_(stream|commit)"})

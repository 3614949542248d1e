# SPDX-License-Identifier: Apache-2.0
"""pytest entry: fault-injection campaign on aes_axis (tb/fault/test_fault.py).

`make test` runs a short campaign (FAULT_TRIALS, default 1,000 trials) on each build below;
`make fault-campaign` runs the long one (10,000 trials a build) and stores the counts in
docs/results/fault_campaign-<arch>-fd<0|1>.json. Verilator with --public-flat-rw (cocotb's default here) gives
the test write access to every flip-flop.
"""
from pathlib import Path

import pytest

from aeshw.paths import INCLUDE, filelist
from aeshw.sim import run

HERE = Path(__file__).parent

BUILDS = [
    ("pipelined-fd", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    ("iterative-fd", {"ARCH": "ITERATIVE", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    ("folded-fd", {"ARCH": "FOLDED", "U": 2, "STAGES": 2, "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    ("pipelined-plain", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 0}),
]


@pytest.mark.parametrize("name,params", BUILDS, ids=[b[0] for b in BUILDS])
def test_fault(name, params):
    run(toplevel="aes_axis", test_module="test_fault", test_dir=HERE, sources=filelist("aes_axis"),
        sim="verilator", parameters=params)


def test_fault_detect_out_of_range(tmp_path):
    """FAULT_DETECT = 2 stops elaboration with a message naming the parameter."""
    import subprocess
    srcs = [str(s) for s in filelist("aes_axis")]
    r = subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "a.out"), "-P", "aes_axis.FAULT_DETECT=2",
                        "-s", "aes_axis", f"-I{INCLUDE}", *srcs], capture_output=True, text=True)
    assert r.returncode != 0 and "ERROR_aes_axis_FAULT_DETECT_must_be_0_or_1" in r.stdout + r.stderr, r.stderr

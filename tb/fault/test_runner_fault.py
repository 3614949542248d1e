# SPDX-License-Identifier: Apache-2.0
"""pytest entry: fault-injection campaign on aes_axis (tb/fault/test_fault.py).

`make test` runs a short campaign (FAULT_TRIALS, 300 trials unless set) on each build below;
`make fault-campaign` runs the long one (10,000 trials a build) and stores the counts in
docs/results/fault_campaign-<arch>-fd<0|1>.json. Verilator with --public-flat-rw (cocotb's default here) gives
the test write access to every flip-flop.
"""
import os
from pathlib import Path

import pytest

from aeshw.paths import INCLUDE, filelist
from aeshw.sim import run

HERE = Path(__file__).parent
# make test: 300 trials a build (the campaign's assertions need 100; about 1 in 8 is detected,
# so each FAULT_DETECT build sees a few dozen detections). The build is most of the time.
TRIALS = os.environ.get("FAULT_TRIALS", "300")

BUILDS = [
    ("pipelined-fd", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    ("iterative-fd", {"ARCH": "ITERATIVE", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    ("folded-fd", {"ARCH": "FOLDED", "U": 2, "STAGES": 2, "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 1}),
    # (the same build as tb/axis's pipelined-l1: one Verilator build for both)
    ("pipelined-plain", {"ARCH": "PIPELINED", "LANES": 1, "USER_WIDTH": 3, "FAULT_DETECT": 0}),
]


@pytest.mark.parametrize("name,params", BUILDS, ids=[b[0] for b in BUILDS])
def test_fault(name, params):
    run(toplevel="aes_axis", test_module="test_fault", test_dir=HERE, sources=filelist("aes_axis"),
        sim="verilator", parameters=params, extra_env={"FAULT_TRIALS": TRIALS})


def test_fault_detect_out_of_range(tmp_path):
    """FAULT_DETECT = 2 stops elaboration with a message naming the parameter."""
    import subprocess
    srcs = [str(s) for s in filelist("aes_axis")]
    r = subprocess.run(["iverilog", "-g2005", "-o", str(tmp_path / "a.out"), "-P", "aes_axis.FAULT_DETECT=2",
                        "-s", "aes_axis", f"-I{INCLUDE}", *srcs], capture_output=True, text=True)
    assert r.returncode != 0 and "ERROR_aes_axis_FAULT_DETECT_must_be_0_or_1" in r.stdout + r.stderr, r.stderr

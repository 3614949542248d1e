# SPDX-License-Identifier: Apache-2.0
"""Long randomized runs (>= 100k blocks per architecture), the NIST Monte Carlo tests
in full (100 outer loops of 1,000 blocks; `make test` runs their first loops), the wide
Verilator builds of test_runner_pipelined (WIDE), its slower rows (SLOW, GATED_SLOW) and
test_runner_folded's LONG: `make stress`.

Not collected by `make test` (pytest only collects test_runner_*.py); run as
`pytest tb/core/stress_runner.py`. STRESS_BLOCKS overrides the block count.
"""
import os
from pathlib import Path

import pytest

from aeshw.sim import run
from test_runner_folded import LONG, folded_id, run_folded
from test_runner_pipelined import GATED_SLOW, SLOW, WIDE, config_id, run_pipelined, run_row

HERE = Path(__file__).parent
BLOCKS = int(os.environ.get("STRESS_BLOCKS", "100000"))

ARCHS = [
    ("aes_core_folded", {"U": 1, "STAGES": 1, "LANES": 1}),                 # iterative
    ("aes_core_folded", {"U": 1, "STAGES": 4, "LANES": 1, "IMPL": "COMPOSITE"}),
    ("aes_core_folded", {"U": 2, "STAGES": 2, "LANES": 2}),
    ("aes_core_folded", {"U": 5, "STAGES": 1, "LANES": 1}),
    ("aes_core_pipelined", {"KEY_MODE": "SHARED", "LANES": 1, "STAGES": 1}),
    ("aes_core_pipelined", {"KEY_MODE": "SHARED", "LANES": 4, "STAGES": 2}),
    ("aes_core_pipelined", {"KEY_MODE": "AGILE", "LANES": 2, "STAGES": 2}),
]


@pytest.mark.parametrize("top,params", ARCHS,
                         ids=[f"{t}-" + "-".join(f"{k}{v}" for k, v in p.items()) for t, p in ARCHS])
def test_stress(top, params):
    beats = max(1, BLOCKS // params.get("LANES", 1))
    run(toplevel=top, test_module="test_core", test_dir=HERE, filelist_name=top, sim="verilator",
        parameters=params,
        extra_env={"RANDOM_BLOCKS": str(beats), "COCOTB_TEST_FILTER": "test_random_stream"})


MCT_FULL = [
    ("aes_core_folded", {"U": 1, "STAGES": 1, "LANES": 1, "IMPL": "LUT", "MODE": "BOTH"}),
    ("aes_core_pipelined", {"KEY_MODE": "SHARED", "LANES": 1, "STAGES": 1, "MODE": "BOTH", "KEYS": 7}),
    ("aes_core_pipelined", {"KEY_MODE": "AGILE", "LANES": 2, "STAGES": 2, "MODE": "BOTH", "KEYS": 7}),
]


@pytest.mark.parametrize("top,params", MCT_FULL,
                         ids=[f"{t}-" + "-".join(f"{k}{v}" for k, v in p.items()) for t, p in MCT_FULL])
def test_mct_full(top, params):
    """Every NIST MCT file (ECB, AES-128/192/256, both directions), all 100 outer loops."""
    run(toplevel=top, test_module="test_core", test_dir=HERE, filelist_name=top, sim="verilator",
        parameters=params,
        extra_env={"MCT_SIZES": "16,24,32", "MCT_OUTER": "100", "COCOTB_TEST_FILTER": "test_mct"})


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys", WIDE,
                         ids=[config_id(c) for c in WIDE])
def test_pipelined_wide(sim, key_mode, lanes, stages, impl, mode, keys):
    """test_runner_pipelined's whole test_core on 2- and 4-lane Verilator builds."""
    run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys)


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys", SLOW,
                         ids=[config_id(c) for c in SLOW])
def test_pipelined_slow(sim, key_mode, lanes, stages, impl, mode, keys):
    """test_runner_pipelined's slower rows, as `make test` runs its rows."""
    run_row(sim, key_mode, lanes, stages, impl, mode, keys)


@pytest.mark.parametrize("sim,key_mode,lanes,stages,impl,mode,keys", GATED_SLOW,
                         ids=[config_id(c) for c in GATED_SLOW])
def test_pipelined_clock_gated_slow(sim, key_mode, lanes, stages, impl, mode, keys):
    """test_runner_pipelined's clock-gated row at six stages with composite S-boxes."""
    run_pipelined(sim, key_mode, lanes, stages, impl, mode, keys, defines={"AES_CLOCK_GATE": 1})


@pytest.mark.parametrize("sim,u,stages,lanes,impl,mode", LONG, ids=[folded_id(c) for c in LONG])
def test_folded_long(sim, u, stages, lanes, impl, mode):
    """test_runner_folded's whole test_core on builds too slow for `make test`."""
    run_folded(sim, u, stages, lanes, impl, mode)

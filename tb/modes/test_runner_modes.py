# SPDX-License-Identifier: Apache-2.0
"""pytest entry for the mode pieces of rtl/modes that are their own modules:
aes_ctr_blocks (CTR counter blocks) and aes_cbc_lanes (CBC chaining), each against
OpenSSL, and aes_xts_tweak (XTS's encrypted tweaks, with its own small core) against OpenSSL.
(aes_gcm_frame / aes_gcm_tag, aes_xts_in / aes_xts_out and aes_mode_engine are tested through
aes_axis: tb/run/test_py_gcm.py, tb/run/test_py_xts.py.)
"""
from pathlib import Path

import pytest

from aeshw.paths import RTL, filelist
from aeshw.sim import run

HERE = Path(__file__).parent
RUNS = [(top, sim, lanes) for top in ("aes_ctr_blocks", "aes_cbc_lanes")
        for sim, lanes in (("icarus", 1), ("icarus", 3), ("verilator", 4))]
# CTR's counter where a carry can follow a carry after one step (LANES 128) and with the
# 16-bit low part (LANES > 128)
RUNS += [("aes_ctr_blocks", "verilator", 128), ("aes_ctr_blocks", "verilator", 255)]


@pytest.mark.parametrize("top,sim,lanes", RUNS, ids=[f"{t}-{s}-L{n}" for t, s, n in RUNS])
def test_mode_piece(top, sim, lanes):
    run(toplevel=top, test_module=f"test_{top.removeprefix('aes_')}", test_dir=HERE,
        sources=[RTL / "modes" / f"{top}.v"], parameters={"LANES": lanes}, sim=sim)


@pytest.mark.parametrize("sim,tu,impl", [("icarus", 1, "LUT"), ("verilator", 2, "COMPOSITE")])
def test_xts_tweak(sim, tu, impl):
    run(toplevel="aes_xts_tweak", test_module="test_xts_tweak", test_dir=HERE,
        sources=filelist("aes_core_folded") + [RTL / "modes" / f for f in ("aes_ctr_blocks.v", "aes_xts_tweak.v")],
        parameters={"TU": tu, "IMPL": impl}, sim=sim)

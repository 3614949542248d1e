# SPDX-License-Identifier: Apache-2.0
"""End-to-end synthesis smoke test: the smallest core (iterative, composite S-boxes, encrypt
only) through each FPGA flow, checking the JSON a user gets. Several minutes of wasm Yosys and
nextpnr, so not part of `make test`: run it with `make synth-smoke`."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

FIELDS = ("target", "arch", "lanes", "key_bits", "stages_per_round", "latency_cycles", "blocks_per_clock",
          "fmax_mhz", "throughput_gbps", "luts", "ffs", "brams", "area_um2", "kge", "tool_versions", "commands")


@pytest.mark.parametrize("target,extra", [("ice40", []), ("ecp5", []), ("xilinx", [])])
def test_synth_smoke(target, extra, tmp_path):
    out = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "aeshw.cli", "synth", "--target", target, "--arch", "iterative",
                        "--impl", "composite", "--mode", "enc", "--json", str(out), *extra],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text())
    for f in FIELDS:
        assert f in res, f
    assert res["luts"] > 500 and res["ffs"] > 200 and res["latency_cycles"] == 11
    assert res["blocks_per_clock"] == pytest.approx(0.1)
    assert res["commands"] and "yosys" in res["tool_versions"]
    if target in ("ecp5", "ice40"):
        assert res["fits"], res["fmax_source"]
        assert res["fmax_mhz"] > 10
        assert res["throughput_gbps"] == pytest.approx(128 * 0.1 * res["fmax_mhz"] / 1000)
    else:
        assert res["fmax_mhz"] is None and "no timing" in res["fmax_source"]


# Block-RAM S-boxes (IMPL "BRAM"), each form once: the portable synchronous-read table (iCE40,
# Xilinx; one round unit = 8 two-port tables) and the ECP5 DP16KD with its output register (S3).
@pytest.mark.parametrize("target,stages,brams", [("ice40", 2, 16), ("ecp5", 3, 8), ("xilinx", 2, 4)])
def test_synth_smoke_bram(target, stages, brams, tmp_path):
    out = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "aeshw.cli", "synth", "--target", target, "--arch", "folded",
                        "--u", "1", "--stages", str(stages), "--impl", "bram", "--mode", "enc",
                        "--json", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text())
    assert res["brams"] == brams, res["core_counts"]
    assert res["latency_cycles"] == 10 * stages + 1
    if target == "ecp5":
        assert res["fits"] and res["fmax_mhz"] > 10, res["fmax_source"]
        assert any("AES_ECP5_EBR" in c for c in res["commands"]) or "AES_ECP5_EBR" in json.dumps(res)


def test_synth_smoke_table_subword(tmp_path):
    """A SHARED pipelined table build with a cut in its key step's S-box row: SubWord is the
    table too (aes_key_step), so the block count is the rounds' 80 RAMB18 and SubWord's 2."""
    out = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "aeshw.cli", "synth", "--target", "xilinx", "--arch", "pipelined",
                        "--stages", "2", "--impl", "bram", "--mode", "enc", "--key-mode", "shared",
                        "--keys", "0b001", "--json", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text())
    assert res["brams"] == 41, res["core_counts"]   # RAMB36 equivalents: 82 RAMB18

# SPDX-License-Identifier: Apache-2.0
"""Unit tests for aeshw.report.goals (docs/results.md's table against the open issues' figures)
on rows written here, each figure's verdict known by construction."""
from __future__ import annotations

from aeshw.report import goals


def row(**kw) -> dict:
    """A stored ASIC row: 1 lane, pipelined, ENC, SHARED, AES-128, NanGate45, buffered ABC."""
    r = {"target": "asic", "device": "liberty nangate45_typ.lib.gz", "arch": "pipelined", "lanes": 1,
         "stages_per_round": 6, "impl": "COMPOSITE", "mode": "ENC", "key_mode": "SHARED",
         "keys": "3'b001", "key_sizes": [128], "fmax_mhz": 2500.0, "kge": 200.0, "area_um2": 160000.0,
         "throughput_gbps": 320.0, "label": "", "config": {"abc_script": "buffered"}, "u": 1}
    r.update(kw)
    return r


def line(lines: list[str], start: str) -> str:
    hits = [x for x in lines if x.startswith(start)]
    assert len(hits) == 1, hits
    return hits[0]


def test_published_style_needs_both_clock_and_area():
    pub = dict(label="published-style 1 stage/round", stages_per_round=1, impl="LUT")
    assert line(goals.asic([row(fmax_mhz=1200.0, kge=160.0, **pub)]), "| 12.1").endswith("| met |")
    assert "not met" in line(goals.asic([row(fmax_mhz=1199.0, kge=150.0, **pub)]), "| 12.1")
    assert "not met" in line(goals.asic([row(fmax_mhz=1300.0, kge=161.0, **pub)]), "| 12.1")


def test_best_lane_needs_clock_and_density():
    assert line(goals.asic([row()]), "| 12.2").endswith("| met |")       # 2,000 Gbps/mm^2
    assert "not met" in line(goals.asic([row(area_um2=170000.0)]), "| 12.2")
    assert "not met" in line(goals.asic([row(fmax_mhz=2390.0)]), "| 12.2")


def test_ten_lanes_missing_is_not_met():
    assert "not measured | **not met**" in line(goals.asic([row()]), "| 12.3")


def test_variants_against_their_own_stage_count_and_library():
    rows = [row(), row(mode="BOTH", fmax_mhz=2250.0), row(key_sizes=[128, 192, 256], fmax_mhz=2249.0),
            row(stages_per_round=2, fmax_mhz=1000.0), row(stages_per_round=2, key_mode="AGILE", fmax_mhz=950.0),
            row(device="liberty sky130hd_tt.lib.gz", mode="BOTH", fmax_mhz=100.0)]   # no base: no line
    out = goals.variants(rows)
    assert len(out) == 2, out
    six = line(out, "| 12.4 | nangate45_typ, 6 st/round")
    assert "BOTH 90.0%" in six and "AES-128/192/256 90.0%" in six and "not met" in six   # 89.96 %
    assert line(out, "| 12.4 | nangate45_typ, 2 st/round").endswith("AGILE 95.0% | met |")


def test_ice40_needs_block_ram_s_boxes_a_fit_and_48_mhz():
    def up5k(**kw):
        return row(target="ice40", device="iCE40UP5K sg48", arch="folded", mode="BOTH",
                   key_sizes=[128, 192, 256], luts=5000, harness_counts={"luts": 46}, **kw)
    assert "not met" in goals.ice40([up5k(impl="COMPOSITE", fits=True, fmax_mhz=60.0)])
    assert "not met" in goals.ice40([up5k(impl="BRAM", fits=True, fmax_mhz=47.0)])
    assert "not met" in goals.ice40([up5k(impl="BRAM", fits=False, fmax_mhz=None)])
    assert goals.ice40([up5k(impl="BRAM", fits=True, fmax_mhz=48.0)]).endswith("| met |")
    # within the LUT4s but not the logic cells: nextpnr's count is what the row says
    over = up5k(impl="BRAM", fits=False, fmax_mhz=None,
                fmax_source="not placed: 5810 ICESTORM_LC > 5280 on the device")
    assert "5,810 logic cells > 5,280" in goals.ice40([over])

# SPDX-License-Identifier: Apache-2.0
"""Unit tests for the `aeshw synth` log parsers (src/aeshw/synth/parse.py) on captured tool
output: tb/synth/logs holds small real excerpts produced by `aeshw synth` (Yosys 0.70 stat
-json, nextpnr 0.11 logs, OpenSTA report_checks). Liberty snippets are made up here (the real
libraries are not redistributed with the project)."""
from __future__ import annotations

from pathlib import Path

import pytest

from aeshw.synth import parse as P
from aeshw.synth import Config, model

LOGS = Path(__file__).parent / "logs"


def read(name: str) -> str:
    return (LOGS / name).read_text()


# ---- Yosys stat -json -----------------------------------------------------------------------

def test_yosys_stat_ice40_hierarchy():
    mods = P.yosys_stat_modules(read("ice40_iterative_composite_both.stat.json"))
    core = next(v for k, v in mods.items() if k.endswith("aes_core_folded"))
    wrap = mods["aes_synth_wrap"]
    assert core["cells"]["SB_LUT4"] == 5902
    c = P.fpga_counts("ice40", core["cells"])
    assert c["luts"] == 5902 and c["ffs"] == 396 + 259 + 270 + 8 and c["brams"] == 0 and c["carry"] == 17
    w = P.fpga_counts("ice40", wrap["cells"])
    assert w["luts"] == 46 and w["ffs"] == 574


def test_yosys_stat_asic_area():
    mods = P.yosys_stat_modules(read("asic_nangate45_iterative_composite_enc.stat.json"))
    m = mods["aes_core_folded"]
    assert m["area"] == pytest.approx(13362.51)
    assert m["cells"]["DFF_X1"] > 900
    assert m["num_cells"] == 8058


def test_yosys_stat_leading_log_line():
    text = "-- Running command `stat -json' --\n" + read("asic_nangate45_iterative_composite_enc.stat.json")
    assert "aes_core_folded" in P.yosys_stat_modules(text)


def test_yosys_version():
    assert P.yosys_version('{"creator": "Yosys 0.70 (git sha1 28ba3cb92, Release, Clang'
                           ) == "Yosys 0.70 (git sha1 28ba3cb92)"


# ---- FPGA cell classes ------------------------------------------------------------------------

def test_fpga_counts_ecp5_and_xilinx():
    e = P.fpga_counts("ecp5", {"LUT4": 100, "CCU2C": 5, "TRELLIS_FF": 40, "DP16KD": 3, "PFUMX": 7})
    assert (e["luts"], e["ffs"], e["brams"], e["carry"]) == (110, 40, 3, 5)
    x = P.fpga_counts("xilinx", {"LUT6": 10, "LUT2": 3, "SRL16E": 2, "FDRE": 9, "FDSE": 1,
                                 "RAMB36E2": 1, "RAMB18E2": 3, "CARRY8": 4, "MUXF7": 5})
    assert (x["luts"], x["ffs"], x["brams"], x["carry"], x["srl"]) == (15, 10, 2.5, 4, 2)
    # captured: Yosys 0.70 synth_xilinx -family xcup -flatten, 1-lane AES-128 encrypt pipeline core
    core = {"CARRY4": 16, "FDRE": 4430, "INV": 25, "LUT2": 1382, "LUT3": 1301, "LUT4": 1020, "LUT5": 1584,
            "LUT6": 5914, "MUXF7": 2217, "MUXF8": 22, "RAM32M16": 10, "SRL16E": 3}
    x = P.fpga_counts("xilinx", core)
    assert x["luts"] == 1382 + 1301 + 1020 + 1584 + 5914 + 25 + 3 + 8 * 10 and x["lutram"] == 80


# ---- nextpnr ----------------------------------------------------------------------------------

def test_nextpnr_ecp5_log():
    log = read("nextpnr_ecp5_excerpt.log")
    fm = P.nextpnr_fmax(log)
    assert len(fm) == 1
    (clk, mhz), = fm.items()
    # the post-route figure is the last one in the log
    assert mhz == pytest.approx(float(read("nextpnr_ecp5_excerpt.expected").split()[0]))
    util = P.nextpnr_utilisation(log)
    assert util["TRELLIS_COMB"][1] == 83640
    assert util["TRELLIS_IO"][0] == 4
    assert P.nextpnr_version(read("nextpnr_ecp5_version.txt")) == "nextpnr Version nextpnr-0.11.1"


def test_nextpnr_ice40_log():
    log = read("nextpnr_ice40_excerpt.log")
    assert P.nextpnr_fmax(log) == {"clk$SB_IO_IN_$glb_clk": 12.16}   # "Warning:" line when it fails
    util = P.nextpnr_utilisation(log)
    assert util["ICESTORM_LC"] == (4431, 5280) and util["SB_IO"] == (4, 39) and util["ICESTORM_RAM"] == (0, 30)


def test_nextpnr_fmax_last_wins():
    log = ("Info: Max frequency for clock '$glbnet$clk': 180.00 MHz (PASS at 50.00 MHz)\n"
           "Info: Max frequency for clock '$glbnet$clk': 150.25 MHz (FAIL at 200.00 MHz)\n")
    assert P.nextpnr_fmax(log) == {"$glbnet$clk": 150.25}


def test_nextpnr_endpoint_groups():
    """A register's sinks form one group per pin kind; the group's arrival is its latest sink's
    (the report's [min, max]), LSR and a block RAM's address add their setup; a LUT's input is
    not an endpoint."""
    def net(driver, port, *ends):
        return {"driver": driver, "port": port,
                "endpoints": [{"cell": c, "port": p, "delay": [0.5, d]} for c, p, d in ends]}
    rep = {"detailed_net_timings": [
        net("u.a_TRELLIS_FF_Q", "Q", ("u.x_LUT4_Z", "A", 1.0)),
        net("u.x_LUT4_Z", "F", ("u.r[3].q_TRELLIS_FF_Q", "DI", 2.5), ("u.r[7].q_TRELLIS_FF_Q_1", "DI", 3.0),
            ("u.r[7].q_TRELLIS_FF_Q_1", "LSR", 2.9), ("u.mem$DPRAM_RAMW", "WAD1", 1.5)),
        net("u.r[3].q_TRELLIS_FF_Q", "Q", ("u.e_DP16KD", "ADA4", 2.0)),
        net("u.r[7].q_TRELLIS_FF_Q_1", "Q", ("u.e_DP16KD", "ADA5", 2.2)),
        net("u.e_DP16KD", "DOA0", ("u.a_TRELLIS_FF_Q", "M", 1.2), ("u.z_TRELLIS_FF_Q", "LSR", 0.5))]}
    g = P.nextpnr_endpoint_groups(rep)      # (u.z: a flip-flop whose Q drives nothing)
    assert [x["group"] for x in g] == ["u.r[*].q.LSR", "u.r[*].q.DI", "u.e.ADA", "u.mem.WAD", "u.a.M", "u.z.LSR"]
    assert g[0]["arrival_ns"] == pytest.approx(3.19) and g[1] == {"group": "u.r[*].q.DI", "endpoints": 2,
                                                                  "arrival_ns": 3.0, "fmax_mhz": 333.3}
    assert g[2]["arrival_ns"] == pytest.approx(2.402) and g[2]["endpoints"] == 2
    assert len(P.nextpnr_endpoint_groups(rep, n=2)) == 2


# ---- OpenSTA ----------------------------------------------------------------------------------

def test_opensta_report():
    chk = P.sta_checks(read("opensta_nangate45_iterative.log"))
    assert chk["slack"] == pytest.approx(-1.7723) and not chk["met"]
    assert chk["arrival"] == pytest.approx(2.2297) and chk["required"] == pytest.approx(0.4574)
    # period 0.5 ns, slack -1.7723 ns: the path needs 2.2723 ns
    assert P.sta_fmax_mhz(0.5, chk["slack"]) == pytest.approx(1000 / 2.2723)


def test_opensta_no_path():
    assert P.sta_checks("No paths found.\n") == {}


# ---- ABC --------------------------------------------------------------------------------------

def test_abc_stime_format():
    # `stime -p` line as ABC prints it (native Yosys logs it with an "ABC: " prefix).
    log = ("ABC: WireLoad = \"none\"  Gates =   1234 ( 12.3 %)   Cap =  1.2 ff (  4.5 %)   "
           "Area =     2345.67 ( 88.0 %)   Delay =   812.40 ps  ( 10.1 %)\n"
           "ABC: WireLoad = \"none\"  Gates =   1200 ( 12.3 %)   Cap =  1.2 ff (  4.5 %)   "
           "Area =     2300.00 ( 88.0 %)   Delay =   790.00 ps  ( 10.1 %)\n")
    assert P.abc_stime(log) == {"gates": 1200, "area": 2300.0, "delay_ps": 790.0}
    assert P.abc_stime("nothing") == {}


# ---- Liberty ----------------------------------------------------------------------------------

LIB = """
library (toy) {
  time_unit : "1ns" ;
  cell (BUF_X2) { area : 1.5 ;
    pin (A) { direction : input ; capacitance : 1.0 ; }
    pin (Z) { direction : output ; function : "A" ; timing () { related_pin : "A" ; } } }
  cell (BUF_X1) { area : 1.0 ;
    pin (A) { direction : input ; }
    pin (Z) { direction : output ; function : "A" ; } }
  cell (INV_X1) { area : 0.5 ;
    pin (A) { direction : input ; }
    pin (ZN) { direction : output ; function : "!A" ; } }
  cell (NAND2_X2) { area : 1.2 ;
    pin (A1) { direction : input ; }
    pin (A2) { direction : input ; }
    pin (ZN) { direction : output ; function : "!(A1 & A2)" ; } }
  cell (NAND2_X1) { area : 0.798 ;
    pin (A1) { direction : input ; }
    pin (A2) { direction : input ; }
    pin (ZN) { direction : output ; function : "!(A1 & A2)" ; } }
  cell (DFF_X1) { area : 4.5 ; ff (IQ, IQN) { next_state : "D" ; clocked_on : "CK" ; }
    pin (D) { direction : input ; }
    pin (CK) { direction : input ; clock : true ; }
    pin (Q) { direction : output ; function : "IQ" ; } }
}
"""


def test_liberty_cells():
    cells = P.liberty_cells(LIB)
    assert set(cells) == {"BUF_X2", "BUF_X1", "INV_X1", "NAND2_X2", "NAND2_X1", "DFF_X1"}
    assert cells["DFF_X1"]["seq"] and not cells["NAND2_X1"]["seq"]
    assert cells["NAND2_X1"]["inputs"] == ["A1", "A2"]
    assert P.liberty_nand2_x1(cells) == ("NAND2_X1", 0.798)
    assert P.liberty_buffer(cells) == "BUF_X1"
    assert P.liberty_time_unit_s(LIB) == 1e-9


def test_liberty_nand_by_function():
    # sky130-style names are found by name; other names by function (smallest 2-input NAND)
    lib = LIB.replace("NAND2_X1", "ND2D1").replace("NAND2_X2", "ND2D2")
    assert P.liberty_nand2_x1(P.liberty_cells(lib)) == ("ND2D1", 0.798)
    sky = LIB.replace("NAND2_X1", "sky130_fd_sc_hd__nand2_1")
    assert P.liberty_nand2_x1(P.liberty_cells(sky))[0] == "sky130_fd_sc_hd__nand2_1"


def test_liberty_buffer_function_in_parentheses():
    # sky130 writes a buffer's function as "(A)": still the smallest buffer
    lib = LIB.replace('function : "A" ; } }\n  cell (INV_X1)', 'function : "(A)" ; } }\n  cell (INV_X1)')
    assert '"(A)"' in lib
    assert P.liberty_buffer(P.liberty_cells(lib)) == "BUF_X1"


def test_enable_flip_flops_kept_out():
    """A flip-flop whose next state reads its own state has a built-in enable: `aeshw synth`
    tells dfflibmap not to use it (its enable fan-out would be hidden from ABC's buffering)."""
    from aeshw.synth.targets.asic import dont_use_enable_ffs
    edff = ('  cell (EDFF_X1) { area : 6.0 ; ff ("IQ","IQN") { next_state : "(D&DE) | (IQ&!DE)" ; '
            'clocked_on : "CK" ; }\n    pin (D) { direction : input ; }\n'
            '    pin (Q) { direction : output ; function : "IQ" ; } }\n')
    cells = P.liberty_cells(LIB.replace("library (toy) {\n", "library (toy) {\n" + edff))
    assert cells["EDFF_X1"]["seq"] and cells["EDFF_X1"]["enable_ff"]
    assert not cells["DFF_X1"]["enable_ff"] and not cells["NAND2_X1"]["enable_ff"]
    assert dont_use_enable_ffs(cells) == " -dont_use EDFF_X1"
    assert dont_use_enable_ffs(P.liberty_cells(LIB)) == ""


def _icg(name, kind, area, test=True):
    tst = '    pin (SE) { direction : input ; clock_gate_test_pin : true ; }\n' if test else ""
    return (f'  cell ({name}) {{ area : {area} ; clock_gating_integrated_cell : {kind} ;\n'
            '    statetable ("CK E SE", "IQ") { table : "L L L : - : L" ; }\n'
            '    pin (CK) { direction : input ; clock_gate_clock_pin : true ; }\n'
            '    pin (E) { direction : input ; clock_gate_enable_pin : true ; }\n' + tst +
            '    pin (GCK) { direction : output ; clock_gate_out_pin : true ; state_function : "(IQ & CK)" ; } }\n')


def test_clock_gate_cell_and_map():
    """The smallest integrated clock gate that gates the rising edge (a test-enable one only if
    it is smaller; its test pin tied low); none in a library without one; never counted as a
    flip-flop's cell by the gate's own flag."""
    from aeshw.synth.targets.asic import clock_gate_cell, clock_gate_map
    lib = LIB.replace("library (toy) {\n", "library (toy) {\n" + _icg("CGT_X1", "latch_posedge_precontrol", 3.9)
                      + _icg("CG_X1", "latch_posedge", 3.4, test=False) + _icg("CGN_X1", "latch_negedge", 1.0))
    cells = P.liberty_cells(lib)
    assert cells["CG_X1"]["icg"] == {"kind": "latch_posedge", "clock": "CK", "enable": "E", "out": "GCK"}
    assert cells["CGT_X1"]["icg"]["test"] == "SE" and cells["DFF_X1"]["icg"] is None
    assert clock_gate_cell(cells)[0] == "CG_X1"                     # not the negedge one
    del cells["CG_X1"]
    name, icg = clock_gate_cell(cells)
    text = clock_gate_map(name, icg)
    assert name == "CGT_X1" and ".SE(1'b0)" in text and ".GCK(gclk)" in text and ".E(en)" in text
    assert "module aes_clock_gate (input wire clk, input wire en, output wire gclk);" in text
    assert clock_gate_cell(P.liberty_cells(LIB)) is None


# ---- model figures (docs/core_interface.md) -----------------------------------------------------

@pytest.mark.parametrize("cfg,lat,bpc", [
    (Config(arch="iterative", target="asic"), 11, 0.1),
    (Config(arch="folded", u=1, stages=4, target="asic"), 41, 0.1),
    (Config(arch="folded", u=5, stages=1, target="asic"), 11, 0.5),
    (Config(arch="folded", u=3, stages=1, target="asic"), 11, 0.25),     # U does not divide Nr
    (Config(arch="pipelined", lanes=1, stages=1, keys=0b001, target="asic"), 11, 1.0),
    (Config(arch="pipelined", lanes=4, stages=3, keys=0b001, target="asic"), 31, 4.0),
    (Config(arch="pipelined", key_mode="AGILE", mode="BOTH", stages=2, keys=0b111, target="asic"),
         (14 + 1 + 14) * 2 + 1, 1.0),       # pre-expansion, whitening stage, rounds: 2 clocks each
])
def test_model(cfg, lat, bpc):
    m = model(cfg)
    assert m["latency_cycles"] == lat and m["blocks_per_clock"] == pytest.approx(bpc) and m["key_bits"] == 128


def test_register_names():
    """A path's start/end registers named by the nets on their Q pins (mapped netlist)."""
    netlist = ("  DFF_X1 _101_ (\n    .CK(clk),\n    .D(_007_),\n    .Q(\\g_shared.wkey [5] )\n  );\n"
               "  DFF_X1 _102_ (\n    .CK(clk),\n    .D(_008_),\n    .Q(s1_start)\n  );\n"
               "  DFF_X2 _1020_ (\n    .CK(clk),\n    .D(_009_),\n    .Q(other)\n  );\n")
    assert P.register_names(netlist, "_101_", "_102_") == {"start_reg": "g_shared.wkey [5]",
                                                           "end_reg": "s1_start"}
    assert P.register_names(netlist, "_999_", "_102_") == {"end_reg": "s1_start"}


def test_register_group_collapses_indices():
    """A register's bits, and the same register in every round, lane and S-box, are one group."""
    assert P.register_group("\\g_shared.g_round[3].g_lane[0].u_round.out_state [17] ") == \
        "g_shared.g_round[*].g_lane[*].u_round.out_state"
    assert P.register_group("u_out.u_fifo.rd_ptr [2]") == "u_out.u_fifo.rd_ptr"
    assert P.register_group("out_empty") == "out_empty"


ENDPOINTS = """max_delay/setup group clk

                                      Required    Actual
Endpoint                                 Delay     Delay     Slack
------------------------------------------------------------------
_102_/D (DFF_X1)                        0.4660    0.7576   -0.2916 (VIOLATED)
_101_/D (DFF_X1)                        0.4586    0.7485   -0.2899 (VIOLATED)
_103_/D (DFF_X1)                        0.4656    0.4000    0.0656 (MET)
_104_/D (DFF_X1)                        0.4656    0.7000   -0.2344 (VIOLATED)
"""


def test_endpoint_groups_worst_first():
    """Endpoint slacks grouped by register: slowest group first, each with its worst endpoint,
    its endpoint count and the Fmax that endpoint allows (1 / (period - slack))."""
    netlist = ("  DFF_X1 _101_ (\n    .CK(clk),\n    .D(_007_),\n    .Q(\\g_round[1].u.q [5] )\n  );\n"
               "  DFF_X1 _102_ (\n    .CK(clk),\n    .D(_008_),\n    .Q(key [0] )\n  );\n"
               "  DFF_X1 _103_ (\n    .CK(clk),\n    .D(_009_),\n    .Q(\\g_round[2].u.q [1] )\n  );\n"
               "  DFF_X1 _104_ (\n    .CK(clk),\n    .D(_010_),\n    .QN(\\g_round[2].u.q [0] )\n  );\n")
    assert P.sta_endpoints(ENDPOINTS)[0] == ("_102_", "D", 0.7576, -0.2916)
    g = P.endpoint_groups(ENDPOINTS, P.register_nets(netlist), period=0.5, top=8)
    assert [x["end_group"] for x in g] == ["key", "g_round[*].u.q"]
    assert [x["endpoints"] for x in g] == [1, 3]
    assert g[1]["end_pin"] == "_101_/D" and g[1]["arrival"] == 0.7485
    assert g[0]["fmax_mhz"] == round(1e3 / (0.5 + 0.2916), 1)
    assert len(P.endpoint_groups(ENDPOINTS, P.register_nets(netlist), period=0.5, top=1)) == 1


def test_sta_paths_every_path():
    """A report with several paths: each one's start, end and slack, in report order."""
    text = read("opensta_nangate45_iterative.log")
    paths = P.sta_paths(text + "\n" + text)
    assert len(paths) == 2 and paths[0] == P.sta_checks(text) == paths[1]
    two = ("Startpoint: _1_ (rising edge-triggered flip-flop)\nEndpoint: _2_ (rising)\n"
           "   0.70   data arrival time\n  -0.20   slack (VIOLATED)\n"
           "Startpoint: _3_ (rising edge-triggered flip-flop)\nEndpoint: _4_ (rising)\n"
           "   0.40   data arrival time\n   0.10   slack (MET)\n")
    got = P.sta_paths(two)
    assert [(p["startpoint"], p["endpoint"], p["slack"], p["met"]) for p in got] == \
        [("_1_", "_2_", -0.2, False), ("_3_", "_4_", 0.1, True)]


def test_pnr_over_device_is_unfit(tmp_path):
    """nextpnr stopping because logic cells outnumber the device's (iCE40: LUT4s plus
    flip-flops with no LUT of their own) marks the build unfit and says which, not a bare
    "place and route failed"; a failure with every count in range says nothing here."""
    from types import SimpleNamespace
    from aeshw.synth import fpga
    log = tmp_path / "nextpnr.log"
    log.write_text("Info: Device utilisation:\n"
                   "Info: \t         ICESTORM_LC:    5810/   5280   110%\n"
                   "Info: \t        ICESTORM_RAM:      25/     30    83%\n")
    res = {"fits": True}
    assert fpga._over(SimpleNamespace(bdir=tmp_path), res) == \
        "not placed: 5810 ICESTORM_LC > 5280 on the device"
    assert res["fits"] is False
    log.write_text("Info: Device utilisation:\nInfo: \t         ICESTORM_LC:    5000/   5280    94%\n")
    res = {"fits": True}
    assert fpga._over(SimpleNamespace(bdir=tmp_path), res) is None and res["fits"] is True

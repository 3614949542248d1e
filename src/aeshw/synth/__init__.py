# SPDX-License-Identifier: Apache-2.0
"""Synthesis: `aeshw synth` (flow: configuration, staging, tool runs, the result), one module
per target (targets/: asic, ecp5, ice40, xilinx; fpga: what the FPGA targets share), the
report parsers (parse) and the configuration matrix of `aeshw sweep` (sweep)."""
from .flow import TARGETS, Config, command_of, model, synth, tool  # noqa: F401

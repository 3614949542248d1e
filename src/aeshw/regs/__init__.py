# SPDX-License-Identifier: Apache-2.0
"""The register map of aes_axis: one description, rtl/bus/aes_axis_regs.rdl.

- `aes_axis_regs` (generated): offsets, field positions and masks, codes -- the constants
  every test, the harness and the tools use. `from aeshw.regs import CTRL, MODE_GCM`.
- `rdl`: the description compiled into plain records (needs systemrdl-compiler).
- `emit`: the Verilog decode/read module, the Python constants, the C codes header.
- `generate`: every generated file; `aeshw regs` writes them, `aeshw regs --check` (and
  tb/repo/test_py_regs.py) lists the stale ones.
"""
from .aes_axis_regs import *  # noqa: F401,F403

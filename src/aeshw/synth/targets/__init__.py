# SPDX-License-Identifier: Apache-2.0
"""Synthesis targets: one module per target in this folder, found by its file name, so
adding a target is adding one file. A target module defines

    DEVICES          the devices it knows, the default first ("" when none)
    FREQ_MHZ         the place-and-route target frequency (0: none)
    WRAPPED          True: the core goes inside rtl/synth/aes_synth_wrap.v (few pins)
    check(cfg)       refuse a configuration before any work (ValueError/FileNotFoundError)
    VENDOR, DEFINES  (optional) the target's primitive wrappers under rtl/ and the defines
                     that select them (ecp5: the DP16KD S-box table; ecp5, xilinx:
                     AES_LUTRAM, the RAM-form FIFOs in LUT RAM); used by the block-RAM table
                     forms (IMPL BRAM, TTABLE) only
    run(job)         run its tools in job.bdir and fill job.res (aeshw.synth.flow.Job)
"""
from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def names() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)))


def get(name: str) -> ModuleType:
    if name not in names():
        raise ValueError(f"target {name!r}: not one of {', '.join(names())}")
    return importlib.import_module(f"{__name__}.{name}")

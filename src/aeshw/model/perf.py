# SPDX-License-Identifier: Apache-2.0
"""Latency and blocks per clock of the cores: the one place of these formulas.
docs/core_interface.md states them and cites this file; `aeshw synth` (the latency and
throughput of every stored result) and the cycle-exact tests (tb/core, tb/axis) use them.

- Latency, input handshake to out_valid with the output ready:
  Nr * STAGES + 1 for every core, except the pipelined AGILE core, whose blocks carry their
  own key: (PRE + 1 + NR_MAX) * STAGES + 1, with PRE = NR_MAX key pre-expansion stages when
  the decrypt direction is built (0 for encrypt only) and one whitening stage; and the folded
  core's table builds (IMPL BRAM or TTABLE), Nr * STAGES + 2: a block enters the ring a clock
  after its handshake (aes_core_folded's entry register).
- Blocks per clock: LANES for the pipelined core; LANES / ceil(Nr / U) for the folded ring
  (a block holds its slot for ceil(Nr/U) trips round U units; U = 1: the iterative core).
"""
from __future__ import annotations

import math

NR = {128: 10, 192: 12, 256: 14}      # rounds per key size in bits (FIPS-197 table 1)
TABLE_IMPLS = ("BRAM", "TTABLE")      # block-RAM table forms (aes_core_folded's entry register)


def latency(arch: str, stages: int, nr: int, key_mode: str = "SHARED", decrypt_built: bool = True,
            nr_max: int | None = None, impl: str = "LUT") -> int:
    if arch == "pipelined" and key_mode.upper() == "AGILE":
        nr_max = nr if nr_max is None else nr_max
        pre = nr_max if decrypt_built else 0
        return (pre + 1 + nr_max) * stages + 1
    entry = arch == "folded" and impl.upper() in TABLE_IMPLS
    return nr * stages + 1 + entry



def blocks_per_clock(arch: str, lanes: int, nr: int, u: int = 1) -> float:
    if arch == "pipelined":
        return float(lanes)
    return lanes / math.ceil(nr / u)

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_shift_rows (ShiftRows / InvShiftRows, pure wiring).

Toplevel aes_shift_rows (MODE from the build parameters) or tb_datapath_all
(MODE ENC, DEC and BOTH side by side). Reference: aeshw.model.shift_rows.
"""
import random

import cocotb

from aeshw.model import shift_rows
from aeshw.sim import param
from tbutil import check_state_map, seed, state_vectors, top_name


def instances(dut):
    if top_name(dut) == "tb_datapath_all":
        return [(f"shift_rows/{m}", m, getattr(dut, f"out_sr_{m.lower()}")) for m in ("ENC", "DEC", "BOTH")]
    m = param("MODE", "BOTH")
    return [(f"shift_rows/{m}", m, dut.out_state)]


@cocotb.test()
async def test_reference(dut):
    """The model itself: FIPS-197 5.1.2 row rotations, and the inverse undoes it."""
    s = bytes(range(16))      # byte i = row i%4, column i//4
    # row r rotated left by r: out[r + 4c] = in[r + 4((c + r) % 4)]
    assert shift_rows(s) == bytes([0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11])
    rng = random.Random(4)
    for _ in range(50):
        t = bytes(rng.randrange(256) for _ in range(16))
        assert shift_rows(shift_rows(t), True) == t


@cocotb.test()
async def test_states(dut):
    """Labelled, single-bit and random states, both inv values."""
    rng = random.Random(seed(5))
    n = await check_state_map(dut, instances(dut), shift_rows, state_vectors(rng, 300), rng)
    dut._log.info("%d checks", n)

# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_sub_bytes: NBYTES S-boxes side by side.

Toplevel aes_sub_bytes (NBYTES/IMPL/MODE/PIPE from the build parameters) or
the wrapper tb_datapath_all (several parameter sets at once, fed the low bytes
of one in_data). Every lane sees every byte value in both directions, with
the exact PIPE latency and ce stalls; reference: aeshw.model.sub_bytes /
aeshw.model.gf tables.
"""
import random

import cocotb

from aeshw.model import sub_bytes, to_bytes, to_int
from aeshw.sim import param
from tbutil import (SubstInst, run_subst_stream, seed, start_clock, subst_ref, subst_stimulus,
                    top_name)

# tb_datapath_all's aes_sub_bytes instances: (port suffix, NBYTES, IMPL, MODE, PIPE)
WRAPPER = [
    ("sb16_comp_both_p2", 16, "COMPOSITE", "BOTH", 2),
    ("sb4_lut_enc_p0", 4, "LUT", "ENC", 0),
    ("sb1_lut_dec_p1", 1, "LUT", "DEC", 1),
]


def instances(dut):
    if top_name(dut) == "tb_datapath_all":
        return [SubstInst(n, m, p, getattr(dut, f"out_{n}"), impl=i, nbytes=nb)
                for n, nb, i, m, p in WRAPPER]
    nb, impl, mode, pipe = param("NBYTES", 16), param("IMPL", "LUT"), param("MODE", "BOTH"), param("PIPE", 0)
    return [SubstInst(f"NBYTES={nb}/{impl}/{mode}/p{pipe}", mode, pipe, dut.out_data, impl=impl, nbytes=nb)]


@cocotb.test()
async def test_reference_agrees_with_model(dut):
    """tbutil.subst_ref (per-byte tables) and aeshw.model.sub_bytes agree."""
    rng = random.Random(3)
    for _ in range(200):
        s = bytes(rng.randrange(256) for _ in range(16))
        for inv in (0, 1):
            assert to_bytes(subst_ref("BOTH", inv, to_int(s), 16)) == sub_bytes(s, bool(inv))


@cocotb.test()
async def test_all_bytes_all_lanes(dut):
    """Every byte value on every lane, both directions, exact PIPE latency, ce stalls."""
    await start_clock(dut)
    insts = instances(dut)
    nbytes = max(i.nbytes for i in insts)
    await run_subst_stream(dut, insts, subst_stimulus(random.Random(seed(2)), nbytes))
    for it in insts:
        need = it.coverage_needed()
        assert len(it.seen) == need, f"{it.name}: only {len(it.seen)} of {need} (lane, dir, byte) checked"
        dut._log.info("%s: %d checks, %d (lane, dir, byte) covered", it.name, it.checked, need)

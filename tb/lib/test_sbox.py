# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_sbox: exhaustive against the GF(2^8) definition.

Toplevel is either aes_sbox itself (IMPL/MODE/PIPE from the build parameters)
or the wrapper tb_sbox_all (every IMPL x MODE x PIPE side by side, same
inputs), where LUT and COMPOSITE outputs are also compared with each other.
The reference is aeshw.model.gf (tables computed from the field definition and the
affine map), never the RTL's own tables.
"""
import random

import cocotb

from aeshw.model.gf import inv_sbox_table, sbox_table
from aeshw.model import check_model_against_openssl
from aeshw.sim import param
from tbutil import SubstInst, run_subst_stream, seed, start_clock, subst_stimulus, top_name

IMPLS = ("LUT", "COMPOSITE")
MODES = ("ENC", "DEC", "BOTH")
PIPES = (0, 1, 2)


def instances(dut):
    if top_name(dut) == "tb_sbox_all":
        return [SubstInst(f"{i}/{m}/p{p}", m, p,
                          getattr(dut, f"out_{i.lower()}_{m.lower()}_p{p}"), impl=i)
                for i in IMPLS for m in MODES for p in PIPES]
    impl, mode, pipe = param("IMPL", "LUT"), param("MODE", "BOTH"), param("PIPE", 0)
    return [SubstInst(f"{impl}/{mode}/p{pipe}", mode, pipe, dut.out_byte, impl=impl)]


@cocotb.test()
async def test_reference_tables(dut):
    """The reference itself: bijective, inverse of each other, FIPS-197 values,
    and (through the spec model) the same cipher as OpenSSL."""
    s, si = sbox_table(), inv_sbox_table()
    assert sorted(s) == list(range(256))
    assert all(si[s[x]] == x for x in range(256))
    # FIPS-197 Figure 7 / 14 spot values
    assert (s[0x00], s[0x53], s[0xff], si[0x00], si[0xed]) == (0x63, 0xed, 0x16, 0x52, 0x53)
    rng = random.Random(11)
    for n in (16, 24, 32):
        check_model_against_openssl(bytes(rng.randrange(256) for _ in range(n)),
                                    bytes(rng.randrange(256) for _ in range(16)))
    dut._log.info("reference S-box tables OK")


@cocotb.test()
async def test_exhaustive(dut):
    """Every input, both inv values, exact PIPE latency, ce stalls."""
    await start_clock(dut)
    insts = instances(dut)
    pairs = []
    if top_name(dut) == "tb_sbox_all":
        by = {(i.impl, i.mode, i.pipe): i for i in insts}
        pairs = [(by["LUT", m, p], by["COMPOSITE", m, p]) for m in MODES for p in PIPES]
    await run_subst_stream(dut, insts, subst_stimulus(random.Random(seed(1)), 1), pairs)
    for it in insts:
        need = it.coverage_needed()
        assert len(it.seen) == need, f"{it.name}: only {len(it.seen)} of {need} inputs checked"
        dut._log.info("%s: %d checks, all %d inputs covered", it.name, it.checked, need)

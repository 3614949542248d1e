# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_mix_columns (MixColumns / InvMixColumns).

Toplevel aes_mix_columns (MODE from the build parameters) or tb_datapath_all
(MODE ENC, DEC and BOTH side by side). Reference: aeshw.model.mix_columns
(the FIPS-197 matrices over GF(2^8)); the RTL computes the inverse in a
different, factored way, so the two are independent. MODE "PRE" (the pre-multiplication P
alone, with InvMixColumns = MixColumns o P): P = InvMixColumns o InvMixColumns, from the model.
"""
import random

import cocotb

from aeshw.model import mix_columns, to_bytes
from aeshw.sim import param
from tbutil import check_state_map, seed, state_vectors, top_name


def instances(dut):
    if top_name(dut) == "tb_datapath_all":
        return [(f"mix_columns/{m}", m, getattr(dut, f"out_mc_{m.lower()}")) for m in ("ENC", "DEC", "BOTH")]
    m = param("MODE", "BOTH")
    return [(f"mix_columns/{m}", "ENC" if m == "PRE" else m, dut.out_state)]   # PRE reads no inv


def model(s: bytes, inverse: bool) -> bytes:
    """The map under test: (Inv)MixColumns, or (MODE "PRE") P = InvMixColumns twice."""
    if param("MODE", "BOTH") == "PRE":
        return mix_columns(mix_columns(s, True), True)
    return mix_columns(s, inverse)


@cocotb.test()
async def test_reference(dut):
    """The model itself: published MixColumns columns, and the inverse undoes it."""
    cols = [("db135345", "8e4da1bc"), ("f20a225c", "9fdc589d"),
            ("01010101", "01010101"), ("c6c6c6c6", "c6c6c6c6"), ("d4d4d4d5", "d5d5d7d6")]
    for a, b in cols:
        s = bytes.fromhex(a) * 4
        assert mix_columns(s) == bytes.fromhex(b) * 4, a
        assert mix_columns(bytes.fromhex(b) * 4, True) == s, b
    rng = random.Random(6)
    for _ in range(50):
        t = bytes(rng.randrange(256) for _ in range(16))
        assert mix_columns(mix_columns(t), True) == t


def add_port(dut):
    """The value XORed into the result: `add` on aes_mix_columns, `in_add` on the wrapper."""
    return dut.in_add if top_name(dut) == "tb_datapath_all" else dut.add


@cocotb.test()
async def test_states(dut):
    """Labelled, all single-bit (the whole linear map) and random states, both inv values,
    with add = 0 (MixColumns alone) and then with random add values (the result is
    MixColumns ^ add: the round key's XOR folded into the trees)."""
    rng = random.Random(seed(7))
    vecs = state_vectors(rng, 300)
    add_port(dut).value = 0
    n = await check_state_map(dut, instances(dut), model, vecs, rng)
    for start in range(0, len(vecs), 25):
        add = rng.getrandbits(128)
        add_port(dut).value = add
        ref = (lambda a: lambda s, inverse: bytes(x ^ y for x, y in zip(model(s, inverse),
                                                                           to_bytes(a))))(add)
        n += await check_state_map(dut, instances(dut), ref, vecs[start:start + 25], rng)
    dut._log.info("%d checks", n)

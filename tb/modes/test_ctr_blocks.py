# SPDX-License-Identifier: Apache-2.0
"""aes_ctr_blocks against OpenSSL's AES-CTR.

OpenSSL's CTR keystream is the encryption of its counter blocks, so ECB-decrypting the
keystream (CTR applied to zeros) under the same key gives the counter blocks back. Lane j
of `blocks` must be counter block j of OpenSSL's run from that IV and `next` block LANES,
for random IVs and for IVs at the 2^128 wrap (and carries across byte boundaries).
"""
import random

import cocotb
from cocotb.triggers import Timer
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw.sim import param

LANES = param("LANES", 1)


def openssl_counters(iv: bytes, n: int, key: bytes) -> list[bytes]:
    stream = Cipher(algorithms.AES(key), modes.CTR(iv)).encryptor().update(bytes(16 * n))
    blocks = Cipher(algorithms.AES(key), modes.ECB()).decryptor().update(stream)
    return [blocks[16 * i:16 * i + 16] for i in range(n)]


@cocotb.test()
async def test_counter_blocks(dut):
    rng = random.Random(LANES)
    key = rng.randbytes(16)
    edges = [b"\xff" * 16, b"\xff" * 15 + b"\xfe", b"\xff" * 15 + b"\xfd", bytes(16),
             bytes(15) + b"\xff", bytes(8) + b"\xff" * 8, b"\x00" + b"\xff" * 15]
    # the carry stops at each bit in turn: every length of the run of 1s from bit 0 (random
    # above it), and all 1s but one 0 (no bit above the 0 may flip), each also with the low
    # byte just below its wrap so that lane offsets carry too
    for t in range(128):
        for v in ((rng.getrandbits(128) & ~((2 << t) - 1)) | ((1 << t) - 1), ((1 << 128) - 1) ^ (1 << t)):
            edges.append(v.to_bytes(16, "big"))
            edges.append((v | 0xFF).to_bytes(16, "big")[:15] + bytes([0xFF - rng.randrange(LANES + 1)]))
    for iv in edges + [rng.randbytes(16) for _ in range(300)]:
        dut.counter.value = int.from_bytes(iv, "little")        # IV byte i in bits [8i+7:8i]
        await Timer(1, "ns")
        exp = openssl_counters(iv, LANES + 1, key)
        got = int(dut.blocks.value).to_bytes(16 * LANES, "little")
        for j in range(LANES):
            assert got[16 * j:16 * j + 16] == exp[j], f"IV {iv.hex()} lane {j}: {got[16*j:16*j+16].hex()}"
        assert int(dut.next.value).to_bytes(16, "little") == exp[LANES], f"IV {iv.hex()}: next"

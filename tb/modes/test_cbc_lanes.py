# SPDX-License-Identifier: Apache-2.0
"""aes_cbc_lanes against OpenSSL's AES-CBC.

Decrypt: OpenSSL's CBC plaintext of lane j XOR the ECB decryption of its ciphertext is the
value the module must give lane j (the previous ciphertext, the chain value for lane 0);
`dec_next` must be the IV with which OpenSSL continues (decrypting the next beat from it
equals the same decryptor's continuation). Encrypt: OpenSSL's CBC encryption of the issued
lane from IV = chain, ECB-decrypted, is the core input the module must give on lane 0.
"""
import random

import cocotb
from cocotb.triggers import Timer
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw.sim import param

LANES = param("LANES", 1)


def aes(key, mode):
    return Cipher(algorithms.AES(key), mode)


def lanes_of(value: int) -> list[bytes]:
    raw = value.to_bytes(16 * LANES, "little")
    return [raw[16 * j:16 * j + 16] for j in range(LANES)]


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


@cocotb.test()
async def test_chaining(dut):
    rng = random.Random(10 + LANES)
    for _ in range(200):
        key, chain, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16 * LANES)
        lane = rng.randrange(LANES)
        dut.data.value = int.from_bytes(data, "little")
        dut.chain.value = int.from_bytes(chain, "little")
        dut.lane.value = lane
        await Timer(1, "ns")
        # decrypt side
        dec = aes(key, modes.CBC(chain)).decryptor()
        plain = dec.update(data)
        raw = aes(key, modes.ECB()).decryptor().update(data)
        exp_xor = [xor(plain[16 * j:16 * j + 16], raw[16 * j:16 * j + 16]) for j in range(LANES)]
        assert lanes_of(int(dut.dec_xor.value)) == exp_xor
        nxt = int(dut.dec_next.value).to_bytes(16, "little")
        more = rng.randbytes(32)
        assert aes(key, modes.CBC(nxt)).decryptor().update(more) == dec.update(more), "dec_next"
        # encrypt side
        ct = aes(key, modes.CBC(chain)).encryptor().update(data[16 * lane:16 * lane + 16])
        core_in = aes(key, modes.ECB()).decryptor().update(ct)
        assert lanes_of(int(dut.enc_block.value)) == [core_in] + [bytes(16)] * (LANES - 1)

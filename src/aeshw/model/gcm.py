# SPDX-License-Identifier: Apache-2.0
"""GCM reference model from the NIST SP 800-38D text (GHASH, GCTR, GCM-AE/AD).

Built on AES-ECB from `cryptography` (OpenSSL) and the spec's own field
arithmetic, so tb/gcm/test_py_gcm_model.py can check it against OpenSSL's
AES-GCM. Blocks are 16-byte strings as they appear in memory; a block's bit
x0 (the coefficient of x^0) is the most significant bit of byte 0. The RTL
vector of a block is int.from_bytes(b, "little") (byte i at bits [8i+7:8i]).
"""
from __future__ import annotations

from .aes import ecb_encrypt

R = 0xE1 << 120          # x^128 = x^7 + x^2 + x + 1, in the spec's bit order
ONE = bytes([0x80]) + bytes(15)   # the field element 1 (only x0 set)


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def gf128_mul(a: bytes, b: bytes) -> bytes:
    """X . Y in GF(2^128), SP 800-38D 6.3 Algorithm 1 (right-shift form)."""
    assert len(a) == 16 and len(b) == 16
    x = int.from_bytes(a, "big")     # x0 is bit 127 of this integer
    v = int.from_bytes(b, "big")
    z = 0
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z.to_bytes(16, "big")


def gf128_pow(h: bytes, n: int) -> bytes:
    """h^n (n >= 0; h^0 = ONE)."""
    out = ONE
    for _ in range(n):
        out = gf128_mul(out, h)
    return out


def ghash(h: bytes, data: bytes, state: bytes = bytes(16)) -> bytes:
    """GHASH_H(data), SP 800-38D 6.4 (len(data) a multiple of 16), continuing
    from `state` (Y_0 = 0 by default): Y_i = (Y_(i-1) xor X_i) . H."""
    assert len(data) % 16 == 0, "GHASH input must be whole blocks"
    y = state
    for i in range(0, len(data), 16):
        y = gf128_mul(_xor(y, data[i:i + 16]), h)
    return y


def _pad16(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def ghash_input(aad: bytes, ct: bytes) -> bytes:
    """The GHASH input of GCM: A || 0^v || C || 0^u || [len(A)]64 || [len(C)]64."""
    lens = (8 * len(aad)).to_bytes(8, "big") + (8 * len(ct)).to_bytes(8, "big")
    return _pad16(aad) + _pad16(ct) + lens


def hash_key(key: bytes) -> bytes:
    """H = CIPH_K(0^128)."""
    return ecb_encrypt(key, bytes(16))


def j0_block(h: bytes, iv: bytes) -> bytes:
    """Pre-counter block J0 (SP 800-38D 7.1 step 2)."""
    assert len(iv) >= 1
    if len(iv) == 12:
        return iv + b"\x00\x00\x00\x01"
    return ghash(h, _pad16(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big"))


def inc32(block: bytes) -> bytes:
    """Increment the last 32 bits (big-endian) modulo 2^32."""
    ctr = (int.from_bytes(block[12:], "big") + 1) & 0xFFFFFFFF
    return block[:12] + ctr.to_bytes(4, "big")


def gctr(key: bytes, icb: bytes, data: bytes) -> bytes:
    """GCTR_K(ICB, data), SP 800-38D 6.5 (any length; the last block partial)."""
    n = -(-len(data) // 16)
    cbs, cb = [], icb
    for _ in range(n):
        cbs.append(cb)
        cb = inc32(cb)
    ks = ecb_encrypt(key, b"".join(cbs)) if n else b""
    return _xor(data, ks[:len(data)])


def gcm_encrypt(key: bytes, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16):
    """GCM-AE_K(IV, P, A) -> (C, T), SP 800-38D 7.1; any IV length >= 1 byte."""
    assert 1 <= tag_len <= 16
    h = hash_key(key)
    j0 = j0_block(h, iv)
    ct = gctr(key, inc32(j0), pt)
    s = ghash(h, ghash_input(aad, ct))
    tag = gctr(key, j0, s)[:tag_len]
    return ct, tag


def gcm_decrypt(key: bytes, iv: bytes, aad: bytes, ct: bytes, tag: bytes) -> bytes | None:
    """GCM-AD_K(IV, C, A, T) -> P, or None when the tag does not match (7.2)."""
    h = hash_key(key)
    j0 = j0_block(h, iv)
    s = ghash(h, ghash_input(aad, ct))
    if gctr(key, j0, s)[:len(tag)] != tag:
        return None
    return gctr(key, inc32(j0), ct)

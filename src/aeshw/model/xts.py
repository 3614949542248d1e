# SPDX-License-Identifier: Apache-2.0
"""XTS-AES (IEEE Std 1619, NIST SP 800-38E) with ciphertext stealing, and its oracle.

`oracle` is OpenSSL's XTS (the `cryptography` package) where it exists: XTS-AES-128 and
XTS-AES-256. OpenSSL has no XTS with AES-192 halves, so for those `oracle` uses `crypt`, this
model written from the standard on top of OpenSSL's AES block (ECB); the tests tie `crypt` to
OpenSSL's XTS and to the NIST vectors for 128/256, so it cannot drift.

Conventions (IEEE 1619): the tweak and the data-unit number are 16-byte little-endian numbers
(byte 0 least significant); the tweak of block j is E(key 2, i) * alpha^j in GF(2^128).
"""
from __future__ import annotations

from .aes import ecb_decrypt, ecb_encrypt, to_bytes, to_int

MASK128 = (1 << 128) - 1


def mul_alpha(t: int) -> int:
    """t * alpha in GF(2^128) mod x^128 + x^7 + x^2 + x + 1 (IEEE 1619's bit order)."""
    return ((t << 1) & MASK128) ^ (0x87 if t >> 127 else 0)


def next_tweak(tweak: bytes) -> bytes:
    """The next data unit's number: tweak + 1 as a little-endian 128-bit number."""
    return to_bytes((to_int(tweak) + 1) & MASK128)


def split_key(key: bytes) -> tuple[bytes, bytes]:
    """(key 1, key 2) of a double-length XTS key (32, 48 or 64 bytes)."""
    if len(key) not in (32, 48, 64):
        raise ValueError(f"an XTS key is 32, 48 or 64 bytes (two AES keys), not {len(key)}")
    return key[:len(key) // 2], key[len(key) // 2:]


def _block(key1: bytes, x: bytes, t: int, decrypt: bool) -> bytes:
    tb = to_bytes(t)
    xx = bytes(a ^ b for a, b in zip(x, tb))
    y = ecb_decrypt(key1, xx) if decrypt else ecb_encrypt(key1, xx)
    return bytes(a ^ b for a, b in zip(y, tb))


def crypt(key: bytes, tweak: bytes, data: bytes, decrypt: bool = False) -> bytes:
    """One data unit (>= 16 bytes, any length) through XTS, with ciphertext stealing."""
    if len(data) < 16:
        raise ValueError(f"an XTS data unit is at least 16 bytes, not {len(data)}")
    key1, key2 = split_key(key)
    t = to_int(ecb_encrypt(key2, tweak))
    m, b = divmod(len(data), 16)
    full = m - 1 if b else m              # blocks before a stolen pair
    out = bytearray()
    for j in range(full):
        out += _block(key1, data[16 * j:16 * j + 16], t, decrypt)
        t = mul_alpha(t)
    if b:
        t_next = mul_alpha(t)
        ta, tb = (t_next, t) if decrypt else (t, t_next)
        r = _block(key1, data[16 * full:16 * full + 16], ta, decrypt)
        tail = data[16 * full + 16:]
        out += _block(key1, tail + r[b:], tb, decrypt) + r[:b]
    return bytes(out)


def oracle(key: bytes, tweak: bytes, data: bytes, decrypt: bool = False) -> bytes:
    """OpenSSL's XTS for 128/256-bit halves, `crypt` (on OpenSSL's AES) for 192."""
    if len(key) == 48:
        return crypt(key, tweak, data, decrypt)
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    c = Cipher(algorithms.AES(key), modes.XTS(tweak))
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


def units(data: bytes, unit: int | None) -> list[bytes]:
    """The data units of a stream: the whole input, or pieces of `unit` bytes (the last may be
    shorter)."""
    if not unit:
        return [data]
    return [data[i:i + unit] for i in range(0, len(data), unit)]


def stream(key: bytes, tweak: bytes, data: bytes, unit: int | None, decrypt: bool = False) -> bytes:
    """A stream of data units whose tweaks count up from `tweak` (OpenSSL's result)."""
    out = bytearray()
    for u in units(data, unit):
        out += oracle(key, tweak, u, decrypt)
        tweak = next_tweak(tweak)
    return bytes(out)

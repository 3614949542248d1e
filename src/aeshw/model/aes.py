# SPDX-License-Identifier: Apache-2.0
"""Reference models from the FIPS-197 text, and the OpenSSL oracle.

The spec model (key expansion, key windows, round functions) exists to check
building blocks whose outputs OpenSSL does not expose (round keys, single
rounds); `check_model_against_openssl` ties it to OpenSSL so it cannot drift.
Byte order everywhere: byte i of a block or key is bits [8i+7:8i] of the RTL
vector, i.e. int.from_bytes(b, "little").
"""
from __future__ import annotations

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from .gf import gf_mul, inv_sbox_table, sbox_table

NR = {16: 10, 24: 12, 32: 14}
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}


def to_int(b: bytes) -> int:
    return int.from_bytes(b, "little")


def to_bytes(v: int, n: int = 16) -> bytes:
    return v.to_bytes(n, "little")


# ---- OpenSSL oracle ----------------------------------------------------------
def ecb_encrypt(key: bytes, data: bytes) -> bytes:
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return e.update(data) + e.finalize()


def ecb_decrypt(key: bytes, data: bytes) -> bytes:
    d = Cipher(algorithms.AES(key), modes.ECB()).decryptor()
    return d.update(data) + d.finalize()


def mct_ecb(key: bytes, text: bytes, decrypt: bool, outer: int = 100, inner: int = 1000):
    """AESAVS 6.4.1 Monte Carlo test for ECB, run with OpenSSL.

    Returns [(key_i, text_i, result_i)] for each outer iteration.
    """
    f = ecb_decrypt if decrypt else ecb_encrypt
    out = []
    for _ in range(outer):
        t = text
        prev = b""
        for _ in range(inner):
            prev, t = t, f(key, t)
        out.append((key, text, t))
        key = mct_next_key(key, prev, t)
        text = t
    return out


def mct_next_key(key: bytes, prev: bytes, last: bytes) -> bytes:
    if len(key) == 16:
        tail = last
    elif len(key) == 24:
        tail = prev[8:] + last
    else:
        tail = prev + last
    return bytes(a ^ b for a, b in zip(key, tail))


# ---- FIPS-197 spec model -----------------------------------------------------
_RCON = [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36]


def expand_words(key: bytes, nwords: int) -> list[bytes]:
    """Key expansion (FIPS-197 5.2), continued to nwords words."""
    nk = len(key) // 4
    w = [key[4 * i:4 * i + 4] for i in range(nk)]
    sb = sbox_table()
    for i in range(nk, nwords):
        t = w[i - 1]
        if i % nk == 0:
            t = bytes(sb[x] for x in t[1:] + t[:1])
            t = bytes([t[0] ^ _RCON[i // nk]]) + t[1:]
        elif nk > 6 and i % nk == 4:
            t = bytes(sb[x] for x in t)
        w.append(bytes(a ^ b for a, b in zip(w[i - nk], t)))
    return w


def key_window(key: bytes, r: int) -> int:
    """Window r as the RTL holds it: words 4r..4r+Nk-1, word k at bits [32k+31:32k]."""
    nk = len(key) // 4
    w = expand_words(key, 4 * r + nk)
    return to_int(b"".join(w[4 * r:4 * r + nk]))


def round_key(key: bytes, r: int) -> bytes:
    return b"".join(expand_words(key, 4 * r + 4)[4 * r:4 * r + 4])


def sub_bytes(s: bytes, inverse=False) -> bytes:
    t = inv_sbox_table() if inverse else sbox_table()
    return bytes(t[x] for x in s)


def shift_rows(s: bytes, inverse=False) -> bytes:
    out = bytearray(16)
    for c in range(4):
        for r in range(4):
            src = (c - r) % 4 if inverse else (c + r) % 4
            out[r + 4 * c] = s[r + 4 * src]
    return bytes(out)


def mix_columns(s: bytes, inverse=False) -> bytes:
    m = (14, 11, 13, 9) if inverse else (2, 3, 1, 1)
    out = bytearray(16)
    for c in range(4):
        col = s[4 * c:4 * c + 4]
        for r in range(4):
            out[4 * c + r] = (gf_mul(m[0], col[r]) ^ gf_mul(m[1], col[(r + 1) % 4])
                              ^ gf_mul(m[2], col[(r + 2) % 4]) ^ gf_mul(m[3], col[(r + 3) % 4]))
    return bytes(out)


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def enc_round(s: bytes, rk: bytes, final: bool) -> bytes:
    s = shift_rows(sub_bytes(s))
    if not final:
        s = mix_columns(s)
    return xor(s, rk)


def dec_round(s: bytes, rk: bytes, final: bool) -> bytes:
    s = xor(sub_bytes(shift_rows(s, True), True), rk)
    return s if final else mix_columns(s, True)


def mix_bytes_in(s: bytes, mask: int) -> bytes:
    """s with the bytes whose bit is set in mask (bit i: byte i) taken from MixColumns(s)."""
    m = mix_columns(s)
    return bytes(m[i] if (mask >> i) & 1 else s[i] for i in range(16))


def dec_round_split(s: bytes, rk: bytes, final: bool, mix_in: int) -> bytes:
    """A decrypt round with InvMixColumns split across its end (RTL aes_round MIX_EARLY):
    MixColumns first on the input bytes whose bit is set in mix_in (bit i: byte i), and a round
    that is not final leaves y with InvMixColumns(y) = MixColumns(out), i.e. out = P(y), P the
    pre-multiplication (InvMixColumns = MixColumns o P, FIPS-197 5.3.3). With mix_in all ones
    on every round but the first, rounds chained give dec_round's states under MixColumns."""
    r = dec_round(mix_bytes_in(s, mix_in), rk, final)
    return r if final else mix_columns(r, True)     # MixColumns^-1 = InvMixColumns


def encrypt_block(key: bytes, pt: bytes) -> bytes:
    nr = NR[len(key)]
    s = xor(pt, round_key(key, 0))
    for r in range(1, nr + 1):
        s = enc_round(s, round_key(key, r), r == nr)
    return s


def decrypt_block(key: bytes, ct: bytes) -> bytes:
    nr = NR[len(key)]
    s = xor(ct, round_key(key, nr))
    for r in range(nr - 1, -1, -1):
        s = dec_round(s, round_key(key, r), r == 0)
    return s


def check_model_against_openssl(key: bytes, block: bytes) -> None:
    """The spec model must agree with OpenSSL before it is used as a reference."""
    assert encrypt_block(key, block) == ecb_encrypt(key, block), "spec model != OpenSSL (encrypt)"
    assert decrypt_block(key, block) == ecb_decrypt(key, block), "spec model != OpenSSL (decrypt)"

# SPDX-License-Identifier: Apache-2.0
"""src/aeshw/model/gcm.py (the GCM reference the RTL tests use) against OpenSSL via
`cryptography`, and against a sample of the NIST CAVP GCM files: random keys,
IVs of 96 bits and of other lengths, AAD and plaintext lengths around block
boundaries, truncated tags; plus the field arithmetic's algebraic identities."""
from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aeshw.model import gcm
from aeshw.model.vectors import aes_dir

rng = random.Random(38)
LENS = [0, 1, 15, 16, 17, 31, 32, 33, 48, 63, 64, 100]


def rbytes(n: int) -> bytes:
    return rng.randbytes(n)


def openssl_gcm(key, iv, aad, pt, tag_len=16):
    """OpenSSL's GCM through the hazmat layer, which accepts any IV length."""
    enc = Cipher(algorithms.AES(key), modes.GCM(iv, min_tag_length=4)).encryptor()
    enc.authenticate_additional_data(aad)
    ct = enc.update(pt) + enc.finalize()
    return ct, enc.tag[:tag_len]


@pytest.mark.parametrize("key_len", [16, 24, 32])
def test_gcm_96bit_iv_vs_aesgcm(key_len):
    for _ in range(40):
        key, iv = rbytes(key_len), rbytes(12)
        aad, pt = rbytes(rng.choice(LENS)), rbytes(rng.choice(LENS))
        ct, tag = gcm.gcm_encrypt(key, iv, aad, pt)
        assert ct + tag == AESGCM(key).encrypt(iv, pt, aad)
        assert gcm.gcm_decrypt(key, iv, aad, ct, tag) == pt
        bad = bytes([tag[0] ^ 1]) + tag[1:]
        assert gcm.gcm_decrypt(key, iv, aad, ct, bad) is None


@pytest.mark.parametrize("key_len", [16, 24, 32])
def test_gcm_other_iv_lengths_vs_openssl(key_len):
    for iv_len in [8, 11, 13, 16, 17, 32, 60, 64, 128]:   # OpenSSL via cryptography: 8..128 bytes
        for _ in range(4):
            key, iv = rbytes(key_len), rbytes(iv_len)
            aad, pt = rbytes(rng.choice(LENS)), rbytes(rng.choice(LENS))
            tag_len = rng.choice([4, 8, 12, 13, 16])
            assert gcm.gcm_encrypt(key, iv, aad, pt, tag_len) == openssl_gcm(key, iv, aad, pt, tag_len)


def test_counter_wraps_mod_2_32():
    """GCTR's inc32 wraps within the low 32 bits and leaves the high 96 alone."""
    key = rbytes(16)
    icb = rbytes(12) + b"\xff\xff\xff\xfe"
    ks = gcm.gctr(key, icb, bytes(40))
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    blocks = icb + icb[:12] + b"\xff\xff\xff\xff" + icb[:12] + bytes(4)
    assert ks == (e.update(blocks) + e.finalize())[:40]


def test_field_identities():
    h = rbytes(16)
    one = gcm.ONE
    assert gcm.gf128_mul(h, one) == h and gcm.gf128_mul(one, h) == h
    assert gcm.gf128_mul(h, bytes(16)) == bytes(16)
    for _ in range(50):
        a, b, c = rbytes(16), rbytes(16), rbytes(16)
        ab = gcm.gf128_mul(a, b)
        assert ab == gcm.gf128_mul(b, a)
        assert gcm.gf128_mul(ab, c) == gcm.gf128_mul(a, gcm.gf128_mul(b, c))
        assert gcm.gf128_mul(a, gcm._xor(b, c)) == gcm._xor(ab, gcm.gf128_mul(a, c))
    # x^127 * x = x^128 = x^7 + x^2 + x + 1 = bits x0, x1, x2, x7 -> byte 0 = 0xE1
    x127 = bytes(15) + b"\x01"
    x1 = b"\x40" + bytes(15)
    assert gcm.gf128_mul(x127, x1) == b"\xe1" + bytes(15)
    # GHASH continuation equals one-shot hashing
    data = rbytes(16 * 5)
    assert gcm.ghash(h, data[48:], gcm.ghash(h, data[:48])) == gcm.ghash(h, data)


def cavp_gcm(name: str):
    """(key, iv, pt, aad, ct, tag) from a CAVP gcmEncryptExtIV*.rsp file."""
    cur, out = {}, []
    for line in (aes_dir("GCM") / name).read_text().splitlines():
        line = line.strip()
        if "=" in line and not line.startswith("["):
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k] = v
            if k == "Tag":
                out.append(tuple(bytes.fromhex(cur[f]) for f in ("Key", "IV", "PT", "AAD", "CT", "Tag")))
                cur = {}
    return out


@pytest.mark.parametrize("name", ["gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp",
                                  "gcmEncryptExtIV256.rsp"])
def test_cavp_sample(name):
    vecs = cavp_gcm(name)
    assert len(vecs) > 1000
    ivlens = set()
    for key, iv, pt, aad, ct, tag in vecs[::23]:
        assert gcm.gcm_encrypt(key, iv, aad, pt, len(tag)) == (ct, tag)
        ivlens.add(len(iv))
    assert 12 in ivlens and len(ivlens) > 2, ivlens

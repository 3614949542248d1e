# SPDX-License-Identifier: Apache-2.0
"""aes_axis GCM framing (docs/aes_axis.md, "GCM"): build the AXI4-Stream packet of a
message and the packet the IP must return, with OpenSSL (`cryptography`) as the oracle.

Packet (whole 16-byte blocks): header (96-bit IV, tag length; or the LONG_IV flag), for
other IV lengths the J0 hash input (IV zero-padded, then [0]64 || [len(IV)]64) and skip blocks
up to a beat boundary, the GCM length block, AAD and payload each zero-padded to whole
blocks, then one tag block (the expected tag when decrypting).

The oracle is OpenSSL (`cryptography`); for IV lengths it refuses (below 8 bytes) the
SP 800-38D model in aeshw.model.gcm, which tb/gcm checks against OpenSSL and the NIST files.
"""
from __future__ import annotations

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def _pad16(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def iv_blocks(iv: bytes) -> int:
    """Blocks of the J0 hash input of a LONG_IV message (the IV padded, the length block)."""
    return -(-len(iv) // 16) + 1


def header(iv: bytes, tag_len: int = 16, lanes: int = 1) -> bytes:
    if not 4 <= tag_len <= 16:
        raise ValueError("tag length must be 4..16 bytes")
    if len(iv) == 12:
        return iv + bytes([tag_len % 16]) + bytes(3)
    if not 1 <= len(iv) <= 16 * 254:
        raise ValueError("IV must be 1..4064 bytes")
    n_iv = iv_blocks(iv)
    n_skip = -(1 + n_iv) % lanes            # the length block starts a beat
    return bytes(12) + bytes([tag_len % 16, 1, n_iv, n_skip])


def iv_section(iv: bytes, lanes: int = 1) -> bytes:
    """LONG_IV: the J0 hash input, then the skip blocks (empty for a 96-bit IV)."""
    if len(iv) == 12:
        return b""
    n_skip = header(iv, 16, lanes)[15]
    return _pad16(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big") + bytes(16 * n_skip)


def length_block(aad_len: int, data_len: int) -> bytes:
    return (8 * aad_len).to_bytes(8, "big") + (8 * data_len).to_bytes(8, "big")


def packet(iv: bytes, aad: bytes, data: bytes, tag_len: int = 16, tag: bytes = b"",
           lanes: int = 1) -> bytes:
    """The s_axis packet: for decryption `data` is the ciphertext and `tag` the expected tag.
    `lanes` matters only for IVs other than 96 bits (skip blocks up to a beat boundary)."""
    return (header(iv, tag_len, lanes) + iv_section(iv, lanes) + length_block(len(aad), len(data))
            + _pad16(aad) + _pad16(data) + (_pad16(tag) if tag else bytes(16)))


def _openssl_ok(iv: bytes) -> bool:
    return 8 <= len(iv) <= 128


def encrypt(key: bytes, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16) -> tuple[bytes, bytes]:
    """OpenSSL AES-GCM: (ciphertext, tag cut to tag_len)."""
    if not _openssl_ok(iv):
        from .gcm import gcm_encrypt
        return gcm_encrypt(key, iv, aad, pt, tag_len)
    enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    enc.authenticate_additional_data(aad)
    ct = enc.update(pt) + enc.finalize()
    return ct, enc.tag[:tag_len]


def decrypt(key: bytes, iv: bytes, aad: bytes, ct: bytes, tag: bytes) -> bytes | None:
    """OpenSSL AES-GCM decryption with a (possibly truncated) tag: plaintext, or None if
    the tag does not verify."""
    if not _openssl_ok(iv):
        from .gcm import gcm_decrypt
        return gcm_decrypt(key, iv, aad, ct, tag)
    dec = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
    dec.authenticate_additional_data(aad)
    try:
        return dec.update(ct) + dec.finalize()
    except InvalidTag:
        return None


def expected_output(key: bytes, iv: bytes, aad: bytes, data: bytes, tag_len: int = 16,
                    decrypt_tag: bytes | None = None, lanes: int = 1) -> bytes:
    """What m_axis must carry for the packet of this message.

    Encrypt (decrypt_tag None): header, length block and AAD pass through; the payload
    becomes the ciphertext (pad bytes 0); the tag block carries the tag (tag_len bytes, then 0).
    Decrypt: the payload becomes the plaintext (flagged, not withheld), and the tag block
    carries the verdict: byte 0 = 1 if the tag verifies, else 0; bytes 1..15 = 0.
    """
    sect = iv_section(iv, lanes)
    n_skip = header(iv, tag_len, lanes)[15] if len(iv) != 12 else 0
    sect = sect[:len(sect) - 16 * n_skip] + bytes(16 * n_skip)      # skip blocks come out as 0
    head = header(iv, tag_len, lanes) + sect + length_block(len(aad), len(data)) + _pad16(aad)
    if decrypt_tag is None:
        ct, tag = encrypt(key, iv, aad, data, tag_len)
        return head + _pad16(ct) + _pad16(tag)
    pt_ok = decrypt(key, iv, aad, data, decrypt_tag)
    # the plaintext is output either way: GCTR of the ciphertext (its own inverse)
    pt = pt_ok if pt_ok is not None else encrypt(key, iv, aad, data, tag_len)[0]
    return head + _pad16(pt) + bytes([1 if pt_ok is not None else 0]) + bytes(15)

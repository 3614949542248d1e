"""aes_axis GCM framing (docs/aes_axis.md, "GCM"): build the AXI4-Stream packet of a
message and the packet the IP must return, with OpenSSL (`cryptography`) as the oracle.

Packet (whole 16-byte blocks): header (IV, tag length), GCM length block, AAD and payload
each zero-padded to whole blocks, then one tag block (the expected tag when decrypting).
"""
from __future__ import annotations

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def _pad16(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def header(iv: bytes, tag_len: int = 16) -> bytes:
    if len(iv) != 12:
        raise ValueError("aes_axis GCM takes 96-bit IVs")
    if not 4 <= tag_len <= 16:
        raise ValueError("tag length must be 4..16 bytes")
    return iv + bytes([tag_len % 16]) + bytes(3)


def length_block(aad_len: int, data_len: int) -> bytes:
    return (8 * aad_len).to_bytes(8, "big") + (8 * data_len).to_bytes(8, "big")


def packet(iv: bytes, aad: bytes, data: bytes, tag_len: int = 16, tag: bytes = b"") -> bytes:
    """The s_axis packet: for decryption `data` is the ciphertext and `tag` the expected tag."""
    return (header(iv, tag_len) + length_block(len(aad), len(data)) + _pad16(aad) + _pad16(data)
            + (_pad16(tag) if tag else bytes(16)))


def encrypt(key: bytes, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16) -> tuple[bytes, bytes]:
    """OpenSSL AES-GCM: (ciphertext, tag cut to tag_len)."""
    enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    enc.authenticate_additional_data(aad)
    ct = enc.update(pt) + enc.finalize()
    return ct, enc.tag[:tag_len]


def decrypt(key: bytes, iv: bytes, aad: bytes, ct: bytes, tag: bytes) -> bytes | None:
    """OpenSSL AES-GCM decryption with a (possibly truncated) tag: plaintext, or None if
    the tag does not verify."""
    dec = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
    dec.authenticate_additional_data(aad)
    try:
        return dec.update(ct) + dec.finalize()
    except InvalidTag:
        return None


def expected_output(key: bytes, iv: bytes, aad: bytes, data: bytes, tag_len: int = 16,
                    decrypt_tag: bytes | None = None) -> bytes:
    """What m_axis must carry for the packet of this message.

    Encrypt (decrypt_tag None): header, length block and AAD pass through; the payload
    becomes the ciphertext (pad bytes 0); the tag block carries the tag (tag_len bytes, then 0).
    Decrypt: the payload becomes the plaintext (flagged, not withheld), and the tag block
    carries the verdict: byte 0 = 1 if the tag verifies, else 0; bytes 1..15 = 0.
    """
    head = header(iv, tag_len) + length_block(len(aad), len(data)) + _pad16(aad)
    if decrypt_tag is None:
        ct, tag = encrypt(key, iv, aad, data, tag_len)
        return head + _pad16(ct) + _pad16(tag)
    pt_ok = decrypt(key, iv, aad, data, decrypt_tag)
    # the plaintext is output either way: CTR of the ciphertext
    enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    keystream_pt = enc.update(data)          # GCTR is its own inverse
    pt = pt_ok if pt_ok is not None else keystream_pt
    return head + _pad16(pt) + bytes([1 if pt_ok is not None else 0]) + bytes(15)

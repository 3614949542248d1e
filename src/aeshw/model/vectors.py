# SPDX-License-Identifier: Apache-2.0
"""NIST CAVP vectors, read from the `cryptography-vectors` package at run time."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def vectors_root() -> Path:
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).resolve().parent


def aes_dir(mode: str) -> Path:
    return vectors_root() / "ciphers" / "AES" / mode.upper()


@dataclass
class Vector:
    file: str
    decrypt: bool
    count: int
    key: bytes
    plaintext: bytes
    ciphertext: bytes
    iv: bytes | None = None
    extra: dict = field(default_factory=dict)

    @property
    def key_bits(self) -> int:
        return len(self.key) * 8


def parse_rsp(path: Path) -> list[Vector]:
    """Parse a CAVP .rsp file ([ENCRYPT]/[DECRYPT] sections of KEY/IV/PT/CT)."""
    out: list[Vector] = []
    decrypt = False
    cur: dict[str, str] = {}

    def flush():
        if "KEY" in cur and "PLAINTEXT" in cur and "CIPHERTEXT" in cur:
            out.append(Vector(
                file=path.name, decrypt=decrypt, count=int(cur.get("COUNT", "0")),
                key=bytes.fromhex(cur["KEY"]), plaintext=bytes.fromhex(cur["PLAINTEXT"]),
                ciphertext=bytes.fromhex(cur["CIPHERTEXT"]),
                iv=bytes.fromhex(cur["IV"]) if "IV" in cur else None,
            ))
        cur.clear()

    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
            continue
        if line.startswith("["):
            flush()
            if line.upper() == "[ENCRYPT]":
                decrypt = False
            elif line.upper() == "[DECRYPT]":
                decrypt = True
            continue
        if "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k.upper()] = v
    flush()
    return out


def ecb_files() -> list[Path]:
    return sorted(aes_dir("ECB").glob("*.rsp"))


def ecb_vectors(key_bits: set[int] | None = None) -> dict[str, list[Vector]]:
    """All ECB vectors by file name, optionally only some key sizes."""
    res = {}
    for f in ecb_files():
        vs = parse_rsp(f)
        if key_bits is not None:
            vs = [v for v in vs if v.key_bits in key_bits]
        if vs:
            res[f.name] = vs
    assert res, "no ECB vectors found in cryptography-vectors"
    return res


@dataclass
class GcmVector:
    file: str
    count: int
    key: bytes
    iv: bytes
    aad: bytes
    pt: bytes | None          # None: a decrypt vector marked FAIL (the tag must be rejected)
    ct: bytes
    tag: bytes

    @property
    def fail(self) -> bool:
        return self.pt is None


def gcm_files() -> list[Path]:
    return sorted(aes_dir("GCM").glob("gcm*.rsp"))


def parse_gcm_rsp(path: Path) -> list[GcmVector]:
    """A CAVP GCM file (gcmEncryptExtIV*, gcmDecrypt*): Key/IV/PT/AAD/CT/Tag, FAIL."""
    out: list[GcmVector] = []
    cur: dict[str, str] = {}

    def flush():
        if "KEY" in cur and "TAG" in cur:
            out.append(GcmVector(
                file=path.name, count=int(cur.get("COUNT", "0")), key=bytes.fromhex(cur["KEY"]),
                iv=bytes.fromhex(cur["IV"]), aad=bytes.fromhex(cur.get("AAD", "")),
                pt=None if "FAIL" in cur else bytes.fromhex(cur.get("PT", "")),
                ct=bytes.fromhex(cur.get("CT", "")), tag=bytes.fromhex(cur["TAG"])))
        cur.clear()

    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("["):
            flush()
            continue
        if line.upper() == "FAIL":
            cur["FAIL"] = "1"
        elif "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k.upper()] = v
    flush()
    return out


@dataclass
class XtsVector:
    file: str            # tweak format folder / file name
    decrypt: bool
    count: int
    key: bytes           # key 1 then key 2
    tweak: bytes         # 16 bytes, little-endian number (IEEE 1619)
    pt: bytes
    ct: bytes
    bits: int            # DataUnitLen


def xts_files() -> list[Path]:
    """Both tweak formats (a 128-bit hex string, a data-unit sequence number), 128 and 256."""
    return sorted(aes_dir("XTS").glob("*/XTSGenAES*.rsp"))


def parse_xts_rsp(path: Path) -> list[XtsVector]:
    """Every vector of an XTSGen file; the tweak as 16 bytes (a sequence number becomes its
    16-byte little-endian form, as SP 800-38E's test files define it)."""
    out, decrypt, cur = [], False, {}

    def flush():
        if "Key" in cur and "PT" in cur:
            tw = (bytes.fromhex(cur["i"]) if "i" in cur
                  else int(cur["DataUnitSeqNumber"]).to_bytes(16, "little"))
            out.append(XtsVector(f"{path.parent.name}/{path.name}", decrypt, int(cur["COUNT"]),
                                 bytes.fromhex(cur["Key"]), tw, bytes.fromhex(cur["PT"]),
                                 bytes.fromhex(cur["CT"]), int(cur["DataUnitLen"])))
        cur.clear()

    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("["):
            flush()
            decrypt = line.upper() == "[DECRYPT]"
        elif not line:
            flush()
        elif "=" in line and not line.startswith("#"):
            k, v = (s.strip() for s in line.split("=", 1))
            cur[k] = v
    flush()
    return out


def xts_vectors(whole_bytes: bool = True) -> list[XtsVector]:
    """All XTS vectors (of data units that are whole bytes, unless whole_bytes is False)."""
    return [v for f in xts_files() for v in parse_xts_rsp(f) if not whole_bytes or v.bits % 8 == 0]

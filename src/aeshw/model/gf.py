# SPDX-License-Identifier: Apache-2.0
"""GF(2^8) arithmetic from the AES definition (FIPS-197 section 4), and the
composite-field (tower) isomorphism used by the rtl/lib/aes_sbox.v "COMPOSITE"
form.

Everything here is computed from the field definitions, never from tables, so
the S-box tests compare the RTL with an independent reference.
"""
from functools import lru_cache

AES_POLY = 0x11B          # x^8 + x^4 + x^3 + x + 1
GF16_POLY = 0x13          # x^4 + x + 1, the subfield of the tower
LAMBDA = 0xC              # y^2 + y + LAMBDA is irreducible over GF(2^4)


def gf_mul(a: int, b: int, poly: int = AES_POLY, bits: int = 8) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> bits:
            a ^= poly
    return r


def gf_inv(a: int) -> int:
    """Multiplicative inverse in GF(2^8) (0 maps to 0), by a^254."""
    r = 1
    for _ in range(254):
        r = gf_mul(r, a)
    return r if a else 0


def _affine(x: int) -> int:
    y = 0
    for i in range(8):
        bit = (x >> i) ^ (x >> ((i + 4) % 8)) ^ (x >> ((i + 5) % 8)) \
            ^ (x >> ((i + 6) % 8)) ^ (x >> ((i + 7) % 8)) ^ (0x63 >> i)
        y |= (bit & 1) << i
    return y


@lru_cache(maxsize=None)
def sbox_table() -> tuple:
    return tuple(_affine(gf_inv(x)) for x in range(256))


@lru_cache(maxsize=None)
def inv_sbox_table() -> tuple:
    t = [0] * 256
    for x, y in enumerate(sbox_table()):
        t[y] = x
    return tuple(t)


# ---- composite field GF((2^4)^2): element = a*y + b, a = high nibble --------
def gf16_mul(a: int, b: int) -> int:
    return gf_mul(a, b, GF16_POLY, 4)


def comp_mul(p: int, q: int) -> int:
    a, b = p >> 4, p & 15
    c, d = q >> 4, q & 15
    ac = gf16_mul(a, c)
    # (ay+b)(cy+d) = ac y^2 + (ad+bc) y + bd, y^2 = y + LAMBDA
    hi = ac ^ gf16_mul(a, d) ^ gf16_mul(b, c)
    lo = gf16_mul(ac, LAMBDA) ^ gf16_mul(b, d)
    return (hi << 4) | lo


def _mat_apply(rows, x: int) -> int:
    return sum(((bin(r & x).count("1") & 1) << i) for i, r in enumerate(rows))


def _mat_from_columns(cols):
    """cols[j] is the image of basis bit j; returns row masks."""
    return [sum(((cols[j] >> i) & 1) << j for j in range(8)) for i in range(8)]


def _mat_mul(a, b):
    """rows of a*b (apply b first)."""
    cols = [_mat_apply(a, _mat_apply(b, 1 << j)) for j in range(8)]
    return _mat_from_columns(cols)


@lru_cache(maxsize=None)
def iso_matrices():
    """Return (M, Minv): M maps the AES polynomial basis to the tower field.

    Find g in the tower field that is a root of the AES polynomial; x^i -> g^i
    is then a field isomorphism.
    """
    def comp_pow(g, n):
        r = 1
        for _ in range(n):
            r = comp_mul(r, g)
        return r

    for g in range(2, 256):
        # evaluate x^8 + x^4 + x^3 + x + 1 at g
        v = comp_pow(g, 8) ^ comp_pow(g, 4) ^ comp_pow(g, 3) ^ g ^ 1
        if v == 0:
            cols = [comp_pow(g, j) for j in range(8)]
            m = _mat_from_columns(cols)
            inv = [0] * 256
            for x in range(256):
                inv[_mat_apply(m, x)] = x
            minv = _mat_from_columns([inv[1 << j] for j in range(8)])
            return m, minv
    raise AssertionError("no root found")


def affine_rows():
    """Row masks of the S-box affine matrix A (without the 0x63 constant)."""
    return _mat_from_columns([_affine(1 << j) ^ 0x63 for j in range(8)])


def inv_affine_rows():
    a = affine_rows()
    inv = [0] * 256
    for x in range(256):
        inv[_mat_apply(a, x)] = x
    return _mat_from_columns([inv[1 << j] for j in range(8)])


def composite_constants():
    """Constants for the RTL: rows of M, A*Minv, M*Ainv, Minv and M*Ainv*0x63."""
    m, minv = iso_matrices()
    a_minv = _mat_mul(affine_rows(), minv)
    m_ainv = _mat_mul(m, inv_affine_rows())
    return {
        "M": m,
        "A_MINV": a_minv,
        "M_AINV": m_ainv,
        "MINV": minv,
        "M_AINV_63": _mat_apply(m_ainv, 0x63),
    }


def _comp_inv(x: int) -> int:
    a, b = x >> 4, x & 15
    d = gf16_mul(gf16_mul(a, a), LAMBDA) ^ gf16_mul(a, b) ^ gf16_mul(b, b)
    dinv = next((i for i in range(16) if gf16_mul(i, d) == 1), 0)
    return (gf16_mul(a, dinv) << 4) | gf16_mul(a ^ b, dinv)


def composite_sbox(x: int, inverse: bool = False) -> int:
    """Model of the RTL composite S-box datapath (for self-checking the constants)."""
    c = composite_constants()
    if not inverse:
        return _mat_apply(c["A_MINV"], _comp_inv(_mat_apply(c["M"], x))) ^ 0x63
    return _mat_apply(c["MINV"], _comp_inv(_mat_apply(c["M_AINV"], x) ^ c["M_AINV_63"]))


if __name__ == "__main__":
    c = composite_constants()
    for k, v in c.items():
        if isinstance(v, list):
            print(k, " ".join(f"8'h{r:02x}" for r in v))
        else:
            print(k, f"8'h{v:02x}")
    assert all(composite_sbox(x) == sbox_table()[x] for x in range(256))
    assert all(composite_sbox(x, True) == inv_sbox_table()[x] for x in range(256))
    print("sbox[0..3]", [hex(v) for v in sbox_table()[:4]], "composite model OK")

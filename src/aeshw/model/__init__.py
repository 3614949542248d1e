# SPDX-License-Identifier: Apache-2.0
"""What AES and its modes compute, independent of any RTL: the FIPS-197 model (aes), the
GF(2^8) tables and tower-field constants (gf), GCM and its in-band packets (gcm, gcm_packet),
the NIST CAVP vectors read from cryptography-vectors (vectors), and the cores' latency and
blocks-per-clock formulas (perf). The model's names are re-exported here:
`from aeshw.model import ecb_encrypt, NR`."""
from .aes import (  # noqa: F401
    NR, KEY_LEN_CODE, to_int, to_bytes, ecb_encrypt, ecb_decrypt, mct_ecb, mct_next_key,
    expand_words, key_window, round_key, sub_bytes, shift_rows, mix_columns, xor, enc_round,
    dec_round, mix_bytes_in, dec_round_split, encrypt_block, decrypt_block, check_model_against_openssl)

# SPDX-License-Identifier: Apache-2.0
# aes_ghash (GCM's GHASH unit) alone: used by aeshw synth --arch ghash.
# Include directory of the `include files (aes_defs.vh):
+incdir+lib
lib/aes_gf128_mul.v
lib/aes_ghash.v

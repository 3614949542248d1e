# SPDX-License-Identifier: Apache-2.0
# Unrolled pipelined core (aes_core_pipelined) and what it needs.
-f aes_lib.f
core/aes_key_prep.v
core/aes_round_unit.v
core/aes_core_pipelined.v

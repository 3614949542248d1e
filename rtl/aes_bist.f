# SPDX-License-Identifier: Apache-2.0
# aes_bist (synthesizable self-test) and everything it needs.
-f aes_lib.f
core/aes_key_prep.v
core/aes_round_unit.v
core/aes_core_folded.v
core/aes_core_pipelined.v
core/aes_core_select.v
test/aes_bist.v

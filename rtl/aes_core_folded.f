# SPDX-License-Identifier: Apache-2.0
# Iterative / folded core (aes_core_folded) and what it needs.
-f aes_lib.f
core/aes_key_prep.v
core/aes_round_unit.v
core/aes_core_folded.v

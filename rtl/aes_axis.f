# SPDX-License-Identifier: Apache-2.0
# aes_axis (AXI4-Stream / AXI4-Lite AES IP) and everything it needs: both core families.
-f aes_lib.f
core/aes_key_prep.v
core/aes_round_unit.v
core/aes_core_folded.v
core/aes_core_pipelined.v
lib/aes_gf128_mul.v
lib/aes_ghash.v
core/aes_core_select.v
modes/aes_gcm_frame.v
modes/aes_gcm_tag.v
modes/aes_ctr_blocks.v
modes/aes_cbc_lanes.v
modes/aes_xts_tweak.v
modes/aes_xts_in.v
modes/aes_xts_out.v
modes/aes_mode_engine.v
bus/aes_axis_regmap.v
bus/aes_axil_regs.v
aes_axis_unit.v
aes_axis.v

# SPDX-License-Identifier: Apache-2.0
# The datapath library: every core is a composition of these.
# Include directory of the `include files (aes_defs.vh, aes_core_ports.vh, ...):
+incdir+lib
lib/aes_table8.v
lib/aes_sbox.v
lib/aes_sub_bytes.v
lib/aes_shift_rows.v
lib/aes_mix_columns.v
lib/aes_round.v
lib/aes_round_dual.v
lib/aes_key_step.v
lib/aes_delay.v
lib/aes_level.v
lib/aes_reset_copies.v
lib/aes_clock_gate.v
lib/aes_fifo.v
lib/aes_out_stage.v
lib/aes_key_bank.v

# aes_bist (synthesizable self-test) and everything it needs.
lib/aes_sbox.v
lib/aes_sub_bytes.v
lib/aes_shift_rows.v
lib/aes_mix_columns.v
lib/aes_round.v
lib/aes_key_step.v
lib/aes_delay.v
lib/aes_fifo.v
core/aes_key_prep.v
core/aes_round_unit.v
core/aes_core_folded.v
core/aes_core_pipelined.v
modes/aes_core_select.v
test/aes_bist.v

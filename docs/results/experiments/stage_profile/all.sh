#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# all.sh LIBERTY: every measurement of README.md, in order (about two minutes; run from anywhere).
set -euo pipefail
L=$(realpath "$1"); cd "$(dirname "$0")/../../../.."
E=docs/results/experiments/stage_profile
R="rtl/lib/aes_round.v rtl/lib/aes_sub_bytes.v rtl/lib/aes_shift_rows.v rtl/lib/aes_mix_columns.v"
S="rtl/lib/aes_sbox.v rtl/lib/aes_table8.v rtl/lib/aes_delay.v"
for s in 1 2 3 4; do bash $E/run.sh "$L" comp_enc_s$s rh "chparam -set STAGES $s rh" $E/rh.v $R $S; done
for s in 1 2; do bash $E/run.sh "$L" lut_enc_s$s rh "chparam -set STAGES $s -set IMPL \"LUT\" rh" $E/rh.v $R $S; done
bash $E/run.sh "$L" comp_both_s4 rhb "" $E/rhb.v $R $S
bash $E/run.sh "$L" lut_both_s2 rhb "chparam -set STAGES 2 -set IMPL \"LUT\" rhb" $E/rhb.v $R $S
bash $E/run.sh "$L" sbox_lut_enc sbx_h "chparam -set MODE \"ENC\" sbx_h" $E/sbx_h.v $S
bash $E/run.sh "$L" sbox_lut_both sbx_h "chparam -set MODE \"BOTH\" sbx_h" $E/sbx_h.v $S
mkdir -p build/stage_profile && (cd build/stage_profile && python3 "../../$E/gen.py")
for k in A B C D E F; do bash $E/run.sh "$L" sbox9_$k h9$k "" build/stage_profile/h9$k.v build/stage_profile/t9$k.v; done

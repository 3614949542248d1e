# SPDX-License-Identifier: Apache-2.0
# aes_synth_wrap (the FPGA place-and-route harness) around either core, chosen by aes_core_select.
-f aes_core_folded.f
-f aes_core_pipelined.f
core/aes_core_select.v
synth/aes_synth_wrap.v

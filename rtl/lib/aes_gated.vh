// SPDX-License-Identifier: Apache-2.0
// aes_gated.vh: whether a build takes the gated-clock forms (aes_clock_gate), decided once.
// AES_GATED_FORM is defined where AES_CLOCK_GATE is (gate libraries: `aeshw synth --target
// asic` with a liberty that has an integrated clock gate) and FORMAL is not: the formal proofs
// read the enable forms, as a gate is an enable by its contract. FPGA targets never define
// AES_CLOCK_GATE (their flip-flops have clock enables).
// Included at the top of a file, outside its module (aes_fifo, aes_key_bank); the file
// undefines AES_GATED_FORM again at its end, so nothing else reads it.
`ifdef AES_CLOCK_GATE
`ifndef FORMAL
`define AES_GATED_FORM
`endif
`endif

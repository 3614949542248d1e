// SPDX-License-Identifier: Apache-2.0
// Abstraction for the core proofs: aes_sbox with the same ports, whose output
// is a fresh unconstrained value in every cycle ($anyseq). Everything the
// S-boxes feed (SubBytes, the key schedule's SubWord, hence the cipher state
// and round keys) becomes arbitrary data; the control logic (valid bits,
// round counters, key context, credits, FIFO, sideband) is kept exact.
// The S-box itself is proved separately (sbox_equiv, sbox_pipe).
`default_nettype none

module aes_sbox #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",
    parameter PIPE = 0,
    parameter PORTS = 1,
    parameter RAW = 0       // (aes_sbox's: the output is arbitrary either way)
) (
    input  wire                 clk,
    input  wire                 ce,
    input  wire                 inv,
    input  wire [8*PORTS-1:0]   in_byte,
    output wire [8*PORTS*((IMPL == "TTABLE") ? 2 : 1)-1:0] out_byte
);
    assign out_byte = $anyseq;
endmodule

`default_nettype wire

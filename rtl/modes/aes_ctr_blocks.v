// SPDX-License-Identifier: Apache-2.0
// aes_ctr_blocks: CTR mode's input side (NIST SP 800-38A 6.5) for a beat of LANES blocks.
//
// The counter block is the IV register's 16 bytes read as one 128-bit big-endian integer
// (byte 0 most significant), incremented by one per block and wrapping modulo 2^128, as
// OpenSSL's AES-CTR. Lane j of a beat encrypts counter + j; the next beat starts at
// counter + LANES (a partial beat consumes all LANES values). Purely combinational.
//
// Speed: an added value is below 2^8 (LANES <= 255), so each sum is an 8-bit add on the low
// byte and an increment of the other 120 bits by its carry. The increment flips bit i when
// the carry is in and every lower bit is 1: that AND-prefix is written as a Kogge-Stone tree
// (7 levels of 2-input ANDs for 120 bits). Written as `value + k`, synthesis builds a 128-bit
// Brent-Kung adder whose carry chain (about 45 gates in NanGate45, 2.8 ns) set the clock of the
// whole IP (docs/results/notes.md, issue 16).
`default_nettype none

module aes_ctr_blocks #(
    parameter LANES = 1
) (
    input  wire [127:0]         counter,   // counter block of lane 0, in register byte order
    output reg  [128*LANES-1:0] blocks,    // lane j: counter + j
    output wire [127:0]         next       // counter + LANES: lane 0 of the next beat
);
    // ---- parameter check: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (LANES < 1 || LANES > 255) begin : g_bad_param0
            ERROR_aes_ctr_blocks_LANES_must_be_1_to_255 u_stop ();
        end
    endgenerate

    function [127:0] bswap;      // register byte order <-> 128-bit big-endian integer
        input [127:0] x;
        integer b;
        begin
            for (b = 0; b < 16; b = b + 1)
                bswap[8*(15-b) +: 8] = x[8*b +: 8];
        end
    endfunction

    function [127:0] add_small;  // x + k mod 2^128, k < 2^8
        input [127:0] x;
        input [7:0]   k;
        reg   [8:0]   lo;
        reg   [119:0] ones;          // ones[i]: bits 8 .. 8+i-1 of x are all 1
        integer i, d;
        begin
            lo = {1'b0, x[7:0]} + {1'b0, k};
            ones = {x[126:8], 1'b1};
            for (d = 1; d < 120; d = d * 2)
                for (i = 119; i >= d; i = i - 1)
                    ones[i] = ones[i] & ones[i - d];
            add_small = {x[127:8] ^ (ones & {120{lo[8]}}), lo[7:0]};
        end
    endfunction

    localparam integer LANES_I = LANES;
    wire [127:0] value = bswap(counter);
    integer j;
    always @(*)
        for (j = 0; j < LANES; j = j + 1)
            blocks[128*j +: 128] = bswap(add_small(value, j[7:0]));
    assign next = bswap(add_small(value, LANES_I[7:0]));
endmodule

`default_nettype wire

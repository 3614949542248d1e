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

    // ones[i]: bits 8 .. 8+i-1 of the counter are all 1 (the carry out of the low byte reaches
    // bit 8+i). One AND-prefix serves every lane (it does not depend on the added value); its
    // 7 Kogge-Stone levels (level d: ones[i] &= ones[i-d] for i >= d) are written out with
    // constant shifts: a loop over the bits, or over d, made the Verilator model of the whole
    // IP up to 10x slower.
    wire [127:0] value = bswap(counter);
    wire [119:0] p0   = {value[126:8], 1'b1};
    wire [119:0] p1   = p0 & {p0[118:0], 1'b1};
    wire [119:0] p2   = p1 & {p1[117:0], 2'b11};
    wire [119:0] p3   = p2 & {p2[115:0], 4'hf};
    wire [119:0] p4   = p3 & {p3[111:0], 8'hff};
    wire [119:0] p5   = p4 & {p4[103:0], 16'hffff};
    wire [119:0] p6   = p5 & {p5[87:0], 32'hffff_ffff};
    wire [119:0] ones = p6 & {p6[55:0], {64{1'b1}}};

    function [127:0] add_small;  // x + k mod 2^128, k < 2^8, given the prefix of x
        input [127:0] x;
        input [119:0] x_ones;
        input [7:0]   k;
        reg   [8:0]   lo;
        begin
            lo = {1'b0, x[7:0]} + {1'b0, k};
            add_small = {x[127:8] ^ (x_ones & {120{lo[8]}}), lo[7:0]};
        end
    endfunction

    localparam integer LANES_I = LANES;
    integer j;
    always @(*)
        for (j = 0; j < LANES; j = j + 1)
            blocks[128*j +: 128] = bswap(add_small(value, ones, j[7:0]));
    assign next = bswap(add_small(value, ones, LANES_I[7:0]));
endmodule

`default_nettype wire

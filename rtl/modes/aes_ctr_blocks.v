// SPDX-License-Identifier: Apache-2.0
// aes_ctr_blocks: CTR mode's input side (NIST SP 800-38A 6.5) for a beat of LANES blocks.
//
// The counter block is the IV register's 16 bytes read as one 128-bit big-endian integer
// (byte 0 most significant), incremented by one per block and wrapping modulo 2^128, as
// OpenSSL's AES-CTR. Lane j of a beat encrypts counter + j; the next beat starts at
// counter + LANES (a partial beat consumes all LANES values). Purely combinational.
`default_nettype none

module aes_ctr_blocks #(
    parameter LANES = 1
) (
    input  wire [127:0]         counter,   // counter block of lane 0, in register byte order
    output reg  [128*LANES-1:0] blocks,    // lane j: counter + j
    output wire [127:0]         next       // counter + LANES: lane 0 of the next beat
);
    function [127:0] bswap;      // register byte order <-> 128-bit big-endian integer
        input [127:0] x;
        integer b;
        begin
            for (b = 0; b < 16; b = b + 1)
                bswap[8*(15-b) +: 8] = x[8*b +: 8];
        end
    endfunction

    localparam integer LANES_I = LANES;
    wire [127:0] value = bswap(counter);
    integer j;
    always @(*)
        for (j = 0; j < LANES; j = j + 1)
            blocks[128*j +: 128] = bswap(value + {96'h0, j[31:0]});
    assign next = bswap(value + {96'h0, LANES_I[31:0]});
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_ctr_blocks: CTR mode's counter (NIST SP 800-38A 6.5) and the counter blocks of a beat
// of LANES blocks.
//
// The counter block is the IV register's 16 bytes read as one 128-bit big-endian integer
// (byte 0 most significant), incremented by one per block and wrapping modulo 2^128, as
// OpenSSL's AES-CTR. Lane j of a beat encrypts counter + j; `step` (the beat was taken) adds
// LANES (a partial beat consumes all LANES values). `load` sets the counter (COMMIT); `clear`
// zeroes every register of this module (CLEAR, reset: nothing of the IV or counter stays).
//
// Speed: the counter is held as a low part (LOB bits) and a high part, and the high part's
// successor hi + 1 is kept in a register (`hi_inc`), recomputed in the cycle after the high
// part changes. So a step is an LOB-bit add and a 2:1 select of the high part by its carry,
// and a lane's block the same; the 120-bit increment is off the counter's loop. (Computed in
// the loop, even as a 7-level AND-prefix, it set the clock of the whole IP: docs/results/notes.md.)
// The successor is ready in time because a carry out of the low part is followed by at least
// one step without one (LOB is chosen so that 2^LOB >= 2 x LANES), and because the
// contract below leaves a cycle after a load.
//
// Contract: no `step` in the cycle after a `load`, and `blocks` are valid from the cycle after
// that on (aes_mode_engine: the COMMIT's key handshake is followed by S_DONE, in which no beat
// is taken); after `clear`, a `load` before any `step`.
`default_nettype none

module aes_ctr_blocks #(
    parameter LANES = 1
) (
    input  wire                 clk,
    input  wire                 rst_n,
    input  wire                 clear,     // zero every register
    input  wire                 load,      // counter <= value
    input  wire [127:0]         value,     // counter block, in register byte order
    input  wire                 step,      // counter += LANES
    output reg  [128*LANES-1:0] blocks     // lane j: counter + j, in register byte order
);
    // ---- parameter check: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (LANES < 1 || LANES > 255) begin : g_bad_param0
            ERROR_aes_ctr_blocks_LANES_must_be_1_to_255 u_stop ();
        end
    endgenerate

    localparam integer LOB = (LANES > 128) ? 16 : 8;   // 2^LOB >= 2 x LANES
    localparam integer HIB = 128 - LOB;
    localparam integer NB  = HIB / 8;                  // bytes of the high part
    localparam integer LANES_I = LANES;
    localparam [LOB:0] STEP = LANES_I[LOB:0];

    `include "aes_defs.vh"           // aes_bswap128: register byte order <-> big-endian number

    function [NB-2:0] byte_ones;   // bit b: byte b of x is all ones (the top byte's: not needed)
        input [HIB-1:0] x;
        integer b;
        begin
            for (b = 0; b < NB - 1; b = b + 1)
                byte_ones[b] = &x[8*b +: 8];
        end
    endfunction

    reg  [LOB-1:0] lo;         // counter bits LOB-1..0 (integer order)
    reg  [HIB-1:0] hi;         // counter bits 127..LOB
    reg  [NB-2:0]  hi_ones;    // byte_ones(hi), kept with hi
    reg  [HIB-1:0] hi_inc;     // hi + 1 (mod 2^HIB), once `stale` is 0
    reg            stale;      // hi changed at the last edge: hi_inc is recomputed now

    wire [127:0]   load_int = aes_bswap128(value);
    wire [LOB:0]   lo_next  = {1'b0, lo} + STEP;   // [LOB]: the step carries into hi

    // hi + 1 flips bit 8b+t of hi when every lower bit is 1: every byte below b (an exclusive
    // AND-prefix of the byte flags, as Kogge-Stone levels over the 14 or 15 bytes) and bits
    // 0..t-1 of byte b (the same within each byte, 3 levels with byte masks). Called only in
    // the cycle after hi changes (`stale`), so a simulator computes it that rarely (as a
    // continuous assignment it made the Verilator model of the whole IP 30 % slower).
    localparam [HIB-1:0] BIT0 = {NB{8'h01}}, BITS01 = {NB{8'h03}}, BITS03 = {NB{8'h0f}};
    function [HIB-1:0] successor;      // x + 1 mod 2^HIB, given ones = byte_ones(x)
        input [HIB-1:0] x;
        input [NB-2:0]  ones;
        reg   [NB-1:0]  b0, b1, b2, b3, below;
        reg   [HIB-1:0] q0, q1, q2, in_byte;
        integer b;
        begin
            b0    = {ones, 1'b1};
            b1    = b0 & {b0[NB-2:0], 1'b1};
            b2    = b1 & {b1[NB-3:0], 2'b11};
            b3    = b2 & {b2[NB-5:0], 4'hf};
            below = b3 & {b3[NB-9:0], 8'hff};
            q0      = {x[HIB-2:0], 1'b0} | BIT0;          // bit i-1 of the byte is 1
            q1      = q0 & ({q0[HIB-2:0], 1'b0} | BIT0);
            q2      = q1 & ({q1[HIB-3:0], 2'b0} | BITS01);
            in_byte = q2 & ({q2[HIB-5:0], 4'b0} | BITS03); // bits 0..t-1 of the byte are 1
            for (b = 0; b < NB; b = b + 1)
                successor[8*b +: 8] = x[8*b +: 8] ^ (in_byte[8*b +: 8] & {8{below[b]}});
        end
    endfunction

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            lo <= {LOB{1'b0}}; hi <= {HIB{1'b0}}; hi_ones <= {(NB-1){1'b0}};
            hi_inc <= {HIB{1'b0}}; stale <= 1'b0;
        end else begin
            stale <= 1'b0;
            if (stale) hi_inc <= successor(hi, hi_ones);
            if (load) begin
                lo      <= load_int[LOB-1:0];
                hi      <= load_int[127:LOB];
                hi_ones <= byte_ones(load_int[127:LOB]);
                stale   <= 1'b1;
            end else if (step) begin
                lo <= lo_next[LOB-1:0];
                if (lo_next[LOB]) begin
                    hi      <= hi_inc;
                    hi_ones <= byte_ones(hi_inc);
                    stale   <= 1'b1;
                end
            end
        end
    end

    // Lane j: the low part plus j, and hi or hi + 1 by its carry.
    integer j;
    reg [LOB:0] lane_lo;
    always @(*)
        for (j = 0; j < LANES; j = j + 1) begin
            lane_lo = {1'b0, lo} + j[LOB:0];
            blocks[128*j +: 128] = aes_bswap128({lane_lo[LOB] ? hi_inc : hi, lane_lo[LOB-1:0]});
        end

`ifdef FORMAL
    // The successor is fresh whenever a step carries (the contract, and 2^LOB >= 2 x LANES).
    always @* if (rst_n && !clear) assert (!(step && !load && lo_next[LOB] && stale));
`endif
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_mix_columns: MixColumns / InvMixColumns (FIPS-197 5.1.3, 5.3.3).
// InvMixColumns is computed as MixColumns after a cheap pre-multiplication
// by {04}x^2 + {05} (the circulant {0e,0b,0d,09} = {02,03,01,01} x {05,00,04,00}),
// so the "BOTH" form shares the whole MixColumns network between directions.
//
// Written a column (32 bits, row r in byte r) at a time: xtime of four bytes is
// one masked shift, and "byte r+k of the column" is a byte rotation. The gates
// are exactly those of the byte-wise form (same XOR terms, same order); the
// word form only lets a simulator evaluate a column in a few word operations.
// INV_NET = 1 (MODE "DEC" or "BOTH"): InvMixColumns as a network of its own instead: each
// output bit one XOR of the 11 to 19 input bits its row of the FIPS-197 matrix names, and
// its add bit (a balanced tree, five levels), beside the MixColumns network, and (BOTH) a
// multiplexer on the two results. Shallower than the shared form (pre-multiplication, then
// MixColumns: about nine levels from in_state) and larger: 440 XORs a column against 152
// (NanGate45, one round of two stages, LUT, BOTH, alone: its decrypt piece 0.707 -> 0.648 ns,
// +1,391 um^2; docs/results/notes.md). aes_round uses it in its rounds of two or more stages.
// INV_W = 4 (MODE "BOTH"): a direction bit per column, for a caller that keeps a copy
// of its direction register per column (aes_round), so that no one bit drives the
// whole state's direction logic.
// add is XORed into the result (out = (Inv)MixColumns(in) ^ add), inside the XOR trees
// (below), so that MixColumns and AddRoundKey together are three XOR levels.
`default_nettype none

module aes_mix_columns #(
    parameter MODE  = "BOTH",   // "ENC", "DEC" or "BOTH" (runtime inv)
    parameter INV_W = 1,        // 1: one inv for the state; 4: inv[c] for column c
    parameter INV_NET = 0       // 1: InvMixColumns as a network of its own (above)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [INV_W-1:0] inv,    // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] in_state,
    input  wire [127:0] add,
    output wire [127:0] out_state
);
    // ---- parameter check: an out-of-range value stops elaboration with a missing module
    // whose name says which parameter and its range.
    generate
        if (INV_W != 1 && INV_W != 4) begin : g_bad_param0
            ERROR_aes_mix_columns_INV_W_must_be_1_or_4 u_stop ();
        end
        if (INV_NET != 0 && INV_NET != 1) begin : g_bad_param1
            ERROR_aes_mix_columns_INV_NET_must_be_0_or_1 u_stop ();
        end
    endgenerate

    // Multiply each of the four bytes of w by {02}.
    function [31:0] xtime4;
        input [31:0] w;
        reg   [31:0] hi;    // bit 0 of byte r = bit 7 of byte r of w
        begin
            hi     = (w >> 7) & 32'h01010101;
            xtime4 = ((w << 1) & 32'hfefefefe) ^ hi ^ (hi << 1) ^ (hi << 3) ^ (hi << 4);
        end
    endfunction

    // Byte r of rot(w, nb) is byte (r + nb) mod 4 of w.
    function [31:0] rot;
        input [31:0] w;
        input integer nb;
        rot = (nb == 1) ? {w[7:0],  w[31:8]}  :
              (nb == 2) ? {w[15:0], w[31:16]} : {w[23:0], w[31:24]};
    endfunction

    // gmul: GF(2^8) product of a and a constant, for the rows below (aes_gf8.vh reads
    // aes_tower.vh's mat8)
    `include "aes_tower.vh"
    `include "aes_gf8.vh"

    // The input bits of a column that output bit ob (row ob/8, bit ob%8) of InvMixColumns
    // reads: output row r is {0e, 0b, 0d, 09} times input rows r, r+1, r+2, r+3.
    function [31:0] imc_row;
        input integer ob;
        integer im_s, im_i;
        reg [7:0] im_c, im_p;
        begin
            imc_row = 32'h0;
            for (im_s = 0; im_s < 4; im_s = im_s + 1) begin
                im_c = ((im_s - ob / 8 + 4) % 4 == 0) ? 8'h0e : ((im_s - ob / 8 + 4) % 4 == 1) ? 8'h0b :
                       ((im_s - ob / 8 + 4) % 4 == 2) ? 8'h0d : 8'h09;
                for (im_i = 0; im_i < 8; im_i = im_i + 1) begin
                    im_p = gmul(8'h01 << im_i, im_c);
                    imc_row[8*im_s + im_i] = im_p[ob % 8];
                end
            end
        end
    endfunction

`ifdef AES_LUT_FABRIC
`define AES_MIX_SHAPE
`else
`define AES_MIX_SHAPE (* keep *)
`endif
    genvar c, o;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            wire dec_now = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv[c % INV_W];
            wire [31:0] a = in_state[32*c +: 32];
            // Pre-multiplication for the inverse, zero in the forward direction (and with
            // INV_NET, where the inverse has a network of its own):
            // byte r gains xtime(xtime(a_r ^ a_{r+2})).
            wire [31:0] uv = (dec_now && INV_NET == 0) ? xtime4(xtime4(a ^ rot(a, 2))) : 32'h0;
            wire [31:0] b  = a ^ uv;
            // byte r: 2*b_r ^ 3*b_{r+1} ^ b_{r+2} ^ b_{r+3} ^ add_r
            //       = xtime(u_r) ^ u_{r+2} ^ w_r,  u_r = b_r ^ b_{r+1},  w_r = b_{r+1} ^ add_r:
            // two XOR levels behind u and w (three with xtime's reduction bits), each input
            // bit read by three gates. u and w are kept (`keep`) so that a gate mapper does not
            // trade this shape for shared terms that make some bits a level deeper. LUT fabrics
            // (FPGA targets define AES_LUT_FABRIC) keep nothing: there the mapper packs each
            // output bit's XORs into LUTs, and a kept u and w cost two LUTs more per bit
            // (UltraScale+, one lane, one stage a round: 2,560 of 9,930 LUT were u and w).
            `AES_MIX_SHAPE wire [31:0] u = b ^ rot(b, 1);
            `AES_MIX_SHAPE wire [31:0] w = rot(b, 1) ^ add[32*c +: 32];
            wire [31:0] fwd = xtime4(u) ^ (rot(u, 2) ^ w);
            if (INV_NET && MODE != "ENC") begin : g_inv_net
                wire [31:0] bwd;
                for (o = 0; o < 32; o = o + 1) begin : g_bit
                    localparam [31:0] ROW = imc_row(o);
                    assign bwd[o] = ^{a & ROW, add[32*c + o]};
                end
                assign out_state[32*c +: 32] = dec_now ? bwd : fwd;
            end else begin : g_shared
                assign out_state[32*c +: 32] = fwd;
            end
        end
    endgenerate
`undef AES_MIX_SHAPE
endmodule

`default_nettype wire

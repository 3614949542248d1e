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
// INV_W = 4 (MODE "BOTH"): a direction bit per column, for a caller that keeps a copy
// of its direction register per column (aes_round), so that no one bit drives the
// whole state's direction logic.
// add is XORed into the result (out = (Inv)MixColumns(in) ^ add), inside the XOR trees
// (below), so that MixColumns and AddRoundKey together are three XOR levels.
// MODE "PRE": the pre-multiplication alone (out = P(in) ^ add, InvMixColumns = MixColumns o P),
// for a round that splits InvMixColumns across a register (aes_round MIX_EARLY).
`default_nettype none

module aes_mix_columns #(
    parameter MODE  = "BOTH",   // "ENC", "DEC", "BOTH" (runtime inv) or "PRE" (above)
    parameter INV_W = 1         // 1: one inv for the state; 4: inv[c] for column c
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

`ifdef AES_LUT_FABRIC
`define AES_MIX_SHAPE
`else
`define AES_MIX_SHAPE (* keep *)
`endif
    genvar c;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            wire dec_now = (MODE == "DEC" || MODE == "PRE") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv[c % INV_W];
            wire [31:0] a = in_state[32*c +: 32];
            // Pre-multiplication for the inverse, zero in the forward direction:
            // byte r gains xtime(xtime(a_r ^ a_{r+2})).
            wire [31:0] uv = dec_now ? xtime4(xtime4(a ^ rot(a, 2))) : 32'h0;
            wire [31:0] b  = a ^ uv;
            // byte r: 2*b_r ^ 3*b_{r+1} ^ b_{r+2} ^ b_{r+3} ^ add_r
            //       = xtime(u_r) ^ u_{r+2} ^ w_r,  u_r = b_r ^ b_{r+1},  w_r = b_{r+1} ^ add_r:
            // two XOR levels behind u and w (three with xtime's reduction bits), each input
            // bit read by three gates. u and w are kept (`keep`) so that a gate mapper does not
            // trade this shape for shared terms that make some bits a level deeper. LUT fabrics
            // (FPGA targets define AES_LUT_FABRIC) keep nothing: there the mapper packs each
            // output bit's XORs into LUTs, and a kept u and w cost two LUTs more per bit
            // (UltraScale+, one lane, one stage a round: 2,560 of 9,930 LUT were u and w).
            /* verilator lint_off UNUSEDSIGNAL */   // MODE "PRE" reads neither (b is its result)
            `AES_MIX_SHAPE wire [31:0] u = b ^ rot(b, 1);
            `AES_MIX_SHAPE wire [31:0] w = rot(b, 1) ^ add[32*c +: 32];
            /* verilator lint_on UNUSEDSIGNAL */
            if (MODE == "PRE") begin : g_pre
                assign out_state[32*c +: 32] = b ^ add[32*c +: 32];
            end else begin : g_mix
                assign out_state[32*c +: 32] = xtime4(u) ^ (rot(u, 2) ^ w);
            end
        end
    endgenerate
`undef AES_MIX_SHAPE
endmodule

`default_nettype wire

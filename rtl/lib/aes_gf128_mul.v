// SPDX-License-Identifier: Apache-2.0
// aes_gf128_mul: multiply-accumulate in GF(2^128) as GCM defines it
// (NIST SP 800-38D 6.3), p = a * b xor c, modulo x^128 + x^7 + x^2 + x + 1,
// where bit x0 of a block (the coefficient of x^0) is the most significant bit
// of byte 0. Blocks use the project byte order (byte i at bits [8i+7:8i]).
//
// REG = 0: combinational, p = a * b ^ c (clk, rst_n and en are not used).
// REG = 1: registered, p <= a * b ^ c at a rising edge with en high; rst_n low
//          (synchronous, overrides en) zeroizes p. The product is computed only
//          inside the enabled branch, so a simulator evaluates it only on the
//          edges that take it; the hardware is the same as a combinational
//          product feeding an enabled register.
//
// Structure (SP 800-38D Algorithm 1, with the sum as a balanced tree):
//   V_0 = b, V_(i+1) = V_i * x, i.e. V_i = b * x^i mod P: a right shift in the
//   standard bit order with the x^128 = x^7 + x^2 + x + 1 fold applied to V,
//   before any AND (each V_i bit is the XOR of a few b bits);
//   p = XOR_i a_i & V_i over i = 0..127, a balanced tree: groups of eight
//   terms (3 levels), then the 16 group sums (4 levels).
// So a path is: V fold (a few XORs on b) -> AND -> 7 XOR levels -> ^ c. The
// 64-bit halves and the mask-AND (not if/else) form are for simulation speed
// only: a simulator evaluates them as word operations without branches.
`default_nettype none

module aes_gf128_mul #(
    parameter REG = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */   // the registered form's (REG = 1) only
    input  wire         clk,
    input  wire         rst_n,
    input  wire         en,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] a,
    input  wire [127:0] b,
    input  wire [127:0] c,
    output reg  [127:0] p
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (REG < 0 || REG > 1) begin : g_bad_param0
            ERROR_aes_gf128_mul_REG_must_be_0_or_1 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    localparam [63:0] R_HI = 64'he100000000000000;   // x^0, x^1, x^2, x^7 in the high half

    // project byte order <-> standard order (x^0 = bit 127): reverse the bytes (wiring)
    `include "aes_defs.vh"           // aes_bswap128

    // a * b, both in standard order; each 128-bit value as two 64-bit halves
    function automatic [127:0] mul_std;
        input [127:0] x;
        input [127:0] y;
        reg   [63:0]  vh, vl, m;
        reg   [63:0]  h0, h1, h2, h3, h4, h5, h6, h7, l0, l1, l2, l3, l4, l5, l6, l7;
        reg   [63:0]  gh, gl, ph0, pl0, ph1, pl1, ph2, pl2, rh, rl;
        integer grp, s;
        begin
            {vh, vl} = y;
            {ph0, pl0, ph1, pl1, ph2, pl2, rh, rl} = {512{1'b0}};
            for (grp = 0; grp < 16; grp = grp + 1) begin
                for (s = 0; s < 8; s = s + 1) begin
                    m = {64{x[127 - 8*grp - s]}};   // coefficient of x^(8grp+s) of x
                    case (s)
                        0: begin h0 = vh & m; l0 = vl & m; end
                        1: begin h1 = vh & m; l1 = vl & m; end
                        2: begin h2 = vh & m; l2 = vl & m; end
                        3: begin h3 = vh & m; l3 = vl & m; end
                        4: begin h4 = vh & m; l4 = vl & m; end
                        5: begin h5 = vh & m; l5 = vl & m; end
                        6: begin h6 = vh & m; l6 = vl & m; end
                        default: begin h7 = vh & m; l7 = vl & m; end
                    endcase
                    m  = {64{vl[0]}};                // V * x: shift, fold x^128
                    vl = {vh[0], vl[63:1]};
                    vh = {1'b0, vh[63:1]} ^ (R_HI & m);
                end
                gh = ((h0 ^ h1) ^ (h2 ^ h3)) ^ ((h4 ^ h5) ^ (h6 ^ h7));
                gl = ((l0 ^ l1) ^ (l2 ^ l3)) ^ ((l4 ^ l5) ^ (l6 ^ l7));
                // the 16 group sums as a balanced tree (a binary counter of subtrees)
                if (grp % 2 == 0) begin
                    ph0 = gh; pl0 = gl;
                end else if (grp % 4 == 1) begin
                    ph1 = ph0 ^ gh; pl1 = pl0 ^ gl;
                end else if (grp % 8 == 3) begin
                    ph2 = ph1 ^ (ph0 ^ gh); pl2 = pl1 ^ (pl0 ^ gl);
                end else begin                         // groups 7 and 15: 8 groups done
                    rh = rh ^ (ph2 ^ (ph1 ^ (ph0 ^ gh)));
                    rl = rl ^ (pl2 ^ (pl1 ^ (pl0 ^ gl)));
                end
            end
            mul_std = {rh, rl};
        end
    endfunction

    generate
        if (REG != 0) begin : g_reg
            always @(posedge clk)
                if (!rst_n)  p <= {128{1'b0}};
                else if (en) p <= aes_bswap128(mul_std(aes_bswap128(a), aes_bswap128(b))) ^ c;
        end else begin : g_comb
            always @(*) p = aes_bswap128(mul_std(aes_bswap128(a), aes_bswap128(b))) ^ c;
        end
    endgenerate
endmodule

`default_nettype wire

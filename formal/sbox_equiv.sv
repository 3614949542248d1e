// SPDX-License-Identifier: Apache-2.0
// S-box equivalence miter (formal/README.md, job sbox_equiv).
// Every S-box configuration gets the same free byte x (and inv); the asserts
// say that the tower-field circuit equals the table, forward and inverse, that
// MODE "BOTH" with inv = 0/1 equals "ENC"/"DEC" for both circuits, and that the
// inverse S-box undoes the forward one. Purely combinational (PIPE = 0), so a
// depth-1 proof covers all 2^8 (x 2 for inv) inputs.
`default_nettype none

module sbox_equiv (
    input wire [7:0] x,
    input wire       inv
);
    wire [7:0] lut_enc, lut_dec, lut_both, cmp_enc, cmp_dec, cmp_both;
    wire [7:0] lut_dec_of_enc, cmp_enc_of_dec;

    aes_sbox #(.IMPL("LUT"),       .MODE("ENC"),  .PIPE(0)) u_lut_enc  (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(x), .out_byte(lut_enc));
    aes_sbox #(.IMPL("LUT"),       .MODE("DEC"),  .PIPE(0)) u_lut_dec  (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(x), .out_byte(lut_dec));
    aes_sbox #(.IMPL("LUT"),       .MODE("BOTH"), .PIPE(0)) u_lut_both (.clk(1'b0), .ce(1'b0), .inv(inv),  .in_byte(x), .out_byte(lut_both));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("ENC"),  .PIPE(0)) u_cmp_enc  (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(x), .out_byte(cmp_enc));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("DEC"),  .PIPE(0)) u_cmp_dec  (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(x), .out_byte(cmp_dec));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(0)) u_cmp_both (.clk(1'b0), .ce(1'b0), .inv(inv),  .in_byte(x), .out_byte(cmp_both));
    // round trips: S^-1(S(x)) and S(S^-1(x)), each across the two circuits
    aes_sbox #(.IMPL("LUT"),       .MODE("DEC"),  .PIPE(0)) u_rt_lut   (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(cmp_enc), .out_byte(lut_dec_of_enc));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("ENC"),  .PIPE(0)) u_rt_cmp   (.clk(1'b0), .ce(1'b0), .inv(1'b0), .in_byte(lut_dec), .out_byte(cmp_enc_of_dec));

    always @* begin
        // LUT vs COMPOSITE, forward, inverse, and runtime-selected
        assert (cmp_enc  == lut_enc);
        assert (cmp_dec  == lut_dec);
        assert (cmp_both == lut_both);
        // BOTH with inv = 0 / 1 is ENC / DEC (each circuit)
        assert (lut_both == (inv ? lut_dec : lut_enc));
        assert (cmp_both == (inv ? cmp_dec : cmp_enc));
        // the inverse S-box is the inverse of the forward one
        assert (lut_dec_of_enc == x);
        assert (cmp_enc_of_dec == x);
        // S-box fixed-point-free property (FIPS-197 design: S(x) != x, S(x) != ~x)
        assert (lut_enc != x && lut_enc != ~x);
    end
endmodule

`default_nettype wire

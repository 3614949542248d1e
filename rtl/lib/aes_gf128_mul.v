// aes_gf128_mul: combinational multiply in GF(2^128) as GCM defines it
// (NIST SP 800-38D 6.3): modulo x^128 + x^7 + x^2 + x + 1, where bit x0 of a
// block (the coefficient of x^0) is the most significant bit of byte 0.
// Blocks use the project byte order (byte i at bits [8i+7:8i]), so the
// coefficient of x^k sits at bit 8*(k/8) + 7 - (k%8); the re-indexing below
// is wiring only.
//
// Structure: each of the 255 product coefficients is one AND/XOR reduction
// over constant part-selects (synthesis builds balanced trees from these),
// then a two-step fold of the high half by x^128 = x^7 + x^2 + x + 1.
`default_nettype none

module aes_gf128_mul (
    input  wire [127:0] a,
    input  wire [127:0] b,
    output wire [127:0] p
);
    // Simulation speed only: Verilator emits the product code once, not per instance.
    /* verilator no_inline_module */
    wire [127:0] pa;      // pa[k] = coefficient of x^k of a
    wire [127:0] pb_rev;  // pb_rev[j] = coefficient of x^(127-j) of b
    wire [127:0] pp;      // coefficients of the reduced product

    genvar k;
    generate
        for (k = 0; k < 128; k = k + 1) begin : g_index
            assign pa[k]         = a[8*(k/8) + 7 - (k%8)];
            assign pb_rev[127-k] = b[8*(k/8) + 7 - (k%8)];
            assign p[8*(k/8) + 7 - (k%8)] = pp[k];
        end
    endgenerate

    // Carry-less product c[k] = XOR_i a_i & b_(k-i). With b reversed and
    // zero-padded, the b_(k-i) for i = 0..127 are the constant slice
    // bz[254-k +: 128] (zeros where k-i is out of range).
    wire [381:0] bz = {127'b0, pb_rev, 127'b0};
    wire [254:0] c;
    generate
        for (k = 0; k < 255; k = k + 1) begin : g_coef
            assign c[k] = ^(pa & bz[254-k +: 128]);
        end
    endgenerate

    // Fold x^(128+t) -> x^t (x^7 + x^2 + x + 1): the first fold reaches
    // x^133, the second (6 bits) stays below x^13.
    wire [126:0] hi1 = c[254:128];
    wire [133:0] f1  = {6'b0, c[127:0]} ^ {7'b0, hi1} ^ {6'b0, hi1, 1'b0}
                     ^ {5'b0, hi1, 2'b0} ^ {hi1, 7'b0};
    wire [5:0]   hi2 = f1[133:128];
    assign pp = f1[127:0] ^ {122'b0, hi2} ^ {121'b0, hi2, 1'b0}
              ^ {120'b0, hi2, 2'b0} ^ {115'b0, hi2, 7'b0};
endmodule

`default_nettype wire

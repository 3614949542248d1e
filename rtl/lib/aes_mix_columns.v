// aes_mix_columns: MixColumns / InvMixColumns (FIPS-197 5.1.3, 5.3.3).
// InvMixColumns is computed as MixColumns after a cheap pre-multiplication
// by {04}x^2 + {05} (the circulant {0e,0b,0d,09} = {02,03,01,01} x {05,00,04,00}),
// so the "BOTH" form shares the whole MixColumns network between directions.
`default_nettype none

module aes_mix_columns #(
    parameter MODE = "BOTH"     // "ENC", "DEC" or "BOTH" (runtime inv)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire         inv,    // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] in_state,
    output wire [127:0] out_state
);
    function [7:0] xtime;       // multiply by {02}
        input [7:0] b;
        xtime = {b[6:0], 1'b0} ^ (8'h1b & {8{b[7]}});
    endfunction

    wire dec_now = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv;

    genvar c;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            wire [7:0] a0 = in_state[32*c +: 8];
            wire [7:0] a1 = in_state[32*c + 8 +: 8];
            wire [7:0] a2 = in_state[32*c + 16 +: 8];
            wire [7:0] a3 = in_state[32*c + 24 +: 8];
            // Pre-multiplication for the inverse; zero in the forward direction.
            wire [7:0] u = dec_now ? xtime(xtime(a0 ^ a2)) : 8'h00;
            wire [7:0] v = dec_now ? xtime(xtime(a1 ^ a3)) : 8'h00;
            wire [7:0] b0 = a0 ^ u, b1 = a1 ^ v, b2 = a2 ^ u, b3 = a3 ^ v;
            // 2*b_r ^ 3*b_{r+1} ^ b_{r+2} ^ b_{r+3}
            assign out_state[32*c      +: 8] = xtime(b0 ^ b1) ^ b1 ^ b2 ^ b3;
            assign out_state[32*c + 8  +: 8] = xtime(b1 ^ b2) ^ b2 ^ b3 ^ b0;
            assign out_state[32*c + 16 +: 8] = xtime(b2 ^ b3) ^ b3 ^ b0 ^ b1;
            assign out_state[32*c + 24 +: 8] = xtime(b3 ^ b0) ^ b0 ^ b1 ^ b2;
        end
    endgenerate
endmodule

`default_nettype wire

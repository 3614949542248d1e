// SPDX-License-Identifier: Apache-2.0
// aes_gf8.vh: GF(2^8) arithmetic of AES (FIPS-197 4.2), written once. Included inside a
// module body (`include "aes_gf8.vh"`; the include directory is rtl/lib): aes_mix_columns
// (InvMixColumns as a network of its own, INV_NET) and aes_round (InvMixColumns as
// registered multiples, DEC_MUL). Constant functions: they build matrices at elaboration.
//   gmul(a, c)        the product a * c modulo x^8 + x^4 + x^3 + x + 1
// A module and a submodule of it both include this (aes_round, aes_mix_columns); a lint
// run over several tops then reports the submodule's copy as hiding its parent's
// (VARHIDDEN). It is the same function: waived for this file only.
/* verilator lint_off VARHIDDEN */
function [7:0] gmul;
    input [7:0] gm_a;
    input [7:0] gm_k;
    integer gm_n;
    reg [7:0] gm_x;
    begin
        gmul = 8'h00;
        gm_x = gm_a;
        for (gm_n = 0; gm_n < 8; gm_n = gm_n + 1) begin
            if (gm_k[gm_n]) gmul = gmul ^ gm_x;
            gm_x = {gm_x[6:0], 1'b0} ^ (gm_x[7] ? 8'h1b : 8'h00);
        end
    end
endfunction
/* verilator lint_on VARHIDDEN */

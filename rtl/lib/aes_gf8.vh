// SPDX-License-Identifier: Apache-2.0
// aes_gf8.vh: GF(2^8) arithmetic of AES (FIPS-197 4.2), written once. Included inside a
// module body after aes_tower.vh (`include "aes_gf8.vh"`; the include directory is rtl/lib):
// aes_round (InvMixColumns as registered multiples, DEC_MUL) and aes_key_bank (InvMixColumns
// of the round keys, INV_KEYS). Constant functions: they build matrices at elaboration.
//   gmul(a, c)        the product a * c modulo x^8 + x^4 + x^3 + x + 1
// Not every includer reads IMC_PRE_ID (UNUSEDPARAM): waived for this file only.
/* verilator lint_off UNUSEDPARAM */
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

function [63:0] mul_rows;
    input [7:0]  mr_c;
    input [63:0] mr_pre;
    integer mr_i, mr_j;
    reg [7:0] mr_col;
    begin
        mul_rows = 64'h0;
        for (mr_j = 0; mr_j < 8; mr_j = mr_j + 1) begin
            mr_col = gmul(mat8(mr_pre, 8'h01 << mr_j), mr_c);
            for (mr_i = 0; mr_i < 8; mr_i = mr_i + 1)
                mul_rows[8*mr_i + mr_j] = mr_col[mr_i];
        end
    end
endfunction

localparam [63:0] IMC_PRE_ID = {8'h80, 8'h40, 8'h20, 8'h10, 8'h08, 8'h04, 8'h02, 8'h01};

function [511:0] imc_mul;
    input [127:0] mu_x;
    input [255:0] mu_rows;      // {09, 0d, 0b, 0e} * PRE: imc_rows(PRE), a localparam
    integer mu_b;
    begin
        for (mu_b = 0; mu_b < 16; mu_b = mu_b + 1) begin
            imc_mul[8*mu_b +: 8]       = mat8(mu_rows[63:0],    mu_x[8*mu_b +: 8]);
            imc_mul[128 + 8*mu_b +: 8] = mat8(mu_rows[127:64],  mu_x[8*mu_b +: 8]);
            imc_mul[256 + 8*mu_b +: 8] = mat8(mu_rows[191:128], mu_x[8*mu_b +: 8]);
            imc_mul[384 + 8*mu_b +: 8] = mat8(mu_rows[255:192], mu_x[8*mu_b +: 8]);
        end
    end
endfunction

function [255:0] imc_rows;
    input [63:0] ir_pre;
    imc_rows = {mul_rows(8'h09, ir_pre), mul_rows(8'h0d, ir_pre), mul_rows(8'h0b, ir_pre),
                mul_rows(8'h0e, ir_pre)};
endfunction

function [127:0] imc_join;
    input [511:0] mj_m;
    integer mj_c, mj_r;
    begin
        for (mj_c = 0; mj_c < 4; mj_c = mj_c + 1)
            for (mj_r = 0; mj_r < 4; mj_r = mj_r + 1)
                imc_join[32*mj_c + 8*mj_r +: 8] = mj_m[32*mj_c + 8*mj_r +: 8] ^
                    mj_m[128 + 32*mj_c + 8*((mj_r + 1) % 4) +: 8] ^
                    mj_m[256 + 32*mj_c + 8*((mj_r + 2) % 4) +: 8] ^
                    mj_m[384 + 32*mj_c + 8*((mj_r + 3) % 4) +: 8];
    end
endfunction
/* verilator lint_on UNUSEDPARAM */

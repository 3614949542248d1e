// SPDX-License-Identifier: Apache-2.0
// aes_tower.vh: the composite S-box's basis changes, written once. Included inside a
// module body (`include "aes_tower.vh"`; the include directory is rtl/lib): aes_sbox
// (the whole composite S-box), aes_round and aes_key_step (a 2-stage composite round and
// a one-cut composite key step map the inverse back behind their cut, aes_sbox RAW).
//   mat8(rows, x)            GF(2) 8x8 matrix times x: out bit i = parity(row_i & x)
//   M_ROWS, M_AINV_ROWS      standard basis -> tower field (the inverse S-box first
//   M_AINV_63                 undoes the affine map: M * A^-1 * (x ^ 0x63))
//   A_MINV_ROWS, MINV_ROWS   tower field -> standard basis (with the affine map: S;
//                            without: S^-1)
//   aes_tower_out(dec, y)    that last map: the S-box's output from the tower-field
//                            inverse y of its (mapped) input
// The constants come from src/aeshw/model/gf.py (composite_constants).
// A module and a submodule of it both include this (aes_round or aes_key_step, aes_sbox); a Verilator run
// over several tops then reports the submodule's copy as hiding its parent's (VARHIDDEN).
// They are the same constants and functions: waived for this file only. Not every
// includer reads every matrix (UNUSEDPARAM), waived here for the same reason.
/* verilator lint_off VARHIDDEN */
/* verilator lint_off UNUSEDPARAM */
function [7:0] mat8;
    input [63:0] rows;   // row 7 in [63:56] ... row 0 in [7:0]
    input [7:0]  x;
    integer row;
    begin
        for (row = 0; row < 8; row = row + 1)
            mat8[row] = ^(rows[8*row +: 8] & x);
    end
endfunction

// Rows are listed from row 7 down to row 0.
localparam [63:0] M_ROWS      = {8'ha0, 8'hac, 8'hd2, 8'h70, 8'h68, 8'h5c, 8'ha8, 8'h03};
localparam [63:0] A_MINV_ROWS = {8'hc6, 8'hd0, 8'h3e, 8'h5b, 8'h95, 8'h49, 8'hdf, 8'hf5};
localparam [63:0] M_AINV_ROWS = {8'hc6, 8'h71, 8'h78, 8'hf7, 8'h98, 8'hd4, 8'he3, 8'hed};
localparam [63:0] MINV_ROWS   = {8'h54, 8'h5e, 8'hd4, 8'h9a, 8'h82, 8'h42, 8'hb0, 8'hb1};
localparam [7:0]  M_AINV_63   = 8'h45;   // M * A^-1 * 0x63

function [7:0] aes_tower_out;
    input       dec;
    input [7:0] y;
    aes_tower_out = dec ? mat8(MINV_ROWS, y) : (mat8(A_MINV_ROWS, y) ^ 8'h63);
endfunction
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on VARHIDDEN */

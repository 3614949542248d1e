// aes_sbox: the AES S-box and inverse S-box (FIPS-197 5.1.1, 5.3.2).
//
// IMPL selects the circuit:
//   "LUT"       : 256-entry tables; smallest and fastest in FPGA LUTs/ROM.
//   "COMPOSITE" : inversion in the tower field GF((2^4)^2) (y^2 + y + 0xC over
//                 GF(2^4) mod x^4 + x + 1), framed by 8x8 GF(2) basis changes
//                 that also absorb the affine map. About a third of the LUT's
//                 gate area in standard cells, and it can be cut by registers.
// MODE selects the direction: "ENC" (S), "DEC" (S^-1) or "BOTH" (runtime inv;
// the composite form then shares its inverter between the two directions).
// PIPE (0..2) adds register cuts inside the S-box for inner-round pipelining;
// the result appears PIPE cycles after the input (and inv) while ce is high.
// COMPOSITE cuts: PIPE=1 after the GF(2^4) inversion; PIPE=2 also after the
// norm d = a^2*L + a*b + b^2. LUT cuts are registers at the input (a table
// has no interior; retiming may move them).
// The basis-change constants come from src/aeshw/gf.py (composite_constants).
`default_nettype none

module aes_sbox #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",
    parameter PIPE = 0
) (
    // clk/ce are only used when PIPE > 0, inv only when MODE is "BOTH".
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire       clk,
    input  wire       ce,
    input  wire       inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [7:0] in_byte,
    output wire [7:0] out_byte
);
    // Direction actually used: fixed by MODE, or the inv input.
    wire dec_now = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv;

    // ---- GF(2) 8x8 matrix: out bit i = parity(row_i & x) -----------------
    function [7:0] mat8;
        input [63:0] rows;   // row 7 in [63:56] ... row 0 in [7:0]
        input [7:0]  x;
        integer i;
        begin
            for (i = 0; i < 8; i = i + 1)
                mat8[i] = ^(rows[8*i +: 8] & x);
        end
    endfunction

    // Rows are listed from row 7 down to row 0.
    localparam [63:0] M_ROWS      = {8'ha0, 8'hac, 8'hd2, 8'h70, 8'h68, 8'h5c, 8'ha8, 8'h03};
    localparam [63:0] A_MINV_ROWS = {8'hc6, 8'hd0, 8'h3e, 8'h5b, 8'h95, 8'h49, 8'hdf, 8'hf5};
    localparam [63:0] M_AINV_ROWS = {8'hc6, 8'h71, 8'h78, 8'hf7, 8'h98, 8'hd4, 8'he3, 8'hed};
    localparam [63:0] MINV_ROWS   = {8'h54, 8'h5e, 8'hd4, 8'h9a, 8'h82, 8'h42, 8'hb0, 8'hb1};
    localparam [7:0]  M_AINV_63   = 8'h45;   // M * A^-1 * 0x63

    // ---- GF(2^4) mod x^4 + x + 1 -----------------------------------------
    function [3:0] gf16_mul;
        input [3:0] a;
        input [3:0] b;
        reg   [6:0] p;
        begin
            p = ({3'b0, a} & {7{b[0]}})
              ^ ({2'b0, a, 1'b0} & {7{b[1]}})
              ^ ({1'b0, a, 2'b0} & {7{b[2]}})
              ^ ({a, 3'b0} & {7{b[3]}});
            // x^4 = x + 1, x^5 = x^2 + x, x^6 = x^3 + x^2
            gf16_mul = p[3:0] ^ {1'b0, p[6:4]} ^ {p[6:4], 1'b0};
        end
    endfunction

    function [3:0] gf16_inv;
        input [3:0] x;
        case (x)
            4'h0: gf16_inv = 4'h0; 4'h1: gf16_inv = 4'h1; 4'h2: gf16_inv = 4'h9; 4'h3: gf16_inv = 4'he;
            4'h4: gf16_inv = 4'hd; 4'h5: gf16_inv = 4'hb; 4'h6: gf16_inv = 4'h7; 4'h7: gf16_inv = 4'h6;
            4'h8: gf16_inv = 4'hf; 4'h9: gf16_inv = 4'h2; 4'ha: gf16_inv = 4'hc; 4'hb: gf16_inv = 4'h5;
            4'hc: gf16_inv = 4'ha; 4'hd: gf16_inv = 4'h4; 4'he: gf16_inv = 4'h3; default: gf16_inv = 4'h8;
        endcase
    endfunction

    function [7:0] sbox_fwd_lut;
        input [7:0] x;
        case (x)
            8'h00: sbox_fwd_lut=8'h63; 8'h01: sbox_fwd_lut=8'h7c; 8'h02: sbox_fwd_lut=8'h77; 8'h03: sbox_fwd_lut=8'h7b; 8'h04: sbox_fwd_lut=8'hf2; 8'h05: sbox_fwd_lut=8'h6b; 8'h06: sbox_fwd_lut=8'h6f; 8'h07: sbox_fwd_lut=8'hc5;
            8'h08: sbox_fwd_lut=8'h30; 8'h09: sbox_fwd_lut=8'h01; 8'h0a: sbox_fwd_lut=8'h67; 8'h0b: sbox_fwd_lut=8'h2b; 8'h0c: sbox_fwd_lut=8'hfe; 8'h0d: sbox_fwd_lut=8'hd7; 8'h0e: sbox_fwd_lut=8'hab; 8'h0f: sbox_fwd_lut=8'h76;
            8'h10: sbox_fwd_lut=8'hca; 8'h11: sbox_fwd_lut=8'h82; 8'h12: sbox_fwd_lut=8'hc9; 8'h13: sbox_fwd_lut=8'h7d; 8'h14: sbox_fwd_lut=8'hfa; 8'h15: sbox_fwd_lut=8'h59; 8'h16: sbox_fwd_lut=8'h47; 8'h17: sbox_fwd_lut=8'hf0;
            8'h18: sbox_fwd_lut=8'had; 8'h19: sbox_fwd_lut=8'hd4; 8'h1a: sbox_fwd_lut=8'ha2; 8'h1b: sbox_fwd_lut=8'haf; 8'h1c: sbox_fwd_lut=8'h9c; 8'h1d: sbox_fwd_lut=8'ha4; 8'h1e: sbox_fwd_lut=8'h72; 8'h1f: sbox_fwd_lut=8'hc0;
            8'h20: sbox_fwd_lut=8'hb7; 8'h21: sbox_fwd_lut=8'hfd; 8'h22: sbox_fwd_lut=8'h93; 8'h23: sbox_fwd_lut=8'h26; 8'h24: sbox_fwd_lut=8'h36; 8'h25: sbox_fwd_lut=8'h3f; 8'h26: sbox_fwd_lut=8'hf7; 8'h27: sbox_fwd_lut=8'hcc;
            8'h28: sbox_fwd_lut=8'h34; 8'h29: sbox_fwd_lut=8'ha5; 8'h2a: sbox_fwd_lut=8'he5; 8'h2b: sbox_fwd_lut=8'hf1; 8'h2c: sbox_fwd_lut=8'h71; 8'h2d: sbox_fwd_lut=8'hd8; 8'h2e: sbox_fwd_lut=8'h31; 8'h2f: sbox_fwd_lut=8'h15;
            8'h30: sbox_fwd_lut=8'h04; 8'h31: sbox_fwd_lut=8'hc7; 8'h32: sbox_fwd_lut=8'h23; 8'h33: sbox_fwd_lut=8'hc3; 8'h34: sbox_fwd_lut=8'h18; 8'h35: sbox_fwd_lut=8'h96; 8'h36: sbox_fwd_lut=8'h05; 8'h37: sbox_fwd_lut=8'h9a;
            8'h38: sbox_fwd_lut=8'h07; 8'h39: sbox_fwd_lut=8'h12; 8'h3a: sbox_fwd_lut=8'h80; 8'h3b: sbox_fwd_lut=8'he2; 8'h3c: sbox_fwd_lut=8'heb; 8'h3d: sbox_fwd_lut=8'h27; 8'h3e: sbox_fwd_lut=8'hb2; 8'h3f: sbox_fwd_lut=8'h75;
            8'h40: sbox_fwd_lut=8'h09; 8'h41: sbox_fwd_lut=8'h83; 8'h42: sbox_fwd_lut=8'h2c; 8'h43: sbox_fwd_lut=8'h1a; 8'h44: sbox_fwd_lut=8'h1b; 8'h45: sbox_fwd_lut=8'h6e; 8'h46: sbox_fwd_lut=8'h5a; 8'h47: sbox_fwd_lut=8'ha0;
            8'h48: sbox_fwd_lut=8'h52; 8'h49: sbox_fwd_lut=8'h3b; 8'h4a: sbox_fwd_lut=8'hd6; 8'h4b: sbox_fwd_lut=8'hb3; 8'h4c: sbox_fwd_lut=8'h29; 8'h4d: sbox_fwd_lut=8'he3; 8'h4e: sbox_fwd_lut=8'h2f; 8'h4f: sbox_fwd_lut=8'h84;
            8'h50: sbox_fwd_lut=8'h53; 8'h51: sbox_fwd_lut=8'hd1; 8'h52: sbox_fwd_lut=8'h00; 8'h53: sbox_fwd_lut=8'hed; 8'h54: sbox_fwd_lut=8'h20; 8'h55: sbox_fwd_lut=8'hfc; 8'h56: sbox_fwd_lut=8'hb1; 8'h57: sbox_fwd_lut=8'h5b;
            8'h58: sbox_fwd_lut=8'h6a; 8'h59: sbox_fwd_lut=8'hcb; 8'h5a: sbox_fwd_lut=8'hbe; 8'h5b: sbox_fwd_lut=8'h39; 8'h5c: sbox_fwd_lut=8'h4a; 8'h5d: sbox_fwd_lut=8'h4c; 8'h5e: sbox_fwd_lut=8'h58; 8'h5f: sbox_fwd_lut=8'hcf;
            8'h60: sbox_fwd_lut=8'hd0; 8'h61: sbox_fwd_lut=8'hef; 8'h62: sbox_fwd_lut=8'haa; 8'h63: sbox_fwd_lut=8'hfb; 8'h64: sbox_fwd_lut=8'h43; 8'h65: sbox_fwd_lut=8'h4d; 8'h66: sbox_fwd_lut=8'h33; 8'h67: sbox_fwd_lut=8'h85;
            8'h68: sbox_fwd_lut=8'h45; 8'h69: sbox_fwd_lut=8'hf9; 8'h6a: sbox_fwd_lut=8'h02; 8'h6b: sbox_fwd_lut=8'h7f; 8'h6c: sbox_fwd_lut=8'h50; 8'h6d: sbox_fwd_lut=8'h3c; 8'h6e: sbox_fwd_lut=8'h9f; 8'h6f: sbox_fwd_lut=8'ha8;
            8'h70: sbox_fwd_lut=8'h51; 8'h71: sbox_fwd_lut=8'ha3; 8'h72: sbox_fwd_lut=8'h40; 8'h73: sbox_fwd_lut=8'h8f; 8'h74: sbox_fwd_lut=8'h92; 8'h75: sbox_fwd_lut=8'h9d; 8'h76: sbox_fwd_lut=8'h38; 8'h77: sbox_fwd_lut=8'hf5;
            8'h78: sbox_fwd_lut=8'hbc; 8'h79: sbox_fwd_lut=8'hb6; 8'h7a: sbox_fwd_lut=8'hda; 8'h7b: sbox_fwd_lut=8'h21; 8'h7c: sbox_fwd_lut=8'h10; 8'h7d: sbox_fwd_lut=8'hff; 8'h7e: sbox_fwd_lut=8'hf3; 8'h7f: sbox_fwd_lut=8'hd2;
            8'h80: sbox_fwd_lut=8'hcd; 8'h81: sbox_fwd_lut=8'h0c; 8'h82: sbox_fwd_lut=8'h13; 8'h83: sbox_fwd_lut=8'hec; 8'h84: sbox_fwd_lut=8'h5f; 8'h85: sbox_fwd_lut=8'h97; 8'h86: sbox_fwd_lut=8'h44; 8'h87: sbox_fwd_lut=8'h17;
            8'h88: sbox_fwd_lut=8'hc4; 8'h89: sbox_fwd_lut=8'ha7; 8'h8a: sbox_fwd_lut=8'h7e; 8'h8b: sbox_fwd_lut=8'h3d; 8'h8c: sbox_fwd_lut=8'h64; 8'h8d: sbox_fwd_lut=8'h5d; 8'h8e: sbox_fwd_lut=8'h19; 8'h8f: sbox_fwd_lut=8'h73;
            8'h90: sbox_fwd_lut=8'h60; 8'h91: sbox_fwd_lut=8'h81; 8'h92: sbox_fwd_lut=8'h4f; 8'h93: sbox_fwd_lut=8'hdc; 8'h94: sbox_fwd_lut=8'h22; 8'h95: sbox_fwd_lut=8'h2a; 8'h96: sbox_fwd_lut=8'h90; 8'h97: sbox_fwd_lut=8'h88;
            8'h98: sbox_fwd_lut=8'h46; 8'h99: sbox_fwd_lut=8'hee; 8'h9a: sbox_fwd_lut=8'hb8; 8'h9b: sbox_fwd_lut=8'h14; 8'h9c: sbox_fwd_lut=8'hde; 8'h9d: sbox_fwd_lut=8'h5e; 8'h9e: sbox_fwd_lut=8'h0b; 8'h9f: sbox_fwd_lut=8'hdb;
            8'ha0: sbox_fwd_lut=8'he0; 8'ha1: sbox_fwd_lut=8'h32; 8'ha2: sbox_fwd_lut=8'h3a; 8'ha3: sbox_fwd_lut=8'h0a; 8'ha4: sbox_fwd_lut=8'h49; 8'ha5: sbox_fwd_lut=8'h06; 8'ha6: sbox_fwd_lut=8'h24; 8'ha7: sbox_fwd_lut=8'h5c;
            8'ha8: sbox_fwd_lut=8'hc2; 8'ha9: sbox_fwd_lut=8'hd3; 8'haa: sbox_fwd_lut=8'hac; 8'hab: sbox_fwd_lut=8'h62; 8'hac: sbox_fwd_lut=8'h91; 8'had: sbox_fwd_lut=8'h95; 8'hae: sbox_fwd_lut=8'he4; 8'haf: sbox_fwd_lut=8'h79;
            8'hb0: sbox_fwd_lut=8'he7; 8'hb1: sbox_fwd_lut=8'hc8; 8'hb2: sbox_fwd_lut=8'h37; 8'hb3: sbox_fwd_lut=8'h6d; 8'hb4: sbox_fwd_lut=8'h8d; 8'hb5: sbox_fwd_lut=8'hd5; 8'hb6: sbox_fwd_lut=8'h4e; 8'hb7: sbox_fwd_lut=8'ha9;
            8'hb8: sbox_fwd_lut=8'h6c; 8'hb9: sbox_fwd_lut=8'h56; 8'hba: sbox_fwd_lut=8'hf4; 8'hbb: sbox_fwd_lut=8'hea; 8'hbc: sbox_fwd_lut=8'h65; 8'hbd: sbox_fwd_lut=8'h7a; 8'hbe: sbox_fwd_lut=8'hae; 8'hbf: sbox_fwd_lut=8'h08;
            8'hc0: sbox_fwd_lut=8'hba; 8'hc1: sbox_fwd_lut=8'h78; 8'hc2: sbox_fwd_lut=8'h25; 8'hc3: sbox_fwd_lut=8'h2e; 8'hc4: sbox_fwd_lut=8'h1c; 8'hc5: sbox_fwd_lut=8'ha6; 8'hc6: sbox_fwd_lut=8'hb4; 8'hc7: sbox_fwd_lut=8'hc6;
            8'hc8: sbox_fwd_lut=8'he8; 8'hc9: sbox_fwd_lut=8'hdd; 8'hca: sbox_fwd_lut=8'h74; 8'hcb: sbox_fwd_lut=8'h1f; 8'hcc: sbox_fwd_lut=8'h4b; 8'hcd: sbox_fwd_lut=8'hbd; 8'hce: sbox_fwd_lut=8'h8b; 8'hcf: sbox_fwd_lut=8'h8a;
            8'hd0: sbox_fwd_lut=8'h70; 8'hd1: sbox_fwd_lut=8'h3e; 8'hd2: sbox_fwd_lut=8'hb5; 8'hd3: sbox_fwd_lut=8'h66; 8'hd4: sbox_fwd_lut=8'h48; 8'hd5: sbox_fwd_lut=8'h03; 8'hd6: sbox_fwd_lut=8'hf6; 8'hd7: sbox_fwd_lut=8'h0e;
            8'hd8: sbox_fwd_lut=8'h61; 8'hd9: sbox_fwd_lut=8'h35; 8'hda: sbox_fwd_lut=8'h57; 8'hdb: sbox_fwd_lut=8'hb9; 8'hdc: sbox_fwd_lut=8'h86; 8'hdd: sbox_fwd_lut=8'hc1; 8'hde: sbox_fwd_lut=8'h1d; 8'hdf: sbox_fwd_lut=8'h9e;
            8'he0: sbox_fwd_lut=8'he1; 8'he1: sbox_fwd_lut=8'hf8; 8'he2: sbox_fwd_lut=8'h98; 8'he3: sbox_fwd_lut=8'h11; 8'he4: sbox_fwd_lut=8'h69; 8'he5: sbox_fwd_lut=8'hd9; 8'he6: sbox_fwd_lut=8'h8e; 8'he7: sbox_fwd_lut=8'h94;
            8'he8: sbox_fwd_lut=8'h9b; 8'he9: sbox_fwd_lut=8'h1e; 8'hea: sbox_fwd_lut=8'h87; 8'heb: sbox_fwd_lut=8'he9; 8'hec: sbox_fwd_lut=8'hce; 8'hed: sbox_fwd_lut=8'h55; 8'hee: sbox_fwd_lut=8'h28; 8'hef: sbox_fwd_lut=8'hdf;
            8'hf0: sbox_fwd_lut=8'h8c; 8'hf1: sbox_fwd_lut=8'ha1; 8'hf2: sbox_fwd_lut=8'h89; 8'hf3: sbox_fwd_lut=8'h0d; 8'hf4: sbox_fwd_lut=8'hbf; 8'hf5: sbox_fwd_lut=8'he6; 8'hf6: sbox_fwd_lut=8'h42; 8'hf7: sbox_fwd_lut=8'h68;
            8'hf8: sbox_fwd_lut=8'h41; 8'hf9: sbox_fwd_lut=8'h99; 8'hfa: sbox_fwd_lut=8'h2d; 8'hfb: sbox_fwd_lut=8'h0f; 8'hfc: sbox_fwd_lut=8'hb0; 8'hfd: sbox_fwd_lut=8'h54; 8'hfe: sbox_fwd_lut=8'hbb; 8'hff: sbox_fwd_lut=8'h16;
            default: sbox_fwd_lut = 8'h00;
        endcase
    endfunction

    function [7:0] sbox_inv_lut;
        input [7:0] x;
        case (x)
            8'h00: sbox_inv_lut=8'h52; 8'h01: sbox_inv_lut=8'h09; 8'h02: sbox_inv_lut=8'h6a; 8'h03: sbox_inv_lut=8'hd5; 8'h04: sbox_inv_lut=8'h30; 8'h05: sbox_inv_lut=8'h36; 8'h06: sbox_inv_lut=8'ha5; 8'h07: sbox_inv_lut=8'h38;
            8'h08: sbox_inv_lut=8'hbf; 8'h09: sbox_inv_lut=8'h40; 8'h0a: sbox_inv_lut=8'ha3; 8'h0b: sbox_inv_lut=8'h9e; 8'h0c: sbox_inv_lut=8'h81; 8'h0d: sbox_inv_lut=8'hf3; 8'h0e: sbox_inv_lut=8'hd7; 8'h0f: sbox_inv_lut=8'hfb;
            8'h10: sbox_inv_lut=8'h7c; 8'h11: sbox_inv_lut=8'he3; 8'h12: sbox_inv_lut=8'h39; 8'h13: sbox_inv_lut=8'h82; 8'h14: sbox_inv_lut=8'h9b; 8'h15: sbox_inv_lut=8'h2f; 8'h16: sbox_inv_lut=8'hff; 8'h17: sbox_inv_lut=8'h87;
            8'h18: sbox_inv_lut=8'h34; 8'h19: sbox_inv_lut=8'h8e; 8'h1a: sbox_inv_lut=8'h43; 8'h1b: sbox_inv_lut=8'h44; 8'h1c: sbox_inv_lut=8'hc4; 8'h1d: sbox_inv_lut=8'hde; 8'h1e: sbox_inv_lut=8'he9; 8'h1f: sbox_inv_lut=8'hcb;
            8'h20: sbox_inv_lut=8'h54; 8'h21: sbox_inv_lut=8'h7b; 8'h22: sbox_inv_lut=8'h94; 8'h23: sbox_inv_lut=8'h32; 8'h24: sbox_inv_lut=8'ha6; 8'h25: sbox_inv_lut=8'hc2; 8'h26: sbox_inv_lut=8'h23; 8'h27: sbox_inv_lut=8'h3d;
            8'h28: sbox_inv_lut=8'hee; 8'h29: sbox_inv_lut=8'h4c; 8'h2a: sbox_inv_lut=8'h95; 8'h2b: sbox_inv_lut=8'h0b; 8'h2c: sbox_inv_lut=8'h42; 8'h2d: sbox_inv_lut=8'hfa; 8'h2e: sbox_inv_lut=8'hc3; 8'h2f: sbox_inv_lut=8'h4e;
            8'h30: sbox_inv_lut=8'h08; 8'h31: sbox_inv_lut=8'h2e; 8'h32: sbox_inv_lut=8'ha1; 8'h33: sbox_inv_lut=8'h66; 8'h34: sbox_inv_lut=8'h28; 8'h35: sbox_inv_lut=8'hd9; 8'h36: sbox_inv_lut=8'h24; 8'h37: sbox_inv_lut=8'hb2;
            8'h38: sbox_inv_lut=8'h76; 8'h39: sbox_inv_lut=8'h5b; 8'h3a: sbox_inv_lut=8'ha2; 8'h3b: sbox_inv_lut=8'h49; 8'h3c: sbox_inv_lut=8'h6d; 8'h3d: sbox_inv_lut=8'h8b; 8'h3e: sbox_inv_lut=8'hd1; 8'h3f: sbox_inv_lut=8'h25;
            8'h40: sbox_inv_lut=8'h72; 8'h41: sbox_inv_lut=8'hf8; 8'h42: sbox_inv_lut=8'hf6; 8'h43: sbox_inv_lut=8'h64; 8'h44: sbox_inv_lut=8'h86; 8'h45: sbox_inv_lut=8'h68; 8'h46: sbox_inv_lut=8'h98; 8'h47: sbox_inv_lut=8'h16;
            8'h48: sbox_inv_lut=8'hd4; 8'h49: sbox_inv_lut=8'ha4; 8'h4a: sbox_inv_lut=8'h5c; 8'h4b: sbox_inv_lut=8'hcc; 8'h4c: sbox_inv_lut=8'h5d; 8'h4d: sbox_inv_lut=8'h65; 8'h4e: sbox_inv_lut=8'hb6; 8'h4f: sbox_inv_lut=8'h92;
            8'h50: sbox_inv_lut=8'h6c; 8'h51: sbox_inv_lut=8'h70; 8'h52: sbox_inv_lut=8'h48; 8'h53: sbox_inv_lut=8'h50; 8'h54: sbox_inv_lut=8'hfd; 8'h55: sbox_inv_lut=8'hed; 8'h56: sbox_inv_lut=8'hb9; 8'h57: sbox_inv_lut=8'hda;
            8'h58: sbox_inv_lut=8'h5e; 8'h59: sbox_inv_lut=8'h15; 8'h5a: sbox_inv_lut=8'h46; 8'h5b: sbox_inv_lut=8'h57; 8'h5c: sbox_inv_lut=8'ha7; 8'h5d: sbox_inv_lut=8'h8d; 8'h5e: sbox_inv_lut=8'h9d; 8'h5f: sbox_inv_lut=8'h84;
            8'h60: sbox_inv_lut=8'h90; 8'h61: sbox_inv_lut=8'hd8; 8'h62: sbox_inv_lut=8'hab; 8'h63: sbox_inv_lut=8'h00; 8'h64: sbox_inv_lut=8'h8c; 8'h65: sbox_inv_lut=8'hbc; 8'h66: sbox_inv_lut=8'hd3; 8'h67: sbox_inv_lut=8'h0a;
            8'h68: sbox_inv_lut=8'hf7; 8'h69: sbox_inv_lut=8'he4; 8'h6a: sbox_inv_lut=8'h58; 8'h6b: sbox_inv_lut=8'h05; 8'h6c: sbox_inv_lut=8'hb8; 8'h6d: sbox_inv_lut=8'hb3; 8'h6e: sbox_inv_lut=8'h45; 8'h6f: sbox_inv_lut=8'h06;
            8'h70: sbox_inv_lut=8'hd0; 8'h71: sbox_inv_lut=8'h2c; 8'h72: sbox_inv_lut=8'h1e; 8'h73: sbox_inv_lut=8'h8f; 8'h74: sbox_inv_lut=8'hca; 8'h75: sbox_inv_lut=8'h3f; 8'h76: sbox_inv_lut=8'h0f; 8'h77: sbox_inv_lut=8'h02;
            8'h78: sbox_inv_lut=8'hc1; 8'h79: sbox_inv_lut=8'haf; 8'h7a: sbox_inv_lut=8'hbd; 8'h7b: sbox_inv_lut=8'h03; 8'h7c: sbox_inv_lut=8'h01; 8'h7d: sbox_inv_lut=8'h13; 8'h7e: sbox_inv_lut=8'h8a; 8'h7f: sbox_inv_lut=8'h6b;
            8'h80: sbox_inv_lut=8'h3a; 8'h81: sbox_inv_lut=8'h91; 8'h82: sbox_inv_lut=8'h11; 8'h83: sbox_inv_lut=8'h41; 8'h84: sbox_inv_lut=8'h4f; 8'h85: sbox_inv_lut=8'h67; 8'h86: sbox_inv_lut=8'hdc; 8'h87: sbox_inv_lut=8'hea;
            8'h88: sbox_inv_lut=8'h97; 8'h89: sbox_inv_lut=8'hf2; 8'h8a: sbox_inv_lut=8'hcf; 8'h8b: sbox_inv_lut=8'hce; 8'h8c: sbox_inv_lut=8'hf0; 8'h8d: sbox_inv_lut=8'hb4; 8'h8e: sbox_inv_lut=8'he6; 8'h8f: sbox_inv_lut=8'h73;
            8'h90: sbox_inv_lut=8'h96; 8'h91: sbox_inv_lut=8'hac; 8'h92: sbox_inv_lut=8'h74; 8'h93: sbox_inv_lut=8'h22; 8'h94: sbox_inv_lut=8'he7; 8'h95: sbox_inv_lut=8'had; 8'h96: sbox_inv_lut=8'h35; 8'h97: sbox_inv_lut=8'h85;
            8'h98: sbox_inv_lut=8'he2; 8'h99: sbox_inv_lut=8'hf9; 8'h9a: sbox_inv_lut=8'h37; 8'h9b: sbox_inv_lut=8'he8; 8'h9c: sbox_inv_lut=8'h1c; 8'h9d: sbox_inv_lut=8'h75; 8'h9e: sbox_inv_lut=8'hdf; 8'h9f: sbox_inv_lut=8'h6e;
            8'ha0: sbox_inv_lut=8'h47; 8'ha1: sbox_inv_lut=8'hf1; 8'ha2: sbox_inv_lut=8'h1a; 8'ha3: sbox_inv_lut=8'h71; 8'ha4: sbox_inv_lut=8'h1d; 8'ha5: sbox_inv_lut=8'h29; 8'ha6: sbox_inv_lut=8'hc5; 8'ha7: sbox_inv_lut=8'h89;
            8'ha8: sbox_inv_lut=8'h6f; 8'ha9: sbox_inv_lut=8'hb7; 8'haa: sbox_inv_lut=8'h62; 8'hab: sbox_inv_lut=8'h0e; 8'hac: sbox_inv_lut=8'haa; 8'had: sbox_inv_lut=8'h18; 8'hae: sbox_inv_lut=8'hbe; 8'haf: sbox_inv_lut=8'h1b;
            8'hb0: sbox_inv_lut=8'hfc; 8'hb1: sbox_inv_lut=8'h56; 8'hb2: sbox_inv_lut=8'h3e; 8'hb3: sbox_inv_lut=8'h4b; 8'hb4: sbox_inv_lut=8'hc6; 8'hb5: sbox_inv_lut=8'hd2; 8'hb6: sbox_inv_lut=8'h79; 8'hb7: sbox_inv_lut=8'h20;
            8'hb8: sbox_inv_lut=8'h9a; 8'hb9: sbox_inv_lut=8'hdb; 8'hba: sbox_inv_lut=8'hc0; 8'hbb: sbox_inv_lut=8'hfe; 8'hbc: sbox_inv_lut=8'h78; 8'hbd: sbox_inv_lut=8'hcd; 8'hbe: sbox_inv_lut=8'h5a; 8'hbf: sbox_inv_lut=8'hf4;
            8'hc0: sbox_inv_lut=8'h1f; 8'hc1: sbox_inv_lut=8'hdd; 8'hc2: sbox_inv_lut=8'ha8; 8'hc3: sbox_inv_lut=8'h33; 8'hc4: sbox_inv_lut=8'h88; 8'hc5: sbox_inv_lut=8'h07; 8'hc6: sbox_inv_lut=8'hc7; 8'hc7: sbox_inv_lut=8'h31;
            8'hc8: sbox_inv_lut=8'hb1; 8'hc9: sbox_inv_lut=8'h12; 8'hca: sbox_inv_lut=8'h10; 8'hcb: sbox_inv_lut=8'h59; 8'hcc: sbox_inv_lut=8'h27; 8'hcd: sbox_inv_lut=8'h80; 8'hce: sbox_inv_lut=8'hec; 8'hcf: sbox_inv_lut=8'h5f;
            8'hd0: sbox_inv_lut=8'h60; 8'hd1: sbox_inv_lut=8'h51; 8'hd2: sbox_inv_lut=8'h7f; 8'hd3: sbox_inv_lut=8'ha9; 8'hd4: sbox_inv_lut=8'h19; 8'hd5: sbox_inv_lut=8'hb5; 8'hd6: sbox_inv_lut=8'h4a; 8'hd7: sbox_inv_lut=8'h0d;
            8'hd8: sbox_inv_lut=8'h2d; 8'hd9: sbox_inv_lut=8'he5; 8'hda: sbox_inv_lut=8'h7a; 8'hdb: sbox_inv_lut=8'h9f; 8'hdc: sbox_inv_lut=8'h93; 8'hdd: sbox_inv_lut=8'hc9; 8'hde: sbox_inv_lut=8'h9c; 8'hdf: sbox_inv_lut=8'hef;
            8'he0: sbox_inv_lut=8'ha0; 8'he1: sbox_inv_lut=8'he0; 8'he2: sbox_inv_lut=8'h3b; 8'he3: sbox_inv_lut=8'h4d; 8'he4: sbox_inv_lut=8'hae; 8'he5: sbox_inv_lut=8'h2a; 8'he6: sbox_inv_lut=8'hf5; 8'he7: sbox_inv_lut=8'hb0;
            8'he8: sbox_inv_lut=8'hc8; 8'he9: sbox_inv_lut=8'heb; 8'hea: sbox_inv_lut=8'hbb; 8'heb: sbox_inv_lut=8'h3c; 8'hec: sbox_inv_lut=8'h83; 8'hed: sbox_inv_lut=8'h53; 8'hee: sbox_inv_lut=8'h99; 8'hef: sbox_inv_lut=8'h61;
            8'hf0: sbox_inv_lut=8'h17; 8'hf1: sbox_inv_lut=8'h2b; 8'hf2: sbox_inv_lut=8'h04; 8'hf3: sbox_inv_lut=8'h7e; 8'hf4: sbox_inv_lut=8'hba; 8'hf5: sbox_inv_lut=8'h77; 8'hf6: sbox_inv_lut=8'hd6; 8'hf7: sbox_inv_lut=8'h26;
            8'hf8: sbox_inv_lut=8'he1; 8'hf9: sbox_inv_lut=8'h69; 8'hfa: sbox_inv_lut=8'h14; 8'hfb: sbox_inv_lut=8'h63; 8'hfc: sbox_inv_lut=8'h55; 8'hfd: sbox_inv_lut=8'h21; 8'hfe: sbox_inv_lut=8'h0c; 8'hff: sbox_inv_lut=8'h7d;
            default: sbox_inv_lut = 8'h00;
        endcase
    endfunction


    generate
        if (IMPL == "LUT") begin : g_lut
            // Optional input registers (PIPE of them) carry the byte and inv.
            wire [8:0] lut_stage [0:PIPE];
            assign lut_stage[0] = {dec_now, in_byte};
            genvar g;
            for (g = 0; g < PIPE; g = g + 1) begin : g_cut
                reg [8:0] q;
                always @(posedge clk) if (ce) q <= lut_stage[g];
                assign lut_stage[g+1] = q;
            end
            wire [8:0] lut_in = lut_stage[PIPE];
            assign out_byte = (MODE == "ENC") ? sbox_fwd_lut(lut_in[7:0]) :
                              (MODE == "DEC") ? sbox_inv_lut(lut_in[7:0]) :
                              (lut_in[8] ? sbox_inv_lut(lut_in[7:0]) : sbox_fwd_lut(lut_in[7:0]));
        end else begin : g_composite
            // Stage 1: map into the tower field (the inverse S-box first undoes
            // the affine map), split into a*y + b, and form the norm d.
            wire [7:0] mapped = dec_now ? (mat8(M_AINV_ROWS, in_byte) ^ M_AINV_63)
                                        : mat8(M_ROWS, in_byte);
            wire [3:0] a1 = mapped[7:4];
            wire [3:0] b1 = mapped[3:0];
            wire [3:0] d1 = gf16_mul(gf16_mul(a1, a1), 4'hc) ^ gf16_mul(a1, b1) ^ gf16_mul(b1, b1);

            // Cut after the norm (PIPE == 2).
            wire [3:0] a2, b2, d2;
            wire       dec2;
            if (PIPE >= 2) begin : g_cut_norm
                reg [12:0] q;
                always @(posedge clk) if (ce) q <= {dec_now, a1, b1, d1};
                assign {dec2, a2, b2, d2} = q;
            end else begin : g_pass_norm
                assign {dec2, a2, b2, d2} = {dec_now, a1, b1, d1};
            end

            // Stage 2: invert the norm in GF(2^4).
            wire [3:0] dinv2 = gf16_inv(d2);

            // Cut after the inversion (PIPE >= 1).
            wire [3:0] a3, b3, dinv3;
            wire       dec3;
            if (PIPE >= 1) begin : g_cut_inv
                reg [12:0] q;
                always @(posedge clk) if (ce) q <= {dec2, a2, b2, dinv2};
                assign {dec3, a3, b3, dinv3} = q;
            end else begin : g_pass_inv
                assign {dec3, a3, b3, dinv3} = {dec2, a2, b2, dinv2};
            end

            // Stage 3: (a*y + b)^-1 = a*dinv*y + (a+b)*dinv, then map back
            // (the forward S-box also applies the affine map here).
            wire [7:0] inverse = {gf16_mul(a3, dinv3), gf16_mul(a3 ^ b3, dinv3)};
            assign out_byte = dec3 ? mat8(MINV_ROWS, inverse)
                                   : (mat8(A_MINV_ROWS, inverse) ^ 8'h63);
        end
    endgenerate
endmodule

`default_nettype wire

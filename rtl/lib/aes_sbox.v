// SPDX-License-Identifier: Apache-2.0
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
//   "BRAM"      : a synchronous-read table for FPGA block RAM (ECP5 DP16KD,
//                 iCE40 SB_RAM40_4K, Xilinx RAMB18): its read register is a
//                 stage cut, so PIPE (1..3) is at least 1. One table serves
//                 PORTS (1 or 2) S-boxes through the two ports of a dual-port
//                 block. MODE "BOTH" puts the inverse S-box above the forward
//                 one (a 512 x 8 table, inv as address bit 8): both
//                 directions in one block, and no multiplexer after the read
//                 register, whose clock-to-out already dominates the stage.
//                 PIPE = 2 adds an output register (the block's own output
//                 register where the target has one), PIPE = 3 one more behind
//                 it, in the fabric next to the block (the route from a block
//                 RAM to the logic is long). Selected with `(* rom_style = "block" *)` and the
//                 other tools' spellings; nothing else is target specific.
//   "TTABLE"    : MODE "ENC" only. The BRAM form with a reduced T-table,
//                 entry x = {2S(x), S(x)} (16 bits): with 3S = 2S ^ S, a
//                 MixColumns output byte is five table bytes and the round
//                 key, one 6-input XOR. out_byte is 16 bits per port. A full
//                 32-bit T-table would need a 36-bit port, which a true
//                 dual-port block has only in the larger size (Xilinx RAMB36,
//                 twice the blocks); 16 bits fit the 18-bit ports of RAMB18 and
//                 DP16KD, two table reads per block.
// PIPE (0..4; BRAM, TTABLE 1..3) adds register cuts inside the S-box for inner-round
// pipelining; the result appears PIPE cycles after the input (and inv) while
// ce is high. PORTS > 1 (BRAM, TTABLE): in_byte/out_byte hold PORTS entries,
// entry p at [8p+7:8p] (TTABLE out: [16p+15:16p]), all with the same inv.
// COMPOSITE cuts, in the order PIPE adds them (each piece between two cuts is about
// four gate levels once PIPE = 4, so that a round of six stages runs at the S-box's
// own speed; docs/results/notes.md):
//   PIPE >= 1: after the GF(2^4) inversion     {a, a^b, d^-1}  12 bits
//   PIPE >= 2: after the norm d                {a, a^b, d}     12 bits
//   PIPE >= 3: after the two output products   (a*y+b)^-1      8 bits
//   PIPE == 4: after the basis change          {a, b, L}       12 bits
// (LUT fabrics, AES_LUT_FABRIC, with PIPE 2 or 3: the basis-change cut in place of the
// norm's, MAP_FIRST below.)
// where the byte maps to a*y + b in the tower field, d = a^2*LAMBDA + a*b + b^2 is its
// norm and L = a^2*LAMBDA + b^2 the norm's linear part (computed from the input byte
// beside a and b, so the norm's piece is one AND level and one balanced XOR tree).
// Every GF(2^4) product is written as its 16 partial products a_i*b_j and one
// balanced XOR tree per result bit (gf16_mul_tree), not as a chain.
// LUT cuts are registers at the input (a table has no interior; retiming may move them).
// RAW = 1 (COMPOSITE): out_byte is the tower-field inverse, before the last map (basis change
// back, and the affine map when encrypting); the caller applies that map, aes_tower_out
// (aes_tower.vh), behind a register cut of its own (aes_round and aes_key_step: LATE_MAP).
// The basis-change constants come from src/aeshw/model/gf.py (composite_constants).
`default_nettype none

module aes_sbox #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",
    parameter PIPE = 0,
    parameter PORTS = 1,
    parameter RAW = 0       // COMPOSITE, 1: out_byte is the tower-field inverse itself, before the
                            // last map (the caller applies aes_tower_out: aes_round, 2 stages)
) (
    // clk/ce are only used when PIPE > 0, inv only when MODE is "BOTH".
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire       clk,
    input  wire       ce,
    input  wire       inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [8*PORTS-1:0] in_byte,
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    output wire [8*PORTS*((IMPL == "TTABLE") ? 2 : 1)-1:0] out_byte   // TTABLE: 16 bits per port
    /* verilator lint_on WIDTH */
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (IMPL != "LUT" && IMPL != "COMPOSITE" && IMPL != "BRAM" && IMPL != "TTABLE") begin : g_bad_param0
            ERROR_aes_sbox_IMPL_must_be_LUT_COMPOSITE_BRAM_or_TTABLE u_stop ();
        end
        if (IMPL == "TTABLE" && MODE != "ENC") begin : g_bad_param5
            ERROR_aes_sbox_MODE_must_be_ENC_for_TTABLE u_stop ();
        end
        if (MODE != "ENC" && MODE != "DEC" && MODE != "BOTH") begin : g_bad_param1
            ERROR_aes_sbox_MODE_must_be_ENC_DEC_or_BOTH u_stop ();
        end
        if (IMPL != "BRAM" && IMPL != "TTABLE" && (PIPE < 0 || PIPE > 4)) begin : g_bad_param2
            ERROR_aes_sbox_PIPE_must_be_0_to_4 u_stop ();
        end
        if ((IMPL == "BRAM" || IMPL == "TTABLE") && (PIPE < 1 || PIPE > 3)) begin : g_bad_param3
            ERROR_aes_sbox_PIPE_must_be_1_to_3_for_BRAM_or_TTABLE u_stop ();
        end
        if (PORTS < 1 || PORTS > 2 || (PORTS != 1 && IMPL != "BRAM" && IMPL != "TTABLE")) begin : g_bad_param4
            ERROR_aes_sbox_PORTS_must_be_1_or_2_for_BRAM_or_TTABLE_else_1 u_stop ();
        end
        if (RAW != 0 && (RAW != 1 || IMPL != "COMPOSITE")) begin : g_bad_param6
            ERROR_aes_sbox_RAW_must_be_0_or_1_with_COMPOSITE u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    // Simulation speed: Verilator inlines every instance (no function call per
    // S-box per cycle); the tables are constants, so an inlined LUT S-box is a
    // few instructions and the model stays small.
    // Direction actually used: fixed by MODE, or the inv input.
    wire dec_now = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv;

    // FPGA targets define AES_LUT_FABRIC (the LUT form's input cuts, below).
`ifdef AES_LUT_FABRIC
    localparam LUT_FABRIC = 1;
`else
    localparam LUT_FABRIC = 0;
`endif

    // mat8, the basis changes, aes_tower_out
    `include "aes_tower.vh"
    // `AES_ECP5_TABLE_CUTS (g_bram)
    `include "aes_defs.vh"

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

    // GF(2^4) product as 16 partial products (bit 4i+j: a_i & b_j) and, per result bit,
    // one balanced XOR tree over those that reach it (x^4 = x + 1, x^5 = x^2 + x,
    // x^6 = x^3 + x^2): an AND level and two or three XOR levels, for depth-bound cuts.
    function [15:0] gf16_pp;
        input [3:0] a;
        input [3:0] b;
        integer ai;
        for (ai = 0; ai < 4; ai = ai + 1) gf16_pp[4*ai +: 4] = b & {4{a[ai]}};
    endfunction
    function [15:0] gf16_reach;     // the partial products that reach result bit rb
        input integer rb;
        integer ai, bj;     // not i: Verilator 5.006 reports it as hiding aes_sub_bytes' genvar
        begin
            gf16_reach = 16'h0;
            for (ai = 0; ai < 4; ai = ai + 1)
                for (bj = 0; bj < 4; bj = bj + 1)
                    gf16_reach[4*ai + bj] = (ai + bj == rb) || (ai + bj == rb + 3 && rb >= 1) || (ai + bj == rb + 4 && rb <= 2);
        end
    endfunction
    function [3:0] gf16_mul_tree;
        input [3:0] a;
        input [3:0] b;
        input [3:0] add;            // XORed in at the leaves of the trees
        reg   [15:0] pp;
        integer rb;
        begin
            pp = gf16_pp(a, b);
            for (rb = 0; rb < 4; rb = rb + 1) gf16_mul_tree[rb] = ^{pp & gf16_reach(rb), add[rb]};
        end
    endfunction

    // The norm's linear part L = a^2*LAMBDA + b^2 of a tower-field byte {a, b}, and the
    // rows of L composed with a basis change (elaboration-time only).
    function [3:0] norm_lin;
        input [7:0] m;
        norm_lin = gf16_mul(gf16_mul(m[7:4], m[7:4]), 4'hc) ^ gf16_mul(m[3:0], m[3:0]);
    endfunction
    function [63:0] lin_rows;       // rows 3..0 (rows 7..4 zero) of L(ROWS * x)
        input [63:0] rows;
        integer r, j;
        reg [3:0] img;
        begin
            lin_rows = 64'h0;
            for (j = 0; j < 8; j = j + 1) begin
                img = norm_lin(mat8(rows, 8'h01 << j));
                for (r = 0; r < 4; r = r + 1) lin_rows[8*r + j] = img[r];
            end
        end
    endfunction

    // The tables as constants: entry x is bits [8x+7:8x] (from src/aeshw/model/gf.py).
    // A constant part-select keeps simulators fast and maps to a mux tree/ROM.
    localparam [2047:0] SBOX_FWD = {
        256'h16bb54b00f2d99416842e6bf0d89a18cdf2855cee9871e9b948ed9691198f8e1,
        256'h9e1dc186b95735610ef6034866b53e708a8bbd4b1f74dde8c6b4a61c2e2578ba,
        256'h08ae7a65eaf4566ca94ed58d6d37c8e779e4959162acd3c25c2406490a3a32e0,
        256'hdb0b5ede14b8ee4688902a22dc4f816073195d643d7ea7c41744975fec130ccd,
        256'hd2f3ff1021dab6bcf5389d928f40a351a89f3c507f02f94585334d43fbaaefd0,
        256'hcf584c4a39becb6a5bb1fc20ed00d153842fe329b3d63b52a05a6e1b1a2c8309,
        256'h75b227ebe28012079a059618c323c7041531d871f1e5a534ccf73f362693fdb7,
        256'hc072a49cafa2d4adf04759fa7dc982ca76abd7fe2b670130c56f6bf27b777c63};
    localparam [2047:0] SBOX_INV = {
        256'h7d0c2155631469e126d677ba7e042b17619953833cbbebc8b0f52aae4d3be0a0,
        256'hef9cc9939f7ae52d0d4ab519a97f51605fec8027591012b131c7078833a8dd1f,
        256'hf45acd78fec0db9a2079d2c64b3e56fc1bbe18aa0e62b76f89c5291d711af147,
        256'h6edf751ce837f9e28535ade72274ac9673e6b4f0cecff297eadc674f4111913a,
        256'h6b8a130103bdafc1020f3fca8f1e2cd00645b3b80558e4f70ad3bc8c00abd890,
        256'h849d8da75746155edab9edfd5048706c92b6655dcc5ca4d41698688664f6f872,
        256'h25d18b6d49a25b76b224d92866a12e084ec3fa420b954cee3d23c2a632947b54,
        256'hcbe9dec444438e3487ff2f9b8239e37cfbd7f3819ea340bf38a53630d56a0952};


    // String parameters compare zero-extended against longer names.
    /* verilator lint_off WIDTH */
    generate
        if (IMPL == "BRAM" || IMPL == "TTABLE") begin : g_bram
            // ECP5 (the ecp5 synthesis target defines AES_ECP5_EBR): at PIPE >= `AES_ECP5_TABLE_CUTS the table is
            // a DP16KD instantiated with its output register on (rtl/vendor/ecp5/aes_ecp5_rom.v):
            // the read then ends in the block's own register instead of costing its ~4 ns
            // clock-to-data in the next stage. Same function and latency as the portable form.
`ifdef AES_ECP5_EBR
            localparam ECP5_EBR = (PIPE >= `AES_ECP5_TABLE_CUTS) && (IMPL == "BRAM");
`else
            localparam ECP5_EBR = 0;
`endif
            if (ECP5_EBR) begin : g_ecp5
                localparam [4095:0] TABLE = (MODE == "BOTH") ? {SBOX_INV, SBOX_FWD}
                                          : (MODE == "DEC")  ? {2048'h0, SBOX_INV} : {2048'h0, SBOX_FWD};
                wire [8:0] a_now = {dec_now && (MODE == "BOTH"), in_byte[7:0]};
                wire [8:0] b_now = {dec_now && (MODE == "BOTH"), in_byte[8*PORTS-1 -: 8]};
                wire [7:0] rd_a;
                /* verilator lint_off UNUSEDSIGNAL */   // port B's data is unused when PORTS = 1
                wire [7:0]  rd_b;
                wire [15:0] rd_q;
                /* verilator lint_on UNUSEDSIGNAL */
                aes_ecp5_rom #(.TABLE(TABLE)) u_ebr (
                    .clk(clk), .ce(ce), .addr_a(a_now), .addr_b(b_now), .data_a(rd_a), .data_b(rd_b)
                );
                aes_delay #(.WIDTH(16), .DEPTH(PIPE - 2)) u_out_cut (
                    .clk(clk), .rst_n(1'b1), .ce(ce), .in_data({rd_b, rd_a}), .out_data(rd_q)
                );
                assign out_byte[7:0] = rd_q[7:0];
                if (PORTS == 2) begin : g_port_b
                    assign out_byte[15:8] = rd_q[15:8];
                end
            end else begin : g_portable
                // The table: forward at 0..255 (ENC, BOTH), inverse at 0..255 (DEC) or 256..511
                // (BOTH); TTABLE: {2S, S} of the forward S-box.
                localparam ROM_A = (MODE == "BOTH") ? 9 : 8;
                localparam ROM_N = 1 << ROM_A;
                localparam EW    = (IMPL == "TTABLE") ? 16 : 8;
                (* rom_style = "block", ram_style = "block", syn_romstyle = "EBR", syn_ramstyle = "block_ram" *)
                reg [EW-1:0] rom [0:ROM_N-1];
                integer e;
                reg [7:0]  s, s2;
                /* verilator lint_off UNUSEDSIGNAL */   // only the low byte in the S-box form
                reg [15:0] w;
                /* verilator lint_on UNUSEDSIGNAL */
                initial
                    for (e = 0; e < ROM_N; e = e + 1) begin
                        s  = (MODE == "DEC" || e >= 256) ? SBOX_INV[8*(e % 256) +: 8] : SBOX_FWD[8*(e % 256) +: 8];
                        s2 = {s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00);      // {02} * s
                        w  = (IMPL == "TTABLE") ? {s2, s} : {8'h0, s};
                        rom[e] = w[EW-1:0];
                    end
                genvar p;
                for (p = 0; p < PORTS; p = p + 1) begin : g_port
                    // Address: {inv, byte} in MODE "BOTH", the byte otherwise.
                    /* verilator lint_off UNUSEDSIGNAL */   // bit 8 (inv) addresses only in MODE "BOTH"
                    wire [8:0] addr_full = {dec_now, in_byte[8*p +: 8]};
                    /* verilator lint_on UNUSEDSIGNAL */
                    wire [ROM_A-1:0] rom_addr = addr_full[ROM_A-1:0];
                    reg  [EW-1:0]    rd;
                    always @(posedge clk)
                        if (ce) rd <= rom[rom_addr];
                    aes_delay #(.WIDTH(EW), .DEPTH(PIPE - 1)) u_out_cut (
                        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(rd), .out_data(out_byte[EW*p +: EW])
                    );
                end
            end
        end else if (IMPL == "LUT") begin : g_lut
            // Optional input registers (PIPE of them) carry the byte and inv. MODE "BOTH" in
            // gate libraries: the last of them holds the low nibble decoded (16 lines, one
            // high: aes_table8 LO_HOT), so the decode's gate levels leave the stage of the two
            // tables and their direction multiplexer (NanGate45, four stages BOTH, where that
            // stage sets the clock: 1,339 -> 1,369 MHz at 292.6 kGE against 293.7). One table
            // alone (ENC, DEC) keeps the byte: measured slower decoded (four stages encrypt,
            // 1,513 -> 1,473 MHz, +4.3 kGE; ABC maps the decoded lines into a deeper net).
            // LUT fabrics (AES_LUT_FABRIC) keep the byte: a table there is a LUT tree.
            localparam HOT = (PIPE >= 1 && MODE == "BOTH" && !LUT_FABRIC) ? 1 : 0;
            /* verilator lint_on WIDTH */
            wire [8:0] lut_stage [0:PIPE - HOT];
            assign lut_stage[0] = {dec_now, in_byte[7:0]};
            genvar g;
            for (g = 0; g < PIPE - HOT; g = g + 1) begin : g_cut
                reg [8:0] q;
                always @(posedge clk) if (ce) q <= lut_stage[g];
                assign lut_stage[g+1] = q;
            end
            /* verilator lint_off UNUSEDSIGNAL */   // HOT: bits [3:0] are decoded (lo_hot)
            wire [8:0]  lut_in;
            /* verilator lint_on UNUSEDSIGNAL */
            wire [15:0] lo_hot;
            if (HOT) begin : g_cut_hot
                reg [4:0]  q;
                reg [15:0] hot;
                always @(posedge clk)
                    if (ce) begin
                        q   <= lut_stage[PIPE-1][8:4];
                        hot <= 16'h1 << lut_stage[PIPE-1][3:0];
                    end
                assign lut_in = {q, 4'h0};
                assign lo_hot = hot;
            end else begin : g_bin_in
                assign lut_in = lut_stage[PIPE];
                assign lo_hot = 16'h0;
            end
            wire [7:0] fwd, bwd;
            aes_table8 #(.TABLE(SBOX_FWD), .LO_HOT(HOT)) u_fwd (.x(lut_in[7:0]), .lo_hot(lo_hot), .y(fwd));
            aes_table8 #(.TABLE(SBOX_INV), .LO_HOT(HOT)) u_bwd (.x(lut_in[7:0]), .lo_hot(lo_hot), .y(bwd));
            assign out_byte = (MODE == "ENC") ? fwd : (MODE == "DEC") ? bwd : (lut_in[8] ? bwd : fwd);
        end else begin : g_composite
            // Piece 1: map into the tower field (the inverse S-box first undoes the affine
            // map), split into a*y + b, and the norm's linear part L, each straight from
            // the input byte (a matrix of its own, so L is not a tree behind the map).
            localparam [63:0] L_ROWS     = lin_rows(M_ROWS);
            localparam [63:0] L_AINV_ROWS = lin_rows(M_AINV_ROWS);
            localparam [3:0]  L_AINV_63  = norm_lin(M_AINV_63);
            wire [7:0] mapped = dec_now ? (mat8(M_AINV_ROWS, in_byte[7:0]) ^ M_AINV_63)
                                        : mat8(M_ROWS, in_byte[7:0]);
            /* verilator lint_off UNUSEDSIGNAL */   // L is 4 bits (lin_rows' rows 7..4 are zero)
            wire [7:0] lin8   = dec_now ? (mat8(L_AINV_ROWS, in_byte[7:0]) ^ {4'h0, L_AINV_63})
                                        : mat8(L_ROWS, in_byte[7:0]);
            /* verilator lint_on UNUSEDSIGNAL */

            // Which cuts PIPE places: in gate libraries the order above. On LUT fabrics
            // (AES_LUT_FABRIC) two or three cuts take the one after the basis change in place
            // of the one after the norm (MAP_FIRST): there the inversion is one LUT level (a
            // 4-bit function) and the map and norm in front of it four, behind the long route
            // from the previous round's register (ECP5, 5-lane build: that route and four LUT4
            // levels into the norm cut set the clock, 6.47 ns), so the first piece becomes the
            // route and the map, the second the norm and the inversion. Same latency.
            localparam MAP_FIRST = (LUT_FABRIC != 0) && (PIPE == 2 || PIPE == 3);
            localparam CUT_MAP   = (PIPE >= 4) || MAP_FIRST;
            localparam CUT_NORM  = (PIPE >= 2) && !MAP_FIRST;

            // Cut after the basis change (PIPE == 4, or MAP_FIRST).
            wire [3:0] a1, b1, l1;
            wire       dec1;
            if (CUT_MAP) begin : g_cut_map
                reg [12:0] q;
                always @(posedge clk) if (ce) q <= {dec_now, mapped, lin8[3:0]};
                assign {dec1, a1, b1, l1} = q;
            end else begin : g_pass_map
                assign {dec1, a1, b1, l1} = {dec_now, mapped, lin8[3:0]};
            end

            // Piece 2: the norm d = a*b + L (one AND level, a balanced XOR tree a bit),
            // and a + b for the products.
            wire [3:0] d1 = gf16_mul_tree(a1, b1, l1);
            wire [3:0] s1 = a1 ^ b1;

            // Cut after the norm (PIPE >= 2, unless MAP_FIRST).
            wire [3:0] a2, s2, d2;
            wire       dec2;
            if (CUT_NORM) begin : g_cut_norm
                reg [12:0] q;
                always @(posedge clk) if (ce) q <= {dec1, a1, s1, d1};
                assign {dec2, a2, s2, d2} = q;
            end else begin : g_pass_norm
                assign {dec2, a2, s2, d2} = {dec1, a1, s1, d1};
            end

            // Piece 3: invert the norm in GF(2^4).
            wire [3:0] dinv2 = gf16_inv(d2);

            // Cut after the inversion (PIPE >= 1).
            wire [3:0] a3, s3, dinv3;
            wire       dec3;
            if (PIPE >= 1) begin : g_cut_inv
                reg [12:0] q;
                always @(posedge clk) if (ce) q <= {dec2, a2, s2, dinv2};
                assign {dec3, a3, s3, dinv3} = q;
            end else begin : g_pass_inv
                assign {dec3, a3, s3, dinv3} = {dec2, a2, s2, dinv2};
            end

            // Piece 4: (a*y + b)^-1 = a*dinv*y + (a+b)*dinv.
            wire [7:0] inverse3 = {gf16_mul_tree(a3, dinv3, 4'h0), gf16_mul_tree(s3, dinv3, 4'h0)};

            // Cut after the products (PIPE >= 3).
            wire [7:0] inverse;
            wire       dec4;
            if (PIPE >= 3) begin : g_cut_prod
                reg [8:0] q;
                always @(posedge clk) if (ce) q <= {dec3, inverse3};
                assign {dec4, inverse} = q;
            end else begin : g_pass_prod
                assign {dec4, inverse} = {dec3, inverse3};
            end

            // Piece 5: map back (the forward S-box also applies the affine map here).
            assign out_byte = (RAW != 0) ? inverse : aes_tower_out(dec4, inverse);
        end
    endgenerate
endmodule

`default_nettype wire

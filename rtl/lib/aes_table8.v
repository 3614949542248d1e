// SPDX-License-Identifier: Apache-2.0
// aes_table8: a constant 256 x 8 table (entry x at bits [8x+7:8x]) read
// combinationally: y = TABLE[x].
//
// Why not one part-select: Yosys turns a constant part-select into a ROM
// (memory_bmux2rom) and then merges the flip-flops that drive its address into
// the ROM (memory_dff), so after memory mapping the register sits *behind* the
// table. In an unrolled pipeline that moves every round's output register past
// the next round's S-boxes: the first stage then holds whitening and two
// S-box levels, and sets the clock. Here synthesis sees a tree of 4:1
// multiplexers (two select bits each; memory_bmux2rom leaves those alone), so
// registers stay where the RTL puts them. The logic is the same function; ABC
// restructures it, from this structure: the first level selects with the top
// bits x[7:6] among entries i, i+64, i+128, i+192, the last with x[1:0]. That
// order maps faster than the reverse (low bits first) in the NanGate45 flow:
// the published-style pipeline 1,162 -> 1,280 MHz at the same area, 2 stages a
// round 1,484 -> 1,557 MHz (docs/results/notes.md). Simulators (no SYNTHESIS macro) read the table
// with one part-select, which keeps them fast; tb/lib/test_table8.py checks
// both forms against FIPS-197 exhaustively.
`default_nettype none

module aes_table8 #(
    parameter [2047:0] TABLE = 2048'h0
) (
    input  wire [7:0] x,
    output wire [7:0] y
);
`ifdef SYNTHESIS
    // Level k selects with x[7-2k:6-2k]; leaf i of level 0 holds entries i + 64s (s = 0..3).
    wire [511:0] lvl0;
    wire [127:0] lvl1;
    wire [31:0]  lvl2;
    genvar i, s;
    generate
        for (i = 0; i < 64; i = i + 1) begin : g_leaf
            wire [31:0] four;
            for (s = 0; s < 4; s = s + 1) begin : g_s
                assign four[8*s +: 8] = TABLE[8*(64*s + i) +: 8];
            end
            assign lvl0[8*i +: 8] = four[8*x[7:6] +: 8];
        end
        for (i = 0; i < 16; i = i + 1) begin : g_lvl1
            wire [31:0] four;
            for (s = 0; s < 4; s = s + 1) begin : g_s
                assign four[8*s +: 8] = lvl0[8*(16*s + i) +: 8];
            end
            assign lvl1[8*i +: 8] = four[8*x[5:4] +: 8];
        end
        for (i = 0; i < 4; i = i + 1) begin : g_lvl2
            wire [31:0] four;
            for (s = 0; s < 4; s = s + 1) begin : g_s
                assign four[8*s +: 8] = lvl1[8*(4*s + i) +: 8];
            end
            assign lvl2[8*i +: 8] = four[8*x[3:2] +: 8];
        end
    endgenerate
    assign y = lvl2[8*x[1:0] +: 8];
`else
    assign y = TABLE[8*x +: 8];
`endif
endmodule

`default_nettype wire

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
//
// LO_HOT = 1: the low nibble of x comes one-hot (lo_hot[n] high for nibble n; x[3:0]
// unused), decoded by the caller a clock earlier (aes_sbox's last input cut, MODE "BOTH" in
// gate libraries). Synthesis then reads output bit j as the OR over high nibbles h of
// (x[7:4] == h) AND (the OR of the lo_hot lines whose entry 16h + n has bit j set): the
// decode's two gate levels are in the stage in front, and what is left is an AND-OR.
`default_nettype none

module aes_table8 #(
    parameter [2047:0] TABLE = 2048'h0,
    parameter LO_HOT = 0                  // 1: the low nibble one-hot on lo_hot (above)
) (
    /* verilator lint_off UNUSEDSIGNAL */   // LO_HOT: x[3:0] unused; else lo_hot (tie to zero)
    input  wire [7:0]  x,
    input  wire [15:0] lo_hot,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [7:0]  y
);
    generate
        if (LO_HOT != 0 && LO_HOT != 1) begin : g_bad_param0
            ERROR_aes_table8_LO_HOT_must_be_0_or_1 u_stop ();
        end
    endgenerate

    // hot_col(h, j): bit n is bit j of entry 16h + n (the lo_hot lines output bit j ORs for h).
    function [15:0] hot_col;
        input integer hc_h, hc_j;
        integer hc_n;
        begin
            for (hc_n = 0; hc_n < 16; hc_n = hc_n + 1)
                hot_col[hc_n] = TABLE[8*(16*hc_h + hc_n) + hc_j];
        end
    endfunction

    // LO_HOT: the table read from the high nibble and the low nibble's lines (y_hot); else
    // the byte (y_bin, below). (The byte's form stays outside any generate branch, so builds
    // without LO_HOT elaborate the netlist, names and all, they did before it.)
    wire [7:0] y_hot, y_bin;
    assign y = (LO_HOT == 1) ? y_hot : y_bin;
    generate if (LO_HOT == 1) begin : g_hot
`ifdef SYNTHESIS
        genvar h, j;
        for (j = 0; j < 8; j = j + 1) begin : g_bit
            wire [15:0] part;             // part[h]: high nibble h, and a line of bit j's set
            for (h = 0; h < 16; h = h + 1) begin : g_hi
                localparam [15:0] COL = hot_col(h, j);
                assign part[h] = (x[7:4] == h) && |(lo_hot & COL);
            end
            assign y_hot[j] = |part;
        end
`else
        // Simulators: the nibble back from its lines, and the part-select.
        wire [3:0] lo = {|(lo_hot & 16'hff00), |(lo_hot & 16'hf0f0), |(lo_hot & 16'hcccc), |(lo_hot & 16'haaaa)};
        assign y_hot = TABLE[8*{x[7:4], lo} +: 8];
`endif
    end else begin : g_no_hot
        assign y_hot = 8'h0;
    end endgenerate

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
    assign y_bin = lvl2[8*x[1:0] +: 8];
`else
    assign y_bin = TABLE[8*x +: 8];
`endif
endmodule

`default_nettype wire

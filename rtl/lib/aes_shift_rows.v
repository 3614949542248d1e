// SPDX-License-Identifier: Apache-2.0
// aes_shift_rows: ShiftRows / InvShiftRows (FIPS-197 5.1.2, 5.3.1); wiring only.
// State byte i = row (i % 4), column (i / 4), at bits [8i+7:8i].
// INV_W = 4 (MODE "BOTH"): a direction bit per column, for a caller that keeps a copy
// of its direction register per column (aes_round), so that no one bit drives the
// whole state's direction logic.
`default_nettype none

module aes_shift_rows #(
    parameter MODE  = "BOTH",   // "ENC", "DEC" or "BOTH" (runtime inv)
    parameter INV_W = 1         // 1: one inv for the state; 4: inv[c] for output column c
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [INV_W-1:0] inv,    // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] in_state,
    output wire [127:0] out_state
);
    // ---- parameter check: an out-of-range value stops elaboration with a missing module
    // whose name says which parameter and its range.
    generate
        if (INV_W != 1 && INV_W != 4) begin : g_bad_param0
            ERROR_aes_shift_rows_INV_W_must_be_1_or_4 u_stop ();
        end
    endgenerate

    wire [127:0] fwd, bwd;
    genvar r, c;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            wire back = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv[c % INV_W];
            for (r = 0; r < 4; r = r + 1) begin : g_row
                assign fwd[8*(r + 4*c) +: 8] = in_state[8*(r + 4*((c + r) % 4)) +: 8];
                assign bwd[8*(r + 4*c) +: 8] = in_state[8*(r + 4*((c + 4 - r) % 4)) +: 8];
            end
            assign out_state[32*c +: 32] = back ? bwd[32*c +: 32] : fwd[32*c +: 32];
        end
    endgenerate
endmodule

`default_nettype wire

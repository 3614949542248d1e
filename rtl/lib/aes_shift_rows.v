// SPDX-License-Identifier: Apache-2.0
// aes_shift_rows: ShiftRows / InvShiftRows (FIPS-197 5.1.2, 5.3.1); wiring only.
// State byte i = row (i % 4), column (i / 4), at bits [8i+7:8i].
`default_nettype none

module aes_shift_rows #(
    parameter MODE = "BOTH"     // "ENC", "DEC" or "BOTH" (runtime inv)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire         inv,    // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] in_state,
    output wire [127:0] out_state
);
    wire [127:0] fwd, bwd;
    genvar r, c;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            for (r = 0; r < 4; r = r + 1) begin : g_row
                assign fwd[8*(r + 4*c) +: 8] = in_state[8*(r + 4*((c + r) % 4)) +: 8];
                assign bwd[8*(r + 4*c) +: 8] = in_state[8*(r + 4*((c + 4 - r) % 4)) +: 8];
            end
        end
    endgenerate
    assign out_state = (MODE == "ENC") ? fwd : (MODE == "DEC") ? bwd : (inv ? bwd : fwd);
endmodule

`default_nettype wire

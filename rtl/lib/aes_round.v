// SPDX-License-Identifier: Apache-2.0
// aes_round: one AES round, encrypt or decrypt, normal or final, with
// STAGES (1..4) register stages; the last stage ends in the output register.
//
//   encrypt: SubBytes -> ShiftRows -> MixColumns (skipped if final) -> ^rk
//   decrypt: InvSubBytes -> InvShiftRows -> ^rk -> InvMixColumns (skipped if final)
// (InvShiftRows and InvSubBytes commute, so both directions share one order and,
// in MODE "BOTH", one S-box inverter and one MixColumns network.)
//
// Register cuts, in the order STAGES adds them:
//   STAGES >= 2 : after SubBytes (splits S-box from ShiftRows, MixColumns and
//                 AddRoundKey; ShiftRows, a direction multiplexer in MODE "BOTH",
//                 goes after the cut, away from the S-box's own direction muxes)
//   STAGES >= 3 : inside the S-box, after the GF(2^4) inversion
//   STAGES == 4 : inside the S-box, after the norm computation
// (see aes_sbox for what the cuts are in the LUT form.)
//
// Timing contract: in_state, inv and final_round are sampled together; the
// result appears at out_state STAGES cycles later (counting ce cycles).
// round_key is consumed by the last stage, KEY_LAG = STAGES-1 cycles after
// in_state, so a caller can compute or fetch the key later than the data.
`default_nettype none

module aes_round #(
    parameter IMPL   = "LUT",
    parameter MODE   = "BOTH",    // "ENC", "DEC" or "BOTH" (runtime inv)
    parameter STAGES = 1
) (
    input  wire         clk,
    input  wire         ce,
    input  wire         inv,
    input  wire         final_round,
    input  wire [127:0] in_state,
    input  wire [127:0] round_key,
    output reg  [127:0] out_state
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (STAGES < 1 || STAGES > 4) begin : g_bad_param0
            ERROR_aes_round_STAGES_must_be_1_to_4 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    localparam SBOX_PIPE = (STAGES > 2) ? STAGES - 2 : 0;

    // Direction and final flag, delayed to the S-box output and to the last stage.
    wire dec_now = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv;

    wire [127:0] subbed;
    aes_sub_bytes #(.NBYTES(16), .IMPL(IMPL), .MODE(MODE), .PIPE(SBOX_PIPE)) u_sub (
        .clk(clk), .ce(ce), .inv(dec_now), .in_data(in_state), .out_data(subbed)
    );

    // Control pipeline: ctl[k] is {inv, final} k cycles after the input.
    wire [1:0] ctl [0:STAGES-1];
    assign ctl[0] = {dec_now, final_round};
    genvar k;
    generate
        for (k = 1; k < STAGES; k = k + 1) begin : g_ctl
            reg [1:0] q;
            always @(posedge clk) if (ce) q <= ctl[k-1];
            assign ctl[k] = q;
        end
    endgenerate

    // Cut between the S-boxes and ShiftRows/MixColumns/AddRoundKey.
    wire [127:0] mix_sub;
    generate
        if (STAGES >= 2) begin : g_cut_mix
            reg [127:0] q;
            always @(posedge clk) if (ce) q <= subbed;
            assign mix_sub = q;
        end else begin : g_no_cut
            assign mix_sub = subbed;
        end
    endgenerate

    wire last_inv   = ctl[STAGES-1][1];
    wire last_final = ctl[STAGES-1][0];

    wire [127:0] mix_in_raw;
    aes_shift_rows #(.MODE(MODE)) u_shift (
        .inv(last_inv), .in_state(mix_sub), .out_state(mix_in_raw)
    );

    // Decrypt adds the round key before InvMixColumns, encrypt after MixColumns.
    wire [127:0] mix_in = last_inv ? (mix_in_raw ^ round_key) : mix_in_raw;
    wire [127:0] mixed;
    aes_mix_columns #(.MODE(MODE)) u_mix (
        .inv(last_inv), .in_state(mix_in), .out_state(mixed)
    );
    wire [127:0] after_mix = last_final ? mix_in : mixed;

    always @(posedge clk)
        if (ce)
            out_state <= last_inv ? after_mix : (after_mix ^ round_key);
endmodule

`default_nettype wire

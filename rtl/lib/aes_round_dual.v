// SPDX-License-Identifier: Apache-2.0
// aes_round_dual: one AES round that encrypts or decrypts at run time (aes_round MODE
// "BOTH" semantics), built as an encrypt-only and a decrypt-only aes_round side by side,
// each with its own register stages and its own state chain.
//
// Why (issue 12 item 4): in a MODE "BOTH" aes_round every piece carries direction logic
// (the S-box's affine multiplexers, InvShiftRows, InvMixColumns beside MixColumns), and at
// six stages a round that ran 2,517 MHz encrypt-only ran at about half that (NanGate45).
// Here no stage holds direction logic: the two datapaths are the single-direction rounds.
// A beat keeps its direction through every round, so a pipeline of these rounds carries
// two state chains, in_enc -> out_enc for the encrypt rounds and in_dec -> out_dec for the
// decrypt rounds, each right for the beats of its direction and don't-care for the others
// (both datapaths compute every beat: power, not function). Only where a beat leaves
// (JOIN) are the chains joined into one state. The price is area: two datapaths and their
// registers (the round keys, the controls and the caller's registers are shared).
//
// JOIN = 1 (an exit round): the last output register of each datapath (register OUTS - 1)
// is also zero when the beat has the other direction (its zero term ORed with the
// direction of the beat in the last stage: inv delayed STAGES - 1 clocks), and out_state's
// copy OUTS - 1 is the OR of the two, the beat's result; with OUTS = 2 copy 0 is the
// encrypt chain's first register (out_state[127:0], unused by an exit). JOIN = 0:
// out_state is zero (the caller reads the chains).
// inv: as aes_round's (INV_W copies of the direction, sampled with in_enc/in_dec); only copy
// 0 is read, and only with JOIN.
// Timing contract: aes_round's (results STAGES ce-cycles after the inputs; round_key,
// round_key_im and zero consumed by the last stage, KEY_LAG = STAGES - 1 cycles after the
// inputs; with DEC_MUL round_key_im = InvMixColumns(round_key), read by the decrypt round).
`default_nettype none

module aes_round_dual #(
    parameter IMPL   = "LUT",
    parameter STAGES = 1,
    parameter INV_W  = 1,         // 1 or 16: copies of inv (only copy 0 is read)
    parameter OUTS   = 1,         // 1 or 2: copies of the output register (aes_round)
    parameter DEC_MUL = 0,        // 1: the decrypt round's InvMixColumns as registered multiples
                                  // (aes_round DEC_MUL; STAGES 3..6, LUT or COMPOSITE)
    parameter JOIN   = 0          // 1: out_state is the beat's result (above)
) (
    input  wire         clk,
    input  wire         ce,
    /* verilator lint_off UNUSEDSIGNAL */   // copy 0 only, and only with JOIN
    input  wire [INV_W-1:0] inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         final_round,
    input  wire [127:0] in_enc,             // the encrypt chain's state
    input  wire [127:0] in_dec,             // the decrypt chain's state
    input  wire [127:0] round_key,
    /* verilator lint_off UNUSEDSIGNAL */   // read with DEC_MUL only (tie to zero otherwise)
    input  wire [127:0] round_key_im,       // InvMixColumns(round_key) (aes_round DEC_MUL)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [OUTS-1:0]      zero,
    output wire [128*OUTS-1:0]  out_enc,
    output wire [128*OUTS-1:0]  out_dec,
    output wire [128*OUTS-1:0]  out_state
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (aes_round checks IMPL, STAGES, OUTS and DEC_MUL for both sub-rounds.)
    /* verilator lint_off WIDTH */
    generate
        if (INV_W != 1 && INV_W != 16) begin : g_bad_param0
            ERROR_aes_round_dual_INV_W_must_be_1_or_16 u_stop ();
        end
        if (IMPL == "TTABLE") begin : g_bad_param1
            ERROR_aes_round_dual_IMPL_must_not_be_TTABLE u_stop ();
        end
        if (JOIN != 0 && JOIN != 1) begin : g_bad_param2
            ERROR_aes_round_dual_JOIN_must_be_0_or_1 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    // The zero terms: with JOIN, the exit register of each datapath also clears a beat of
    // the other direction (dir: the direction in the last stage, a register).
    wire [OUTS-1:0] zero_e, zero_d;
    generate
        if (JOIN != 0) begin : g_join
            wire dir;                   // the direction of the beat in the last stage
            aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1)) u_dir_lag (
                .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(inv[0]), .out_data(dir)
            );
            wire [OUTS-1:0] last = {1'b1, {(OUTS-1){1'b0}}};   // register OUTS - 1
            assign zero_e = zero | (last & {OUTS{dir}});
            assign zero_d = zero | (last & {OUTS{!dir}});
        end else begin : g_chains
            assign zero_e = zero;
            assign zero_d = zero;
        end
    endgenerate

    /* verilator lint_off UNUSEDSIGNAL */   // aes_round NEXT_OUT 0: zero
    wire [127:0] next_e_unused, next_d_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    aes_round #(.IMPL(IMPL), .MODE("ENC"), .STAGES(STAGES), .INV_W(1), .OUTS(OUTS)) u_enc (
        .clk(clk), .ce(ce), .inv(1'b0), .final_round(final_round), .in_state(in_enc), .in_imc(16'h0),
        .round_key(round_key), .round_key_im(128'h0), .zero(zero_e), .out_state(out_enc),
        .out_next(next_e_unused)
    );
    aes_round #(.IMPL(IMPL), .MODE("DEC"), .STAGES(STAGES), .INV_W(1), .OUTS(OUTS),
                .DEC_MUL(DEC_MUL)) u_dec (
        .clk(clk), .ce(ce), .inv(1'b1), .final_round(final_round), .in_state(in_dec), .in_imc(16'h0),
        .round_key(round_key), .round_key_im(round_key_im), .zero(zero_d), .out_state(out_dec),
        .out_next(next_d_unused)
    );

    generate
        if (JOIN != 0) begin : g_out
            localparam HI = 128 * (OUTS - 1);
            if (OUTS == 2) begin : g_first
                assign out_state[127:0] = out_enc[127:0];
            end
            assign out_state[HI +: 128] = out_enc[HI +: 128] | out_dec[HI +: 128];
        end else begin : g_no_out
            assign out_state = {(128*OUTS){1'b0}};
        end
    endgenerate
endmodule

`default_nettype wire

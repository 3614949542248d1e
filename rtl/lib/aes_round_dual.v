// SPDX-License-Identifier: Apache-2.0
// aes_round_dual: one AES round that encrypts or decrypts at run time (aes_round MODE
// "BOTH" semantics, same ports and timing contract), built as an encrypt-only and a
// decrypt-only aes_round side by side, each with its own register stages, and a
// multiplexer behind their output registers that the beat's direction selects.
//
// Why (issue 12 item 4): in a MODE "BOTH" aes_round every piece carries direction logic
// (the S-box's affine multiplexers, InvShiftRows, InvMixColumns beside MixColumns), and at
// six stages a round that cost 2,517 MHz encrypt-only runs at half that (NanGate45). Here no
// stage holds direction logic: the two datapaths are the single-direction rounds, and the
// one multiplexer sits behind the registers, at the head of the next round's first piece
// (the shortest of a deep round). The price is area: two datapaths and their registers
// (the round keys, the controls and the caller's registers are shared).
// Both datapaths compute every beat; the one of the other direction computes a value that
// is never selected (power, not function: no stage of it reaches out_state).
//
// inv: as aes_round's (INV_W copies of the direction, sampled with in_state); only copy 0 is
// read, into a delay of STAGES clocks whose last register is a copy per 16 output bits
// (kept apart), the multiplexer's selects: no flip-flop drives more than 16 of them.
// Timing contract: aes_round's (result STAGES ce-cycles after in_state; round_key, round_key_im
// and zero consumed by the last stage, KEY_LAG = STAGES - 1 cycles after in_state; with DEC_MUL
// round_key_im = InvMixColumns(round_key), read by the decrypt round); out_state is the
// multiplexer's output (the registers are the sub-rounds'), zero where zero says.
// OUTS: as aes_round's (the second register, the final round's result, multiplexed alike).
`default_nettype none

module aes_round_dual #(
    parameter IMPL   = "LUT",
    parameter STAGES = 1,
    parameter INV_W  = 1,         // 1 or 16: copies of inv (only copy 0 is read)
    parameter OUTS   = 1,         // 1 or 2: copies of the output register (aes_round)
    parameter DEC_MUL = 0         // 1: the decrypt round's InvMixColumns as registered multiples
                                  // (aes_round DEC_MUL; STAGES 3..6, LUT or COMPOSITE)
) (
    input  wire         clk,
    input  wire         ce,
    /* verilator lint_off UNUSEDSIGNAL */   // copy 0 starts the direction's delay
    input  wire [INV_W-1:0] inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         final_round,
    input  wire [127:0] in_state,
    input  wire [127:0] round_key,
    /* verilator lint_off UNUSEDSIGNAL */   // read with DEC_MUL only (tie to zero otherwise)
    input  wire [127:0] round_key_im,       // InvMixColumns(round_key) (aes_round DEC_MUL)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [OUTS-1:0]      zero,
    output wire [128*OUTS-1:0]  out_state
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (aes_round checks IMPL, STAGES and OUTS for both sub-rounds.)
    /* verilator lint_off WIDTH */
    generate
        if (INV_W != 1 && INV_W != 16) begin : g_bad_param0
            ERROR_aes_round_dual_INV_W_must_be_1_or_16 u_stop ();
        end
        if (IMPL == "TTABLE") begin : g_bad_param1
            ERROR_aes_round_dual_IMPL_must_not_be_TTABLE u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    wire [128*OUTS-1:0] enc_q, dec_q;
    aes_round #(.IMPL(IMPL), .MODE("ENC"), .STAGES(STAGES), .INV_W(1), .OUTS(OUTS)) u_enc (
        .clk(clk), .ce(ce), .inv(1'b0), .final_round(final_round), .in_state(in_state),
        .round_key(round_key), .round_key_im(128'h0), .zero(zero), .out_state(enc_q)
    );
    aes_round #(.IMPL(IMPL), .MODE("DEC"), .STAGES(STAGES), .INV_W(1), .OUTS(OUTS),
                .DEC_MUL(DEC_MUL)) u_dec (
        .clk(clk), .ce(ce), .inv(1'b1), .final_round(final_round), .in_state(in_state),
        .round_key(round_key), .round_key_im(round_key_im), .zero(zero), .out_state(dec_q)
    );

    // The direction, STAGES clocks on: a delay, then a register per 16 output bits.
    localparam NSEL = 8 * OUTS;
    wire dir_pre;                       // inv, STAGES - 1 clocks on
    aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1)) u_dir_lag (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(inv[0]), .out_data(dir_pre)
    );
    genvar s;
    generate
        for (s = 0; s < NSEL; s = s + 1) begin : g_sel
            reg q;
            (* keep *) always @(posedge clk) if (ce) q <= dir_pre;
            assign out_state[16*s +: 16] = q ? dec_q[16*s +: 16] : enc_q[16*s +: 16];
        end
    endgenerate
endmodule

`default_nettype wire

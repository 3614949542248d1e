// SPDX-License-Identifier: Apache-2.0
// tb_round_all: test wrapper (not RTL) holding aes_round once per STAGES
// (1..4), with IMPL and MODE varied across them, so one simulator build
// checks all the pipeline depths. in_state, inv, final_round and ce are
// shared; round_key_s<N> feeds the STAGES=N instance (each has its own key
// lag). Output out_<lut|comp>_<mode>_s<N>. Used by tb/lib/test_round.py
// (the full IMPL x MODE x STAGES sweep runs on aes_round itself).
`default_nettype none

module tb_round_all (
    input  wire         clk,
    input  wire         ce,
    input  wire         inv,
    input  wire         final_round,
    input  wire [127:0] in_state,
    input  wire [127:0] round_key_s1,
    input  wire [127:0] round_key_s2,
    input  wire [127:0] round_key_s3,
    input  wire [127:0] round_key_s4,
    output wire [127:0] out_lut_both_s1,
    output wire [127:0] out_lut_dec_s2,
    output wire [127:0] out_comp_enc_s3,
    output wire [127:0] out_comp_both_s4
);
    aes_round #(.IMPL("LUT"), .MODE("BOTH"), .STAGES(1)) u_lut_both_s1 (
        .clk(clk), .ce(ce), .inv(inv), .final_round(final_round), .in_state(in_state), .in_imc(16'h0),
        .round_key(round_key_s1), .round_key_im(128'h0), .zero(1'b0), .out_state(out_lut_both_s1));
    aes_round #(.IMPL("LUT"), .MODE("DEC"), .STAGES(2)) u_lut_dec_s2 (
        .clk(clk), .ce(ce), .inv(inv), .final_round(final_round), .in_state(in_state), .in_imc(16'h0),
        .round_key(round_key_s2), .round_key_im(128'h0), .zero(1'b0), .out_state(out_lut_dec_s2));
    aes_round #(.IMPL("COMPOSITE"), .MODE("ENC"), .STAGES(3)) u_comp_enc_s3 (
        .clk(clk), .ce(ce), .inv(inv), .final_round(final_round), .in_state(in_state), .in_imc(16'h0),
        .round_key(round_key_s3), .round_key_im(128'h0), .zero(1'b0), .out_state(out_comp_enc_s3));
    aes_round #(.IMPL("COMPOSITE"), .MODE("BOTH"), .STAGES(4)) u_comp_both_s4 (
        .clk(clk), .ce(ce), .inv(inv), .final_round(final_round), .in_state(in_state), .in_imc(16'h0),
        .round_key(round_key_s4), .round_key_im(128'h0), .zero(1'b0), .out_state(out_comp_both_s4));
endmodule

`default_nettype wire

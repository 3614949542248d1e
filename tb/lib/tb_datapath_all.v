// SPDX-License-Identifier: Apache-2.0
// tb_datapath_all: test wrapper (not RTL) for the datapath blocks below
// aes_round, several parameter sets in one simulator build, fed shared inputs:
//   out_sb<NBYTES>_<impl>_<mode>_p<PIPE> : aes_sub_bytes on in_data's low bytes
//   out_sr_<mode>                         : aes_shift_rows on in_state
//   out_mc_<mode>                         : aes_mix_columns on in_state, add = in_add
//   out_window_<impl>_<mode>              : aes_key_step on in_window/key_len/step_idx
// Kept small (Verilator build time): every S-box form is in tb_sbox_all, and
// the full parameter sweeps run on each module itself under Icarus.
// Used by tb/lib/test_sub_bytes.py, test_shift_rows.py, test_mix_columns.py
// and test_key_step.py.
`default_nettype none

module tb_datapath_all (
    input  wire         clk,
    input  wire         ce,
    input  wire         inv,
    input  wire [127:0] in_data,
    input  wire [127:0] in_state,
    input  wire [127:0] in_add,
    input  wire [1:0]   key_len,
    input  wire [3:0]   step_idx,
    input  wire [255:0] in_window,
    output wire [127:0] out_sb16_comp_both_p2,
    output wire [31:0] out_sb4_lut_enc_p0,
    output wire [7:0] out_sb1_lut_dec_p1,
    output wire [127:0] out_sr_enc,
    output wire [127:0] out_sr_dec,
    output wire [127:0] out_sr_both,
    output wire [127:0] out_mc_enc,
    output wire [127:0] out_mc_dec,
    output wire [127:0] out_mc_both,
    output wire [255:0] out_window_lut_enc,
    output wire [255:0] out_window_lut_both,
    output wire [255:0] out_window_comp_dec,
    output wire [255:0] out_window_comp_both
);
    aes_sub_bytes #(.NBYTES(16), .IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(2)) u_sb16_comp_both_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_data(in_data[127:0]), .out_data(out_sb16_comp_both_p2));
    aes_sub_bytes #(.NBYTES(4), .IMPL("LUT"), .MODE("ENC"), .PIPE(0)) u_sb4_lut_enc_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_data(in_data[31:0]), .out_data(out_sb4_lut_enc_p0));
    aes_sub_bytes #(.NBYTES(1), .IMPL("LUT"), .MODE("DEC"), .PIPE(1)) u_sb1_lut_dec_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_data(in_data[7:0]), .out_data(out_sb1_lut_dec_p1));
    aes_shift_rows #(.MODE("ENC")) u_sr_enc (.inv(inv), .in_state(in_state), .out_state(out_sr_enc));
    aes_shift_rows #(.MODE("DEC")) u_sr_dec (.inv(inv), .in_state(in_state), .out_state(out_sr_dec));
    aes_shift_rows #(.MODE("BOTH")) u_sr_both (.inv(inv), .in_state(in_state), .out_state(out_sr_both));
    aes_mix_columns #(.MODE("ENC")) u_mc_enc (.inv(inv), .in_state(in_state), .add(in_add), .out_state(out_mc_enc));
    aes_mix_columns #(.MODE("DEC")) u_mc_dec (.inv(inv), .in_state(in_state), .add(in_add), .out_state(out_mc_dec));
    aes_mix_columns #(.MODE("BOTH")) u_mc_both (.inv(inv), .in_state(in_state), .add(in_add), .out_state(out_mc_both));
    aes_key_step #(.IMPL("LUT"), .MODE("ENC")) u_ks_lut_enc (
        .inv(inv), .key_len(key_len), .step_idx(step_idx), .in_window(in_window),
        .out_window(out_window_lut_enc));
    aes_key_step #(.IMPL("LUT"), .MODE("BOTH")) u_ks_lut_both (
        .inv(inv), .key_len(key_len), .step_idx(step_idx), .in_window(in_window),
        .out_window(out_window_lut_both));
    aes_key_step #(.IMPL("COMPOSITE"), .MODE("DEC")) u_ks_comp_dec (
        .inv(inv), .key_len(key_len), .step_idx(step_idx), .in_window(in_window),
        .out_window(out_window_comp_dec));
    aes_key_step #(.IMPL("COMPOSITE"), .MODE("BOTH")) u_ks_comp_both (
        .inv(inv), .key_len(key_len), .step_idx(step_idx), .in_window(in_window),
        .out_window(out_window_comp_both));
endmodule

`default_nettype wire

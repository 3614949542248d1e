// SPDX-License-Identifier: Apache-2.0
// tb_sbox_all: test wrapper (not RTL) holding one aes_sbox of every
// IMPL x MODE x PIPE, all fed the same inputs, so one simulator build checks
// every form and LUT and COMPOSITE can be compared with each other in one run.
// Output out_<impl>_<mode>_p<pipe>. Used by tb/lib/test_sbox.py.
`default_nettype none

module tb_sbox_all (
    input  wire       clk,
    input  wire       ce,
    input  wire       inv,
    input  wire [7:0] in_byte,
    output wire [7:0] out_lut_enc_p0,
    output wire [7:0] out_lut_enc_p1,
    output wire [7:0] out_lut_enc_p2,
    output wire [7:0] out_lut_dec_p0,
    output wire [7:0] out_lut_dec_p1,
    output wire [7:0] out_lut_dec_p2,
    output wire [7:0] out_lut_both_p0,
    output wire [7:0] out_lut_both_p1,
    output wire [7:0] out_lut_both_p2,
    output wire [7:0] out_composite_enc_p0,
    output wire [7:0] out_composite_enc_p1,
    output wire [7:0] out_composite_enc_p2,
    output wire [7:0] out_composite_dec_p0,
    output wire [7:0] out_composite_dec_p1,
    output wire [7:0] out_composite_dec_p2,
    output wire [7:0] out_composite_both_p0,
    output wire [7:0] out_composite_both_p1,
    output wire [7:0] out_composite_both_p2
);
    aes_sbox #(.IMPL("LUT"), .MODE("ENC"), .PIPE(0)) u_lut_enc_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_enc_p0));
    aes_sbox #(.IMPL("LUT"), .MODE("ENC"), .PIPE(1)) u_lut_enc_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_enc_p1));
    aes_sbox #(.IMPL("LUT"), .MODE("ENC"), .PIPE(2)) u_lut_enc_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_enc_p2));
    aes_sbox #(.IMPL("LUT"), .MODE("DEC"), .PIPE(0)) u_lut_dec_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_dec_p0));
    aes_sbox #(.IMPL("LUT"), .MODE("DEC"), .PIPE(1)) u_lut_dec_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_dec_p1));
    aes_sbox #(.IMPL("LUT"), .MODE("DEC"), .PIPE(2)) u_lut_dec_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_dec_p2));
    aes_sbox #(.IMPL("LUT"), .MODE("BOTH"), .PIPE(0)) u_lut_both_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_both_p0));
    aes_sbox #(.IMPL("LUT"), .MODE("BOTH"), .PIPE(1)) u_lut_both_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_both_p1));
    aes_sbox #(.IMPL("LUT"), .MODE("BOTH"), .PIPE(2)) u_lut_both_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_lut_both_p2));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("ENC"), .PIPE(0)) u_composite_enc_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_enc_p0));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("ENC"), .PIPE(1)) u_composite_enc_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_enc_p1));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("ENC"), .PIPE(2)) u_composite_enc_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_enc_p2));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("DEC"), .PIPE(0)) u_composite_dec_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_dec_p0));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("DEC"), .PIPE(1)) u_composite_dec_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_dec_p1));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("DEC"), .PIPE(2)) u_composite_dec_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_dec_p2));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(0)) u_composite_both_p0 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_both_p0));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(1)) u_composite_both_p1 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_both_p1));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(2)) u_composite_both_p2 (
        .clk(clk), .ce(ce), .inv(inv), .in_byte(in_byte), .out_byte(out_composite_both_p2));
endmodule

`default_nettype wire

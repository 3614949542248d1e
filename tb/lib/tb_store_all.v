// SPDX-License-Identifier: Apache-2.0
// tb_store_all: test wrapper (not RTL) for the storage blocks, several
// parameter sets in one simulator build, all fed the same inputs:
//   out_data_d<DEPTH>[r]           : aes_delay (WIDTH W; r: RESET=1)
//   *_f<DEPTH>                      : aes_fifo (WIDTH W), count is PTR_W+1 bits; each is
//                                     offered in_valid only while its in_ready is high
//                                     (aes_fifo's contract)
// Used by tb/lib/test_delay.py and tb/lib/test_fifo.py.
`default_nettype none

module tb_store_all #(
    parameter W = 12
) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire         ce,
    input  wire [W-1:0] in_data,
    input  wire         in_valid,
    input  wire         out_ready,
    output wire [W-1:0] out_data_d0,
    output wire [W-1:0] out_data_d1,
    output wire [W-1:0] out_data_d3,
    output wire [W-1:0] out_data_d0r,
    output wire [W-1:0] out_data_d1r,
    output wire [W-1:0] out_data_d4r,
    output wire         in_ready_f1,
    output wire         out_valid_f1,
    output wire [W-1:0] out_data_f1,
    output wire [1:0]   count_f1,
    output wire         in_ready_f2,
    output wire         out_valid_f2,
    output wire [W-1:0] out_data_f2,
    output wire [1:0]   count_f2,
    output wire         in_ready_f3,
    output wire         out_valid_f3,
    output wire [W-1:0] out_data_f3,
    output wire [2:0]   count_f3,
    output wire         in_ready_f4,
    output wire         out_valid_f4,
    output wire [W-1:0] out_data_f4,
    output wire [2:0]   count_f4,
    output wire         in_ready_f5,
    output wire         out_valid_f5,
    output wire [W-1:0] out_data_f5,
    output wire [3:0]   count_f5
);
    aes_delay #(.WIDTH(W), .DEPTH(0), .RESET(0)) u_d0 (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d0));
    aes_delay #(.WIDTH(W), .DEPTH(1), .RESET(0)) u_d1 (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d1));
    aes_delay #(.WIDTH(W), .DEPTH(3), .RESET(0)) u_d3 (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d3));
    aes_delay #(.WIDTH(W), .DEPTH(0), .RESET(1)) u_d0r (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d0r));
    aes_delay #(.WIDTH(W), .DEPTH(1), .RESET(1)) u_d1r (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d1r));
    aes_delay #(.WIDTH(W), .DEPTH(4), .RESET(1)) u_d4r (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_data), .out_data(out_data_d4r));
    aes_fifo #(.WIDTH(W), .DEPTH(1)) u_f1 (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid && in_ready_f1), .in_valid_c(in_valid && in_ready_f1),
        .in_ready(in_ready_f1), .in_data(in_data),
        .out_valid(out_valid_f1), .out_ready(out_ready), .out_data(out_data_f1), .count(count_f1));
    aes_fifo #(.WIDTH(W), .DEPTH(2)) u_f2 (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid && in_ready_f2), .in_valid_c(in_valid && in_ready_f2),
        .in_ready(in_ready_f2), .in_data(in_data),
        .out_valid(out_valid_f2), .out_ready(out_ready), .out_data(out_data_f2), .count(count_f2));
    aes_fifo #(.WIDTH(W), .DEPTH(3)) u_f3 (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid && in_ready_f3), .in_valid_c(in_valid && in_ready_f3),
        .in_ready(in_ready_f3), .in_data(in_data),
        .out_valid(out_valid_f3), .out_ready(out_ready), .out_data(out_data_f3), .count(count_f3));
    aes_fifo #(.WIDTH(W), .DEPTH(4)) u_f4 (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid && in_ready_f4), .in_valid_c(in_valid && in_ready_f4),
        .in_ready(in_ready_f4), .in_data(in_data),
        .out_valid(out_valid_f4), .out_ready(out_ready), .out_data(out_data_f4), .count(count_f4));
    aes_fifo #(.WIDTH(W), .DEPTH(5)) u_f5 (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid && in_ready_f5), .in_valid_c(in_valid && in_ready_f5),
        .in_ready(in_ready_f5), .in_data(in_data),
        .out_valid(out_valid_f5), .out_ready(out_ready), .out_data(out_data_f5), .count(count_f5));
endmodule

`default_nettype wire

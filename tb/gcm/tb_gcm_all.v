// SPDX-License-Identifier: Apache-2.0
// tb_gcm_all: one Verilator build for the GCM unit tests: aes_gf128_mul and
// aes_ghash at LANES = 1, 2 and 4 side by side (ports suffixed _l<LANES>),
// each with its own inputs so the cocotb tests drive them one at a time.
`default_nettype none

module tb_gcm_all (
    input  wire         clk,
    input  wire [127:0] a,
    input  wire [127:0] b,
    input  wire [127:0] c,
    output wire [127:0] p,

    input  wire         rst_n_l1, h_load_l1, en_l1, start_l1,
    input  wire [127:0] h_l1,
    input  wire [0:0]   mask_l1,
    input  wire [127:0] blocks_l1,
    output wire         h_busy_l1,
    output wire [127:0] state_l1,

    input  wire         rst_n_l2, h_load_l2, en_l2, start_l2,
    input  wire [127:0] h_l2,
    input  wire [1:0]   mask_l2,
    input  wire [255:0] blocks_l2,
    output wire         h_busy_l2,
    output wire [127:0] state_l2,

    input  wire         rst_n_l4, h_load_l4, en_l4, start_l4,
    input  wire [127:0] h_l4,
    input  wire [3:0]   mask_l4,
    input  wire [511:0] blocks_l4,
    output wire         h_busy_l4,
    output wire [127:0] state_l4
);
    aes_gf128_mul u_mul (.clk(1'b0), .rst_n(1'b1), .en(1'b0), .a(a), .b(b), .c(c), .p(p));

    aes_ghash #(.LANES(1)) u_l1 (
        .clk(clk), .rst_n(rst_n_l1), .h_load(h_load_l1), .h(h_l1), .h_busy(h_busy_l1),
        .en(en_l1), .start(start_l1), .mask(mask_l1), .blocks(blocks_l1),
        .state(state_l1));

    aes_ghash #(.LANES(2)) u_l2 (
        .clk(clk), .rst_n(rst_n_l2), .h_load(h_load_l2), .h(h_l2), .h_busy(h_busy_l2),
        .en(en_l2), .start(start_l2), .mask(mask_l2), .blocks(blocks_l2),
        .state(state_l2));

    aes_ghash #(.LANES(4)) u_l4 (
        .clk(clk), .rst_n(rst_n_l4), .h_load(h_load_l4), .h(h_l4), .h_busy(h_busy_l4),
        .en(en_l4), .start(start_l4), .mask(mask_l4), .blocks(blocks_l4),
        .state(state_l4));
endmodule

`default_nettype wire

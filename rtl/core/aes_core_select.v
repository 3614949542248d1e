// SPDX-License-Identifier: Apache-2.0
// aes_core_select: one AES core chosen by ARCH, behind the shared core
// interface, so aes_axis and aes_bist are written once for all cores.
//   "ITERATIVE"  aes_core_folded, U = 1, STAGES = 1 (one round per clock)
//   "FOLDED"     aes_core_folded with U round units of STAGES registers each
//   "PIPELINED"  aes_core_pipelined (STAGES registers per round, KEY_MODE)
// Any other ARCH string builds the iterative core.
`default_nettype none

module aes_core_select #(
    parameter [71:0] ARCH = "PIPELINED",   // sized: shorter names zero-extend
    parameter LANES    = 1,
    parameter U        = 1,
    parameter STAGES   = 1,
    parameter IMPL     = "LUT",
    parameter MODE     = "BOTH",
    parameter KEY_MODE = "SHARED",
    parameter KEYS     = 3'b111,
    parameter USER_W   = 1
) (
    input  wire                 clk,
    input  wire                 rst_n,
    input  wire                 key_valid,
    output wire                 key_ready,
    input  wire [255:0]         key,
    input  wire [1:0]           key_len,
    input  wire                 key_decrypt,
    output wire                 key_error,
    input  wire                 key_clear,
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire [128*LANES-1:0] in_data,
    input  wire [USER_W-1:0]    in_user,
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [128*LANES-1:0] out_data,
    output wire [USER_W-1:0]    out_user,
    output wire                 busy
);
    generate
        if (ARCH == "PIPELINED") begin : g_pipelined
            aes_core_pipelined #(.LANES(LANES), .STAGES(STAGES), .IMPL(IMPL), .MODE(MODE),
                                 .KEY_MODE(KEY_MODE), .KEYS(KEYS), .USER_W(USER_W)) u_core (
                .clk(clk), .rst_n(rst_n),
                .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
                .key_decrypt(key_decrypt), .key_error(key_error), .key_clear(key_clear),
                .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_user(in_user),
                .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_user(out_user),
                .busy(busy));
        end else begin : g_folded
            localparam FU = (ARCH == "FOLDED") ? U : 1;
            localparam FS = (ARCH == "FOLDED") ? STAGES : 1;
            aes_core_folded #(.U(FU), .LANES(LANES), .STAGES(FS), .IMPL(IMPL), .MODE(MODE),
                              .USER_W(USER_W)) u_core (
                .clk(clk), .rst_n(rst_n),
                .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
                .key_decrypt(key_decrypt), .key_error(key_error), .key_clear(key_clear),
                .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_user(in_user),
                .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_user(out_user),
                .busy(busy));
        end
    endgenerate
endmodule

`default_nettype wire

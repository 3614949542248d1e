// SPDX-License-Identifier: Apache-2.0
`default_nettype none
module sbx_h #(parameter MODE = "ENC") (
    input wire clk, input wire [127:0] d, input wire [15:0] inv_d, output reg [127:0] q);
    reg [127:0] r; reg [15:0] iv;
    wire [127:0] y;
    always @(posedge clk) begin r <= d; iv <= inv_d; q <= y; end
    genvar i;
    generate for (i = 0; i < 16; i = i + 1) begin : g
        aes_sbox #(.IMPL("LUT"), .MODE(MODE), .PIPE(0)) u (.clk(clk), .ce(1'b1), .inv(iv[i]), .in_byte(r[8*i +: 8]), .out_byte(y[8*i +: 8]));
    end endgenerate
endmodule

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
module rh #(parameter IMPL = "COMPOSITE", parameter MODE = "ENC", parameter STAGES = 4) (
    input wire clk, input wire [127:0] d, input wire [127:0] k, output wire [127:0] q);
    reg [127:0] r, kr;
    always @(posedge clk) begin r <= d; kr <= k; end
    aes_round #(.IMPL(IMPL), .MODE(MODE), .STAGES(STAGES), .INV_W(1)) u (.clk(clk), .ce(1'b1), .inv(1'b0), .final_round(1'b0),
        .in_state(r), .round_key(kr), .out_state(q));
endmodule

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
module rhb #(parameter IMPL = "COMPOSITE", parameter STAGES = 4) (
    input wire clk, input wire [127:0] d, input wire [127:0] k, input wire [15:0] iv_d, output wire [127:0] q);
    reg [127:0] r, kr; (* keep *) reg [15:0] iv;
    always @(posedge clk) begin r <= d; kr <= k; iv <= iv_d; end
    aes_round #(.IMPL(IMPL), .MODE("BOTH"), .STAGES(STAGES), .INV_W(16)) u (.clk(clk), .ce(1'b1), .inv(iv), .final_round(1'b0),
        .in_state(r), .round_key(kr), .out_state(q));
endmodule

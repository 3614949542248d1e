// SPDX-License-Identifier: Apache-2.0
// aes_delay: DEPTH register stages (DEPTH = 0 is a wire), advancing while ce.
// With RESET = 1 the stages clear on rst_n (use it for valid bits only:
// datapath registers need no reset and are cheaper without one).
`default_nettype none

module aes_delay #(
    parameter WIDTH = 1,
    parameter DEPTH = 1,
    parameter RESET = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire             clk,     // unused when DEPTH is 0
    input  wire             rst_n,   // unused unless RESET
    input  wire             ce,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [WIDTH-1:0] in_data,
    output wire [WIDTH-1:0] out_data
);
    wire [WIDTH-1:0] stage [0:DEPTH];
    assign stage[0] = in_data;
    genvar k;
    generate
        for (k = 0; k < DEPTH; k = k + 1) begin : g_stage
            reg [WIDTH-1:0] q;
            if (RESET != 0) begin : g_rst
                always @(posedge clk)
                    if (!rst_n)  q <= {WIDTH{1'b0}};
                    else if (ce) q <= stage[k];
            end else begin : g_nrst
                always @(posedge clk)
                    if (ce) q <= stage[k];
            end
            assign stage[k+1] = q;
        end
    endgenerate
    assign out_data = stage[DEPTH];
endmodule

`default_nettype wire

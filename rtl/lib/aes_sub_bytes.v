// SPDX-License-Identifier: Apache-2.0
// aes_sub_bytes: NBYTES S-boxes side by side (16 for a state, 4 for the key
// schedule's SubWord). Parameters pass through to aes_sbox.
`default_nettype none

module aes_sub_bytes #(
    parameter NBYTES = 16,
    parameter IMPL   = "LUT",
    parameter MODE   = "BOTH",
    parameter PIPE   = 0
) (
    input  wire                clk,
    input  wire                ce,
    input  wire                inv,
    input  wire [8*NBYTES-1:0] in_data,
    output wire [8*NBYTES-1:0] out_data
);
    genvar i;
    generate
        for (i = 0; i < NBYTES; i = i + 1) begin : g_sbox
            aes_sbox #(.IMPL(IMPL), .MODE(MODE), .PIPE(PIPE)) u_sbox (
                .clk(clk), .ce(ce), .inv(inv),
                .in_byte(in_data[8*i +: 8]), .out_byte(out_data[8*i +: 8])
            );
        end
    endgenerate
endmodule

`default_nettype wire

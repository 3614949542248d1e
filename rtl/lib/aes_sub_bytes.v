// SPDX-License-Identifier: Apache-2.0
// aes_sub_bytes: NBYTES S-boxes side by side (16 for a state, 4 for the key
// schedule's SubWord). Parameters pass through to aes_sbox; with IMPL "BRAM"
// two neighbouring S-boxes share one table (both ports of a dual-port block
// RAM), so a state takes 8 blocks.
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
    // Bytes per table: 2 for block RAM (an odd last byte gets a table of its own).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam PER = (IMPL == "BRAM") ? 2 : 1;
    /* verilator lint_on WIDTH */
    genvar i;
    generate
        for (i = 0; i < NBYTES; i = i + PER) begin : g_sbox
            localparam N = (i + PER <= NBYTES) ? PER : NBYTES - i;
            aes_sbox #(.IMPL(IMPL), .MODE(MODE), .PIPE(PIPE), .PORTS(N)) u_sbox (
                .clk(clk), .ce(ce), .inv(inv),
                .in_byte(in_data[8*i +: 8*N]), .out_byte(out_data[8*i +: 8*N])
            );
        end
    endgenerate
endmodule

`default_nettype wire

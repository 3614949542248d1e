// SPDX-License-Identifier: Apache-2.0
// aes_sub_bytes: NBYTES S-boxes side by side (16 for a state, 4 for the key
// schedule's SubWord). Parameters pass through to aes_sbox; with IMPL "BRAM"
// two neighbouring S-boxes share one table (both ports of a dual-port block
// RAM), so a state takes 8 blocks.
// INV_W (1 or NBYTES): inv is one bit for every S-box, or one copy per S-box
// (S-box i reads inv[i]; a block-RAM pair reads its first byte's), so that a
// caller can drive the direction of each S-box from a register of its own
// (MODE "BOTH": one flip-flop feeding every S-box of a state is a buffer tree
// in front of the round; aes_round INV_W).
`default_nettype none

module aes_sub_bytes #(
    parameter NBYTES = 16,
    parameter IMPL   = "LUT",
    parameter MODE   = "BOTH",
    parameter PIPE   = 0,
    parameter INV_W  = 1,
    parameter RAW    = 0        // aes_sbox RAW (COMPOSITE: the tower-field inverses, unmapped)
) (
    input  wire                clk,
    input  wire                ce,
    /* verilator lint_off UNUSEDSIGNAL */   // a block-RAM pair reads its first byte's copy
    input  wire [INV_W-1:0]    inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [8*NBYTES-1:0] in_data,
    output wire [8*NBYTES-1:0] out_data
);
    // Bytes per table: 2 for block RAM (an odd last byte gets a table of its own).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam PER = (IMPL == "BRAM") ? 2 : 1;
    /* verilator lint_on WIDTH */
    generate
        if (INV_W != 1 && INV_W != NBYTES) begin : g_bad_param0
            ERROR_aes_sub_bytes_INV_W_must_be_1_or_NBYTES u_stop ();
        end
    endgenerate
    genvar i;
    generate
        for (i = 0; i < NBYTES; i = i + PER) begin : g_sbox
            localparam N = (i + PER <= NBYTES) ? PER : NBYTES - i;
            aes_sbox #(.IMPL(IMPL), .MODE(MODE), .PIPE(PIPE), .PORTS(N), .RAW(RAW)) u_sbox (
                .clk(clk), .ce(ce), .inv(inv[(INV_W == 1) ? 0 : i]),
                .in_byte(in_data[8*i +: 8*N]), .out_byte(out_data[8*i +: 8*N])
            );
        end
    endgenerate
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// tb_round_dual: aes_round_dual behind aes_round's ports, for test_round. Both chains take
// in_state. JOIN = 1: out_state is the round's joined output. JOIN = 0: out_state is the
// chain of the beat's direction, chosen here by the direction delayed STAGES ce-cycles (the
// testbench's own delay, so the chains themselves are what is checked).
`default_nettype none

module tb_round_dual #(
    parameter IMPL    = "LUT",
    parameter STAGES  = 1,
    parameter INV_W   = 1,
    parameter OUTS    = 1,
    parameter DEC_MUL = 0,
    parameter JOIN    = 1
) (
    input  wire                clk,
    input  wire                ce,
    input  wire [INV_W-1:0]    inv,
    input  wire                final_round,
    input  wire [127:0]        in_state,
    input  wire [127:0]        round_key,
    input  wire [127:0]        round_key_im,
    input  wire [OUTS-1:0]     zero,
    output wire [128*OUTS-1:0] out_state
);
    /* verilator lint_off UNUSEDSIGNAL */   // each JOIN reads its part
    wire [128*OUTS-1:0] oe, od, oj;
    /* verilator lint_on UNUSEDSIGNAL */
    aes_round_dual #(.IMPL(IMPL), .STAGES(STAGES), .INV_W(INV_W), .OUTS(OUTS), .DEC_MUL(DEC_MUL),
                     .JOIN(JOIN)) u_dut (
        .clk(clk), .ce(ce), .inv({INV_W{inv[0]}}), .final_round(final_round),
        .in_enc(in_state), .in_dec(in_state), .round_key(round_key), .round_key_im(round_key_im),
        .zero(zero), .out_enc(oe), .out_dec(od), .out_state(oj)
    );
    reg [STAGES-1:0] dir;               // inv, 1..STAGES ce-cycles on
    integer k;
    always @(posedge clk)
        if (ce) begin
            dir[0] <= inv[0];
            for (k = 1; k < STAGES; k = k + 1) dir[k] <= dir[k-1];
        end
    generate
        if (JOIN != 0 && OUTS == 2) begin : g_join2
            // copy 0 is the encrypt chain's first register: the chain of the direction
            assign out_state = {oj[255:128], dir[STAGES-1] ? od[127:0] : oe[127:0]};
        end else if (JOIN != 0) begin : g_join
            assign out_state = oj;
        end else begin : g_chains
            assign out_state = dir[STAGES-1] ? od : oe;
        end
    endgenerate
endmodule

`default_nettype wire

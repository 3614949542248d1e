// SPDX-License-Identifier: Apache-2.0
// Abstraction for the stream proof (job axis_stream): aes_core_select with the
// same parameters and ports, reduced to what docs/core_interface.md promises and
// nothing more, so the proof holds for every core (ITERATIVE, FOLDED, PIPELINED):
//   * a FIFO of up to QD beats, output order = input order, out_user = in_user
//     (rule 3); the result data of a beat is a free value chosen when it enters
//     (the cipher is not modelled), held until its output handshake;
//   * in_ready: free, but low until the first key handshake and after key_clear
//     or reset (rule 2); out_valid: free to rise once a beat is there, then held
//     until the handshake; out_data and out_user are 0 while out_valid is 0;
//   * key_ready: free while key_valid (any latency); key_clear does not drop the
//     beats inside (every core carries the key with the beat, rule 1); reset
//     empties it. busy = beats inside.
// The cores themselves are proved against this contract (core_folded,
// core_pipelined).
`default_nettype none

module aes_core_select #(
    parameter [71:0] ARCH = "PIPELINED",
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
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [255:0]         key,
    input  wire [1:0]           key_len,
    input  wire                 key_decrypt,
    input  wire [128*LANES-1:0] in_data,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                 key_error,
    input  wire                 key_clear,
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire [USER_W-1:0]    in_user,
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [128*LANES-1:0] out_data,
    output wire [USER_W-1:0]    out_user,
    output wire                 busy
);
    localparam W  = 128 * LANES;
    localparam QD = 3;                       // beats the abstract core can hold

    // q_user / q_data: entry 0 is the oldest (the output); entries >= q_cnt are unused
    reg [QD*USER_W-1:0] q_user;
    reg [QD*W-1:0]      q_data;
    reg [1:0]           q_cnt;
    reg                 have_key;
    reg                 shown;               // out_valid was high and not taken last cycle

    wire f_in_ok = $anyseq, f_show = $anyseq, f_key = $anyseq;
    wire [W-1:0] f_result = $anyseq;

    assign key_ready = key_valid && f_key;
    assign key_error = 1'b0;
    assign in_ready  = have_key && (q_cnt != QD[1:0]) && f_in_ok;
    assign out_valid = (q_cnt != 2'd0) && (shown || f_show);
    assign out_data  = out_valid ? q_data[W-1:0] : {W{1'b0}};
    assign out_user  = out_valid ? q_user[USER_W-1:0] : {USER_W{1'b0}};
    assign busy      = (q_cnt != 2'd0);

    wire push = in_valid && in_ready;
    wire pop  = out_valid && out_ready;
    // after a pop the entries move down one place; the new beat goes to the first free one
    wire [QD*USER_W-1:0] u_kept = pop ? (q_user >> USER_W) : q_user;
    wire [QD*W-1:0]      d_kept = pop ? (q_data >> W) : q_data;
    wire [1:0]           n_kept = q_cnt - {1'b0, pop};

    integer e;
    always @(posedge clk) begin
        if (!rst_n) begin
            q_cnt <= 2'd0; have_key <= 1'b0; shown <= 1'b0;
        end else begin
            shown <= out_valid && !out_ready;
            if (key_clear)                   have_key <= 1'b0;
            else if (key_valid && key_ready) have_key <= 1'b1;
            q_cnt  <= n_kept + {1'b0, push};
            q_user <= u_kept;
            q_data <= d_kept;
            for (e = 0; e < QD; e = e + 1)
                if (push && n_kept == e[1:0]) begin
                    q_user[USER_W*e +: USER_W] <= in_user;
                    q_data[W*e +: W]           <= f_result;
                end
        end
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_key_bank: one bank of round keys of the SHARED pipelined core
// (aes_core_pipelined holds two: one in use, one loading), and the count of the
// beats in flight that use it.
//
// Slots 0..NR_MAX hold round keys 0..NR_MAX (slot_oh picks the slot a key step
// writes). One write port: wdata into the slot of slot_oh when write is high, or
// zeros into every slot when scrub is high (the core scrubs a bank only while it
// is idle and never writes it then: a load starts only into a scrubbed, idle
// bank). So a bank bit costs one multiplexer, with no reset or clear term; reset
// and CLEAR zero the keys through the core's scrub, not here.
// count: beats in flight that use this bank (inc: one enters, dec: one leaves);
// idle: count == 0, as a register (it fans out to the bank's scrub and the load
// start), decoded from the register so the late handshakes are its last gate.
// CNT_W: bits of count, enough for the most beats the core holds.
`default_nettype none

module aes_key_bank #(
    parameter NR_MAX = 10,
    parameter CNT_W  = 5
) (
    input  wire                       clk,
    input  wire                       rst_n,
    input  wire                       scrub,
    input  wire                       write,
    input  wire [NR_MAX:0]            slot_oh,
    input  wire [127:0]               wdata,
    input  wire                       inc,
    input  wire                       dec,
    output wire [128*(NR_MAX+1)-1:0]  slots,     // slot i at [128*i +: 128]
    output reg                        idle
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (NR_MAX != 10 && NR_MAX != 12 && NR_MAX != 14) begin : g_bad_param0
            ERROR_aes_key_bank_NR_MAX_must_be_10_12_or_14 u_stop ();
        end
        if (CNT_W < 1) begin : g_bad_param1
            ERROR_aes_key_bank_CNT_W_must_be_at_least_1 u_stop ();
        end
    endgenerate

    reg [127:0]     slot [0:NR_MAX];
    reg [CNT_W-1:0] count;

    wire [127:0] wd = scrub ? 128'h0 : wdata;
    integer b;
    always @(posedge clk)
        for (b = 0; b <= NR_MAX; b = b + 1)
            if (scrub || (write && slot_oh[b])) slot[b] <= wd;

    genvar i;
    generate
        for (i = 0; i <= NR_MAX; i = i + 1) begin : g_out
            assign slots[128*i +: 128] = slot[i];
        end
    endgenerate

    // Idle next cycle: nothing enters, and nothing is left after this exit.
    wire idle_next = !inc && (dec ? (count == {{(CNT_W-1){1'b0}}, 1'b1})
                                  : (count == {CNT_W{1'b0}}));
    always @(posedge clk) begin
        if (!rst_n) begin
            count <= {CNT_W{1'b0}};
            idle  <= 1'b1;
        end else begin
            count <= (inc && !dec) ? count + 1'b1 : (dec && !inc) ? count - 1'b1 : count;
            idle  <= idle_next;
        end
    end
endmodule

`default_nettype wire

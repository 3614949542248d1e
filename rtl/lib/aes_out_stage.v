// SPDX-License-Identifier: Apache-2.0
// aes_out_stage: the output side of every core: the output FIFO and the credits
// that keep it from overflowing, written once (aes_core_folded, aes_core_pipelined).
//
// Contract: a core takes a beat in (accept) only while credit_ok is high; every
// beat it takes leaves it (exit_valid, one cycle each, in order) into the FIFO
// after its latency. Then the FIFO always has a place for an exiting beat, so a
// core's datapath never stalls: backpressure on out_ready only lowers credit_ok.
//   credits   = DEPTH - (beats in flight) - (beats in the FIFO), kept as its own
//               counter: an accepted beat takes one, a beat leaving the FIFO gives
//               it back. credit_ok (credits != 0) is a register of its own, decoded
//               a cycle early from the counter, so the accept path starts at a flip-
//               flop (no zero test of the counter in front of in_ready).
//   in_flight = beats accepted and not yet exited (empty: none; a register, equal
//               to in_flight == 0 and decoded a cycle early from the handshakes, so
//               it can drive wide loads such as a core's key scrub).
// DEPTH >= 1 places; LAT_MAX bounds in_flight (the most beats a core holds), so
// both counters fit CNT_W bits. busy: a beat in flight or in the FIFO.
// RAM: the FIFO's storage form (aes_fifo; 1 = distributed RAM on FPGAs). Targets with LUT
// RAM that define AES_LUTRAM for every build (aeshw synth: xilinx) get the RAM form whatever
// RAM says: a few LUT-RAM cells, where the register form is a DEPTH-input read multiplexer
// per bit.
// Reset empties both; the FIFO zeroes its entries while idle (aes_fifo).
`default_nettype none

module aes_out_stage #(
    parameter WIDTH   = 129,
    parameter DEPTH   = 2,
    parameter LAT_MAX = 1,
    parameter RAM     = 0
) (
    input  wire             clk,
    input  wire             rst_n,
    input  wire             accept,      // a beat enters the core (only with credit_ok)
    output reg              credit_ok,
    output reg              empty,       // no beat in flight inside the core (a register)
    input  wire             exit_valid,  // a beat leaves the core
    input  wire [WIDTH-1:0] exit_data,
    output wire             out_valid,
    input  wire             out_ready,
    output wire [WIDTH-1:0] out_data,
    output wire             busy
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (DEPTH < 1) begin : g_bad_param0
            ERROR_aes_out_stage_DEPTH_must_be_at_least_1 u_stop ();
        end
        if (LAT_MAX < 1) begin : g_bad_param1
            ERROR_aes_out_stage_LAT_MAX_must_be_at_least_1 u_stop ();
        end
    endgenerate

    `include "aes_defs.vh"
    localparam CNT_W = aes_cnt_w(LAT_MAX, DEPTH);
    localparam [CNT_W-1:0] DEPTH_C = DEPTH[CNT_W-1:0];

    // An up/down counter's next value with c + 1 and c - 1 formed from the register
    // alone: the late handshakes (up, down) only select among them.
    function [CNT_W-1:0] count_step;
        input [CNT_W-1:0] c;
        input             up, down;
        count_step = (up && !down) ? c + 1'b1 : (down && !up) ? c - 1'b1 : c;
    endfunction

    reg  [CNT_W-1:0] in_flight;
    reg  [CNT_W-1:0] credits;
    wire             popped = out_valid && out_ready;

    assign busy      = !empty || out_valid;

    // None in flight next cycle (count_step's result is zero), decoded from the register:
    // the late handshakes only select among the three compares.
    wire empty_next = (accept == exit_valid) ? (in_flight == {CNT_W{1'b0}})
                    : accept ? (in_flight == {CNT_W{1'b1}})
                    : (in_flight == {{(CNT_W-1){1'b0}}, 1'b1});
    // A credit left next cycle (count_step's result is not zero), decoded from the register
    // like empty_next: the count stays, one comes back (popped alone) or one goes (accept
    // alone). Exact in CNT_W-bit arithmetic, so the FORMAL assertion below is inductive.
    wire credit_next = (popped == accept) ? credit_ok
                     : popped ? (credits != {CNT_W{1'b1}})
                     : (credits != {{(CNT_W-1){1'b0}}, 1'b1});
    always @(posedge clk) begin
        if (!rst_n) begin
            in_flight <= {CNT_W{1'b0}};
            credits   <= DEPTH_C;
            credit_ok <= 1'b1;
            empty     <= 1'b1;
        end else begin
            in_flight <= count_step(in_flight, accept, exit_valid);
            credits   <= count_step(credits, popped, accept);
            credit_ok <= credit_next;
            empty     <= empty_next;
        end
    end

`ifdef FORMAL
    // empty is in_flight == 0, decoded a cycle early (also an induction strengthening).
    // (Every proof holds reset in its first cycle.)
    always @* if (rst_n) assert (empty == (in_flight == {CNT_W{1'b0}}));
    always @* if (rst_n) assert (credit_ok == (credits != {CNT_W{1'b0}}));
`endif

    // The credits guarantee a free place for every exiting beat (in_ready and count unused).
    wire fifo_in_ready_unused;
    wire [$clog2(DEPTH <= 2 ? 2 : DEPTH):0] fifo_count_unused;
`ifdef AES_LUTRAM
    localparam FIFO_RAM = 1;
`else
    localparam FIFO_RAM = RAM;
`endif
    aes_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .RAM(FIFO_RAM)) u_fifo (
        .clk(clk), .rst_n(rst_n),
        .in_valid(exit_valid), .in_ready(fifo_in_ready_unused), .in_data(exit_data),
        .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data),
        .count(fifo_count_unused)
    );
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_fifo: small synchronous FIFO in registers (first-word fall-through).
// out_data is forced to zero while the FIFO is empty, so no stale data shows.
//
// No remanence (security choice): in every cycle in which the FIFO is empty and nothing is
// pushed, it writes zero into the entry at the write pointer and steps both pointers (an
// empty FIFO may start at any entry). So once it has been empty and idle for DEPTH cycles
// (after the last block of a CLEARed context has left, or after reset), every entry is zero:
// emitted data leaves no copy. It costs a zero gate on the shared write data (WIDTH gates)
// and nothing per entry; zeroing each entry as it is popped, or resetting the storage, would
// cost a gate per stored bit.
//
// Timing: the write enables and the flags are registers (a one-hot copy of the write pointer,
// `nonempty` and `full` beside `count`), so no count compare or pointer decode lies between a
// register and the DEPTH x WIDTH storage enables.
`default_nettype none

module aes_fifo #(
    parameter WIDTH = 128,
    parameter DEPTH = 2
) (
    input  wire             clk,
    input  wire             rst_n,
    input  wire             in_valid,
    output wire             in_ready,
    input  wire [WIDTH-1:0] in_data,
    output wire             out_valid,
    input  wire             out_ready,
    output wire [WIDTH-1:0] out_data,
    // count width written out: a localparam may not be used before its declaration
    output reg  [((DEPTH <= 2) ? 1 : $clog2(DEPTH)):0] count
);
    localparam PTR_W = (DEPTH <= 2) ? 1 : $clog2(DEPTH);

    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [PTR_W-1:0] rd_ptr, wr_ptr;
    reg [DEPTH-1:0] wr_sel;                   // one-hot: bit wr_ptr
    reg             nonempty, full;           // count != 0, count == DEPTH

    assign in_ready  = !full;
    assign out_valid = nonempty;
    assign out_data  = nonempty ? mem[rd_ptr] : {WIDTH{1'b0}};

    wire push  = in_valid && !full;
    wire pop   = nonempty && out_ready;
    wire scrub = !nonempty && !in_valid;      // empty (so not full) and no push
    wire [PTR_W:0] count_next = count + {{PTR_W{1'b0}}, push} - {{PTR_W{1'b0}}, pop};

    function [PTR_W-1:0] next_ptr;
        input [PTR_W-1:0] p;
        next_ptr = (p == DEPTH[PTR_W-1:0] - 1'b1) ? {PTR_W{1'b0}} : p + 1'b1;
    endfunction

    always @(posedge clk) begin
        if (!rst_n) begin
            rd_ptr   <= {PTR_W{1'b0}};
            wr_ptr   <= {PTR_W{1'b0}};
            wr_sel   <= {{(DEPTH-1){1'b0}}, 1'b1};
            count    <= {(PTR_W+1){1'b0}};
            nonempty <= 1'b0;
            full     <= 1'b0;
        end else begin
            if (push || scrub) begin
                wr_ptr <= next_ptr(wr_ptr);
                wr_sel <= (wr_sel << 1) | (wr_sel >> (DEPTH - 1));
            end
            if (pop  || scrub) rd_ptr <= next_ptr(rd_ptr);
            count    <= count_next;
            // count_next != 0 and count_next == DEPTH, decoded from the registers (the late
            // push and pop are only the last gates; a full FIFO takes no push, an empty no pop).
            nonempty <= push || (count > {{PTR_W{1'b0}}, 1'b1}) || (nonempty && !pop);
            full     <= !pop && (full || (push && count == DEPTH[PTR_W:0] - 1'b1));
        end
    end

    wire [WIDTH-1:0] wdata = scrub ? {WIDTH{1'b0}} : in_data;
    integer e;
    always @(posedge clk)
        for (e = 0; e < DEPTH; e = e + 1)
            if ((push || scrub) && wr_sel[e]) mem[e] <= wdata;

`ifdef FORMAL
    // Inductive invariants of the registered copies (checked, and used as induction
    // hypotheses, by every proof that contains this FIFO; they hold from the first reset).
    always @* if (rst_n) begin
        assert ({1'b0, wr_ptr} < DEPTH[PTR_W:0] && wr_sel == ({{(DEPTH-1){1'b0}}, 1'b1} << wr_ptr));
        assert (count <= DEPTH[PTR_W:0] && nonempty == (count != {(PTR_W+1){1'b0}}));
        assert (full == (count == DEPTH[PTR_W:0]));
    end
`endif
endmodule

`default_nettype wire

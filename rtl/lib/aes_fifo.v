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

    assign in_ready  = (count != DEPTH[PTR_W:0]);
    assign out_valid = (count != 0);
    assign out_data  = out_valid ? mem[rd_ptr] : {WIDTH{1'b0}};

    wire push  = in_valid && in_ready;
    wire pop   = out_valid && out_ready;
    wire scrub = !out_valid && !in_valid;     // empty (so in_ready is high) and no push

    function [PTR_W-1:0] next_ptr;
        input [PTR_W-1:0] p;
        next_ptr = (p == DEPTH[PTR_W-1:0] - 1'b1) ? {PTR_W{1'b0}} : p + 1'b1;
    endfunction

    always @(posedge clk) begin
        if (!rst_n) begin
            rd_ptr <= {PTR_W{1'b0}};
            wr_ptr <= {PTR_W{1'b0}};
            count  <= {(PTR_W+1){1'b0}};
        end else begin
            if (push || scrub) wr_ptr <= next_ptr(wr_ptr);
            if (pop  || scrub) rd_ptr <= next_ptr(rd_ptr);
            count <= count + {{PTR_W{1'b0}}, push} - {{PTR_W{1'b0}}, pop};
        end
    end

    always @(posedge clk)
        if (push || scrub) mem[wr_ptr] <= scrub ? {WIDTH{1'b0}} : in_data;
endmodule

`default_nettype wire

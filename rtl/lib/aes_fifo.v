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
// RAM = 1 (FPGA builds): the storage is written through one port at wr_ptr and read at rd_ptr,
// the form FPGA tools map to distributed (LUT) RAM: the read is then one RAM level and a few
// multiplexers instead of a DEPTH:1 multiplexer tree per bit, which in a deep FIFO (a long
// pipeline's credit depth) spreads over the chip and sets the clock. Same behaviour.
`default_nettype none

module aes_fifo #(
    parameter WIDTH = 128,
    parameter DEPTH = 2,
    parameter RAM   = 0       // 1: one write port (distributed RAM on FPGAs)
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
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (RAM != 0 && RAM != 1) begin : g_bad_param0
            ERROR_aes_fifo_RAM_must_be_0_or_1 u_stop ();
        end
    endgenerate

    localparam PTR_W = (DEPTH <= 2) ? 1 : $clog2(DEPTH);

    // Targets with distributed (LUT) RAM define AES_LUTRAM (aeshw synth: ecp5, xilinx): the
    // RAM form goes there, never into block RAM, whose ~4 ns clock-to-data would sit in front
    // of the consumer. (Only the RAM form is inferred as a memory at all; iCE40 has no LUT RAM.)
`ifdef AES_LUTRAM
    (* ram_style = "distributed" *)
`endif
    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [PTR_W-1:0] rd_ptr, wr_ptr;
    /* verilator lint_off UNUSEDSIGNAL */   // the RAM form addresses with wr_ptr instead
    reg [DEPTH-1:0] wr_sel;                   // one-hot: bit wr_ptr
    /* verilator lint_on UNUSEDSIGNAL */
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
    generate
        if (RAM != 0) begin : g_ram
            always @(posedge clk)
                if (push || scrub) mem[wr_ptr] <= wdata;
        end else begin : g_regs
            integer e;
            always @(posedge clk)
                for (e = 0; e < DEPTH; e = e + 1)
                    if ((push || scrub) && wr_sel[e]) mem[e] <= wdata;
        end
    endgenerate

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

// SPDX-License-Identifier: Apache-2.0
// aes_fifo: small synchronous FIFO (first-word fall-through) of DEPTH words.
// out_data is forced to zero while the FIFO is empty, so no stale data shows.
//
// The producer offers a word only while in_ready is high (not full): aes_out_stage
// reserves a place for every word first (its credits), so a push is in_valid itself.
//
// Storage: DEPTH + 1 entries, and the entry at the write pointer takes in_data in every
// clock. At most DEPTH entries hold words, so the entry at the write pointer is always a
// free one: a push only moves the pointer on. No write enable hangs on the handshakes,
// the count or a decode: in the register form (RAM = 0) each entry's enable is a register
// of its own (`wsel`, one-hot, a copy per CHUNK data bits), the clock of a deep
// pipeline's exit with the FIFO's DEPTH-way fan-out behind it. The one extra entry is
// the price (WIDTH flip-flops).
//
// No remanence (security choice): in every cycle in which the FIFO is empty and nothing is
// pushed it steps both pointers (an empty FIFO may start at any entry), so the entry that
// takes in_data moves on. A producer that holds in_data at zero while in_valid is low
// (the cores clear a bubble's data in their last round: aes_round's zero) thus leaves
// every entry zero once the FIFO has been empty and idle for DEPTH + 1 cycles (after the
// last block of a CLEARed context has left, or after reset): emitted data leaves no copy,
// at no cost per entry. What is stored as a word never depends on in_data while in_valid
// is low: only the remanence does.
//
// Timing (register form): the read pointer is one-hot too (a rotation, no increment-and-
// wrap loop), the read an AND-OR over the entries. The occupancy is a thermometer
// (aes_level): nonempty, count > 1 and full are exact registers; count is only the port. The pointers' steps read copies of
// nonempty of their own (`keep`), so no handshake net carries the count's logic and a
// DEPTH-wide pointer at once. RAM = 1 (FPGA builds): the same FIFO with binary pointers, the storage
// written through one port at wr_ptr and read at rd_ptr, the form FPGA tools map to
// distributed (LUT) RAM: the read is one RAM level and a few multiplexers instead of a
// DEPTH:1 multiplexer tree per bit, which in a deep FIFO spreads over the chip.
`default_nettype none

module aes_fifo #(
    parameter WIDTH = 128,
    parameter DEPTH = 2,
    parameter RAM   = 0,      // 1: one write port (distributed RAM on FPGAs)
    parameter CHUNK = 136     // register form: data bits per copy of an entry's write select
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
        if (DEPTH < 1) begin : g_bad_param1
            ERROR_aes_fifo_DEPTH_must_be_at_least_1 u_stop ();
        end
        if (CHUNK < 1) begin : g_bad_param2
            ERROR_aes_fifo_CHUNK_must_be_at_least_1 u_stop ();
        end
    endgenerate

    localparam N     = DEPTH + 1;                     // entries
    localparam PTR_W = (DEPTH <= 2) ? 1 : $clog2(DEPTH);
    localparam AW    = $clog2(N);                     // entry index
    localparam NCOPY = (WIDTH + CHUNK - 1) / CHUNK;   // copies of the write selects
    localparam GROUP = 16;                            // entries per write-step signal
    localparam NGRP  = (N + GROUP - 1) / GROUP;

    // Targets with distributed (LUT) RAM define AES_LUTRAM (aeshw synth: ecp5, xilinx): the
    // RAM form goes there, never into block RAM, whose ~4 ns clock-to-data would sit in front
    // of the consumer. (Only the RAM form is inferred as a memory at all; iCE40 has no LUT RAM.)
`ifdef AES_LUTRAM
    (* ram_style = "distributed" *)
`endif
    reg [WIDTH-1:0] mem [0:N-1];
    reg [AW-1:0]    rd_ptr, wr_ptr;           // binary pointers (the RAM form's addresses)
    // Occupancy (aes_level): nonempty, count > 1 and full are its exact flags, registers.
    wire nonempty, full;
    /* verilator lint_off UNUSEDSIGNAL */   // the RAM form steps its pointers without copies
    wire many;
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */   // the flags are used; the count only by FORMAL's checks
    wire [DEPTH-1:0] occ;
    /* verilator lint_on UNUSEDSIGNAL */

    assign in_ready  = !full;
    assign out_valid = nonempty;

    // The producer offers a word only while the FIFO is not full (in_ready): aes_out_stage
    // reserves a place (a credit) for every word first. So a push is in_valid, and no
    // handshake logic on `full` stands between the producer's valid flip-flop and the
    // pointers.
    wire push  = in_valid;
    wire pop   = nonempty && out_ready;
    wire scrub = !nonempty && !in_valid;      // empty (so not full) and no push

    aes_level #(.MAX(DEPTH), .INIT(0)) u_occ (
        .clk(clk), .rst_n(rst_n), .up(push), .down(pop), .gt(occ),
        .nz(nonempty), .many(many), .full(full)
    );

    function [AW-1:0] next_ptr;
        input [AW-1:0] p;
        next_ptr = (p == N[AW-1:0] - 1'b1) ? {AW{1'b0}} : p + 1'b1;
    endfunction

    // count (the port; nothing inside reads it) and the binary pointers (the RAM form's
    // addresses; the register form's are one-hot).
    always @(posedge clk) begin
        if (!rst_n) begin
            rd_ptr <= {AW{1'b0}};
            wr_ptr <= {AW{1'b0}};
            count  <= {(PTR_W+1){1'b0}};
        end else begin
            if (push || scrub) wr_ptr <= next_ptr(wr_ptr);
            if (pop  || scrub) rd_ptr <= next_ptr(rd_ptr);
            count <= count + push - pop;
        end
    end

    genvar e, c;
    generate
        if (RAM != 0) begin : g_ram
            always @(posedge clk) mem[wr_ptr] <= in_data;
            assign out_data = nonempty ? mem[rd_ptr] : {WIDTH{1'b0}};
        end else begin : g_regs
            // The pointers' own copies of nonempty (same next-state logic, each from its own
            // state): ne_r steps the read select; in each copy of the write selects an ne_w
            // per group of at most GROUP entries steps them, so that no step signal fans out
            // to more than GROUP selects.
            reg ne_r;
            (* keep *) always @(posedge clk)
                if (!rst_n) ne_r <= 1'b0;
                else        ne_r <= push || many || (ne_r && !out_ready);
            wire step_r = ne_r ? out_ready : !in_valid;               // pop || scrub
            // Per copy c (data bits [CHUNK*c, CHUNK*(c+1))) and entry e: wsel (entry e is at
            // the write pointer), a register of its own, kept apart so that synthesis does not
            // merge the copies back into one.
            for (c = 0; c < NCOPY; c = c + 1) begin : g_copy
                localparam LO = CHUNK * c;
                localparam HI = (CHUNK * (c + 1) < WIDTH) ? CHUNK * (c + 1) : WIDTH;
                wire [NGRP-1:0] step_w;                               // push || scrub, per group
                for (e = 0; e < NGRP; e = e + 1) begin : g_grp
                    reg ne_w;
                    (* keep *) always @(posedge clk)
                        if (!rst_n) ne_w <= 1'b0;
                        else        ne_w <= in_valid || many || (ne_w && !out_ready);
                    assign step_w[e] = in_valid || !ne_w;
`ifdef FORMAL
                    always @* if (rst_n) assert (ne_w == nonempty);
`endif
                end
                wire [N-1:0] wsel_v;
                for (e = 0; e < N; e = e + 1) begin : g_entry
                    reg wsel;
                    (* keep *) always @(posedge clk)
                        if (!rst_n)                 wsel <= (e == 0);
                        else if (step_w[e / GROUP]) wsel <= wsel_v[(e + N - 1) % N];
                    assign wsel_v[e] = wsel;
                    always @(posedge clk)
                        if (wsel) mem[e][HI-1:LO] <= in_data[HI-1:LO];
                end
`ifdef FORMAL
                always @* if (rst_n) assert (wsel_v == ({{(N-1){1'b0}}, 1'b1} << wr_ptr));
`endif
            end
            // Read: the entry rd_sel names (AND-OR), zero while empty.
            reg [N-1:0] rd_sel;                                   // one-hot: bit rd_ptr
            always @(posedge clk)
                if (!rst_n)      rd_sel <= {{(N-1){1'b0}}, 1'b1};
                else if (step_r) rd_sel <= {rd_sel[N-2:0], rd_sel[N-1]};
            reg [WIDTH-1:0] rd_word;
            integer r;
            always @* begin
                rd_word = {WIDTH{1'b0}};
                for (r = 0; r < N; r = r + 1)
                    rd_word = rd_word | (mem[r] & {WIDTH{rd_sel[r]}});
            end
            assign out_data = nonempty ? rd_word : {WIDTH{1'b0}};
`ifdef FORMAL
            always @* if (rst_n) begin
                assert (rd_sel == ({{(N-1){1'b0}}, 1'b1} << rd_ptr));
                assert (ne_r == nonempty);
            end
`endif
        end
    endgenerate

`ifdef FORMAL
    // Inductive invariants of the registered copies (checked, and used as induction
    // hypotheses, by every proof that contains this FIFO; they hold from the first reset).
    // (u_occ's thermometer is one clock behind: count = its count plus the last clock's step)
    reg f_up, f_dn;
    always @(posedge clk) begin
        f_up <= rst_n && push && !pop;
        f_dn <= rst_n && pop && !push;
    end
    integer f, f_lag;
    always @* begin
        f_lag = 0;
        for (f = 0; f < DEPTH; f = f + 1) f_lag = f_lag + occ[f];
    end
    /* verilator lint_off WIDTHEXPAND */     // compares with the integer bounds
    always @* if (rst_n) begin
        assert (wr_ptr < N && rd_ptr < N);
        assert (count <= DEPTH && count == f_lag + f_up - f_dn);
        assert (nonempty == (count != 0) && many == (count > 1) && full == (count == DEPTH));
    end
    /* verilator lint_on WIDTHEXPAND */
`endif
endmodule

`default_nettype wire

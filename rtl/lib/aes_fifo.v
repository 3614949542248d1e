// SPDX-License-Identifier: Apache-2.0
// aes_fifo: small synchronous FIFO (first-word fall-through) of DEPTH words.
// out_data is forced to zero while the FIFO is empty, so no stale data shows.
//
// The producer offers a word only while in_ready is high (not full): aes_out_stage
// reserves a place for every word first (its credits), so a push is in_valid itself.
//
// Storage (SPARE = 1): DEPTH + 1 entries, and the entry at the write pointer takes in_data in
// every clock. At most DEPTH entries hold words, so the entry at the write pointer is always a
// free one: a push only moves the pointer on. No write enable hangs on the handshakes,
// the count or a decode: in the register form (RAM = 0) each entry's enable is a register
// of its own (`wr_sel_c`, one-hot, a copy per CHUNK data bits, beside the write ring
// `wr_sel`), the clock of a deep pipeline's exit with the FIFO's DEPTH-way fan-out behind
// it. The one extra entry is the price (WIDTH flip-flops).
// SPARE = 0 (DEPTH >= 2): DEPTH entries; the same, except that no entry is written while
// the FIFO is full (the entry at the write pointer is then the oldest word): one gate, with
// the `full` register, in front of each entry's enable. For builds whose clock leaves room
// for that gate (a core at one stage a round): WIDTH flip-flops fewer.
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
// Gate libraries (AES_CLOCK_GATE defined: `aeshw synth --target asic` with a liberty that has
// an integrated clock-gate cell): in the register form each entry (and copy) takes in_data on a
// clock of its own, gated by its write enable (aes_clock_gate), instead of a hold multiplexer
// in front of every flip-flop: one gate cell for W flip-flops where there were W multiplexers
// (NanGate45: 19 kGE of the six-stage AES-128 core's 220). Same behaviour clock for clock;
// FORMAL reads the enable form (the gate is an enable by its contract), FPGA targets never
// define it (their flip-flops have clock enables).
//
// Timing (register form): the read pointer is one-hot too (a rotation, no increment-and-
// wrap loop), the read an AND-OR over the entries. The occupancy is a thermometer
// (aes_level): nonempty, count > 1 and full are exact registers; count is only the port. The pointers' steps read copies of
// nonempty of their own (`keep`), so no handshake net carries the count's logic and a
// DEPTH-wide pointer at once. RAM = 1 (FPGA builds): the same FIFO with binary pointers, the storage
// written through one port at wr_ptr and read at rd_ptr, the form FPGA tools map to
// distributed (LUT) RAM: the read is one RAM level and a few multiplexers instead of a
// DEPTH:1 multiplexer tree per bit, which in a deep FIFO spreads over the chip.
// Registered head (AES_FIFO_HEAD defined, RAM form only: `aeshw synth --target ecp5`):
// out_data is a register, loaded a clock early from in_data or from a second read port at
// the read pointer's successor, and zeroed when the FIFO goes empty. Same words in the same
// clocks as the plain read (formal/fifo_props.sv proves the head equal to it), WIDTH + AW
// flip-flops and a second copy of the LUT RAM more. Why: on ECP5 the plain read (read pointer
// -> LUT RAM -> bank multiplexer -> zero-when-empty gate -> the consumer) set the clock of the
// one-lane block-RAM pipeline, 204.5 MHz (4.9 of its 6.0 ns routing); with the head the
// consumer starts at a flip-flop and that row routed at 214.0 MHz (docs/results/notes.md).
`default_nettype none

// The gated form (register storage): AES_GATED_FORM (gate libraries only, never in the
// formal proofs).
`include "aes_gated.vh"

module aes_fifo #(
    parameter WIDTH = 128,
    parameter DEPTH = 2,
    parameter RAM   = 0,      // 1: one write port (distributed RAM on FPGAs)
    parameter COPIES = 1,     // register form: copies of the pointers (data bits in as many chunks)
    parameter SPARE = 1       // 1: DEPTH + 1 entries, write enables registers; 0: DEPTH (above)
) (
    input  wire             clk,
    input  wire             rst_n,
    input  wire             in_valid,
    // copies of in_valid from flip-flops of the producer's own (equal to in_valid), one per
    // chunk of the register form's pointers, so that no valid net steps every pointer copy
    /* verilator lint_off UNUSEDSIGNAL */     // the RAM form steps one pointer with in_valid
    input  wire [COPIES-1:0] in_valid_c,
    /* verilator lint_on UNUSEDSIGNAL */
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
        if (COPIES < 1 || COPIES > WIDTH) begin : g_bad_param2
            ERROR_aes_fifo_COPIES_must_be_1_to_WIDTH u_stop ();
        end
        if (SPARE != 0 && SPARE != 1) begin : g_bad_param3
            ERROR_aes_fifo_SPARE_must_be_0_or_1 u_stop ();
        end
        if (SPARE == 0 && DEPTH < 2) begin : g_bad_param4
            ERROR_aes_fifo_DEPTH_must_be_at_least_2_with_SPARE_0 u_stop ();
        end
    endgenerate

    localparam N     = DEPTH + SPARE;                 // entries
`ifdef AES_FIFO_HEAD
    localparam HEAD  = (RAM != 0);                    // the RAM form's registered head
`else
    localparam HEAD  = 0;
`endif
    localparam PTR_W = (DEPTH <= 2) ? 1 : $clog2(DEPTH);
    localparam AW    = $clog2(N);                     // entry index
    localparam CHUNK = (WIDTH + COPIES - 1) / COPIES; // data bits per copy of the pointers
    localparam GROUP = 8;                             // entries per step signal
    localparam NGRP  = (N + GROUP - 1) / GROUP;
`ifdef AES_GATED_FORM
    localparam WGROUP = 16;                           // entries per write-data gate
    localparam NWG   = (N + WGROUP - 1) / WGROUP;
`endif

    reg [AW-1:0]    rd_ptr, wr_ptr;           // binary pointers (the RAM form's addresses)
    // Occupancy (aes_level): nonempty, count > 1 and full are its exact flags, registers.
    wire nonempty, full;
    /* verilator lint_off UNUSEDSIGNAL */   // the RAM form without a head reads it nowhere
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
            count <= count + {{PTR_W{1'b0}}, push} - {{PTR_W{1'b0}}, pop};
        end
    end

    genvar e, c;
    generate
        if (RAM != 0) begin : g_ram
            // Targets with distributed (LUT) RAM define AES_LUTRAM (aeshw synth: ecp5, xilinx):
            // the RAM form goes there, never into block RAM, whose ~4 ns clock-to-data would sit
            // in front of the consumer. (Only this form is a memory at all; iCE40 has no LUT RAM.)
`ifdef AES_LUTRAM
            (* ram_style = "distributed" *)
`endif
            reg [WIDTH-1:0] mem [0:N-1];
            always @(posedge clk) if (SPARE != 0 || !full) mem[wr_ptr] <= in_data;
            if (HEAD) begin : g_head
                // The registered head (AES_FIFO_HEAD, above): `head` is in every clock what
                // the plain read shows, next clock's word computed a clock early: the word
                // pushed now (into an empty FIFO, or behind the last word as it leaves), the
                // word behind the head (rd_nxt, the read pointer's successor in a register of
                // its own: the RAM's second read port) as the head leaves, else the head held
                // (a stall), or zero once the FIFO is empty.
                reg [AW-1:0]    rd_nxt;
                reg [WIDTH-1:0] head;
                wire hold    = nonempty && !pop;
                wire take_in = push && (!nonempty || (pop && !many));
                wire clr     = !(push || many || hold);         // empty next clock
                always @(posedge clk) begin
                    if (!rst_n)            rd_nxt <= next_ptr({AW{1'b0}});
                    else if (pop || scrub) rd_nxt <= next_ptr(rd_nxt);
                    if (!rst_n || clr)     head <= {WIDTH{1'b0}};
                    else if (!hold)        head <= take_in ? in_data : mem[rd_nxt];
                end
                assign out_data = head;
`ifdef FORMAL
                // (that head equals the plain read: formal/fifo_props.sv, with the pointers' range)
                always @* if (rst_n) assert (rd_nxt == next_ptr(rd_ptr));
`endif
            end else begin : g_read
                assign out_data = nonempty ? mem[rd_ptr] : {WIDTH{1'b0}};
            end
        end else begin : g_regs
            // Per copy c (data bits [CHUNK*c, CHUNK*(c+1))) the register form has pointers of its
            // own, one-hot rings: the write ring (wr_sel_c: entry e takes in_data while its bit
            // is set) and the read ring (rd_ptr_c; rd_sel_c, its copy, is the read multiplexer's
            // select). Each group of at most GROUP entries of a copy steps from a copy of
            // nonempty of its own (ne_c: same next-state logic as nonempty, from its own state)
            // and the copy's in_valid_c, so no step signal fans out to more than GROUP ring bits
            // (2 x GROUP, 16 flip-flops, for the read ring and its copy) and no net to more than
            // one copy. The read ring takes an idle step (scrub) one clock late (scrub_q, the
            // last clock's scrub): then no valid stands in front of it, and it is exact whenever
            // the FIFO holds a word (an idle step leaves the FIFO empty).
`ifdef FORMAL
            reg sq;                                   // the last clock's scrub
            always @(posedge clk) sq <= rst_n && scrub;
`endif
            wire [WIDTH-1:0] rd_word;
            for (c = 0; c < COPIES; c = c + 1) begin : g_copy
                localparam LO = CHUNK * c;
                localparam HI = (CHUNK * (c + 1) < WIDTH) ? CHUNK * (c + 1) : WIDTH;
                wire [N-1:0] step_w, step_r;          // per ring bit: its group's steps
                for (e = 0; e < NGRP; e = e + 1) begin : g_grp
                    localparam NB = ((e + 1) * GROUP <= N) ? GROUP : N - e * GROUP;
                    reg ne_c, scrub_q;
                    (* keep *) always @(posedge clk)
                        if (!rst_n) begin
                            ne_c <= 1'b0; scrub_q <= 1'b0;
                        end else begin
                            ne_c <= in_valid_c[c] || many || (ne_c && !out_ready);
                            scrub_q <= !ne_c && !in_valid_c[c];
                        end
                    assign step_w[e*GROUP +: NB] = {NB{in_valid_c[c] || !ne_c}};            // push || scrub
                    assign step_r[e*GROUP +: NB] = {NB{(ne_c && out_ready) || scrub_q}};       // pop || last scrub
`ifdef FORMAL
                    always @* if (rst_n) assert (ne_c == nonempty && scrub_q == sq);
`endif
                end
                // rd_sel_c: the read ring again, stepped from the ring (same next state, so
                // equal to rd_ptr_c), and only it selects in the read multiplexer: a ring bit
                // then drives its neighbour and two copies, not CHUNK selects as well (the
                // mapper buffered that fan-out as a chain with the ring's own next bit at its
                // end: rd_ptr_c -> rd_ptr_c set the clock of the 4- and 10-lane six-stage builds).
                reg [N-1:0] wr_sel_c, rd_ptr_c, rd_sel_c;
                // The storage is one register per entry and copy (`ent`, not a memory array:
                // the same flip-flops, and a simulator then updates one entry per clock
                // instead of a WIDTH-wide array's every word: a quarter of a 4-lane
                // `aeshw run` went there). The entries are gathered into one flat vector by
                // plain assigns and read by one AND-OR loop (not a chain of partial ORs in
                // one vector: Icarus re-evaluates every slice of such a chain per change).
                wire [(HI-LO)*N-1:0] ents;
`ifdef AES_GATED_FORM
                // The write data reaches the entries through a gate per write group (WGROUP
                // entries): open while the write ring is in the group. Without it the producer's
                // register drives every entry's D directly, N loads on a net that no mapper
                // stage sees whole (ABC takes the flip-flops' D net as one output), so it is
                // left unbuffered (NanGate45, six stages: 0.37 ns from the exit register, 0.49
                // through the user bits' AND, against 0.36 elsewhere). Each gate drives WGROUP
                // D pins; logically it changes nothing (an entry takes in_data only while its
                // ring bit, in the group, is set). wgrp is a register, the OR of the group's ring
                // bits, so that its fan-out to the chunk's gates starts at a flip-flop, not
                // behind an OR tree (0.49 ns the other way). It is the OR of the ring a clock
                // ago, over the group and the bit before it: the ring moves at most one place a
                // clock, so wherever it is now in the group, it was there or one place back.
                // (Open one clock too long, which writes nothing.) No step signal in it: a step
                // net with one load more cost its ring bits 0.37 ns.
                reg [NWG-1:0] wgrp;
                wire [(HI-LO)*NWG-1:0] wdat;          // per write group: in_data, or 0
                for (e = 0; e < NWG; e = e + 1) begin : g_wgrp
                    localparam NB = ((e + 1) * WGROUP <= N) ? WGROUP : N - e * WGROUP;
                    localparam ENTER = (e * WGROUP + N - 1) % N;      // the bit before the group
                    always @(posedge clk)
                        if (!rst_n) wgrp[e] <= (e == 0);
                        else        wgrp[e] <= wr_sel_c[ENTER] || (|wr_sel_c[e*WGROUP +: NB]);
                    assign wdat[(HI-LO)*e +: HI-LO] = in_data[HI-1:LO] & {(HI-LO){wgrp[e]}};
                end
`endif
                for (e = 0; e < N; e = e + 1) begin : g_entry
                    (* keep *) always @(posedge clk)
                        if (!rst_n) begin
                            wr_sel_c[e] <= (e == 0);
                            rd_ptr_c[e] <= (e == 0);
                            rd_sel_c[e] <= (e == 0);
                        end else begin
                            if (step_w[e]) wr_sel_c[e] <= wr_sel_c[(e + N - 1) % N];
                            rd_ptr_c[e] <= step_r[e] ? rd_ptr_c[(e + N - 1) % N] : rd_ptr_c[e];
                            rd_sel_c[e] <= step_r[e] ? rd_ptr_c[(e + N - 1) % N] : rd_ptr_c[e];
                        end
                    reg [HI-LO-1:0] ent;          // entry e, this copy's bits
                    wire we = wr_sel_c[e] && (SPARE != 0 || !full);
`ifdef AES_GATED_FORM
                    // The entry's own gated clock; its data through its write group's gate.
                    wire gclk;
                    aes_clock_gate u_gate (.clk(clk), .en(we), .gclk(gclk));
                    always @(posedge gclk) ent <= wdat[(HI-LO)*(e / WGROUP) +: HI-LO];
`else
                    always @(posedge clk) if (we) ent <= in_data[HI-1:LO];
`endif
                    assign ents[(HI-LO)*e +: HI-LO] = ent;
                end
                // Read: the entry rd_sel_c names (AND-OR), zero while empty.
                reg [HI-LO-1:0] acc;
                integer r;
                always @* begin
                    acc = {(HI-LO){1'b0}};
                    for (r = 0; r < N; r = r + 1)
                        acc = acc | (ents[(HI-LO)*r +: HI-LO] & {(HI-LO){rd_sel_c[r]}});
                end
                assign rd_word[HI-1:LO] = acc;
`ifdef FORMAL
                /* verilator lint_off WIDTHEXPAND */ // pointer arithmetic at the integer width
                always @* if (rst_n) begin
                    assert (in_valid_c[c] == in_valid);
                    assert (wr_sel_c == ({{(N-1){1'b0}}, 1'b1} << wr_ptr));
                    assert (rd_ptr_c == ({{(N-1){1'b0}}, 1'b1} << ((rd_ptr + N - sq) % N)));
                    assert (rd_sel_c == rd_ptr_c);
                end
                /* verilator lint_on WIDTHEXPAND */
`endif
            end
            assign out_data = nonempty ? rd_word : {WIDTH{1'b0}};
`ifdef FORMAL
            always @* if (rst_n && sq) assert (!nonempty);
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

`ifdef AES_GATED_FORM
`undef AES_GATED_FORM
`endif
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_out_stage: the output side of every core: the output FIFO and the credits
// that keep it from overflowing, written once (aes_core_folded, aes_core_pipelined).
//
// Contract: a core gives its in_valid and its own condition for in_ready (gate: the key
// context), and takes a beat in when accept is high (in_valid && gate && credit_ok); every
// beat it takes leaves it (exit_valid, one cycle each, in order) into the FIFO
// after its latency. Then the FIFO always has a place for an exiting beat, so a
// core's datapath never stalls: backpressure on out_ready only lowers credit_ok.
// exit_data is zero unless exit_valid (the FIFO writes its free entry in every clock);
// exit_valid_c are COPIES copies of exit_valid (aes_fifo's in_valid_c: each steps one copy
// of the FIFO's pointers).
//   credits   = DEPTH - (beats in flight) - (beats in the FIFO), kept as its own
//               counter: an accepted beat takes one, a beat leaving the FIFO gives
//               it back. credit_ok (credits != 0) is a register.
//   in_flight = beats accepted and not yet exited (empty: none; a register, so it
//               can drive wide loads such as a core's key scrub).
// Both are aes_level counters (exact flags in registers, no carry chain).
// DEPTH >= 1 places; LAT_MAX bounds in_flight (the most beats a core holds).
// busy: a beat in flight or in the FIFO.
// LATE = 1: accept is the late input of both counters' steps (aes_level LATE), for a core whose
// in_ready's gate comes late in its clock (aes_core_folded's entry-register builds).
// SPARE: the FIFO's spare entry (aes_fifo: 1 keeps every entry's write enable a register of
// its own; 0 saves the entry for a gate in front of each enable).
// RAM: the FIFO's storage form (aes_fifo; 1 = distributed RAM on FPGAs). Targets with LUT
// RAM that define AES_LUTRAM for every build (aeshw synth: xilinx, ecp5) get the RAM form whatever
// RAM says: a few LUT-RAM cells, where the register form is a DEPTH-input read multiplexer
// per bit.
// Reset empties both; the FIFO zeroes its entries while idle (aes_fifo).
// Pieces (AES_FIFO_CHUNKS defined, RAM form: the ecp5 target's table builds): the FIFO is
// WIDTH / CHUNK FIFOs of CHUNK bits (the last takes the bits left over), side by side with
// the same pushes and pops, so in lockstep: the same words, clocks and flags as one FIFO
// (out_valid is piece 0's; every piece's is the same, asserted under FORMAL). Each piece has
// its own pointers, occupancy and registered head, so no pointer, flag or head control net
// spans the whole word. Why: on ECP5 the one FIFO's controls set the clock of the wide
// builds: five lanes routed at 113.5 MHz with out_valid -> the consumer's ready -> the
// head's clear across 645 flip-flops (8.8 ns, 7.8 of it routing), and the head's refill read
// set the one-lane block-RAM row's. With 16-bit pieces: one lane 205.7 -> 234.1 MHz, five
// lanes 117.3 MHz with the FIFO off the worst path (docs/results/notes.md). Each piece costs
// its own occupancy counter (DEPTH flip-flops) and pointers.
`default_nettype none

module aes_out_stage #(
    parameter WIDTH   = 129,
    parameter DEPTH   = 2,
    parameter LAT_MAX = 1,
    /* verilator lint_off UNUSEDPARAM */  // a target that defines AES_LUTRAM takes the RAM form whatever RAM says
    parameter RAM     = 0,
    /* verilator lint_on UNUSEDPARAM */
    parameter COPIES  = 1,       // copies of exit_valid (exit_valid_c), one per FIFO pointer copy
    parameter SPARE   = 1,       // the FIFO's spare entry (aes_fifo SPARE)
    parameter CHUNK   = 16,      // AES_FIFO_CHUNKS, RAM form: bits per FIFO piece (above)
    parameter LATE    = 0        // 1: accept is the counters' late step input (aes_level LATE)
) (
    input  wire             clk,
    input  wire             rst_n,
    input  wire             in_valid,    // the core's in_valid
    input  wire             gate,        // the core's own condition for in_ready (key context)
    output wire             in_ready,    // gate && credit_ok
    output wire             accept,      // in_valid && in_ready: a beat enters the core
    output wire             credit_ok,   // a place is reserved for one more beat (a register)
    output wire             empty,       // no beat in flight inside the core (a register)
    input  wire             exit_valid,  // a beat leaves the core
    input  wire [COPIES-1:0] exit_valid_c, // copies of exit_valid, from flip-flops of their own
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
        if (CHUNK < 1) begin : g_bad_param2
            ERROR_aes_out_stage_CHUNK_must_be_at_least_1 u_stop ();
        end
        if (LATE != 0 && LATE != 1) begin : g_bad_param3
            ERROR_aes_out_stage_LATE_must_be_0_or_1 u_stop ();
        end
    endgenerate

    `include "aes_defs.vh"     // `AES_RST; aes_cnt_w (FORMAL)
`ifdef AES_LUTRAM
    localparam FIFO_RAM = 1;
`else
    localparam FIFO_RAM = RAM;
`endif
`ifdef AES_FIFO_CHUNKS
    localparam PIECES = (FIFO_RAM != 0 && WIDTH >= 2 * CHUNK) ? WIDTH / CHUNK : 1;
`else
    localparam PIECES = 1;
`endif
    // AES_RESET_REG (the ecp5 target's table builds of 2+ lanes, with the cores' own copies): rst_n
    // registered once here too, a copy for each counter and each FIFO piece (rst_r[0]: the
    // credits, [1]: beats in flight, [2 + p]: piece p), so the reset of this stage, like the
    // core's, comes a clock after rst_n and no reset net spans the FIFO (aes_reset_copies;
    // `AES_RST(k), aes_defs.vh).
`ifdef AES_RESET_REG
    wire [PIECES+1:0] rst_r;
    aes_reset_copies #(.N(PIECES + 2)) u_rst (.clk(clk), .rst_n(rst_n), .rst_c(rst_r));
`endif

    // The two counters (aes_level): every flag is a register, exact in every clock, and the
    // handshakes drive one gate per group of counter bits (a binary up/down counter's carry
    // chain and select were the clock-setting paths of a six-stage pipeline).
    //   credit_ok = credits != 0;   empty = in_flight == 0
    wire popped = out_valid && out_ready;
    wire cr_nz, inf_nz;
    /* verilator lint_off UNUSEDSIGNAL */   // the flags are used; the counts only by FORMAL's checks
    wire [DEPTH-1:0]   cr_gt;
    wire [LAT_MAX-1:0] inf_gt;
    wire cr_many, cr_full, inf_many, inf_full;
    /* verilator lint_on UNUSEDSIGNAL */
    aes_level #(.MAX(DEPTH), .INIT(DEPTH), .LATE(LATE ? 1 : 0)) u_credits (
        .clk(clk), .rst_n(`AES_RST(0)), .up(popped), .down(accept), .gt(cr_gt),
        .nz(cr_nz), .many(cr_many), .full(cr_full)
    );
    aes_level #(.MAX(LAT_MAX), .INIT(0), .LATE(LATE ? 2 : 0)) u_in_flight (
        .clk(clk), .rst_n(`AES_RST(1)), .up(accept), .down(exit_valid), .gt(inf_gt),
        .nz(inf_nz), .many(inf_many), .full(inf_full)
    );
    assign credit_ok = cr_nz;
    assign in_ready  = gate && credit_ok;
    assign accept    = in_valid && in_ready;
    assign empty     = !inf_nz;
    assign busy      = !empty || out_valid;

`ifdef FORMAL
    // The counts in binary, for the proofs (formal/: probes of the cores' flow control), with
    // the thermometers asserted equal to them. (Every proof holds reset in its first cycle.)
    localparam CNT_W = aes_cnt_w(LAT_MAX, DEPTH);
    reg [CNT_W-1:0] in_flight, credits;
    always @(posedge clk) begin
        if (!`AES_RST(0)) begin
            in_flight <= {CNT_W{1'b0}};
            credits   <= DEPTH[CNT_W-1:0];
        end else begin
            in_flight <= in_flight + accept - exit_valid;
            credits   <= credits + popped - accept;
        end
    end
    // (the aes_level thermometers are one clock behind: a count is its thermometer's plus
    // the last clock's step)
    reg f_cr_up, f_cr_dn, f_inf_up, f_inf_dn;
    always @(posedge clk) begin
        f_cr_up  <= `AES_RST(0) && popped && !accept;
        f_cr_dn  <= `AES_RST(0) && accept && !popped;
        f_inf_up <= `AES_RST(0) && accept && !exit_valid;
        f_inf_dn <= `AES_RST(0) && exit_valid && !accept;
    end
    integer f, f_cr, f_inf;
    always @* begin
        f_cr = 0;
        f_inf = 0;
        for (f = 0; f < DEPTH; f = f + 1) f_cr = f_cr + cr_gt[f];
        for (f = 0; f < LAT_MAX; f = f + 1) f_inf = f_inf + inf_gt[f];
    end
    /* verilator lint_off WIDTHEXPAND */     // compares with the integer bounds
    always @* if (`AES_RST(0)) begin
        assert (credit_ok == (credits != 0) && empty == (in_flight == 0));
        assert (credits <= DEPTH && in_flight <= LAT_MAX);
        assert (credits == f_cr + f_cr_up - f_cr_dn && in_flight == f_inf + f_inf_up - f_inf_dn);
    end
    /* verilator lint_on WIDTHEXPAND */
`endif

    // The credits guarantee a free place for every exiting beat: the FIFOs' in_ready is not
    // read, and their count is left open (its width is aes_fifo's own fact).
    wire fifo_in_ready_unused;
    // u_fifo: the FIFO, or its piece 0 (bits [0, CHUNK)); pieces 1.. in g_pieces.
    localparam W0 = (PIECES == 1) ? WIDTH : CHUNK;
    localparam C0 = (PIECES == 1) ? COPIES : 1;
    aes_fifo #(.WIDTH(W0), .DEPTH(DEPTH), .RAM(FIFO_RAM), .COPIES(C0), .SPARE(SPARE)) u_fifo (
        .clk(clk), .rst_n(`AES_RST(2)),
        .in_valid((PIECES == 1) ? exit_valid : exit_valid_c[0]), .in_valid_c(exit_valid_c[C0-1:0]),
        .in_ready(fifo_in_ready_unused), .in_data(exit_data[W0-1:0]),
        .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data[W0-1:0]),
        /* verilator lint_off PINCONNECTEMPTY */   // count: not read (above)
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );
    genvar pc;
    generate
        if (PIECES > 1) begin : g_pieces
            /* verilator lint_off UNUSEDSIGNAL */   // equal to piece 0's (FORMAL below)
            wire [PIECES-1:1] valid;                // pieces 1..'s out_valid
            /* verilator lint_on UNUSEDSIGNAL */
            for (pc = 1; pc < PIECES; pc = pc + 1) begin : g_piece
                localparam LO = CHUNK * pc;
                localparam HI = (pc == PIECES - 1) ? WIDTH : CHUNK * (pc + 1);
                wire push = exit_valid_c[(pc * COPIES) / PIECES];   // the copy of its lane
                /* verilator lint_off UNUSEDSIGNAL */   // the credits guarantee the place
                wire in_ready_unused;
                /* verilator lint_on UNUSEDSIGNAL */
                aes_fifo #(.WIDTH(HI - LO), .DEPTH(DEPTH), .RAM(FIFO_RAM), .COPIES(1), .SPARE(SPARE)) u_fifo (
                    .clk(clk), .rst_n(`AES_RST(2 + pc)),
                    .in_valid(push), .in_valid_c(push), .in_ready(in_ready_unused),
                    .in_data(exit_data[HI-1:LO]),
                    .out_valid(valid[pc]), .out_ready(out_ready), .out_data(out_data[HI-1:LO]),
                    /* verilator lint_off PINCONNECTEMPTY */   // count: not read (above)
                    .count()
                    /* verilator lint_on PINCONNECTEMPTY */
                );
            end
`ifdef FORMAL
            always @* if (`AES_RST(0)) assert (valid == {(PIECES-1){out_valid}});
`endif
        end
    endgenerate
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_round_unit: one round with its on-the-fly key step, for cores whose
// blocks carry their own key schedule window (folded cores and the agile
// pipeline). A block arrives with the number of rounds already done (in_rnd)
// and its key window; the unit performs round in_rnd+1 and hands on the next
// window, STAGES cycles later.
//
// Key window convention (see aes_key_step): encrypt carries window r (low 128
// bits = round key r) after round r; decrypt carries window Nr-r. The unit
// steps the window first, so the new low 128 bits are this round's key.
// The key step runs in the first stage; its result rides along with the data
// and meets it in the last stage (aes_round's KEY_LAG).
// LANES blocks travel side by side and share the key step (one key window per
// slot): the multi-lane form of the same unit.
// BYPASS = 1 lets a block that has finished its rounds (AES-128 in a round
// 11..14 unit) ride through unchanged, so mixed key lengths keep one latency.
// KEY_AHEAD = 1: the window a block carries is one step ahead of its round
// (encrypt: window in_rnd+1; decrypt: window Nr-in_rnd-1), so this round's key
// is the low half of a register, and the key step (for the next unit) gets
// all STAGES cycles, cut where the round is cut (aes_key_step STREAM, PIPE =
// STAGES-1). The agile pipeline uses it: its key step is no longer longer
// than a round stage. The window after a block's last round is unspecified.
// INV_COPIES = 1 (MODE "BOTH"): the direction also comes as 16 copies per lane
// (in_inv_c, each S-box's own, aes_round INV_W), and leaves as copies made by this
// unit's last register stage (out_inv_c, kept apart), for a chain of units (the agile
// pipeline): no one flip-flop drives the direction logic of a whole state (the
// 2-stage AGILE BOTH build's clock-setting path). Otherwise in_inv_c is
// unused and out_inv_c is out_inv repeated.
// KEY_AHEAD = 1 also decodes the key step a clock early (aes_key_step EARLY): a block's
// key length, direction and round come a clock before the block as well (in_early, its
// {len, inv, rnd}: the values the register in front of this unit is about to take), and
// leave the same way (out_early, from the last register stage's inputs), so a chain of
// units hands each its step's inputs a clock ahead (the agile pipeline). Otherwise
// in_early is unused but with KEY_CUT 2 (below); out_early is given all the same.
// With INV_COPIES, out_inv is a flip-flop of its own too, kept apart from the copies (the
// copies and it hold the same bit, and synthesis merged it into one of them: the next
// unit's direction logic then hung on an S-box's copy).
// KEY_CUT = 1 (KEY_AHEAD = 0, STAGES >= 2): the key step has one cut of its own (aes_key_step
// STREAM, PIPE 1; a table build's is the table's read register), so the window's selection and
// SubWord are in the first stage and RotWord, Rcon and the new words' XORs in the second; the
// window a block carries is as without it. step_window (STEP_OUT) then comes a clock after the
// window it steps (two with STAGES >= 3: STEP_LATE, below). The folded table builds use it (aes_core_folded). Why: their step, a
// selection, a SubWord and the XORs in one clock, set the iCE40 UP5K build's clock.
// KEY_CUT = 2: KEY_CUT 1, and the key step decodes its step a clock early too (aes_key_step EARLY 2),
// from in_early, or from in_alt's {len, inv, rnd} in a clock where in_alt's select (bit 7) is
// high: the block presented next is then that one. A ring's unit 0 whose entry is decided a clock
// ahead uses it (aes_core_folded's table builds): in_early is the feedback slot's next block,
// in_alt the entry register's, selected by the handshake. Why: the step's decode from the
// entry's multiplexers stood in front of the SubWord table's read address, in unit 0's first
// stage (the iCE40 UP5K 3-stage build's clock-setting path, docs/results/notes.md).
// MIX_EARLY = 1 (IMPL BRAM, STAGES 3..4; aes_round MIX_EARLY): a decrypt block's state between
// rounds is the split form (its InvMixColumns is the next round's MixColumns of P(y)): a block
// that has done a round arrives as the unit before left it and leaves in that form until its
// final round, which leaves the plain state.
// With KEY_CUT 2 the unit reads whether a block has done a round from in_early / in_alt, a clock
// ahead (registered flags, g_imc_q): the block presented must be the one they describe.
// WINDOW_EARLY = 1 (STAGES - 1 - key step cuts >= 1: a window register in front of the last
// stage): out_window is the window a clock before the block's other outputs (the input of what
// would be its output register), for a ring whose entry register takes it (aes_core_folded's
// table builds), so that register is the window's third in the loop and the unit has no output
// register of its own for it. Why: on the iCE40 UP5K the window's output register and the
// entry's OR behind it were 512 of the 5,280 logic cells of a build at 97 % of them, whose
// paths were mostly routing (docs/results/notes.md).
// It also gives out_state_early: the state of the block at the outputs after the next enabled
// clock (the input of the round's output register, aes_round NEXT_OUT), which that entry
// register takes too, so the ring's state passes no OR with the feedback (zero otherwise).
// Why: the feedback's mask and OR stood in front of unit 0's MixColumns and its table
// addresses, the iCE40 UP5K 3-stage build's clock-setting path (docs/results/notes.md).
// STEP_IDX = 1 (KEY_AHEAD 0, BYPASS 0): the round field (in_rnd, out_rnd, and the rnd of in_early,
// in_alt and out_early) is the key step index of the block's next round, not the rounds it has
// done: encrypt, rounds done (as without it); decrypt, Nr - 1 - rounds done, so it counts down
// (Nr - 1 for a block that has done none, 0 for its final round) and a decrypt block that has
// done its last round leaves with 4'hf (-1). The unit's step index is then the field itself.
// Why: the step index's subtraction (inv ? Nr - 1 - rnd : rnd) and its decodes behind the entry's
// multiplexers set the iCE40 UP5K 3-stage build's clock (docs/results/notes.md); the folded table
// builds with 3 or more stages a round carry the index instead (aes_core_folded).
// RING_EARLY = 1 (KEY_CUT 2, MIX_EARLY): the block in_early describes has done a round (a ring's
// feedback slot: the last unit's out_early) and the one in_alt describes none (an entry's new block
// or key step), so the MixColumns-first flags of the block presented next are the early source's
// direction where in_alt's select is low, and low where it is high: no compare of the field. Why:
// that compare (the field against Nr - 1 once it counts down) and the select behind it, five LUT4
// levels into the flags' 16 copies, set the iCE40 UP5K 3-stage build's clock (docs/results/notes.md).
// VALID_COPIES = n > 0: out_valid also as n flip-flops of their own (out_valid_c, kept
// apart), for the unit a core's output reads; with 0, out_valid_c is out_valid (one bit).
`default_nettype none

module aes_round_unit #(
    parameter IMPL   = "LUT",
    parameter MODE   = "BOTH",
    parameter STAGES = 1,
    parameter LANES  = 1,
    parameter BYPASS = 0,       // 1: blocks with in_rnd >= Nr pass unchanged (constant-latency pipelines)
    parameter USER_W = 1,       // the block's user sideband (the cores' USER_W), delayed with it
    parameter KEY_AHEAD = 0,    // 1: windows one step ahead of the round (pipelined key step)
    parameter INV_COPIES = 0,   // 1: the direction as copies per S-box (MODE "BOTH"; above)
    parameter VALID_COPIES = 0, // > 0: out_valid_c is that many flip-flops of their own (below)
    parameter STEP_OUT = 0,     // 1: step_window is the key step's result (below), else zero
    parameter KEY_CUT = 0,      // 1: the key step cut once (above; KEY_AHEAD 0, STAGES >= 2); 2: also decoded early (below)
    parameter MIX_EARLY = 0,    // 1: aes_round MIX_EARLY (below)
    parameter WINDOW_EARLY = 0, // 1: out_window a clock early, masked (below; a ring's last unit)
    parameter STEP_IDX = 0,     // 1: the round field is the step index, counting down to decrypt (above)
    parameter RING_EARLY = 0    // 1: in_early's block has done a round, in_alt's none (above; KEY_CUT 2, MIX_EARLY)
) (
    input  wire              clk,
    input  wire              rst_n,
    input  wire              ce,
    input  wire              in_valid,
    input  wire [128*LANES-1:0] in_state,
    input  wire [255:0]      in_window,
    input  wire [1:0]        in_len,
    input  wire              in_inv,
    /* verilator lint_off UNUSEDSIGNAL */   // INV_COPIES = 0: the one in_inv bit serves
    input  wire [16*LANES-1:0] in_inv_c,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [3:0]        in_rnd,
    /* verilator lint_off UNUSEDSIGNAL */   // KEY_AHEAD = 1 only
    input  wire [6:0]        in_early,      // {len, inv, rnd} of the next cycle's block (above)
    input  wire [7:0]        in_alt,        // KEY_CUT 2: {select, len, inv, rnd} of another (below)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [USER_W-1:0] in_user,
    output wire              out_valid,
    output wire [(VALID_COPIES > 0 ? VALID_COPIES : 1)-1:0] out_valid_c,   // copies of out_valid
    output wire [128*LANES-1:0] out_state,
    output wire [255:0]      out_window,
    output wire [1:0]        out_len,
    output wire              out_inv,
    output wire [16*LANES-1:0] out_inv_c,
    output wire [3:0]        out_rnd,
    output wire [6:0]        out_early,     // {len, inv, rnd} of the next cycle's out_* (above)
    output wire              out_valid_early, // the next cycle's out_valid (below)
    output wire [USER_W-1:0] out_user,
    output wire [255:0]      step_window,   // the key step's new window (below)
    output wire [128*LANES-1:0] out_state_early // WINDOW_EARLY: the state a clock early (above)
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (KEY_AHEAD != 0 && KEY_AHEAD != 1) begin : g_bad_param0
            ERROR_aes_round_unit_KEY_AHEAD_must_be_0_or_1 u_stop ();
        end
        if (INV_COPIES != 0 && INV_COPIES != 1) begin : g_bad_param1
            ERROR_aes_round_unit_INV_COPIES_must_be_0_or_1 u_stop ();
        end
        if (VALID_COPIES < 0) begin : g_bad_param2
            ERROR_aes_round_unit_VALID_COPIES_must_be_at_least_0 u_stop ();
        end
        if (STEP_OUT != 0 && (STEP_OUT != 1 || KEY_AHEAD != 0)) begin : g_bad_param3
            ERROR_aes_round_unit_STEP_OUT_must_be_0_or_1_with_KEY_AHEAD_0 u_stop ();
        end
        if (RING_EARLY != 0 && (RING_EARLY != 1 || KEY_CUT != 2 || MIX_EARLY == 0)) begin : g_bad_param8
            ERROR_aes_round_unit_RING_EARLY_must_be_0_or_1_with_KEY_CUT_2_and_MIX_EARLY u_stop ();
        end
        if (STEP_IDX != 0 && (STEP_IDX != 1 || KEY_AHEAD != 0 || BYPASS != 0)) begin : g_bad_param7
            ERROR_aes_round_unit_STEP_IDX_must_be_0_or_1_with_KEY_AHEAD_0_and_BYPASS_0 u_stop ();
        end
        if (KEY_CUT != 0 && (KEY_CUT < 1 || KEY_CUT > 2 || KEY_AHEAD != 0 || STAGES < 2)) begin : g_bad_param4
            ERROR_aes_round_unit_KEY_CUT_must_be_0_to_2_with_KEY_AHEAD_0_and_STAGES_2_or_more u_stop ();
        end
    endgenerate

    `include "aes_defs.vh"
    wire [3:0] nr = aes_nr(in_len);
    // STEP_IDX: the direction the field counts (a single-direction MODE fixes it).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam DIR_FIXED = (MODE == "ENC" || MODE == "DEC") ? 1 : 0;
    localparam DIR_DEC   = (MODE == "DEC") ? 1 : 0;
    /* verilator lint_on WIDTH */
    function back_of;               // a decrypt block (the field counts down)
        input inv_bit;
        back_of = (STEP_IDX != 0) && (DIR_FIXED ? (DIR_DEC != 0) : inv_bit);
    endfunction
    // STEP_IDX: whether a block with this field has done a round (MIX_EARLY).
    function rounds_done;
        input [1:0] len;
        input       inv_bit;
        input [3:0] rnd;
        rounds_done = rnd != aes_idx_first(len, back_of(inv_bit));
    endfunction
    // (Each STEP_IDX choice is a constant condition with the expression as it was without the
    // option in its other arm, so the builds without it elaborate the netlist they had.)
    wire       final_round = (STEP_IDX != 0) ? aes_idx_last(in_len, back_of(in_inv), in_rnd)
                                             : (in_rnd == nr - 4'd1);
    // The step this unit runs: to this round's window, or (KEY_AHEAD) to the next one's.
    localparam [3:0] AHEAD = KEY_AHEAD;
    localparam       CUT   = (KEY_CUT != 0) ? 1 : 0;   // the step's own cut (KEY_CUT 1 or 2)
    localparam       ALT   = (KEY_CUT == 2) ? 1 : 0;   // ... and its decode a clock early (KEY_CUT 2)
    localparam       KPIPE = KEY_AHEAD ? STAGES - 1 : CUT;
    wire [3:0] step_idx = (STEP_IDX != 0) ? in_rnd :
                          in_inv ? (nr - 4'd1 - AHEAD - in_rnd) : (in_rnd + AHEAD);
    // The same for the block a clock early (in_early; KEY_AHEAD).
    wire [1:0] early_len = in_early[6:5];
    wire       early_inv = in_early[4];
    wire [3:0] early_rnd = in_early[3:0];
    wire [3:0] early_idx = (STEP_IDX != 0) ? early_rnd :
                           early_inv ? (aes_nr(early_len) - 4'd1 - AHEAD - early_rnd) : (early_rnd + AHEAD);
    // KEY_CUT 2: the other source's, with its select (AHEAD is 0).
    wire [7:0] early_alt;
    generate
        if (ALT != 0) begin : g_alt
            wire [1:0] alt_len = in_alt[6:5];
            wire       alt_inv = in_alt[4];
            wire [3:0] alt_rnd = in_alt[3:0];
            assign early_alt = {in_alt[7], alt_inv, alt_len,
                                (STEP_IDX != 0) ? alt_rnd : alt_inv ? (aes_nr(alt_len) - 4'd1 - alt_rnd) : alt_rnd};
        end else begin : g_no_alt
            assign early_alt = 8'h0;
        end
    endgenerate

    wire [255:0] next_window;
    aes_key_step #(.IMPL(IMPL), .MODE(MODE), .PIPE(KPIPE), .STREAM(KEY_AHEAD ? 1 : CUT),
                  .EARLY(KEY_AHEAD + 2 * ALT)) u_key_step (
        .clk(clk), .ce(ce), .inv(in_inv), .key_len(in_len), .step_idx(step_idx),
        .in_window(in_window),
        .early_len(early_len), .early_idx(early_idx),
        .early_inv(early_inv), .early_alt(early_alt), .out_window(next_window)
    );

    // STEP_OUT = 1: the step's result as it leaves the step (KEY_AHEAD = 0: combinational, in
    // the clock of in_window; KEY_CUT: a clock later), for a core whose key context expands on this step
    // (aes_core_folded's table builds, aes_key_prep EXT_STEP); it is not a block's window
    // (nothing aligns it). Zero otherwise (a constant, so other builds elaborate as before).
    // STEP_LATE (KEY_CUT with STAGES >= 3, whose window is registered once more before the last
    // stage): the result from that register, a clock later still. Why: the context register
    // then loads from a flip-flop, not from the step's XORs (iCE40 UP5K, docs/results/notes.md).
    // The register is the window lag's first (u_window_lag): synthesis merges the two.
    localparam STEP_LATE = (STEP_OUT != 0 && CUT != 0 && STAGES - 1 - KPIPE > 0) ? 1 : 0;
    generate
        if (STEP_LATE != 0) begin : g_step_late
            aes_delay #(.WIDTH(256), .DEPTH(1)) u_step_q (
                .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(next_window), .out_data(step_window)
            );
        end else begin : g_step_now
            assign step_window = STEP_OUT ? next_window : 256'h0;
        end
    endgenerate

    // Window to the last stage (KEY_LAG = STAGES-1, less the key step's own cuts), then
    // to the output. This round's key: the stepped window's low half, or (KEY_AHEAD) the
    // carried window's, delayed to the last stage.
    wire [255:0] window_last;
    aes_delay #(.WIDTH(256), .DEPTH(STAGES-1-KPIPE)) u_window_lag (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(next_window), .out_data(window_last)
    );
    wire [255:0] window_reg;            // the window's output register (WINDOW_EARLY 0)
    aes_delay #(.WIDTH(256), .DEPTH(WINDOW_EARLY ? 0 : 1)) u_window_out (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(window_last), .out_data(window_reg)
    );
    assign out_window = WINDOW_EARLY ? window_last : window_reg;
    wire [127:0] round_key;
    aes_delay #(.WIDTH(128), .DEPTH(KEY_AHEAD ? STAGES-1 : 0)) u_key_lag (
        .clk(clk), .rst_n(rst_n), .ce(ce),
        .in_data(KEY_AHEAD ? in_window[127:0] : window_last[127:0]), .out_data(round_key)
    );

    // The direction copies (INV_COPIES, MODE "BOTH"): each S-box reads its own, and the
    // last register stage of the direction's delay is 16 copies per lane, kept apart.
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam COPIES = (INV_COPIES != 0) && (MODE == "BOTH");
    /* verilator lint_on WIDTH */
    localparam INV_W  = COPIES ? 16 : 1;
    /* verilator lint_off UNUSEDSIGNAL */   // INV_COPIES builds: out_inv has its own
    wire ctl_inv;                       // the direction at the end of u_ctl (below)
    /* verilator lint_on UNUSEDSIGNAL */
    // MIX_EARLY: which input bytes go through MixColumns first (aes_round): all of a decrypt block
    // that has done a round (zero otherwise: the other builds elaborate as before).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam DEC_ONLY = (MODE == "DEC");
    /* verilator lint_on WIDTH */
    // (KEY_CUT 2: from registers, g_imc_q below.)
    wire [15:0] imc_c;
    /* verilator lint_off UNUSEDSIGNAL */   // KEY_CUT 2 builds read the registered flags instead
    wire [15:0] imc_now = MIX_EARLY ? {16{(in_inv || DEC_ONLY) && ((STEP_IDX != 0) ? rounds_done(in_len, in_inv, in_rnd) : (in_rnd != 4'd0))}} : 16'h0;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [128*LANES-1:0] rounded;
    wire                 round_zero;    // BYPASS: the round's output zero for a skipped block
    genvar l;
    generate
        if (COPIES) begin : g_inv_copies
            wire inv_pre;                     // in_inv delayed to the last register stage's input
            aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1)) u_inv_lag (
                .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_inv), .out_data(inv_pre)
            );
            for (l = 0; l < 16 * LANES; l = l + 1) begin : g_copy
                reg q;
                (* keep *) always @(posedge clk) if (ce) q <= inv_pre;
                assign out_inv_c[l] = q;
            end
            reg inv_own;                      // out_inv, kept apart from the copies
            (* keep *) always @(posedge clk) if (ce) inv_own <= inv_pre;
            assign out_inv = inv_own;
        end else begin : g_inv_one
            assign out_inv_c = {(16*LANES){out_inv}};
            assign out_inv = ctl_inv;
        end
        for (l = 0; l < LANES; l = l + 1) begin : g_lane
            wire [INV_W-1:0] inv_l;
            if (COPIES) begin : g_c
                assign inv_l = in_inv_c[16*l +: INV_W];
            end else begin : g_1
                assign inv_l = in_inv;
            end
            aes_round #(.IMPL(IMPL), .MODE(MODE), .STAGES(STAGES), .INV_W(INV_W),
                        .MIX_EARLY(MIX_EARLY), .NEXT_OUT(WINDOW_EARLY)) u_round (
                .clk(clk), .ce(ce), .inv(inv_l), .final_round(final_round),
                .in_state(in_state[128*l +: 128]), .in_imc(imc_c),
                .round_key(round_key), .round_key_im(128'h0),
                .zero(round_zero),
                .out_state(rounded[128*l +: 128]), .out_next(out_state_early[128*l +: 128])
            );
        end
        if (BYPASS != 0) begin : g_bypass
            // A skipped block's state is the held one: the round's output register loads zero
            // for it (aes_round zero, sampled with the round key at the last stage), the held
            // state's last register zero for the others, and the unit's output is their OR.
            // Why: a multiplexer there, its select one flip-flop for the whole state, stood in
            // front of the next unit's S-boxes (a two-stage AES-128/192/256 BOTH AGILE core's
            // clock-setting path, NanGate45); the choice is now made in front of registers.
            wire                 skip = (in_rnd >= nr);
            wire                 skip_pre;  // skip at the last register stage's input
            wire [128*LANES-1:0] held_pre;
            reg  [128*LANES-1:0] held;
            aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1)) u_skip (
                .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(skip), .out_data(skip_pre)
            );
            aes_delay #(.WIDTH(128*LANES), .DEPTH(STAGES - 1)) u_held (
                .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_state), .out_data(held_pre)
            );
            always @(posedge clk) if (ce) held <= skip_pre ? held_pre : {(128*LANES){1'b0}};
            assign round_zero = skip_pre;
            assign out_state = rounded | held;
        end else begin : g_no_bypass
            assign round_zero = 1'b0;
            assign out_state = rounded;
        end
    endgenerate

    // Block control travels beside the data; only valid needs a reset.
    wire v_last;                        // the valid bit of the block in the last stage
    aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1), .RESET(1)) u_valid (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(in_valid), .out_data(v_last)
    );
    aes_delay #(.WIDTH(1), .DEPTH(1), .RESET(1)) u_valid_out (
        .clk(clk), .rst_n(rst_n), .ce(ce), .in_data(v_last), .out_data(out_valid)
    );
    // out_valid_early: that register's input, what out_valid takes at the next enabled clock
    // (unless rst_n is low then), for a core that decides a clock ahead what follows the
    // block at the outputs (aes_core_folded's table builds: its entry register).
    assign out_valid_early = v_last;
    // VALID_COPIES (the unit a core's output reads): out_valid also as flip-flops of their
    // own, kept apart, so that the core's wide loads of the exit's valid bit (the gates of
    // the output FIFO's data, its pointer copies, its counters) each have their own.
    generate
        if (VALID_COPIES > 0) begin : g_valid_copies
            for (l = 0; l < VALID_COPIES; l = l + 1) begin : g_copy
                reg q;
                (* keep *) always @(posedge clk)
                    if (!rst_n)  q <= 1'b0;
                    else if (ce) q <= v_last;
                assign out_valid_c[l] = q;
            end
        end else begin : g_valid_one
            assign out_valid_c = out_valid;
        end
    endgenerate
    aes_delay #(.WIDTH(USER_W + 7), .DEPTH(STAGES)) u_ctl (
        .clk(clk), .rst_n(rst_n), .ce(ce),
        .in_data({in_user, in_len, in_inv, (STEP_IDX != 0) ? aes_idx_next(back_of(in_inv), in_rnd) : in_rnd + 4'd1}),
        .out_data({out_user, out_len, ctl_inv, out_rnd})
    );
    // The same controls a clock before out_*: the inputs of u_ctl's last register (the same
    // flip-flops in front of it; synthesis merges them).
    aes_delay #(.WIDTH(7), .DEPTH(STAGES - 1)) u_early (
        .clk(clk), .rst_n(rst_n), .ce(ce),
        .in_data({in_len, in_inv, (STEP_IDX != 0) ? aes_idx_next(back_of(in_inv), in_rnd) : in_rnd + 4'd1}),
        .out_data(out_early)
    );
    generate
        // MIX_EARLY with KEY_CUT 2: the MixColumns-first flags of the block presented next clock,
        // decided now from in_early or in_alt (as the key step's decode is) and registered, a
        // copy per byte kept apart, so the multiplexers in front of the S-box tables' addresses
        // start from flip-flops. Why: the flags' decode from the entry's multiplexers (direction,
        // round) and their fan-out to 128 bits were the iCE40 UP5K 3-stage build's longest path
        // once the window left the entry's multiplexers (docs/results/notes.md).
        if (MIX_EARLY != 0 && ALT != 0) begin : g_imc_q
            // (RING_EARLY: the alternative's block has done no round, the early one's one or more.)
            wire imc_nx = (RING_EARLY != 0) ? !in_alt[7] && (early_inv || DEC_ONLY) :
                          in_alt[7] ? ((in_alt[4] || DEC_ONLY) &&
                                       ((STEP_IDX != 0) ? rounds_done(in_alt[6:5], in_alt[4], in_alt[3:0]) : (in_alt[3:0] != 4'd0)))
                                    : ((early_inv || DEC_ONLY) &&
                                       ((STEP_IDX != 0) ? rounds_done(early_len, early_inv, early_rnd) : (early_rnd != 4'd0)));
            genvar b;
            for (b = 0; b < 16; b = b + 1) begin : g_byte
                reg q;
                (* keep *) always @(posedge clk) if (ce) q <= imc_nx;
                assign imc_c[b] = q;
            end
        end else begin : g_imc_now
            assign imc_c = imc_now;
        end
        if (WINDOW_EARLY != 0 && (WINDOW_EARLY != 1 || STAGES - 1 - KPIPE < 1)) begin : g_bad_param5
            ERROR_aes_round_unit_WINDOW_EARLY_must_be_0_or_1_with_a_window_register_before_the_last_stage u_stop ();
        end
        if (WINDOW_EARLY != 0 && BYPASS != 0) begin : g_bad_param6
            ERROR_aes_round_unit_WINDOW_EARLY_must_be_0_with_BYPASS u_stop ();
        end
    endgenerate
endmodule

`default_nettype wire

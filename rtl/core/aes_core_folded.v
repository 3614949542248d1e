// SPDX-License-Identifier: Apache-2.0
// aes_core_folded: the iterative / partially unrolled AES core.
//
// U round units (aes_round_unit, STAGES registers each) form a ring of
// D = U*STAGES slots; a block enters at unit 0, goes round the ring until it
// has done Nr rounds, and leaves from the unit that did its last round into
// the output FIFO. U = 1, STAGES = 1 is the classic iterative core: one
// round per clock, 10/12/14 cycles per block back to back. With STAGES = P
// the ring keeps P blocks in flight (inner-round pipelining); U > 1 puts U
// rounds in hardware (every unit can hold a block, so up to D in flight).
// Every block carries its own key window, so a new key never disturbs blocks
// already in flight. LANES blocks (one beat) move together and share the key
// window and key steps of their slot.
//
// Core interface (shared by all architectures, docs/core_interface.md):
// key load handshake, block input and output valid/ready streams with full
// backpressure, USER_W sideband bits carried unchanged with each block.
//
// Flow control: the ring never stalls (no enable fans out over the datapath).
// A block is accepted only when its output FIFO place is reserved, so a
// finished block always has somewhere to go. OUT_DEPTH = 0 selects D + 1
// (D + 2 for D > 1; one more in the table builds, whose entry register takes a block a
// clock before its slot frees) keeps the ring full with the output always ready.
// Table builds (IMPL BRAM, TTABLE): a block accepted goes into an entry register and
// enters the ring a clock later (latency Nr * STAGES + 2; g_entry below).
// All blocks in the ring have the same key length (so they leave in order):
// a key-length change waits until the ring has drained.
// Exit points: a block leaves from unit (Nr-1) % U; only those units that
// can be an exit for a supported Nr (10, 12, 14) get an output tap.
`default_nettype none

module aes_core_folded #(
    parameter U         = 1,
    parameter LANES     = 1,
    parameter STAGES    = 1,
    parameter IMPL      = "LUT",
    parameter MODE      = "BOTH",
    parameter USER_W    = 1,
    parameter OUT_DEPTH = 0
) (
`include "aes_core_ports.vh"
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (U < 1 || U > 14) begin : g_bad_param0
            ERROR_aes_core_folded_U_must_be_1_to_14 u_stop ();
        end
        if (LANES < 1) begin : g_bad_param1
            ERROR_aes_core_folded_LANES_must_be_at_least_1 u_stop ();
        end
        if (STAGES < 1 || STAGES > 6) begin : g_bad_param2
            ERROR_aes_core_folded_STAGES_must_be_1_to_6 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    localparam D       = U * STAGES;
    // The FPGA-native builds (block-RAM tables) keep the output FIFO in distributed RAM.
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam FIFO_RAM = (IMPL == "BRAM" || IMPL == "TTABLE") ? 1 : 0;
    // ... and, MODE "BOTH", expand decryption keys on unit 0's key step, in clocks where its
    // slot is free (aes_key_prep EXT_STEP): no key step of the context's own. While a key
    // expands no block enters, so the blocks in flight leave and free the slot; once the ring
    // is empty each step takes the clocks of unit 0's answer (below: 3 * Nr in all, 4 * Nr with
    // STAGES >= 3). Why: that step was 1,117 of
    // the iCE40 UP5K build's 4,940 LUT4 (docs/results/notes.md).
    localparam KEY_SHARE = FIFO_RAM && (MODE == "BOTH");
    /* verilator lint_on WIDTH */
    // ... and cut their units' key steps once (aes_round_unit KEY_CUT: the table's read
    // register), so unit 0's step answers a clock after the window it is given (and, with
    // ENTRY below, a decryption key takes three clocks a step: 3 * Nr with the ring empty).
    // Why: the step in one clock (selection, SubWord, XORs: about 30 LUT4 levels) set the iCE40
    // UP5K build's clock, 11.2 MHz (docs/results/notes.md).
    localparam KEY_CUT   = FIFO_RAM;
    // ... and take a block into an entry register, a clock before it enters the ring (ENTRY,
    // g_entry below: latency Nr * STAGES + 2, and the context's steps on unit 0 answer two
    // clocks after they are taken, aes_key_prep EXT_STEP 3; STEP_LATE below: 4).
    localparam ENTRY     = FIFO_RAM;
    // ... and, with 3 or more stages a round, take unit 0's step result from the register the
    // window passes before the last stage (aes_round_unit STEP_LATE): a clock later again,
    // EXT_STEP 4, 4 * Nr clocks a decryption key. Why: the context register loaded from the
    // step's XORs set the iCE40 UP5K 3-stage build's clock (docs/results/notes.md).
    localparam STEP_LATE = (KEY_CUT != 0 && STAGES >= 3) ? 1 : 0;
    // ... and, block-RAM S-boxes with 3 or more stages a round where the table's second register
    // is a fabric flip-flop (not ECP5's DP16KD output register), ShiftRows and MixColumns in front
    // of it, and a decrypt round's InvMixColumns at the next round's input (aes_round MIX_EARLY):
    // a unit's decrypt output then lacks InvMixColumns until the next unit (or unit 0 again)
    // reads it; the exit reads a final round's, which has none. Why: the round's last stage
    // (ShiftRows, the key, InvMixColumns, the final select) set the iCE40 UP5K 3-stage build's
    // clock once its key step's decodes were carried past the cut (docs/results/notes.md).
`ifdef AES_ECP5_EBR
    localparam MIX_EARLY = 0;
`else
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam MIX_EARLY = (IMPL == "BRAM" && STAGES >= 3) ? 1 : 0;
    /* verilator lint_on WIDTH */
`endif
    // ... and, with STEP_LATE's window register in front of the last stage, the entry register
    // takes the last unit's window from there (aes_round_unit WINDOW_EARLY: masked to zero unless
    // its block goes round again), so that register is the loop's third for the window and the
    // feedback's multiplexers carry the state and controls only. Why: the unit's window output
    // register and those multiplexers' 256 bits were a tenth of the iCE40 UP5K 3-stage build's
    // logic cells, at 97 % of the device (docs/results/notes.md).
    localparam WIN_EARLY = STEP_LATE;
    // ... and, with that window register, carry each block's key step index as its round field
    // (aes_round_unit STEP_IDX: a decryption's counts down from Nr - 1 to 0, and leaves at -1), so
    // no unit recomputes it from the rounds done. Why: that subtraction and its decodes, behind
    // the entry's multiplexers, set the iCE40 UP5K 3-stage build's clock (docs/results/notes.md).
    // (The 2-stage builds keep the rounds done: there it bought nothing, 26.0 -> 25.8 MHz.)
    localparam IDX = WIN_EARLY;
    // With the output always ready a FIFO entry is freed the cycle after it is
    // written; back-to-back exits (D > 1) therefore need D + 2 places.
    // (ENTRY: a block is taken a clock before its slot frees, so one place more.)
    localparam FDEPTH  = (OUT_DEPTH > 0) ? OUT_DEPTH : ((D == 1) ? 2 : D + 2) + ENTRY;
    `include "aes_defs.vh"
    // AES_RESET_REG (the ecp5 target's table builds of 2+ lanes): rst_n registered once, a copy per region
    // (aes_reset_copies; `AES_RST(k), aes_defs.vh): [0] the key context and the ring's key
    // length, [1] the entry, [2 + u] round unit u; aes_out_stage registers its own. The core
    // behaves as it does without the define with rst_n a clock later (docs/core_interface.md).
`ifdef AES_RESET_REG
    wire [U+1:0] rst_r;
    aes_reset_copies #(.N(U + 2)) u_rst (.clk(clk), .rst_n(rst_n), .rst_c(rst_r));
`endif

    // ---- key context -------------------------------------------------------
    wire         ctx_valid, ctx_inv;
    wire [255:0] ctx_window;
    wire [1:0]   ctx_len;
    /* verilator lint_off UNUSEDSIGNAL */   // read where KEY_SHARE only (zero elsewhere)
    wire         prep_req;            // the context wants a step (KEY_SHARE: of unit 0's)
    wire [3:0]   prep_idx;
    /* verilator lint_on UNUSEDSIGNAL */
    wire         prep_go;             // ... and unit 0 takes it this clock
    wire [255:0] prep_stepped;        // unit 0's step result
    /* verilator lint_off UNUSEDSIGNAL */   // read where KEY_SHARE and WIN_EARLY only
    wire [6:0]   prep_early;          // the entry's {len, inv, rnd} if it takes the context now
    /* verilator lint_on UNUSEDSIGNAL */
    aes_key_prep #(.IMPL(IMPL), .MODE(MODE), .EXT_STEP(KEY_SHARE ? 1 + KEY_CUT + ENTRY + STEP_LATE : 0),
                   .STEP_IDX(KEY_SHARE ? IDX : 0)) u_key_prep (
        .clk(clk), .rst_n(`AES_RST(0)), .clear(key_clear),
        .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
        .key_decrypt(key_decrypt), .key_error(key_error),
        .ctx_valid(ctx_valid), .ctx_window(ctx_window), .ctx_len(ctx_len), .ctx_inv(ctx_inv),
        .step_req(prep_req), .step_idx(prep_idx), .step_go(prep_go), .step_out(prep_stepped),
        .next_early(prep_early)
    );

    // ---- the ring ----------------------------------------------------------
    wire              u_in_valid  [0:U];
    wire [128*LANES-1:0] u_in_state [0:U];
    wire [255:0]      u_in_window [0:U];
    wire [1:0]        u_in_len    [0:U];
    wire              u_in_inv    [0:U];
    wire [3:0]        u_in_rnd    [0:U];
    wire [USER_W-1:0] u_in_user   [0:U];
    wire [6:0]        u_in_early  [0:U];    // ENTRY: next clock's {len, inv, rnd} (aes_round_unit)
    wire [7:0]        u_in_alt    [0:U];    // ENTRY, unit 0: the entry register's, and its select
    // unit u output (before the exit tap) is index u+1 of these
    wire              o_valid     [0:U];
    wire [128*LANES-1:0] o_state    [0:U];
    wire [255:0]      o_window    [0:U];
    wire [1:0]        o_len       [0:U];
    wire              o_inv       [0:U];
    wire [3:0]        o_rnd       [0:U];
    wire [USER_W-1:0] o_user      [0:U];
    wire              o_exit      [0:U];

    // Whether a block's round field counts down (IDX: a decryption's step index; aes_defs.vh's
    // aes_idx_*). (A single-direction MODE fixes the direction.)
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam DIR_FIXED = (MODE == "ENC" || MODE == "DEC") ? 1 : 0;
    localparam DIR_DEC   = (MODE == "DEC") ? 1 : 0;
    /* verilator lint_on WIDTH */
    // (Each IDX choice is a constant condition with the expression as it was without it in its
    // other arm, so the builds without it elaborate the netlist they had.)
    function back_of;
        input inv_bit;
        back_of = (IDX != 0) && (DIR_FIXED ? (DIR_DEC != 0) : inv_bit);
    endfunction

    // Can unit u be the last unit of a block for a supported key length?
    function is_tap;
        input integer u;
        is_tap = ((10 - 1) % U == u) || ((12 - 1) % U == u) || ((14 - 1) % U == u);
    endfunction

    // Feedback slot: what unit U-1 hands back to unit 0 (ENTRY: next clock's, below).
    wire fb_free;

    reg  [1:0]       ring_len;        // key length of the blocks in the ring
    wire             ring_empty;      // no block in the ring (aes_out_stage)

    // Exits this cycle (at most one unit has exits, as all blocks share Nr).
    wire [U-1:0] exit_vec;
    /* verilator lint_off UNUSEDSIGNAL */   // the ring's units take one direction bit each,
    wire [16*LANES-1:0] o_inv_c_unused [0:U-1];     // and their one valid bit
    wire                o_valid_c_unused [0:U-1];
    wire [6:0]          o_early   [0:U-1];   // {len, inv, rnd} a clock early (KEY_CUT: exits)
    wire                o_vearly  [0:U-1];   // valid a clock early (ENTRY: the feedback slot)
    wire                fin_nx    [0:U-1];   // KEY_CUT: unit u's output has done its last round next clock
    wire [255:0]        step_w           [0:U-1];   // unit u's step (KEY_SHARE reads unit 0's)
    wire [128*LANES-1:0] s_early         [0:U-1];   // WIN_EARLY: the last unit's state a clock early
    /* verilator lint_on UNUSEDSIGNAL */
    genvar u;
    generate
        for (u = 0; u < U; u = u + 1) begin : g_exit_vec
            assign exit_vec[u] = o_exit[u+1];
        end
    endgenerate
    wire exiting = |exit_vec;

    // in_ready: this condition and a free output FIFO place (aes_out_stage's credit_ok)
    wire gate = ctx_valid && fb_free && (ring_empty || ring_len == ctx_len);
    wire accept;
    /* verilator lint_off UNUSEDSIGNAL */   // in_ready is gate && credit_ok (aes_out_stage)
    wire credit_ok;
    /* verilator lint_on UNUSEDSIGNAL */

    // Key hygiene: only a block still on its way goes round again; an empty slot (or
    // one whose block has just left) feeds zeros back, so no key window or state of a
    // finished block circulates in the ring (after CLEAR or reset the ring holds only
    // key-independent values within D cycles, D + 1 with ENTRY). (WIN_EARLY: a free slot
    // takes the context in force while a block is offered or a decryption key expands, a
    // slot that is not valid where none is taken; with no key in force, or nothing offered,
    // zeros, as before: g_e_keep.)
    /* verilator lint_off UNUSEDSIGNAL */   // ENTRY builds read their copies of it (g_entry)
    wire fb_go = o_valid[U] && !o_exit[U];
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        if (ENTRY) begin : g_entry
            // The entry register (table builds): what unit 0 takes in the next clock, decided
            // now, so that unit 0's inputs come from flip-flops: the block accepted now (its
            // state whitened, its key context), or (KEY_SHARE) the context's forward step, as no
            // block (valid low, state zero: its window the context's, its round the step's
            // index, encrypt), or else zeros, and the feedback slot ORed in behind it (fb_go is
            // low whenever the register holds one: it is taken only for a free slot). The slot
            // is free next clock if unit U-1's output then holds no block or one that has done
            // its last round (o_vearly, fin_nx: a clock early). A block therefore enters the
            // ring a clock after its handshake: latency Nr * STAGES + 2 (aeshw.model.perf),
            // and a step the context takes answers two clocks after prep_go (aes_key_prep
            // EXT_STEP 3). Why: the handshake's decision (exit, credits, in_ready, accept) and
            // the entry multiplexers stood in front of unit 0's key step and its table read in
            // one clock, the iCE40 UP5K build's clock-setting path (docs/results/notes.md).
            // WIN_EARLY: whether the block the last unit holds a clock before its output
            // registers goes round again (keep), registered from that unit's inputs, in copies
            // kept apart (KEEP_C: a share of e_window's bits each, of e_state's, and one for the
            // controls): the slot is free next clock where it is low. Why: the compare of the
            // round with Nr and the handshake behind it stood in front of unit 0's key step
            // decode and the entry's 400 multiplexers (iCE40 UP5K, docs/results/notes.md).
            localparam KEEP_C = 13;
            /* verilator lint_off UNUSEDSIGNAL */   // read where WIN_EARLY only (zero elsewhere)
            wire [KEEP_C-1:0] keep_c;
            /* verilator lint_on UNUSEDSIGNAL */
            if (WIN_EARLY != 0) begin : g_free_q
                wire keep_pre;
                aes_delay #(.WIDTH(1), .DEPTH(STAGES - 2), .RESET(1)) u_keep (
                    .clk(clk), .rst_n(`AES_RST(1)), .ce(1'b1),
                    .in_data(u_in_valid[U-1] && ((IDX != 0) ? !aes_idx_last(u_in_len[U-1], back_of(u_in_inv[U-1]), u_in_rnd[U-1])
                                                            : (u_in_rnd[U-1] != aes_nr(u_in_len[U-1]) - 4'd1))),
                    .out_data(keep_pre)
                );
                genvar k;
                for (k = 0; k < KEEP_C; k = k + 1) begin : g_copy
                    reg q;
                    (* keep *) always @(posedge clk)
                        if (!`AES_RST(1)) q <= 1'b0;
                        else              q <= keep_pre;
                    assign keep_c[k] = q;
                end
                assign fb_free = !keep_c[KEEP_C-1];
            end else begin : g_free_now
                assign keep_c = {KEEP_C{1'b0}};
                assign fb_free = !o_vearly[U-1] || fin_nx[U-1];
            end
            wire prep_req_q;                // the context wants a step (KEY_SHARE)
            if (KEY_SHARE) begin : g_share
                assign prep_go = prep_req && fb_free;
                assign prep_req_q = prep_req;
            end else begin : g_own
                assign prep_go = 1'b0;
                assign prep_req_q = 1'b0;
            end
            wire take = accept || prep_go;
            // fb_go, as registers: next clock's value (o_vearly, fin_nx) in copies kept apart,
            // FB_C of them, each for a share of the feedback multiplexers' bits.
            localparam FB_C = 8;
            localparam FB_W = 128 * LANES + 256 + 7 + USER_W;   // state, window, len, inv, rnd, user
            wire [FB_C-1:0] fb_go_c;
            genvar c;
            // (WIN_EARLY: from the keep copies, which hold that value a clock before.)
            for (c = 0; c < FB_C; c = c + 1) begin : g_fb_go
                reg q;
                (* keep *) always @(posedge clk)
                    if (!`AES_RST(1)) q <= 1'b0;
                    else        q <= (WIN_EARLY != 0) ? keep_c[c] : o_vearly[U-1] && !fin_nx[U-1];
                assign fb_go_c[c] = q;
            end
            // (WIN_EARLY: the window and the state are e_window's and e_state's.)
            wire [255:0]    fb_window = WIN_EARLY ? 256'h0 : o_window[U];
            wire [128*LANES-1:0] fb_state = WIN_EARLY ? {128*LANES{1'b0}} : o_state[U];
            wire [FB_W-1:0] fb_word = {o_user[U], o_rnd[U], o_inv[U], o_len[U], fb_window, fb_state};
            wire [FB_W-1:0] fb_mask;        // each bit its copy of fb_go
            for (c = 0; c < FB_W; c = c + 1) begin : g_fb_bit
                assign fb_mask[c] = fb_go_c[c * FB_C / FB_W];
            end
            wire [FB_W-1:0] fb_in = fb_word & fb_mask;
            reg                  e_valid;
            reg [128*LANES-1:0]  e_state;
            reg [255:0]          e_window;
            reg [1:0]            e_len;
            reg                  e_inv;
            reg [3:0]            e_rnd;
            reg [USER_W-1:0]     e_user;
            always @(posedge clk) begin
                if (!`AES_RST(1)) e_valid <= 1'b0;
                else        e_valid <= accept;
                // (IDX: a decryption block taken now starts at step index Nr - 1: e_inv's condition.)
                e_rnd    <= prep_go ? prep_idx : (IDX != 0) ?
                            aes_idx_first(ctx_len, ((WIN_EARLY != 0) ? fb_free && !prep_req_q : accept) && back_of(ctx_inv)) :
                            4'd0;
            end
            if (WIN_EARLY != 0) begin : g_e_keep
                // A free slot takes the context's window where a block is offered with a key in
                // force or the context wants a step (ent_go), and the offered block's whitened
                // state: what the block accepted now (or the step) needs; where none is taken,
                // a slot that is not valid (it leaves after one pass). So only e_valid waits for
                // the handshake, and an idle ring (nothing offered, or no key) still takes zeros.
                // A slot not free takes the window and the state of the block that goes round
                // again, both a clock early from the last unit (aes_round_unit WINDOW_EARLY).
                wire ent_go = (in_valid && ctx_valid) || prep_req_q;
                wire [255:0]        keep_w;     // each bit its copy of keep
                wire [128*LANES-1:0] keep_s;    // the same for the state
                wire [128*LANES-1:0] offer;     // a block offered into a free slot, its copy
                for (c = 0; c < 256; c = c + 1) begin : g_window
                    assign keep_w[c] = keep_c[c * 8 / 256];
                end
                for (c = 0; c < 128 * LANES; c = c + 1) begin : g_state
                    assign keep_s[c] = keep_c[8 + c * 4 / (128 * LANES)];
                    assign offer[c] = in_valid && ctx_valid && !keep_s[c];
                end
                always @(posedge clk) begin
                    e_window <= (keep_w & o_window[U]) | (~keep_w & {256{ent_go}} & ctx_window);
                    e_state  <= (keep_s & s_early[U-1]) | (offer & (in_data ^ {LANES{ctx_window[127:0]}}));
                    e_len  <= fb_free ? ctx_len : 2'd0;
                    e_inv  <= fb_free && !prep_req_q && ctx_inv;
                    e_user <= fb_free ? in_user : {USER_W{1'b0}};
                end
            end else begin : g_e_take
                always @(posedge clk) begin
                    e_state  <= accept ? (in_data ^ {LANES{ctx_window[127:0]}}) : {128*LANES{1'b0}};
                    e_window <= take ? ctx_window : 256'h0;
                    e_len    <= take ? ctx_len : 2'd0;
                    e_inv    <= accept && ctx_inv;
                    e_user   <= accept ? in_user : {USER_W{1'b0}};
                end
            end
            // Unit 0's key step decodes next clock's step now (aes_round_unit KEY_CUT 2): the
            // feedback slot's block (its out_early), or, where the entry register takes one, the
            // entry's: the block accepted (the context's, round 0) or the context's forward step.
            assign u_in_early[0] = o_early[U-1];
            // (WIN_EARLY with KEY_SHARE: the same from aes_key_prep's register, next_early.)
            wire [6:0] e_next = (WIN_EARLY != 0 && KEY_SHARE) ? prep_early :
                                prep_req_q ? {ctx_len, 1'b0, prep_idx} : {ctx_len, ctx_inv, (IDX != 0) ? aes_idx_first(ctx_len, back_of(ctx_inv)) : 4'd0};
            assign u_in_alt[0] = {WIN_EARLY ? fb_free : take, e_next};
            assign u_in_valid[0]  = e_valid || fb_go_c[FB_C-1];
            assign {u_in_user[0], u_in_rnd[0], u_in_inv[0], u_in_len[0], u_in_window[0], u_in_state[0]} =
                {e_user, e_rnd, e_inv, e_len, e_window, e_state} | fb_in;
        end else begin : g_now
            // The block accepted now enters unit 0 now. (Written as every build without the
            // entry register has always elaborated it, so their stored synthesis rows stay
            // current by the elaborated-netlist hash, aeshw.report.elab_hashes.)
            assign fb_free = !o_valid[U] || o_exit[U];
            assign prep_go = 1'b0;
            assign u_in_early[0] = 7'd0;
            assign u_in_alt[0]   = 8'd0;
            assign u_in_valid[0]  = accept || fb_go;
            assign u_in_state[0]  = accept ? (in_data ^ {LANES{ctx_window[127:0]}}) :
                                    fb_go  ? o_state[U]  : {128*LANES{1'b0}};
            assign u_in_inv[0]    = accept ? ctx_inv    : fb_go && o_inv[U];
            assign u_in_window[0] = accept ? ctx_window : fb_go ? o_window[U] : 256'h0;
            assign u_in_len[0]    = accept ? ctx_len    : fb_go ? o_len[U]    : 2'd0;
            assign u_in_rnd[0]    = accept ? 4'd0       : fb_go ? o_rnd[U]    : 4'd0;
            assign u_in_user[0]   = accept ? in_user    : fb_go ? o_user[U]   : {USER_W{1'b0}};
        end
    endgenerate

    assign o_valid[0] = 1'b0; assign o_state[0] = {128*LANES{1'b0}}; assign o_window[0] = 256'h0;
    assign o_len[0] = 2'd0;   assign o_inv[0] = 1'b0;     assign o_rnd[0] = 4'd0;
    assign o_user[0] = {USER_W{1'b0}}; assign o_exit[0] = 1'b0;

    generate
        for (u = 0; u < U; u = u + 1) begin : g_unit
            aes_round_unit #(.IMPL(IMPL), .MODE(MODE), .STAGES(STAGES), .LANES(LANES), .USER_W(USER_W),
                             .STEP_OUT(KEY_SHARE && u == 0),
                             .KEY_CUT(KEY_CUT + ((ENTRY != 0 && u == 0) ? 1 : 0)),
                             .MIX_EARLY(MIX_EARLY),
                             .WINDOW_EARLY((WIN_EARLY != 0 && u == U - 1) ? 1 : 0),
                             .STEP_IDX(IDX),
                             .RING_EARLY((IDX != 0 && MIX_EARLY != 0 && u == 0) ? 1 : 0)) u_unit (
                .clk(clk), .rst_n(`AES_RST(2 + u)), .ce(1'b1),
                .in_valid(u_in_valid[u]), .in_state(u_in_state[u]), .in_window(u_in_window[u]),
                .in_len(u_in_len[u]), .in_inv(u_in_inv[u]), .in_inv_c({(16*LANES){1'b0}}),
                .in_rnd(u_in_rnd[u]), .in_early(u_in_early[u]), .in_alt(u_in_alt[u]), .in_user(u_in_user[u]),
                .out_valid(o_valid[u+1]), .out_state(o_state[u+1]), .out_window(o_window[u+1]),
                .out_len(o_len[u+1]), .out_inv(o_inv[u+1]), .out_inv_c(o_inv_c_unused[u]),
                .out_valid_c(o_valid_c_unused[u]), .out_rnd(o_rnd[u+1]), .out_early(o_early[u]), .out_valid_early(o_vearly[u]),
                .out_user(o_user[u+1]),
                .step_window(step_w[u]), .out_state_early(s_early[u])
            );
            if (is_tap(u) && KEY_CUT) begin : g_tap_q
                // Table builds: whether the block in unit u's output registers has done its
                // last round is registered beside them, from the unit's controls a clock early
                // (out_early, the inputs of those registers), so the exit, the slot-free decision
                // and the entry select behind it start from flip-flops. Why: the compare of the
                // round with Nr (a carry chain on iCE40) headed the path that set the iCE40 UP5K
                // build's clock once the key step was cut (docs/results/notes.md).
                // The exit itself is that register: the unit's valid a clock early (its
                // out_valid_early, under the unit's own reset) and the last round's flag, so
                // the output FIFO's push and the counters' steps start at a flip-flop.
                reg exit_q;
                assign fin_nx[u] = (IDX != 0) ? aes_idx_done(o_early[u][6:5], back_of(o_early[u][4]), o_early[u][3:0])
                                              : (o_early[u][3:0] == aes_nr(o_early[u][6:5]));
                always @(posedge clk)
                    if (!`AES_RST(2 + u)) exit_q <= 1'b0;
                    else                  exit_q <= o_vearly[u] && fin_nx[u];
                assign o_exit[u+1] = exit_q;
            end else if (is_tap(u)) begin : g_tap
                assign fin_nx[u] = 1'b0;
                assign o_exit[u+1] = o_valid[u+1] && (o_rnd[u+1] == aes_nr(o_len[u+1]));
            end else begin : g_no_tap
                assign fin_nx[u] = 1'b0;
                assign o_exit[u+1] = 1'b0;
            end
            if (u < U - 1) begin : g_chain
                // A block that left at this unit leaves a bubble behind it.
                assign u_in_valid[u+1]  = o_valid[u+1] && !o_exit[u+1];
                assign u_in_state[u+1]  = o_state[u+1];
                assign u_in_window[u+1] = o_window[u+1];
                assign u_in_len[u+1]    = o_len[u+1];
                assign u_in_inv[u+1]    = o_inv[u+1];
                assign u_in_rnd[u+1]    = o_rnd[u+1];
                assign u_in_user[u+1]   = o_user[u+1];
                assign u_in_early[u+1]  = 7'd0;   // read with KEY_CUT 2 only: unit 0's
                assign u_in_alt[u+1]    = 8'd0;
            end
        end
    endgenerate

    // ---- exit mux ------------------------------------------------------------
    reg [128*LANES-1:0] exit_state;
    reg [USER_W-1:0] exit_user;
    integer k;
    always @(*) begin
        exit_state = {128*LANES{1'b0}};
        exit_user  = {USER_W{1'b0}};
        for (k = 1; k <= U; k = k + 1)
            if (o_exit[k]) begin
                exit_state = o_state[k];
                exit_user  = o_user[k];
            end
    end

    // ---- output stage: the FIFO and its credits ------------------------------
    aes_out_stage #(.WIDTH(128*LANES + USER_W), .DEPTH(FDEPTH), .LAT_MAX(D + ENTRY), .RAM(FIFO_RAM),
                    .SPARE(ENTRY ? 0 : 1), .LATE(ENTRY ? 1 : 0),
                    .COPIES(LANES)) u_out (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid), .gate(gate), .in_ready(in_ready),
        .accept(accept), .credit_ok(credit_ok), .empty(ring_empty),
        .exit_valid(exiting), .exit_valid_c({LANES{exiting}}), .exit_data({exit_user, exit_state}),
        .out_valid(out_valid), .out_ready(out_ready), .out_data({out_user, out_data}), .busy(busy)
    );

    assign prep_stepped = step_w[0];

    always @(posedge clk) begin
        if (!`AES_RST(0)) ring_len <= 2'd0;
        else if (accept) ring_len <= ctx_len;
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_core_pipelined: fully unrolled, outer-round pipelined AES core with
// optional inner-round pipelining and LANES parallel blocks per beat.
//
// Round i (1..NR_MAX) is its own hardware, STAGES registers deep (aes_round's
// cuts); the AddRoundKey whitening is folded into the input of round 1
// (SHARED) or is a stage of its own (AGILE, below).
// With the output ready a beat of LANES blocks is accepted every clock.
// Latency (input handshake to out_valid): Nr*STAGES + 1 in SHARED mode
// (AES-128, STAGES = 1: 11 cycles); AGILE's is below.
//
// KEY_MODE "SHARED": one key expansion for the whole core (all lanes, all
//   rounds) into a load bank of round keys (aes_key_bank; slot i holds the key
//   round i uses, slot 0 the whitening key), written in stage order so
//   decryption needs no reordering. A key load expands into it (one
//   aes_key_step, one step per KPIPE + 2 clocks) while blocks keep flowing with
//   the old key; the key handshake completes when the bank is ready, and blocks
//   accepted after it use the new key: each round's key is a register that
//   copies its slot of the load bank when the first such block reaches that
//   round (exact, as the datapath never stalls). The next load starts once that
//   switch has passed the last round (NR_MAX * STAGES cycles). key_ready is
//   therefore low for (Nr + 1) * (KPIPE + 2) cycles (+ what is left of the
//   previous switch); in_ready never drops for a key change of the same key
//   length.
//   Exit taps after rounds 10/12/14; all blocks in flight share one key
//   length, so a key-length change waits until the pipeline has drained.
// KEY_MODE "AGILE": every block carries its key window down the pipeline (a
//   key step per round per beat), so a key change costs nothing: in_ready
//   never drops for keys. The window rides one step ahead of the round (each
//   round's key is a register; the key step for the next round is cut like
//   the round), so a whitening stage in front of round 1 makes the first step.
//   Decryption needs window Nr first, so builds with decryption put NR_MAX
//   forward key steps in front of it (a key pre-expansion pipeline; encrypt
//   blocks ride through it unchanged). Every stage is STAGES clocks: latency
//   (PRE + 1 + NR_MAX)*STAGES + 1, PRE = NR_MAX with decryption, else 0.
//   Rounds past a block's Nr are bypassed, so all key lengths share one
//   latency: no drain either.
//
// Flow control: the datapath never stalls (no enable fans out over it); a
// beat is accepted only when a place in the output FIFO is reserved for it.
// OUT_DEPTH = 0 sizes the FIFO for full rate: latency + 1 places, the fewest that
// keep a beat accepted in every clock with the output always ready.
// KEYS (bit0 128, bit1 192, bit2 256) trims the pipeline to the key sizes
// the build needs; loads of other sizes are refused with key_error.
// LUT_LANES (IMPL "BRAM", KEY_MODE "SHARED"; 0..LANES-1): the last LUT_LANES lanes
// build their rounds' S-boxes as LUT tables (IMPL "LUT") instead of block RAM, with
// the same cuts and latency, so a device with fewer block RAMs than LANES lanes need
// (80 DP16KD a lane on ECP5, 208 on the LFE5UM-85F) fills its fabric with lanes
// of both kinds. Everything else (key expansion, FIFO, control) is the BRAM build's.
// LUT_IMPL ("LUT" or "COMPOSITE"): those lanes' S-box form, the 256-entry table in LUTs or
// the tower-field circuit, cut where the round is cut (aes_round's COMPOSITE cuts): on ECP5
// a 4-stage composite lane is two thirds of a LUT lane's LUT4s and faster (16,622 LUT4 at
// 211.7 MHz against 26,384 at 163.8, one lane alone: docs/results/notes.md).
`default_nettype none

module aes_core_pipelined #(
    parameter LANES     = 1,
    parameter STAGES    = 1,
    parameter IMPL      = "LUT",
    parameter LUT_LANES = 0,
    parameter LUT_IMPL  = "LUT",
    parameter MODE      = "BOTH",
    parameter KEY_MODE  = "SHARED",
    parameter [2:0] KEYS = 3'b111,
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
        if (LANES < 1) begin : g_bad_param0
            ERROR_aes_core_pipelined_LANES_must_be_at_least_1 u_stop ();
        end
        if (STAGES < 1 || STAGES > 6) begin : g_bad_param1
            ERROR_aes_core_pipelined_STAGES_must_be_1_to_6 u_stop ();
        end
        if (KEY_MODE != "SHARED" && KEY_MODE != "AGILE") begin : g_bad_param2
            ERROR_aes_core_pipelined_KEY_MODE_must_be_SHARED_or_AGILE u_stop ();
        end
        if (KEYS == 3'b000) begin : g_bad_param3
            ERROR_aes_core_pipelined_KEYS_must_have_a_key_size u_stop ();
        end
        if (LUT_LANES < 0 || (LUT_LANES != 0 && (LUT_LANES >= LANES || IMPL != "BRAM" ||
                                                  KEY_MODE != "SHARED"))) begin : g_bad_param4
            ERROR_aes_core_pipelined_LUT_LANES_must_be_0_to_LANES_minus_1_with_IMPL_BRAM_and_SHARED u_stop ();
        end
        if (LUT_IMPL != "LUT" && LUT_IMPL != "COMPOSITE") begin : g_bad_param5
            ERROR_aes_core_pipelined_LUT_IMPL_must_be_LUT_or_COMPOSITE u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    localparam W       = 128 * LANES;
    `include "aes_defs.vh"
    localparam NR_MAX  = aes_nr_max(KEYS);
    localparam AGILE   = (KEY_MODE == "AGILE");
    localparam PRE     = (AGILE && MODE != "ENC") ? NR_MAX : 0;   // key pre-expansion stages
    // AGILE: PRE key pre-expansion stages, the whitening stage (first key step), the
    // rounds; every stage STAGES clocks.
    localparam LAT_MAX = AGILE ? (PRE + 1 + NR_MAX) * STAGES + 1 : NR_MAX * STAGES + 1;
    // SHARED key expansion: register cuts in its step (aes_key_step's PIPE), so a step
    // takes KPIPE + 2 clocks (with its result's register, below); as many as keep each
    // piece of the step shorter than one piece of a cut round: the transformed word (every
    // build), the S-box input (LUT builds with STAGES >= 2), the cuts inside the S-box
    // (COMPOSITE builds: two, or STAGES - 2 for five and six stages).
    // (BRAM and TTABLE builds: the S-box cut is the SubWord table's read register, as in
    // the rounds; ECP5 keeps the LUT form there: aes_key_step.) Where the step has four or
    // more cuts and its SubWord input is a selection by key length and step (AES-192, or
    // several key lengths: KSEL), two more, in front of SubWord: the step's decodes, then
    // the selected word (aes_key_step SEL_CUT).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam KCUTS   = (IMPL == "COMPOSITE") ? ((STAGES > 4) ? STAGES - 1 : 3) : ((STAGES == 1) ? 1 : 2);
    /* verilator lint_on WIDTH */
    localparam KSEL    = (KCUTS >= 4 && KEYS != 3'b001 && KEYS != 3'b100) ? 1 : 0;
    localparam KPIPE   = KCUTS + 2 * KSEL;
    // Five and six stages a round, gate libraries, SHARED keys, LUT or COMPOSITE S-boxes: a
    // round that decrypts computes InvMixColumns as registered multiples (aes_round DEC_MUL,
    // the bank's keys_im beside its keys), and MODE "BOTH" runs an encrypt and a decrypt
    // round side by side (aes_round_dual: no direction logic in any stage; about twice the
    // rounds' area). Why: at six stages a MODE "BOTH" round was half as fast as an encrypt
    // round (NanGate45: 1,367 MHz against 2,517; issue 12 item 4). Not at four stages: there
    // the first S-box piece (basis change and norm) sets the clock in both forms, and the two
    // chains measured 1,372.9 MHz at 309.8 kGE (COMPOSITE) and 1,250.2 at 394.7 (LUT: the
    // table and the multiples in one stage) against one round's 1,352.1 at 186.8 and 1,339.4
    // at 293.7 (docs/results/notes.md, 2026-11-28). LUT fabrics (AES_LUT_FABRIC) keep the
    // one round (its LUTs are fewer).
`ifdef AES_LUT_FABRIC
    localparam DEC_MUL = 0;
`else
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam DEC_MUL = (!AGILE && MODE != "ENC" && STAGES >= 5 && (IMPL == "LUT" || IMPL == "COMPOSITE")) ? 1 : 0;
    /* verilator lint_on WIDTH */
`endif
    /* verilator lint_off WIDTH */
    localparam DUAL    = (DEC_MUL != 0 && MODE == "BOTH") ? 1 : 0;
    /* verilator lint_on WIDTH */
    // Full rate with the output always ready: a beat's place comes back (credit_ok) in the
    // clock after it leaves the FIFO, LAT_MAX + 1 clocks after it was accepted; so LAT_MAX + 1
    // places. (LAT_MAX counts the FIFO's own clock: a beat exits the rounds LAT_MAX - 1 clocks
    // after it was accepted, and aes_out_stage needs exit latency + 2.) One more would be
    // 128 x LANES flip-flops that are never used.
    localparam FDEPTH  = (OUT_DEPTH > 0) ? OUT_DEPTH : LAT_MAX + 1;
    // The FIFO's spare entry (aes_fifo SPARE) keeps each entry's write enable a register of
    // its own, for the exit of a deep pipeline at its clock; at one stage a round the clock
    // has room for a gate in front of the enables (the exit's registers measured 1,355 MHz
    // against the rounds' 1,275, NanGate45), and the entry (W + USER_W flip-flops with their
    // multiplexers and read gates, 1.2 kGE a lane) is saved.
    localparam FSPARE  = (STAGES == 1 && FDEPTH >= 2) ? 0 : 1;
    // The FPGA-native builds (block-RAM tables) keep the output FIFO in distributed RAM.
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam FIFO_RAM = (IMPL == "BRAM" || IMPL == "TTABLE") ? 1 : 0;
    /* verilator lint_on WIDTH */

    // AES_RESET_REG (the ecp5 target's table builds of 2+ lanes): rst_n registered once, a copy per region
    // (aes_reset_copies; `AES_RST(k), aes_defs.vh), so no reset net spans the core: the core
    // behaves as it does without the define with rst_n one clock later (docs/core_interface.md).
    // SHARED regions: the key control, the bank, the exit's flags, each 16 bits of the key
    // window and of the whitening key (and its decrypt copy), each round; AGILE: the context,
    // each key pre-expansion stage, the whitening stage, each round unit. (aes_out_stage
    // registers its own copies.) Why: aes_reset_copies.
    // (The region numbers exist with the define only: without it `AES_RST(k) is rst_n.)
`ifdef AES_RESET_REG
    localparam RST_WIN  = 3;                        // SHARED: g_win[w]'s copy RST_WIN + w
    localparam RST_WKEY = RST_WIN + 16;             // ... g_wkey[w]'s (and g_wkey_dec's) RST_WKEY + w
    localparam RST_RND  = RST_WKEY + 8 * LANES - 1; // ... round i's (1..NR_MAX) RST_RND + i
    localparam RST_N    = RST_RND + NR_MAX + 1;     // (AGILE uses PRE + NR_MAX + 2 <= RST_N)
    wire [RST_N-1:0] rst_r;
    aes_reset_copies #(.N(RST_N)) u_rst (.clk(clk), .rst_n(rst_n), .rst_c(rst_r));
`endif

    // The key length the datapath uses: a constant in a build with one key size (only
    // that size is ever accepted), so its length logic folds away.
    function [1:0] fixed_len;
        input [1:0] len;
        fixed_len = (KEYS == 3'b001) ? 2'd0 : (KEYS == 3'b010) ? 2'd1 : (KEYS == 3'b100) ? 2'd2 : len;
    endfunction

    // ---- output stage: the FIFO and its credits (aes_out_stage) -----------------
    wire             exiting;
    wire [W-1:0]     exit_state;
    wire [USER_W-1:0] exit_user;
    wire             key_ok;            // context valid and usable for this beat
    /* verilator lint_off UNUSEDSIGNAL */   // in_ready is credit_ok && key_ok (aes_out_stage)
    wire             credit_ok;
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */   // AGILE builds: every beat carries its own key length
    wire             out_empty;         // no beat in flight (SHARED: same-length check, scrub)
    /* verilator lint_on UNUSEDSIGNAL */
    wire             accept;            // in_valid && in_ready
    wire [LANES-1:0] exiting_c;         // copies of exiting, one per lane (aes_out_stage COPIES)
    aes_out_stage #(.WIDTH(W + USER_W), .DEPTH(FDEPTH), .LAT_MAX(LAT_MAX), .RAM(FIFO_RAM),
                    .COPIES(LANES), .SPARE(FSPARE)) u_out (
        .clk(clk), .rst_n(rst_n), .in_valid(in_valid), .gate(key_ok), .in_ready(in_ready),
        .accept(accept), .credit_ok(credit_ok), .empty(out_empty),
        .exit_valid(exiting), .exit_valid_c(exiting_c), .exit_data({exit_user, exit_state}),
        .out_valid(out_valid), .out_ready(out_ready), .out_data({out_user, out_data}), .busy(busy)
    );

    genvar i, l, k;
    generate
    if (AGILE) begin : g_agile
        // ---- context: raw key, length, direction (in force the next cycle) --
        wire         ctx_valid, ctx_inv;
        wire [255:0] ctx_window;
        wire [1:0]   ctx_len_reg;
        /* verilator lint_off UNUSEDSIGNAL */   // no expansion here (DEC_WINDOW = 0)
        wire       prep_req_unused;
        wire [3:0] prep_idx_unused;
        wire [6:0] prep_early_unused;
        /* verilator lint_on UNUSEDSIGNAL */
        aes_key_prep #(.IMPL(IMPL), .MODE(MODE), .KEYS(KEYS), .DEC_WINDOW(0)) u_ctx (
            .clk(clk), .rst_n(`AES_RST(0)), .clear(key_clear),
            .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
            .key_decrypt(key_decrypt), .key_error(key_error),
            .ctx_valid(ctx_valid), .ctx_window(ctx_window), .ctx_len(ctx_len_reg), .ctx_inv(ctx_inv),
            .step_req(prep_req_unused), .step_idx(prep_idx_unused), .step_go(1'b0), .step_out(256'h0),
            .next_early(prep_early_unused)
        );
        wire [1:0] ctx_len = fixed_len(ctx_len_reg);
        assign key_ok = ctx_valid;

        // Every key stage below is STAGES clocks long, its key step cut where a round
        // is cut (aes_key_step STREAM, PIPE = STAGES - 1), then registered; what rides
        // beside it (data, controls) is delayed to match.
        // ---- key pre-expansion: window 0 -> window Nr for decrypt blocks ---
        wire           p_valid [0:PRE];
        wire [W-1:0]   p_data  [0:PRE];
        wire [255:0]   p_win   [0:PRE];
        wire [1:0]     p_len   [0:PRE];
        wire           p_inv   [0:PRE];
        wire [USER_W-1:0] p_user [0:PRE];
        assign p_valid[0] = accept;
        assign p_data[0]  = in_data;
        assign p_win[0]   = ctx_window;
        assign p_len[0]   = ctx_len;
        assign p_inv[0]   = ctx_inv;
        assign p_user[0]  = in_user;
        // A block's length and direction a clock before they reach p_len[i], p_inv[i] (the
        // inputs of stage i-1's last register), for the key steps' decodes (aes_key_step
        // EARLY); stage 0's step reads the context, which a key load can change in any
        // clock, so it decodes its own inputs.
        wire [1:0]     e_len   [0:PRE];
        wire           e_inv   [0:PRE];
        assign e_len[0] = 2'd0;
        assign e_inv[0] = 1'b0;
        for (i = 0; i < PRE; i = i + 1) begin : g_pre
            wire [255:0] stepped;
            aes_key_step #(.IMPL(IMPL), .MODE("ENC"), .PIPE(STAGES - 1), .STREAM(1),
                           .EARLY(i > 0 ? 1 : 0)) u_step (
                .clk(clk), .ce(1'b1), .inv(1'b0), .key_len(p_len[i]), .step_idx(i[3:0]),
                .in_window(p_win[i]), .early_len(e_len[i]), .early_idx(i[3:0]), .early_inv(1'b0),
                .early_alt(8'd0), .out_window(stepped)
            );
            // Encrypt blocks (and steps past their Nr) keep their window.
            wire           use_step = p_inv[i] && (i < aes_nr(p_len[i]));
            wire           use_q;
            wire [W-1:0]   data_q;
            wire [255:0]   win_q;
            wire [1:0]     len_q;
            wire           inv_q;
            wire [USER_W-1:0] user_q;
            aes_delay #(.WIDTH(1), .DEPTH(STAGES), .RESET(1)) u_v (
                .clk(clk), .rst_n(`AES_RST(1 + i)), .ce(1'b1), .in_data(p_valid[i]), .out_data(p_valid[i+1])
            );
            aes_delay #(.WIDTH(W + 256 + 4 + USER_W), .DEPTH(STAGES - 1)) u_carry (
                .clk(clk), .rst_n(`AES_RST(1 + i)), .ce(1'b1),
                .in_data({p_data[i], p_win[i], p_len[i], p_inv[i], use_step, p_user[i]}),
                .out_data({data_q, win_q, len_q, inv_q, use_q, user_q})
            );
            aes_delay #(.WIDTH(W + 256 + 3 + USER_W), .DEPTH(1)) u_d (
                .clk(clk), .rst_n(`AES_RST(1 + i)), .ce(1'b1),
                .in_data({data_q, use_q ? stepped : win_q, len_q, inv_q, user_q}),
                .out_data({p_data[i+1], p_win[i+1], p_len[i+1], p_inv[i+1], p_user[i+1]})
            );
            assign e_len[i+1] = len_q;
            assign e_inv[i+1] = inv_q;
        end

        // ---- whitening, and the first key step (the round units' windows are one
        // step ahead: each round's key is a register, and its key step gets all STAGES
        // clocks; aes_round_unit KEY_AHEAD) ----------------------------------------
        wire           r_valid [0:NR_MAX];
        wire [W-1:0]   r_state [0:NR_MAX];
        wire [255:0]   r_win   [0:NR_MAX];
        wire [1:0]     r_len   [0:NR_MAX];
        wire           r_inv   [0:NR_MAX];
        wire [3:0]     r_rnd   [0:NR_MAX];
        wire [USER_W-1:0] r_user [0:NR_MAX];
        wire [255:0]   ahead;
        wire [255:0]   ahead_q;
        /* verilator lint_off UNUSEDSIGNAL */   // r_inv[0] is a flip-flop of its own (below)
        wire           r_inv_ctl;
        /* verilator lint_on UNUSEDSIGNAL */
        aes_key_step #(.IMPL(IMPL), .MODE(MODE), .PIPE(STAGES - 1), .STREAM(1),
                       .EARLY(PRE > 0 ? 1 : 0)) u_ahead (
            .clk(clk), .ce(1'b1), .inv(p_inv[PRE]), .key_len(p_len[PRE]),
            .step_idx(p_inv[PRE] ? aes_nr(p_len[PRE]) - 4'd1 : 4'd0),
            .in_window(p_win[PRE]), .early_len(e_len[PRE]),
            .early_idx(e_inv[PRE] ? aes_nr(e_len[PRE]) - 4'd1 : 4'd0), .early_inv(e_inv[PRE]),
            .early_alt(8'd0), .out_window(ahead)
        );
        aes_delay #(.WIDTH(256), .DEPTH(1)) u_ahead_q (
            .clk(clk), .rst_n(`AES_RST(PRE + 1)), .ce(1'b1), .in_data(ahead), .out_data(ahead_q)
        );
        aes_delay #(.WIDTH(1), .DEPTH(STAGES), .RESET(1)) u_white_v (
            .clk(clk), .rst_n(`AES_RST(PRE + 1)), .ce(1'b1), .in_data(p_valid[PRE]), .out_data(r_valid[0])
        );
        aes_delay #(.WIDTH(W + 3 + USER_W), .DEPTH(STAGES)) u_white (
            .clk(clk), .rst_n(`AES_RST(PRE + 1)), .ce(1'b1),
            .in_data({p_data[PRE] ^ {LANES{p_win[PRE][127:0]}}, p_len[PRE], p_inv[PRE], p_user[PRE]}),
            .out_data({r_state[0], r_len[0], r_inv_ctl, r_user[0]})
        );
        // The round units' controls a clock early (aes_round_unit in_early, out_early): the
        // whitening stage's last register's inputs, round 0.
        wire [6:0]     r_early [0:NR_MAX];
        wire [2:0]     white_early;
        aes_delay #(.WIDTH(3), .DEPTH(STAGES - 1)) u_white_early (
            .clk(clk), .rst_n(`AES_RST(PRE + 1)), .ce(1'b1), .in_data({p_len[PRE], p_inv[PRE]}),
            .out_data(white_early)
        );
        assign r_early[0] = {white_early, 4'd0};
        assign r_win[0] = ahead_q;
        assign r_rnd[0] = 4'd0;
        // MODE "BOTH": the direction also as 16 copies per lane for each unit (aes_round_unit
        // INV_COPIES): round unit 1's from the whitening stage's last register, kept apart.
        wire [16*LANES-1:0] r_inv_c [0:NR_MAX];
        wire inv_white_pre;
        aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1)) u_white_inv (
            .clk(clk), .rst_n(`AES_RST(PRE + 1)), .ce(1'b1), .in_data(p_inv[PRE]), .out_data(inv_white_pre)
        );
        for (l = 0; l < 16 * LANES; l = l + 1) begin : g_white_inv_copy
            reg q;
            (* keep *) always @(posedge clk) q <= inv_white_pre;
            assign r_inv_c[0][l] = q;
        end
        // r_inv[0] from a flip-flop of its own, kept apart from the copies (aes_round_unit:
        // synthesis merges equal flip-flops into a kept one, an S-box's copy).
        reg inv_white_own;
        (* keep *) always @(posedge clk) inv_white_own <= inv_white_pre;
        assign r_inv[0] = inv_white_own;

        // ---- NR_MAX round units ------------------------------------------------
        // The last unit's valid also as flip-flops of their own (VALID_COPIES, EXIT_C): one
        // per 16 bits of each lane, which gates those bits into the output FIFO (a bubble is
        // zero: the FIFO writes in every clock, aes_fifo), one per lane, which steps its copy
        // of the FIFO's pointers, and one for the FIFO's and credits' counters and the user
        // bits; no flip-flop drives more than 16 data gates.
        localparam EXIT_C = 9 * LANES + 1;
        wire [EXIT_C-1:0] exit_v;
        for (i = 0; i < NR_MAX; i = i + 1) begin : g_round
            // Units past round 10 may see finished AES-128/192 blocks: bypass.
            localparam VC = (i == NR_MAX - 1) ? EXIT_C : 0;
            /* verilator lint_off UNUSEDSIGNAL */   // read from the last unit only
            wire [(VC > 0 ? VC : 1)-1:0] valid_c;
            wire [255:0] step_unused;       // the step's own output (aes_key_prep EXT_STEP's)
            wire         v_early_unused;    // the next clock's valid (aes_core_folded's entry)
            wire [128*LANES-1:0] s_early_unused;  // the state a clock early (WINDOW_EARLY: zero here)
            /* verilator lint_on UNUSEDSIGNAL */
            aes_round_unit #(.IMPL(IMPL), .MODE(MODE), .STAGES(STAGES), .LANES(LANES),
                             .BYPASS(i >= 10 ? 1 : 0), .USER_W(USER_W), .KEY_AHEAD(1),
                             .INV_COPIES(1), .VALID_COPIES(VC)) u_unit (
                .clk(clk), .rst_n(`AES_RST(PRE + 2 + i)), .ce(1'b1),
                .in_valid(r_valid[i]), .in_state(r_state[i]), .in_window(r_win[i]),
                .in_len(r_len[i]), .in_inv(r_inv[i]), .in_inv_c(r_inv_c[i]), .in_rnd(r_rnd[i]),
                .in_early(r_early[i]), .in_alt(8'd0), .in_user(r_user[i]),
                .out_valid(r_valid[i+1]), .out_valid_c(valid_c), .out_state(r_state[i+1]),
                .out_window(r_win[i+1]),
                .out_len(r_len[i+1]), .out_inv(r_inv[i+1]), .out_inv_c(r_inv_c[i+1]),
                .out_rnd(r_rnd[i+1]), .out_early(r_early[i+1]), .out_valid_early(v_early_unused),
                .out_user(r_user[i+1]), .step_window(step_unused), .out_state_early(s_early_unused)
            );
            if (VC > 0) begin : g_exit
                assign exit_v = valid_c;
            end
        end
        assign exiting    = exit_v[9*LANES];
        assign exiting_c  = exit_v[8*LANES +: LANES];
        for (k = 0; k < 8 * LANES; k = k + 1) begin : g_exit_gate
            assign exit_state[16*k +: 16] = {16{exit_v[k]}} & r_state[NR_MAX][16*k +: 16];
        end
        assign exit_user  = {USER_W{exit_v[9*LANES]}} & r_user[NR_MAX];
    end else begin : g_shared
        // ---- the round keys (aes_key_bank): load bank, and each round's key --
        wire [127:0] load0;               // load bank slot 0 (the whitening key)
        wire [128*NR_MAX-1:0] rkeys;      // round i's key at [128*(i-1) +: 128]
        /* verilator lint_off UNUSEDSIGNAL */   // read by DEC_MUL rounds only (zero otherwise)
        wire [128*NR_MAX-1:0] rkeys_im;   // InvMixColumns of each (aes_key_bank INV_KEYS)
        /* verilator lint_on UNUSEDSIGNAL */
        wire         kbusy;               // the last new key has not reached every round
        reg  [1:0]   ctx_len;             // the key in force: length, direction
        reg          ctx_inv;
        reg          have_key;
        reg          expanding;
        reg  [3:0]   step;
        reg          last;                // step == Nr of the key being expanded
        reg  [NR_MAX:0] slot_oh;          // one-hot: the bank slot step's round key goes to
        reg  [255:0] win;
        reg          err_q;
        reg  [1:0]   pipe_len;            // key length of the beats in flight
        // One key size: the last round is the only exit, and no length check is needed.
        localparam ONE_SIZE = (KEYS == 3'b001) || (KEYS == 3'b010) || (KEYS == 3'b100);

        wire dir_ok = key_decrypt ? (MODE != "ENC") : (MODE != "DEC");
        // The direction of a key that can start: fixed in a one-direction build (a key of
        // the other is refused), so the bank's slot order, the whitening key's source and
        // the context fold away there (128 multiplexers in front of wkey).
        /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
        wire kdec = (MODE == "ENC") ? 1'b0 : (MODE == "DEC") ? 1'b1 : key_decrypt;
        /* verilator lint_on WIDTH */
        wire len_ok = aes_len_ok(KEYS, key_len);
        // The length the expansion and the banks use (fixed_len: only that size passes
        // len_ok in a one-size build, so bank lengths, the same-length check in front of
        // in_ready and the final-round selects fold away).
        wire [1:0] klen = fixed_len(key_len);
        wire [3:0] nr_new = aes_nr(klen);
        // key_clear zeroizes the context at once, but the round keys only once the
        // last beat has left the rounds (scrub): beats inside the core when the key
        // is cleared still need them (they finish with their key, as on a key
        // change). Reset scrubs the same way, in the first cycle after it (the load bank
        // is zero a cycle after the scrub, the rounds' keys two: aes_key_bank). A load
        // starts once the previous key switch has passed every round and no scrub waits
        // (or it happens now): the scrub always comes before the new round keys.
        reg  scrub;
        wire scrub_now = scrub && out_empty;
`ifdef AES_SCRUB_FIRST
        // With AES_SCRUB_FIRST (the ecp5 target's table builds of two or more lanes) a load
        // that waits for a scrub starts in the clock after it, not in its clock: the start
        // (the window's 16 copies of `expanding`, the phase, the step flags) then reads only
        // the key control's own registers and the key handshake, not the output stage's
        // empty flag. Why: in the five-lane ECP5 build that flag's route across the chip, into
        // every copy's start, was the clock-setting path (u_in_flight.nz -> scrub -> exp_c,
        // 8.07 ns, 7.32 of it routing; 123.8 MHz). Only a key offered while a scrub waits
        // (after reset or key_clear) is a clock later; a key change never scrubs.
        wire start_ok = len_ok && dir_ok && !kbusy && !scrub;
`else
        wire start_ok = len_ok && dir_ok && !kbusy && (!scrub || out_empty);
`endif
        wire start  = key_valid && !expanding && start_ok;
        // The expansion's clock within a step, one-hot: ph[k] in the step's clock k (all
        // zero while not expanding). A step takes KCLK = KPIPE + 2 clocks: KPIPE + 1 for
        // aes_key_step's pieces, and one more in which its result waits in a register of
        // its own (stepped_q, where the step has KPIPE >= 4 cuts, i.e. five and six stages),
        // so that the window's multiplexer does not sit behind the new words' XOR trees
        // (with fewer cuts the clock has room for both, and as the step's inputs are held
        // its result is the same in that clock: stepped_q is then a wire, 128 to 256
        // flip-flops saved, and every count stays). Every control that acts on a step
        // boundary reads a flip-flop: kstep (ph[KCLK-1], the window takes stepped_q), the
        // bank's write enables (ph[KCLK-2], named a clock early), and fin (the last clock
        // of the last step); the wide ones (the window's 256 enables, the whitening key's 128) read copies of their
        // own, kept apart (`keep`), a copy per 16 bits.
        localparam KCLK = KPIPE + 2;
        // aes_key_bank INV_KEYS reads the write data (the window) three clocks before its
        // write: a step must hold the window four clocks (always so where DEC_MUL is set).
        if (DEC_MUL != 0 && KCLK < 4) begin : g_bad_kclk
            ERROR_aes_core_pipelined_DEC_MUL_needs_four_clocks_a_key_step u_stop ();
        end
        reg  [KCLK-1:0] ph;
        wire kstep = ph[KCLK-1];
        reg  fin;                         // done: kstep in the last step, as a register
        wire done   = fin;
        wire apply = done && `AES_RST(0) && !key_clear;   // the new key is in force from the next cycle
        wire refuse = key_valid && !expanding && !(len_ok && dir_ok);
        assign key_ready = done || refuse;
        assign key_error = err_q;

        wire [255:0] key_masked = (klen == 2'd0) ? {128'h0, key[127:0]} :
                                  (klen == 2'd1) ? {64'h0, key[191:0]} : key;
        wire [255:0] stepped;
        // The expansion takes KCLK clocks per step (register cuts in the step, and its
        // result's register), so it is never the longest path when the rounds are cut;
        // a key load is not on the data's throughput path.
        aes_key_step #(.IMPL(IMPL), .MODE("ENC"), .PIPE(KCUTS), .SEL_CUT(KSEL)) u_expand (
            .clk(clk), .ce(1'b1), .inv(1'b0), .key_len(klen), .step_idx(step), .in_window(win),
            .early_len(2'd0), .early_idx(4'd0), .early_inv(1'b0), .early_alt(8'd0),
            .out_window(stepped)
        );
        // Round key r goes to slot r (encrypt) or slot Nr - r (decrypt): slot_oh starts at
        // slot 0 or Nr and shifts one place per step (no decoder in front of the bank enables).
        wire [NR_MAX:0] slot_first = kdec ? ({{NR_MAX{1'b0}}, 1'b1} << nr_new)
                                                 : {{NR_MAX{1'b0}}, 1'b1};
        wire [NR_MAX:0] slot_next  = kdec ? (slot_oh >> 1) : (slot_oh << 1);

        // wkey: the whitening key in force, in its own register, so the whitening XOR
        // in front of round 1 reads a register (no multiplexer on that path); a copy per
        // lane (lane l's at [128*l +: 128]), so no key bit fans out to every lane.
        reg [128*LANES-1:0] wkey;
        // ph's next value (shared by ph and the copies of its last bit).
        wire [KCLK-1:0] ph_next = start ? {{(KCLK-1){1'b0}}, 1'b1} : fin ? {KCLK{1'b0}}
                                : {ph[KCLK-2:0], ph[KCLK-1]};
        wire fin_next = ph[KCLK-2] && last && !fin;
        wire [255:0] stepped_q;           // the step's result, a clock before the window takes it
        aes_delay #(.WIDTH(256), .DEPTH(KPIPE >= 4 ? 1 : 0)) u_stepped_q (
            .clk(clk), .rst_n(`AES_RST(0)), .ce(1'b1), .in_data(stepped), .out_data(stepped_q)
        );
        // The key registers' clear (the window, wkey and its decrypt copy; 384 to 640
        // flip-flops): with AES_LATE_CLEAR (the ecp5 target's table builds) each group of 16
        // bits clears on reset as before, but on key_clear a clock later, from a copy of
        // key_clear in a register of its own (kc_c), so the context's `!rst_n || key_clear`
        // drives only the control's clears. Why: on ECP5 that net reached every one of these
        // flip-flops' LSR pins across the chip (the clock-setting path of the one-lane
        // block-RAM build, 214.0 MHz, and of the 4-stage LUT lane, 163.9: 3.5 to 5.2 ns of
        // routing), and with copies of the whole clear on it, of the three-lane build (165.0).
        // What it changes: the old key stays in these registers one clock longer after CLEAR,
        // a clock in which nothing can use it (have_key, the expansion's phase and every write
        // enable clear at once, so no block is accepted and no slot written); a key offered in
        // that clock is loaded as before (the load wins over the late clear).
        // AES_KEY_CLEAR(r, kc): a key register group's clear, written once for the three groups;
        // r is the group's reset (`AES_RST), kc its registered copy of key_clear (declared only
        // with AES_LATE_CLEAR).
`ifdef AES_LATE_CLEAR
`define AES_KEY_CLEAR(r, kc) (!r || kc)
`else
`define AES_KEY_CLEAR(r, kc) (!r || key_clear)
`endif
        genvar w;
        for (w = 0; w < 16; w = w + 1) begin : g_win
            // The window's bits [16w +: 16]: the offered key in every idle cycle with key_valid, so
            // its enables hang on flip-flops, not on the length and direction checks behind
            // `start` (ECP5's clock-setting path of the 4-stage block-RAM lane, 209.6 MHz); the
            // step's result at kstep. A key that does not start (refused, or waiting for the
            // last switch or a scrub) is held as a started one's last window is: until the
            // next load or CLEAR. exp_c and kst_c: this word's copies of expanding and kstep.
            reg exp_c, kst_c;
            (* keep *) always @(posedge clk) begin
                if (!`AES_RST(RST_WIN + w) || key_clear) begin
                    exp_c <= 1'b0; kst_c <= 1'b0;
                end else begin
                    // start and fin as the expansion's own flag sees them, written from this
                    // copy's own state (exp_c == expanding, and kst_c is 0 while ph[KCLK-2] is 1:
                    // one-hot), so each copy's D is a gate of its own that the mapper sees and
                    // sizes (one net into every copy's D pin is a load it does not see)
                    exp_c <= (key_valid && !exp_c && start_ok) || (exp_c && !fin);
                    kst_c <= ph[KCLK-2] && !kst_c;
                end
            end
`ifdef AES_LATE_CLEAR
            reg kc_c;
            (* keep *) always @(posedge clk) kc_c <= key_clear;
`endif
            always @(posedge clk) begin
`ifdef AES_LATE_CLEAR   // the load wins over the late clear (above)
                if (key_valid && !exp_c)            win[16*w +: 16] <= key_masked[16*w +: 16];
                else if (`AES_KEY_CLEAR(`AES_RST(RST_WIN + w), kc_c)) win[16*w +: 16] <= 16'h0;
`else
                if (`AES_KEY_CLEAR(`AES_RST(RST_WIN + w), kc_c)) win[16*w +: 16] <= 16'h0;
                else if (key_valid && !exp_c)       win[16*w +: 16] <= key_masked[16*w +: 16];
`endif
                else if (kst_c)                     win[16*w +: 16] <= stepped_q[16*w +: 16];
            end
        end
        for (w = 0; w < 8 * LANES; w = w + 1) begin : g_wkey
            // wkey's bits [16w +: 16] (lane w / 8) take slot 0 of the load bank (encrypt;
            // decrypt: window Nr's low words, written now) when the key comes into force:
            // fin_c, their copy of fin.
            reg fin_c;
            (* keep *) always @(posedge clk)   // fin_next, from this copy's own state (kst_c above)
                if (!`AES_RST(RST_WKEY + w) || key_clear) fin_c <= 1'b0;
                else                     fin_c <= ph[KCLK-2] && last && !fin_c;
`ifdef AES_LATE_CLEAR
            reg kc_c;                           // (fin_c is never set in a clock kc_c is)
            (* keep *) always @(posedge clk) kc_c <= key_clear;
`endif
            always @(posedge clk) begin
                if (`AES_KEY_CLEAR(`AES_RST(RST_WKEY + w), kc_c)) wkey[16*w +: 16] <= 16'h0;
                else if (fin_c)           wkey[16*w +: 16] <= kdec ? win[16*(w % 8) +: 16]
                                                                        : load0[16*(w % 8) +: 16];
            end
        end
        // g_wkey_dec (DUAL): the decrypt chain's own copy of wkey, so each chain's whitening
        // XOR reads registers of its own. Why: with one register the XOR fed both chains'
        // basis changes and ABC shared XOR terms between them, which made round 1's first
        // S-box piece the longest path of BOTH as two chains (NanGate45, six stages: wkey ->
        // whitening -> shared terms -> decrypt g_composite.a1, 0.457 ns; 0.387 with the
        // copy, 2,033 -> 2,194 MHz). Each 16 bits load on fin_d, a copy of fin written
        // from its own state as fin_c is: a copy loaded on fin_c would be the same flip-flop
        // as wkey's, and Yosys merges those (keep does not stop it). 136 flip-flops a lane.
        if (DUAL != 0) begin : g_wkey_dec
            reg  [128*LANES-1:0] q;
            wire [128*LANES-1:0] state = in_data ^ q;     // the decrypt chain's round-1 input
            for (w = 0; w < 8 * LANES; w = w + 1) begin : g_part
                reg fin_d;
                (* keep *) always @(posedge clk)
                    if (!`AES_RST(RST_WKEY + w) || key_clear) fin_d <= 1'b0;
                    else                     fin_d <= ph[KCLK-2] && last && !fin_d;
`ifdef AES_LATE_CLEAR
                reg kc_d;
                (* keep *) always @(posedge clk) kc_d <= key_clear;
`endif
                always @(posedge clk)
                    if (`AES_KEY_CLEAR(`AES_RST(RST_WKEY + w), kc_d)) q[16*w +: 16] <= 16'h0;
                    else if (fin_d)           q[16*w +: 16] <= kdec ? win[16*(w % 8) +: 16]
                                                                    : load0[16*(w % 8) +: 16];
            end
        end
        always @(posedge clk) begin
            if (!`AES_RST(0) || key_clear) begin
                have_key <= 1'b0; expanding <= 1'b0; step <= 4'd0; ph <= {KCLK{1'b0}};
                fin <= 1'b0; last <= 1'b0; slot_oh <= {(NR_MAX+1){1'b0}};
                err_q <= 1'b0;
                scrub <= 1'b1;
                ctx_len <= 2'd0; ctx_inv <= 1'b0;
            end else begin
                if (scrub_now) scrub <= 1'b0;
                if (refuse) err_q <= 1'b1;
                ph  <= ph_next;
                fin <= fin_next;
                if (start) expanding <= 1'b1;
                // The step counters start over in every clock without an expansion (they are
                // read only while one runs), so the first step's values are in place when
                // `start` comes, and start (the length and direction checks, the scrub and
                // the FIFO's empty flag behind it) enables none of them.
                if (!expanding) begin
                    step    <= 4'd0;
                    last    <= 1'b0;
                    slot_oh <= slot_first;
                end else if (kstep) begin
                    step    <= step + 4'd1;
                    last    <= (step == nr_new - 4'd1);
                    slot_oh <= slot_next;
                end
                if (fin) begin
                    expanding <= 1'b0;
                    have_key  <= 1'b1;
                    err_q     <= 1'b0;
                    ctx_len   <= klen;
                    ctx_inv   <= kdec;
                end
            end
        end

        // ---- the round keys (aes_key_bank) ----------------------------------------
        // Round key `step` (the low 128 bits of window `step`) into slot_oh's slot of
        // the load bank when a step completes; `apply` moves the bank into the
        // rounds' keys; zeros into every key when scrubbed. The bank registers each
        // slot's write enable, so it is named a clock early: in the step's last clock
        // but one (slot_oh holds still then). A key_clear in the write's
        // own clock no longer stops it: the scrub that key_clear starts zeroes that
        // slot afterwards, as every other (FORMAL: no write in the cycle after a scrub).
        wire kwrite_early = `AES_RST(0) && !key_clear && ph[KCLK-2];
        aes_key_bank #(.NR_MAX(NR_MAX), .STAGES(STAGES), .INV_KEYS(DEC_MUL)) u_bank (
            .clk(clk), .rst_n(`AES_RST(1)), .scrub(scrub_now),
            .wsel_early(kwrite_early ? slot_oh : {(NR_MAX+1){1'b0}}), .wdata(win[127:0]), .apply(apply),
            .load0(load0), .keys(rkeys), .keys_im(rkeys_im), .busy(kbusy)
        );
`ifdef FORMAL
        // aes_key_bank zeroes its slots in the cycle after a scrub, and its zeros win over
        // a write then: no expansion writes in that cycle (a step takes KCLK >= 3
        // clocks, and no expansion runs while a scrub waits).
        reg scrub_was, kwrite;            // kwrite: the bank writes a load slot now
        always @(posedge clk) begin
            scrub_was <= scrub_now;
            kwrite    <= kwrite_early;
        end
        always @* if (`AES_RST(0) && scrub) assert (!expanding);
        always @* if (`AES_RST(0) && scrub_was) assert (!kwrite);
        // The expansion's phase is one-hot while it runs, and every copy of its step flags
        // equals the flag (inductive invariants of the registered controls).
        always @* if (`AES_RST(0)) begin
            assert (expanding == (ph != {KCLK{1'b0}}) && (ph & (ph - 1'b1)) == {KCLK{1'b0}});
            assert (fin == (ph[KCLK-1] && last));
            assert (!(expanding && kbusy));     // (so the bank sees no apply while busy)
        end
        for (w = 0; w < 16; w = w + 1) begin : g_win_formal
            always @* if (`AES_RST(0)) assert (g_win[w].exp_c == expanding && g_win[w].kst_c == ph[KCLK-1]);
        end
        for (w = 0; w < 8 * LANES; w = w + 1) begin : g_wkey_formal
            always @* if (`AES_RST(0)) assert (g_wkey[w].fin_c == fin);
        end
        if (DUAL != 0) begin : g_wkey_dec_formal
            for (w = 0; w < 8 * LANES; w = w + 1) begin : g_part
                always @* if (`AES_RST(0)) assert (g_wkey_dec.g_part[w].fin_d == fin);
            end
            always @* if (`AES_RST(0)) assert (g_wkey_dec.q == wkey);
        end
`endif
        // Same key length as the beats in flight, or an empty pipeline. pipe_len follows
        // ctx_len while the pipeline is empty and holds while beats are in flight (a beat
        // that enters a busy pipeline has its length), so it changes with no handshake
        // term; the comparison is a register (diff_len == (pipe_len != ctx_len): zero after
        // reset and, once empty, after CLEAR) written from both lengths' next values: no
        // compare and no `accept` stand in front of it
        // or between the lengths and the credits behind in_ready (an AES-128/192/256
        // six-stage build's second path, NanGate45).
        // (One key size: every beat has it, so the key context alone decides.)
        reg diff_len;
        wire [1:0] ctx_len_next  = key_clear ? 2'd0 : fin ? klen : ctx_len;
        wire [1:0] pipe_len_next = out_empty ? ctx_len : pipe_len;
        assign key_ok = have_key && (ONE_SIZE || out_empty || !diff_len);

        always @(posedge clk) begin
            if (!`AES_RST(0)) begin
                pipe_len <= 2'd0;
                diff_len <= 1'b0;
            end else begin
                pipe_len <= pipe_len_next;
                diff_len <= (pipe_len_next != ctx_len_next);
            end
        end
`ifdef FORMAL
        always @* if (`AES_RST(0)) assert (diff_len == (pipe_len != ctx_len));
`endif

        // ---- the rounds --------------------------------------------------------
        // Control per beat: {user, inv, len}; valid separately (reset).
        // MODE "BOTH": each round also gets its direction as 16 copies per lane (aes_round
        // INV_W), each from a flip-flop of its own, kept apart (`keep`) so that synthesis
        // does not merge them back into one: round 1's mirror ctx_inv, round i's are the
        // last register of a delay of round i-1's direction. No flip-flop drives the
        // S-box direction logic of a whole state (sky130hd 2-stage composite: a 5-deep
        // buffer tree from ctx_inv set the clock).
        localparam CW = USER_W + 3;
        /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
        localparam INV_W = (MODE == "BOTH") ? 16 : 1;
        /* verilator lint_on WIDTH */
        wire [16*LANES-1:0] inv_copies [1:NR_MAX];
        wire           s_valid [0:NR_MAX-1];   // (the last round's leaves as exit_v, below)
        wire [NR_MAX:1] exit_pre;       // round i's beat leaves the rounds in the next clock
        wire [W-1:0]   s_state [0:NR_MAX];
        /* verilator lint_off UNUSEDSIGNAL */   // DUAL only (zero otherwise)
        wire [W-1:0]   s_dec   [0:NR_MAX];      // DUAL: the decrypt chain (aes_round_dual)
        /* verilator lint_on UNUSEDSIGNAL */
        /* verilator lint_off UNUSEDSIGNAL */   // the exit rounds' only (x_user: several sizes)
        wire [W-1:0]      x_state [1:NR_MAX];   // an exit round's state for the exit (above)
        wire [USER_W-1:0] x_user  [1:NR_MAX];
        /* verilator lint_on UNUSEDSIGNAL */
        wire [CW-1:0]  s_ctl   [0:NR_MAX];
        assign s_valid[0] = accept;
        assign s_state[0] = in_data ^ wkey;
        assign s_dec[0]   = s_state[0];
        assign s_ctl[0]   = {in_user, ctx_inv, ctx_len};

        for (i = 1; i <= NR_MAX; i = i + 1) begin : g_round
            wire [CW-1:0] ctl_in = s_ctl[i-1];
            wire [1:0]    len_in = ctl_in[1:0];
            /* verilator lint_off UNUSEDSIGNAL */   // MODE "BOTH" rounds read their copies
            wire          inv_in = ctl_in[2];
            /* verilator lint_on UNUSEDSIGNAL */
            wire [CW-1:0] ctl_last;     // the beat's controls in the round's last stage
            aes_delay #(.WIDTH(CW), .DEPTH(STAGES - 1)) u_ctl (
                .clk(clk), .rst_n(`AES_RST(RST_RND + i)), .ce(1'b1), .in_data(ctl_in), .out_data(ctl_last)
            );
            aes_delay #(.WIDTH(CW), .DEPTH(1)) u_ctl_out (
                .clk(clk), .rst_n(`AES_RST(RST_RND + i)), .ce(1'b1), .in_data(ctl_last), .out_data(s_ctl[i])
            );
            wire [127:0] rk = rkeys[128*(i-1) +: 128];   // a register (aes_key_bank)
            /* verilator lint_off UNUSEDSIGNAL */   // DEC_MUL rounds only
            wire [127:0] rk_im = rkeys_im[128*(i-1) +: 128];
            /* verilator lint_on UNUSEDSIGNAL */
            // Round i's direction copies (MODE "BOTH"): registers timed as inv_in.
            if (INV_W == 16) begin : g_inv_copies
                wire inv_pre;           // round i: inv_in one clock early (i = 1: ctx_inv's next value)
                if (i == 1) begin : g_first
                    assign inv_pre = (!`AES_RST(0) || key_clear) ? 1'b0 : done ? kdec : ctx_inv;
                end else begin : g_later
                    // Kept too: a plain delay here is the same flip-flop as one of round
                    // i-1's own direction registers, which synthesis then merges with it,
                    // loading that round's direction logic with these copies.
                    wire [STAGES-1:0] lag;      // lag[k]: round i-1's direction, k clocks on
                    assign lag[0] = s_ctl[i-2][2];
                    for (k = 1; k < STAGES; k = k + 1) begin : g_lag
                        reg q;
                        (* keep *) always @(posedge clk) q <= lag[k-1];
                        assign lag[k] = q;
                    end
                    assign inv_pre = lag[STAGES-1];
                end
                for (l = 0; l < 16 * LANES; l = l + 1) begin : g_copy
                    reg q;
                    (* keep *) always @(posedge clk) q <= inv_pre;
                    assign inv_copies[i][l] = q;
                end
            end else begin : g_inv_one
                assign inv_copies[i] = {(16*LANES){inv_in}};
            end
            // A beat that left at an exit tap leaves a bubble behind it.
            wire v_in = s_valid[i-1] && !((i == 11 && len_in == 2'd0) || (i == 13 && len_in == 2'd1));
            wire v_last;                // the valid bit of the beat in the round's last stage
            aes_delay #(.WIDTH(1), .DEPTH(STAGES - 1), .RESET(1)) u_valid (
                .clk(clk), .rst_n(`AES_RST(RST_RND + i)), .ce(1'b1), .in_data(v_in), .out_data(v_last)
            );
            if (i < NR_MAX) begin : g_valid_out
                aes_delay #(.WIDTH(1), .DEPTH(1), .RESET(1)) u_valid_out (
                    .clk(clk), .rst_n(`AES_RST(RST_RND + i)), .ce(1'b1), .in_data(v_last), .out_data(s_valid[i])
                );
            end
            // An exit round (the last round of the beat's key size; in a one-size build the
            // last round, whatever the length bits say): the beat in its last stage leaves
            // the rounds in the next clock. exit_pre[i], read by the exit's registers below.
            assign exit_pre[i] = v_last && (ONE_SIZE ? (i == NR_MAX) :
                                  ((i == 10 && KEYS[0] && ctl_last[1:0] == 2'd0) ||
                                   (i == 12 && KEYS[1] && ctl_last[1:0] == 2'd1) ||
                                   (i == 14 && KEYS[2] && ctl_last[1:0] == 2'd2)));
            // The exit reads registers: the last round clears a bubble's state in its last
            // stage (aes_round zero), and in a build with several key sizes a round that is
            // an exit tap before the last (10 or 12: TAP) has a second output register
            // (aes_round OUTS = 2), clear unless its beat leaves there, so the output FIFO
            // (which writes in every clock) reads the last round's register (one size) or
            // an OR of the taps' registers; no gate stands behind the FIFO's write fan-out
            // but that OR (a tap gate behind copies of its select, two buffers deep, set an
            // AES-128/192/256 six-stage build's clock: 1,904 MHz, NanGate45).
            // x_in: the beat at the round's input leaves at this round; zero_l: a copy per
            // lane of "it does not" in the last stage, kept apart, so no flip-flop drives
            // more than one lane's 128 clears. (A one-stage round reads x_in: no earlier copy
            // exists.) x_user: the user bits of the beat that leaves, registered beside it.
            localparam TAP  = (!ONE_SIZE && i < NR_MAX && ((i == 10 && KEYS[0]) || (i == 12 && KEYS[1]))) ? 1 : 0;
            localparam OUTS = TAP + 1;
            // the round's first register: final for the last round's beats, never in a tap
            // round (a beat that leaves there takes the tap's register, the final round's)
            wire final_round = (TAP == 0) && ((i == 10 && len_in == 2'd0) || (i == 12 && len_in == 2'd1) || (i == 14));
            /* verilator lint_off UNUSEDSIGNAL */   // read by the exit rounds only
            wire x_in = v_in && (TAP == 0 || len_in == ((i == 10) ? 2'd0 : 2'd1));
            /* verilator lint_on UNUSEDSIGNAL */
            wire [LANES-1:0] zero_l;
            /* verilator lint_off UNUSEDSIGNAL */   // the last round's only
            wire [W-1:0] j_state;       // the round's result (DUAL: the chains joined, JOIN)
            /* verilator lint_on UNUSEDSIGNAL */
            if (i == NR_MAX || TAP) begin : g_exit_zero
                if (STAGES == 1) begin : g_s1
                    assign zero_l = {LANES{!x_in}};
                end else begin : g_sn
                    wire v_pre;         // x_in, a clock before the last stage
                    aes_delay #(.WIDTH(1), .DEPTH(STAGES - 2), .RESET(1)) u_v_pre (
                        .clk(clk), .rst_n(`AES_RST(RST_RND + i)), .ce(1'b1), .in_data(x_in), .out_data(v_pre)
                    );
                    for (l = 0; l < LANES; l = l + 1) begin : g_copy
                        reg q;
                        (* keep *) always @(posedge clk)
                            if (!`AES_RST(RST_RND + i)) q <= 1'b1;
                            else        q <= !v_pre;
                        assign zero_l[l] = q;
                    end
                end
                if (!ONE_SIZE) begin : g_x_user
                    reg [USER_W-1:0] q;
                    always @(posedge clk)
                        if (!`AES_RST(RST_RND + i)) q <= {USER_W{1'b0}};
                        else        q <= exit_pre[i] ? ctl_last[CW-1:3] : {USER_W{1'b0}};
                    assign x_user[i] = q;
                end
            end else begin : g_no_zero
                assign zero_l = {LANES{1'b0}};
            end
            for (l = 0; l < LANES; l = l + 1) begin : g_lane
                wire [128*OUTS-1:0] r_out;
                /* verilator lint_off UNUSEDSIGNAL */   // bit 1 only with a second copy
                wire [1:0] zz = TAP ? {zero_l[l], 1'b0} : {1'b0, zero_l[l]};
                /* verilator lint_on UNUSEDSIGNAL */
                if (DUAL) begin : g_dual
                    // two chains (s_state: encrypt, s_dec: decrypt), joined at an exit round
                    /* verilator lint_off UNUSEDSIGNAL */   // a tap's second registers: joined in r_out
                    wire [128*OUTS-1:0] o_enc, o_dec;
                    /* verilator lint_on UNUSEDSIGNAL */
                    aes_round_dual #(.IMPL(IMPL), .STAGES(STAGES), .INV_W(INV_W), .OUTS(OUTS),
                                     .DEC_MUL(DEC_MUL), .JOIN((i == NR_MAX || TAP) ? 1 : 0)) u_round (
                        .clk(clk), .ce(1'b1), .inv(inv_copies[i][16*l +: INV_W]), .final_round(final_round),
                        .in_enc(s_state[i-1][128*l +: 128]),
                        .in_dec(i == 1 ? g_wkey_dec.state[128*l +: 128] : s_dec[i-1][128*l +: 128]),
                        .round_key(rk), .round_key_im(rk_im), .zero(zz[OUTS-1:0]),
                        .out_enc(o_enc), .out_dec(o_dec), .out_state(r_out)
                    );
                    assign s_state[i][128*l +: 128] = o_enc[127:0];
                    assign s_dec[i][128*l +: 128]   = o_dec[127:0];
                    assign j_state[128*l +: 128]    = r_out[127:0];
                end else begin : g_one
                    // lanes LANES - LUT_LANES .. LANES - 1: LUT_IMPL S-boxes (LUT_LANES above)
                    /* verilator lint_off UNUSEDSIGNAL */   // aes_round NEXT_OUT 0: zero
                    wire [127:0] r_next_unused;
                    /* verilator lint_on UNUSEDSIGNAL */
                    /* verilator lint_off WIDTH */  // string parameters of two lengths: zero-extended, as compared
                    aes_round #(.IMPL((l >= LANES - LUT_LANES) ? LUT_IMPL : IMPL), .MODE(MODE), .STAGES(STAGES), .INV_W(INV_W), .OUTS(OUTS),
                                .DEC_MUL(DEC_MUL)) u_round (
                    /* verilator lint_on WIDTH */
                        .clk(clk), .ce(1'b1), .inv(inv_copies[i][16*l +: INV_W]), .final_round(final_round),
                        .in_state(s_state[i-1][128*l +: 128]), .in_imc(16'h0), .round_key(rk), .round_key_im(rk_im),
                        .zero(zz[OUTS-1:0]), .out_state(r_out), .out_next(r_next_unused)
                    );
                    assign s_state[i][128*l +: 128] = r_out[127:0];
                    assign s_dec[i][128*l +: 128]   = {128{1'b0}};
                    assign j_state[128*l +: 128]    = r_out[127:0];
                end
                if (TAP) begin : g_tap_out
                    assign x_state[i][128*l +: 128] = r_out[255:128];
                end
            end
            if (i == NR_MAX) begin : g_last_x
                assign x_state[i] = j_state;
            end
        end

        // ---- the exit: after rounds 10, 12, 14 (those the build has) ---------------
        // The beat that leaves the rounds, as flip-flops of their own (kept apart), set a
        // clock early from the exit rounds' last stages (exit_pre): exit_v[l] steps lane
        // l's copy of the FIFO's pointers, exit_v[LANES] the FIFO's and credits' counters.
        // No flip-flop drives more than one lane's loads.
        wire [LANES:0] exit_v;
        for (l = 0; l <= LANES; l = l + 1) begin : g_exit_v
            reg q;
            (* keep *) always @(posedge clk)
                if (!`AES_RST(2)) q <= 1'b0;
                else        q <= |exit_pre;
            assign exit_v[l] = q;
        end
        assign exiting   = exit_v[LANES];
        assign exiting_c = exit_v[LANES-1:0];
        if (ONE_SIZE) begin : g_exit_one
            // the last round is the only exit, and it zeroes a bubble's state (aes_round
            // zero): the FIFO reads its register directly
            assign exit_state = x_state[NR_MAX];
            assign exit_user  = {USER_W{exit_v[0]}} & s_ctl[NR_MAX][CW-1:3];
        end else begin : g_exit_taps
            // Round 10 + 2k's tap (key size k): that round's exit register and its user
            // bits (x_state, x_user: zero unless its beat leaves now), ORed.
            wire [W-1:0]      tap_st [0:2];
            wire [USER_W-1:0] tap_u  [0:2];
            for (k = 0; k < 3; k = k + 1) begin : g_tap
                if (KEYS[k]) begin : g_on
                    assign tap_st[k] = x_state[10 + 2 * k];
                    assign tap_u[k]  = x_user[10 + 2 * k];
                end else begin : g_off
                    assign tap_st[k] = {W{1'b0}};
                    assign tap_u[k]  = {USER_W{1'b0}};
                end
            end
            assign exit_state = tap_st[0] | tap_st[1] | tap_st[2];
            assign exit_user  = tap_u[0] | tap_u[1] | tap_u[2];
        end
    end
    endgenerate
endmodule

`undef AES_KEY_CLEAR
`default_nettype wire

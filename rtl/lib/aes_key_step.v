// SPDX-License-Identifier: Apache-2.0
// aes_key_step: one step of the AES key expansion (FIPS-197 5.2), forward or
// backward, for AES-128/192/256, computed on the fly.
//
// The expanded key is a word sequence w[0..]; a "window" is Nk consecutive
// words starting at word s = 4*r (Nk = 4, 6, 8), stored with word k of the
// window at bits [32k+31:32k] (words Nk..7 are zero). Round key r is then the
// low 128 bits of window r, for every key length.
//   forward (inv=0): window r   -> window r+1 (4 new words)
//   inverse (inv=1): window r+1 -> window r   (4 old words recovered)
// step_idx is r in both directions. The decryption start window is window Nr,
// reached with Nr forward steps from the key (for AES-192/256 it reaches a few
// words past the standard schedule, which the rules define all the same).
// Only one word per step needs SubWord, so one 4-byte S-box row is shared
// (muxed input) by both directions and all key lengths.
// PIPE (0..5) puts register cuts into the step for a key expansion that may
// take several clocks per step (its latency is not the cores' throughput): the
// first cut holds the transformed word (SubWord, RotWord, Rcon) in front of the
// XORs that make the new words, the others go inside the S-box row (aes_sbox's
// cuts, PIPE - 1 of them). A pipelined composite step with one cut has it inside
// the row instead, after the inversion (MID_CUT, below).
//   STREAM = 0: a multicycle step. Hold in_window, key_len, step_idx and inv for
//     PIPE + 1 clocks with ce high; out_window is valid in the last of them.
//   STREAM = 1: a pipelined step. A new step starts every clock (with ce); its
//     inputs travel beside the cuts (the window with the transformed word), and
//     its out_window appears PIPE clocks after its inputs. The round units of
//     the agile pipeline use it so that their key step is cut like their round.
// PIPE = 0: combinational (clk and ce unused).
// SEL_CUT = 1 (a multicycle step with PIPE >= 4, for a build whose step selects words by
// key length and step: AES-192 or several lengths): two more cuts in front of the S-box
// row, whose input word is a selection by length and step, then an XOR of three words
// (the decode, its fan-out and that select set a six-stage AES-128/192/256 core's
// clock, 1,818 MHz against the rounds' 2,500, NanGate45): the step's decodes are
// registered at its first clock, the selected word at its second; and the new words'
// selects are copies of the registered decodes, one per 2-bit slice of the words (a
// select would drive 256 multiplexers). The step's inputs are then held PIPE + 3 clocks.
// EARLY = 1 (STREAM = 1, SEL_CUT = 0): the step's key_len, step_idx and inv also come one
// clock early (early_len, early_idx, early_inv: what the caller's register in front of the
// step is about to take), and the step decodes them there: SubWord's input is then a one-hot
// choice of eight candidate words of the window (RotWord folded in: SubWord and RotWord
// commute), read from flip-flops, a copy of the choice per byte (kept apart, 8 loads each).
// Why: the decode of the step (its index from the block's round and direction, the kind,
// the direction and length multiplexers) stood in front of the S-box row and RotWord's
// multiplexer behind it, in the clock of a stage no longer than a round's (a two-stage
// AES-128/192/256 BOTH AGILE core's clock-setting path: 740 MHz against its rounds' 946,
// NanGate45). The agile pipeline's steps use it, each fed by the stage in front of it.
// EARLY = 2: the same, with a second source: early_alt = {select, inv, len, idx}, and where its
// select is high the pick is that source's (both decoded, the late select in front of the pick's
// registers only). The folded table builds' unit 0 uses it (aes_round_unit KEY_CUT 2): the block
// it takes next clock is the feedback slot's (early_*) or the entry register's (early_alt, its
// select the late handshake).
// IMPL "BRAM" or "TTABLE" (block-RAM tables in the rounds): SubWord is the S-box table too
// (aes_sbox "BRAM", two two-port tables) where the step has a cut in the S-box row
// (SBOX_PIPE >= 1: the table's read register is that cut, so the step's latency and
// every count stay); without one, the LUT form, combinational like the other forms. Why:
// in the 2-stage UltraScale+ table builds SubWord's four LUT S-boxes were 128 LUT6 (plus
// MUXF7/F8) of 2,122 LUTs; the tables cost two RAMB18 (1,998 LUT, docs/results/notes.md).
// ECP5 (AES_ECP5_EBR) takes the table only at SBOX_PIPE >= `AES_ECP5_TABLE_CUTS (aes_defs.vh),
// the DP16KD with its output register: a read ending in the block (REGMODE NOREG) costs
// ~4.3 ns clock-to-data, which with the new words' XORs behind it would not fit the 4-stage
// lanes' 4.9 ns clock.
// iCE40 (its table builds define AES_ICE40_EBR): a step without a table cut takes the
// composite SubWord instead of the LUT form. Why: with no wide-function multiplexers a
// 256-entry table is a tree of 4-input LUTs, four S-boxes 1,276 LUT4 against 315 composite
// (Yosys synth_ice40); in the folded 2-stage BRAM BOTH core (its key step and aes_key_prep's)
// that was 6,871 -> 4,940 LUT4 (docs/results/notes.md). Same function and latency.
`default_nettype none

module aes_key_step #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",    // "ENC" (forward), "DEC" (inverse) or "BOTH"
    parameter PIPE = 0,         // register cuts: after the transformed word, then in the S-boxes
    parameter STREAM = 0,       // 0: multicycle step (inputs held), 1: pipelined (inputs carried)
    parameter SEL_CUT = 0,      // 1: decode and select cuts in front of SubWord (above)
    parameter EARLY = 0         // 1: the step's inputs also a clock early, decoded there; 2: two sources (above)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire         clk,        // only used when PIPE > 0
    input  wire         ce,         // only used when PIPE > 0
    input  wire         inv,        // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [1:0]   key_len,    // 0: 128, 1: 192, 2: 256 (3 is treated as 256)
    input  wire [3:0]   step_idx,
    input  wire [255:0] in_window,
    /* verilator lint_off UNUSEDSIGNAL */   // EARLY builds only (tie to zero otherwise)
    input  wire [1:0]   early_len,  // key_len, step_idx and inv one clock early (EARLY)
    input  wire [3:0]   early_idx,
    input  wire         early_inv,
    input  wire [7:0]   early_alt,  // EARLY 2: {select, inv, len, idx} of a second source (above)
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [255:0] out_window
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (PIPE < 0 || PIPE > 5) begin : g_bad_param0
            ERROR_aes_key_step_PIPE_must_be_0_to_5 u_stop ();
        end
        if (STREAM != 0 && STREAM != 1) begin : g_bad_param1
            ERROR_aes_key_step_STREAM_must_be_0_or_1 u_stop ();
        end
        if (SEL_CUT != 0 && (SEL_CUT != 1 || STREAM != 0 || PIPE < 4)) begin : g_bad_param2
            ERROR_aes_key_step_SEL_CUT_must_be_0_or_1_with_STREAM_0_and_PIPE_4_to_5 u_stop ();
        end
        if (EARLY != 0 && (EARLY < 1 || EARLY > 2 || STREAM != 1 || SEL_CUT != 0)) begin : g_bad_param3
            ERROR_aes_key_step_EARLY_must_be_0_to_2_with_STREAM_1_and_SEL_CUT_0 u_stop ();
        end
    endgenerate

    // aes_tower_out (LATE_MAP)
    `include "aes_tower.vh"
    // `AES_ECP5_TABLE_CUTS (TABLE_PIPE)
    `include "aes_defs.vh"

    // MID_CUT: a pipelined (STREAM) composite step with one cut (PIPE = 1) takes it inside
    // the S-box row, after the GF(2^4) inversion (aes_sbox's first cut), not after the row
    // (below: LATE_MAP). Why: the row's input is a choice of window words (a decode and a
    // multiplexer, or EARLY's AND-OR) in front of it, and in the row's clock the whole row
    // was the two-stage AES-128/192/256 BOTH AGILE core's clock-setting path (1.19 ns of
    // its 1.24, NanGate45), while the new words' XORs behind the cut took half a clock. The
    // inversion splits the row's depth about two to one, which the choice in front and the
    // XORs behind even out.
    // A table build's pipelined step with one cut has it in the table too: the table's read
    // register (aes_sbox "BRAM", PIPE 1), where the target's table takes one cut (TABLE_PIPE,
    // below); the word's selection is in front of it and RotWord, Rcon and the new words'
    // XORs behind it. Why: the folded table builds' step (aes_round_unit KEY_CUT) was a
    // selection, a composite SubWord and the XORs in one clock, about 30 LUT4 levels: the
    // iCE40 UP5K build's clock-setting path (11.2 MHz, docs/results/notes.md).
`ifdef AES_ECP5_EBR
    localparam TABLE_PIPE = `AES_ECP5_TABLE_CUTS;   // the DP16KD's output register (header)
`else
    localparam TABLE_PIPE = 1;
`endif
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam MID_CUT = (STREAM != 0) && (PIPE == 1) &&
                         ((IMPL == "COMPOSITE") || ((IMPL == "BRAM" || IMPL == "TTABLE") && TABLE_PIPE == 1));
    /* verilator lint_on WIDTH */
    localparam SBOX_PIPE = (PIPE > 1) ? PIPE - 1 : MID_CUT ? 1 : 0;
    // DEC_CARRY (a pipelined table step whose one cut is the table's read register, MID_CUT:
    // the folded table builds' units, aes_round_unit KEY_CUT): the Rcon byte and the new words'
    // selects are decoded in front of the cut, from the step's inputs, and carried past it beside
    // the window, so the XORs behind the cut start from flip-flops, not from a decode of the
    // carried step index. Why: idx_s -> its decode -> the new words' XORs -> the window's lag
    // register set the iCE40 UP5K 3-stage build's clock (26.7 ns, docs/results/notes.md). Other
    // builds elaborate as before (a constant where it is off).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam DEC_CARRY = (STREAM != 0) && MID_CUT && (IMPL == "BRAM" || IMPL == "TTABLE");
    /* verilator lint_on WIDTH */

    // The step's inputs as each piece sees them: the S-box row's input at once, the
    // transformed word after the S-box cuts, the XORs after all cuts. In a multicycle
    // step the inputs are held, so every piece reads them directly; in a pipelined one
    // (STREAM) they are carried beside the cuts.
    wire [1:0]   len_s;                 // after the S-box cuts
    wire [3:0]   idx_s;
    wire [255:0] win_w;                 // after all cuts
    wire [1:0]   len_w;
    wire [3:0]   idx_w;
    wire         inv_w;
    aes_delay #(.WIDTH(6), .DEPTH(STREAM ? SBOX_PIPE : 0)) u_carry_s (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data({key_len, step_idx}), .out_data({len_s, idx_s})
    );
    aes_delay #(.WIDTH(263), .DEPTH(STREAM ? PIPE : 0)) u_carry_w (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data({in_window, key_len, step_idx, inv}),
        .out_data({win_w, len_w, idx_w, inv_w})
    );

    function [7:0] rcon;
        input [3:0] idx;
        case (idx)
            4'd1: rcon = 8'h01; 4'd2: rcon = 8'h02; 4'd3: rcon = 8'h04; 4'd4: rcon = 8'h08;
            4'd5: rcon = 8'h10; 4'd6: rcon = 8'h20; 4'd7: rcon = 8'h40; 4'd8: rcon = 8'h80;
            4'd9: rcon = 8'h1b; 4'd10: rcon = 8'h36; default: rcon = 8'h00;
        endcase
    endfunction

    // The kind of step: which of the 4 new words (w[4r+Nk+t]) is transformed, and
    // how: {at2, none, rot, rc_idx}. t = 0 or 2 (at2); rot: RotWord+SubWord+Rcon,
    // else SubWord only (AES-256 odd steps); AES-192 has no transformed word (none)
    // when r % 3 == 2. AES-192's step r holds w[6j] (Rcon index j + 1 = r - r/3 + 1) at
    // t = 0 when r = 3j and at t = 2 when r = 3j + 1, for w[6j] up to w[54] (r <= 12).
    // (Comparisons, no case statement: Yosys makes a ROM of a case of constants, moves
    // the register behind it in front of it, and that copy of the step's next value was
    // the clock-setting path of an AES-128/192/256 six-stage build.)
    function [6:0] kind;
        input [1:0] len;
        input [3:0] idx;
        reg at2, none, rot;
        reg [3:0] rc;
        begin
            at2 = 1'b0; none = 1'b0; rot = 1'b1; rc = idx + 4'd1;
            if (len == 2'd1) begin
                at2  = (idx == 4'd1) || (idx == 4'd4) || (idx == 4'd7) || (idx == 4'd10);
                none = !at2 && !((idx == 4'd0) || (idx == 4'd3) || (idx == 4'd6) || (idx == 4'd9) ||
                                 (idx == 4'd12));
                rc   = none ? 4'd0 : idx - idx / 4'd3 + 4'd1;
            end else if (len != 2'd0) begin
                rot = ~idx[0];
                rc  = {1'b0, idx[3:1]} + 4'd1;
            end
            kind = {at2, none, rot, rc};
        end
    endfunction

    // The Rcon byte of every step (entry {len, idx}; 0 when its transformed word has no
    // RotWord or it has none): rcon of kind's rc, as one table, so that no increment stands
    // in front of the decode.
    function [511:0] rcon_table;
        input integer n;            // entries: 64
        integer e;
        /* verilator lint_off UNUSEDSIGNAL */   // the rot flag and rc fields only
        reg [6:0] kd;
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            rcon_table = 512'h0;
            for (e = 0; e < n; e = e + 1) begin
                kd = kind(e[5:4], e[3:0]);
                rcon_table[8*e +: 8] = kd[4] ? rcon(kd[3:0]) : 8'h00;
            end
        end
    endfunction
    localparam [511:0] RC_TAB = rcon_table(64);
    // The table's entry e, as an OR of decoded terms: an indexed constant becomes a ROM in
    // Yosys, whose output register (the word cut's) it then moves in front of the ROM, so a
    // copy of the step's next value (its counter logic) became the register that feeds
    // the step's decodes (an AES-128/192/256 six-stage build's clock-setting path).
    function [7:0] rc_entry;
        input [5:0] e;
        integer n;
        begin
            rc_entry = 8'h00;
            for (n = 0; n < 64; n = n + 1)
                rc_entry = rc_entry | ({8{e == n[5:0]}} & RC_TAB[8*n +: 8]);
        end
    endfunction

    function [31:0] wsel;   // word n of a window (not k: a caller's genvar of that name)
        input [255:0] win;
        input integer n;
        wsel = win[32*n +: 32];
    endfunction

    // Last word of the window: w[s+Nk-1] forward, w[s+Nk+3] backward.
    function [31:0] last_word;
        input [255:0] win;
        input [1:0]   len;
        last_word = (len == 2'd0) ? wsel(win, 3) : (len == 2'd1) ? wsel(win, 5) : wsel(win, 7);
    endfunction

    // Backward: the new words n_t = window word Nk-4+t.
    function [31:0] new_word;
        input [255:0] win;
        input [1:0]   len;
        input integer t;
        new_word = (len == 2'd0) ? wsel(win, t) : (len == 2'd1) ? wsel(win, t + 2) : wsel(win, t + 4);
    endfunction

    // Backward: prev for t = 0 is w[s+Nk-1]: the recovered o3 = n3 ^ n2 for AES-128,
    // else a word of the window.
    function [31:0] back_prev0;
        input [255:0] win;
        input [1:0]   len;
        back_prev0 = (len == 2'd0) ? (wsel(win, 3) ^ wsel(win, 2)) :
                     (len == 2'd1) ? wsel(win, 1) : wsel(win, 3);
    endfunction

    function dir_back;      // the direction of the step
        input inv_bit;
        dir_back = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv_bit;
    endfunction

    // ---- the one SubWord of this step (inputs as presented) ------------------
    // Forward: n_t = w[s+t] ^ f(prev), prev_0 = w[s+Nk-1], prev_t = n_{t-1};
    // n1 when t = 0 is not transformed: w[s+1] ^ w[s] ^ w[s+Nk-1].
    // Each piece of the step reads only the fields of the step's kind it needs.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [6:0]  kind_in = kind(key_len, step_idx);
    /* verilator lint_on UNUSEDSIGNAL */
    // The step's decodes: SubWord's word select (key length, transformed word at 2) and the
    // new words' selects {g_at0, g_at2, nk4, nk6}; registered at the step's first clock
    // where SEL_CUT cuts the select (the inputs are held, so they are the same decodes).
    wire [3:0]  sel_in = {!kind_in[5] && !kind_in[6], kind_in[6], key_len == 2'd0, key_len == 2'd1};
    wire [1:0]  len_d;
    wire        at2_d;
    /* verilator lint_off UNUSEDSIGNAL */   // SEL_CUT builds only
    wire [3:0]  sel_d;
    /* verilator lint_on UNUSEDSIGNAL */
    aes_delay #(.WIDTH(7), .DEPTH(SEL_CUT)) u_dec_cut (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data({key_len, kind_in[6], sel_in}),
        .out_data({len_d, at2_d, sel_d})
    );
    wire [31:0] in_last = last_word(in_window, len_d);
    wire [31:0] sub_in  = dir_back(inv)
                        ? (at2_d ? new_word(in_window, len_d, 1) : back_prev0(in_window, len_d))
                        : (at2_d ? (wsel(in_window, 1) ^ wsel(in_window, 0) ^ in_last) : in_last);

    // EARLY: the candidate words and which one each step takes (pick: one-hot, bit c for
    // candidate c; R() is RotWord). c: 0 R(w3), 1 R(w5), 2 R(w7), 3 w7, 4 R(w1^w0^w5),
    // 5 R(w3^w2), 6 R(w1), 7 w3: forward AES-128 0, AES-192 4 (transformed word at 2) else 1,
    // AES-256 2 or 3 (no RotWord on odd steps); backward AES-128 5, AES-192 0 (at 2) else 6,
    // AES-256 0 or 7. The same words as sub_in above, rotated as g_now below does.
    function [31:0] rot_word;
        input [31:0] x;
        rot_word = {x[7:0], x[31:8]};
    endfunction
    function [255:0] candidates;
        input [255:0] win;
        candidates = {wsel(win, 3), rot_word(wsel(win, 1)), rot_word(wsel(win, 3) ^ wsel(win, 2)),
                      rot_word(wsel(win, 1) ^ wsel(win, 0) ^ wsel(win, 5)), wsel(win, 7),
                      rot_word(wsel(win, 7)), rot_word(wsel(win, 5)), rot_word(wsel(win, 3))};
    endfunction
    function [7:0] pick;
        input       back;
        input [1:0] len;
        /* verilator lint_off UNUSEDSIGNAL */   // the at2 and rot flags only
        input [6:0] kd;                 // kind(len, idx)
        /* verilator lint_on UNUSEDSIGNAL */
        reg l128, l192, l256, at2, rot;
        begin
            l128 = (len == 2'd0); l192 = (len == 2'd1); l256 = !l128 && !l192;
            at2 = kd[6]; rot = kd[4];
            pick = {back && l256 && !rot, back && l192 && !at2, back && l128,
                    !back && l192 && at2, !back && l256 && !rot, !back && l256 && rot,
                    !back && l192 && !at2,
                    (!back && l128) || (back && l192 && at2) || (back && l256 && rot)};
        end
    endfunction
    // The choices MODE can make (a fixed direction never picks the other's words).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam [7:0] CAN = (MODE == "ENC") ? 8'h1f : (MODE == "DEC") ? 8'he1 : 8'hff;
    /* verilator lint_on WIDTH */
    wire [31:0] sub_pick;               // EARLY: the picked word
    genvar pb, pc;
    generate
        if (EARLY != 0) begin : g_early
            /* verilator lint_off UNUSEDSIGNAL */
            wire [6:0]   kind_e = kind(early_len, early_idx);
            /* verilator lint_on UNUSEDSIGNAL */
            /* verilator lint_off UNUSEDSIGNAL */   // the choices MODE cannot make
            wire [7:0]   pick_e = pick(dir_back(early_inv), early_len, kind_e) & CAN;
            /* verilator lint_on UNUSEDSIGNAL */
            // EARLY 2: the pick of the other source (early_alt) where its select is high.
            /* verilator lint_off UNUSEDSIGNAL */   // EARLY 2 only; the choices MODE cannot make
            wire [7:0]   pick_2;
            /* verilator lint_on UNUSEDSIGNAL */
            if (EARLY == 2) begin : g_alt
                wire [1:0] alt_len = early_alt[5:4];
                wire [3:0] alt_idx = early_alt[3:0];
                /* verilator lint_off UNUSEDSIGNAL */
                wire [6:0] kind_a  = kind(alt_len, alt_idx);
                /* verilator lint_on UNUSEDSIGNAL */
                // Both picks kept whole, so the select (a handshake's, late in its clock) is one
                // multiplexer in front of the registers, not folded into the decodes (iCE40 UP5K:
                // it sat three LUT4 levels deep, docs/results/notes.md).
                (* keep *) wire [7:0] pick_a = pick(dir_back(early_alt[6]), alt_len, kind_a) & CAN;
                (* keep *) wire [7:0] pick_k = pick_e;
                assign pick_2 = early_alt[7] ? pick_a : pick_k;
            end else begin : g_one
                assign pick_2 = 8'h0;
            end
            wire [255:0] cand   = candidates(in_window);
            for (pb = 0; pb < 4; pb = pb + 1) begin : g_byte
                wire [7:0] p;           // this byte's copy of the pick
                for (pc = 0; pc < 8; pc = pc + 1) begin : g_pick
                    if (CAN[pc]) begin : g_q
                        reg q;
                        (* keep *) always @(posedge clk) if (ce) q <= (EARLY == 2) ? pick_2[pc] : pick_e[pc];
                        assign p[pc] = q;
                    end else begin : g_never
                        assign p[pc] = 1'b0;
                    end
                end
                wire [63:0] terms;
                for (pc = 0; pc < 8; pc = pc + 1) begin : g_term
                    assign terms[8*pc +: 8] = {8{p[pc]}} & cand[32*pc + 8*pb +: 8];
                end
                assign sub_pick[8*pb +: 8] = terms[7:0] | terms[15:8] | terms[23:16] | terms[31:24] |
                                             terms[39:32] | terms[47:40] | terms[55:48] | terms[63:56];
            end
        end else begin : g_late
            assign sub_pick = 32'h0;
        end
    endgenerate
    wire [31:0] sub_in_q;               // SEL_CUT: the selected word, registered
    aes_delay #(.WIDTH(32), .DEPTH(SEL_CUT)) u_sel_cut (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data((EARLY != 0) ? sub_pick : sub_in), .out_data(sub_in_q)
    );
    wire [31:0] sub_out;
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
`ifdef AES_ICE40_EBR
    localparam NO_TABLE = "COMPOSITE";  // iCE40: a LUT S-box is a LUT4 tree (above)
`else
    localparam NO_TABLE = "LUT";
`endif
    localparam WORD_IMPL = (IMPL == "BRAM" || IMPL == "TTABLE")
                         ? ((SBOX_PIPE >= TABLE_PIPE) ? "BRAM" : NO_TABLE) : IMPL;
    /* verilator lint_on WIDTH */
    // A composite row with one cut (PIPE = 1) cuts in the S-boxes' last map, as a 2-stage
    // composite round does (aes_round LATE_MAP): the map back goes behind the word cut
    // (a multicycle step; a pipelined one cuts at the inversion instead: MID_CUT).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam LATE_MAP = (WORD_IMPL == "COMPOSITE") && (PIPE == 1) && !MID_CUT;
    /* verilator lint_on WIDTH */
    aes_sub_bytes #(.NBYTES(4), .IMPL(WORD_IMPL), .MODE("ENC"), .PIPE(SBOX_PIPE),
                    .RAW(LATE_MAP ? 1 : 0)) u_subword (
        .clk(clk), .ce(ce), .inv(1'b0), .in_data(sub_in_q), .out_data(sub_out)
    );
    wire [9:0]  dec_w;                  // DEC_CARRY: {Rcon byte, g_at0, g_at2} after the cut
    aes_delay #(.WIDTH(10), .DEPTH(DEC_CARRY ? PIPE : 0)) u_carry_dec (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(DEC_CARRY ? {rc_entry({key_len, step_idx}), sel_in[3:2]} : 10'h0),
        .out_data(dec_w)
    );
    // RotWord after SubWord (they commute); byte 0 of a word is bits [7:0].
    // Each piece of the step reads only the fields of the step's kind it needs.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [6:0]  kind_s = kind(len_s, idx_s);
    /* verilator lint_on UNUSEDSIGNAL */
    // The transformed word and, beside it, its Rcon byte (decoded from the step here and
    // registered with the word, so that it joins the new words' XOR trees as a leaf from a
    // register, not as a decode or a level behind the S-box row). MID_CUT has no cut behind
    // the row (u_word_cut's depth is 0): its Rcon byte is decoded from the step carried past
    // the cut inside the row (u_carry_s), with no register of its own.
    // (EARLY: RotWord is in the picked word already.)
    wire [31:0] g_now  = (EARLY != 0) ? sub_out : kind_s[4] ? {sub_out[7:0], sub_out[31:8]} : sub_out;
    // (SEL_CUT: the Rcon byte is a 64-entry decode of the length and the step, which are
    // held; it is registered once more on its way, as the S-box row's cuts give it time.)
    wire [7:0]  rc_now;
    aes_delay #(.WIDTH(8), .DEPTH(SEL_CUT)) u_rc_cut (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(DEC_CARRY ? dec_w[9:2] : rc_entry({len_s, idx_s})), .out_data(rc_now)
    );
    wire [31:0] g;
    wire [7:0]  rc;
    aes_delay #(.WIDTH(40), .DEPTH((PIPE >= 1 && !MID_CUT) ? 1 : 0)) u_word_cut (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data({rc_now, g_now}), .out_data({rc, g})
    );

    // ---- the new words (inputs after the cuts) --------------------------------
    // Each piece of the step reads only the fields of the step's kind it needs.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [6:0] kind_w = kind(len_w, idx_w);
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] g_std;                  // the transformed word (LATE_MAP: mapped back here)
    genvar gb;                          // (not b: aes_sbox's functions have inputs of that name)
    generate
        if (LATE_MAP) begin : g_late_map
            for (gb = 0; gb < 4; gb = gb + 1) begin : g_byte
                assign g_std[8*gb +: 8] = aes_tower_out(1'b0, g[8*gb +: 8]);
            end
        end else begin : g_mapped
            assign g_std = g;
        end
    endgenerate
    wire [31:0] gx = g_std ^ {24'h0, rc};
    wire [31:0] i0 = wsel(win_w, 0), i1 = wsel(win_w, 1), i2 = wsel(win_w, 2),
                i3 = wsel(win_w, 3), i4 = wsel(win_w, 4), i5 = wsel(win_w, 5),
                i6 = wsel(win_w, 6), i7 = wsel(win_w, 7);

    // forward new words: n_t = (the window's words 0..t XORed) ^ g0, or from the word at 2.
    // The window's sums (p1 = i1 ^ i0, p2 = i2 ^ p1, p3 = i3 ^ p2, q3 = i3 ^ i2) do not
    // depend on the transformed word: in a multicycle step (STREAM = 0, inputs held) with
    // PIPE >= 4 (a step cut for a five- or six-stage round's clock) they are registered at
    // the step's first clock, so the piece after the last cut is two or three XOR levels
    // from registers (g ^ rc, then the sum), whatever sharing a mapper would make of the
    // full trees (a chain of five, the clock-setting path of a six-stage core's expansion).
    // With fewer cuts the clock is long enough for the trees (and the inputs are held, so
    // the register would change no value: 96 to 128 flip-flops saved). In a pipelined step
    // they are formed after the cuts. The window's last word is registered with them.
    // The new words' selects (where the transformed word goes, the key length's word count)
    // are decodes of the step and the length: in every multicycle step with a cut (PIPE >= 1)
    // they are registered at the step's first clock (4 flip-flops), so no decode of the step
    // counter stands in front of the 256 multiplexers that make the new window (the step
    // counter -> decode -> select -> new words path set a two-stage AES-128/192/256 core's
    // clock, 1,241.6 MHz against its rounds' 1,481.0, NanGate45).
    // {q3, p3, p2, p1} of a window (the forward new words' window parts, above).
    function [127:0] window_sums;
        input [255:0] win;
        window_sums = {wsel(win, 3) ^ wsel(win, 2), wsel(win, 3) ^ wsel(win, 2) ^ wsel(win, 1) ^ wsel(win, 0),
                       wsel(win, 2) ^ wsel(win, 1) ^ wsel(win, 0), wsel(win, 1) ^ wsel(win, 0)};
    endfunction
    wire [127:0] sums_now = window_sums(win_w);
    wire [31:0]  last_now = last_word(win_w, len_w);
    wire [3:0]   sel_now  = {DEC_CARRY ? dec_w[1:0] : {!kind_w[5] && !kind_w[6], kind_w[6]},
                             len_w == 2'd0, len_w == 2'd1};
    wire [31:0]  q3, p3, p2, p1, last;
    /* verilator lint_off UNUSEDSIGNAL */   // SEL_CUT builds read the selects' copies instead
    wire [3:0]   sel_one;
    /* verilator lint_on UNUSEDSIGNAL */
    // DEC_CARRY: the sums and the last word formed from the window in front of the cut and
    // carried past it (160 flip-flops), so the new words behind it start from them. Why: the
    // XOR trees and the length multiplexers behind the cut, six LUT4 levels from the carried
    // length, ended 254 of the iCE40 UP5K 3-stage build's deepest paths (docs/results/notes.md).
    wire [127:0] sums_in  = window_sums(in_window);
    aes_delay #(.WIDTH(160), .DEPTH(DEC_CARRY ? PIPE : (STREAM == 0 && PIPE >= 4) ? 1 : 0)) u_sums (
        .clk(clk), .rst_n(1'b1), .ce(ce),
        .in_data(DEC_CARRY ? {sums_in, last_word(in_window, key_len)} : {sums_now, last_now}),
        .out_data({q3, p3, p2, p1, last})
    );
    aes_delay #(.WIDTH(4), .DEPTH((STREAM == 0 && PIPE >= 1) ? 1 : 0)) u_sel (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(sel_now), .out_data(sel_one)
    );

    // backward: old words o_t = w[s+t] from the new words n_t
    wire [31:0] b_n0 = new_word(win_w, len_w, 0);
    wire [31:0] b_n1 = new_word(win_w, len_w, 1);
    wire [31:0] b_n2 = new_word(win_w, len_w, 2);
    wire [31:0] b_o3 = last ^ b_n2;
    wire [31:0] b_o1 = b_n1 ^ b_n0;
    wire [31:0] b_p0 = back_prev0(win_w, len_w);

    // The new windows. Where SEL_CUT copies the selects {g_at0, g_at2, nk4, nk6}, a 2-bit
    // slice at a time (slice j: bits [2j +: 2] of every word), each slice with its own copy
    // (a copy drives 16 multiplexers); otherwise one slice of whole words with the one
    // registered set (slicing there would only make simulation models slower).
    localparam NSL = (SEL_CUT != 0) ? 16 : 1;  // slices
    localparam SW  = 32 / NSL;                 // bits of each word per slice
    wire [255:0] fwd_window, bwd_window;
    genvar sl, u;             // (sl, not j: aes_sbox's functions have a local j, which Verilator 5.006 reports as hidden)
    generate
        for (sl = 0; sl < NSL; sl = sl + 1) begin : g_slice
            wire [3:0] sel;
            if (SEL_CUT != 0) begin : g_copy
                reg [3:0] q;
                (* keep *) always @(posedge clk) if (ce) q <= sel_d;
                assign sel = q;
            end else begin : g_one
                assign sel = sel_one;
            end
            wire g_at0 = sel[3], g_at2 = sel[2], nk4 = sel[1], nk6 = sel[0];
            // Whole words with this slice's selects; the slice takes its bits of them below
            // (the other bits are other slices': unused here, and removed by synthesis).
            /* verilator lint_off UNUSEDSIGNAL */
            wire [31:0] g0   = g_at0 ? gx : last;
            wire [31:0] f_n0 = i0 ^ g0;
            wire [31:0] f_n1 = p1 ^ g0;
            wire [31:0] f_n2 = g_at2 ? (i2 ^ gx) : (p2 ^ g0);
            wire [31:0] f_n3 = g_at2 ? (q3 ^ gx) : (p3 ^ g0);
            wire [255:0] fwd =
                nk4 ? {128'h0, f_n3, f_n2, f_n1, f_n0} :
                nk6 ? {64'h0, f_n3, f_n2, f_n1, f_n0, i5, i4} :
                      {f_n3, f_n2, f_n1, f_n0, i7, i6, i5, i4};
            wire [31:0] b_o2 = b_n2 ^ (g_at2 ? gx : b_n1);
            wire [31:0] b_o0 = b_n0 ^ (g_at0 ? gx : b_p0);
            wire [255:0] bwd =
                nk4 ? {128'h0, b_o3, b_o2, b_o1, b_o0} :
                nk6 ? {64'h0, i1, i0, b_o3, b_o2, b_o1, b_o0} :
                      {i3, i2, i1, i0, b_o3, b_o2, b_o1, b_o0};
            /* verilator lint_on UNUSEDSIGNAL */
            for (u = 0; u < 8; u = u + 1) begin : g_word
                assign fwd_window[32*u + SW*sl +: SW] = fwd[32*u + SW*sl +: SW];
                assign bwd_window[32*u + SW*sl +: SW] = bwd[32*u + SW*sl +: SW];
            end
        end
    endgenerate

    assign out_window = dir_back(inv_w) ? bwd_window : fwd_window;
endmodule

`default_nettype wire

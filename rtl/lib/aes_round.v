// SPDX-License-Identifier: Apache-2.0
// aes_round: one AES round, encrypt or decrypt, normal or final, with
// STAGES (1..6; block-RAM forms 2..4) register stages; the last stage ends in the
// output register.
//
//   encrypt: SubBytes -> ShiftRows -> MixColumns (skipped if final) -> ^rk
//   decrypt: InvSubBytes -> InvShiftRows -> ^rk -> InvMixColumns (skipped if final)
// (InvShiftRows and InvSubBytes commute, so both directions share one order and,
// in MODE "BOTH", one S-box inverter and one MixColumns network.)
//
// Register cuts, in the order STAGES adds them:
//   STAGES >= 2 : after SubBytes (splits S-box from ShiftRows, MixColumns and
//                 AddRoundKey; ShiftRows, a direction multiplexer in MODE "BOTH",
//                 goes after the cut, away from the S-box's own direction muxes;
//                 COMPOSITE with STAGES == 2: before the S-box's last map, LATE_MAP below)
//   STAGES >= 3 : inside the S-box, after the GF(2^4) inversion
//   STAGES >= 4 : inside the S-box, after the norm (LUT fabrics: the basis change, MAP_FIRST)
//   STAGES >= 5 : inside the S-box, after the output products
//   STAGES == 6 : inside the S-box, after the basis change
// (aes_sbox's cuts, PIPE = STAGES - 2: with six stages each piece of a composite round is
// about four gate levels; in the LUT form the cuts are registers at the table input, the
// last of them with the low nibble decoded in MODE "BOTH" in gate libraries: aes_sbox.)
// IMPL "BRAM" (block-RAM S-boxes, STAGES 2..4): the table's read register is
// the cut after SubBytes; STAGES 3 and 4 add one and two output registers.
// IMPL "TTABLE" (MODE "ENC", STAGES 2..4): ShiftRows first (it commutes with
// SubBytes), then 16 reads of the table {2S, S}, cut like BRAM's; in the last
// stage output byte r of a column is 2S_r ^ 2S_r+1 ^ S_r+1 ^ S_r+2 ^ S_r+3 ^ rk
// (MixColumns with 3S = 2S ^ S: one 6-input XOR a bit, no xtime logic). A final
// round takes the S bytes.
//
// INV_W (1 or 16): inv is one bit, or (MODE "BOTH") sixteen equal copies of the
// direction, S-box i reading inv[i], so that the caller can drive each S-box's
// direction from a flip-flop of its own (one flip-flop for the whole state is a
// buffer tree in front of the S-boxes: sky130hd's 2-stage composite BOTH build
// spent 1.1 of its 5.7 ns there). A 1-stage round's last-stage direction (ShiftRows,
// MixColumns, key XOR of column c) then reads copy 4c.
//
// Timing contract: in_state, inv and final_round are sampled together; the
// result appears at out_state STAGES cycles later (counting ce cycles).
// round_key is consumed by the last stage, KEY_LAG = STAGES-1 cycles after
// in_state, so a caller can compute or fetch the key later than the data.
// in_imc (MIX_EARLY only; tie low otherwise) is sampled with in_state: byte i of in_state goes
// through MixColumns first where bit i is set (MODE DEC or BOTH, either direction), and a
// decrypt round that is not final leaves P(y) instead of InvMixColumns(y) (MIX_EARLY, below).
// zero is sampled with round_key: out_state is then loaded with zeros instead of the
// result (a core whose output FIFO writes in every clock clears its bubbles here, in
// the last stage of a round that exits, so no gate sits between that register and
// the FIFO's write fan-out; tie it low otherwise).
// OUTS (1 or 2): with 2, a second output register at out_state[255:128]: the final
// round's result (no MixColumns) whatever final_round says, zero when zero[1] (zero[0]
// clears the first). A round that is an exit tap before a core's last round (AES-128 or
// AES-192 in a core that also has a longer key) feeds the next round from the first
// register with final_round tied low (no final multiplexer there) and the exit from the
// second, zero unless its beat leaves there (no tap gate in front of the exit's FIFO).
// NEXT_OUT = 1: out_next is the round's result as out_state[127:0] takes it at the next enabled
// clock (the register's input, before zero), for a caller that registers it elsewhere as well
// (aes_core_folded's entry register, through aes_round_unit WINDOW_EARLY); zero otherwise.
`default_nettype none

module aes_round #(
    parameter IMPL   = "LUT",
    parameter MODE   = "BOTH",    // "ENC", "DEC" or "BOTH" (runtime inv)
    parameter STAGES = 1,
    parameter INV_W  = 1,         // 1 or 16: copies of inv (above)
    parameter OUTS   = 1,         // 1 or 2: copies of the output register (above)
    parameter DEC_MUL = 0,        // 1: InvMixColumns as registered multiples (below; round_key_im)
    parameter MIX_EARLY = 0,      // 1: (Inv)MixColumns off the last stage (below; in_imc)
    parameter NEXT_OUT = 0        // 1: out_next is the output register's input (above)
) (
    input  wire         clk,
    input  wire         ce,
    /* verilator lint_off UNUSEDSIGNAL */   // STAGES >= 2 reads copy 0 past the S-boxes
    input  wire [INV_W-1:0] inv,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         final_round,
    input  wire [127:0] in_state,
    /* verilator lint_off UNUSEDSIGNAL */   // read with MIX_EARLY only (tie low otherwise)
    input  wire [15:0]  in_imc,             // MIX_EARLY: byte i of in_state through MixColumns first
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [127:0] round_key,
    /* verilator lint_off UNUSEDSIGNAL */   // read with DEC_MUL only (tie to zero otherwise)
    input  wire [127:0] round_key_im,       // InvMixColumns(round_key), with round_key
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [OUTS-1:0]      zero,
    output reg  [128*OUTS-1:0]  out_state,
    output wire [127:0]         out_next    // NEXT_OUT: the round's result a clock early (above)
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (STAGES < 1 || STAGES > 6) begin : g_bad_param0
            ERROR_aes_round_STAGES_must_be_1_to_6 u_stop ();
        end
        if ((IMPL == "BRAM" || IMPL == "TTABLE") && (STAGES < 2 || STAGES > 4)) begin : g_bad_param1
            ERROR_aes_round_STAGES_must_be_2_to_4_for_BRAM_or_TTABLE u_stop ();
        end
        if (IMPL == "TTABLE" && MODE != "ENC") begin : g_bad_param2
            ERROR_aes_round_MODE_must_be_ENC_for_TTABLE u_stop ();
        end
        if (INV_W != 1 && INV_W != 16) begin : g_bad_param3
            ERROR_aes_round_INV_W_must_be_1_or_16 u_stop ();
        end
        if (OUTS != 1 && OUTS != 2) begin : g_bad_param4
            ERROR_aes_round_OUTS_must_be_1_or_2 u_stop ();
        end
        if (DEC_MUL != 0 && (DEC_MUL != 1 || MODE != "DEC" || STAGES < 3 ||
                             (IMPL != "LUT" && IMPL != "COMPOSITE"))) begin : g_bad_param5
            ERROR_aes_round_DEC_MUL_must_be_0_or_1_with_MODE_DEC_STAGES_3_to_6_LUT_or_COMPOSITE u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    // S-box latency: the cuts inside it; a block-RAM S-box also holds the SubBytes cut.
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam TT        = (IMPL == "TTABLE");
    localparam BRAM      = (IMPL == "BRAM") || TT;
    localparam RUNTIME_INV = (MODE == "BOTH");
    localparam CAN_DEC     = (MODE != "ENC");
    /* verilator lint_on WIDTH */
    localparam SBOX_PIPE = BRAM ? STAGES - 1 - MIX_EARLY : (STAGES > 2) ? STAGES - 2 : 0;
    // A 2-stage composite round cuts in the S-box's last map (aes_sbox RAW): the first stage
    // holds the map in and the inversion, the second the map back (a direction multiplexer in
    // MODE "BOTH") with ShiftRows, MixColumns and the key, so the S-box stage, the longer, is
    // shorter by those XOR levels (issue 12: the two stages balanced).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam LATE_MAP = (IMPL == "COMPOSITE") && (STAGES == 2);
    /* verilator lint_on WIDTH */

    // DEC_MUL = 1 (MODE "DEC", 3 to 6 stages, LUT or COMPOSITE S-boxes): InvMixColumns split
    // across the cut after SubBytes. In front of it each byte t of InvShiftRows(InvSubBytes(x))
    // becomes its four multiples {0e, 0b, 0d, 09} * t (one 8x8 GF(2) matrix each; a composite
    // S-box hands over its tower-field inverse, aes_sbox RAW, and the map back is folded into
    // the matrices), registered as the multiples of its two nibbles (1,024 flip-flops where
    // the cut had 128: g_mul_out). Behind it output byte r of a column is
    // 0e*t_r ^ 0b*t_r+1 ^ 0d*t_r+2 ^ 09*t_r+3 ^ round_key_im_r (FIPS-197 5.3.5:
    // InvMixColumns(t ^ k) = InvMixColumns(t) ^ InvMixColumns(k)), and a final round's byte is
    // t_r ^ round_key_r with t_r = the XOR of its own four multiples (0e ^ 0b ^ 0d ^ 09 = 01):
    // nine inputs a bit either way. Why: the decrypt round's last stage (AddRoundKey, then
    // InvMixColumns' deeper network) was the long piece of a six-stage decrypt round (one
    // round alone, NanGate45: 0.63 ns against encrypt's 0.38). The caller gives
    // round_key_im = InvMixColumns(round_key) beside round_key (aes_key_bank INV_KEYS).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam MUL_RAW = (DEC_MUL != 0) && (IMPL == "COMPOSITE");
    /* verilator lint_on WIDTH */

    // aes_tower_out (LATE_MAP), mat8 and MINV_ROWS (DEC_MUL)
    `include "aes_tower.vh"
    // imc_mul, imc_join (DEC_MUL)
    `include "aes_gf8.vh"

    // Direction and final flag, delayed to the S-box output and to the last stage
    // (dec_all: the copies, each S-box's own; dec_now: copy 0, for the control pipeline).
    wire [INV_W-1:0] dec_all = (MODE == "DEC") ? {INV_W{1'b1}} : (MODE == "ENC") ? {INV_W{1'b0}} : inv;
    wire dec_now = dec_all[0];

    // SubBytes (TTABLE builds: unused, its input tied off; the T-table reads are below).
    // (u_sub stays at this level of the hierarchy in every build, so the LUT and COMPOSITE
    // netlists are those of the rounds without the table forms, names and all.)
    // MIX_EARLY (IMPL BRAM, 3 or 4 stages): InvMixColumns split across the round's end, as
    // MixColumns after the pre-multiplication P (aes_mix_columns "PRE": InvMixColumns = MixColumns o P,
    // both linear). A decrypt round that is not final leaves P(InvShiftRows(InvSubBytes(x)) ^ round_key)
    // (its P(t) made in the stage in front of the last, P(round_key) in the last), and the next
    // round applies MixColumns to its input before the table read, where the caller says so (in_imc:
    // a decrypt block that has done a round), which gives it the state FIPS-197 5.3.1 has. Encrypt
    // rounds are as ever, their MixColumns in the stage in front of the last too. The last stage is
    // then the key XOR (and P's of the key). Why: the table's second register had no logic in front
    // of it and the last stage all of it (ShiftRows, the key, InvMixColumns, the final select: six
    // LUT4 levels), the iCE40 UP5K 3-stage build's clock-setting path (docs/results/notes.md).
    wire [127:0] sub_in;                // MIX_EARLY: in_state, the bytes in_imc says mixed (end of module)
    wire [127:0] subbed;
    aes_sub_bytes #(.NBYTES(16), .IMPL(TT ? "LUT" : IMPL), .MODE(MODE), .PIPE(TT ? 0 : SBOX_PIPE),
                    .INV_W(INV_W), .RAW((LATE_MAP || MUL_RAW) ? 1 : 0)) u_sub (
        .clk(clk), .ce(ce), .inv(dec_all), .in_data(MIX_EARLY ? sub_in : TT ? 128'h0 : in_state),
        .out_data(subbed)
    );
    /* verilator lint_off UNUSEDSIGNAL */   // each build reads one of tword and the MixColumns path
    wire [255:0] tword;     // TTABLE: {2S, S} of each state byte (after ShiftRows)
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        if (TT) begin : g_ttable
            wire [127:0] shifted;
            aes_shift_rows #(.MODE("ENC")) u_pre_shift (.inv(1'b0), .in_state(in_state), .out_state(shifted));
            genvar t;
            for (t = 0; t < 16; t = t + 2) begin : g_pair
                aes_sbox #(.IMPL("TTABLE"), .MODE("ENC"), .PIPE(SBOX_PIPE), .PORTS(2)) u_t (
                    .clk(clk), .ce(ce), .inv(1'b0), .in_byte(shifted[8*t +: 16]), .out_byte(tword[16*t +: 32])
                );
            end
        end else begin : g_no_ttable
            assign tword = 256'h0;
        end
    endgenerate

    // Control pipeline: ctl[k] is {inv, final} k cycles after the input.
    wire [1:0] ctl [0:STAGES-1];
    assign ctl[0] = {dec_now, final_round};
    genvar k;
    generate
        for (k = 1; k < STAGES; k = k + 1) begin : g_ctl
            reg [1:0] q;
            always @(posedge clk) if (ce) q <= ctl[k-1];
            assign ctl[k] = q;
        end
    endgenerate

    // Cut between the S-boxes and ShiftRows/MixColumns/AddRoundKey.
    wire [127:0] mix_sub;
    generate
        if (STAGES >= 2 && !BRAM && DEC_MUL == 0) begin : g_cut_mix
            reg [127:0] q;
            always @(posedge clk) if (ce) q <= subbed;
            assign mix_sub = q;
        end else begin : g_no_cut
            assign mix_sub = subbed;
        end
    endgenerate

    wire last_final = ctl[STAGES-1][0];
    // The last stage's direction, a copy per column (inv_col[c]: ShiftRows into column c,
    // its key XOR and its MixColumns). In a MODE "BOTH" round of 2 or more stages it is
    // a register of this round: four copies kept apart (`keep`, so synthesis does not
    // merge them), so no one flip-flop drives the direction logic of the whole state
    // (512 loads). Otherwise one bit, copied (a 1-stage round
    // with INV_W = 16: four of the input copies).
    wire [3:0] inv_col;
    generate
        if (STAGES >= 2 && RUNTIME_INV && MIX_EARLY == 0) begin : g_inv_col
            for (k = 0; k < 4; k = k + 1) begin : g_copy
                reg q;
                (* keep *) always @(posedge clk) if (ce) q <= ctl[STAGES-2][1];
                assign inv_col[k] = q;
            end
        end else if (STAGES == 1 && INV_W == 16) begin : g_inv_copies
            assign inv_col = {dec_all[12], dec_all[8], dec_all[4], dec_all[0]};
        end else begin : g_inv_one
            assign inv_col = {4{ctl[STAGES-1][1]}};
        end
    endgenerate
    wire [127:0] inv_mask = {{32{inv_col[3]}}, {32{inv_col[2]}}, {32{inv_col[1]}}, {32{inv_col[0]}}};

    // LATE_MAP: the S-box's last map, behind the cut; the direction from a copy per byte
    // (registers of their own, beside inv_col's: 8 loads each).
    wire [127:0] sub_std;
    generate
        if (LATE_MAP) begin : g_late_map
            wire [15:0] dir;
            if (RUNTIME_INV) begin : g_dir_copies
                for (k = 0; k < 16; k = k + 1) begin : g_copy
                    reg q;
                    (* keep *) always @(posedge clk) if (ce) q <= dec_all[k % INV_W];
                    assign dir[k] = q;
                end
            end else begin : g_dir_fixed
                assign dir = {16{ctl[1][1]}};
            end
            for (k = 0; k < 16; k = k + 1) begin : g_byte
                assign sub_std[8*k +: 8] = aes_tower_out(dir[k], mix_sub[8*k +: 8]);
            end
        end else begin : g_mapped
            assign sub_std = mix_sub;
        end
    endgenerate

    wire [127:0] mix_in_raw;
    aes_shift_rows #(.MODE(MODE), .INV_W(4)) u_shift (
        .inv(inv_col), .in_state(sub_std), .out_state(mix_in_raw)
    );

    // Decrypt adds the round key before InvMixColumns, encrypt after MixColumns (inside
    // aes_mix_columns' XOR trees: MixColumns and the key are one balanced tree a bit).
    wire [127:0] enc_key = round_key & ~inv_mask;
    wire [127:0] mix_in = mix_in_raw ^ (round_key & inv_mask);
    wire [127:0] mixed;
    aes_mix_columns #(.MODE(MODE), .INV_W(4)) u_mix (
        .inv(inv_col), .in_state(mix_in), .add(enc_key), .out_state(mixed)
    );
    /* verilator lint_off UNUSEDSIGNAL */   // not read by a TTABLE build
    wire [127:0] final_mix = mix_in ^ enc_key;
    wire [127:0] after_mix = last_final ? final_mix : mixed;
    /* verilator lint_on UNUSEDSIGNAL */

    // TTABLE: byte r of column c from the rows' {2S, S} (rows mod 4); final: the S bytes.
    // (In a generate branch of its own: the other builds elaborate exactly the round above.)
    wire [127:0] after_round;
    /* verilator lint_off UNUSEDSIGNAL */   // read by the second output register (OUTS = 2)
    wire [127:0] final_round_out;           // the final round's result, whatever last_final
    /* verilator lint_on UNUSEDSIGNAL */
    genvar c, r;
    generate
        if (TT) begin : g_tt_out
            wire [127:0] t_mixed, t_final;
            for (c = 0; c < 4; c = c + 1) begin : g_tcol
                for (r = 0; r < 4; r = r + 1) begin : g_row
                    wire [15:0] e0 = tword[16*(4*c + r)           +: 16];
                    wire [15:0] e1 = tword[16*(4*c + (r + 1) % 4) +: 16];
                    wire [7:0]  s2 = tword[16*(4*c + (r + 2) % 4) +: 8];
                    wire [7:0]  s3 = tword[16*(4*c + (r + 3) % 4) +: 8];
                    wire [7:0]  rkb = enc_key[32*c + 8*r +: 8];
`ifdef AES_XILINX_LUT6
                    // Xilinx (table builds): one LUT6 a bit, as the mapper does not keep it so
                    // (rtl/vendor/xilinx/aes_xilinx_xor6.v); bit b's six inputs at [6b +: 6].
                    wire [47:0] x6;
                    genvar b;
                    for (b = 0; b < 8; b = b + 1) begin : g_bit
                        assign x6[6*b +: 6] = {rkb[b], s3[b], s2[b], e1[b], e1[8+b], e0[8+b]};
                    end
                    aes_xilinx_xor6 #(.W(8)) u_xor6 (.x(x6), .y(t_mixed[32*c + 8*r +: 8]));
`else
                    assign t_mixed[32*c + 8*r +: 8] = (e0[15:8] ^ e1[15:8]) ^ (e1[7:0] ^ s2) ^ (s3 ^ rkb);
`endif
                    assign t_final[32*c + 8*r +: 8] = e0[7:0] ^ rkb;
                end
            end
            assign after_round = last_final ? t_final : t_mixed;
            assign final_round_out = t_final;
        end else if (DEC_MUL != 0) begin : g_mul_out
            // InvShiftRows (wiring), the four multiples of each byte, the cut (above).
            localparam [255:0] MROWS = imc_rows(MUL_RAW ? MINV_ROWS : IMC_PRE_ID);
            wire [127:0] t_pre;
            aes_shift_rows #(.MODE("DEC")) u_mul_shift (.inv(1'b1), .in_state(subbed), .out_state(t_pre));
            // {09, 0d, 0b, 0e} * t of every byte, as the multiples of its low and of its high
            // nibble (t = t_lo ^ t_hi, so M*t = M*t_lo ^ M*t_hi): in front of the cut a bit is
            // then the XOR of at most four inputs (eight before), behind it of nine (five).
            // Why: the cut is where the S-box's last piece ends, so the front is the long
            // side (six stages BOTH, NanGate45: the multiples' group was 0.48 ns, five XOR
            // levels after ABC's sharing, against 0.40 for the stage behind). 512 more
            // flip-flops a round.
            reg [511:0] mults_lo, mults_hi;
            always @(posedge clk)
                if (ce) begin
                    mults_lo <= imc_mul(t_pre & {16{8'h0f}}, MROWS);
                    mults_hi <= imc_mul(t_pre & {16{8'hf0}}, MROWS);
                end
            wire [511:0] mq = mults_lo ^ mults_hi;
            // a final round's t: the XOR of its byte's four multiples (0e ^ 0b ^ 0d ^ 09 = 01)
            wire [127:0] m_mid = imc_join(mults_lo) ^ imc_join(mults_hi) ^ round_key_im;
            wire [127:0] m_fin = mq[127:0] ^ mq[255:128] ^ mq[383:256] ^ mq[511:384] ^ round_key;
            assign after_round = last_final ? m_fin : m_mid;
            assign final_round_out = m_fin;
        end else if (MIX_EARLY != 0) begin : g_mix_early
            // In front of the last register: ShiftRows (its direction a copy per column, registers
            // of this round kept apart, as every select here) and, encrypt, MixColumns (a final
            // round's the shifted bytes). The last stage: that register ^ the key, and P of the
            // sum in a decrypt round that is not final.
            wire [3:0] e_inv, e_enc, k_pre;  // per column: direction, MixColumns; P of the sum
            for (c = 0; c < 4; c = c + 1) begin : g_copy
                reg qi, qe, qd;
                (* keep *) always @(posedge clk)
                    if (ce) begin
                        qi <= ctl[STAGES-3][1];
                        qe <= !ctl[STAGES-3][1] && !ctl[STAGES-3][0];
                        qd <= ctl[STAGES-2][1] && !ctl[STAGES-2][0];
                    end
                assign e_inv[c] = qi;
                assign e_enc[c] = qe;
                assign k_pre[c] = qd;
            end
            wire [127:0] e_shift, e_mixed, y_pre;
            aes_shift_rows #(.MODE(MODE), .INV_W(4)) u_e_shift (
                .inv(e_inv), .in_state(subbed), .out_state(e_shift)
            );
            aes_mix_columns #(.MODE("ENC")) u_e_mix (
                .inv(1'b0), .in_state(e_shift), .add(128'h0), .out_state(e_mixed)
            );
            wire [127:0] enc_m = {{32{e_enc[3]}}, {32{e_enc[2]}}, {32{e_enc[1]}}, {32{e_enc[0]}}};
            wire [127:0] pre_m = {{32{k_pre[3]}}, {32{k_pre[2]}}, {32{k_pre[1]}}, {32{k_pre[0]}}};
            reg [127:0] e_q;
            always @(posedge clk) if (ce) e_q <= (e_mixed & enc_m) | (e_shift & ~enc_m);
            wire [127:0] y = e_q ^ round_key;
            aes_mix_columns #(.MODE("PRE")) u_y_pre (
                .inv(1'b1), .in_state(y), .add(128'h0), .out_state(y_pre)
            );
            assign after_round = (y_pre & pre_m) | (y & ~pre_m);
            assign final_round_out = after_round;
        end else begin : g_mix_out
            assign after_round = after_mix;
            assign final_round_out = final_mix;
        end
    endgenerate

    always @(posedge clk)
        if (ce)
            out_state[127:0] <= zero[0] ? 128'h0 : after_round;
    assign out_next = (NEXT_OUT != 0) ? after_round : 128'h0;
    generate
        if (OUTS == 2) begin : g_final_out
            always @(posedge clk)
                if (ce)
                    out_state[128*OUTS-1:128] <= zero[OUTS-1] ? 128'h0 : final_round_out;
        end
    endgenerate

    // MIX_EARLY's range check and its input (above): the bytes in_imc selects through MixColumns.
    // (At the end of the module, so that the other builds' generate blocks keep their numbers and
    // names: Yosys numbers unnamed generate blocks in order.)
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    generate
        if (MIX_EARLY != 0 && (MIX_EARLY != 1 || IMPL != "BRAM" || STAGES < 3 || OUTS != 1)) begin : g_bad_param6
            ERROR_aes_round_MIX_EARLY_must_be_0_or_1_with_IMPL_BRAM_STAGES_3_to_4_OUTS_1 u_stop ();
        end
        if (NEXT_OUT != 0 && NEXT_OUT != 1) begin : g_bad_param7
            ERROR_aes_round_NEXT_OUT_must_be_0_or_1 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */
    generate
        if (MIX_EARLY != 0) begin : g_imc_in
            wire [127:0] mc_state;
            aes_mix_columns #(.MODE("ENC")) u_mc_in (
                .inv(1'b0), .in_state(in_state), .add(128'h0), .out_state(mc_state)
            );
            genvar ib;
            for (ib = 0; ib < 16; ib = ib + 1) begin : g_byte
                assign sub_in[8*ib +: 8] = (in_imc[ib] && CAN_DEC) ? mc_state[8*ib +: 8] : in_state[8*ib +: 8];
            end
        end else begin : g_raw_in
            assign sub_in = 128'h0;         // (unread: other builds elaborate as before)
        end
    endgenerate
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_gcm_tag: the output side of GCM in aes_mode_engine: payload XOR, GHASH
// of AAD || C || length block at LANES blocks per clock (aes_ghash), the tag,
// and for decryption the tag check (docs/aes_axis.md, GCM).
//
// Beats come from the core in order, lanes classified by aes_gcm_frame
// (codes below) and carrying their input block (in_xor). Two register stages
// follow the core, in step with aes_ghash's two stages, so that when a beat
// is in stage 2 the GHASH state includes it:
//   entry   payload = core ^ data (last block masked to len(C)); GHASH input per
//           lane (AAD, ciphertext, and at the tag lane the length block);
//           E(K, J0), tag length and length block taken from the header lanes
//   stage 1 aes_ghash products
//   stage 2 state updated; output: tag lane = (S ^ E(K, J0)) cut to the tag
//           length (encrypt), or the verdict block (decrypt): byte 0 = 1 if the
//           expected tag matches, else 0; bytes 1..15 = 0.
// The comparison XORs and ORs all tag bytes every time (constant time). The
// computed tag of a decryption is never output (it would be a forgery oracle).
// Plaintext of a failing message is output and flagged by the verdict and
// ERROR.TAG_FAIL, not withheld: withholding needs a buffer of a whole
// message, which a streaming IP with unbounded messages cannot have.
//
// LONG_IV messages (IVs other than 96 bits): the header starts the hash, the IV
// blocks are hashed, and the state after the last one is J0, returned to
// aes_gcm_frame (j0_valid); the length block, whose core input was J0, gives
// E(K, J0) and restarts the hash for AAD || C.
//
// The H token (in_htok, after each GCM COMMIT's key handshake) carries
// H = E(K, 0^128) in lane 0; it is consumed here (never output) and loads
// aes_ghash, which then derives H^2..H^LANES (h_busy, LANES - 1 cycles; the
// pipeline waits). COMMITs drain GCM beats first, so no beat of an old key is
// here when H changes. Stages advance together: m_axis_tready reaches in_ready
// through one AND gate.
`default_nettype none

module aes_gcm_tag #(
    parameter LANES      = 1,
    parameter USER_WIDTH = 1
) (
    input  wire                   clk,
    input  wire                   rst_n,
    input  wire                   clear,         // zeroize H, state, E(K, J0), length
    input  wire                   in_valid,
    output wire                   in_ready,
    input  wire                   in_htok,
    input  wire                   in_dec,
    input  wire [128*LANES-1:0]   in_core,
    input  wire [128*LANES-1:0]   in_xor,
    input  wire [16*LANES-1:0]    in_keep,
    input  wire                   in_last,
    input  wire [USER_WIDTH-1:0]  in_user,
    input  wire [4*LANES-1:0]     in_kinds,
    output wire                   busy,          // a beat is in the stages
    output wire                   retire,        // a beat left, or the H token was taken
    output wire                   o_valid,
    input  wire                   o_ready,
    output wire [128*LANES-1:0]   o_data,
    output wire [16*LANES-1:0]    o_keep,
    output wire                   o_last,
    output wire [USER_WIDTH-1:0]  o_user,
    output wire                   ev_tag_fail,
    output reg                    j0_valid,      // LONG_IV: J0 (GHASH of the IV blocks) ...
    output wire [127:0]           j0             // ... for aes_gcm_frame, one cycle
);
    localparam W = 128 * LANES;
    `include "aes_gcm_kinds.vh"     // K_HDR ... K_IVHL: what aes_gcm_frame marked

    function [127:0] byte_mask;  // the first n bytes (n = 0 means 16); a shift, not a loop
        input [4:0] n;           // (a simulator evaluates it in a few word operations)
        byte_mask = (n == 5'd0 || n > 5'd16) ? {128{1'b1}} : ~({128{1'b1}} << {n[4:0], 3'b000});
    endfunction

    // ---- per-message values: from the header lanes of this beat, else held
    reg  [127:0] ekj0_q, len_q;
    reg  [4:0]   tlen_q;
    reg          long_q;         // LONG_IV message: E(K, J0) comes from the length lane
    wire         has_hdr = (in_kinds[3:0] == K_HDR);
    wire         long_eff = has_hdr ? in_xor[104] : long_q;
    reg          has_len, has_ivhl;
    reg  [127:0] len_lane, len_core;
    `include "aes_defs.vh"
    integer j;
    always @(*) begin
        has_len  = 1'b0;
        has_ivhl = 1'b0;
        len_lane = 128'h0;
        len_core = 128'h0;
        for (j = 0; j < LANES; j = j + 1) begin
            if (in_kinds[4*j +: 4] == K_LEN) begin
                has_len  = 1'b1;
                len_lane = in_xor[128*j +: 128];
                len_core = in_core[128*j +: 128];
            end
            if (in_kinds[4*j +: 4] == K_IVHL) has_ivhl = 1'b1;
        end
    end
    wire [127:0] len_eff  = has_len ? len_lane : len_q;
    // E(K, J0): the header lane's core output (96-bit IV) or the length lane's (LONG_IV)
    wire [127:0] ekj0_eff = (has_hdr && !long_eff) ? in_core[127:0] :
                            (has_len && long_eff)  ? len_core : ekj0_q;
    wire [4:0]   tlen_hdr = (in_xor[103:96] == 8'd0 || in_xor[103:96] > 8'd16) ? 5'd16 : in_xor[100:96];
    wire [4:0]   tlen_eff = has_hdr ? tlen_hdr : tlen_q;
    // bytes mod 16 of len(A), len(C): bits [6:3] of each big-endian 64-bit bit
    // count, found in its last stream byte (byte 7 of the field, value bit 0 at its bit 0)
    wire [127:0] amask    = byte_mask({1'b0, len_eff[62:59]});
    wire [127:0] cmask    = byte_mask({1'b0, len_eff[126:123]});

    // ---- entry: output data, GHASH blocks, lane flags
    reg  [W-1:0]     e_data, e_hash, keep_bytes;
    reg  [LANES-1:0] e_mask, e_tag;
    reg  [127:0]     e_exp;
    reg  [127:0]     x, c, ct;
    reg  [3:0]       k;
    always @(*) begin
        e_exp = 128'h0;
        for (j = 0; j < LANES; j = j + 1) begin
            x  = in_xor[128*j +: 128];
            c  = in_core[128*j +: 128] ^ x;                 // payload result
            k  = in_kinds[4*j +: 4];
            if (k == K_PAYL) c = c & cmask;
            ct = in_dec ? (k == K_PAYL ? x & cmask : x) : c;  // the ciphertext block
            e_data[128*j +: 128] = (k == K_PAY || k == K_PAYL) ? c :
                                   (k == K_HDR || k == K_LEN || k == K_AAD || k == K_AADL ||
                                    k == K_IVH || k == K_IVHL) ? x : 128'h0;
            e_hash[128*j +: 128] = (k == K_AAD || k == K_IVH || k == K_IVHL) ? x :
                                   (k == K_AADL) ? (x & amask) :
                                   (k == K_PAY || k == K_PAYL) ? ct : (k == K_TAG) ? len_eff : 128'h0;
            e_mask[j] = (k >= K_AAD) && (k <= K_IVHL);
            e_tag[j]  = (k == K_TAG);
            if (k == K_TAG) e_exp = x;
        end
        for (j = 0; j < LANES; j = j + 1)
            keep_bytes[128*j +: 128] = aes_keep_mask(in_keep[16*j +: 16]);
    end

    // ---- stages
    wire h_busy;
    reg  p1_v, p2_v;
    wire adv      = (!p2_v || o_ready) && !h_busy;
    wire tok_take = in_valid && in_htok && !p1_v && !p2_v && !h_busy;
    wire beat_in  = in_valid && !in_htok && adv;
    assign in_ready = in_htok ? tok_take : adv;
    assign busy     = p1_v || p2_v;
    assign retire   = tok_take || (p2_v && o_ready && !h_busy);

    reg  [W-1:0]          p1_data, p2_data;
    reg  [16*LANES-1:0]   p1_keep, p2_keep;
    reg                   p1_last, p2_last, p1_dec, p2_dec;
    reg  [USER_WIDTH-1:0] p1_user, p2_user;
    reg  [LANES-1:0]      p1_tag, p2_tag;
    reg  [127:0]          p1_ekj0, p2_ekj0, p1_exp, p2_exp;
    reg  [4:0]            p1_tlen, p2_tlen;
    reg                   p1_ivhl;

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            p1_v <= 1'b0; p2_v <= 1'b0;
            ekj0_q <= 128'h0; len_q <= 128'h0; tlen_q <= 5'd16; long_q <= 1'b0;
            p1_ivhl <= 1'b0; j0_valid <= 1'b0;
            p1_data <= {W{1'b0}}; p2_data <= {W{1'b0}}; p1_ekj0 <= 128'h0; p2_ekj0 <= 128'h0;
            p1_exp <= 128'h0; p2_exp <= 128'h0;
            p1_keep <= {16*LANES{1'b0}}; p2_keep <= {16*LANES{1'b0}};
            p1_last <= 1'b0; p2_last <= 1'b0; p1_dec <= 1'b0; p2_dec <= 1'b0;
            p1_user <= {USER_WIDTH{1'b0}}; p2_user <= {USER_WIDTH{1'b0}};
            p1_tag <= {LANES{1'b0}}; p2_tag <= {LANES{1'b0}}; p1_tlen <= 5'd16; p2_tlen <= 5'd16;
        end else begin
          // LONG_IV: the beat that ends the IV blocks moves into stage 2 at this edge, so
          // the state after it (= J0) is on `state` in the next cycle
          j0_valid <= adv && p1_v && p1_ivhl;
          if (adv) begin
            p1_v <= beat_in;
            p1_ivhl <= beat_in && has_ivhl;
            if (beat_in) begin
                if (has_hdr) begin tlen_q <= tlen_eff; long_q <= long_eff; end
                if ((has_hdr && !long_eff) || (has_len && long_eff)) ekj0_q <= ekj0_eff;
                if (has_len) len_q <= len_lane;
            end
            // stage contents are zeroed when empty: nothing stale stays in them
            p1_data <= beat_in ? (e_data & keep_bytes) : {W{1'b0}};
            p1_keep <= beat_in ? in_keep : {16*LANES{1'b0}};
            p1_last <= beat_in && in_last;
            p1_user <= beat_in ? in_user : {USER_WIDTH{1'b0}};
            p1_tag  <= beat_in ? e_tag : {LANES{1'b0}};
            p1_dec  <= beat_in && in_dec;
            p1_ekj0 <= (beat_in && |e_tag) ? ekj0_eff : 128'h0;
            p1_exp  <= (beat_in && |e_tag) ? e_exp : 128'h0;
            p1_tlen <= tlen_eff;
            p2_v <= p1_v;
            p2_data <= p1_data; p2_keep <= p1_keep; p2_last <= p1_last; p2_user <= p1_user;
            p2_tag <= p1_tag; p2_dec <= p1_dec; p2_ekj0 <= p1_ekj0; p2_exp <= p1_exp; p2_tlen <= p1_tlen;
          end
        end
    end

    wire [127:0] ghash_s;
    assign j0 = ghash_s;
    // en only at edges that move a beat (into stage 1, or from stage 1 to 2):
    // between them stage 1 holds an empty beat (no lane masked) and the state
    // would not change, so leaving en low keeps the cycle behaviour and lets
    // the GHASH multipliers rest (a simulator skips them; no toggling in silicon).
    wire ghash_en = adv && !tok_take && (beat_in || p1_v);
    aes_ghash #(.LANES(LANES)) u_ghash (
        .clk(clk), .rst_n(rst_n && !clear),
        .h_load(tok_take), .h(in_core[127:0]), .h_busy(h_busy),
        .en(ghash_en), .start(beat_in && (has_hdr || (has_len && long_eff))),
        .mask(beat_in ? e_mask : {LANES{1'b0}}), .blocks(e_hash), .state(ghash_s)
    );

    // ---- stage 2: the tag lane
    wire [127:0] tmask = byte_mask(p2_tlen);
    wire [127:0] tag   = (ghash_s ^ p2_ekj0) & tmask;
    wire         match = ~|((ghash_s ^ p2_ekj0 ^ p2_exp) & tmask);
    wire [127:0] tag_lane = p2_dec ? {127'h0, match} : tag;
    genvar g;
    generate
        for (g = 0; g < LANES; g = g + 1) begin : g_out
            wire [127:0] keep_lane = aes_keep_mask(p2_keep[16*g +: 16]);
            assign o_data[128*g +: 128] = p2_tag[g] ? (tag_lane & keep_lane) : p2_data[128*g +: 128];
        end
    endgenerate
    assign o_valid     = p2_v && !h_busy;
    assign o_keep      = p2_keep;
    assign o_last      = p2_last;
    assign o_user      = p2_user;
    assign ev_tag_fail = p2_v && o_ready && !h_busy && p2_dec && |p2_tag && !match;
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_mode_engine: ECB / CBC / CTR / GCM around any core with the shared core
// interface, between an AXI4-Stream input and output (docs/aes_axis.md). Each
// mode's own arithmetic is its own module: aes_ctr_blocks (counter blocks),
// aes_cbc_lanes (chaining), aes_gcm_frame and aes_gcm_tag (GCM); this module
// holds the context, the commands, the CBC-encrypt lane sequencing, and the
// sideband that carries each block's output work through the core.
//
// Everything the output side needs rides with the block in the core's USER
// sideband, so ECB, CTR and CBC decrypt run at the core's full rate with no
// extra buffering:
//   ECB          core(in)                         xor 0
//   CBC decrypt  core(in), decrypt key            xor {C[j-1] ..., chain}: lane 0 uses
//                                                 the chain value, lane j the ciphertext of
//                                                 lane j-1; chain <= last lane's ciphertext
//   CTR          core(counter blocks), enc key    xor the data; counter += LANES per beat
//   CBC encrypt  core(P ^ chain) one lane at a time: the next lane waits until the
//                previous result has left the core (its output handshake), which becomes
//                the chain value. With LANES > 1 the lanes of a beat go through the core
//                in order on core lane 0; their results are collected and the beat leaves
//                with its last lane; s_axis_tready rises with the last lane's issue.
// Output byte k of a beat is zero where tkeep[k] = 0; tkeep, tlast and tuser
// leave unchanged with their beat.
//
// The active context (mode, direction, chain value / counter) switches in
// the cycle of the core's key handshake, during a command from
// aes_axil_regs; the stream is paused (hold) around it, so the key and the
// context switch at the same beat boundary. A command first waits until no
// CBC-encrypt block is in flight (its result would update the chain value)
// and no beat is half issued.
//
//   GCM          aes_gcm_frame classifies the lanes of each packet and forms the
//                core input (J0, inc32 counters); aes_gcm_tag after the core does
//                GHASH, the tag and the tag check (two register stages; other
//                modes' beats wait while GCM beats are in them, so order holds).
//                A GCM COMMIT sends one H token (0^128 under the new key) through
//                the core after the key handshake; COMMIT and CLEAR first wait until
//                no GCM beat is in flight (the H in use belongs to them).
//
//   XTS          aes_xts_in whitens each block with its tweak (which rides in the xor
//                field) and sequences ciphertext stealing; aes_xts_out keeps and
//                completes the beats of a stolen pair; aes_xts_tweak encrypts the
//                data-unit numbers with key 2 in a small core of its own, ahead of use.
//                A COMMIT or CLEAR waits until no stolen pair is under way.
//
// Sideband layout (USER_W of the core = SW):
//   [UW-1:0] tuser, [UW] tlast, [UW+1 +: 16L] tkeep, [.. +: 128L] xor data,
//   [.. +: LW] lane index (CBC encrypt; XTS: the held lane), [SWB-1] CBC-encrypt flag,
//   [SWB +: 4L] GCM lane kinds, [SWB+4L] H token, [SWB+4L+1] GCM beat,
//   [SWB+4L+2] GCM decrypt, XTS builds: [SWB+4L+3 +: 4] XTS flags {ZERO, CASE2, STEAL2, HOLD}.
`default_nettype none

module aes_mode_engine #(
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    parameter GCM        = 1,       // build GCM (MODE 3)
    parameter XTS        = 0,       // build XTS ({MODE_HI, MODE} = 4)
    parameter TW_IMPL    = "LUT",   // XTS: S-boxes of the tweak core ("LUT"/"COMPOSITE")
    // derived, do not override
    parameter LW         = (LANES > 1) ? $clog2(LANES) : 1,
    parameter SWB        = USER_WIDTH + 1 + 16*LANES + 128*LANES + LW + 1,
    parameter SW         = SWB + 4*LANES + 3 + ((XTS != 0) ? 4 : 0)
) (
    input  wire                   clk,
    input  wire                   rst_n,
    // command (aes_axil_regs)
    input  wire                   cmd_valid,
    input  wire                   cmd_clear,
    output wire                   cmd_done,
    input  wire                   hold,
    input  wire [2:0]             cfg_mode,        // {MODE_HI, MODE}
    input  wire                   cfg_decrypt,
    input  wire [127:0]           cfg_iv,
    /* verilator lint_off UNUSEDSIGNAL */   // read only when XTS is built
    input  wire [255:0]           cfg_key2,        // XTS key 2
    input  wire [1:0]             cfg_key_len,
    /* verilator lint_on UNUSEDSIGNAL */
    output reg                    st_ready,
    output wire                   st_busy,
    output wire                   ev_partial,
    output wire                   ev_tag_fail,
    output wire                   ev_frame,
    output reg  [31:0]            blocks_in,
    output reg  [31:0]            blocks_out,
    // core
    output wire                   core_key_valid,
    input  wire                   core_key_ready,
    output wire                   core_key_decrypt,
    output wire                   core_key_clear,
    output wire                   core_in_valid,
    input  wire                   core_in_ready,
    output reg  [128*LANES-1:0]   core_in_data,
    output wire [SW-1:0]          core_in_user,
    input  wire                   core_out_valid,
    output wire                   core_out_ready,
    input  wire [128*LANES-1:0]   core_out_data,
    input  wire [SW-1:0]          core_out_user,
    input  wire                   core_busy,
`include "aes_axis_ports.vh"
);
    localparam W = 128 * LANES;
    `include "aes_defs.vh"
    `include "aes_axis_codes.vh"       // MODE_ECB ... MODE_GCM (generated from the register map)
    localparam [2:0] M_ECB = {MODE_HI_BASE, MODE_ECB}, M_CBC = {MODE_HI_BASE, MODE_CBC},
                     M_CTR = {MODE_HI_BASE, MODE_CTR}, M_GCM = {MODE_HI_BASE, MODE_GCM},
                     M_XTS = {MODE_HI_XTS, MODE_ECB};
    localparam XW = (XTS != 0) ? 4 : 0;     // XTS flag bits in the sideband
    // XTS tweak core: round units for back-to-back 512-byte units (aes_xts_tweak)
    localparam TU_NEED = (7 * LANES + 15) / 16;
    localparam TU = (TU_NEED < 1) ? 1 : (TU_NEED > 14) ? 14 : TU_NEED;
    localparam [2:0] S_IDLE = 3'd0, S_QUIESCE = 3'd1, S_KEY = 3'd2, S_DONE = 3'd3, S_HTOK = 3'd4;
    localparam integer  LAST_I    = LANES - 1;
    localparam [LW-1:0] LAST_LANE = LAST_I[LW-1:0];
    localparam [SW-1:0] TOK_USER  = {{(SW-1){1'b0}}, 1'b1} << (SWB + 4*LANES);

    function [LW:0] popcount;    // lanes of a beat holding at least one byte
        input [16*LANES-1:0] keep;
        integer j;
        begin
            popcount = {(LW+1){1'b0}};
            for (j = 0; j < LANES; j = j + 1)
                popcount = popcount + {{LW{1'b0}}, |keep[16*j +: 16]};
        end
    endfunction

    // ---- active context -----------------------------------------------------
    reg [2:0]   act_mode;
    reg         act_dec;
    reg [127:0] chain;           // CBC chaining value (the CTR counter is u_ctr's)
    reg [2:0]   state;
    reg         pending;         // a CBC-encrypt block is in the core
    reg [LW-1:0] cbc_lane;       // next lane of the current beat (CBC encrypt)
    reg         clear_q;
    reg [LW:0]  lanes_in, lanes_out;   // lanes of the beat taken / sent in the last cycle

    wire cbc_enc = (act_mode == M_CBC) && !act_dec;
    wire gcm     = (act_mode == M_GCM);
    wire xts     = (act_mode == M_XTS);
    wire tok     = (state == S_HTOK);         // the H token goes into the core
    // New beats start only with no command under way; a half-issued CBC-encrypt
    // beat is finished even then (a command waits for it: it is accepted, with the
    // old context, before the command's write response).
    wire run     = st_ready && (((state == S_IDLE) && !hold) || (cbc_enc && cbc_lane != {LW{1'b0}}));

    // ---- input side ---------------------------------------------------------
    reg [W-1:0] xor_in;
    // XTS (aes_xts_in): the beat for the core, and the stream's ready
    wire                  x_valid, x_tready, x_last, x_idle;
    wire [W-1:0]          x_data, x_xor;
    wire [16*LANES-1:0]   x_keep;
    wire [USER_WIDTH-1:0] x_user;
    wire [LW-1:0]         x_lane;
    /* verilator lint_off UNUSEDSIGNAL */   // x_flags: read only when XTS is built
    wire [3:0]            x_flags;    // {ZERO, CASE2, STEAL2, HOLD}
    /* verilator lint_on UNUSEDSIGNAL */
    wire                  x_ev_frame, g_ev_frame;
    wire [W-1:0]   ctr_blocks, cbc_enc_block, cbc_dec_xor;
    wire [127:0]   cbc_dec_next;
    aes_cbc_lanes #(.LANES(LANES)) u_cbc (
        .data(s_axis_tdata), .chain(chain), .lane(cbc_lane),
        .enc_block(cbc_enc_block), .dec_xor(cbc_dec_xor), .dec_next(cbc_dec_next)
    );
    wire [W-1:0]         gcm_core_data;
    wire [4*LANES-1:0]   gcm_kinds;
    wire                 gcm_wait;     // LONG_IV: the next beat needs J0 from aes_gcm_tag
    /* verilator lint_off UNUSEDSIGNAL */   // read only when GCM is built
    wire                 g_j0_valid;
    wire [127:0]         g_j0;
    /* verilator lint_on UNUSEDSIGNAL */
    always @(*) begin
        core_in_data = s_axis_tdata;
        xor_in       = {W{1'b0}};
        if (tok)
            core_in_data = {W{1'b0}};
        else case (act_mode)
            M_GCM: begin
                core_in_data = gcm_core_data;
                xor_in       = s_axis_tdata;
            end
            M_CTR: begin
                core_in_data = ctr_blocks;
                xor_in       = s_axis_tdata;
            end
            M_CBC: begin
                if (act_dec) xor_in       = cbc_dec_xor;
                else         core_in_data = cbc_enc_block;
            end
            M_XTS: begin
                core_in_data = x_data;
                xor_in       = x_xor;
            end
            default: ;
        endcase
    end

    wire   gcm_hold      = gcm && gcm_wait;
    assign core_in_valid = tok || (xts ? (st_ready && x_valid)
                                       : (run && s_axis_tvalid && !(cbc_enc && pending) && !gcm_hold));
    assign s_axis_tready = xts ? x_tready :
                           (!tok && run && core_in_ready && !gcm_hold &&
                            !(cbc_enc && (pending || cbc_lane != LAST_LANE)));
    wire in_fire   = core_in_valid && core_in_ready && !tok;
    wire tok_fire  = tok && core_in_ready;
    wire beat_fire = s_axis_tvalid && s_axis_tready;

    wire [XW:0] side_hi;        // {XTS flags} (XTS builds), GCM decrypt
    assign core_in_user = tok ? TOK_USER :
                          {side_hi, gcm, 1'b0, gcm ? gcm_kinds : {4*LANES{1'b0}},
                           cbc_enc, xts ? x_lane : cbc_lane, xor_in,
                           xts ? x_keep : s_axis_tkeep, xts ? x_last : s_axis_tlast,
                           xts ? x_user : s_axis_tuser};
    assign ev_partial   = beat_fire && (act_mode == M_ECB || act_mode == M_CBC) && !(&s_axis_tkeep);

    generate
        if (GCM != 0) begin : g_gcm_in
            aes_gcm_frame #(.LANES(LANES)) u_frame (
                .clk(clk), .rst_n(rst_n), .clear(clear_q || (state == S_KEY && core_key_ready)),
                .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
                .beat_fire(beat_fire && gcm), .j0_in_valid(g_j0_valid), .j0_in(g_j0),
                .wait_j0(gcm_wait), .core_data(gcm_core_data), .kinds(gcm_kinds),
                .ev_frame(g_ev_frame)
            );
        end else begin : g_no_gcm_in
            assign gcm_core_data = {W{1'b0}};
            assign gcm_kinds     = {4*LANES{1'b0}};
            assign gcm_wait      = 1'b0;
            assign g_ev_frame    = 1'b0;
        end
    endgenerate
    assign ev_frame = g_ev_frame || x_ev_frame;

    // ---- output side --------------------------------------------------------
    wire [USER_WIDTH-1:0] o_user = core_out_user[USER_WIDTH-1:0];
    wire                  o_last = core_out_user[USER_WIDTH];
    wire [16*LANES-1:0]   o_keep = core_out_user[USER_WIDTH+1 +: 16*LANES];
    wire [W-1:0]          o_xor  = core_out_user[USER_WIDTH+1+16*LANES +: W];
    wire [LW-1:0]         o_lane = core_out_user[USER_WIDTH+1+16*LANES+W +: LW];
    wire                  o_cbc  = core_out_user[SWB-1];
    /* verilator lint_off UNUSEDSIGNAL */   // o_kinds, o_gdec: read only when GCM is built
    wire [4*LANES-1:0]    o_kinds = core_out_user[SWB +: 4*LANES];
    wire                  o_gdec = core_out_user[SWB+4*LANES+2];
    /* verilator lint_on UNUSEDSIGNAL */
    wire                  o_htok = core_out_user[SWB+4*LANES];
    wire                  o_gcm  = core_out_user[SWB+4*LANES+1];
    wire o_emit = !o_cbc || (o_lane == LAST_LANE);
    // XTS: beats of a stolen pair go through aes_xts_out; ZERO beats leave as zeros
    /* verilator lint_off UNUSEDSIGNAL */   // o_xflags[2], xo_r_*: read only when XTS is built
    wire [3:0] o_xflags;                  // {ZERO, CASE2, STEAL2, HOLD}
    wire o_xpair = o_xflags[0] || o_xflags[1];
    wire o_xzero = o_xflags[3];
    wire xo_in_ready, xo_valid, xo_last, xo_emitting, xo_busy;
    wire [W-1:0]          xo_data;
    wire [16*LANES-1:0]   xo_keep;
    wire [USER_WIDTH-1:0] xo_user;
    wire                  xo_r_valid;
    wire [127:0]          xo_r_data;
    /* verilator lint_on UNUSEDSIGNAL */

    // GCM beats and the H token go through aes_gcm_tag; other beats wait while
    // GCM beats are in its stages, so output order is input order.
    wire o_to_gcm = o_gcm || o_htok;
    wire                  g_in_ready, g_busy, g_retire, g_valid, g_last;
    wire [W-1:0]          g_data;
    wire [16*LANES-1:0]   g_keep;
    wire [USER_WIDTH-1:0] g_user;
    wire direct = core_out_valid && !o_to_gcm && !o_xpair && !g_busy && !xo_emitting;

    assign m_axis_tvalid  = g_valid || xo_valid || (direct && o_emit);
    assign core_out_ready = o_to_gcm ? g_in_ready : o_xpair ? xo_in_ready :
                            (!g_busy && !xo_emitting && (o_emit ? m_axis_tready : 1'b1));
    wire out_fire  = core_out_valid && core_out_ready && !o_to_gcm;
    wire beat_out  = m_axis_tvalid && m_axis_tready;

    generate
        if (GCM != 0) begin : g_gcm_out
            aes_gcm_tag #(.LANES(LANES), .USER_WIDTH(USER_WIDTH)) u_tag (
                .clk(clk), .rst_n(rst_n), .clear(clear_q),
                .in_valid(core_out_valid && o_to_gcm), .in_ready(g_in_ready), .in_htok(o_htok),
                .in_dec(o_gdec), .in_core(core_out_data), .in_xor(o_xor), .in_keep(o_keep),
                .in_last(o_last), .in_user(o_user), .in_kinds(o_kinds),
                .busy(g_busy), .retire(g_retire),
                .o_valid(g_valid), .o_ready(m_axis_tready), .o_data(g_data), .o_keep(g_keep),
                .o_last(g_last), .o_user(g_user), .ev_tag_fail(ev_tag_fail),
                .j0_valid(g_j0_valid), .j0(g_j0)
            );
        end else begin : g_no_gcm_out
            assign g_in_ready = 1'b1;     // never used: no GCM beat exists
            assign g_busy = 1'b0; assign g_retire = 1'b0; assign g_valid = 1'b0; assign g_last = 1'b0;
            assign g_data = {W{1'b0}}; assign g_keep = {16*LANES{1'b0}}; assign g_user = {USER_WIDTH{1'b0}};
            assign ev_tag_fail = 1'b0;
            assign g_j0_valid = 1'b0; assign g_j0 = 128'h0;
        end
    endgenerate

    wire [W-1:0] result;
    generate
        if (LANES > 1) begin : g_collect
            reg [W-128-1:0] collected;      // CBC encrypt: lanes 0..L-2 of the beat
            always @(posedge clk)
                if (out_fire && o_cbc && !o_emit)
                    collected[128*o_lane +: 128] <= core_out_data[127:0];
            assign result = o_cbc ? {core_out_data[127:0], collected} : (core_out_data ^ o_xor);
        end else begin : g_single
            assign result = core_out_data ^ o_xor;
        end
    endgenerate

    reg [W-1:0] keep_mask;
    integer k;
    always @(*)
        for (k = 0; k < LANES; k = k + 1)
            keep_mask[128*k +: 128] = aes_keep_mask(o_keep[16*k +: 16]);

    // Zero while m_axis_tvalid is low: the core's outputs are zero while its
    // out_valid is low, and CBC-encrypt lanes being collected are masked here.
    wire d_emit = direct && o_emit;
    assign m_axis_tdata = g_valid ? g_data : xo_valid ? xo_data :
                          (d_emit && !o_xzero) ? (result & keep_mask) : {W{1'b0}};
    assign m_axis_tkeep = g_valid ? g_keep : xo_valid ? xo_keep : d_emit ? o_keep : {16*LANES{1'b0}};
    assign m_axis_tlast = g_valid ? g_last : xo_valid ? xo_last : (d_emit && o_last);
    assign m_axis_tuser = g_valid ? g_user : xo_valid ? xo_user : d_emit ? o_user : {USER_WIDTH{1'b0}};

    // ---- XTS ----------------------------------------------------------------
    generate
        if (XTS != 0) begin : g_xts
            wire x_accept = st_ready && (state == S_IDLE) && !hold && xts;
            wire x_r_ack;
            wire tw_valid, tw_take, tw_busy_unused;
            wire [127:0] tw_data;
            aes_xts_tweak #(.TU(TU), .IMPL(TW_IMPL)) u_tweak (
                .clk(clk), .rst_n(rst_n), .load(key_fire && cfg_mode == M_XTS),
                .clear(clear_q || (key_fire && cfg_mode != M_XTS)),
                .key2(cfg_key2), .key_len(cfg_key_len), .first(cfg_iv),
                .t_valid(tw_valid), .t_data(tw_data), .take(tw_take), .busy(tw_busy_unused)
            );
            aes_xts_in #(.LANES(LANES), .USER_WIDTH(USER_WIDTH)) u_in (
                .clk(clk), .rst_n(rst_n), .clear(clear_q), .restart(key_fire), .decrypt(act_dec),
                .accept_ok(x_accept),
                .s_tdata(s_axis_tdata), .s_tkeep(s_axis_tkeep), .s_tlast(s_axis_tlast),
                .s_tuser(s_axis_tuser), .s_tvalid(s_axis_tvalid), .s_tready(x_tready),
                .t_valid(tw_valid), .t_data(tw_data), .t_take(tw_take),
                .r_valid(xo_r_valid), .r_data(xo_r_data), .r_ack(x_r_ack),
                .c_valid(x_valid), .c_ready(core_in_ready && !tok && st_ready && xts),
                .c_data(x_data), .c_xor(x_xor), .c_keep(x_keep), .c_last(x_last), .c_user(x_user),
                .c_flags(x_flags), .c_lane(x_lane), .idle(x_idle), .ev_frame(x_ev_frame)
            );
            aes_xts_out #(.LANES(LANES), .USER_WIDTH(USER_WIDTH)) u_out (
                .clk(clk), .rst_n(rst_n),
                .in_valid(core_out_valid && o_xpair), .in_ready(xo_in_ready),
                .in_hold(o_xflags[0]), .in_case2(o_xflags[2]), .in_lane(o_lane),
                .in_result(result), .in_keep(o_keep), .in_last(o_last), .in_user(o_user),
                .r_valid(xo_r_valid), .r_data(xo_r_data), .r_ack(x_r_ack),
                .o_valid(xo_valid), .o_ready(m_axis_tready), .o_data(xo_data), .o_keep(xo_keep),
                .o_last(xo_last), .o_user(xo_user), .emitting(xo_emitting), .busy(xo_busy)
            );
            assign o_xflags = core_out_user[SWB+4*LANES+3 +: 4];
            assign side_hi  = {x_flags, act_dec && gcm};
        end else begin : g_no_xts
            assign x_valid = 1'b0; assign x_tready = 1'b0; assign x_last = 1'b0; assign x_idle = 1'b1;
            assign x_data = {W{1'b0}}; assign x_xor = {W{1'b0}}; assign x_keep = {16*LANES{1'b0}};
            assign x_user = {USER_WIDTH{1'b0}}; assign x_lane = {LW{1'b0}}; assign x_flags = 4'h0;
            assign x_ev_frame = 1'b0;
            assign xo_in_ready = 1'b1; assign xo_valid = 1'b0; assign xo_last = 1'b0;
            assign xo_emitting = 1'b0; assign xo_busy = 1'b0;
            assign xo_data = {W{1'b0}}; assign xo_keep = {16*LANES{1'b0}}; assign xo_user = {USER_WIDTH{1'b0}};
            assign xo_r_valid = 1'b0; assign xo_r_data = 128'h0;
            assign o_xflags = 4'h0;
            assign side_hi  = act_dec && gcm;
        end
    endgenerate

    // ---- commands -----------------------------------------------------------
    reg  [9:0] gcm_cnt;          // GCM beats and H tokens in the core or aes_gcm_tag
    wire quiet = !pending && (cbc_lane == {LW{1'b0}}) && (gcm_cnt == 10'd0) && x_idle && !xo_busy;

    // CTR's counter: loaded with the IV at the key handshake, zeroed by CLEAR, stepped per beat
    wire           key_fire = (state == S_KEY) && core_key_ready;   // the context switches
    wire           clear_now = (state == S_QUIESCE) && quiet && cmd_clear;
    aes_ctr_blocks #(.LANES(LANES)) u_ctr (
        .clk(clk), .rst_n(rst_n), .clear(clear_now), .load(key_fire), .value(cfg_iv),
        .step(in_fire && (act_mode == M_CTR)), .blocks(ctr_blocks)
    );
    assign core_key_valid   = (state == S_KEY);
    assign core_key_decrypt = cfg_decrypt && (cfg_mode == M_ECB || cfg_mode == M_CBC || cfg_mode == M_XTS);   // CTR, GCM: encrypt
    assign core_key_clear   = clear_q;
    assign cmd_done         = (state == S_DONE);
    assign st_busy          = core_busy || !quiet;

    always @(posedge clk) begin
        if (!rst_n) begin
            state <= S_IDLE; st_ready <= 1'b0; clear_q <= 1'b0;
            act_mode <= M_ECB; act_dec <= 1'b0; chain <= 128'h0;
            pending <= 1'b0; cbc_lane <= {LW{1'b0}};
            blocks_in <= 32'h0; blocks_out <= 32'h0; gcm_cnt <= 10'd0;
            lanes_in <= {(LW+1){1'b0}}; lanes_out <= {(LW+1){1'b0}};
        end else begin
            gcm_cnt <= gcm_cnt + {9'd0, tok_fire || (in_fire && gcm)} - {9'd0, g_retire};
            clear_q <= 1'b0;
            case (state)
                S_IDLE:    if (cmd_valid) state <= S_QUIESCE;
                S_QUIESCE: if (quiet) begin
                    if (cmd_clear) begin
                        clear_q  <= 1'b1;           // core key context zeroized next cycle
                        st_ready <= 1'b0;
                        act_mode <= M_ECB; act_dec <= 1'b0; chain <= 128'h0;
                        state    <= S_DONE;
                    end else begin
                        state <= S_KEY;
                    end
                end
                S_KEY: if (core_key_ready) begin     // key_fire: switch the context (u_ctr loads)
                    st_ready <= 1'b1;
                    act_mode <= {cfg_mode[2] && (XTS != 0), cfg_mode[1:0]};   // XTS only if built
                    act_dec  <= cfg_decrypt;
                    chain    <= cfg_iv;
                    state    <= (cfg_mode == M_GCM) ? S_HTOK : S_DONE;
                end
                S_HTOK: if (core_in_ready) state <= S_DONE;
                default: state <= S_IDLE;            // S_DONE: cmd_done for one cycle
            endcase

            if (in_fire) begin
                case (act_mode)
                    M_CBC: if (act_dec) chain <= cbc_dec_next;
                           else begin
                               pending  <= 1'b1;
                               cbc_lane <= (cbc_lane == LAST_LANE) ? {LW{1'b0}} : cbc_lane + 1'b1;
                           end
                    default: ;
                endcase
            end
            if (out_fire && o_cbc) begin
                chain   <= core_out_data[127:0];
                pending <= 1'b0;
            end
            // BLOCKS_IN/OUT count a beat's lanes one cycle after its handshake: the lanes are
            // registered first, so the 32-bit adds start from registers (counted straight from
            // the handshake, the output FIFO's read -> tkeep -> add path set the IP's clock).
            lanes_in   <= beat_fire ? popcount(s_axis_tkeep) : {(LW+1){1'b0}};
            lanes_out  <= beat_out  ? popcount(m_axis_tkeep) : {(LW+1){1'b0}};
            blocks_in  <= blocks_in  + {{(31-LW){1'b0}}, lanes_in};
            blocks_out <= blocks_out + {{(31-LW){1'b0}}, lanes_out};
        end
    end
endmodule

`default_nettype wire

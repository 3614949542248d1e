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
// Sideband layout (USER_W of the core = SW):
//   [UW-1:0] tuser, [UW] tlast, [UW+1 +: 16L] tkeep, [.. +: 128L] xor data,
//   [.. +: LW] lane index (CBC encrypt), [SWB-1] CBC-encrypt flag,
//   [SWB +: 4L] GCM lane kinds, [SWB+4L] H token, [SWB+4L+1] GCM beat,
//   [SWB+4L+2] GCM decrypt.
`default_nettype none

module aes_mode_engine #(
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    parameter GCM        = 1,       // build GCM (MODE 3)
    // derived, do not override
    parameter LW         = (LANES > 1) ? $clog2(LANES) : 1,
    parameter SWB        = USER_WIDTH + 1 + 16*LANES + 128*LANES + LW + 1,
    parameter SW         = SWB + 4*LANES + 3
) (
    input  wire                   clk,
    input  wire                   rst_n,
    // command (aes_axil_regs)
    input  wire                   cmd_valid,
    input  wire                   cmd_clear,
    output wire                   cmd_done,
    input  wire                   hold,
    input  wire [1:0]             cfg_mode,
    input  wire                   cfg_decrypt,
    input  wire [127:0]           cfg_iv,
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
    localparam [1:0] M_ECB = MODE_ECB, M_CBC = MODE_CBC, M_CTR = MODE_CTR, M_GCM = MODE_GCM;
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
    reg [1:0]   act_mode;
    reg         act_dec;
    reg [127:0] chain;           // CBC chaining value (the CTR counter is u_ctr's)
    reg [2:0]   state;
    reg         pending;         // a CBC-encrypt block is in the core
    reg [LW-1:0] cbc_lane;       // next lane of the current beat (CBC encrypt)
    reg         clear_q;
    reg [LW:0]  lanes_in, lanes_out;   // lanes of the beat taken / sent in the last cycle

    wire cbc_enc = (act_mode == M_CBC) && !act_dec;
    wire gcm     = (act_mode == M_GCM);
    wire tok     = (state == S_HTOK);         // the H token goes into the core
    // New beats start only with no command under way; a half-issued CBC-encrypt
    // beat is finished even then (a command waits for it: it is accepted, with the
    // old context, before the command's write response).
    wire run     = st_ready && (((state == S_IDLE) && !hold) || (cbc_enc && cbc_lane != {LW{1'b0}}));

    // ---- input side ---------------------------------------------------------
    reg [W-1:0] xor_in;
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
            default: ;
        endcase
    end

    wire   gcm_hold      = gcm && gcm_wait;
    assign core_in_valid = tok || (run && s_axis_tvalid && !(cbc_enc && pending) && !gcm_hold);
    assign s_axis_tready = !tok && run && core_in_ready && !gcm_hold &&
                           !(cbc_enc && (pending || cbc_lane != LAST_LANE));
    wire in_fire   = core_in_valid && core_in_ready && !tok;
    wire tok_fire  = tok && core_in_ready;
    wire beat_fire = s_axis_tvalid && s_axis_tready;

    assign core_in_user = tok ? TOK_USER :
                          {act_dec && gcm, gcm, 1'b0, gcm ? gcm_kinds : {4*LANES{1'b0}},
                           cbc_enc, cbc_lane, xor_in, s_axis_tkeep, s_axis_tlast, s_axis_tuser};
    assign ev_partial   = beat_fire && (act_mode[1] == 1'b0) && !(&s_axis_tkeep);

    generate
        if (GCM != 0) begin : g_gcm_in
            aes_gcm_frame #(.LANES(LANES)) u_frame (
                .clk(clk), .rst_n(rst_n), .clear(clear_q || (state == S_KEY && core_key_ready)),
                .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
                .beat_fire(beat_fire && gcm), .j0_in_valid(g_j0_valid), .j0_in(g_j0),
                .wait_j0(gcm_wait), .core_data(gcm_core_data), .kinds(gcm_kinds),
                .ev_frame(ev_frame)
            );
        end else begin : g_no_gcm_in
            assign gcm_core_data = {W{1'b0}};
            assign gcm_kinds     = {4*LANES{1'b0}};
            assign gcm_wait      = 1'b0;
            assign ev_frame      = 1'b0;
        end
    endgenerate

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

    // GCM beats and the H token go through aes_gcm_tag; other beats wait while
    // GCM beats are in its stages, so output order is input order.
    wire o_to_gcm = o_gcm || o_htok;
    wire                  g_in_ready, g_busy, g_retire, g_valid, g_last;
    wire [W-1:0]          g_data;
    wire [16*LANES-1:0]   g_keep;
    wire [USER_WIDTH-1:0] g_user;
    wire direct = core_out_valid && !o_to_gcm && !g_busy;

    assign m_axis_tvalid  = g_valid || (direct && o_emit);
    assign core_out_ready = o_to_gcm ? g_in_ready : (!g_busy && (o_emit ? m_axis_tready : 1'b1));
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
    assign m_axis_tdata = g_valid ? g_data : d_emit ? (result & keep_mask) : {W{1'b0}};
    assign m_axis_tkeep = g_valid ? g_keep : d_emit ? o_keep : {16*LANES{1'b0}};
    assign m_axis_tlast = g_valid ? g_last : (d_emit && o_last);
    assign m_axis_tuser = g_valid ? g_user : d_emit ? o_user : {USER_WIDTH{1'b0}};

    // ---- commands -----------------------------------------------------------
    reg  [9:0] gcm_cnt;          // GCM beats and H tokens in the core or aes_gcm_tag
    wire quiet = !pending && (cbc_lane == {LW{1'b0}}) && (gcm_cnt == 10'd0);

    // CTR's counter: loaded with the IV at the key handshake, zeroed by CLEAR, stepped per beat
    wire           key_fire = (state == S_KEY) && core_key_ready;   // the context switches
    wire           clear_now = (state == S_QUIESCE) && quiet && cmd_clear;
    aes_ctr_blocks #(.LANES(LANES)) u_ctr (
        .clk(clk), .rst_n(rst_n), .clear(clear_now), .load(key_fire), .value(cfg_iv),
        .step(in_fire && (act_mode == M_CTR)), .blocks(ctr_blocks)
    );
    assign core_key_valid   = (state == S_KEY);
    assign core_key_decrypt = cfg_decrypt && (cfg_mode[1] == 1'b0);   // CTR, GCM: encrypt
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
                    act_mode <= cfg_mode;
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

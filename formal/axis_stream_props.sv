// SPDX-License-Identifier: Apache-2.0
// aes_axis, LANES = 1 or 2, GCM built, CORE_MODE BOTH, all key sizes: the stream side
// (formal/README.md, job axis_stream).
//
// The design is the real aes_axis (aes_axil_regs, aes_mode_engine with
// aes_ctr_blocks, aes_cbc_lanes, aes_gcm_frame, aes_gcm_tag, aes_ghash) around
// the abstract core of formal/stub_core.v (the core interface contract, any
// latency, any in_ready). Every input is free: the AXI4-Lite master (so any
// sequence of key, IV, CTRL writes, COMMITs of every mode and direction, CLEARs,
// refused COMMITs), the AXI4-Stream input (valid may drop, payload may change,
// any tkeep and tlast: malformed GCM packets included) and m_axis_tready;
// reset at any cycle. The only assumption: reset in the first cycle.
//
// tuser carries {tlast, tkeep, sequence number}: the k-th beat accepted since
// reset has sequence number k mod 16 and a copy of its own tkeep and tlast.
// The IP never looks at tuser, so the result holds for any tuser. Proved:
//   * every output beat carries the next sequence number: no beat lost,
//     duplicated or reordered, the H token never leaves (order);
//   * its tkeep and tlast are its own input beat's (carried with the beat);
//   * tvalid && !tready: the next cycle has tvalid and the same tdata, tkeep,
//     tlast, tuser (AXI4-Stream), unless reset came between;
//   * while tvalid is 0, tdata, tkeep, tlast and tuser are 0;
//   * beats inside never exceed the stages that can hold them (5).
// p_* are probes of internal registers (connected by the .sby script after
// `flatten`), used only in inductive invariants, themselves proved.
`default_nettype none

module axis_stream_props #(
    parameter LANES = 1,
    parameter SEQW  = 4
) (
    input wire         clk,
    input wire         aresetn,
    input wire [11:0]  s_axil_awaddr,
    input wire [2:0]   s_axil_awprot,
    input wire         s_axil_awvalid,
    input wire [31:0]  s_axil_wdata,
    input wire [3:0]   s_axil_wstrb,
    input wire         s_axil_wvalid,
    input wire         s_axil_bready,
    input wire [11:0]  s_axil_araddr,
    input wire [2:0]   s_axil_arprot,
    input wire         s_axil_arvalid,
    input wire         s_axil_rready,
    input wire [128*LANES-1:0] s_axis_tdata,
    input wire [16*LANES-1:0]  s_axis_tkeep,
    input wire         s_axis_tlast,
    input wire         s_axis_tvalid,
    input wire         m_axis_tready
);
    localparam KW  = 16 * LANES;                  // tkeep bits
    localparam UW  = SEQW + 1 + KW;               // tuser = {tlast, tkeep, seq}
    localparam LW  = (LANES > 1) ? $clog2(LANES) : 1;
    localparam LANE_AT = UW + 1 + KW + 128 * LANES;   // aes_mode_engine sideband fields
    localparam SWB = LANE_AT + LW + 1;
    localparam SW  = SWB + 4 * LANES + 3;
    localparam HTOK = SWB + 4 * LANES, GCMB = SWB + 4 * LANES + 1;
    localparam [LW-1:0] LAST_LANE = LANES - 1;
    localparam QD  = 3;                           // formal/stub_core.v
    localparam MAXF = QD + 2;                     // core + the two GCM tag stages

    reg  [SEQW-1:0] in_seq, out_seq;
    wire [UW-1:0]   s_axis_tuser = {s_axis_tlast, s_axis_tkeep, in_seq};

    wire         s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
    wire [1:0]   s_axil_bresp, s_axil_rresp;
    wire [31:0]  s_axil_rdata;
    wire         s_axis_tready, m_axis_tvalid, m_axis_tlast;
    wire [128*LANES-1:0] m_axis_tdata;
    wire [KW-1:0] m_axis_tkeep;
    wire [UW-1:0] m_axis_tuser;

    aes_axis #(.ARCH("PIPELINED"), .LANES(LANES), .USER_WIDTH(UW), .CORE_MODE("BOTH"),
               .KEYS(3'b111), .GCM(1)) dut (
        .aclk(clk), .aresetn(aresetn),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
        .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
        .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
        .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
        .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tlast(m_axis_tlast),
        .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );

    // ---- probes --------------------------------------------------------------
    (* keep *) wire [1:0]       p_q_cnt;                 // beats in the abstract core
    (* keep *) wire [QD*SW-1:0] p_q_user;                // their sideband, oldest first
    (* keep *) wire [9:0]       p_gcm_cnt;               // engine: GCM beats + H tokens inside
    (* keep *) wire             p_p1_v, p_p2_v;          // aes_gcm_tag stages
    (* keep *) wire [UW-1:0]    p_p1_user, p_p2_user;
    (* keep *) wire [KW-1:0]    p_p1_keep, p_p2_keep;
    (* keep *) wire             p_p1_last, p_p2_last;
    (* keep *) wire [2:0]       p_act_mode;              // engine: mode in force {MODE_HI, MODE}
    (* keep *) wire             p_act_dec;
    (* keep *) wire [LW-1:0]    p_cbc_lane;              // engine: next CBC-encrypt lane
    (* keep *) wire [2:0]       p_state;                 // engine: command state
    (* keep *) wire             p_pending;               // engine: a CBC-encrypt block is in the core

    wire beat_in  = s_axis_tvalid && s_axis_tready;
    wire beat_out = m_axis_tvalid && m_axis_tready;

    reg f_past = 1'b0, f_init = 1'b0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!aresetn) f_init <= 1'b1;
        if (!aresetn) begin
            in_seq <= 0; out_seq <= 0;
        end else begin
            if (beat_in)  in_seq  <= in_seq + 1'b1;
            if (beat_out) out_seq <= out_seq + 1'b1;
        end
    end
    always @* if (!f_past) assume (!aresetn);

    // a beat's own copy of {tlast, tkeep} in its tuser matches the tlast/tkeep it carries
    function own;
        input [UW-1:0] user;
        input [KW-1:0] keep;
        input          last;
        own = (user[SEQW +: KW] == keep) && (user[SEQW + KW] == last);
    endfunction

    wire [SEQW-1:0] outstanding = in_seq - out_seq;

    // ---- the beats inside, oldest first: GCM stage 2, stage 1, the core's entries.
    // nxt: the sequence number the next one must carry; ok: each carries it and its
    // own tkeep/tlast; ngcm: GCM beats and H tokens among them.
    integer j;
    reg [SEQW-1:0] nxt;
    reg [3:0]      ngcm;
    reg [3:0]      ncbc;                 // CBC-encrypt blocks in the core
    reg            ok;
    reg [SW-1:0]   u;
    always @* begin
        nxt  = out_seq;
        ngcm = 4'd0;
        ncbc = 4'd0;
        ok   = 1'b1;
        u    = {SW{1'b0}};
        if (p_p2_v) begin
            ok   = ok && p_p2_user[SEQW-1:0] == nxt && own(p_p2_user, p_p2_keep, p_p2_last);
            nxt  = nxt + 1'b1;
            ngcm = ngcm + 1'b1;
        end
        if (p_p1_v) begin
            ok   = ok && p_p1_user[SEQW-1:0] == nxt && own(p_p1_user, p_p1_keep, p_p1_last);
            nxt  = nxt + 1'b1;
            ngcm = ngcm + 1'b1;
        end
        for (j = 0; j < QD; j = j + 1) begin
            u = p_q_user[SW*j +: SW];
            if (j < p_q_cnt) begin
                ok = ok && u[LANE_AT +: LW] <= LAST_LANE && !(u[SWB - 1] && (u[GCMB] || u[HTOK]));
                if (u[SWB - 1]) begin                      // CBC encrypt: the lane after it is next
                    ncbc = ncbc + 1'b1;
                    ok   = ok && p_cbc_lane == ((u[LANE_AT +: LW] == LAST_LANE) ? {LW{1'b0}}
                                                                                : u[LANE_AT +: LW] + 1'b1);
                end
                if (u[HTOK]) begin                         // the H token: no tuser, not a beat
                    ok   = ok && u[UW-1:0] == {UW{1'b0}} && !u[GCMB];
                    ngcm = ngcm + 1'b1;
                end else if (u[SWB - 1] && u[LANE_AT +: LW] != LAST_LANE) begin
                    // a CBC-encrypt lane before the last: collected, not a beat of its own;
                    // it carries the beat that its last lane completes
                    ok   = ok && u[SEQW-1:0] == nxt && own(u[UW-1:0], u[UW + 1 +: KW], u[UW]);
                end else begin
                    ok   = ok && u[SEQW-1:0] == nxt && own(u[UW-1:0], u[UW + 1 +: KW], u[UW]) &&
                           (u[SWB - 1] || u[LANE_AT +: LW] == {LW{1'b0}});
                    nxt  = nxt + 1'b1;
                    if (u[GCMB]) ngcm = ngcm + 1'b1;
                end
            end
        end
    end

    always @* if (f_init) begin
        // ---- stated properties ----------------------------------------------
        if (m_axis_tvalid) begin
            assert (m_axis_tuser[SEQW-1:0] == out_seq);        // order: no loss, dup, reorder
            assert (own(m_axis_tuser, m_axis_tkeep, m_axis_tlast));
        end else begin
            assert (m_axis_tdata == {128*LANES{1'b0}} && m_axis_tkeep == {KW{1'b0}} && !m_axis_tlast &&
                    m_axis_tuser == {UW{1'b0}});
        end
        assert (outstanding <= MAXF);

        // ---- inductive invariants ---------------------------------------------
        assert (p_q_cnt <= QD);
        assert (p_cbc_lane <= LAST_LANE);
        assert (ok);
        assert (nxt == in_seq);
        assert (p_gcm_cnt == {6'd0, ngcm});
        assert (p_act_mode <= 3'd3);          // XTS is not built here: no COMMIT selects it
        // CBC encryption: one block at a time, and only while CBC encryption is in force
        assert (ncbc == {3'd0, p_pending});
        if (p_pending || p_cbc_lane != {LW{1'b0}}) assert (p_act_mode == 3'd1 && !p_act_dec);
        // GCM beats and H tokens inside belong to the GCM context in force
        if (ngcm != 4'd0) assert (p_act_mode == 3'd3);
        // a GCM COMMIT's key handshake and H token come only with no GCM beat inside
        // (and with no CBC block pending: a command first waits for quiet)
        if (p_state == 3'd2 || p_state == 3'd4)
            assert (ngcm == 4'd0 && !p_pending && p_cbc_lane == {LW{1'b0}});
        if (p_state == 3'd4) assert (p_act_mode == 3'd3);
    end

    always @(posedge clk) if (f_past && f_init && $past(f_init) && $past(aresetn))
        if ($past(m_axis_tvalid && !m_axis_tready))
            assert (m_axis_tvalid && m_axis_tdata == $past(m_axis_tdata) &&
                    m_axis_tkeep == $past(m_axis_tkeep) && m_axis_tlast == $past(m_axis_tlast) &&
                    m_axis_tuser == $past(m_axis_tuser));

    // Non-vacuity (cover task): output beats of GCM and of CBC encryption leave,
    // a stalled beat waits, four beats are inside at once.
    always @* if (f_init && aresetn) begin
        cover (beat_out && p_p2_v);
        cover (beat_out && !p_p2_v && p_act_mode == 3'd1 && !p_act_dec);
        cover (m_axis_tvalid && !m_axis_tready && outstanding == 4);
    end
endmodule

`default_nettype wire

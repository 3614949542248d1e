// SPDX-License-Identifier: Apache-2.0
// aes_xts_in: the input side of XTS (IEEE 1619, SP 800-38E): the beats of a data unit, each
// block whitened with its tweak, and ciphertext stealing for a unit whose length is not a
// multiple of 16 bytes. aes_xts_out is its output side; aes_mode_engine wires both.
//
// Framing: one AXI4-Stream packet (tlast) is one data unit. Block j of a unit (beat order,
// then lane order) uses the tweak T_j = E(key 2, i) * alpha^j in GF(2^128) (alpha^j of the
// unit's first tweak; T * alpha = T << 1, XOR 0x87 when bit 127 falls out: the 128-bit
// little-endian convention of IEEE 1619). A block goes into the core as P ^ T_j with T_j in
// the sideband (`c_xor`), so the output is core ^ T_j.
//
// Ciphertext stealing: a unit of m full blocks and a last block of b = 1..15 bytes (a partial
// last lane) needs the last full block's result R before its last two blocks can be formed:
//   A: the last full block X goes in with tweak Ta (flag HOLD): aes_xts_out keeps the beat
//      and returns R (r_valid, r_data).
//   B: then (tail bytes || R[b..15]) goes in with tweak Tb on lane 0 (flag STEAL2); its
//      result is the full block of position m-1, and R[0..b-1] is the tail (aes_xts_out).
// Encrypt: Ta = T_{m-1}, Tb = T_m; decrypt: Ta = T_m, Tb = T_{m-1} (SP 800-38E). The tail
// is in the same beat as X (lane >= 1: case 3) or alone in lane 0 of the next, last beat
// (case 2, flag CASE2). To see case 2 coming, a beat is held here (`cur`) until the next one
// is visible on s_axis or it is the last of its packet: one cycle of latency, no loss of rate.
//
// A unit under 16 bytes is a frame error (ev_frame): its beat goes through with flag ZERO
// (output bytes 0, tkeep as input). So is a partial tkeep in a beat before the last
// (processed as given). A command (`flush`: COMMIT or CLEAR under way) ends the unit at the
// beat held here: no stealing across a command. Tweaks come from aes_xts_tweak, one per unit
// (`t_take`); a new unit's first beat waits for its tweak.
`default_nettype none

module aes_xts_in #(
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    // derived, do not override
    parameter LW         = (LANES > 1) ? $clog2(LANES) : 1
) (
    input  wire                    clk,
    input  wire                    rst_n,
    input  wire                    clear,       // zero every register (CLEAR)
    input  wire                    restart,     // new context: drop the tweak in hand
    input  wire                    decrypt,
    input  wire                    accept_ok,   // new beats may be taken (no command under way)
    // stream in
    input  wire [128*LANES-1:0]    s_tdata,
    input  wire [16*LANES-1:0]     s_tkeep,
    input  wire                    s_tlast,
    input  wire [USER_WIDTH-1:0]   s_tuser,
    input  wire                    s_tvalid,
    output wire                    s_tready,
    // encrypted tweaks (aes_xts_tweak)
    input  wire                    t_valid,
    input  wire [127:0]            t_data,
    output wire                    t_take,
    // R of a stolen pair (aes_xts_out)
    input  wire                    r_valid,
    input  wire [127:0]            r_data,
    output wire                    r_ack,       // B taken: this R is used
    // to the core
    output wire                    c_valid,
    input  wire                    c_ready,
    output reg  [128*LANES-1:0]    c_data,
    output reg  [128*LANES-1:0]    c_xor,
    output wire [16*LANES-1:0]     c_keep,
    output wire                    c_last,
    output wire [USER_WIDTH-1:0]   c_user,
    output wire [3:0]              c_flags,     // {ZERO, CASE2, STEAL2, HOLD}
    output wire [LW-1:0]           c_lane,      // HOLD, STEAL2: lane of the held block X
    output wire                    idle,
    output wire                    ev_frame
);
    localparam W = 128 * LANES;
    `include "aes_defs.vh"
    localparam integer   LAST_I    = LANES - 1;
    localparam [LW-1:0]  LAST_LANE = LAST_I[LW-1:0];

    function [127:0] mul_alpha;      // T * alpha in GF(2^128), IEEE 1619's bit order
        input [127:0] t;
        mul_alpha = {t[126:0], 1'b0} ^ {120'h0, t[127], 4'h0, t[127], t[127], t[127]};
    endfunction

    // ---- state ---------------------------------------------------------------------------
    reg                  cur_v, cur_last, cur_first, next_first;
    reg [W-1:0]          cur_data;
    reg [16*LANES-1:0]   cur_keep;
    reg [USER_WIDTH-1:0] cur_user;
    reg [127:0]          t_cur, t_b;   // tweak of the next block; Tb of a stolen pair
    reg                  t_ok;
    reg                  waiting;      // A is in; B goes when R is back
    reg                  w_case2;
    reg [LW-1:0]         w_lane;

    // ---- the held beat's shape -----------------------------------------------------------
    reg [LW-1:0] lt;                   // its last lane holding a byte
    reg          any_byte;
    integer j;
    always @(*) begin
        lt = {LW{1'b0}};
        any_byte = 1'b0;
        for (j = 0; j < LANES; j = j + 1)
            if (|cur_keep[16*j +: 16]) begin
                lt = j[LW-1:0];
                any_byte = 1'b1;
            end
    end
    wire [15:0] lt_keep  = cur_keep[16*lt +: 16];
    wire        tail_part = !(&lt_keep);
    wire        flush     = !accept_ok;
    wire        last_eff  = cur_last || flush;          // the unit ends with this beat
    wire        short     = cur_last && (!any_byte || (cur_first && lt == {LW{1'b0}} && tail_part));
    wire        steal3    = cur_last && !short && tail_part && (lt != {LW{1'b0}});
    wire        steal2    = !last_eff && s_tvalid && s_tlast && !(&s_tkeep[15:0]);
    wire        steal     = steal3 || steal2;
    wire [LW-1:0] ls      = steal3 ? lt - 1'b1 : LAST_LANE;

    // ---- tweaks of this beat: T, T a, T a^2, ... T a^LANES --------------------------------
    reg [128*(LANES+1)-1:0] tw;        // tweak k at [128k +: 128]
    integer k;
    always @(*) begin
        tw[127:0] = t_cur;
        for (k = 1; k <= LANES; k = k + 1)
            tw[128*k +: 128] = mul_alpha(tw[128*(k-1) +: 128]);
    end
    wire [LW:0]  ls1    = {1'b0, ls} + 1'b1;
    wire [31:0]  ls_i   = {{(32-LW){1'b0}}, ls};
    wire [127:0] tw_ls  = tw[128*ls +: 128];
    wire [127:0] tw_ls1 = tw[128*ls1 +: 128];

    // ---- issue ---------------------------------------------------------------------------
    wire [LW:0]  tl        = w_case2 ? {(LW+1){1'b0}} : {1'b0, w_lane} + 1'b1;   // the tail's lane
    wire [15:0]  tail_keep = cur_keep[16*tl +: 16];
    wire [127:0] tail_data = cur_data[128*tl +: 128];
    wire [127:0] tail_mask = aes_keep_mask(tail_keep);
    wire [127:0] pp        = (tail_data & tail_mask) | (r_data & ~tail_mask);

    wire beat_go = cur_v && !waiting && t_ok && (last_eff || s_tvalid);
    assign c_valid = waiting ? r_valid : beat_go;
    wire fire      = c_valid && c_ready;
    wire a_fire    = fire && !waiting && steal;
    wire b_fire    = fire && waiting;
    wire unit_end  = (fire && !waiting && !steal && last_eff) || b_fire;
    wire leave     = fire && (waiting || !steal || steal2);   // case 3's A keeps the beat for B
    assign s_tready = accept_ok && (!cur_v || leave);
    assign t_take   = t_valid && (!t_ok || unit_end);
    assign r_ack    = b_fire;
    assign idle     = !cur_v && !waiting;
    assign ev_frame = fire && !waiting && (short || (!cur_last && !(&cur_keep)));

    integer n;
    always @(*)
        for (n = 0; n < LANES; n = n + 1)
            if (waiting) begin                // B: lane 0 only
                c_xor[128*n +: 128]  = (n == 0) ? t_b : 128'h0;
                c_data[128*n +: 128] = (n == 0) ? (pp ^ t_b) : 128'h0;
            end else begin
                c_xor[128*n +: 128]  = (steal && decrypt && n == ls_i) ? tw[128*(n+1) +: 128] : tw[128*n +: 128];
                c_data[128*n +: 128] = cur_data[128*n +: 128] ^ c_xor[128*n +: 128];
            end
    assign c_keep  = cur_keep;
    assign c_last  = cur_last;
    assign c_user  = cur_user;
    assign c_flags = {!waiting && short, waiting ? w_case2 : steal2, waiting, !waiting && steal};
    assign c_lane  = waiting ? w_lane : ls;

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            cur_v <= 1'b0; cur_last <= 1'b0; cur_first <= 1'b0; next_first <= 1'b1;
            cur_data <= {W{1'b0}}; cur_keep <= {16*LANES{1'b0}}; cur_user <= {USER_WIDTH{1'b0}};
            t_cur <= 128'h0; t_b <= 128'h0; t_ok <= 1'b0;
            waiting <= 1'b0; w_case2 <= 1'b0; w_lane <= {LW{1'b0}};
        end else begin
            if (leave) cur_v <= 1'b0;
            if (s_tvalid && s_tready) begin
                cur_v <= 1'b1; cur_data <= s_tdata; cur_keep <= s_tkeep;
                cur_last <= s_tlast; cur_user <= s_tuser;
                cur_first <= next_first; next_first <= s_tlast;
            end else if (leave)
                cur_data <= {W{1'b0}};                   // no copy of data stays behind
            if (a_fire) begin
                waiting <= 1'b1; w_case2 <= steal2; w_lane <= ls;
                t_b     <= decrypt ? tw_ls : tw_ls1;
            end
            if (b_fire) begin
                waiting <= 1'b0; t_b <= 128'h0;
            end
            if (fire && !waiting && !steal && !last_eff)
                t_cur <= tw[128*LANES +: 128];
            if (unit_end && flush) next_first <= 1'b1;
            if (t_take) begin
                t_cur <= t_data; t_ok <= 1'b1;
            end else if (unit_end) begin
                t_cur <= 128'h0; t_ok <= 1'b0;
            end
            if (restart) begin
                t_cur <= 128'h0; t_ok <= 1'b0; next_first <= 1'b1;
            end
        end
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_xts_out: the output side of XTS ciphertext stealing (aes_xts_in says how a stolen pair
// goes through the core). It takes only the core beats flagged HOLD and STEAL2; every other
// XTS beat leaves directly (core ^ tweak) through aes_mode_engine.
//
//   HOLD   (A): the whole result beat is kept; R = its lane `lane` goes back to aes_xts_in.
//   STEAL2 (B): its lane 0 is the full block of position m-1: it replaces lane `lane` of the
//          kept beat. Case 3 (tail in the same beat): lane `lane`+1 becomes R (its tkeep cuts
//          it to the tail's b bytes) and the kept beat leaves. Case 2 (tail alone in the next
//          beat): the kept beat leaves, then a beat with R in lane 0 under B's tkeep, tlast
//          and tuser (those of the input's last beat).
// Output bytes where tkeep is 0 are 0. While a kept beat waits to leave (`emitting`), no
// other core beat may leave (order). Every register is zeroed when its beat has left, so
// nothing of the data or its metadata stays (a CLEAR comes only when this side is empty).
`default_nettype none

module aes_xts_out #(
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    // derived, do not override
    parameter LW         = (LANES > 1) ? $clog2(LANES) : 1
) (
    input  wire                    clk,
    input  wire                    rst_n,
    // core beats flagged HOLD or STEAL2 (result = core output ^ tweaks)
    input  wire                    in_valid,
    output wire                    in_ready,
    input  wire                    in_hold,
    input  wire                    in_case2,
    input  wire [LW-1:0]           in_lane,
    input  wire [128*LANES-1:0]    in_result,
    input  wire [16*LANES-1:0]     in_keep,
    input  wire                    in_last,
    input  wire [USER_WIDTH-1:0]   in_user,
    // R back to aes_xts_in
    output wire                    r_valid,
    output wire [127:0]            r_data,
    input  wire                    r_ack,       // aes_xts_in has sent B: R is used
    // beats out
    output wire                    o_valid,
    input  wire                    o_ready,
    output wire [128*LANES-1:0]    o_data,
    output wire [16*LANES-1:0]     o_keep,
    output wire                    o_last,
    output wire [USER_WIDTH-1:0]   o_user,
    output wire                    emitting,
    output wire                    busy
);
    localparam W = 128 * LANES;
    `include "aes_defs.vh"
    localparam [1:0] S_EMPTY = 2'd0, S_HAVE = 2'd1, S_EMIT1 = 2'd2, S_EMIT2 = 2'd3;

    reg [1:0]            state;
    reg                  case2;
    reg [W-1:0]          held;
    reg [16*LANES-1:0]   held_keep, tail_keep;
    reg                  held_last, tail_last;
    reg [USER_WIDTH-1:0] held_user, tail_user;
    reg [127:0]          r;
    reg [LW-1:0]         lane;
    reg                  r_used;       // B of this pair went in (a later pair's A may follow it)

    assign in_ready = (state == S_EMPTY && in_hold) || (state == S_HAVE && !in_hold);
    wire take = in_valid && in_ready;
    assign r_valid  = (state == S_HAVE) && !r_used;
    assign r_data   = r;
    assign emitting = (state == S_EMIT1) || (state == S_EMIT2);
    assign busy     = (state != S_EMPTY);

    reg [W-1:0] keep_mask;
    wire [16*LANES-1:0] keep_now = (state == S_EMIT2) ? tail_keep : held_keep;
    integer k;
    always @(*)
        for (k = 0; k < LANES; k = k + 1)
            keep_mask[128*k +: 128] = aes_keep_mask(keep_now[16*k +: 16]);
    wire [W-1:0] beat = (state == S_EMIT2) ? {{(W-128){1'b0}}, r} : held;

    assign o_valid = emitting;
    assign o_data  = emitting ? (beat & keep_mask) : {W{1'b0}};
    assign o_keep  = (state == S_EMIT1) ? held_keep : (state == S_EMIT2) ? tail_keep : {16*LANES{1'b0}};
    assign o_last  = (state == S_EMIT1) ? (held_last && !case2) : (state == S_EMIT2) && tail_last;
    assign o_user  = (state == S_EMIT1) ? held_user : (state == S_EMIT2) ? tail_user : {USER_WIDTH{1'b0}};

    wire [LW:0] lane1 = {1'b0, lane} + 1'b1;
    always @(posedge clk) begin
        if (!rst_n) begin
            state <= S_EMPTY; case2 <= 1'b0; lane <= {LW{1'b0}}; r <= 128'h0; r_used <= 1'b0;
            held <= {W{1'b0}}; held_keep <= {16*LANES{1'b0}}; held_last <= 1'b0; held_user <= {USER_WIDTH{1'b0}};
            tail_keep <= {16*LANES{1'b0}}; tail_last <= 1'b0; tail_user <= {USER_WIDTH{1'b0}};
        end else begin
          if (r_ack) r_used <= 1'b1;
          case (state)
            S_EMPTY: if (take) begin
                r_used <= 1'b0;
                held <= in_result; held_keep <= in_keep; held_last <= in_last; held_user <= in_user;
                lane <= in_lane; r <= in_result[128*in_lane +: 128];
                state <= S_HAVE;
            end
            S_HAVE: if (take) begin
                held[128*lane +: 128] <= in_result[127:0];
                case2 <= in_case2;
                if (!in_case2 && {{(31-LW){1'b0}}, lane1} < LANES)
                    held[128*lane1 +: 128] <= r;
                tail_keep <= in_keep; tail_last <= in_last; tail_user <= in_user;
                state <= S_EMIT1;
            end
            S_EMIT1: if (o_ready) begin
                held <= {W{1'b0}}; held_keep <= {16*LANES{1'b0}}; held_last <= 1'b0;
                held_user <= {USER_WIDTH{1'b0}}; lane <= {LW{1'b0}};
                state <= case2 ? S_EMIT2 : S_EMPTY;
                if (!case2) begin
                    r <= 128'h0; r_used <= 1'b0;
                    tail_keep <= {16*LANES{1'b0}}; tail_last <= 1'b0; tail_user <= {USER_WIDTH{1'b0}};
                end
            end
            default: if (o_ready) begin      // S_EMIT2
                r <= 128'h0; r_used <= 1'b0; case2 <= 1'b0;
                tail_keep <= {16*LANES{1'b0}}; tail_last <= 1'b0; tail_user <= {USER_WIDTH{1'b0}};
                state <= S_EMPTY;
            end
          endcase
        end
    end
endmodule

`default_nettype wire

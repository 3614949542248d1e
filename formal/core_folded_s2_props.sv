// SPDX-License-Identifier: Apache-2.0
// aes_core_folded, U = 1, STAGES = 2 (inner-round pipelined iterative core: a
// ring of two slots, two blocks in flight): stream properties (formal/README.md,
// job core_folded_s2). Same abstraction, environment and method as
// core_folded_props.sv; the ring's two slots are "mid" (after register 1) and
// "out" (the unit's output register, fed back to the input).
`default_nettype none

module core_folded_s2_props #(
    parameter USER_W = 4
) (
    input wire         clk,
    input wire         rst_n,
    input wire         key_valid,
    input wire [255:0] key,
    input wire [1:0]   key_len,
    input wire         key_decrypt,
    input wire         key_clear,
    input wire         in_valid,
    input wire [127:0] in_data,
    input wire         out_ready,
    input wire         f_pick
);
    localparam STAGES = 2;
    localparam FDEPTH = 4;              // OUT_DEPTH = 0 sizing for D = 2: D + 2
    localparam FN     = FDEPTH + 1;     // FIFO entries (aes_fifo: one is always free)

    wire key_ready, key_error, in_ready, out_valid, busy;
    wire [127:0]      out_data;
    wire [USER_W-1:0] out_user;
    reg  [USER_W-1:0] in_seq, out_seq;

    aes_core_folded #(.U(1), .STAGES(STAGES), .LANES(1), .USER_W(USER_W)) dut (
        .clk(clk), .rst_n(rst_n),
        .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
        .key_decrypt(key_decrypt), .key_error(key_error), .key_clear(key_clear),
        .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_user(in_seq),
        .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_user(out_user),
        .busy(busy)
    );

    // ---- probes --------------------------------------------------------------
    (* keep *) wire [3:0]        p_in_flight;
    (* keep *) wire [3:0]        p_credits;       // aes_out_stage: FDEPTH - FIFO - in flight
    (* keep *) wire [1:0]        p_ring_len, p_ctx_len;
    (* keep *) wire              p_expanding;
    (* keep *) wire [3:0]        p_step;
    (* keep *) wire              p_vm, p_vo;          // mid / out slot valid
    // mid / out slot control fields (unit control word {side, len, inv, rnd})
    (* keep *) wire [3:0]        rm, ro;
    (* keep *) wire [1:0]        lm, lo;
    (* keep *) wire [USER_W-1:0] um, uo;
    (* keep *) wire [2:0]        p_f_count;
    (* keep *) wire [2:0]        p_f_rd, p_f_wr;
    (* keep *) wire [USER_W*FN-1:0] p_f_user;

    function [5:0] nr_of;
        input [1:0] len;
        nr_of = 6'd10 + {3'b0, len, 1'b0};
    endfunction

    wire accept = in_valid && in_ready;
    wire pop    = out_valid && out_ready;

    reg f_past = 1'b0, f_init = 1'b0;
    reg              trk, fair;
    reg [USER_W-1:0] trk_seq;
    reg [1:0]        trk_len;
    reg [5:0]        age;
    reg [2:0]        ahead;
    wire [5:0]       lat = nr_of(trk_len) * STAGES + 1;

    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!rst_n) f_init <= 1'b1;
        if (!rst_n) begin
            in_seq <= 0; out_seq <= 0; trk <= 1'b0; fair <= 1'b0; age <= 0;
            trk_seq <= 0; trk_len <= 0; ahead <= 0;
        end else begin
            if (accept) in_seq  <= in_seq + 1'b1;
            if (pop)    out_seq <= out_seq + 1'b1;
            if (!trk && accept && f_pick) begin
                trk <= 1'b1; fair <= out_ready; age <= 6'd1;
                trk_seq <= in_seq; trk_len <= p_ctx_len; ahead <= in_seq - out_seq;
            end else if (trk) begin
                if (pop && out_user == trk_seq) trk <= 1'b0;
                fair <= fair && out_ready;
                if (age != 6'd63) age <= age + 1'b1;
            end
        end
    end
    always @* if (!f_past) assume (!rst_n);
    // Reset came in the first cycle, so every later cycle is after it (an invariant that lets
    // the induction use the ones below, which the RTL's own checks of its counters need).
    always @* if (f_past) assert (f_init);

    wire [USER_W-1:0] outstanding = in_seq - out_seq;
    wire [USER_W-1:0] trk_pos     = trk_seq - out_seq;
    wire out_older = p_vo && (!p_vm || ro >= rm);      // the out slot holds the older block
    wire [USER_W-1:0] u_first = out_seq + {{(USER_W-3){1'b0}}, p_f_count};

    integer j;
    always @* if (f_init && rst_n) begin
        // ---- stated properties ----------------------------------------------
        if (out_valid) assert (out_user == out_seq);
        assert (outstanding <= FDEPTH);
        assert (busy == (outstanding != 0));
        if (!out_valid) assert (out_data == 128'h0 && out_user == 0);
        if (trk && fair) assert (age <= lat);
        if (trk && fair && age == lat) assert (out_valid && out_user == trk_seq);
        if (trk && fair && age <  lat) assert (!(out_valid && out_user == trk_seq));

        // ---- inductive invariants -------------------------------------------
        assert (p_ctx_len != 2'd3 && p_ring_len != 2'd3);
        if (p_expanding) assert (p_step < nr_of(p_ctx_len));
        assert (p_in_flight == p_vm + p_vo);
        assert (p_f_count <= FDEPTH && p_f_rd < FN && p_f_wr < FN && p_f_wr == (p_f_rd + p_f_count) % FN);
        assert (p_f_count + p_in_flight <= FDEPTH);
        assert (outstanding == p_f_count + p_in_flight);
        assert (p_credits == FDEPTH - p_f_count - p_in_flight);
        for (j = 0; j < FDEPTH; j = j + 1)
            if (j < p_f_count)
                assert (p_f_user[USER_W*((p_f_rd + j) % FN) +: USER_W] == out_seq + j[USER_W-1:0]);
        if (p_vm) assert (lm == p_ring_len && rm >= 1 && rm <= nr_of(lm));
        if (p_vo) assert (lo == p_ring_len && ro >= 1 && ro <= nr_of(lo));
        if (p_vo) assert (uo == (out_older ? u_first : u_first + 1'b1));
        if (p_vm) assert (um == (out_older ? u_first + 1'b1 : u_first));
        if (trk) begin
            assert (age >= 1 && trk_pos < outstanding && trk_pos <= ahead && ahead < FDEPTH);
            if (age < lat) begin
                if (age[0]) assert (p_vm && um == trk_seq && lm == trk_len && {2'b0, rm} == (age + 1) >> 1);
                else        assert (p_vo && uo == trk_seq && lo == trk_len && {2'b0, ro} == age >> 1);
            end else
                assert (trk_pos < p_f_count);
            // fair: the FIFO pops in every cycle it is not empty, and it is empty
            // only while at most the one other ring block is ahead: at most
            // max(ahead + 1 - age, 1) blocks remain ahead
            if (fair && age < lat) assert ({3'b0, trk_pos} <= (({3'b0, ahead} + 6'd1 > age) ? {3'b0, ahead} + 6'd1 - age : 6'd1));
            if (fair && age == lat - 1) assert (trk_pos <= 1 && p_f_count == trk_pos);
        end
    end

    always @(posedge clk) if (f_past && f_init && rst_n && $past(rst_n) && $past(f_init))
        if ($past(out_valid && !out_ready))
            assert (out_valid && out_data == $past(out_data) && out_user == $past(out_user));

    always @* if (f_init && rst_n) begin
        cover (trk && fair && age == lat && pop);
        cover (p_vm && p_vo && p_f_count == 2);
        cover (trk && fair && ahead == 1 && age == lat && pop);
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_core_folded, U = 1, STAGES = 1 (the iterative core): stream properties
// (formal/README.md, job core_folded).
//
// Abstraction: aes_sbox is replaced by formal/stub_sbox.v (output free in
// every cycle), so the cipher state and the round keys are arbitrary data; the
// control (key context, ring valid/round/length/sideband, credits, output
// FIFO) is the real RTL. The key port is free: any key load, length (incl.
// the refused 3), direction, key_clear at any time, reset at any time.
//
// in_user carries a sequence number (the k-th block accepted since reset has
// in_user = k mod 2^USER_W), so "out_user is always the next number expected"
// is: nothing dropped, nothing duplicated, order kept.
// p_* are probes of internal registers, connected by the .sby script after
// `flatten`; they are used only in inductive invariants.
`default_nettype none

module core_folded_props #(
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
    input wire         f_pick          // solver's choice: track the block accepted now
);
    localparam STAGES = 1;
    localparam FDEPTH = 2;              // the core's OUT_DEPTH = 0 sizing for D = 1
    localparam FN     = FDEPTH + 1;     // FIFO entries (aes_fifo: one is always free)
    localparam CAP    = FDEPTH;         // credits: ring + FIFO together hold at most FDEPTH

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
    (* keep *) wire [2:0]        p_in_flight;
    (* keep *) wire [2:0]        p_credits;       // aes_out_stage: FDEPTH - FIFO - in flight
    (* keep *) wire [1:0]        p_ring_len, p_ctx_len;
    (* keep *) wire              p_ctx_valid, p_expanding;
    (* keep *) wire [3:0]        p_step;
    (* keep *) wire              p_o_valid;
    (* keep *) wire [3:0]        p_o_rnd;
    (* keep *) wire [1:0]        p_o_len;
    (* keep *) wire [USER_W-1:0] p_o_user;
    (* keep *) wire [1:0]        p_f_count;
    (* keep *) wire [1:0]        p_f_rd, p_f_wr;
    (* keep *) wire [USER_W*FN-1:0] p_f_user;    // user field of FIFO entry j at [USER_W*j +: USER_W]

    function [4:0] nr_of;
        input [1:0] len;
        nr_of = 5'd10 + {2'b0, len, 1'b0};
    endfunction

    wire accept = in_valid && in_ready;
    wire pop    = out_valid && out_ready;

    // ---- reference model: sequence numbers and one tracked block -------------
    reg f_past = 1'b0, f_init = 1'b0;
    reg              trk;               // a block is tracked
    reg              fair;              // out_ready high in every cycle since it was accepted
    reg [USER_W-1:0] trk_seq;
    reg [1:0]        trk_len;
    reg [4:0]        age;               // cycles since its input handshake
    wire [4:0]       lat = nr_of(trk_len) * STAGES + 1;   // docs: Nr*STAGES + 1

    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!rst_n) f_init <= 1'b1;
        if (!rst_n) begin
            in_seq <= 0; out_seq <= 0; trk <= 1'b0; fair <= 1'b0; age <= 0;
            trk_seq <= 0; trk_len <= 0;
        end else begin
            if (accept) in_seq  <= in_seq + 1'b1;
            if (pop)    out_seq <= out_seq + 1'b1;
            if (!trk && accept && f_pick) begin
                trk <= 1'b1; fair <= out_ready; age <= 5'd1;
                trk_seq <= in_seq; trk_len <= p_ctx_len;
            end else if (trk) begin
                if (pop && out_user == trk_seq) trk <= 1'b0;
                fair <= fair && out_ready;
                if (age != 5'd31) age <= age + 1'b1;
            end
        end
    end
    always @* if (!f_past) assume (!rst_n);
    // Reset came in the first cycle, so every later cycle is after it (an invariant that lets
    // the induction use the ones below, which the RTL's own checks of its counters need).
    always @* if (f_past) assert (f_init);

    wire [USER_W-1:0] outstanding = in_seq - out_seq;
    wire [USER_W-1:0] trk_pos     = trk_seq - out_seq;   // blocks ahead of the tracked one

    integer j;
    always @* if (f_init && rst_n) begin
        // ---- stated properties ----------------------------------------------
        // order kept, nothing dropped or duplicated
        if (out_valid) assert (out_user == out_seq);
        // at most ring + FIFO blocks in flight; busy is exactly "blocks in flight"
        assert (outstanding <= CAP);
        assert (busy == (outstanding != 0));
        // out_data / out_user are 0 without out_valid
        if (!out_valid) assert (out_data == 128'h0 && out_user == 0);
        // bounded liveness: with out_ready high since its input handshake the
        // tracked block is at the output exactly lat = Nr*STAGES + 1 cycles later
        if (trk && fair) assert (age <= lat);
        if (trk && fair && age == lat) assert (out_valid && out_user == trk_seq);
        if (trk && fair && age <  lat) assert (!(out_valid && out_user == trk_seq));

        // ---- inductive invariants (internal state) --------------------------
        assert (p_ctx_len != 2'd3 && p_ring_len != 2'd3);
        if (p_expanding) assert (p_step < nr_of(p_ctx_len));
        assert (p_in_flight == {2'b0, p_o_valid});
        assert (p_f_count <= FDEPTH && p_f_rd < FN && p_f_wr < FN && p_f_wr == (p_f_rd + p_f_count) % FN);
        assert ({1'b0, p_f_count} + p_in_flight <= FDEPTH);
        assert (outstanding == p_f_count + p_in_flight);
        assert (p_credits == FDEPTH - p_f_count - p_in_flight);
        for (j = 0; j < FDEPTH; j = j + 1)
            if (j < p_f_count)
                assert (p_f_user[USER_W*((p_f_rd + j) % FN) +: USER_W] == out_seq + j[USER_W-1:0]);
        if (p_o_valid) begin
            assert (p_o_len == p_ring_len);
            assert (p_o_rnd >= 1 && p_o_rnd <= nr_of(p_o_len));
            assert (p_o_user == out_seq + p_f_count);
        end
        if (trk) begin
            assert (age >= 1 && trk_pos < outstanding);
            if (age < lat) assert (p_o_valid && p_o_user == trk_seq && p_o_rnd == age && p_o_len == trk_len);
            else           assert (trk_pos < p_f_count);
            if (fair && age >= 2) assert (p_f_count == (age == lat));
            if (fair && age == 1) assert (p_f_count <= 1);
        end
    end

    // AXI-style stability: a result, once offered, stays until taken.
    always @(posedge clk) if (f_past && f_init && rst_n && $past(rst_n) && $past(f_init))
        if ($past(out_valid && !out_ready))
            assert (out_valid && out_data == $past(out_data) && out_user == $past(out_user));

    // Non-vacuity (cover task): a tracked block comes out at the bound, the
    // ring and FIFO fill up, and a stalled output is seen.
    always @* if (f_init && rst_n) begin
        cover (trk && fair && age == lat && pop);
        cover (outstanding == CAP);
        cover (out_valid && !out_ready && outstanding == CAP);
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_core_pipelined, LANES = 1, STAGES = 1, KEY_MODE "SHARED", KEYS = 3'b001
// (AES-128 only), MODE "ENC": stream properties (formal/README.md, job
// core_pipelined).
//
// Abstraction: aes_sbox is replaced by formal/stub_sbox.v (output free in
// every cycle): cipher state and round keys (the load bank, the rounds' keys, the
// expansion) are arbitrary data; the control (key length and valid, key switch,
// per-round valid and control, credits, output FIFO) is the real RTL. The
// key port is free (any load, refused lengths/directions, key_clear at any
// time), reset at any time.
//
// in_user carries a sequence number (the k-th block accepted since reset has
// in_user = k mod 16); p_* are probes of internal registers (connected by the
// .sby script after `flatten`), used only in inductive invariants.
`default_nettype none

module core_pipelined_props #(
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
    localparam NR     = 10;             // AES-128 only
    localparam LAT    = NR + 1;         // docs: Nr*STAGES + 1
    localparam FDEPTH = LAT + 1;        // the core's OUT_DEPTH = 0 sizing
    localparam FN     = FDEPTH;         // FIFO entries (one stage a round: aes_fifo SPARE = 0)
    localparam CW     = USER_W + 3;     // per-round control {user, inv, len}

    wire key_ready, key_error, in_ready, out_valid, busy;
    wire [127:0]      out_data;
    wire [USER_W-1:0] out_user;
    reg  [USER_W-1:0] in_seq, out_seq;

    aes_core_pipelined #(.LANES(1), .STAGES(1), .MODE("ENC"), .KEY_MODE("SHARED"),
                         .KEYS(3'b001), .USER_W(USER_W)) dut (
        .clk(clk), .rst_n(rst_n),
        .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
        .key_decrypt(key_decrypt), .key_error(key_error), .key_clear(key_clear),
        .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_user(in_seq),
        .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_user(out_user),
        .busy(busy)
    );

    // ---- probes --------------------------------------------------------------
    (* keep *) wire [5:0]             p_in_flight;
    (* keep *) wire [5:0]             p_credits;
    (* keep *) wire                   p_klast;
    (* keep *) wire                   p_expanding;
    (* keep *) wire [3:0]             p_step;
    (* keep *) wire [1:0]             p_ctx_len;
    (* keep *) wire [NR:0]            p_v;           // round i valid (bit 0 unused, 0)
    (* keep *) wire [CW*NR-1:0]       p_ctl;         // round i control at [CW*(i-1) +: CW]
    (* keep *) wire [4:0]             p_f_count;
    (* keep *) wire [3:0]             p_f_rd, p_f_wr;
    (* keep *) wire [USER_W*FN-1:0]   p_f_user;      // user field of FIFO entry j at [USER_W*j +: USER_W]

    wire accept = in_valid && in_ready;
    wire pop    = out_valid && out_ready;

    // ---- reference model: sequence numbers and one tracked block -------------
    reg f_past = 1'b0, f_init = 1'b0;
    reg              trk, fair;
    reg [USER_W-1:0] trk_seq;
    reg [4:0]        age;               // cycles since its input handshake
    reg [4:0]        ahead;             // blocks outstanding before it at its handshake
    wire [4:0]       due = (ahead > LAT) ? ahead : LAT[4:0];   // max(LAT, ahead)

    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!rst_n) f_init <= 1'b1;
        if (!rst_n) begin
            in_seq <= 0; out_seq <= 0; trk <= 1'b0; fair <= 1'b0; age <= 0; ahead <= 0; trk_seq <= 0;
        end else begin
            if (accept) in_seq  <= in_seq + 1'b1;
            if (pop)    out_seq <= out_seq + 1'b1;
            if (!trk && accept && f_pick) begin
                trk <= 1'b1; fair <= out_ready; age <= 5'd1; trk_seq <= in_seq;
                ahead <= {1'b0, in_seq - out_seq};
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
    // The one environment rule (docs/core_interface.md): a key load, once
    // offered, is held with key/key_len/key_decrypt stable until key_ready.
    // (The SHARED core expands over Nr+1 cycles reading key_len meanwhile.)
    always @(posedge clk) if (f_past && $past(rst_n && key_valid && !key_ready && !key_clear))
        assume (key_valid && key == $past(key) && key_len == $past(key_len)
                && key_decrypt == $past(key_decrypt));
    reg       f_kpend = 1'b0;           // a key load was offered and not taken last cycle
    reg [1:0] f_klen  = 2'd0;
    always @(posedge clk) begin
        f_kpend <= rst_n && key_valid && !key_ready && !key_clear;
        f_klen  <= key_len;
    end

    wire [USER_W-1:0] outstanding = in_seq - out_seq;
    wire [USER_W-1:0] trk_pos     = trk_seq - out_seq;

    integer i, j;
    reg [4:0] behind;                   // valid rounds above round i (older blocks)
    always @* if (f_init && rst_n) begin
        // ---- stated properties ----------------------------------------------
        if (out_valid) assert (out_user == out_seq);              // order, no drop/dup
        assert (outstanding <= FDEPTH);
        assert (busy == (outstanding != 0));
        if (!out_valid) assert (out_data == 128'h0 && out_user == 0);
        // latency: a block with nothing older outstanding is at the output
        // exactly LAT = 11 cycles after its handshake, whatever out_ready does;
        // with out_ready high since its handshake and `ahead` older blocks,
        // it is at the output exactly max(LAT, ahead) cycles after it.
        if (trk && ahead == 0 && age <= LAT)
            assert ((out_valid && out_user == trk_seq) == (age == LAT));
        if (trk && fair) begin
            assert (age <= due);
            assert ((out_valid && out_user == trk_seq) == (age == due));
        end

        // ---- inductive invariants (internal state) --------------------------
        assert (p_ctx_len == 2'd0);
        if (p_expanding) assert (f_kpend && f_klen == 2'd0 && p_step <= NR && p_klast == (p_step == NR));
        assert (p_f_count <= FDEPTH && p_f_rd < FN && p_f_wr < FN);
        assert ((p_f_rd + p_f_count) % FN == p_f_wr);
        assert (p_f_count + p_in_flight <= FDEPTH);
        assert (outstanding == p_f_count + p_in_flight);
        assert (p_credits == FDEPTH - p_f_count - p_in_flight);
        for (j = 0; j < FDEPTH; j = j + 1)
            if (j < p_f_count)
                assert (p_f_user[USER_W*((p_f_rd + j) % FN) +: USER_W] == out_seq + j[USER_W-1:0]);
        behind = 0;
        for (i = NR; i >= 1; i = i - 1) begin
            if (p_v[i]) begin
                assert (p_ctl[CW*(i-1) +: 2] == 2'd0);
                assert (p_ctl[CW*(i-1) + 3 +: USER_W] == out_seq + p_f_count[USER_W-1:0] + behind[USER_W-1:0]);
            end
            behind = behind + p_v[i];
        end
        assert (p_in_flight == behind);
        if (trk) begin
            assert (age >= 1 && trk_pos < outstanding);
            if (age <= NR) assert (p_v[age] && p_ctl[CW*(age-1) + 3 +: USER_W] == trk_seq);
            else           assert (trk_pos < p_f_count);
            assert (ahead <= FDEPTH - 1);
            if (ahead == 0) assert (trk_pos == 0);
            assert (trk_pos <= ahead);
            // fair: one block leaves per cycle while the FIFO is non-empty, and
            // it is empty only while the blocks ahead are still in the rounds
            // (above the tracked one): remaining + age stays within [ahead, due]
            if (fair) assert ({2'b0, trk_pos} + {1'b0, age} <= {1'b0, due} &&
                              {2'b0, trk_pos} + {1'b0, age} >= {1'b0, ahead});
        end
    end

    always @(posedge clk) if (f_past && f_init && rst_n && $past(rst_n) && $past(f_init))
        if ($past(out_valid && !out_ready))
            assert (out_valid && out_data == $past(out_data) && out_user == $past(out_user));

    // Non-vacuity (cover task).
    always @* if (f_init && rst_n) begin
        cover (trk && fair && ahead == 0 && age == LAT && pop);
        cover (trk && fair && ahead > 1 && out_valid && out_user == trk_seq);
        cover (out_valid && !out_ready && p_in_flight >= 3);
    end
endmodule

`default_nettype wire

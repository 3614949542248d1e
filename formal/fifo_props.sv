// SPDX-License-Identifier: Apache-2.0
// aes_fifo properties (formal/README.md, job fifo_*).
//
// The FIFO is driven with a sequence number as its data: the k-th word pushed
// since reset is k (mod 2^WIDTH). The FIFO never looks at its data, so this is
// general (data independence), and "the word at the output is always the next
// sequence number" is exactly: no word dropped, none duplicated, order kept.
// in_data is zero while in_valid is low (the producer's side of the no-remanence
// contract, docs in aes_fifo.v); while the FIFO is full an offered word is held.
//
// p_* are probes of the FIFO's internal registers, connected by the .sby
// script after `flatten` (`connect -set`); they appear only in the inductive
// invariants that make k-induction complete, never in the stated properties.
`default_nettype none

module fifo_props #(
    parameter DEPTH = 2,
    parameter WIDTH = 8,
    parameter RAM   = 0,
    parameter SPARE = 1,
    parameter HEAD  = 0                 // 1: read with AES_FIFO_HEAD (the RAM form's registered head)
) (
    input wire clk,
    input wire rst_n,
    input wire in_valid,
    input wire out_ready
);
    localparam PTR_W = (DEPTH <= 2) ? 1 : $clog2(DEPTH);
    localparam CW    = PTR_W + 1;
    localparam N     = DEPTH + SPARE;       // entries (SPARE = 1: one is always free)
    localparam AW    = $clog2(N);

    reg  [WIDTH-1:0] in_seq, out_seq;   // next number to push / expected at the output
    wire             in_ready, out_valid;
    wire [WIDTH-1:0] out_data;
    wire [CW-1:0]    count;

    aes_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .RAM(RAM), .SPARE(SPARE)) dut (
        .clk(clk), .rst_n(rst_n),
        .in_valid(in_valid), .in_valid_c(in_valid), .in_ready(in_ready),
        .in_data(in_valid ? in_seq : {WIDTH{1'b0}}),
        .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data),
        .count(count)
    );

    wire push = in_valid && in_ready;
    wire pop  = out_valid && out_ready;

    reg f_past = 1'b0;                  // a previous cycle exists
    reg f_init = 1'b0;                  // reset has been applied once
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!rst_n) f_init <= 1'b1;
        if (!rst_n) begin
            in_seq  <= {WIDTH{1'b0}};
            out_seq <= {WIDTH{1'b0}};
        end else begin
            if (push) in_seq  <= in_seq + 1'b1;
            if (pop)  out_seq <= out_seq + 1'b1;
        end
    end
    // Cycles in a row out of reset with the FIFO empty and nothing pushed (saturates at N).
    reg [7:0] f_quiet = 8'd0;
    always @(posedge clk)
        if (!rst_n || out_valid || in_valid) f_quiet <= 8'd0;
        else if (f_quiet < N)                f_quiet <= f_quiet + 8'd1;
    // Reset in the first cycle; resets later are allowed at any time. The producer offers a
    // word only while the FIFO is not full (aes_fifo's contract: a place is reserved first).
    always @* if (!f_past) assume (!rst_n);
    always @* if (rst_n) assume (!(in_valid && !in_ready));

    // Probes (driven by `connect -set` in the .sby script).
    (* keep *) wire [AW-1:0]          p_rd_ptr, p_wr_ptr;
    (* keep *) wire [WIDTH*N-1:0]     p_mem;           // {mem[N-1], ..., mem[0]}
    (* keep *) wire [WIDTH-1:0]       p_head;          // HEAD: the registered head
    wire [WIDTH-1:0] occupancy = in_seq - out_seq;

    integer i;
    always @* if (f_init) begin
        // ---- stated properties --------------------------------------------
        // occupancy bounds and the handshake outputs
        assert (count <= DEPTH);
        assert (count == occupancy[CW-1:0] && occupancy <= DEPTH);
        assert (in_ready == (count != DEPTH));
        assert (out_valid == (count != 0));
        // order, no drop, no duplicate: the head is the next number expected
        if (out_valid) assert (out_data == out_seq);
        // out_data is 0 while empty (docs: no stale data shows)
        if (!out_valid) assert (out_data == {WIDTH{1'b0}});

        // no remanence: after N cycles empty and idle, every entry is zero (the
        // FIFO steps its pointers while it idles, writing the idle producer's zeros), so
        // emitted data leaves no copy
        if (f_quiet == N)
            for (i = 0; i < N; i = i + 1)
                assert (p_mem[WIDTH*i +: WIDTH] == {WIDTH{1'b0}});

        // ---- inductive invariants (internal state) ------------------------
        assert (p_rd_ptr < N && p_wr_ptr < N);
        assert (((p_rd_ptr + count) % N) == p_wr_ptr);
        for (i = 0; i < DEPTH; i = i + 1)
            if (i < count)
                assert (p_mem[WIDTH*((p_rd_ptr + i) % N) +: WIDTH] == out_seq + i[WIDTH-1:0]);
        for (i = 0; i < N; i = i + 1)                 // the f_quiet entries behind the pointer
            if (i < f_quiet)
                assert (p_mem[WIDTH*((p_wr_ptr + N - 1 - i) % N) +: WIDTH] == {WIDTH{1'b0}});
        if (HEAD)                                     // the head is the plain read
            assert (p_head == (count != 0 ? p_mem[WIDTH*p_rd_ptr +: WIDTH] : {WIDTH{1'b0}}));
    end

    // Stable while stalled, and the fall-through latency is one cycle.
    always @(posedge clk) if (f_past && f_init && rst_n && $past(rst_n) && $past(f_init)) begin
        if ($past(out_valid && !out_ready))
            assert (out_valid && out_data == $past(out_data));
        if ($past(push && count == 0))
            assert (out_valid && out_data == $past(in_seq));
        // liveness with out_ready high: one word leaves every cycle
        if ($past(out_valid && out_ready))
            assert (count == $past(count) - 1'b1 + $past(push));
    end

    // Cover: the FIFO fills up and drains.
    always @* if (f_init && rst_n) cover (count == DEPTH && pop && push);
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_level: an up/down counter of 0..MAX for the flow control of the cores (aes_out_stage's
// credits and beats in flight, aes_fifo's occupancy), whose flags must be registers at the
// clock of a deep pipeline, with the handshakes that move it as late signals.
//
// count is the number of up clocks minus down clocks since reset (plus INIT). Outputs:
//   nz, many, full : count != 0, count > 1, count == MAX in this clock, exact, registers;
//   gt[k]          : count > k one clock behind (the last clock's handshakes not yet in).
// The count itself is a thermometer (gt) that steps one clock late: each group of at most
// GROUP bits registers its own copy of this clock's step (inc, dec: kept apart) and shifts
// by one place in the next clock, a 3:1 multiplexer behind a flip-flop. So no handshake
// drives more than one gate per group, and no step has a carry chain or a compare (a
// binary up/down counter's increment, decrement and select were eight gate levels after
// mapping; one select net for all bits a buffer tree). The flags are exact all the same:
// count next clock = gt-count + the registered step + this clock's step, so each flag's
// next value is one of five neighbouring gt bits, chosen by the registered step first and
// by this clock's handshakes in the last multiplexer.
// LATE (1: down, 2: up; 0: neither) names a step input that comes late in its clock (a
// handshake): each flag's next value is then chosen by it in the last multiplexer, between the
// two values the other input and the registers make without it, so it passes one gate (the
// same flags). Why: the credits' accept (the handshake through in_ready) went through the
// whole selection, six LUT4 levels around the loop credit_ok -> accept -> credit_ok on the
// iCE40 UP5K (docs/results/notes.md).
// up and down may be high together (no change). The caller never steps the count past 0
// or MAX (asserted under FORMAL). Reset loads INIT.
`default_nettype none

module aes_level #(
    parameter MAX   = 4,
    parameter INIT  = 0,
    parameter GROUP = 16,
    parameter LATE  = 0         // 1: down is the late step input, 2: up is (below)
) (
    input  wire           clk,
    input  wire           rst_n,
    input  wire           up,
    input  wire           down,
    output wire [MAX-1:0] gt,
    output reg            nz,
    output reg            many,
    output reg            full
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (MAX < 1) begin : g_bad_param0
            ERROR_aes_level_MAX_must_be_at_least_1 u_stop ();
        end
        if (INIT < 0 || INIT > MAX) begin : g_bad_param1
            ERROR_aes_level_INIT_must_be_0_to_MAX u_stop ();
        end
        if (GROUP < 1) begin : g_bad_param2
            ERROR_aes_level_GROUP_must_be_at_least_1 u_stop ();
        end
        if (LATE < 0 || LATE > 2) begin : g_bad_param3
            ERROR_aes_level_LATE_must_be_0_to_2 u_stop ();
        end
    endgenerate

    localparam NGRP = (MAX + GROUP - 1) / GROUP;

    wire [MAX-1:0] t;                         // the thermometer, one clock behind
    /* verilator lint_off UNUSEDSIGNAL */     // MAX = 1: t[0] steps from the constants alone
    wire [MAX+1:0] ext = {1'b0, t, 1'b1};     // ext[k+1] = t[k]; t[-1] = 1, t[MAX] = 0
    /* verilator lint_on UNUSEDSIGNAL */
    assign gt = t;

    wire inc = up && !down;                   // this clock's step
    wire dec = down && !up;
    // The last clock's step, registered: copy g (< NGRP) steps group g, copy NGRP feeds the
    // flags, each a pair of flip-flops of its own (kept apart).
    wire [NGRP:0] inc_v, dec_v;
    wire inc_f = inc_v[NGRP];
    wire dec_f = dec_v[NGRP];

    genvar g, k;
    generate
        for (g = 0; g <= NGRP; g = g + 1) begin : g_step
            reg inc_q, dec_q;
            (* keep *) always @(posedge clk)
                if (!rst_n) begin
                    inc_q <= 1'b0; dec_q <= 1'b0;
                end else begin
                    inc_q <= inc; dec_q <= dec;
                end
            assign inc_v[g] = inc_q;
            assign dec_v[g] = dec_q;
        end
        for (g = 0; g < NGRP; g = g + 1) begin : g_grp
            for (k = g * GROUP; k < MAX && k < (g + 1) * GROUP; k = k + 1) begin : g_bit
                reg q;
                always @(posedge clk)
                    if (!rst_n)        q <= (k < INIT);
                    else if (inc_v[g]) q <= ext[k];
                    else if (dec_v[g]) q <= ext[k + 2];
                assign t[k] = q;
            end
        end
    endgenerate

    // ab[j + 2]: count > j one clock behind, for j = -2 .. MAX + 2 (1 below 0, 0 from MAX on).
    /* verilator lint_off UNUSEDSIGNAL */     // the flags read the bits around 0, 1 and MAX
    wire [MAX+4:0] ab = {3'b000, t, 2'b11};
    /* verilator lint_on UNUSEDSIGNAL */
    // Next clock's (count > m) from w = ab[m +: 5] (count > m-2 .. m+2 one clock behind): the
    // registered step (iq, dq) selects among neighbours for each of this clock's steps, then
    // this clock's step (step_i, step_d) selects, in the last multiplexer.
    // {if this clock steps up, if it does not step, if it steps down}: the flag's next value
    // for each of this clock's steps, chosen among the neighbours by the registered step.
    function [2:0] flag_cases;
        input [4:0] w;
        input       iq, dq;
        flag_cases = {iq ? w[0] : dq ? w[2] : w[1],
                      iq ? w[1] : dq ? w[3] : w[2],
                      iq ? w[2] : dq ? w[4] : w[3]};
    endfunction
    function flag_next;
        input [4:0] w;
        input       iq, dq, step_i, step_d;   // (not i, d: a caller's genvar of that name)
        reg if_inc, if_none, if_dec;
        begin
            {if_inc, if_none, if_dec} = flag_cases(w, iq, dq);
            flag_next = step_i ? if_inc : step_d ? if_dec : if_none;
        end
    endfunction
    // The same with the late input (LATE) in the last multiplexer (up_in, down_in: up, down).
    function flag_late;
        input [4:0] w;
        input       iq, dq, up_in, down_in;
        reg if_inc, if_none, if_dec;
        begin
            {if_inc, if_none, if_dec} = flag_cases(w, iq, dq);
            if (LATE == 1)
                flag_late = down_in ? (up_in ? if_none : if_dec) : (up_in ? if_inc : if_none);
            else
                flag_late = up_in ? (down_in ? if_none : if_inc) : (down_in ? if_dec : if_none);
        end
    endfunction

    always @(posedge clk) begin
        if (!rst_n) begin
            nz   <= (INIT > 0);
            many <= (INIT > 1);
            full <= (INIT == MAX);
        end else begin
            nz   <= (LATE != 0) ? flag_late(ab[0 +: 5], inc_f, dec_f, up, down)
                                  : flag_next(ab[0 +: 5], inc_f, dec_f, inc, dec);
            many <= (LATE != 0) ? flag_late(ab[1 +: 5], inc_f, dec_f, up, down)
                                  : flag_next(ab[1 +: 5], inc_f, dec_f, inc, dec);
            full <= (LATE != 0) ? flag_late(ab[MAX - 1 +: 5], inc_f, dec_f, up, down)
                                  : flag_next(ab[MAX - 1 +: 5], inc_f, dec_f, inc, dec);
        end
    end

`ifdef FORMAL
    // A thermometer; every group's copy of the step the same; no step out of range; the flags
    // equal the count (the thermometer plus the registered step).
    integer f, lag;
    always @* begin
        lag = 0;
        for (f = 0; f < MAX; f = f + 1) lag = lag + t[f];
    end
    always @* if (rst_n) begin
        for (f = 1; f < MAX; f = f + 1)
            if (t[f]) assert (t[f - 1]);
        assert (inc_v == {(NGRP+1){inc_f}} && dec_v == {(NGRP+1){dec_f}});
        assert (!(inc_v[0] && dec_v[0]));
        assert (!(inc_v[0] && lag == MAX) && !(dec_v[0] && lag == 0));
        assert (nz   == (lag + inc_v[0] - dec_v[0] > 0));
        assert (many == (lag + inc_v[0] - dec_v[0] > 1));
        assert (full == (lag + inc_v[0] - dec_v[0] == MAX));
        assert (!(inc && full) && !(dec && !nz));
    end
`endif
endmodule

`default_nettype wire

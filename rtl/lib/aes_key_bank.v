// SPDX-License-Identifier: Apache-2.0
// aes_key_bank: the round keys of the SHARED pipelined core (aes_core_pipelined):
// the bank a key expansion loads, and the key each round uses, in a register of
// its own right in front of that round's AddRoundKey.
//
// Why two levels and not two banks with a select per round: a round key chosen
// by a bank bit riding with each beat puts a 2:1 multiplexer, and the fan-out of
// that bit, into every round's key path (the clock-setting path of the 1-stage
// build, 1,280 multiplexers of area, and an extra LUT input per key bit on
// FPGAs). Here a round's key is a register that changes only when a new key applies.
//
// load slots 0..NR_MAX: written by the expansion. wsel_early names (one-hot, or
//   none) the slot that takes wdata in the *next* cycle: the write enable of each
//   slot is a register of its own, so a slot's 128 clock enables hang on a
//   flip-flop, not on the expansion's phase compare ANDed with a slot bit (ECP5's
//   clock-setting path of the 4-stage block-RAM lane, 152.6 MHz; docs/results/notes.md).
//   No write follows a cycle with rst_n low. Slot 0 (the whitening key) is read by the core (load0),
//   which keeps the whitening key in a register of its own.
// use slots 1..NR_MAX (keys; round i's key at [128*(i-1) +: 128]): use slot i
//   copies load slot i exactly when the first beat of the new key reaches round
//   i: `apply` (high in the cycle the new key comes into force: beats accepted
//   from the next cycle on use it) travels down a delay line, and use slot i
//   copies in the cycle apply + i*STAGES - 1, the last cycle in which round i
//   serves a beat of the old key (a beat accepted in cycle t uses round i's key in
//   cycle t + i*STAGES - 1, aes_round's KEY_LAG). The datapath never stalls, so
//   these cycles are exact.
// keys_im (INV_KEYS = 1): InvMixColumns of each use slot, a register beside it that changes
//   with it (for aes_round DEC_MUL's decrypt rounds; zero with INV_KEYS = 0).
// busy: the new key has not reached the last round yet (a register). The load slots
//   must not be written while busy; the core starts no expansion then, so no apply comes
//   while busy and the delay line holds at most one token: busy is set by apply and
//   cleared as the token leaves the line (two gates, not an OR of the whole line).
// scrub: zeros into every load slot in the cycle after scrub is high, and into every use
//   slot in the cycle after that, copied from the zeroed load slots (the core scrubs only
//   while no beat is in flight and no expansion writes). The zero goes into the write data
//   once (gate libraries; per slot on LUT fabrics, ZERO_PER_SLOT below), not into each
//   round key: a round key bit costs one multiplexer (its clock enable), with no reset or
//   clear term of its own. scrub is registered once per 4 bits of the write data (per
//   load slot on LUT fabrics) and once per slot enable, and the copies are kept
//   apart (`keep`, so synthesis does not merge them back into one): no net fans out to
//   every key bit (2,816 loads in an AES-128 build, the clock-setting path of a flow that
//   does not buffer, and of the ECP5 route to the key registers' clock enables).
//   In the load slots' zero cycle the zeros win over a write (every slot is enabled, and
//   the write data zero), and a copy into a use slot then only copies what the next cycle's copy
//   overwrites with zeros; the core writes no earlier than two cycles after it scrubs (an
//   expansion step takes KPIPE + 1 >= 2 clocks), which its FORMAL block asserts, so the
//   load slots still hold zeros when the use slots copy them. Reset and CLEAR zero the
//   keys through the core's scrub, not here. The delay line resets (rst_n) and keeps
//   running through a scrub: copying zeros is harmless.
`default_nettype none

// Gate libraries (AES_CLOCK_GATE, not in the formal proofs): each round's key register on a
// clock of its own, gated by its copy enable (aes_clock_gate), instead of a hold multiplexer
// per key bit (NanGate45: 1,280 multiplexers, 3 kGE, of an AES-128 build). The load slots
// keep their enables: the write data would otherwise drive NR_MAX + 1 slots' D pins directly,
// a fan-out the mapper does not see (aes_fifo), on the write data's path (six stages' second
// slowest). Same behaviour clock for clock.
`include "aes_gated.vh"      // AES_GATED_FORM

module aes_key_bank #(
    parameter NR_MAX = 10,
    parameter STAGES = 1,
    parameter INV_KEYS = 0                    // 1: keys_im too (below)
) (
    input  wire                       clk,
    input  wire                       rst_n,
    input  wire                       scrub,
    input  wire [NR_MAX:0]            wsel_early,
    input  wire [127:0]               wdata,
    input  wire                       apply,
    output wire [127:0]               load0,
    output wire [128*NR_MAX-1:0]      keys,      // round i's key at [128*(i-1) +: 128]
    output wire [128*NR_MAX-1:0]      keys_im,   // INV_KEYS: InvMixColumns of each (else zero)
    output reg                        busy
);

    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (NR_MAX != 10 && NR_MAX != 12 && NR_MAX != 14) begin : g_bad_param0
            ERROR_aes_key_bank_NR_MAX_must_be_10_12_or_14 u_stop ();
        end
        if (STAGES < 1 || STAGES > 6) begin : g_bad_param1
            ERROR_aes_key_bank_STAGES_must_be_1_to_6 u_stop ();
        end
        if (INV_KEYS != 0 && INV_KEYS != 1) begin : g_bad_param2
            ERROR_aes_key_bank_INV_KEYS_must_be_0_or_1 u_stop ();
        end
    endgenerate

    localparam L = NR_MAX * STAGES - 1;   // tok[k]: apply delayed k + 1 cycles

    // mat8 (aes_tower.vh), imc_mul, imc_join, IMC_PRE_ID (INV_KEYS)
    `include "aes_tower.vh"
    `include "aes_gf8.vh"

    reg [127:0] slot [0:NR_MAX];          // load slots
    /* verilator lint_off UNDRIVEN */       // INV_KEYS only
    /* verilator lint_off UNUSEDSIGNAL */
    reg [127:0] slot_im [1:NR_MAX];       // INV_KEYS: InvMixColumns of slots 1..NR_MAX (below)
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_on UNDRIVEN */
`ifndef AES_GATED_FORM
    reg [127:0] rk   [1:NR_MAX];          // use slots
`endif
    reg [L-1:0] tok;

    // Where the scrub's zero goes into the load slots. Gate libraries: once, on the write
    // data (wd, 128 gates that every slot shares; a zero term per key bit was 2,688 gates,
    // about 2.6 kGE of the AES-128 1-stage build). LUT fabrics (the FPGA targets define
    // AES_LUT_FABRIC): per slot (zl), where it is each flip-flop's own synchronous reset, which
    // costs no LUT (a shared wd costs 128 LUTs there: UltraScale+ 1-lane 7,899 -> 8,017).
`ifdef AES_LUT_FABRIC
    localparam ZERO_PER_SLOT = 1;
`else
    localparam ZERO_PER_SLOT = 0;
`endif
    // take[i]: use slot i copies load slot i (apply delayed i*STAGES - 1 cycles).
    // wl[b]: load slot b's clock enable (scrub a cycle ago, or wsel_early named it).
    // zl[b]: load slot b zeroes now (ZERO_PER_SLOT; scrub a cycle ago, a copy each).
    // g_zero_wd[c].z: wd's bits [4c +: 4] are zero now (gate libraries; a copy each: wd drives
    // every load slot, so its gate must not sit behind a buffer tree as well; with a copy per
    // 16 bits, z -> two buffers -> wd -> buffer -> slot set six stages' clock, 2,374 MHz
    // against 2,515, NanGate45).
    // zu[i]: use slot i copies its (zeroed) load slot now (scrub two cycles ago).
    wire [L:0]      line = {tok, apply};
    wire [NR_MAX:1] take;
    wire [NR_MAX:0] wl;
    wire [NR_MAX:0] zl;
    wire [NR_MAX:1] zu;
    wire [127:0]    wd;                   // the write data (zero in the load slots' zero cycle)
    /* verilator lint_off UNUSEDSIGNAL */   // read by INV_KEYS builds only
    wire [31:0]     zwd;                  // g_zero_wd[c].z (zero on LUT fabrics)
    /* verilator lint_on UNUSEDSIGNAL */
    reg             scrub_q;              // scrub a cycle ago (the use slots' copies read it)
    always @(posedge clk) scrub_q <= scrub;
    genvar i;
    generate
        for (i = 0; i <= NR_MAX; i = i + 1) begin : g_zero_load
            reg ce;
            (* keep *) always @(posedge clk) ce <= scrub || (rst_n && wsel_early[i]);
            assign wl[i] = ce;
            if (ZERO_PER_SLOT) begin : g_z
                reg z;
                (* keep *) always @(posedge clk) z <= scrub;
                assign zl[i] = z;
            end else begin : g_no_z
                assign zl[i] = 1'b0;
            end
        end
        for (i = 0; i < 32; i = i + 1) begin : g_zero_wd
            if (ZERO_PER_SLOT) begin : g_plain
                assign wd[4*i +: 4] = wdata[4*i +: 4];
                assign zwd[i] = 1'b0;
            end else begin : g_z
                reg z;
                (* keep *) always @(posedge clk) z <= scrub;
                assign wd[4*i +: 4] = z ? 4'h0 : wdata[4*i +: 4];
                assign zwd[i] = z;
            end
        end
        for (i = 1; i <= NR_MAX; i = i + 1) begin : g_use
            reg z;
            (* keep *) always @(posedge clk) z <= scrub_q;
            assign zu[i]   = z;
            assign take[i] = line[i * STAGES - 1];
`ifdef AES_GATED_FORM
            reg [127:0] rk_g;             // use slot i, on its gated clock
            wire gclk;
            aes_clock_gate u_gate (.clk(clk), .en(zu[i] || take[i]), .gclk(gclk));
            always @(posedge gclk) rk_g <= slot[i];
            assign keys[128*(i-1) +: 128] = rk_g;
`else
            assign keys[128*(i-1) +: 128] = rk[i];
`endif
            // INV_KEYS: beside use slot i, the InvMixColumns of its key (load slot i's twin),
            // copied at the same clocks (zero after a scrub, as the twin is).
            if (INV_KEYS != 0) begin : g_im
                reg [127:0] q;
`ifdef AES_GATED_FORM
                always @(posedge gclk) q <= slot_im[i];
`else
                always @(posedge clk) if (zu[i] || take[i]) q <= slot_im[i];
`endif
                assign keys_im[128*(i-1) +: 128] = q;
            end else begin : g_no_im
                assign keys_im[128*(i-1) +: 128] = 128'h0;
            end
        end
    endgenerate
    assign load0 = slot[0];

    // INV_KEYS: InvMixColumns of the write data in three clocks (a copy of it, the multiples
    // of its low and of its high nibbles, then their sum: each piece two or three XOR levels,
    // off every beat's path), into a twin of each load slot 1..NR_MAX written with it. The
    // copy (im_d) keeps the multiples off the write data's own fan-out to the slots (behind
    // it, a six-stage BOTH build's slowest path: 0.485 ns, NanGate45); the multiples are
    // taken per nibble (as aes_round DEC_MUL's) because a whole byte's (an output bit of up
    // to eight inputs, behind im_d's fan-out of 32) became that build's slowest path next
    // (0.421 ns). The caller holds wdata for the three clocks before the one in which its
    // slot takes it (the core's key expansion holds its window for a whole step, four clocks
    // or more where it sets INV_KEYS). The scrub's zero goes into the twins as into the
    // slots: per slot on LUT fabrics (zl), else once into their write data (iwd), 4 bits from
    // each of wd's copies of the zero (one flip-flop for all 128 bits, which synthesis merged
    // with one of those copies, was the path after im_m: z -> slot_im, 0.405 ns, NanGate45;
    // 32 copies of their own doubled the scrub's fan-out: scrub -> z, 0.481 ns).
    generate
        if (INV_KEYS != 0) begin : g_im_pipe
            localparam [255:0] IM_ROWS = imc_rows(IMC_PRE_ID);
            reg [127:0] im_d;
            reg [511:0] im_lo, im_hi;     // multiples of im_d's low, high nibbles
            reg [127:0] im_w;
            always @(posedge clk) begin
                im_d  <= wdata;
                im_lo <= imc_mul(im_d & {16{8'h0f}}, IM_ROWS);
                im_hi <= imc_mul(im_d & {16{8'hf0}}, IM_ROWS);
                im_w  <= imc_join(im_lo) ^ imc_join(im_hi);
            end
            wire [127:0] iwd;             // the twins' write data (zero in their zero cycle)
            for (i = 0; i < 32; i = i + 1) begin : g_zero_iwd
                assign iwd[4*i +: 4] = zwd[i] ? 4'h0 : im_w[4*i +: 4];
            end
            integer t;
            always @(posedge clk)
                for (t = 1; t <= NR_MAX; t = t + 1)
                    if (wl[t]) slot_im[t] <= zl[t] ? 128'h0 : iwd;
        end
    endgenerate

    integer b;
    always @(posedge clk) begin
        for (b = 0; b <= NR_MAX; b = b + 1)
            if (wl[b]) slot[b] <= zl[b] ? 128'h0 : wd;
`ifndef AES_GATED_FORM
        for (b = 1; b <= NR_MAX; b = b + 1)
            if (zu[b] || take[b]) rk[b] <= slot[b];
`endif
    end

    always @(posedge clk) begin
        if (!rst_n) begin
            tok  <= {L{1'b0}};
            busy <= 1'b0;
        end else begin
            tok  <= line[L-1:0];
            busy <= apply || (busy && !tok[L-1]);
        end
    end
`ifdef FORMAL
    // One token at most (the caller applies only while not busy), and busy is "a token in
    // the line" (inductive invariants of the two-gate busy).
    always @* if (rst_n) begin
        assert (!(apply && busy));
        assert ((tok & (tok - 1'b1)) == {L{1'b0}} && busy == (tok != {L{1'b0}}));
    end
`endif
endmodule

`ifdef AES_GATED_FORM
`undef AES_GATED_FORM
`endif
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_ghash: GHASH (NIST SP 800-38D 6.4) over LANES blocks per clock, for GCM.
// Field arithmetic and block bit order as in aes_gf128_mul; lane j of
// `blocks` is bits [128j+127:128j], lane 0 being the earliest in the message.
//
// Hash key. Pulse h_load for one cycle with h = E(K, 0^128): the edge loads
// H^1, then the following LANES-1 cycles compute H^2..H^LANES (H^(k+1) =
// H^k * H) with h_busy high. The multiplier of the top lane does that work
// (it is idle then), so the powers cost a 128-bit mux, not a multiplier.
// h_busy is 0 for LANES = 1. en must be low in the h_load cycle and while
// h_busy is high. h_load leaves the pipeline and `state` alone, so the last
// message's hash stays readable while a new key loads.
//
// Beats. A rising edge with en high ("en-edge") takes the beat on
// start/mask/blocks. mask[j] hashes lane j (callers use one contiguous run of
// lanes, possibly empty; any mask works). start: the beat begins a new
// message (the state before it is 0). With m = number of masked lanes:
//   S_new = S_old * H^m  xor  sum_j mask[j] * B_j * H^(masked lanes at index >= j),
// i.e. the masked blocks fed one by one through S = (S xor B) * H. A beat with
// no lane masked and start low changes nothing (use it to flush); with start
// high it sets the state to 0 (the hash of an empty message).
//
// Pipeline, both stages clocked only at en-edges:
//   stage 1 registers the XOR of the per-lane products, H^m (selected from the
//     powers by m; H^0 = 1) and start;
//   stage 2 is the `state` register: state <= (stage-1 start ? 0 : state) * H^m
//     xor (stage-1 products), one multiply + XOR from registers (the only
//     multiplier in the loop).
//   LANES = 1: the lane's exponent is m itself, so stage 1 holds the masked
//     block and the loop multiplies (state' xor block) * H^m: one multiplier,
//     the XOR before it instead of after (same loop depth).
// Timing: for a beat taken at en-edge n, `state` shows the hash including it
// from just after en-edge n+1 until en-edge n+2. So a message's hash (e.g.
// after its length block) is on `state` after one more en-edge (an empty beat,
// or the next message's first beat).
//
// Simulation cost: the loop multiplier is a registered aes_gf128_mul
// (REG = 1) that computes only at en-edges, so a caller that keeps en low without beats (aes_gcm_tag) costs a
// simulator nothing between GCM messages. For LANES > 1 the lane products are
// combinational (the top lane's multiplier also computes the key powers).
//
// rst_n (synchronous, active low; it overrides en and h_load) zeroizes the
// powers, stage 1 and state, so no key-derived value survives a reset: until
// the next h_load every beat then hashes to 0.
`default_nettype none

module aes_ghash #(
    parameter LANES = 1
) (
    input  wire                 clk,
    input  wire                 rst_n,
    input  wire                 h_load,
    input  wire [127:0]         h,
    output wire                 h_busy,
    input  wire                 en,
    input  wire                 start,
    input  wire [LANES-1:0]     mask,
    input  wire [128*LANES-1:0] blocks,
    output wire [127:0]         state
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (LANES < 1) begin : g_bad_param0
            ERROR_aes_ghash_LANES_must_be_at_least_1 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    localparam [127:0] ONE = 128'h80;   // the field element 1: x0 = msb of byte 0
    // Lane-count width; at least 2 bits so no replication below is empty.
    localparam CW = (LANES < 2) ? 2 : $clog2(LANES + 1);

    // ---- hash key powers: pw[128(k-1) +: 128] = H^k --------------------------
    wire [128*LANES-1:0] pw;
    /* verilator lint_off UNUSEDSIGNAL */   // both are used only when LANES > 1
    wire [127:0]         top_prod;     // product of the top lane's multiplier
    wire [127:0]         pow_prev;     // H^k while H^(k+1) is being computed
    /* verilator lint_on UNUSEDSIGNAL */
    wire                 pow_busy;
    genvar j, k;
    generate
        if (LANES > 1) begin : g_pow
            // wr[i]: the coming edge writes H^(i+2) (a one-hot walking up).
            reg  [LANES-2:0] wr;
            wire [LANES-2:0] first = ~({(LANES-1){1'b1}} << 1);   // ...0001
            always @(posedge clk)
                if (!rst_n)      wr <= {(LANES-1){1'b0}};
                else if (h_load) wr <= first;
                else             wr <= wr << 1;
            assign pow_busy = |wr;
            // Operand H^(i+1) for the power being computed (one-hot AND-OR).
            wire [128*LANES-1:0] prev_acc;
            assign prev_acc[127:0] = {128{1'b0}};
            for (k = 0; k < LANES - 1; k = k + 1) begin : g_prev
                assign prev_acc[128*(k+1) +: 128] = prev_acc[128*k +: 128] | ({128{wr[k]}} & pw[128*k +: 128]);
            end
            assign pow_prev = prev_acc[128*(LANES-1) +: 128];
            for (k = 2; k <= LANES; k = k + 1) begin : g_pk
                reg [127:0] q;
                always @(posedge clk)
                    if (!rst_n)          q <= {128{1'b0}};
                    else if (wr[k-2])    q <= top_prod;
                assign pw[128*(k-1) +: 128] = q;
            end
        end else begin : g_pow1
            assign pow_busy = 1'b0;
            assign pow_prev = {128{1'b0}};
            assign top_prod = {128{1'b0}};
        end
    endgenerate

    reg [127:0] h1;
    always @(posedge clk)
        if (!rst_n)      h1 <= {128{1'b0}};
        else if (h_load) h1 <= h;
    assign pw[127:0] = h1;
    assign h_busy    = pow_busy;

    // ---- stage 1: per-lane products B_j * H^(masked lanes at index >= j) -----
    // UNOPTFLAT waived (cnt, msel): element j is built from element j+1 (or j-1) of the same
    // array, a chain and not a loop; older Verilator (5.006) sees the array as one signal.
    /* verilator lint_off UNOPTFLAT */
    wire [CW-1:0] cnt [0:LANES];       // cnt[j] = masked lanes at index >= j
    /* verilator lint_on UNOPTFLAT */
    assign cnt[LANES] = {CW{1'b0}};
    wire [127:0]  s1_x;                // stage 1: XOR of the lane products (LANES = 1: the block)
    generate
        for (j = 0; j < LANES; j = j + 1) begin : g_cnt
            assign cnt[j] = cnt[j+1] + {{(CW-1){1'b0}}, mask[j]};
        end
        if (LANES == 1) begin : g_one
            // The only lane's exponent is the loop's (m), so its product folds
            // into the loop: state <= (state' ^ B) * H^m. Stage 1 holds the
            // masked block; one multiplier in all, and the loop keeps its depth
            // (the XOR moves from after the product to before it).
            reg [127:0] b_q;
            always @(posedge clk)
                if (!rst_n)  b_q <= {128{1'b0}};
                else if (en) b_q <= blocks & {128{mask[0]}};
            assign s1_x = b_q;
        end else begin : g_lanes
            wire [128*(LANES+1)-1:0] acc;      // running XOR of the lane products
            assign acc[127:0] = {128{1'b0}};
            for (j = 0; j < LANES; j = j + 1) begin : g_lane
                wire [127:0] blk = blocks[128*j +: 128];
                wire [127:0] prod;
                if (j == LANES - 1) begin : g_top
                    // Always H^1 when masked; computes the key powers while busy.
                    wire [127:0] opa = pow_busy ? pow_prev : (blk & {128{mask[j]}});
                    aes_gf128_mul u_mul (.clk(clk), .rst_n(rst_n), .en(1'b0), .a(opa), .b(h1),
                                         .c({128{1'b0}}), .p(top_prod));
                    assign prod = top_prod;
                end else begin : g_low
                    // H^e, e = cnt[j] in 1..LANES-j, as a one-hot AND-OR; 0 if unmasked.
                    wire [128*(LANES-j+1)-1:0] sel;
                    assign sel[127:0] = {128{1'b0}};
                    for (k = 1; k <= LANES - j; k = k + 1) begin : g_sel
                        localparam [CW-1:0] KV = k;
                        wire hit = mask[j] & (cnt[j] == KV);
                        assign sel[128*k +: 128] = sel[128*(k-1) +: 128] | ({128{hit}} & pw[128*(k-1) +: 128]);
                    end
                    aes_gf128_mul u_mul (.clk(clk), .rst_n(rst_n), .en(1'b0), .a(blk),
                                         .b(sel[128*(LANES-j) +: 128]), .c({128{1'b0}}), .p(prod));
                end
                assign acc[128*(j+1) +: 128] = acc[128*j +: 128] ^ prod;
            end
            reg [127:0] q;
            always @(posedge clk)
                if (!rst_n)  q <= {128{1'b0}};
                else if (en) q <= acc[128*LANES +: 128];
            assign s1_x = q;
        end
    endgenerate

    // H^m for the state multiply; H^0 = 1 leaves the state as it is.
    /* verilator lint_off UNOPTFLAT */
    wire [128*(LANES+1)-1:0] msel;
    /* verilator lint_on UNOPTFLAT */
    assign msel[127:0] = (cnt[0] == {CW{1'b0}}) ? ONE : {128{1'b0}};
    generate
        for (k = 1; k <= LANES; k = k + 1) begin : g_msel
            localparam [CW-1:0] KV = k;
            assign msel[128*k +: 128] = msel[128*(k-1) +: 128] | ({128{cnt[0] == KV}} & pw[128*(k-1) +: 128]);
        end
    endgenerate

    reg [127:0] s1_hm;
    reg         s1_start;
    always @(posedge clk)
        if (!rst_n) begin
            s1_hm    <= {128{1'b0}};    // with state = 0, the next state is 0 too
            s1_start <= 1'b0;
        end else if (en) begin
            s1_hm    <= msel[128*LANES +: 128];
            s1_start <= start;
        end
    // ---- stage 2: the state loop, one multiply (+ XOR) --------------------------
    // LANES = 1: state <= (state' ^ B) * H^m; LANES > 1: state <= state' * H^m ^ s1_x
    // (state' = 0 at a message start).
    wire [127:0] s_in = s1_start ? {128{1'b0}} : state;
    localparam ONE_LANE = (LANES == 1) ? 1 : 0;
    aes_gf128_mul #(.REG(1)) u_loop (.clk(clk), .rst_n(rst_n), .en(en),
        .a(ONE_LANE ? (s_in ^ s1_x) : s_in), .b(s1_hm),
        .c(ONE_LANE ? {128{1'b0}} : s1_x), .p(state));
endmodule

`default_nettype wire

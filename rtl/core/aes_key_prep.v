// SPDX-License-Identifier: Apache-2.0
// aes_key_prep: the key-load handshake shared by every core, and the holder
// of the active key context (start window, key length, direction).
//
// A key handshake (key_valid && key_ready) with a valid length loads a new
// context; blocks a core accepts in later cycles use it, blocks accepted in
// or before the handshake cycle keep the old one (cores carry the context with
// each block). Encrypt keys are in force the next cycle. Decrypt keys need the
// decryption start window (window Nr): the unit runs Nr forward key steps, one
// per cycle, in the context register itself, so ctx_valid (and key_ready)
// are low for Nr cycles: 10/12/14 for AES-128/192/256.
// With DEC_WINDOW = 0 no expansion is done here (a core that pre-expands in
// its own pipeline, e.g. the agile pipeline): every key is in force at once.
// key_len 3, a key size not in KEYS, or a direction the build does not have
// (MODE), is refused: the
// handshake completes, key_error is set and the old context stays in force.
// key_error clears on the next accepted key. clear (and reset) zeroize the
// context and leave no key in force.
// EXT_STEP = 1 (a core that lends its own key step, MODE "BOTH"): no key step here. While
// expanding, step_req is high and the step to take is ctx_window's forward step step_idx
// (key length ctx_len); the caller takes it in a clock where it can (step_go high, step_out
// = aes_key_step's forward step of that window, combinational), and only such a
// clock advances the expansion: ctx_valid and key_ready are low for Nr clocks with step_go
// high. The folded core's table builds lend unit 0's step when its slot is free (it is,
// every clock, once the blocks in flight have left: none enters while ctx_valid is low).
// Why: the expansion's own step was a fifth of the iCE40 UP5K build (1,117 of 4,940 LUT4,
// docs/results/notes.md). With EXT_STEP = 0, step_go and step_out are
// ignored (every clock steps) and step_req and step_idx are zero.
// EXT_STEP = 2: the same with a caller's step that answers a clock later (a step with a cut
// of its own, aes_round_unit KEY_CUT): step_out in the clock after step_go is the step of the
// window presented with step_go, and step_req is low in that clock; so each step takes two
// clocks, and ctx_valid and key_ready are low for 2 * Nr clocks with the caller able to step.
// EXT_STEP = 3: the same with the answer two clocks after step_go (step_req low in both): three
// clocks a step, 3 * Nr (the folded table builds, whose unit 0 takes a step a clock after it is
// granted, aes_core_folded's entry register, and answers a clock after that).
// EXT_STEP = 4: ... three clocks after step_go: four clocks a step, 4 * Nr (the folded table
// builds with 3 or more stages a round, whose unit 0 answers from a register a clock later,
// aes_round_unit STEP_LATE).
// EXT_STEP >= 2 also gives next_early, a register holding at each clock what a caller's entry
// register takes with the context then: {ctx_len, 1'b0, step_idx} while step_req is high (the
// step), else {ctx_len, ctx_inv, 4'd0} (a block, round 0); its value is formed from this
// module's next state. Zero otherwise. Why: the folded table builds' unit 0 decodes its key
// step a clock early from it (aes_round_unit KEY_CUT 2), and formed from step_req and the
// context that decode sat six LUT4 levels deep behind this module's registers (iCE40 UP5K,
// docs/results/notes.md).
// STEP_IDX = 1 (EXT_STEP >= 2): a block's round field in next_early is the key step index of its
// first round, Nr - 1 for a decryption key ({ctx_len, ctx_inv, Nr - 1}), for a caller whose
// blocks carry that index (aes_core_folded's table builds with 3+ stages, aes_round_unit STEP_IDX).
`default_nettype none

module aes_key_prep #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",     // directions the core supports
    parameter [2:0] KEYS = 3'b111,     // key sizes supported: bit0 128, bit1 192, bit2 256
    parameter DEC_WINDOW = 1,    // 0: hand out the raw key for decryption too (the core expands it)
    parameter EXT_STEP = 0,      // 1: the caller's key step runs the expansion (above); 2 to 4: one answering 1 to 3 clocks late
    parameter STEP_IDX = 0       // 1: next_early's round field of a block is its first step index (above)
) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire         clear,
    input  wire         key_valid,
    output wire         key_ready,
    input  wire [255:0] key,
    input  wire [1:0]   key_len,
    input  wire         key_decrypt,
    output reg          key_error,
    output wire         ctx_valid,
    output reg  [255:0] ctx_window,
    output reg  [1:0]   ctx_len,
    output reg          ctx_inv,
    // EXT_STEP: the expansion's step, taken by the caller (above); zero and unused otherwise
    output wire         step_req,
    output wire [3:0]   step_idx,
    /* verilator lint_off UNUSEDSIGNAL */   // EXT_STEP = 1 to 4 only
    input  wire         step_go,
    input  wire [255:0] step_out,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [6:0]   next_early      // EXT_STEP >= 2: {len, inv, rnd} an entry takes now (above)
);
    `include "aes_defs.vh"
    reg       have_key;       // a context has been loaded (and not cleared)
    reg [3:0] step;
    // stepping towards the decryption start window: only in a build that expands here
    // (decryption, DEC_WINDOW); elsewhere a constant 0, not a flip-flop that never sets
    // (synthesis cannot see that it never does, and it would gate the context's enables).
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    localparam EXPANDS = (MODE != "ENC") && (DEC_WINDOW != 0);
    /* verilator lint_on WIDTH */
    reg       expanding_q;
    wire      expanding = EXPANDS ? expanding_q : 1'b0;

    assign key_ready = !expanding;
    wire   valid_reg;                   // EXT_STEP >= 2: ctx_valid from a register (g_late)
    assign ctx_valid = (EXT_STEP >= 2) ? valid_reg : have_key && !expanding;

    wire dir_ok = key_decrypt ? (MODE != "ENC") : (MODE != "DEC");
    wire len_ok = aes_len_ok(KEYS, key_len);
    wire load   = key_valid && key_ready && len_ok && dir_ok;
    wire refuse = key_valid && key_ready && !(len_ok && dir_ok);

    // Key bits beyond the key length are dropped here, not carried.
    wire [255:0] key_masked = (key_len == 2'd0) ? {128'h0, key[127:0]} :
                              (key_len == 2'd1) ? {64'h0, key[191:0]} : key;
    wire [3:0] nr_ctx = aes_nr(ctx_len);

    // ---- parameter check: an out-of-range value stops elaboration with a missing module
    // whose name says which parameter and its range.
    /* verilator lint_off WIDTH */  // string parameters compare zero-extended against longer names
    generate
        if (EXT_STEP != 0 && (EXT_STEP < 1 || EXT_STEP > 4 || MODE != "BOTH")) begin : g_bad_param0
            ERROR_aes_key_prep_EXT_STEP_must_be_0_to_4_with_MODE_BOTH u_stop ();
        end
        if (STEP_IDX != 0 && (STEP_IDX != 1 || EXT_STEP < 2)) begin : g_bad_param1
            ERROR_aes_key_prep_STEP_IDX_must_be_0_or_1_with_EXT_STEP_2_or_more u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    // (Each EXT_STEP choice below is a constant condition, resolved at elaboration: a build
    // without EXT_STEP elaborates the netlist it had before the option, and its rows stay.)
    localparam EXT = (EXT_STEP != 0);   // the caller's step (EXT_STEP 1 to 4)
    // EXT_STEP N >= 2: go_d[k] is high when a step was taken k+1 clocks ago; step_out is its
    // answer when go_d[N-2] is (above).
    wire answer;
    /* verilator lint_off UNUSEDSIGNAL */   // read by EXT_STEP >= 2 builds only (g_late)
    wire waiting;
    /* verilator lint_on UNUSEDSIGNAL */
    wire req_reg;                       // EXT_STEP >= 2: step_req from a register (below)                       // a step taken, its answer not in yet
    generate
        if (EXT_STEP >= 2) begin : g_late
            reg [EXT_STEP-2:0] go_d;
            integer k;
            always @(posedge clk)
                if (!rst_n || clear || load) go_d <= {(EXT_STEP-1){1'b0}};
                else begin
                    go_d[0] <= expanding && step_go && !waiting;
                    for (k = 1; k < EXT_STEP - 1; k = k + 1)
                        go_d[k] <= go_d[k-1];
                end
            assign answer = go_d[EXT_STEP-2];
            assign waiting = |go_d;
            // next_early: step_req and the context as the clock edge will leave them (the
            // always block below, branch by branch), then registered.
            wire         cleared = !rst_n || clear;
            wire         adv     = !cleared && !load && !refuse && expanding && answer;
            wire [1:0]   len_nx  = cleared ? 2'd0 : load ? key_len : ctx_len;
            wire         inv_nx  = cleared ? 1'b0 : load ? key_decrypt : ctx_inv;
            wire [3:0]   step_nx = (cleared || load) ? 4'd0 : adv ? step + 4'd1 : step;
            wire         exp_nx  = cleared ? 1'b0 : load ? (key_decrypt && EXPANDS) :
                                   (adv && step == nr_ctx - 4'd1) ? 1'b0 : expanding;
            /* verilator lint_off UNUSEDSIGNAL */   // the last bit leaves the shift: not waiting then
            wire [EXT_STEP-1:0] go_sh = {go_d, expanding && step_go && !waiting};
            /* verilator lint_on UNUSEDSIGNAL */
            wire         wait_nx = !(cleared || load) && |go_sh[EXT_STEP-2:0];
            // step_req and ctx_valid as registers of their own, loaded with their next values
            // (the same values as the expressions they replace). Why: the entry's window select
            // behind them (a block offered with a key in force, or a step wanted) sat five LUT4
            // levels behind go_d and expanding_q in the iCE40 UP5K 3-stage build, 255 endpoints
            // (docs/results/notes.md).
            wire         have_nx = cleared ? 1'b0 : load ? 1'b1 : have_key;
            reg          req_q, valid_q;
            always @(posedge clk) begin
                req_q   <= exp_nx && !wait_nx;
                valid_q <= have_nx && !exp_nx;
            end
            assign req_reg   = req_q;
            assign valid_reg = valid_q;
            reg  [6:0]   early_q;
            always @(posedge clk)
                early_q <= (exp_nx && !wait_nx) ? {len_nx, 1'b0, step_nx} :
                           {len_nx, inv_nx, (STEP_IDX != 0) ? aes_idx_first(len_nx, inv_nx) : 4'd0};
            assign next_early = early_q;
        end else begin : g_now
            assign waiting = 1'b0;
            assign answer = step_go;
            assign next_early = 7'd0;
            assign req_reg   = 1'b0;
            assign valid_reg = 1'b0;
        end
    endgenerate
    assign step_req = (EXT_STEP >= 2) ? req_reg : EXT ? expanding : 1'b0;
    assign step_idx = EXT ? step : 4'd0;

    wire [255:0] stepped;
    generate
        if (EXPANDS && !EXT) begin : g_dec_prep
            aes_key_step #(.IMPL(IMPL), .MODE("ENC")) u_step (
                .clk(clk), .ce(1'b1), .inv(1'b0), .key_len(ctx_len), .step_idx(step),
                .in_window(ctx_window), .early_len(2'd0), .early_idx(4'd0), .early_inv(1'b0), .early_alt(8'd0),
                .out_window(stepped)
            );
        end else begin : g_no_dec      // (EXT_STEP: the caller's step, which expands)
            assign stepped = EXT ? step_out : ctx_window;
        end
    endgenerate

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            have_key   <= 1'b0;
            expanding_q <= 1'b0;
            step       <= 4'd0;
            key_error  <= 1'b0;
            ctx_window <= 256'h0;
            ctx_len    <= 2'd0;
            ctx_inv    <= 1'b0;
        end else if (load) begin
            have_key   <= 1'b1;
            expanding_q <= key_decrypt && EXPANDS;
            step       <= 4'd0;
            key_error  <= 1'b0;
            ctx_window <= key_masked;
            ctx_len    <= key_len;
            ctx_inv    <= key_decrypt;
        end else if (refuse) begin
            key_error  <= 1'b1;
        end else if (EXT ? (expanding && answer) : expanding) begin
            ctx_window <= stepped;
            step       <= step + 4'd1;
            if (step == nr_ctx - 4'd1)
                expanding_q <= 1'b0;
        end
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_bist: synthesizable AES self-test at full rate.
//
//   pattern generator --> encrypt core --(optional 1-bit error)--> decrypt core --> checker
//
// Both cores are the same architecture (aes_core_select), loaded with the same
// key (one encrypt, one decrypt context). The generator is a 128-bit Galois
// LFSR (x^128 + x^7 + x^2 + x + 1, the GCM field polynomial), one step per
// block, LANES blocks per beat; the checker runs an identical LFSR, so it needs
// no storage: cores keep order, so the n-th block out must be the n-th pattern.
// The two cores are joined valid/ready to valid/ready, so the test runs at the
// slower core's full rate (the decrypt key preparation only delays the start).
//
// Control: `start` (pulse) loads the key into both cores, seeds both LFSRs
// with `seed` (0 is replaced by 1), clears the counters and sends `num_beats`
// beats (0: until `stop`). `inject_error` (pulse) arms a single-bit error:
// bit 0 of lane 0 of the next ciphertext beat that passes between the cores
// is flipped, which garbles exactly one decrypted block. `done` is high when
// generation has ended and every block sent has been checked.
`default_nettype none

module aes_bist #(
    parameter [71:0] ARCH = "PIPELINED",   // sized like aes_axis
    parameter LANES    = 1,
    parameter U        = 1,
    parameter STAGES   = 1,
    parameter IMPL     = "LUT",
    parameter KEY_MODE = "SHARED"
) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire         start,
    input  wire         stop,
    input  wire [255:0] key,
    input  wire [1:0]   key_len,
    input  wire [127:0] seed,
    input  wire [31:0]  num_beats,
    input  wire         inject_error,
    output wire         running,          // generating
    output wire         done,             // generation over, all blocks checked
    output wire         key_error,        // a core refused the key (key_len 3)
    output reg  [31:0]  blocks_sent,
    output reg  [31:0]  blocks_checked,
    output reg  [31:0]  error_blocks,
    output reg  [31:0]  errors_injected,
    // the ciphertext stream between the cores, for observation
    output wire         ct_valid,
    output wire         ct_ready,
    output wire [128*LANES-1:0] ct_data
);
    localparam W = 128 * LANES;
    localparam [1:0] S_IDLE = 2'd0, S_KEY = 2'd1, S_RUN = 2'd2, S_CHECK = 2'd3;

    function [127:0] lfsr_step;
        input [127:0] x;
        lfsr_step = {x[126:0], 1'b0} ^ (x[127] ? 128'h87 : 128'h0);
    endfunction

    // beat of LANES consecutive patterns starting at x
    function [W-1:0] pattern;
        input [127:0] x;
        integer j;
        reg [127:0] s;
        begin
            s = x;
            for (j = 0; j < LANES; j = j + 1) begin
                pattern[128*j +: 128] = s;
                s = lfsr_step(s);
            end
        end
    endfunction

    function [127:0] advance;     // LANES steps
        input [127:0] x;
        integer j;
        begin
            advance = x;
            for (j = 0; j < LANES; j = j + 1)
                advance = lfsr_step(advance);
        end
    endfunction

    reg [1:0]   state;
    reg [127:0] gen_q, chk_q;
    reg [31:0]  beats_left;
    reg         forever_q, enc_loaded, dec_loaded, armed;

    // ---- cores --------------------------------------------------------------
    wire enc_key_ready, dec_key_ready, enc_key_error, dec_key_error;
    wire gen_valid, gen_ready;
    wire dec_out_valid;
    wire [W-1:0] dec_out_data;
    wire enc_busy, dec_busy;
    /* verilator lint_off UNUSEDSIGNAL */
    wire enc_user_out, dec_user_out;     // the sideband is not used by the self-test
    /* verilator lint_on UNUSEDSIGNAL */

    assign gen_valid = (state == S_RUN) && (forever_q || beats_left != 32'd0);
    assign running   = gen_valid;

    aes_core_select #(.ARCH(ARCH), .LANES(LANES), .U(U), .STAGES(STAGES), .IMPL(IMPL),
                      .MODE("ENC"), .KEY_MODE(KEY_MODE), .USER_W(1)) u_enc (
        .clk(clk), .rst_n(rst_n),
        .key_valid(state == S_KEY && !enc_loaded), .key_ready(enc_key_ready), .key(key),
        .key_len(key_len), .key_decrypt(1'b0), .key_error(enc_key_error), .key_clear(1'b0),
        .in_valid(gen_valid), .in_ready(gen_ready), .in_data(pattern(gen_q)), .in_user(1'b0),
        .out_valid(ct_valid), .out_ready(ct_ready), .out_data(ct_data), .out_user(enc_user_out),
        .busy(enc_busy));

    wire [W-1:0] ct_err = ct_data ^ {{(W-1){1'b0}}, armed};

    aes_core_select #(.ARCH(ARCH), .LANES(LANES), .U(U), .STAGES(STAGES), .IMPL(IMPL),
                      .MODE("DEC"), .KEY_MODE(KEY_MODE), .USER_W(1)) u_dec (
        .clk(clk), .rst_n(rst_n),
        .key_valid(state == S_KEY && !dec_loaded), .key_ready(dec_key_ready), .key(key),
        .key_len(key_len), .key_decrypt(1'b1), .key_error(dec_key_error), .key_clear(1'b0),
        .in_valid(ct_valid), .in_ready(ct_ready), .in_data(ct_err), .in_user(1'b0),
        .out_valid(dec_out_valid), .out_ready(1'b1), .out_data(dec_out_data), .out_user(dec_user_out),
        .busy(dec_busy));

    assign key_error = enc_key_error || dec_key_error;
    assign done = (state == S_IDLE) && !enc_busy && !dec_busy;

    // ---- checker --------------------------------------------------------------
    wire [W-1:0] expect_beat = pattern(chk_q);
    reg  [31:0]  bad_lanes;
    integer j;
    always @(*) begin
        bad_lanes = 32'd0;
        for (j = 0; j < LANES; j = j + 1)
            bad_lanes = bad_lanes + {31'd0, dec_out_data[128*j +: 128] != expect_beat[128*j +: 128]};
    end

    wire gen_fire = gen_valid && gen_ready;
    wire ct_fire  = ct_valid && ct_ready;
    localparam [31:0] LANES_C = LANES;

    always @(posedge clk) begin
        if (!rst_n) begin
            state <= S_IDLE; gen_q <= 128'h1; chk_q <= 128'h1; beats_left <= 32'd0;
            forever_q <= 1'b0; enc_loaded <= 1'b0; dec_loaded <= 1'b0; armed <= 1'b0;
            blocks_sent <= 32'd0; blocks_checked <= 32'd0; error_blocks <= 32'd0; errors_injected <= 32'd0;
        end else begin
            case (state)
                S_IDLE: if (start) begin
                    state      <= S_KEY;
                    gen_q      <= (seed == 128'h0) ? 128'h1 : seed;
                    chk_q      <= (seed == 128'h0) ? 128'h1 : seed;
                    beats_left <= num_beats;
                    forever_q  <= (num_beats == 32'd0);
                    enc_loaded <= 1'b0; dec_loaded <= 1'b0;
                    blocks_sent <= 32'd0; blocks_checked <= 32'd0;
                    error_blocks <= 32'd0; errors_injected <= 32'd0;
                end
                S_KEY: begin
                    if (enc_key_ready) enc_loaded <= 1'b1;
                    if (dec_key_ready) dec_loaded <= 1'b1;
                    if ((enc_loaded || enc_key_ready) && (dec_loaded || dec_key_ready))
                        state <= S_CHECK;
                end
                S_CHECK: state <= key_error ? S_IDLE : S_RUN;  // key_error follows the handshake
                default: if (stop || !gen_valid) state <= S_IDLE;      // S_RUN
            endcase
            if (gen_fire) begin
                gen_q       <= advance(gen_q);
                beats_left  <= beats_left - 32'd1;
                blocks_sent <= blocks_sent + LANES_C;
            end
            if (ct_fire && armed) begin                  // this beat carries the error
                armed           <= inject_error;
                errors_injected <= errors_injected + 32'd1;
            end else if (inject_error)
                armed <= 1'b1;
            if (dec_out_valid) begin
                chk_q          <= advance(chk_q);
                blocks_checked <= blocks_checked + LANES_C;
                error_blocks   <= error_blocks + bad_lanes;
            end
        end
    end
endmodule

`default_nettype wire

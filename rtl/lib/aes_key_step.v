// aes_key_step: one step of the AES key expansion (FIPS-197 5.2), forward or
// backward, for AES-128/192/256, computed on the fly.
//
// The expanded key is a word sequence w[0..]; a "window" is Nk consecutive
// words starting at word s = 4*r (Nk = 4, 6, 8), stored with word k of the
// window at bits [32k+31:32k] (words Nk..7 are zero). Round key r is then the
// low 128 bits of window r, for every key length.
//   forward (inv=0): window r   -> window r+1 (4 new words)
//   inverse (inv=1): window r+1 -> window r   (4 old words recovered)
// step_idx is r in both directions. The decryption start window is window Nr,
// reached with Nr forward steps from the key (for AES-192/256 it reaches a few
// words past the standard schedule, which the rules define all the same).
// Only one word per step needs SubWord, so one 4-byte S-box row is shared
// (muxed input) by both directions and all key lengths.
// PIPE (0..3) puts register cuts into the step for a key expansion that may
// take several clocks per step (its latency is not the cores' throughput): the
// first cut holds the transformed word (SubWord, RotWord, Rcon) in front of the
// XORs that make the new words, the others go inside the S-box row (aes_sbox's
// cuts, PIPE - 1 of them). Hold in_window, key_len, step_idx and inv for
// PIPE + 1 clocks with ce high; out_window is valid in the last of them.
// PIPE = 0: combinational (clk and ce unused).
`default_nettype none

module aes_key_step #(
    parameter IMPL = "LUT",
    parameter MODE = "BOTH",    // "ENC" (forward), "DEC" (inverse) or "BOTH"
    parameter PIPE = 0          // register cuts in the SubWord S-boxes (multicycle step)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire         clk,        // only used when PIPE > 0
    input  wire         ce,         // only used when PIPE > 0
    input  wire         inv,        // only used when MODE is "BOTH"
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [1:0]   key_len,    // 0: 128, 1: 192, 2: 256 (3 is treated as 256)
    input  wire [3:0]   step_idx,
    input  wire [255:0] in_window,
    output wire [255:0] out_window
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    generate
        if (PIPE < 0 || PIPE > 3) begin : g_bad_param0
            ERROR_aes_key_step_PIPE_must_be_0_to_3 u_stop ();
        end
    endgenerate

    wire backward = (MODE == "DEC") ? 1'b1 : (MODE == "ENC") ? 1'b0 : inv;
    wire nk4 = (key_len == 2'd0);
    wire nk6 = (key_len == 2'd1);

    function [7:0] rcon;
        input [3:0] idx;
        case (idx)
            4'd1: rcon = 8'h01; 4'd2: rcon = 8'h02; 4'd3: rcon = 8'h04; 4'd4: rcon = 8'h08;
            4'd5: rcon = 8'h10; 4'd6: rcon = 8'h20; 4'd7: rcon = 8'h40; 4'd8: rcon = 8'h80;
            4'd9: rcon = 8'h1b; 4'd10: rcon = 8'h36; default: rcon = 8'h00;
        endcase
    endfunction

    // Which of the 4 new words (w[4r+Nk+t]) is transformed, and how:
    // t = 0 or 2; rot: RotWord+SubWord+Rcon, else SubWord only (AES-256 odd steps);
    // AES-192 has no transformed word when r % 3 == 2.
    reg       sp_at2, sp_none, sp_rot;
    reg [3:0] rc_idx;
    always @(*) begin
        sp_at2 = 1'b0; sp_none = 1'b0; sp_rot = 1'b1; rc_idx = step_idx + 4'd1;
        if (nk6) begin
            case (step_idx)
                4'd0: rc_idx = 4'd1;  4'd1: begin rc_idx = 4'd2; sp_at2 = 1'b1; end
                4'd3: rc_idx = 4'd3;  4'd4: begin rc_idx = 4'd4; sp_at2 = 1'b1; end
                4'd6: rc_idx = 4'd5;  4'd7: begin rc_idx = 4'd6; sp_at2 = 1'b1; end
                4'd9: rc_idx = 4'd7;  4'd10: begin rc_idx = 4'd8; sp_at2 = 1'b1; end
                4'd12: rc_idx = 4'd9;
                default: begin rc_idx = 4'd0; sp_none = 1'b1; end
            endcase
        end else if (!nk4) begin
            sp_rot = ~step_idx[0];
            rc_idx = {1'b0, step_idx[3:1]} + 4'd1;
        end
    end

    function [31:0] wsel;   // word k of a window
        input [255:0] win;
        input integer k;
        wsel = win[32*k +: 32];
    endfunction

    // Window words as seen by each direction (input to the step).
    // Forward: w[s..s+Nk-1]. Backward: w[s+4..s+Nk+3].
    wire [31:0] i0 = wsel(in_window, 0), i1 = wsel(in_window, 1), i2 = wsel(in_window, 2),
                i3 = wsel(in_window, 3), i4 = wsel(in_window, 4), i5 = wsel(in_window, 5),
                i6 = wsel(in_window, 6), i7 = wsel(in_window, 7);
    // Last word of the window (w[s+Nk-1] forward, w[s+Nk+3] backward).
    wire [31:0] last = nk4 ? i3 : nk6 ? i5 : i7;

    // ---- forward: n_t = w[s+t] ^ f(prev), prev_0 = w[s+Nk-1], prev_t = n_{t-1}
    wire [31:0] f_n1_plain = i1 ^ i0 ^ last;     // n1 when t=0 is not transformed

    // ---- backward: old words o_t = w[s+t], from new words n_t = window[Nk-4+t]
    wire [31:0] b_n0 = nk4 ? i0 : nk6 ? i2 : i4;
    wire [31:0] b_n1 = nk4 ? i1 : nk6 ? i3 : i5;
    wire [31:0] b_n2 = nk4 ? i2 : nk6 ? i4 : i6;
    wire [31:0] b_n3 = last;
    wire [31:0] b_o3 = b_n3 ^ b_n2;
    wire [31:0] b_o1 = b_n1 ^ b_n0;
    // prev for t = 0 is w[s+Nk-1]: the recovered o3 for AES-128, else in the window.
    wire [31:0] b_prev0 = nk4 ? b_o3 : nk6 ? i1 : i3;

    // The one SubWord of this step.
    wire [31:0] sub_in = backward ? (sp_at2 ? b_n1 : b_prev0)
                                  : (sp_at2 ? f_n1_plain : last);
    localparam SBOX_PIPE = (PIPE > 1) ? PIPE - 1 : 0;
    wire [31:0] sub_out;
    aes_sub_bytes #(.NBYTES(4), .IMPL(IMPL), .MODE("ENC"), .PIPE(SBOX_PIPE)) u_subword (
        .clk(clk), .ce(ce), .inv(1'b0), .in_data(sub_in), .out_data(sub_out)
    );
    // RotWord after SubWord (they commute); byte 0 of a word is bits [7:0].
    wire [31:0] g_now = sp_rot ? ({sub_out[7:0], sub_out[31:8]} ^ {24'h0, rcon(rc_idx)}) : sub_out;
    wire [31:0] g;
    aes_delay #(.WIDTH(32), .DEPTH(PIPE >= 1 ? 1 : 0)) u_word_cut (
        .clk(clk), .rst_n(1'b1), .ce(ce), .in_data(g_now), .out_data(g)
    );

    wire g_at0 = !sp_none && !sp_at2;
    wire g_at2 = sp_at2;

    // forward new words
    wire [31:0] f_n0 = i0 ^ (g_at0 ? g : last);
    wire [31:0] f_n1 = i1 ^ f_n0;
    wire [31:0] f_n2 = i2 ^ (g_at2 ? g : f_n1);
    wire [31:0] f_n3 = i3 ^ f_n2;
    wire [255:0] fwd_window =
        nk4 ? {128'h0, f_n3, f_n2, f_n1, f_n0} :
        nk6 ? {64'h0, f_n3, f_n2, f_n1, f_n0, i5, i4} :
              {f_n3, f_n2, f_n1, f_n0, i7, i6, i5, i4};

    // backward old words
    wire [31:0] b_o2 = b_n2 ^ (g_at2 ? g : b_n1);
    wire [31:0] b_o0 = b_n0 ^ (g_at0 ? g : b_prev0);
    wire [255:0] bwd_window =
        nk4 ? {128'h0, b_o3, b_o2, b_o1, b_o0} :
        nk6 ? {64'h0, i1, i0, b_o3, b_o2, b_o1, b_o0} :
              {i3, i2, i1, i0, b_o3, b_o2, b_o1, b_o0};

    assign out_window = backward ? bwd_window : fwd_window;
endmodule

`default_nettype wire

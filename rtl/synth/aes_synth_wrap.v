// SPDX-License-Identifier: Apache-2.0
// aes_synth_wrap: a place-and-route harness around one AES core.
//
// A core has 128*LANES data bits in and out plus a 256-bit key: more I/O
// than any FPGA package. For FPGA place and route (and only for that) this
// top feeds every core input from one serial-in shift register (one pin) and
// folds every core output into one pin through a registered XOR tree (4:1
// per level, one LUT4 deep). Every core input and output is therefore a
// register-to-register path inside the harness, nothing is constant (so
// synthesis cannot trim the core), and the pins stay few: clk, rst_n, sin,
// dout. The flow keeps the core module as its own hierarchy level during
// synthesis so `aeshw synth` can report the core's resources separately
// from the harness's (src/aeshw/synth/fpga.py).
//
// ARCH: "FOLDED" (aes_core_folded: iterative / folded) or "PIPELINED"
// (aes_core_pipelined), chosen by aes_core_select; the other parameters are
// passed to the core.
`default_nettype none

module aes_synth_wrap #(
    parameter [71:0] ARCH = "PIPELINED",   // sized like aes_core_select's
    parameter LANES     = 1,
    parameter STAGES    = 1,
    parameter U         = 1,
    parameter IMPL      = "LUT",
    parameter LUT_LANES = 0,             // PIPELINED, IMPL "BRAM": lanes with LUT S-boxes
    parameter LUT_IMPL  = "LUT",         // their S-box form: "LUT" or "COMPOSITE"
    parameter MODE      = "BOTH",
    parameter KEY_MODE  = "SHARED",
    parameter [2:0] KEYS = 3'b111
) (
    input  wire clk,
    input  wire rst_n,
    input  wire sin,
    output wire dout
);
    localparam W    = 128 * LANES;
    // Core inputs: key 256, key_len 2, key_valid, key_decrypt, key_clear,
    // in_valid, in_user, out_ready, in_data W.
    localparam IN_W = 256 + 2 + 6 + W;
    // Core outputs: key_ready, key_error, in_ready, out_valid, out_user, busy, out_data W.
    localparam OW   = 6 + W;

    // Width of fold level l (level 0 = the registered core outputs).
    function integer lev_w;
        input integer l;
        integer k, w;
        begin
            w = OW;
            for (k = 0; k < l; k = k + 1)
                w = (w + 3) / 4;
            lev_w = w;
        end
    endfunction
    // Bit offset of fold level l in the flat fold register.
    function integer lev_off;
        input integer l;
        integer k, o;
        begin
            o = 0;
            for (k = 0; k < l; k = k + 1)
                o = o + lev_w(k);
            lev_off = o;
        end
    endfunction
    // Number of 4:1 levels down to one bit.
    function integer n_lev;
        input integer dummy;
        integer k, n;
        begin
            n = 0;
            for (k = 0; k < 32; k = k + 1)
                if (lev_w(k) > 1)
                    n = k + 1;
            n_lev = n + dummy;
        end
    endfunction
    localparam NLEV  = n_lev(0);
    localparam FOLDW = lev_off(NLEV + 1);

    // ---- inputs: one serial-in shift register -----------------------------
    reg            rst_q;
    reg [IN_W-1:0] sreg;
    always @(posedge clk) begin
        rst_q <= rst_n;
        sreg  <= {sreg[IN_W-2:0], sin};
    end

    wire [255:0]   c_key       = sreg[255:0];
    wire [1:0]     c_key_len   = sreg[257:256];
    wire           c_key_valid = sreg[258];
    wire           c_key_dec   = sreg[259];
    wire           c_key_clear = sreg[260];
    wire           c_in_valid  = sreg[261];
    wire           c_in_user   = sreg[262];
    wire           c_out_ready = sreg[263];
    wire [W-1:0]   c_in_data   = sreg[IN_W-1:264];

    wire           c_key_ready, c_key_error, c_in_ready, c_out_valid, c_out_user, c_busy;
    wire [W-1:0]   c_out_data;

    // The core, chosen by ARCH (aes_core_select). `aeshw synth` keeps the core module itself
    // as its own level (keep_hierarchy set by the flow), so its counts are the core's own.
    aes_core_select #(.ARCH(ARCH), .LANES(LANES), .U(U), .STAGES(STAGES), .IMPL(IMPL), .LUT_LANES(LUT_LANES),
                      .LUT_IMPL(LUT_IMPL), .MODE(MODE), .KEY_MODE(KEY_MODE), .KEYS(KEYS), .USER_W(1)) u_core (
        .clk(clk), .rst_n(rst_q),
        .key_valid(c_key_valid), .key_ready(c_key_ready), .key(c_key), .key_len(c_key_len),
        .key_decrypt(c_key_dec), .key_error(c_key_error), .key_clear(c_key_clear),
        .in_valid(c_in_valid), .in_ready(c_in_ready), .in_data(c_in_data), .in_user(c_in_user),
        .out_valid(c_out_valid), .out_ready(c_out_ready), .out_data(c_out_data),
        .out_user(c_out_user), .busy(c_busy)
    );

    // ---- outputs: registered, then a registered 4:1 XOR tree --------------
    reg [FOLDW-1:0] fold;
    always @(posedge clk)
        fold[OW-1:0] <= {c_out_data, c_key_ready, c_key_error, c_in_ready, c_out_valid,
                         c_out_user, c_busy};

    genvar l, j;
    generate
    for (l = 0; l < NLEV; l = l + 1) begin : g_lev
        for (j = 0; j < lev_w(l + 1); j = j + 1) begin : g_bit
            localparam I0 = lev_off(l) + 4 * j;
            localparam N  = (lev_w(l) - 4 * j >= 4) ? 4 : lev_w(l) - 4 * j;
            always @(posedge clk)
                fold[lev_off(l + 1) + j] <= ^fold[I0 +: N];
        end
    end
    endgenerate

    assign dout = fold[FOLDW - 1];
endmodule

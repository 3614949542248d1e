// SPDX-License-Identifier: Apache-2.0
// aes_axil_regs: the AXI4-Lite register block of aes_axis (docs/aes_axis.md).
//
// Holds the staged configuration (CTRL, KEY0-7, KEY2_0-7, IV0-3), the ERROR bits and
// answers reads of ID/CAPS/STATUS/BLOCKS_*. Writes to COMMAND start a command
// (COMMIT or CLEAR) that aes_mode_engine carries out; the write response of
// that COMMAND write is held back until the engine reports it done, and
// `hold` (stream input paused) stays high from the cycle after the write is
// taken until its B handshake. So a beat accepted on s_axis before the
// COMMAND write is taken uses the old context, every beat accepted after the
// write response uses the new one, and none can be accepted in between.
//
// A COMMIT with a reserved or unsupported MODE/KEY_LEN/direction is refused
// here: ERROR.BAD_CONFIG is set, the response is OKAY and nothing changes.
// XTS (SP 800-38E): a COMMIT whose key 1 equals key 2 (the KEY_LEN bits of each)
// is refused the same way; the comparison is over the staged registers only.
// CLEAR (wins over COMMIT when both bits are set) zeroizes the staged keys and
// IV at once; the engine zeroizes the active context and the core's key.
//
// `fault` (FAULT_DETECT builds, from aes_axis's lockstep comparison; a level held
// until reset there, but one cycle is enough here) sets ERROR.FAULT, which only
// reset clears, and wipes as CLEAR does: the staged key and IV at once (and every
// cycle after), then, as soon as no command is under way, one internal CLEAR to
// the engine (no write response: no write asked for it; it may run while an
// earlier write's response still waits for bready). From then on every COMMIT is
// refused (answered OKAY, nothing changes).
//
// AW and W are each taken into a one-entry holding register (ready = empty),
// so no ready depends combinationally on a valid; one write is processed at
// a time. Offsets, fields and the read mux are aes_axis_regmap, generated
// from rtl/bus/aes_axis_regs.rdl (the register map's one source): this file
// names registers and fields, never their positions. Unmapped offsets
// answer SLVERR.
`default_nettype none

module aes_axil_regs #(
    // what the build has (read in CAPS, and checked at COMMIT)
    parameter [7:0]  CAP_LANES  = 8'd1,     // LANES, saturated at 255
    parameter [1:0]  CAP_ARCH   = 2'd2,     // CAPS.ARCH code of the core
    parameter [3:0]  CAP_STAGES = 4'd1,     // STAGES, saturated at 15
    parameter [3:0]  CAP_U      = 4'd1,     // FOLDED U, saturated at 15; else 1
    parameter        CAP_AGILE  = 0,        // PIPELINED with KEY_MODE AGILE
    parameter        CAN_ENC    = 1,        // core has the encrypt direction
    parameter        CAN_DEC    = 1,        // core has the decrypt direction
    parameter [2:0]  KEYS       = 3'b111,   // key sizes supported: 128, 192, 256
    parameter        GCM        = 1,        // MODE 3 (GCM) built
    parameter        XTS        = 0,        // XTS ({MODE_HI, MODE} = 4) built
    parameter        CAP_FAULT  = 0         // fault detection built (CAPS.FAULT)
) (
    input  wire        clk,
    input  wire        rst_n,
`include "aes_axil_ports.vh"
    // staged configuration
    output reg  [255:0] cfg_key,
    output reg  [1:0]   cfg_key_len,
    output reg  [255:0] cfg_key2,         // XTS key 2 (the tweak key)
    output wire [2:0]   cfg_mode,         // {MODE_HI, MODE}
    output reg          cfg_decrypt,
    output reg  [127:0] cfg_iv,
    // command to the mode engine
    output reg          cmd_valid,        // level until cmd_done
    output reg          cmd_clear,        // 1: CLEAR, 0: COMMIT
    input  wire         cmd_done,
    output reg          hold,             // pause s_axis acceptance
    input  wire         fault,            // a fault was detected (level until reset)
    // status from the engine
    input  wire         st_ready,
    input  wire         st_busy,
    input  wire         ev_partial,       // pulse: partial ECB/CBC block seen
    input  wire         ev_tag_fail,      // pulse: a GCM decryption's tag did not match
    input  wire         ev_frame,         // pulse: a malformed GCM packet
    input  wire [31:0]  blocks_in,
    input  wire [31:0]  blocks_out
);
    // The response channels' registers (the ports are wires: aes_axil_ports.vh).
    reg  [1:0]  bresp_q, rresp_q;
    reg         bvalid_q, rvalid_q;
    reg  [31:0] rdata_q;
    assign s_axil_bresp = bresp_q;  assign s_axil_bvalid = bvalid_q;
    assign s_axil_rresp = rresp_q;  assign s_axil_rvalid = rvalid_q;  assign s_axil_rdata = rdata_q;
    `include "aes_defs.vh"
    `include "aes_axis_codes.vh"       // MODE_* codes (generated from the register map)
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

    reg [3:0] err_q;          // the RW1C ERROR bundle {FRAME, TAG_FAIL, PARTIAL, BAD_CONFIG}
    wire [3:0] err_ev = {ev_frame, ev_tag_fail, ev_partial, 1'b0};
    reg       fault_q;        // ERROR.FAULT
    reg       wiped;          // the fault's internal CLEAR was issued
    reg       int_cmd;        // the command under way is that CLEAR (no write response)

    // ---- write channel ------------------------------------------------------
    reg        aw_full, w_full;
    reg [9:0]  aw_word;
    reg [31:0] w_data;
    reg [3:0]  w_strb;
    assign s_axil_awready = !aw_full;
    assign s_axil_wready  = !w_full;

    wire faulted  = fault || fault_q;                    // a one-cycle fault counts as well
    wire wipe_now = faulted && !wiped && !cmd_valid;     // the fault's CLEAR goes first
    wire do_write = aw_full && w_full && !bvalid_q && !cmd_valid && !wipe_now;

    // ---- the map: decode, written fields (bundles, highest field first) and read mux
    wire [9:0]  ar_word = s_axil_araddr[11:2];
    wire        wr_mapped, rd_mapped, we_ctrl, we_error, we_command;
    wire [7:0]  we_key, we_key2;
    wire [3:0]  we_iv;
    wire [5:0]  wf_ctrl, wm_ctrl;          // {KEY_LEN, MODE_HI, DECRYPT, MODE}
    wire [3:0]  wf_error, wm_error;        // {FRAME, TAG_FAIL, PARTIAL, BAD_CONFIG}
    wire [1:0]  wf_command, wm_command;    // {CLEAR, COMMIT}
    wire [31:0] wf_key, wm_key, wf_key2, wm_key2, wf_iv, wm_iv, rd_mux;
    reg  [1:0]  mode_lo;                   // CTRL.MODE
    reg         mode_hi;                   // CTRL.MODE_HI
    assign cfg_mode = {mode_hi, mode_lo};
    wire [5:0]  ctrl = {cfg_key_len, mode_hi, cfg_decrypt, mode_lo};
    wire [2:0]  modes = {(CAN_ENC != 0), 1'b1, 1'b1};   // {CTR, CBC, ECB}: CTR needs the encrypt direction
    aes_axis_regmap u_map (
        .wr_word(aw_word), .wr_data(w_data), .wr_strb(w_strb), .wr_mapped(wr_mapped),
        .we_ctrl(we_ctrl), .wf_ctrl(wf_ctrl), .wm_ctrl(wm_ctrl),
        .we_error(we_error), .wf_error(wf_error), .wm_error(wm_error),
        .we_command(we_command), .wf_command(wf_command), .wm_command(wm_command),
        .we_key(we_key), .wf_key(wf_key), .wm_key(wm_key),
        .we_iv(we_iv), .wf_iv(wf_iv), .wm_iv(wm_iv),
        .we_key2(we_key2), .wf_key2(wf_key2), .wm_key2(wm_key2),
        .rd_word(ar_word), .rd_mapped(rd_mapped), .rd_data(rd_mux),
        .rf_caps({(XTS != 0), (CAP_FAULT != 0), (GCM != 0), CAP_U, CAP_STAGES, (CAP_AGILE != 0), modes, KEYS,
                  (CAN_DEC != 0), (CAN_ENC != 0), CAP_ARCH, CAP_LANES}),
        .rf_ctrl(ctrl), .rf_status({fault_q || |err_q, st_busy, st_ready}), .rf_error({fault_q, err_q}),
        .rf_iv(cfg_iv), .rf_blocks_in(blocks_in), .rf_blocks_out(blocks_out)
    );

    // COMMIT check: reserved codes, and what the build supports.
    wire xts       = (mode_hi == MODE_HI_XTS);
    wire core_dec  = cfg_decrypt && (xts || mode_lo == MODE_ECB || mode_lo == MODE_CBC);   // CTR, GCM: encrypt
    // XTS: key 1 and key 2 differ in the bits of their length (SP 800-38E)
    wire [255:0] len_bits = (cfg_key_len == KEY_LEN_AES128) ? {128'h0, {128{1'b1}}} :
                            (cfg_key_len == KEY_LEN_AES192) ? {64'h0, {192{1'b1}}} : {256{1'b1}};
    wire keys_differ = |((cfg_key ^ cfg_key2) & len_bits);
    wire mode_ok   = xts ? ((XTS != 0) && mode_lo == MODE_ECB && keys_differ)
                         : ((mode_lo != MODE_GCM) || (GCM != 0));
    wire cfg_ok    = mode_ok && aes_len_ok(KEYS, cfg_key_len) &&
                     (core_dec ? (CAN_DEC != 0) : (CAN_ENC != 0));
    wire [1:0] cmd_bits = we_command ? (wf_command & wm_command) : 2'b00;   // {CLEAR, COMMIT}
    wire is_cmd    = |cmd_bits;

    integer i;
    always @(posedge clk) begin
        if (!rst_n) begin
            aw_full <= 1'b0; w_full <= 1'b0; aw_word <= 10'h0; w_data <= 32'h0; w_strb <= 4'h0;
            bvalid_q <= 1'b0; bresp_q <= OKAY;
            cfg_key <= 256'h0; cfg_key2 <= 256'h0; cfg_key_len <= 2'd0; cfg_decrypt <= 1'b0; cfg_iv <= 128'h0;
            mode_lo <= 2'd0; mode_hi <= 1'b0;
            cmd_valid <= 1'b0; cmd_clear <= 1'b0; hold <= 1'b0;
            err_q <= 4'b0000; fault_q <= 1'b0; wiped <= 1'b0; int_cmd <= 1'b0;
        end else begin
            if (fault) fault_q <= 1'b1;
            if (s_axil_awvalid && !aw_full) begin
                aw_full <= 1'b1;
                aw_word <= s_axil_awaddr[11:2];
            end
            if (s_axil_wvalid && !w_full) begin
                w_full <= 1'b1;
                w_data <= s_axil_wdata;
                w_strb <= s_axil_wstrb;
            end
            if (bvalid_q && s_axil_bready) begin
                bvalid_q <= 1'b0;
                if (!int_cmd) hold <= 1'b0;                    // the fault's CLEAR keeps its hold
            end
            if (cmd_valid && cmd_done) begin
                cmd_valid     <= 1'b0;
                int_cmd       <= 1'b0;
                if (int_cmd)                                   // a B pending from before keeps the hold
                    hold <= bvalid_q && !s_axil_bready;
                else begin
                    bvalid_q <= 1'b1;
                    bresp_q  <= OKAY;
                end
            end
            if (faulted) begin                                 // wipe the staged secrets now
                cfg_key <= 256'h0; cfg_key2 <= 256'h0; cfg_iv <= 128'h0;
            end
            if (wipe_now) begin                                // then CLEAR, once
                wiped <= 1'b1; int_cmd <= 1'b1;
                cmd_valid <= 1'b1; cmd_clear <= 1'b1; hold <= 1'b1;
            end
            err_q <= err_q | err_ev;
            if (do_write) begin
                aw_full <= 1'b0;
                w_full  <= 1'b0;
                w_data  <= 32'h0;      // no remanence: a written key word leaves no copy here
                w_strb  <= 4'h0;
                bresp_q <= wr_mapped ? OKAY : SLVERR;
                if (cmd_bits[1]) begin                         // CLEAR
                    cmd_valid <= 1'b1; cmd_clear <= 1'b1; hold <= 1'b1;
                    cfg_key <= 256'h0; cfg_key2 <= 256'h0; cfg_iv <= 128'h0;
                end else if (is_cmd && cfg_ok && !faulted) begin // good COMMIT
                    cmd_valid <= 1'b1; cmd_clear <= 1'b0; hold <= 1'b1;
                end else begin
                    bvalid_q <= 1'b1;
                    if (is_cmd && !faulted) err_q[0] <= 1'b1;  // refused COMMIT
                end
                if (we_ctrl)
                    {cfg_key_len, mode_hi, cfg_decrypt, mode_lo} <= (ctrl & ~wm_ctrl) | (wf_ctrl & wm_ctrl);
                if (we_error)                                  // RW1C; a new event wins
                    err_q <= (err_q & ~(wf_error & wm_error)) | err_ev;
                for (i = 0; i < 8; i = i + 1)
                    if (we_key[i])
                        cfg_key[32*i +: 32] <= (cfg_key[32*i +: 32] & ~wm_key) | (wf_key & wm_key);
                for (i = 0; i < 8; i = i + 1)
                    if (we_key2[i])
                        cfg_key2[32*i +: 32] <= (cfg_key2[32*i +: 32] & ~wm_key2) | (wf_key2 & wm_key2);
                for (i = 0; i < 4; i = i + 1)
                    if (we_iv[i])
                        cfg_iv[32*i +: 32] <= (cfg_iv[32*i +: 32] & ~wm_iv) | (wf_iv & wm_iv);
            end
        end
    end

    // ---- read channel -------------------------------------------------------
    assign s_axil_arready = !rvalid_q;

    always @(posedge clk) begin
        if (!rst_n) begin
            rvalid_q <= 1'b0; rdata_q <= 32'h0; rresp_q <= OKAY;
        end else if (s_axil_arvalid && !rvalid_q) begin
            rvalid_q <= 1'b1;
            rdata_q  <= rd_mux;
            rresp_q  <= rd_mapped ? OKAY : SLVERR;
        end else if (s_axil_rready) begin
            rvalid_q <= 1'b0;
            rdata_q  <= 32'h0;
        end
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_axil_regs: the AXI4-Lite register block of aes_axis (docs/aes_axis.md).
//
// Holds the staged configuration (CTRL, KEY0-7, IV0-3), the ERROR bits and
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
// CLEAR (wins over COMMIT when both bits are set) zeroizes the staged key and
// IV at once; the engine zeroizes the active context and the core's key.
//
// AW and W are each taken into a one-entry holding register (ready = empty),
// so no ready depends combinationally on a valid; one write is processed at
// a time. Addresses decode on bits [11:2]; unmapped offsets answer SLVERR.
`default_nettype none

module aes_axil_regs #(
    parameter [31:0] ID_VALUE  = 32'h4145_5301,
    parameter [31:0] CAPS      = 32'h0,
    parameter        CAN_ENC   = 1,        // core has the encrypt direction
    parameter        CAN_DEC   = 1,        // core has the decrypt direction
    parameter [2:0]  KEYS      = 3'b111,   // key sizes supported: 128, 192, 256
    parameter        GCM       = 1         // MODE 3 (GCM) built
) (
    input  wire        clk,
    input  wire        rst_n,
    // AXI4-Lite slave
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [11:0] s_axil_awaddr,      // bits [1:0]: byte offset, ignored (wstrb)
    input  wire [2:0]  s_axil_awprot,      // protection is not checked
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output reg  [1:0]  s_axil_bresp,
    output reg         s_axil_bvalid,
    input  wire        s_axil_bready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [11:0] s_axil_araddr,
    input  wire [2:0]  s_axil_arprot,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output reg  [31:0] s_axil_rdata,
    output reg  [1:0]  s_axil_rresp,
    output reg         s_axil_rvalid,
    input  wire        s_axil_rready,
    // staged configuration
    output reg  [255:0] cfg_key,
    output reg  [1:0]   cfg_key_len,
    output reg  [1:0]   cfg_mode,
    output reg          cfg_decrypt,
    output reg  [127:0] cfg_iv,
    // command to the mode engine
    output reg          cmd_valid,        // level until cmd_done
    output reg          cmd_clear,        // 1: CLEAR, 0: COMMIT
    input  wire         cmd_done,
    output reg          hold,             // pause s_axis acceptance
    // status from the engine
    input  wire         st_ready,
    input  wire         st_busy,
    input  wire         ev_partial,       // pulse: partial ECB/CBC block seen
    input  wire         ev_tag_fail,      // pulse: a GCM decryption's tag did not match
    input  wire         ev_frame,         // pulse: a malformed GCM packet
    input  wire [31:0]  blocks_in,
    input  wire [31:0]  blocks_out
);
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

    // word offsets (byte offset / 4)
    localparam [9:0] A_ID = 10'h000, A_CAPS = 10'h001, A_CTRL = 10'h004, A_STATUS = 10'h005,
                     A_ERROR = 10'h006, A_COMMAND = 10'h007, A_KEY0 = 10'h008,
                     A_IV0 = 10'h010, A_IV3 = 10'h013, A_BIN = 10'h014, A_BOUT = 10'h015;

    function mapped;
        input [9:0] a;
        mapped = (a <= A_CAPS) || (a >= A_CTRL && a <= A_BOUT);
    endfunction

    // byte-lane merge under wstrb
    function [31:0] merge;
        input [31:0] old;
        input [31:0] data;
        input [3:0]  strb;
        integer b;
        begin
            for (b = 0; b < 4; b = b + 1)
                merge[8*b +: 8] = strb[b] ? data[8*b +: 8] : old[8*b +: 8];
        end
    endfunction

    reg [3:0] err_q;          // [0] BAD_CONFIG, [1] PARTIAL, [2] TAG_FAIL, [3] FRAME
    wire [3:0] err_ev = {ev_frame, ev_tag_fail, ev_partial, 1'b0};

    // ---- write channel ------------------------------------------------------
    reg        aw_full, w_full;
    reg [9:0]  aw_word;
    reg [31:0] w_data;
    reg [3:0]  w_strb;
    assign s_axil_awready = !aw_full;
    assign s_axil_wready  = !w_full;

    wire do_write = aw_full && w_full && !s_axil_bvalid && !cmd_valid;
    wire [31:0] ctrl_word = {26'h0, cfg_key_len, 1'b0, cfg_decrypt, cfg_mode};

    // COMMIT check: reserved codes, and what the build supports.
    wire core_dec  = cfg_decrypt && (cfg_mode < 2'd2);    // CTR and GCM use the encrypt direction
    wire cfg_ok    = ((cfg_mode != 2'd3) || (GCM != 0)) && (cfg_key_len != 2'd3) && KEYS[cfg_key_len] &&
                     (core_dec ? (CAN_DEC != 0) : (CAN_ENC != 0));
    wire is_cmd    = (aw_word == A_COMMAND) && w_strb[0] && (w_data[0] || w_data[1]);

    integer i;
    always @(posedge clk) begin
        if (!rst_n) begin
            aw_full <= 1'b0; w_full <= 1'b0; aw_word <= 10'h0; w_data <= 32'h0; w_strb <= 4'h0;
            s_axil_bvalid <= 1'b0; s_axil_bresp <= OKAY;
            cfg_key <= 256'h0; cfg_key_len <= 2'd0; cfg_mode <= 2'd0; cfg_decrypt <= 1'b0; cfg_iv <= 128'h0;
            cmd_valid <= 1'b0; cmd_clear <= 1'b0; hold <= 1'b0;
            err_q <= 4'b0000;
        end else begin
            if (s_axil_awvalid && !aw_full) begin
                aw_full <= 1'b1;
                aw_word <= s_axil_awaddr[11:2];
            end
            if (s_axil_wvalid && !w_full) begin
                w_full <= 1'b1;
                w_data <= s_axil_wdata;
                w_strb <= s_axil_wstrb;
            end
            if (s_axil_bvalid && s_axil_bready) begin
                s_axil_bvalid <= 1'b0;
                hold <= 1'b0;
            end
            if (cmd_valid && cmd_done) begin
                cmd_valid     <= 1'b0;
                s_axil_bvalid <= 1'b1;
                s_axil_bresp  <= OKAY;
            end
            err_q <= err_q | err_ev;
            if (do_write) begin
                aw_full <= 1'b0;
                w_full  <= 1'b0;
                w_data  <= 32'h0;      // no remanence: a written key word leaves no copy here
                w_strb  <= 4'h0;
                s_axil_bresp <= mapped(aw_word) ? OKAY : SLVERR;
                if (is_cmd && w_data[1]) begin                 // CLEAR
                    cmd_valid <= 1'b1; cmd_clear <= 1'b1; hold <= 1'b1;
                    cfg_key <= 256'h0; cfg_iv <= 128'h0;
                end else if (is_cmd && cfg_ok) begin           // good COMMIT
                    cmd_valid <= 1'b1; cmd_clear <= 1'b0; hold <= 1'b1;
                end else begin
                    s_axil_bvalid <= 1'b1;
                    if (is_cmd) err_q[0] <= 1'b1;              // refused COMMIT
                end
                if (aw_word == A_CTRL && w_strb[0]) begin     // all CTRL fields are in byte 0
                    cfg_mode    <= w_data[1:0];
                    cfg_decrypt <= w_data[2];
                    cfg_key_len <= w_data[5:4];
                end
                if (aw_word == A_ERROR)                        // RW1C; a new event wins
                    err_q <= (err_q & ~(w_data[3:0] & {4{w_strb[0]}})) | err_ev;
                for (i = 0; i < 8; i = i + 1)
                    if (aw_word == A_KEY0 + i[9:0])
                        cfg_key[32*i +: 32] <= merge(cfg_key[32*i +: 32], w_data, w_strb);
                for (i = 0; i < 4; i = i + 1)
                    if (aw_word == A_IV0 + i[9:0])
                        cfg_iv[32*i +: 32] <= merge(cfg_iv[32*i +: 32], w_data, w_strb);
            end
        end
    end

    // ---- read channel -------------------------------------------------------
    assign s_axil_arready = !s_axil_rvalid;
    wire [9:0] ar_word = s_axil_araddr[11:2];
    reg  [31:0] rd_mux;
    always @(*) begin
        rd_mux = 32'h0;
        case (ar_word)
            A_ID:     rd_mux = ID_VALUE;
            A_CAPS:   rd_mux = CAPS;
            A_CTRL:   rd_mux = ctrl_word;
            A_STATUS: rd_mux = {29'h0, |err_q, st_busy, st_ready};
            A_ERROR:  rd_mux = {28'h0, err_q};
            A_BIN:    rd_mux = blocks_in;
            A_BOUT:   rd_mux = blocks_out;
            default: begin
                if (ar_word >= A_IV0 && ar_word <= A_IV3)
                    rd_mux = cfg_iv[32*ar_word[1:0] +: 32];
                // KEY0-7 and COMMAND read 0, unmapped offsets too (with SLVERR)
            end
        endcase
    end

    always @(posedge clk) begin
        if (!rst_n) begin
            s_axil_rvalid <= 1'b0; s_axil_rdata <= 32'h0; s_axil_rresp <= OKAY;
        end else if (s_axil_arvalid && !s_axil_rvalid) begin
            s_axil_rvalid <= 1'b1;
            s_axil_rdata  <= rd_mux;
            s_axil_rresp  <= mapped(ar_word) ? OKAY : SLVERR;
        end else if (s_axil_rready) begin
            s_axil_rvalid <= 1'b0;
            s_axil_rdata  <= 32'h0;
        end
    end
endmodule

`default_nettype wire

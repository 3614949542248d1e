// SPDX-License-Identifier: Apache-2.0
// aes_axis_unit: the body of aes_axis, one copy: the AXI4-Lite register block,
// the mode engine and the core (aes_core_select by ARCH), wired as
//
//   s_axil --> aes_axil_regs --(staged key/IV/CTRL, COMMIT/CLEAR)--> aes_mode_engine
//   s_axis --> aes_mode_engine --> aes_core_select (ARCH) --> aes_mode_engine --> m_axis
//
// aes_axis builds one of these, or two in lockstep when FAULT_DETECT = 1 (the
// comparison and what a fault does are there). Parameters: as aes_axis, checked
// there; CAP_FAULT only sets CAPS.FAULT. `fault` (level) wipes the key and stops
// the unit (aes_axil_regs).
`default_nettype none

module aes_axis_unit #(
    parameter [71:0] ARCH = "PIPELINED",
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    parameter U          = 1,
    parameter STAGES     = 1,
    parameter IMPL       = "LUT",
    parameter CORE_MODE  = "BOTH",
    parameter KEY_MODE   = "SHARED",
    parameter KEYS       = 3'b111,
    parameter GCM        = 1,
    parameter XTS        = 0,
    parameter CAP_FAULT  = 0
) (
    input  wire                    aclk,
    input  wire                    aresetn,
    input  wire                    fault,
`include "aes_axil_ports.vh"
`include "aes_axis_ports.vh"
);
    localparam LW = (LANES > 1) ? $clog2(LANES) : 1;
    localparam CAP_XTS = (XTS != 0) ? 1 : 0;
    // XTS tweak core: LUT S-boxes in every build. Its round is one clock (an iterative core),
    // and with COMPOSITE S-boxes that loop (about 2.4 ns in NanGate45) would set the whole IP's
    // clock; LUT S-boxes cost more area in a core this small and keep it off the critical path.
    localparam [71:0] TW_IMPL = "LUT";
    // core sideband: aes_mode_engine's SW (its layout is there)
    localparam SW = USER_WIDTH + 1 + 16*LANES + 128*LANES + LW + 1 + 4*LANES + 3 + 4*CAP_XTS;

    `include "aes_axis_codes.vh"       // ARCH_* codes (generated from the register map)
    localparam [1:0] ARCH_CODE = (ARCH == "PIPELINED") ? ARCH_PIPELINED : (ARCH == "FOLDED") ? ARCH_FOLDED
                                                                       : ARCH_ITERATIVE;
    localparam CAN_ENC = (CORE_MODE != "DEC") ? 1 : 0;
    localparam CAN_DEC = (CORE_MODE != "ENC") ? 1 : 0;
    localparam [2:0] KEYS_EFF = (ARCH == "PIPELINED") ? KEYS : 3'b111;
    localparam [7:0] CAP_LANES  = (LANES > 255) ? 8'd255 : LANES[7:0];
    localparam [3:0] CAP_STAGES = (STAGES > 15) ? 4'd15 : STAGES[3:0];
    localparam [3:0] CAP_U      = (ARCH != "FOLDED") ? 4'd1 : (U > 15) ? 4'd15 : U[3:0];
    localparam       CAP_AGILE  = (ARCH == "PIPELINED" && KEY_MODE == "AGILE") ? 1 : 0;
    localparam       CAP_GCM    = (GCM != 0 && CAN_ENC != 0) ? 1 : 0;   // GCM needs the encrypt direction
    // CAPS (its fields: rtl/bus/aes_axis_regs.rdl) is assembled in aes_axil_regs.

    wire [255:0] cfg_key, cfg_key2;
    wire [1:0]   cfg_key_len;
    wire [2:0]   cfg_mode;
    wire         cfg_decrypt;
    wire [127:0] cfg_iv;
    wire         cmd_valid, cmd_clear, cmd_done, hold;
    wire         st_ready, st_busy, ev_partial, ev_tag_fail, ev_frame;
    wire [31:0]  blocks_in, blocks_out;

    aes_axil_regs #(.CAP_LANES(CAP_LANES), .CAP_ARCH(ARCH_CODE), .CAP_STAGES(CAP_STAGES), .CAP_U(CAP_U),
                    .CAP_AGILE(CAP_AGILE), .CAN_ENC(CAN_ENC), .CAN_DEC(CAN_DEC), .KEYS(KEYS_EFF),
                    .GCM(CAP_GCM), .XTS(CAP_XTS), .CAP_FAULT(CAP_FAULT)) u_regs (
        .clk(aclk), .rst_n(aresetn), .fault(fault),
`include "aes_axil_conn.vh"
        .cfg_key(cfg_key), .cfg_key2(cfg_key2), .cfg_key_len(cfg_key_len), .cfg_mode(cfg_mode), .cfg_decrypt(cfg_decrypt),
        .cfg_iv(cfg_iv), .cmd_valid(cmd_valid), .cmd_clear(cmd_clear), .cmd_done(cmd_done), .hold(hold),
        .st_ready(st_ready), .st_busy(st_busy), .ev_partial(ev_partial),
        .ev_tag_fail(ev_tag_fail), .ev_frame(ev_frame),
        .blocks_in(blocks_in), .blocks_out(blocks_out)
    );

    wire                 core_key_valid, core_key_ready, core_key_decrypt, core_key_clear;
    wire                 core_in_valid, core_in_ready, core_out_valid, core_out_ready, core_busy;
    wire [128*LANES-1:0] core_in_data, core_out_data;
    wire [SW-1:0]        core_in_user, core_out_user;

    aes_mode_engine #(.LANES(LANES), .USER_WIDTH(USER_WIDTH), .GCM(CAP_GCM), .XTS(CAP_XTS),
                      .TW_IMPL(TW_IMPL)) u_engine (
        .clk(aclk), .rst_n(aresetn),
        .cmd_valid(cmd_valid), .cmd_clear(cmd_clear), .cmd_done(cmd_done), .hold(hold),
        .cfg_mode(cfg_mode), .cfg_decrypt(cfg_decrypt), .cfg_iv(cfg_iv),
        .cfg_key2(cfg_key2), .cfg_key_len(cfg_key_len),
        .st_ready(st_ready), .st_busy(st_busy), .ev_partial(ev_partial),
        .ev_tag_fail(ev_tag_fail), .ev_frame(ev_frame),
        .blocks_in(blocks_in), .blocks_out(blocks_out),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
        .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tlast(m_axis_tlast),
        .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .core_key_valid(core_key_valid), .core_key_ready(core_key_ready),
        .core_key_decrypt(core_key_decrypt), .core_key_clear(core_key_clear),
        .core_in_valid(core_in_valid), .core_in_ready(core_in_ready), .core_in_data(core_in_data),
        .core_in_user(core_in_user), .core_out_valid(core_out_valid), .core_out_ready(core_out_ready),
        .core_out_data(core_out_data), .core_out_user(core_out_user), .core_busy(core_busy)
    );

    // key_error: every COMMIT is checked against the build before it reaches
    // the core (ERROR.BAD_CONFIG), so the core never refuses a key.
    wire core_key_error_unused;
    aes_core_select #(.ARCH(ARCH), .LANES(LANES), .U(U), .STAGES(STAGES), .IMPL(IMPL),
                      .MODE(CORE_MODE), .KEY_MODE(KEY_MODE), .KEYS(KEYS), .USER_W(SW)) u_core (
        .clk(aclk), .rst_n(aresetn),
        .key_valid(core_key_valid), .key_ready(core_key_ready), .key(cfg_key), .key_len(cfg_key_len),
        .key_decrypt(core_key_decrypt), .key_error(core_key_error_unused), .key_clear(core_key_clear),
        .in_valid(core_in_valid), .in_ready(core_in_ready), .in_data(core_in_data), .in_user(core_in_user),
        .out_valid(core_out_valid), .out_ready(core_out_ready), .out_data(core_out_data),
        .out_user(core_out_user), .busy(core_busy)
    );
endmodule

`default_nettype wire

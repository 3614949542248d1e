// SPDX-License-Identifier: Apache-2.0
// aes_axis_ports.vh: the AXI4-Stream ports of aes_axis (s_axis in, m_axis out),
// written once for every module that has them (aes_axis, aes_axis_unit,
// aes_mode_engine). Included as the last entries of a port list (no comma
// after it). The including module has the parameters LANES (128-bit blocks per
// beat) and USER_WIDTH (tuser bits).
    // AXI4-Stream in
    input  wire [128*LANES-1:0]    s_axis_tdata,
    input  wire [16*LANES-1:0]     s_axis_tkeep,
    input  wire                    s_axis_tlast,
    input  wire [USER_WIDTH-1:0]   s_axis_tuser,
    input  wire                    s_axis_tvalid,
    output wire                    s_axis_tready,
    // AXI4-Stream out
    output wire [128*LANES-1:0]    m_axis_tdata,
    output wire [16*LANES-1:0]     m_axis_tkeep,
    output wire                    m_axis_tlast,
    output wire [USER_WIDTH-1:0]   m_axis_tuser,
    output wire                    m_axis_tvalid,
    input  wire                    m_axis_tready

// SPDX-License-Identifier: Apache-2.0
// aes_axil_ports.vh: the AXI4-Lite slave ports of aes_axis (4 KiB window, 32-bit
// data), written once for every module that has them (aes_axis, aes_axis_unit,
// aes_axil_regs). Included inside a port list; it ends with a comma, so ports
// follow it. Address bits [1:0] and the protection bits are not decoded
// (aes_axil_regs): the waiver below says so for the modules that end there.
    // AXI4-Lite slave
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [11:0]             s_axil_awaddr,      // bits [1:0]: byte offset, ignored (wstrb)
    input  wire [2:0]              s_axil_awprot,      // protection is not checked
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                    s_axil_awvalid,
    output wire                    s_axil_awready,
    input  wire [31:0]             s_axil_wdata,
    input  wire [3:0]              s_axil_wstrb,
    input  wire                    s_axil_wvalid,
    output wire                    s_axil_wready,
    output wire [1:0]              s_axil_bresp,
    output wire                    s_axil_bvalid,
    input  wire                    s_axil_bready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [11:0]             s_axil_araddr,      // bits [1:0]: ignored (word reads)
    input  wire [2:0]              s_axil_arprot,      // protection is not checked
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                    s_axil_arvalid,
    output wire                    s_axil_arready,
    output wire [31:0]             s_axil_rdata,
    output wire [1:0]              s_axil_rresp,
    output wire                    s_axil_rvalid,
    input  wire                    s_axil_rready,

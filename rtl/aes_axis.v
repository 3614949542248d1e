// SPDX-License-Identifier: Apache-2.0
// aes_axis: AES ECB/CBC/CTR/GCM/XTS IP with AXI4-Stream data and AXI4-Lite control.
//
//   s_axil --> aes_axil_regs --(staged key/IV/CTRL, COMMIT/CLEAR)--> aes_mode_engine
//   s_axis --> aes_mode_engine --> aes_core_select (ARCH) --> aes_mode_engine --> m_axis
//   (these three: aes_axis_unit; two of them in lockstep with FAULT_DETECT = 1)
//
// Register map, CAPS fields, commit timing and mode framing: docs/aes_axis.md.
// Parameters: ARCH ("ITERATIVE", "FOLDED", "PIPELINED"), LANES (blocks per
// beat), USER_WIDTH (tuser bits), and for the core: U (FOLDED round units),
// STAGES (registers per round), IMPL ("LUT"/"COMPOSITE" S-boxes), CORE_MODE
// ("BOTH", "ENC" or "DEC": core directions; CTR needs ENC), KEY_MODE
// ("SHARED"/"AGILE", PIPELINED only), KEYS (PIPELINED only: key sizes
// built, bit0 128, bit1 192, bit2 256), GCM (0/1), XTS (0/1: XTS-AES with ciphertext
// stealing, a tweak core of its own), FAULT_DETECT (0/1: fault detection).
`default_nettype none

module aes_axis #(
    parameter [71:0] ARCH = "PIPELINED",   // 9 characters: -G overrides compare cleanly
    parameter LANES      = 1,
    parameter USER_WIDTH = 1,
    parameter U          = 1,
    parameter STAGES     = 1,
    parameter IMPL       = "LUT",
    parameter CORE_MODE  = "BOTH",
    parameter KEY_MODE   = "SHARED",
    parameter KEYS       = 3'b111,
    parameter GCM        = 1,           // build GCM (CTRL.MODE 3): GHASH + tag unit
    parameter XTS        = 0,           // build XTS (CTRL.MODE_HI 1): tweak core + stealing
    parameter FAULT_DETECT = 0          // 1: two units in lockstep, outputs compared (faults)
) (
    input  wire                    aclk,
    input  wire                    aresetn,
`include "aes_axil_ports.vh"
`include "aes_axis_ports.vh"
);
    // ---- parameter checks: an out-of-range value stops elaboration (Icarus, Verilator and
    // Yosys alike) with a missing module whose name says which parameter and its range.
    // (String parameters compare zero-extended against names of other lengths.)
    /* verilator lint_off WIDTH */
    generate
        if (ARCH != "ITERATIVE" && ARCH != "FOLDED" && ARCH != "PIPELINED") begin : g_bad_param0
            ERROR_aes_axis_ARCH_must_be_ITERATIVE_FOLDED_or_PIPELINED u_stop ();
        end
        if (LANES < 1 || LANES > 255) begin : g_bad_param1
            ERROR_aes_axis_LANES_must_be_1_to_255 u_stop ();
        end
        if (USER_WIDTH < 1) begin : g_bad_param2
            ERROR_aes_axis_USER_WIDTH_must_be_at_least_1 u_stop ();
        end
        if (CORE_MODE != "ENC" && CORE_MODE != "DEC" && CORE_MODE != "BOTH") begin : g_bad_param3
            ERROR_aes_axis_CORE_MODE_must_be_ENC_DEC_or_BOTH u_stop ();
        end
        if (GCM < 0 || GCM > 1) begin : g_bad_param4
            ERROR_aes_axis_GCM_must_be_0_or_1 u_stop ();
        end
        if (FAULT_DETECT < 0 || FAULT_DETECT > 1) begin : g_bad_param5
            ERROR_aes_axis_FAULT_DETECT_must_be_0_or_1 u_stop ();
        end
        if (XTS < 0 || XTS > 1) begin : g_bad_param6
            ERROR_aes_axis_XTS_must_be_0_or_1 u_stop ();
        end
    endgenerate
    /* verilator lint_on WIDTH */

    // ---- the unit (register block, mode engine, core), and with FAULT_DETECT = 1 a
    // second one in lockstep. Both copies see the same inputs; every output of the two
    // (AXI4-Lite and AXI4-Stream, all bits) is compared in every cycle. A difference is a
    // fault: in that same cycle the m_axis beat is withheld (tvalid 0: a faulty result
    // never leaves, even if it was stalled on m_axis before: the stream is aborted), and
    // from the next cycle on, until reset: no beat leaves or enters (s_axis_tready 0), both
    // units drain their beats internally (discarded) and wipe the key (ERROR.FAULT set, the
    // staged key and IV zeroed, then an internal CLEAR: aes_axil_regs). AXI4-Lite keeps
    // answering from the first unit (ERROR.FAULT readable; COMMITs refused).
    // Scope: one bit flipped in any flip-flop of either unit (datapath, round keys, key
    // banks, counters, control, registers) that would change an output is caught before
    // that output leaves, since the other unit still computes the fault-free value; the
    // comparison and the fault flag below are single points (docs/aes_axis.md).
    localparam W = 128 * LANES;
    wire                  fault;               // registered: a difference was seen
    wire                  in_valid_int  = s_axis_tvalid && !fault;
    wire                  out_ready_int = m_axis_tready || fault;     // drain after a fault
    wire                  a_tready, a_tvalid, a_tlast;
    wire [W-1:0]          a_tdata;
    wire [16*LANES-1:0]   a_tkeep;
    wire [USER_WIDTH-1:0] a_tuser;
    wire                  differ;              // the copies' outputs differ now (0 without a copy)

    aes_axis_unit #(.ARCH(ARCH), .LANES(LANES), .USER_WIDTH(USER_WIDTH), .U(U), .STAGES(STAGES),
                    .IMPL(IMPL), .CORE_MODE(CORE_MODE), .KEY_MODE(KEY_MODE), .KEYS(KEYS), .GCM(GCM),
                    .XTS(XTS), .CAP_FAULT(FAULT_DETECT)) u_main (
        .aclk(aclk), .aresetn(aresetn), .fault(fault),
`include "aes_axil_conn.vh"
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
        .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(in_valid_int), .s_axis_tready(a_tready),
        .m_axis_tdata(a_tdata), .m_axis_tkeep(a_tkeep), .m_axis_tlast(a_tlast),
        .m_axis_tuser(a_tuser), .m_axis_tvalid(a_tvalid), .m_axis_tready(out_ready_int)
    );

    generate
        if (FAULT_DETECT != 0) begin : g_lockstep
            wire                  b_awready, b_wready, b_bvalid, b_arready, b_rvalid;
            wire [1:0]            b_bresp, b_rresp;
            wire [31:0]           b_rdata;
            wire                  b_tready, b_tvalid, b_tlast;
            wire [W-1:0]          b_tdata;
            wire [16*LANES-1:0]   b_tkeep;
            wire [USER_WIDTH-1:0] b_tuser;
            aes_axis_unit #(.ARCH(ARCH), .LANES(LANES), .USER_WIDTH(USER_WIDTH), .U(U), .STAGES(STAGES),
                            .IMPL(IMPL), .CORE_MODE(CORE_MODE), .KEY_MODE(KEY_MODE), .KEYS(KEYS),
                            .GCM(GCM), .XTS(XTS), .CAP_FAULT(FAULT_DETECT)) u_check (
                .aclk(aclk), .aresetn(aresetn), .fault(fault),
                .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
                .s_axil_awready(b_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
                .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(b_wready), .s_axil_bresp(b_bresp),
                .s_axil_bvalid(b_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
                .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(b_arready),
                .s_axil_rdata(b_rdata), .s_axil_rresp(b_rresp), .s_axil_rvalid(b_rvalid),
                .s_axil_rready(s_axil_rready),
                .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
                .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(in_valid_int), .s_axis_tready(b_tready),
                .m_axis_tdata(b_tdata), .m_axis_tkeep(b_tkeep), .m_axis_tlast(b_tlast),
                .m_axis_tuser(b_tuser), .m_axis_tvalid(b_tvalid), .m_axis_tready(out_ready_int)
            );
            assign differ =
                ({s_axil_awready, s_axil_wready, s_axil_bresp, s_axil_bvalid, s_axil_arready,
                  s_axil_rdata, s_axil_rresp, s_axil_rvalid} !=
                 {b_awready, b_wready, b_bresp, b_bvalid, b_arready, b_rdata, b_rresp, b_rvalid}) ||
                ({a_tready, a_tvalid, a_tlast, a_tdata, a_tkeep, a_tuser} !=
                 {b_tready, b_tvalid, b_tlast, b_tdata, b_tkeep, b_tuser});
            reg fault_q;
            always @(posedge aclk)
                if (!aresetn) fault_q <= 1'b0;
                else if (differ) fault_q <= 1'b1;
            assign fault = fault_q;
        end else begin : g_single
            assign differ = 1'b0;
            assign fault  = 1'b0;
        end
    endgenerate

    // Outputs: zero while not valid, as the unit's are.
    wire release_beat = a_tvalid && !fault && !differ;
    assign s_axis_tready = a_tready && !fault;
    assign m_axis_tvalid = release_beat;
    assign m_axis_tdata  = release_beat ? a_tdata : {W{1'b0}};
    assign m_axis_tkeep  = release_beat ? a_tkeep : {16*LANES{1'b0}};
    assign m_axis_tlast  = release_beat && a_tlast;
    assign m_axis_tuser  = release_beat ? a_tuser : {USER_WIDTH{1'b0}};
endmodule

`default_nettype wire

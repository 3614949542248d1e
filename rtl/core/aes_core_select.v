// SPDX-License-Identifier: Apache-2.0
// aes_core_select: one AES core chosen by ARCH, behind the shared core
// interface, so aes_axis and aes_bist are written once for all cores.
//   "ITERATIVE"  aes_core_folded, U = 1, STAGES = 1 (one round per clock)
//   "FOLDED"     aes_core_folded with U round units of STAGES registers each
//   "PIPELINED"  aes_core_pipelined (STAGES registers per round, KEY_MODE)
// Any other ARCH string builds the iterative core.
`default_nettype none

module aes_core_select #(
    parameter [71:0] ARCH = "PIPELINED",   // sized: shorter names zero-extend
    parameter LANES    = 1,
    parameter U        = 1,
    parameter STAGES   = 1,
    parameter IMPL     = "LUT",
    parameter LUT_LANES = 0,          // PIPELINED only (aes_core_pipelined)
    parameter LUT_IMPL = "LUT",       // PIPELINED only: the LUT_LANES lanes' S-box form
    parameter MODE     = "BOTH",
    parameter KEY_MODE = "SHARED",
    parameter KEYS     = 3'b111,
    parameter USER_W   = 1
) (
`include "aes_core_ports.vh"
);
    generate
        if (ARCH == "PIPELINED") begin : g_pipelined
            aes_core_pipelined #(.LANES(LANES), .STAGES(STAGES), .IMPL(IMPL), .LUT_LANES(LUT_LANES),
                                 .LUT_IMPL(LUT_IMPL), .MODE(MODE), .KEY_MODE(KEY_MODE), .KEYS(KEYS), .USER_W(USER_W)) u_core (
`include "aes_core_conn.vh"
            );
        end else begin : g_folded
            localparam FU = (ARCH == "FOLDED") ? U : 1;
            localparam FS = (ARCH == "FOLDED") ? STAGES : 1;
            aes_core_folded #(.U(FU), .LANES(LANES), .STAGES(FS), .IMPL(IMPL), .MODE(MODE),
                              .USER_W(USER_W)) u_core (
`include "aes_core_conn.vh"
            );
        end
    endgenerate
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_reset_copies: rst_n registered once, as N flip-flops of their own (a reset tree of one
// level), for a core built with AES_RESET_REG.
//
// Contract: rst_c[k] is rst_n of the clock before, for every k (all N equal); each copy is a
// flip-flop kept apart (`keep`: synthesis does not merge the equal copies back into one), so
// a caller gives each region of its logic (a round, a FIFO piece, a key register group) its
// own copy and no reset net spans the core.
// Why (docs/results/notes.md): on ECP5 the core's synchronous resets hung on one net from the
// integrator's reset register, which reached thousands of flip-flops' LSR pins across the chip:
// the clock-setting path of the five-lane block-RAM build (117.3 MHz: 7.7 ns of routing to the
// credits' resets; 123.8 MHz with the copies). (A single lane routed slower with them: the
// ecp5 target gives them to its builds of two or more lanes only.)
// What it changes for the caller: its logic sees reset one clock after rst_n (the cores say so:
// docs/core_interface.md, AES_RESET_REG).
`default_nettype none

module aes_reset_copies #(
    parameter N = 1
) (
    input  wire         clk,
    input  wire         rst_n,
    output wire [N-1:0] rst_c
);
    generate
        if (N < 1) begin : g_bad_param0
            ERROR_aes_reset_copies_N_must_be_at_least_1 u_stop ();
        end
    endgenerate
    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_copy
            reg q;
            (* keep *) always @(posedge clk) q <= rst_n;
            assign rst_c[k] = q;
        end
    endgenerate
endmodule

`default_nettype wire

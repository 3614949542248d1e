// SPDX-License-Identifier: Apache-2.0
// aes_clock_gate: an integrated clock gate. gclk is clk in every cycle whose rising edge finds
// en high, and low otherwise: a register clocked by gclk takes its D exactly where one clocked
// by clk with `if (en)` would, without the hold multiplexer in front of each flip-flop.
//
// Contract: en comes from the clk domain and is settled before clk rises (a setup check, the
// same as a flip-flop's D). The latch is transparent while clk is low and holds while it is
// high, so en may change during the high phase without a glitch on gclk.
//
// This is the behavioural form (simulation; targets without a clock-gate cell never read it:
// aes_fifo and aes_key_bank instantiate it, and only where AES_CLOCK_GATE is defined, see
// aes_gated.vh). `aeshw synth --target asic` replaces the module with the liberty's
// integrated clock-gate cell (a cell with `clock_gating_integrated_cell :
// latch_posedge...`, its test enable tied low), which
// OpenSTA checks as a clock-gating end point; a latch and an AND from the gate library would
// have no such check.
//
// Simulation: gclk follows clk through one continuous assignment, so every process on gclk
// runs in the same time step as those on clk, before any non-blocking update of that step
// (Icarus; Verilator 5 schedules gated clocks the same way).
`default_nettype none

module aes_clock_gate (
    input  wire clk,
    input  wire en,
    output wire gclk
);
    reg en_l;           // en, latched while clk is low
    /* verilator lint_off LATCH */  // the latch is the point: it holds en while clk is high
    always @*
        if (!clk) en_l = en;
    /* verilator lint_on LATCH */
    assign gclk = clk & en_l;
endmodule

`default_nettype wire

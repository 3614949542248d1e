// SPDX-License-Identifier: Apache-2.0
// aes_xts_tweak: XTS's encrypted tweaks, E(key 2, i) for the data units i, i+1, i+2, ...
// (IEEE 1619, SP 800-38E), computed ahead of the data that needs them.
//
// A small core of its own (aes_core_folded, encrypt only, TU round units, one stage) holds
// key 2 and encrypts the data-unit numbers in order; its output FIFO is the queue of ready
// tweaks. It never waits for the data path: it keeps encrypting i, i+1, ... while its FIFO
// has room (the core reserves a FIFO place before it takes a block), so when a data unit ends
// the next unit's tweak is normally already there (`t_valid`), and `take` pops it.
// The data-unit number is a 128-bit little-endian number (byte 0, bits [7:0], least
// significant, as IEEE 1619 and dm-crypt's plain64 use): the next unit's number is i + 1.
//
// The number is counted by aes_ctr_blocks (LANES 1): its split increment (an 8-bit add and the
// high part's successor kept in a register) keeps the 128-bit carry off the clock; counted
// here as a plain `num + 1`, it was the whole IP's worst path (2.8 ns: docs/results/notes.md).
// aes_ctr_blocks counts a big-endian number, so the little-endian number goes in and comes out
// byte-swapped. Its contract holds: no step in the cycle after a load (the key handshake comes
// first), and a load before any step after a clear.
//
// Rate: the core does one tweak per Nr cycles per round unit; a data unit of B bytes on a
// LANES-block stream lasts B / (16 LANES) cycles, so TU >= 14 LANES 16 / B keeps up with
// back-to-back units of B bytes (aes_mode_engine picks TU for 512-byte units).
//
// `load` (the COMMIT's key handshake): key 2, its length and the first number; tweaks made
// under the previous key are dropped: `outst` counts the requests in the core (in flight or
// in its FIFO), a load makes that many of the next results stale, and those are popped and
// discarded as they come (results leave in request order). `clear` (CLEAR, reset): stop, zero the
// number, wipe the core's key; the FIFO zeroes itself once it has drained (aes_fifo).
`default_nettype none

module aes_xts_tweak #(
    parameter TU   = 1,          // round units of the tweak core (1..14)
    parameter IMPL = "LUT"       // its S-boxes: "LUT" or "COMPOSITE"
) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire         load,          // pulse: new key 2 and first data-unit number
    input  wire         clear,         // pulse: wipe
    input  wire [255:0] key2,
    input  wire [1:0]   key_len,
    input  wire [127:0] first,         // the first data-unit number (IV)
    output wire         t_valid,       // a tweak of the current generation is ready
    output wire [127:0] t_data,
    input  wire         take,          // pop it (only with t_valid)
    output wire         busy           // requests or results in the core
);
    reg  [5:0]  outst;        // requests in the core, not yet popped (<= 2 TU + 2)
    reg  [5:0]  drop;         // results still to come that belong to an earlier key
    reg         need_key;     // key 2 not yet handed to the core
    reg         running;      // requests may go in
    wire [127:0] num;         // next data-unit number to encrypt (little-endian)
    reg [255:0] key_q;        // key 2, until the core has taken it
    reg [1:0]   len_q;

    wire key_ready, in_ready, out_valid, out_user_unused, key_error_unused;
    wire [127:0] out_data;
    wire stale   = out_valid && (drop != 6'd0);
    wire in_fire = running && !need_key && in_ready;
    wire pop     = out_valid && (stale || take || !running);
    assign t_valid = running && out_valid && !stale;
    assign t_data  = t_valid ? out_data : 128'h0;

    `include "aes_defs.vh"           // aes_bswap128
    wire [127:0] num_be;
    aes_ctr_blocks #(.LANES(1)) u_num (
        .clk(clk), .rst_n(rst_n), .clear(clear), .load(load && !clear), .value(aes_bswap128(first)),
        .step(in_fire), .blocks(num_be)
    );
    assign num = aes_bswap128(num_be);

    aes_core_folded #(.U(TU), .LANES(1), .STAGES(1), .IMPL(IMPL), .MODE("ENC"), .USER_W(1)) u_core (
        .clk(clk), .rst_n(rst_n),
        .key_valid(need_key), .key_ready(key_ready), .key(key_q), .key_len(len_q),
        .key_decrypt(1'b0), .key_error(key_error_unused), .key_clear(clear),
        .in_valid(running && !need_key), .in_ready(in_ready), .in_data(num), .in_user(1'b0),
        .out_valid(out_valid), .out_ready(stale || take || !running), .out_data(out_data),
        .out_user(out_user_unused), .busy(busy)
    );

    always @(posedge clk) begin
        outst <= outst + {5'd0, in_fire} - {5'd0, pop};
        if (pop && drop != 6'd0) drop <= drop - 6'd1;
        if (!rst_n) begin
            outst <= 6'd0; drop <= 6'd0;
        end
        if (!rst_n || clear) begin
            need_key <= 1'b0; running <= 1'b0;
            key_q <= 256'h0; len_q <= 2'd0;
        end else if (load) begin
            drop <= outst + {5'd0, in_fire} - {5'd0, pop};   // every request made so far is stale
            need_key <= 1'b1; running <= 1'b1;
            key_q <= key2; len_q <= key_len;
        end else begin
            if (need_key && key_ready) begin
                need_key <= 1'b0;
                key_q    <= 256'h0;      // the core holds it now: no second copy here
            end
        end
    end
endmodule

`default_nettype wire

// SPDX-License-Identifier: Apache-2.0
// aes_gcm_frame: the input side of GCM in aes_mode_engine. Classifies every
// lane of a GCM packet and forms the core's input block (docs/aes_axis.md, GCM).
//
// A GCM message is one AXI4-Stream packet (tlast on its last beat) of whole
// 16-byte blocks, in message block order (beat order, then lane order):
//   block 0        header: IV (bytes 0..11), tag length in bytes (byte 12; 0 = 16),
//                  flags (byte 13: bit 0 LONG_IV), N_IV (byte 14), N_SKIP (byte 15)
//   LONG_IV only:  N_IV blocks: the IV zero-padded, then [0]64 || [len(IV)]64 (the
//                  GHASH input that gives J0 for IVs other than 96 bits), then N_SKIP
//                  ignored blocks so that the length block starts a beat
//   1 block        the GCM length block: len(A) || len(C) in bits, 64-bit big-endian
//   A blocks       AAD, the last one zero-padded (A = ceil(len(A)/128))
//   C blocks       payload (plaintext to encrypt, ciphertext to decrypt), last one padded
//   1 block        tag: the expected tag (decrypt), anything (encrypt)
// Lanes after the tag block in the last beat carry tkeep = 0.
// Every beat of a message takes LANES block positions, so the packet layout is
// the same for every LANES and no lane ever waits for another.
//
// Core input per lane: 96-bit IV: header -> J0 = IV || 0^31 || 1 (its output
// E(K, J0) masks the tag); LONG_IV: the length block -> J0, which aes_gcm_tag
// hashes from the IV blocks and returns on j0_in (the input waits for it before
// the length block's beat: about the core latency + 3 cycles per such message);
// payload block k -> inc32^(k+1)(J0); all other lanes -> 0 (output unused). Block counts are held in 32 bits:
// AAD and payload up to 2^32 - 1 blocks each (GCM itself allows 2^32 - 2 payload blocks).
`default_nettype none

module aes_gcm_frame #(
    parameter LANES = 1
) (
    input  wire                   clk,
    input  wire                   rst_n,
    input  wire                   clear,         // zeroize the per-message registers
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [128*LANES-1:0]   tdata,         // only the header and length lanes are read
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [16*LANES-1:0]    tkeep,
    input  wire                   tlast,
    input  wire                   beat_fire,     // a GCM beat is taken this cycle
    input  wire                   j0_in_valid,   // LONG_IV: J0 = GHASH of the IV blocks
    input  wire [127:0]           j0_in,
    output wire                   wait_j0,       // hold the stream: this beat needs J0
    output reg  [128*LANES-1:0]   core_data,
    output reg  [4*LANES-1:0]     kinds,         // per lane, codes below
    output wire                   ev_frame       // pulse: a malformed packet (ERROR.FRAME)
);
    `include "aes_gcm_kinds.vh"     // K_NONE ... K_SKIP
    localparam integer LANES_I = LANES;

    function [31:0] be32;        // 4 stream bytes <-> 32-bit big-endian integer
        input [31:0] x;
        be32 = {x[7:0], x[15:8], x[23:16], x[31:24]};
    endfunction
    // ceil(bits / 128) of a big-endian 64-bit length field (stream bytes 0..7),
    // kept to 32 bits: value bits [38:32] are the low 7 bits of byte 3, [31:0] bytes
    // 4..7; bits [63:39] are beyond the documented limit and ignored.
    function [31:0] blocks_of;
        input [6:0]  byte3;
        input [31:0] bytes4to7;
        reg   [38:0] bits;
        begin
            bits      = {byte3, be32(bytes4to7)};
            blocks_of = bits[38:7] + {31'h0, |bits[6:0]};
        end
    endfunction

    reg  [31:0]  blk_q;          // message block index of this beat's lane 0
    reg  [127:0] j0_q;           // J0 once known
    reg          j0_ok;          // j0_q holds this message's J0
    reg  [31:0]  a_q, c_q;       // AAD and payload block counts
    reg          long_q;
    reg  [7:0]   niv_q, nskip_q;
    reg          done_q;         // the tag block has passed: only tlast may follow

    wire         first   = (blk_q == 32'd0);
    wire         long_iv = first ? tdata[104] : long_q;
    wire [7:0]   n_iv    = first ? tdata[119:112] : niv_q;
    wire [7:0]   n_skip  = first ? tdata[127:120] : nskip_q;
    wire [33:0]  len_idx = long_iv ? 34'd1 + {26'h0, n_iv} + {26'h0, n_skip} : 34'd1;
    wire [127:0] j0      = (first && !long_iv) ? {32'h0100_0000, tdata[95:0]} : j0_q;
    // The length block: lane 1 of the first beat or the second beat (96-bit IV), or
    // lane 0 of the beat it starts (LONG_IV).
    wire         len_here = long_iv ? ({2'b0, blk_q} == len_idx) :
                            (LANES > 1) ? first : (blk_q == 32'd1);
    /* verilator lint_off UNUSEDSIGNAL */   // length bits beyond the 32-bit block counts
    wire [127:0] len_blk  = tdata[128*((LANES > 1 && !long_iv) ? 1 : 0) +: 128];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0]  a_cnt    = len_here ? blocks_of(len_blk[30:24], len_blk[63:32])   : a_q;
    wire [31:0]  c_cnt    = len_here ? blocks_of(len_blk[94:88], len_blk[127:96]) : c_q;
    wire [33:0]  tag_idx  = len_idx + 34'd1 + {2'b0, a_cnt} + {2'b0, c_cnt};
    assign wait_j0 = long_iv && len_here && !j0_ok && !done_q;

    integer j;
    reg  [33:0] b, d, e;
    reg  [31:0] ctr;
    reg         bad;
    always @(*) begin
        bad = 1'b0;
        for (j = 0; j < LANES; j = j + 1) begin
            b = {2'b0, blk_q} + {2'b0, j[31:0]};
            e = b - len_idx - 34'd1;                 // AAD index when >= 0
            d = e - {2'b0, a_cnt};                   // payload index when >= 0
            ctr = be32(j0[127:96]) + 32'd1 + d[31:0];  // inc32^(k+1)(J0) for payload k
            core_data[128*j +: 128] = 128'h0;
            if (done_q)
                kinds[4*j +: 4] = K_NONE;
            else if (b == 34'd0) begin
                kinds[4*j +: 4] = K_HDR;
                if (!long_iv) core_data[128*j +: 128] = j0;
            end else if (long_iv && b <= {26'h0, n_iv})
                kinds[4*j +: 4] = (b == {26'h0, n_iv}) ? K_IVHL : K_IVH;
            else if (b < len_idx)
                kinds[4*j +: 4] = K_SKIP;
            else if (b == len_idx) begin
                kinds[4*j +: 4] = K_LEN;
                if (long_iv) core_data[128*j +: 128] = j0;
                if (long_iv && j != 0) bad = 1'b1;  // LONG_IV: the length block starts a beat
            end else if (e < {2'b0, a_cnt})
                kinds[4*j +: 4] = (e == {2'b0, a_cnt} - 34'd1) ? K_AADL : K_AAD;
            else if (d < {2'b0, c_cnt}) begin
                kinds[4*j +: 4] = (d == {2'b0, c_cnt} - 34'd1) ? K_PAYL : K_PAY;
                core_data[128*j +: 128] = {be32(ctr), j0[95:0]};
            end else if (b == tag_idx)
                kinds[4*j +: 4] = K_TAG;
            else
                kinds[4*j +: 4] = K_NONE;
            // a block of the message must be whole; nothing may follow the tag
            if (kinds[4*j +: 4] != K_NONE ? !(&tkeep[16*j +: 16]) : (|tkeep[16*j +: 16]))
                bad = 1'b1;
        end
        if (first && long_iv && n_iv == 8'd0) bad = 1'b1;
    end

    // Frame errors: a partial block or data after the tag (bad), tlast before the
    // tag block (truncated), or any beat after the tag's beat (tlast missing there).
    wire tag_here  = !done_q && (tag_idx >= {2'b0, blk_q}) && (tag_idx < {2'b0, blk_q} + {2'b0, LANES_I[31:0]});
    assign ev_frame = beat_fire && (bad || (tlast && !tag_here && !done_q) || done_q);

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            blk_q <= 32'h0; j0_q <= 128'h0; j0_ok <= 1'b0; a_q <= 32'h0; c_q <= 32'h0;
            long_q <= 1'b0; niv_q <= 8'h0; nskip_q <= 8'h0; done_q <= 1'b0;
        end else begin
            if (j0_in_valid) begin j0_q <= j0_in; j0_ok <= 1'b1; end
            if (beat_fire) begin
                if (first) begin
                    long_q <= long_iv; niv_q <= n_iv; nskip_q <= n_skip;
                    if (!long_iv) j0_q <= j0;
                end
                if (len_here) begin a_q <= a_cnt; c_q <= c_cnt; end
                if (tlast) begin
                    blk_q <= 32'h0; done_q <= 1'b0; j0_ok <= 1'b0;
                    j0_q <= 128'h0; a_q <= 32'h0; c_q <= 32'h0; long_q <= 1'b0;
                end else begin
                    blk_q  <= blk_q + LANES_I;
                    done_q <= done_q || tag_here;
                end
            end
        end
    end
endmodule

`default_nettype wire

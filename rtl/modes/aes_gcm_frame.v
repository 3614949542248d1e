// aes_gcm_frame: the input side of GCM in aes_mode_engine. Classifies every
// lane of a GCM packet and forms the core's input block (docs/aes_axis.md, GCM).
//
// A GCM message is one AXI4-Stream packet (tlast on its last beat) of whole
// 16-byte blocks, in message block order (beat order, then lane order):
//   block 0        header: IV (bytes 0..11), tag length in bytes (byte 12; 0 = 16)
//   block 1        the GCM length block: len(A) || len(C) in bits, 64-bit big-endian
//   A blocks       AAD, the last one zero-padded (A = ceil(len(A)/128))
//   C blocks       payload (plaintext to encrypt, ciphertext to decrypt), last one padded
//   1 block        tag: the expected tag (decrypt), anything (encrypt)
// Lanes after the tag block in the last beat carry tkeep = 0.
// Every beat of a message takes LANES block positions, so the packet layout is
// the same for every LANES and no lane ever waits for another.
//
// Core input per lane: header -> J0 = IV || 0^31 || 1 (its output E(K, J0)
// masks the tag); payload block k -> inc32 counter IV || [k + 2]32; all other
// lanes -> 0 (their core output is unused). Block counts are held in 32 bits:
// AAD and payload up to 2^32 - 1 blocks each (GCM itself allows 2^32 - 2 payload blocks).
`default_nettype none

module aes_gcm_frame #(
    parameter LANES = 1
) (
    input  wire                   clk,
    input  wire                   rst_n,
    input  wire                   clear,         // zeroize the per-message registers
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [128*LANES-1:0]   tdata,         // only the header lanes are read
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [16*LANES-1:0]    tkeep,
    input  wire                   tlast,
    input  wire                   beat_fire,     // a GCM beat is taken this cycle
    output reg  [128*LANES-1:0]   core_data,
    output reg  [3*LANES-1:0]     kinds,         // per lane, codes below
    output wire                   ev_frame       // pulse: a malformed packet (ERROR.FRAME)
);
    localparam [2:0] K_NONE = 3'd0, K_HDR = 3'd1, K_LEN = 3'd2, K_AAD = 3'd3,
                     K_AADL = 3'd4, K_PAY = 3'd5, K_PAYL = 3'd6, K_TAG = 3'd7;
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

    reg  [31:0] blk_q;           // message block index of this beat's lane 0
    reg  [95:0] iv_q;
    reg  [31:0] a_q, c_q;        // AAD and payload block counts
    reg         done_q;          // the tag block has passed: only tlast may follow

    wire         first   = (blk_q == 32'd0);
    wire [95:0]  iv      = first ? tdata[95:0] : iv_q;
    // The length block is lane 1 of the first beat, or the whole second beat (LANES = 1).
    wire         len_here = (LANES > 1) ? first : (blk_q == 32'd1);
    /* verilator lint_off UNUSEDSIGNAL */   // length bits beyond the 32-bit block counts
    wire [127:0] len_blk  = tdata[128*((LANES > 1) ? 1 : 0) +: 128];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0]  a_cnt    = len_here ? blocks_of(len_blk[30:24], len_blk[63:32])   : a_q;
    wire [31:0]  c_cnt    = len_here ? blocks_of(len_blk[94:88], len_blk[127:96]) : c_q;
    wire [33:0]  tag_idx  = 34'd2 + {2'b0, a_cnt} + {2'b0, c_cnt};

    integer j;
    reg  [33:0] b, d;
    reg  [31:0] ctr;
    reg         bad;
    always @(*) begin
        bad = 1'b0;
        for (j = 0; j < LANES; j = j + 1) begin
            b = {2'b0, blk_q} + {2'b0, j[31:0]};
            d = b - 34'd2 - {2'b0, a_cnt};          // payload index when >= 0
            ctr = b[31:0] - a_cnt;                   // inc32 counter: payload k -> k + 2
            core_data[128*j +: 128] = 128'h0;
            if (done_q)
                kinds[3*j +: 3] = K_NONE;
            else if (b == 34'd0) begin
                kinds[3*j +: 3] = K_HDR;
                core_data[128*j +: 128] = {32'h0100_0000, iv};
            end else if (b == 34'd1)
                kinds[3*j +: 3] = K_LEN;
            else if (b - 34'd2 < {2'b0, a_cnt})
                kinds[3*j +: 3] = (b - 34'd2 == {2'b0, a_cnt} - 34'd1) ? K_AADL : K_AAD;
            else if (d < {2'b0, c_cnt}) begin
                kinds[3*j +: 3] = (d == {2'b0, c_cnt} - 34'd1) ? K_PAYL : K_PAY;
                core_data[128*j +: 128] = {be32(ctr), iv};
            end else if (b == tag_idx)
                kinds[3*j +: 3] = K_TAG;
            else
                kinds[3*j +: 3] = K_NONE;
            // a block of the message must be whole; nothing may follow the tag
            if (kinds[3*j +: 3] != K_NONE ? !(&tkeep[16*j +: 16]) : (|tkeep[16*j +: 16]))
                bad = 1'b1;
        end
    end

    // Frame errors: a partial block or data after the tag (bad), tlast before the
    // tag block (truncated), or any beat after the tag's beat (tlast missing there).
    wire tag_here  = !done_q && (tag_idx >= {2'b0, blk_q}) && (tag_idx < {2'b0, blk_q} + {2'b0, LANES_I[31:0]});
    assign ev_frame = beat_fire && (bad || (tlast && !tag_here && !done_q) || done_q);

    always @(posedge clk) begin
        if (!rst_n || clear) begin
            blk_q <= 32'h0; iv_q <= 96'h0; a_q <= 32'h0; c_q <= 32'h0; done_q <= 1'b0;
        end else if (beat_fire) begin
            if (first) iv_q <= tdata[95:0];
            if (len_here) begin a_q <= a_cnt; c_q <= c_cnt; end
            if (tlast) begin
                blk_q <= 32'h0; done_q <= 1'b0;
                iv_q <= 96'h0; a_q <= 32'h0; c_q <= 32'h0;
            end else begin
                blk_q  <= blk_q + LANES_I;
                done_q <= done_q || tag_here;
            end
        end
    end
endmodule

`default_nettype wire

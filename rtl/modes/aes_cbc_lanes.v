// SPDX-License-Identifier: Apache-2.0
// aes_cbc_lanes: CBC mode's input side (NIST SP 800-38A 6.2) for a beat of LANES blocks.
//
// Decrypt: every lane goes through the core at once; lane j's result is XORed with the
//   ciphertext of lane j-1, lane 0's with the chain value, and the chain value of the next
//   beat is the ciphertext of the last lane.
// Encrypt: one lane at a time (each needs the previous result): the lane being issued is
//   XORed with the chain value and goes to the core on lane 0 (other lanes zero); the
//   engine sequences the lanes and takes each result as the new chain value.
// Purely combinational.
`default_nettype none

module aes_cbc_lanes #(
    parameter LANES = 1,
    parameter LW    = (LANES > 1) ? $clog2(LANES) : 1     // derived, do not override
) (
    input  wire [128*LANES-1:0] data,       // the beat (ciphertext to decrypt, plaintext to encrypt)
    input  wire [127:0]         chain,      // chain value in force
    /* verilator lint_off UNUSEDSIGNAL */   // LANES = 1: the index has one value
    input  wire [LW-1:0]        lane,       // encrypt: the lane being issued
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [128*LANES-1:0] enc_block,  // encrypt: core input, {0, ..., P[lane] ^ chain}
    output wire [128*LANES-1:0] dec_xor,    // decrypt: lane j's XOR value {C[L-2], ..., C[0], chain}
    output wire [127:0]         dec_next    // decrypt: the chain value after this beat
);
    localparam W = 128 * LANES;
    generate
        if (LANES > 1) begin : g_lanes
            assign enc_block = {{(W-128){1'b0}}, data[128*lane +: 128] ^ chain};
            assign dec_xor   = {data[W-128-1:0], chain};
        end else begin : g_one
            assign enc_block = data ^ chain;
            assign dec_xor   = chain;
        end
    endgenerate
    assign dec_next = data[W-128 +: 128];
endmodule

`default_nettype wire

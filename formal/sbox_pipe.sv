// SPDX-License-Identifier: Apache-2.0
// Pipelined S-boxes (formal/README.md, job sbox_pipe): PIPE = 1 and 2, LUT and
// COMPOSITE, and PIPE = 3 and 4, COMPOSITE (the cuts of five- and six-stage rounds), MODE
// "BOTH" (runtime inv), give the PIPE = 0 LUT S-box of the input (and inv) presented PIPE
// cycles earlier. ce is held high here (the
// cores' S-boxes only see ce = 1: their datapath never stalls).
`default_nettype none

module sbox_pipe (
    input wire       clk,
    input wire [7:0] x,
    input wire       inv
);
    wire [7:0] ref0, lut1, lut2, cmp1, cmp2, cmp3, cmp4;
    aes_sbox #(.IMPL("LUT"),       .MODE("BOTH"), .PIPE(0)) u_ref  (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(ref0));
    aes_sbox #(.IMPL("LUT"),       .MODE("BOTH"), .PIPE(1)) u_lut1 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(lut1));
    aes_sbox #(.IMPL("LUT"),       .MODE("BOTH"), .PIPE(2)) u_lut2 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(lut2));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(1)) u_cmp1 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(cmp1));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(2)) u_cmp2 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(cmp2));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(3)) u_cmp3 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(cmp3));
    aes_sbox #(.IMPL("COMPOSITE"), .MODE("BOTH"), .PIPE(4)) u_cmp4 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(cmp4));

    reg [7:0] ref_d1, ref_d2, ref_d3, ref_d4;
    reg [2:0] filled = 3'd0;
    always @(posedge clk) begin
        ref_d1 <= ref0;
        ref_d2 <= ref_d1;
        ref_d3 <= ref_d2;
        ref_d4 <= ref_d3;
        if (filled != 3'd4) filled <= filled + 1'b1;
    end

    always @* begin
        if (filled >= 1) assert (lut1 == ref_d1 && cmp1 == ref_d1);
        if (filled >= 2) assert (lut2 == ref_d2 && cmp2 == ref_d2);
        if (filled >= 3) assert (cmp3 == ref_d3);
        if (filled >= 4) assert (cmp4 == ref_d4);
    end
endmodule

`default_nettype wire

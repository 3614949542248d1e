// SPDX-License-Identifier: Apache-2.0
// Block-RAM S-boxes (formal/README.md, job sbox_bram): IMPL "BRAM" with PIPE
// 1, 2 and 3, both ports of a shared table (MODE "BOTH", runtime inv) and the
// one-direction tables (ENC, DEC), give the PIPE = 0 LUT S-box of the inputs
// presented PIPE cycles earlier: the synchronous-read table form is equivalent
// to the LUT form. The T-table form (PIPE 2, both ports) gives {2S, S} of the
// LUT S-box. ce is held high (as the cores drive it).
`default_nettype none

module sbox_bram (
    input wire       clk,
    input wire [7:0] x,
    input wire [7:0] y,
    input wire       inv
);
    wire [7:0] rx, ry, rxe, rxd;
    aes_sbox #(.IMPL("LUT"), .MODE("BOTH"), .PIPE(0)) u_rx  (.clk(clk), .ce(1'b1), .inv(inv),  .in_byte(x), .out_byte(rx));
    aes_sbox #(.IMPL("LUT"), .MODE("BOTH"), .PIPE(0)) u_ry  (.clk(clk), .ce(1'b1), .inv(inv),  .in_byte(y), .out_byte(ry));
    aes_sbox #(.IMPL("LUT"), .MODE("ENC"),  .PIPE(0)) u_rxe (.clk(clk), .ce(1'b1), .inv(1'b0), .in_byte(x), .out_byte(rxe));
    aes_sbox #(.IMPL("LUT"), .MODE("DEC"),  .PIPE(0)) u_rxd (.clk(clk), .ce(1'b1), .inv(1'b1), .in_byte(x), .out_byte(rxd));

    // T-table: {2S, S} of both ports, PIPE 2
    wire [31:0] tt;
    aes_sbox #(.IMPL("TTABLE"), .MODE("ENC"), .PIPE(2), .PORTS(2)) u_tt (.clk(clk), .ce(1'b1), .inv(1'b0), .in_byte({y, x}), .out_byte(tt));
    wire [7:0] ryse;
    aes_sbox #(.IMPL("LUT"), .MODE("ENC"), .PIPE(0)) u_ryse (.clk(clk), .ce(1'b1), .inv(1'b0), .in_byte(y), .out_byte(ryse));
    function [15:0] tword;      // {02} * s by its definition: x * s mod x^8 + x^4 + x^3 + x + 1
        input [7:0] s;
        tword = {{s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00), s};
    endfunction
    reg [31:0] rt1, rt2;
    always @(posedge clk) begin
        rt1 <= {tword(ryse), tword(rxe)};
        rt2 <= rt1;
    end

    wire [15:0] b1, b2, b3;
    wire [7:0]  e1, d2;
    aes_sbox #(.IMPL("BRAM"), .MODE("BOTH"), .PIPE(1), .PORTS(2)) u_b1 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte({y, x}), .out_byte(b1));
    aes_sbox #(.IMPL("BRAM"), .MODE("BOTH"), .PIPE(2), .PORTS(2)) u_b2 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte({y, x}), .out_byte(b2));
    aes_sbox #(.IMPL("BRAM"), .MODE("BOTH"), .PIPE(3), .PORTS(2)) u_b3 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte({y, x}), .out_byte(b3));
    aes_sbox #(.IMPL("BRAM"), .MODE("ENC"),  .PIPE(1)) u_e1 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(e1));
    aes_sbox #(.IMPL("BRAM"), .MODE("DEC"),  .PIPE(2)) u_d2 (.clk(clk), .ce(1'b1), .inv(inv), .in_byte(x), .out_byte(d2));

    reg [15:0] r1, r2, r3;
    reg [7:0]  re1, rd1, rd2;
    reg [1:0]  filled = 2'd0;
    always @(posedge clk) begin
        r1 <= {ry, rx};
        r2 <= r1;
        r3 <= r2;
        re1 <= rxe;
        rd1 <= rxd;
        rd2 <= rd1;
        if (filled != 2'd3) filled <= filled + 1'b1;
    end

    always @* begin
        if (filled >= 1) assert (b1 == r1 && e1 == re1);
        if (filled >= 2) assert (b2 == r2 && d2 == rd2 && tt == rt2);
        if (filled >= 3) assert (b3 == r3);
    end
endmodule

`default_nettype wire

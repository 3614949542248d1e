// SPDX-License-Identifier: Apache-2.0
// aes_ecp5_rom: a 512 x 8 table with two read ports in one Lattice ECP5 DP16KD
// (2048 x 9 mode), with the block's output registers on (REGMODE "OUTREG"):
// data_a/data_b appear two clocks after addr_a/addr_b (address register, then
// output register; both advance with ce).
//
// Why instantiate: Yosys's inference maps a synchronous-read table to DP16KD
// but never uses its output register, so the read costs the block's ~4 ns
// clock-to-data; with OUTREG it costs a register-to-fabric delay. Used by
// aes_sbox (IMPL "BRAM", PIPE >= 2) when the ecp5 synthesis target defines
// AES_ECP5_EBR; nothing else reads this file (no simulator has the primitive).
// The INITVAL layout (16 words of 18 bits in 20-bit slots per row, 9-bit entry
// 2w in the low half of word w) is checked against Yosys's own mapping of the
// portable form by tb/synth/test_py_ecp5_rom.py, as are the address pins.
`default_nettype none

module aes_ecp5_rom #(
    parameter [4095:0] TABLE = 4096'h0     // entry e (0..511) at [8e+7:8e]
) (
    input  wire       clk,
    input  wire       ce,
    input  wire [8:0] addr_a,
    input  wire [8:0] addr_b,
    output wire [7:0] data_a,
    output wire [7:0] data_b
);
    function [7:0] entry;
        input integer e;
        begin
            if (e < 512) entry = TABLE[8*e +: 8];
            else         entry = 8'h00;
        end
    endfunction

    // INITVAL row `row`: words 16*row .. 16*row+15, word w = {entry 2w+1, entry 2w} (9 bits each).
    function [319:0] initval;
        input integer row;
        integer j, w;
        begin
            initval = 320'h0;
            for (j = 0; j < 16; j = j + 1) begin
                w = 16 * row + j;
                initval[20*j +: 18] = {1'b0, entry(2*w + 1), 1'b0, entry(2*w)};
            end
        end
    endfunction

    /* verilator lint_off UNUSEDSIGNAL */   // the ninth data bit and the unused output pins
    wire [17:0] do_a, do_b;
    /* verilator lint_on UNUSEDSIGNAL */
    assign data_a = do_a[7:0];
    assign data_b = do_b[7:0];

    DP16KD #(
        .DATA_WIDTH_A(9), .DATA_WIDTH_B(9),
        .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
        .RESETMODE("SYNC"), .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
        .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
        .INITVAL_00(initval(0)),
        .INITVAL_01(initval(1)),
        .INITVAL_02(initval(2)),
        .INITVAL_03(initval(3)),
        .INITVAL_04(initval(4)),
        .INITVAL_05(initval(5)),
        .INITVAL_06(initval(6)),
        .INITVAL_07(initval(7)),
        .INITVAL_08(initval(8)),
        .INITVAL_09(initval(9)),
        .INITVAL_0A(initval(10)),
        .INITVAL_0B(initval(11)),
        .INITVAL_0C(initval(12)),
        .INITVAL_0D(initval(13)),
        .INITVAL_0E(initval(14)),
        .INITVAL_0F(initval(15)),
        .INITVAL_10(initval(16)),
        .INITVAL_11(initval(17)),
        .INITVAL_12(initval(18)),
        .INITVAL_13(initval(19)),
        .INITVAL_14(initval(20)),
        .INITVAL_15(initval(21)),
        .INITVAL_16(initval(22)),
        .INITVAL_17(initval(23)),
        .INITVAL_18(initval(24)),
        .INITVAL_19(initval(25)),
        .INITVAL_1A(initval(26)),
        .INITVAL_1B(initval(27)),
        .INITVAL_1C(initval(28)),
        .INITVAL_1D(initval(29)),
        .INITVAL_1E(initval(30)),
        .INITVAL_1F(initval(31)),
        .INITVAL_20(initval(32)),
        .INITVAL_21(initval(33)),
        .INITVAL_22(initval(34)),
        .INITVAL_23(initval(35)),
        .INITVAL_24(initval(36)),
        .INITVAL_25(initval(37)),
        .INITVAL_26(initval(38)),
        .INITVAL_27(initval(39)),
        .INITVAL_28(initval(40)),
        .INITVAL_29(initval(41)),
        .INITVAL_2A(initval(42)),
        .INITVAL_2B(initval(43)),
        .INITVAL_2C(initval(44)),
        .INITVAL_2D(initval(45)),
        .INITVAL_2E(initval(46)),
        .INITVAL_2F(initval(47)),
        .INITVAL_30(initval(48)),
        .INITVAL_31(initval(49)),
        .INITVAL_32(initval(50)),
        .INITVAL_33(initval(51)),
        .INITVAL_34(initval(52)),
        .INITVAL_35(initval(53)),
        .INITVAL_36(initval(54)),
        .INITVAL_37(initval(55)),
        .INITVAL_38(initval(56)),
        .INITVAL_39(initval(57)),
        .INITVAL_3A(initval(58)),
        .INITVAL_3B(initval(59)),
        .INITVAL_3C(initval(60)),
        .INITVAL_3D(initval(61)),
        .INITVAL_3E(initval(62)),
        .INITVAL_3F(initval(63))
    ) u_ebr (
        .CLKA(clk), .CEA(ce), .OCEA(ce), .WEA(1'b0), .RSTA(1'b0),
        .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
        .ADA13(1'b0), .ADA12(1'b0), .ADA11(addr_a[8]), .ADA10(addr_a[7]), .ADA9(addr_a[6]), .ADA8(addr_a[5]), .ADA7(addr_a[4]), .ADA6(addr_a[3]), .ADA5(addr_a[2]), .ADA4(addr_a[1]), .ADA3(addr_a[0]), .ADA2(1'b0), .ADA1(1'b0), .ADA0(1'b0),
        .DIA17(1'b0), .DIA16(1'b0), .DIA15(1'b0), .DIA14(1'b0), .DIA13(1'b0), .DIA12(1'b0), .DIA11(1'b0), .DIA10(1'b0), .DIA9(1'b0), .DIA8(1'b0), .DIA7(1'b0), .DIA6(1'b0), .DIA5(1'b0), .DIA4(1'b0), .DIA3(1'b0), .DIA2(1'b0), .DIA1(1'b0), .DIA0(1'b0),
        .DOA17(do_a[17]), .DOA16(do_a[16]), .DOA15(do_a[15]), .DOA14(do_a[14]), .DOA13(do_a[13]), .DOA12(do_a[12]), .DOA11(do_a[11]), .DOA10(do_a[10]), .DOA9(do_a[9]), .DOA8(do_a[8]), .DOA7(do_a[7]), .DOA6(do_a[6]), .DOA5(do_a[5]), .DOA4(do_a[4]), .DOA3(do_a[3]), .DOA2(do_a[2]), .DOA1(do_a[1]), .DOA0(do_a[0]),
        .CLKB(clk), .CEB(ce), .OCEB(ce), .WEB(1'b0), .RSTB(1'b0),
        .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
        .ADB13(1'b0), .ADB12(1'b0), .ADB11(addr_b[8]), .ADB10(addr_b[7]), .ADB9(addr_b[6]), .ADB8(addr_b[5]), .ADB7(addr_b[4]), .ADB6(addr_b[3]), .ADB5(addr_b[2]), .ADB4(addr_b[1]), .ADB3(addr_b[0]), .ADB2(1'b0), .ADB1(1'b0), .ADB0(1'b0),
        .DIB17(1'b0), .DIB16(1'b0), .DIB15(1'b0), .DIB14(1'b0), .DIB13(1'b0), .DIB12(1'b0), .DIB11(1'b0), .DIB10(1'b0), .DIB9(1'b0), .DIB8(1'b0), .DIB7(1'b0), .DIB6(1'b0), .DIB5(1'b0), .DIB4(1'b0), .DIB3(1'b0), .DIB2(1'b0), .DIB1(1'b0), .DIB0(1'b0),
        .DOB17(do_b[17]), .DOB16(do_b[16]), .DOB15(do_b[15]), .DOB14(do_b[14]), .DOB13(do_b[13]), .DOB12(do_b[12]), .DOB11(do_b[11]), .DOB10(do_b[10]), .DOB9(do_b[9]), .DOB8(do_b[8]), .DOB7(do_b[7]), .DOB6(do_b[6]), .DOB5(do_b[5]), .DOB4(do_b[4]), .DOB3(do_b[3]), .DOB2(do_b[2]), .DOB1(do_b[1]), .DOB0(do_b[0])
    );
endmodule

`default_nettype wire

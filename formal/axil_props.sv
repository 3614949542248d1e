// SPDX-License-Identifier: Apache-2.0
// aes_axil_regs AXI4-Lite slave properties (formal/README.md, job axil_regs).
//
// Every AXI input is free (no assumption on the master at all: the slave must
// be correct whatever the master does), and so is every input from the mode
// engine side (cmd_done, st_*, ev_partial, blocks_*): that side is left free.
// The only assumption is a reset in the first cycle.
`default_nettype none

module axil_props (
    input wire        clk,
    input wire        rst_n,
    input wire [11:0] awaddr,
    input wire [2:0]  awprot,
    input wire        awvalid,
    input wire [31:0] wdata,
    input wire [3:0]  wstrb,
    input wire        wvalid,
    input wire        bready,
    input wire [11:0] araddr,
    input wire [2:0]  arprot,
    input wire        arvalid,
    input wire        rready,
    input wire        cmd_done,
    input wire        st_ready,
    input wire        st_busy,
    input wire        ev_partial,
    input wire [31:0] blocks_in,
    input wire [31:0] blocks_out,
    input wire        fault
);
    wire        awready, wready, bvalid, arready, rvalid;
    wire [1:0]  bresp, rresp;
    wire [31:0] rdata;
    wire        cmd_valid, cmd_clear, hold;
    wire [255:0] cfg_key, cfg_key2;
    wire [127:0] cfg_iv;
    wire [1:0]  cfg_key_len;
    wire [2:0]  cfg_mode;
    wire        cfg_decrypt;

    aes_axil_regs dut (
        .clk(clk), .rst_n(rst_n),
        .s_axil_awaddr(awaddr), .s_axil_awprot(awprot), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
        .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid), .s_axil_wready(wready),
        .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), .s_axil_bready(bready),
        .s_axil_araddr(araddr), .s_axil_arprot(arprot), .s_axil_arvalid(arvalid), .s_axil_arready(arready),
        .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid), .s_axil_rready(rready),
        .cfg_key(cfg_key), .cfg_key2(cfg_key2), .cfg_key_len(cfg_key_len), .cfg_mode(cfg_mode), .cfg_decrypt(cfg_decrypt),
        .cfg_iv(cfg_iv), .cmd_valid(cmd_valid), .cmd_clear(cmd_clear), .cmd_done(cmd_done), .hold(hold),
        .st_ready(st_ready), .st_busy(st_busy), .ev_partial(ev_partial),
        .blocks_in(blocks_in), .blocks_out(blocks_out), .fault(fault)
    );

    // probes (connected by the .sby script after `flatten`)
    (* keep *) wire p_int_cmd;      // the command under way is the fault's internal CLEAR
    (* keep *) wire p_wiped;        // that CLEAR was issued
    (* keep *) wire p_do_write;     // a held write is carried out this cycle
    (* keep *) wire p_fault_q;      // ERROR.FAULT

    wire aw_hs = awvalid && awready;
    wire w_hs  = wvalid && wready;
    wire b_hs  = bvalid && bready;
    wire ar_hs = arvalid && arready;
    wire r_hs  = rvalid && rready;

    // Handshakes counted since reset: accepted requests not yet answered.
    reg [2:0] aw_out, w_out, ar_out;
    reg [2:0] b_wait;                   // cooperative cycles a complete write has waited for B
    reg f_past = 1'b0, f_init = 1'b0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (!rst_n) f_init <= 1'b1;
        if (!rst_n) begin
            aw_out <= 3'd0; w_out <= 3'd0; ar_out <= 3'd0; b_wait <= 3'd0;
        end else begin
            aw_out <= aw_out + aw_hs - b_hs;
            w_out  <= w_out  + w_hs  - b_hs;
            ar_out <= ar_out + ar_hs - r_hs;
            // Bounded liveness clock: runs while a write (AW and W both taken)
            // is unanswered and the environment cooperates (bready high, the
            // engine answers a command at once); restarts at each B.
            if (b_hs || !(aw_out != 0 && w_out != 0) || !bready || (cmd_valid && !cmd_done))
                b_wait <= 3'd0;
            else
                b_wait <= b_wait + 1'b1;
        end
    end
    always @* if (!f_past) assume (!rst_n);

    always @* if (f_init && rst_n) begin
        // no response without a request: a B needs an accepted AW and W, an R an accepted AR
        if (bvalid) assert (aw_out != 0 && w_out != 0);
        if (rvalid) assert (ar_out != 0);
        // one response per request: the counts of the slave's open requests are
        // exactly what its state holds (holding registers + the write in service)
        // (the fault's internal CLEAR answers no request)
        assert (aw_out == !awready + (bvalid || (cmd_valid && !p_int_cmd)));
        assert (w_out  == !wready  + (bvalid || (cmd_valid && !p_int_cmd)));
        assert (ar_out == rvalid);
        assert (!(bvalid && cmd_valid && !p_int_cmd));
        if (p_int_cmd) assert (cmd_valid && cmd_clear && p_wiped);
        if (p_wiped) assert (p_fault_q);
        // bounded liveness of B (see b_wait): at most 2 cooperative cycles of wait,
        // 4 once a fault has come (its internal CLEAR may go before the write)
        assert (b_wait <= (p_fault_q ? 3'd4 : 3'd2));
        // the command protocol towards the engine: hold covers the command
        if (cmd_valid) assert (hold);
        if (hold) assert (cmd_valid || bvalid);
    end

    always @(posedge clk) if (f_past && f_init && rst_n && $past(rst_n) && $past(f_init)) begin
        // AXI: a response, once valid, stays with its payload until taken
        if ($past(bvalid && !bready)) assert (bvalid && bresp == $past(bresp));
        if ($past(rvalid && !rready)) assert (rvalid && rdata == $past(rdata) && rresp == $past(rresp));
        // read liveness: an accepted read answers in the next cycle
        if ($past(ar_hs)) assert (rvalid);
        // the command stays asserted until the engine says done
        if ($past(cmd_valid && !cmd_done)) assert (cmd_valid && cmd_clear == $past(cmd_clear));
        // a fault: ERROR.FAULT set and kept; the staged key and IV zero (but for a
        // word written in that very cycle); a CLEAR at once if no command is under
        // way; and from then on no command but CLEAR starts
        if ($past(fault)) assert (p_fault_q);
        if ($past(p_fault_q)) assert (p_fault_q);
        if ($past(fault || p_fault_q) && !$past(p_do_write)) assert (cfg_key == 256'h0 && cfg_key2 == 256'h0 && cfg_iv == 128'h0);
        if ($past((fault || p_fault_q) && !cmd_valid && !p_wiped)) assert (cmd_valid && cmd_clear && p_int_cmd);
        if ($past(fault || p_fault_q) && cmd_valid && !$past(cmd_valid)) assert (cmd_clear);
    end
endmodule

`default_nettype wire

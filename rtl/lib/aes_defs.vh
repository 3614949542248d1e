// SPDX-License-Identifier: Apache-2.0
// aes_defs.vh: facts of AES and of the core interface that several modules use,
// written once. Included inside a module body (`include "aes_defs.vh"`); the
// include directory is rtl/lib (every file list and flow passes it).
//   aes_nr(len)             rounds for a key-length code: 0 -> 10, 1 -> 12, 2 -> 14
//   aes_idx_first(len, back), aes_idx_last(len, back, idx), aes_idx_done(len, back, idx),
//   aes_idx_next(back, idx)
//                           a block's key step index carried as its round field (aes_round_unit
//                           STEP_IDX): its first round's, whether idx is its last round's, whether
//                           it has done all rounds, and the next round's. back = 1 (a decryption)
//                           counts down: Nr-1 .. 0, then 4'hf; back = 0 counts up: 0 .. Nr-1,
//                           then Nr (the rounds done, as without STEP_IDX)
//   aes_len_ok(keys, len)   the length code names a key size built (KEYS: bit0 128,
//                           bit1 192, bit2 256); code 3 never does
//   aes_nr_max(keys)        the most rounds of the sizes built
//   aes_keep_mask(keep)     a block's byte mask from its 16 tkeep bits (byte k of
//                           the block is kept where keep[k] = 1)
//   aes_bswap128(x)         a block's 16 bytes in reverse order: register byte order (byte 0
//                           at [7:0]) <-> a 128-bit big-endian number (byte 0 most significant)
//   aes_cnt_w(lat, depth)   bits of a core's beat counters (beats in flight, FIFO
//                           credits, a key bank's beats): they count up to lat + depth
//   `AES_ECP5_TABLE_CUTS    ECP5 (AES_ECP5_EBR): the fewest cuts inside a table S-box at
//                           which it is the DP16KD with its output register (a read that
//                           ends in the block, REGMODE NOREG, costs ~4 ns clock-to-data):
//                           aes_sbox's rounds and aes_key_step's SubWord read it
//   `AES_RST(k)             a core's reset for its region k: rst_n itself, or with
//                           AES_RESET_REG (the ecp5 target's table builds of 2+ lanes) copy k
//                           of rst_n registered once (`rst_r`, aes_reset_copies), so no reset
//                           net spans the core; the core then sees reset a clock after rst_n

`ifndef AES_ECP5_TABLE_CUTS
`define AES_ECP5_TABLE_CUTS 2
`endif
`ifndef AES_RST
`ifdef AES_RESET_REG
`define AES_RST(k) rst_r[k]
`else
`define AES_RST(k) rst_n
`endif
`endif

// Every module that needs these includes this file, so a module and a submodule of it both
// declare them; a Verilator run over several tops at once (verilator -Wall over all of rtl/)
// then reports the submodule's copy as hiding its parent's (VARHIDDEN). They are the same
// functions: waived for this file only.
/* verilator lint_off VARHIDDEN */
function [3:0] aes_nr;
    input [1:0] len;
    aes_nr = 4'd10 + {1'b0, len, 1'b0};
endfunction

function [3:0] aes_idx_first;
    input [1:0] len;
    input       back;
    aes_idx_first = back ? aes_nr(len) - 4'd1 : 4'd0;
endfunction

function aes_idx_last;
    input [1:0] len;
    input       back;
    input [3:0] idx;
    aes_idx_last = back ? (idx == 4'd0) : (idx == aes_nr(len) - 4'd1);
endfunction

function aes_idx_done;
    input [1:0] len;
    input       back;
    input [3:0] idx;
    aes_idx_done = back ? (idx == 4'hf) : (idx == aes_nr(len));
endfunction

function [3:0] aes_idx_next;
    input       back;
    input [3:0] idx;
    aes_idx_next = back ? idx - 4'd1 : idx + 4'd1;
endfunction

function aes_len_ok;
    input [2:0] keys;
    input [1:0] len;
    aes_len_ok = (len != 2'd3) && keys[len];
endfunction

/* verilator lint_off UNUSEDSIGNAL */   // keys[0] (AES-128) is the fewest rounds: not read
function integer aes_nr_max;
    input [2:0] keys;
    aes_nr_max = keys[2] ? 14 : keys[1] ? 12 : 10;
endfunction
/* verilator lint_on UNUSEDSIGNAL */

function [127:0] aes_keep_mask;
    input [15:0] keep;
    integer k;
    begin
        for (k = 0; k < 16; k = k + 1)
            aes_keep_mask[8*k +: 8] = {8{keep[k]}};
    end
endfunction

function integer aes_cnt_w;
    input integer lat, depth;
    aes_cnt_w = $clog2(lat + depth + 1) + 1;
endfunction

function [127:0] aes_bswap128;
    input [127:0] x;
    integer bs_i;
    begin
        for (bs_i = 0; bs_i < 16; bs_i = bs_i + 1)
            aes_bswap128[8*(15-bs_i) +: 8] = x[8*bs_i +: 8];
    end
endfunction
/* verilator lint_on VARHIDDEN */

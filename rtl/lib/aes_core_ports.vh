// SPDX-License-Identifier: Apache-2.0
// aes_core_ports.vh: the port list of every AES core (docs/core_interface.md),
// written once. Included as the whole port list of a core module:
//     module aes_core_x #(... parameter LANES = 1, parameter USER_W = 1 ...) (
//     `include "aes_core_ports.vh"
//     );
// The including module has the parameters LANES (blocks per beat) and USER_W
// (sideband bits carried with each beat).
    input  wire                 clk,
    input  wire                 rst_n,
    // key load (a handshake; key_error: the last key offered was refused)
    input  wire                 key_valid,
    output wire                 key_ready,
    input  wire [255:0]         key,
    input  wire [1:0]           key_len,
    input  wire                 key_decrypt,
    output wire                 key_error,
    input  wire                 key_clear,
    // blocks in
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire [128*LANES-1:0] in_data,
    input  wire [USER_W-1:0]    in_user,
    // blocks out
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [128*LANES-1:0] out_data,
    output wire [USER_W-1:0]    out_user,
    output wire                 busy

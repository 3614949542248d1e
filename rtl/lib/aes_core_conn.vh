// SPDX-License-Identifier: Apache-2.0
// aes_core_conn.vh: the port connections of a core instance whose signals carry
// the ports' own names (aes_core_ports.vh), written once. Included as the whole
// connection list:  aes_core_x #(...) u_core (
//                   `include "aes_core_conn.vh"
//                   );
    .clk(clk), .rst_n(rst_n),
    .key_valid(key_valid), .key_ready(key_ready), .key(key), .key_len(key_len),
    .key_decrypt(key_decrypt), .key_error(key_error), .key_clear(key_clear),
    .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_user(in_user),
    .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_user(out_user),
    .busy(busy)

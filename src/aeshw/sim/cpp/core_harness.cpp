// SPDX-License-Identifier: Apache-2.0
// Compiled Verilator harness for any core with the shared core interface:
// streams a file of blocks through the RTL at full speed (no per-cycle Python)
// and reports the cycle counts. Built by aeshw.sim.harness, top prefixed Vcore.
//
// usage: Vharness KEYHEX KEYLEN(0/1/2) DECRYPT(0/1) LANES IN OUT
// The input length must be a multiple of 16*LANES bytes.
#include "Vcore.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

static std::vector<uint8_t> read_all(const char* path) {
    FILE* f = (std::strcmp(path, "-") == 0) ? stdin : std::fopen(path, "rb");
    if (!f) { std::perror(path); std::exit(2); }
    std::vector<uint8_t> buf;
    uint8_t tmp[1 << 16];
    size_t n;
    while ((n = std::fread(tmp, 1, sizeof tmp, f)) > 0) buf.insert(buf.end(), tmp, tmp + n);
    if (f != stdin) std::fclose(f);
    return buf;
}

// Byte i of a block/key is bits [8i+7:8i]: 32-bit word w holds bytes 4w..4w+3.
template <typename T>
static void put_bytes(T& wide, const uint8_t* b, int nbytes) {
    for (int w = 0; w < nbytes / 4; ++w)
        wide[w] = uint32_t(b[4 * w]) | uint32_t(b[4 * w + 1]) << 8 |
                  uint32_t(b[4 * w + 2]) << 16 | uint32_t(b[4 * w + 3]) << 24;
}
template <typename T>
static void get_bytes(const T& wide, uint8_t* b, int nbytes) {
    for (int w = 0; w < nbytes / 4; ++w)
        for (int k = 0; k < 4; ++k) b[4 * w + k] = uint8_t(wide[w] >> (8 * k));
}

int main(int argc, char** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: %s KEYHEX KEYLEN DECRYPT LANES IN OUT\n", argv[0]);
        return 2;
    }
    const std::string keyhex = argv[1];
    const int key_len = std::atoi(argv[2]);
    const int decrypt = std::atoi(argv[3]);
    const int lanes = std::atoi(argv[4]);
    const int beat = 16 * lanes;
    uint8_t key[32] = {0};
    for (size_t i = 0; i < keyhex.size() / 2 && i < 32; ++i)
        key[i] = uint8_t(std::strtoul(keyhex.substr(2 * i, 2).c_str(), nullptr, 16));
    std::vector<uint8_t> in = read_all(argv[5]);
    if (in.size() % beat) {
        std::fprintf(stderr, "input is %zu bytes, not a multiple of %d\n", in.size(), beat);
        return 2;
    }
    const size_t nbeats = in.size() / beat;
    std::vector<uint8_t> out(in.size());

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vcore>(ctx.get());
    uint64_t cycle = 0;
    auto edge = [&]() { top->clk = 1; top->eval(); top->clk = 0; top->eval(); ++cycle; };

    top->clk = 0; top->rst_n = 0; top->key_valid = 0; top->in_valid = 0; top->out_ready = 1;
    top->key_clear = 0;
    top->eval();
    for (int i = 0; i < 3; ++i) edge();
    top->rst_n = 1;
    edge();

    put_bytes(top->key, key, 32);
    top->key_len = key_len;
    top->key_decrypt = decrypt;
    top->key_valid = 1;
    for (;;) {
        top->eval();
        bool fire = top->key_ready;
        edge();
        if (fire) break;
        if (cycle > 1000) { std::fprintf(stderr, "key load hung\n"); return 3; }
    }
    top->key_valid = 0;
    top->eval();
    if (top->key_error) { std::fprintf(stderr, "key refused (key_error)\n"); return 3; }

    size_t sent = 0, got = 0;
    uint64_t first_in = 0, last_out = 0, idle = 0;
    while (got < nbeats) {
        top->in_valid = sent < nbeats;
        if (sent < nbeats) put_bytes(top->in_data, &in[sent * beat], beat);
        top->eval();
        bool in_fire = top->in_valid && top->in_ready;
        bool out_fire = top->out_valid;   // out_ready is held high
        if (out_fire) get_bytes(top->out_data, &out[got * beat], beat);
        edge();
        if (in_fire) { if (sent == 0) first_in = cycle; ++sent; }
        if (out_fire) { ++got; last_out = cycle; idle = 0; }
        else if (++idle > 100000) { std::fprintf(stderr, "no output for 100000 cycles\n"); return 3; }
    }
    FILE* f = (std::strcmp(argv[6], "-") == 0) ? stdout : std::fopen(argv[6], "wb");
    if (!f) { std::perror(argv[6]); return 2; }
    std::fwrite(out.data(), 1, out.size(), f);
    if (f != stdout) std::fclose(f);
    // cycles: first input handshake to last output handshake, inclusive
    std::fprintf(stderr, "beats=%zu cycles=%llu\n", nbeats,
                 (unsigned long long)(last_out - first_in + 1));
    top->final();
    return 0;
}

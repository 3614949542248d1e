// SPDX-License-Identifier: Apache-2.0
// Compiled Verilator harness for aes_axis (top prefixed Vaxis): drives the
// IP through its documented contract -- AXI4-Lite writes of CTRL/KEY/IV and
// COMMIT, then the message on s_axis -- at full simulation speed, with no
// per-cycle Python. Used by `aeshw run` (one message) and by the long stress
// (`make stress-axis`: many messages, random commits, resets, backpressure).
//
// usage: Vaxis jobs=FILE in=FILE out=FILE report=FILE lanes=L
//              [stall_in=PCT] [stall_out=PCT] [seed=N] [progress=0|1]
//
// jobs: one message per line, "KEYHEX KEYLEN MODE DECRYPT IVHEX NBYTES RESET COMMIT"
//   KEYLEN 0/1/2 (128/192/256), MODE 0 ECB / 1 CBC / 2 CTR / 3 GCM / 4 XTS (KEYHEX: key 1 then key 2;
//   a message is one data unit, its IV the tweak), RESET -1 none,
//   -2 reset while the COMMIT write is outstanding, R >= 0 reset after R beats;
//   COMMIT 1: write CTRL/KEY/IV and COMMIT before the message, 0: stream it in the
//   context in force (GCM messages carry their IV in-band).
// in: the messages' bytes, concatenated. ECB/CBC messages are whole blocks;
//   with LANES > 1 a short last beat is padded with whole zero blocks (full
//   tkeep) whose output is dropped; a CTR or XTS message's last beat carries a partial
//   tkeep (GCM packets, whole blocks: tkeep covers the packet, lanes after it 0).
//   out: the output bytes (tkeep bytes only), concatenated.
// report: "seg FIRST LAST BYTES RESET" per segment between resets, then
//   key=value statistics. Any protocol or framing violation exits 3.
#include "Vaxis.h"
#include "aes_axis_driver.h"  // sw/: the C driver and the generated register headers
#include "verilated.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

// register offsets from the generated layout
enum : uint32_t { STATUS = offsetof(aes_axis_regs_t, STATUS), ERROR = offsetof(aes_axis_regs_t, ERROR),
                  COMMAND = offsetof(aes_axis_regs_t, COMMAND), BLOCKS_IN = offsetof(aes_axis_regs_t, BLOCKS_IN),
                  BLOCKS_OUT = offsetof(aes_axis_regs_t, BLOCKS_OUT) };

struct Job {
    uint8_t key[2 * sizeof(aes_axis_regs_t::KEY)] = {0};   // XTS: key 1 then key 2
    int key_len = 0, mode = 0, decrypt = 0;
    uint8_t iv[sizeof(aes_axis_regs_t::IV)] = {0};
    size_t nbytes = 0;
    long reset = -1;
    int commit = 1;
};

[[noreturn]] void fail(const char* fmt, unsigned long long a = 0, unsigned long long b = 0) {
    std::fprintf(stderr, "axis harness: ");
    std::fprintf(stderr, fmt, a, b);
    std::fprintf(stderr, "\n");
    std::exit(3);
}

std::vector<uint8_t> read_all(const std::string& path) {
    FILE* f = (path == "-") ? stdin : std::fopen(path.c_str(), "rb");
    if (!f) { std::perror(path.c_str()); std::exit(2); }
    std::vector<uint8_t> buf;
    uint8_t tmp[1 << 16];
    size_t n;
    while ((n = std::fread(tmp, 1, sizeof tmp, f)) > 0) buf.insert(buf.end(), tmp, tmp + n);
    if (f != stdin) std::fclose(f);
    return buf;
}

void hex_to(const std::string& hex, uint8_t* out, size_t max) {
    for (size_t i = 0; i < hex.size() / 2 && i < max; ++i)
        out[i] = uint8_t(std::strtoul(hex.substr(2 * i, 2).c_str(), nullptr, 16));
}

uint32_t le32(const uint8_t* b) {
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

// Byte i of tdata / bit i of tkeep: 32-bit word i/32 (tkeep) or i/4 (tdata).
template <std::size_t N> void set_words(VlWide<N>& w, const uint32_t* v) {
    for (std::size_t i = 0; i < N; ++i) w[i] = v[i];
}
template <typename T> void set_words(T& s, const uint32_t* v) {
    s = T(uint64_t(v[0]) | (sizeof(T) > 4 ? uint64_t(v[1]) << 32 : 0));
}
template <std::size_t N> uint32_t get_word(const VlWide<N>& w, std::size_t i) { return w[i]; }
template <typename T> uint32_t get_word(const T& s, std::size_t i) {
    return i < sizeof(T) / 4 + (sizeof(T) < 4) ? uint32_t(uint64_t(s) >> (32 * i)) : 0;
}

struct ExpectBeat {       // what the output beat for an accepted input beat must carry
    uint32_t real;        // bytes of it that belong to the message
    std::array<uint32_t, 32> keep;   // up to 64 lanes; fixed size: no allocation per beat
    bool last;
    uint32_t user;
};

struct AxilOp { bool write; uint32_t addr, data; };

// The driver's write accessor: a queued AXI4-Lite write (bus = the harness's queue).
extern "C" void queue_write(void* bus, uint32_t offset, uint32_t value) {
    static_cast<std::deque<AxilOp>*>(bus)->push_back({true, offset, value});
}

}  // namespace

int main(int argc, char** argv) {
    std::map<std::string, std::string> opt;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto eq = a.find('=');
        if (eq == std::string::npos) fail("bad argument (want key=value)");
        opt[a.substr(0, eq)] = a.substr(eq + 1);
    }
    for (const char* need : {"jobs", "in", "out", "report", "lanes"})
        if (!opt.count(need)) { std::fprintf(stderr, "missing %s=\n", need); return 2; }
    const int lanes = std::atoi(opt["lanes"].c_str());
    if (lanes < 1 || lanes > 64) { std::fprintf(stderr, "lanes=%d: 1..64\n", lanes); return 2; }
    const int beat = 16 * lanes;
    const int keep_words = (16 * lanes + 31) / 32;
    const int stall_in = opt.count("stall_in") ? std::atoi(opt["stall_in"].c_str()) : 0;
    const int stall_out = opt.count("stall_out") ? std::atoi(opt["stall_out"].c_str()) : 0;
    const bool progress = opt.count("progress") && opt["progress"] == "1";
    std::mt19937_64 rng(opt.count("seed") ? std::strtoull(opt["seed"].c_str(), nullptr, 0) : 1);
    auto chance = [&](int pct) { return pct > 0 && int(rng() % 100) < pct; };

    std::vector<Job> jobs;
    {
        FILE* f = std::fopen(opt["jobs"].c_str(), "r");
        if (!f) { std::perror("jobs"); return 2; }
        char key[160], iv[40];
        Job j;
        unsigned long long nb;
        while (std::fscanf(f, "%159s %d %d %d %39s %llu %ld %d", key, &j.key_len, &j.mode, &j.decrypt,
                           iv, &nb, &j.reset, &j.commit) == 8) {
            std::memset(j.key, 0, sizeof j.key);
            hex_to(key, j.key, sizeof j.key);
            hex_to(iv, j.iv, 16);
            j.nbytes = nb;
            jobs.push_back(j);
        }
        std::fclose(f);
    }
    const std::vector<uint8_t> in = read_all(opt["in"]);
    size_t total = 0;
    for (auto& j : jobs) total += j.nbytes;
    if (total != in.size()) fail("input has %llu bytes, jobs want %llu", in.size(), total);
    std::vector<uint8_t> out;
    out.reserve(in.size());

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vaxis>(ctx.get());
    uint64_t cycle = 0;

    // ---- AXI4-Lite master: one transaction at a time; AW and W may be skewed.
    std::deque<AxilOp> axil_q;
    bool axil_busy = false, aw_done = false, w_done = false, ar_done = false;
    int aw_delay = 0, w_delay = 0;
    AxilOp cur_op{};
    std::vector<uint32_t> read_results;
    unsigned long long bad_resp = 0;

    // ---- stream state
    size_t job_idx = 0, job_off = 0;        // message being sent, its byte offset in `in`
    size_t job_sent = 0;                    // bytes of it sent
    long job_beats = 0;                     // beats of it sent
    enum Phase { COMMIT, STREAM, RESET_HOLD, FINAL_READS, DONE } phase = COMMIT;
    bool commit_queued = false;
    int reset_cycles = 0;
    std::deque<ExpectBeat> expect;
    std::vector<uint32_t> cur_data(4 * lanes), cur_keep(keep_words);
    ExpectBeat cur_exp{};
    bool have_beat = false;
    uint32_t user_toggle = 0;
    size_t seg_first = 0, seg_bytes = 0;
    std::string report;
    unsigned long long blocks_in = 0, blocks_out = 0, beats_in = 0;   // since last reset
    unsigned long long total_blocks = 0, resets = 0;
    uint64_t first_in = 0, last_out = 0, last_progress = 0;
    bool any_in = false;
    const size_t total_beats_hint = (in.size() + beat - 1) / beat;
    size_t progress_step = total_beats_hint / 50 + 1, next_progress = progress_step;

    // Each COMMIT is programmed by the C driver (sw/aes_axis_driver.c) on a write-only bus
    // that queues its accesses as AXI4-Lite writes.
    aes_axis_t dev;
    aes_axis_init(&dev, &axil_q, queue_write, nullptr);
    auto queue_commit = [&](const Job& j) {
        size_t kb = (16 + 8 * size_t(j.key_len)) * (j.mode == int(AES_AXIS_MODE_XTS) ? 2 : 1);
        int err = aes_axis_stage_and_commit(&dev, j.key, kb, uint32_t(j.mode),
                                            j.decrypt, j.iv);
        if (err != AES_AXIS_OK) fail("the driver refused job %llu (error -%llu)", job_idx, (unsigned long long)(-err));
    };
    auto end_segment = [&](bool by_reset, size_t last_job) {
        char line[96];
        std::snprintf(line, sizeof line, "seg %zu %zu %zu %d\n", seg_first, last_job, seg_bytes,
                      by_reset ? 1 : 0);
        report += line;
        seg_first = last_job + 1;
        seg_bytes = 0;
    };
    // A beat of the current message: data, keep, and what its output must be.
    auto load_beat = [&]() {
        const Job& j = jobs[job_idx];
        size_t left = j.nbytes - job_sent;
        uint32_t real = uint32_t(left < size_t(beat) ? left : beat);
        uint8_t bytes[16 * 64] = {0};
        std::memcpy(bytes, &in[job_off + job_sent], real);
        for (int w = 0; w < 4 * lanes; ++w) cur_data[w] = le32(bytes + 4 * w);
        // CTR: tkeep = the message bytes; ECB/CBC: whole blocks (padding lanes kept, dropped later)
        bool streamed = j.mode == AES_AXIS_MODE_CTR || j.mode == AES_AXIS_MODE_GCM ||
                        j.mode == int(AES_AXIS_MODE_XTS);
        uint32_t keep_bytes = streamed ? real : uint32_t(beat);
        for (int w = 0; w < keep_words; ++w) {
            int lo = 32 * w, n = int(keep_bytes) - lo;
            cur_keep[w] = n >= 32 ? 0xffffffffu : n <= 0 ? 0u : ((1u << n) - 1);
        }
        cur_exp.real = real;
        std::copy(cur_keep.begin(), cur_keep.end(), cur_exp.keep.begin());
        cur_exp.last = job_sent + real == j.nbytes;
        cur_exp.user = user_toggle;
        have_beat = true;
    };
    auto next_job = [&]() {
        job_off += jobs[job_idx].nbytes;
        ++job_idx;
        job_sent = 0;
        job_beats = 0;
        have_beat = false;
        commit_queued = false;
        phase = job_idx < jobs.size() ? COMMIT : FINAL_READS;
    };
    auto do_reset_state = [&]() {
        expect.clear();
        axil_q.clear();
        axil_busy = false;
        blocks_in = blocks_out = beats_in = 0;
        ++resets;
    };

    // ---- reset
    top->aclk = 0; top->aresetn = 0;
    top->s_axil_awvalid = 0; top->s_axil_wvalid = 0; top->s_axil_bready = 1;
    top->s_axil_arvalid = 0; top->s_axil_rready = 1;
    top->s_axil_awprot = 0; top->s_axil_arprot = 0;
    top->s_axis_tvalid = 0; top->m_axis_tready = 1;
    top->eval();
    for (int i = 0; i < 4; ++i) { top->aclk = 1; top->eval(); top->aclk = 0; top->eval(); }
    top->aresetn = 1;

    const auto t0 = std::chrono::steady_clock::now();
    while (phase != DONE) {
        // ---------- drive this cycle's inputs
        if (phase == COMMIT && !commit_queued) {
            if (job_idx >= jobs.size()) { phase = FINAL_READS; continue; }
            commit_queued = true;
            if (!jobs[job_idx].commit) { phase = STREAM; continue; }
            queue_commit(jobs[job_idx]);
        }
        if (phase == FINAL_READS && !commit_queued && expect.empty() && !axil_busy && axil_q.empty()) {
            for (uint32_t a : {STATUS, ERROR, BLOCKS_IN, BLOCKS_OUT}) axil_q.push_back({false, a, 0});
            commit_queued = true;
        }
        if (!axil_busy && !axil_q.empty()) {
            cur_op = axil_q.front();
            axil_q.pop_front();
            axil_busy = true;
            aw_done = w_done = ar_done = false;
            aw_delay = stall_in ? int(rng() % 3) : 0;   // skew AW against W under random stalls
            w_delay = stall_in ? int(rng() % 3) : 0;
        }
        top->s_axil_awvalid = axil_busy && cur_op.write && !aw_done && aw_delay == 0;
        top->s_axil_wvalid = axil_busy && cur_op.write && !w_done && w_delay == 0;
        top->s_axil_awaddr = cur_op.addr;
        top->s_axil_wdata = cur_op.data;
        top->s_axil_wstrb = 0xf;
        top->s_axil_arvalid = axil_busy && !cur_op.write && !ar_done;
        top->s_axil_araddr = cur_op.addr;
        top->s_axil_bready = !chance(stall_out);
        top->s_axil_rready = !chance(stall_out);

        if (phase == STREAM && !have_beat) {
            const Job& j = jobs[job_idx];
            if (j.reset >= 0 && job_beats >= j.reset) {
                phase = RESET_HOLD;
                reset_cycles = 2 + int(rng() % 4);
            } else if (job_sent >= j.nbytes) {
                next_job();
                continue;
            } else {
                load_beat();
            }
        }
        const bool offer = phase == STREAM && have_beat && !chance(stall_in);
        top->s_axis_tvalid = offer;
        if (offer) {
            set_words(top->s_axis_tdata, cur_data.data());
            set_words(top->s_axis_tkeep, cur_keep.data());
            top->s_axis_tlast = cur_exp.last;
            top->s_axis_tuser = cur_exp.user;
        }
        top->m_axis_tready = !chance(stall_out);
        top->aresetn = phase != RESET_HOLD;
        top->eval();

        // ---------- sample handshakes (before the edge)
        const bool in_fire = offer && top->s_axis_tready;
        const bool out_fire = top->m_axis_tvalid && top->m_axis_tready && top->aresetn;
        if (!top->m_axis_tvalid) {
            for (int w = 0; w < 4 * lanes; ++w)
                if (get_word(top->m_axis_tdata, w)) fail("m_axis_tdata not 0 while tvalid is low (cycle %llu)", cycle);
        }
        if (out_fire) {
            if (expect.empty()) fail("output beat with no input beat in flight (cycle %llu)", cycle);
            const ExpectBeat& e = expect.front();
            for (int w = 0; w < keep_words; ++w)
                if (get_word(top->m_axis_tkeep, w) != e.keep[w]) fail("m_axis_tkeep differs from s_axis_tkeep (cycle %llu)", cycle);
            if (bool(top->m_axis_tlast) != e.last) fail("m_axis_tlast differs from s_axis_tlast (cycle %llu)", cycle);
            if (uint32_t(top->m_axis_tuser) != e.user) fail("m_axis_tuser differs (cycle %llu)", cycle);
            uint8_t bytes[16 * 64];
            for (int w = 0; w < 4 * lanes; ++w) {
                uint32_t v = get_word(top->m_axis_tdata, w);
                for (int k = 0; k < 4; ++k) bytes[4 * w + k] = uint8_t(v >> (8 * k));
            }
            for (uint32_t b = 0; b < uint32_t(beat); ++b)
                if (!((e.keep[b / 32] >> (b % 32)) & 1) && bytes[b]) fail("null byte %llu of an output beat is not 0", b);
            out.insert(out.end(), bytes, bytes + e.real);
            seg_bytes += e.real;
            uint32_t nblk = 0;
            for (int l = 0; l < lanes; ++l) {
                bool any = false;
                for (int b = 16 * l; b < 16 * l + 16; ++b) any |= (e.keep[b / 32] >> (b % 32)) & 1;
                nblk += any;
            }
            blocks_out += nblk;
            expect.pop_front();
            last_out = cycle;
            last_progress = cycle;
        }
        bool aw_fire = top->s_axil_awvalid && top->s_axil_awready;
        bool w_fire = top->s_axil_wvalid && top->s_axil_wready;
        bool b_fire = top->s_axil_bvalid && top->s_axil_bready;
        bool ar_fire = top->s_axil_arvalid && top->s_axil_arready;
        bool r_fire = top->s_axil_rvalid && top->s_axil_rready;
        uint32_t bresp = top->s_axil_bresp, rresp = top->s_axil_rresp, rdata = top->s_axil_rdata;

        top->aclk = 1;
        top->eval();
        top->aclk = 0;
        ++cycle;

        // ---------- state updates
        if (phase == RESET_HOLD) {
            if (--reset_cycles == 0) {
                do_reset_state();
                end_segment(true, job_idx);
                next_job();
            }
            continue;
        }
        if (aw_delay) --aw_delay;
        if (w_delay) --w_delay;
        aw_done |= aw_fire;
        w_done |= w_fire;
        ar_done |= ar_fire;
        if (axil_busy && b_fire) {
            if (bresp) ++bad_resp;
            axil_busy = false;
            last_progress = cycle;
            if (phase == COMMIT && axil_q.empty()) phase = STREAM;   // the COMMIT's response
        }
        if (axil_busy && r_fire) {
            if (rresp) ++bad_resp;
            read_results.push_back(rdata);
            axil_busy = false;
            if (phase == FINAL_READS && axil_q.empty()) phase = DONE;
        }
        if (phase == COMMIT && axil_busy && cur_op.addr == COMMAND && aw_done && w_done &&
            jobs[job_idx].reset == -2) {
            phase = RESET_HOLD;                 // reset while the COMMIT write is outstanding
            reset_cycles = 2 + int(rng() % 4);
        }
        if (in_fire) {
            const Job& j = jobs[job_idx];
            expect.push_back(cur_exp);
            user_toggle ^= 1;
            job_sent += cur_exp.real;
            ++job_beats;
            ++beats_in;
            uint32_t nblk = 0;
            for (int l = 0; l < lanes; ++l) {
                bool any = false;
                for (int b = 16 * l; b < 16 * l + 16; ++b) any |= (cur_keep[b / 32] >> (b % 32)) & 1;
                nblk += any;
            }
            blocks_in += nblk;
            total_blocks += (cur_exp.real + 15) / 16;
            if (!any_in) { first_in = cycle - 1; any_in = true; }
            have_beat = false;
            last_progress = cycle;
            (void)j;
            if (progress && total_beats_hint > 1000 && job_off / beat + beats_in >= next_progress) {
                int pct = int(100.0 * (job_off + job_sent) / double(in.size() ? in.size() : 1));
                std::fprintf(stderr, "\r[%-50s] %3d%%", std::string(pct / 2, '#').c_str(), pct);
                next_progress += progress_step;
            }
        }
        if (cycle - last_progress > 200000)
            fail("no progress for 200000 cycles (cycle %llu, message %llu)", cycle, job_idx);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (progress && total_beats_hint > 1000) std::fprintf(stderr, "\r%60s\r", "");
    end_segment(false, jobs.empty() ? 0 : jobs.size() - 1);

    FILE* f = (opt["out"] == "-") ? stdout : std::fopen(opt["out"].c_str(), "wb");
    if (!f) { std::perror("out"); return 2; }
    std::fwrite(out.data(), 1, out.size(), f);
    if (f != stdout) std::fclose(f);
    char stats[512];
    std::snprintf(stats, sizeof stats,
                  "cycles=%llu\nstream_cycles=%llu\nblocks=%llu\nresets=%llu\nbad_resp=%llu\n"
                  "status=%u\nerror=%u\nblocks_in_reg=%u\nblocks_out_reg=%u\nblocks_in=%llu\n"
                  "blocks_out=%llu\nsim_seconds=%.6f\n",
                  (unsigned long long)cycle,
                  (unsigned long long)(any_in ? last_out - first_in + 1 : 0), total_blocks, resets,
                  bad_resp, read_results.size() > 0 ? read_results[0] : 0,
                  read_results.size() > 1 ? read_results[1] : 0,
                  read_results.size() > 2 ? read_results[2] : 0,
                  read_results.size() > 3 ? read_results[3] : 0, blocks_in, blocks_out, secs);
    report += stats;
    FILE* rf = std::fopen(opt["report"].c_str(), "w");
    if (!rf) { std::perror("report"); return 2; }
    std::fputs(report.c_str(), rf);
    std::fclose(rf);
    top->final();
    return 0;
}

# SPDX-License-Identifier: Apache-2.0
"""Long stress of aes_axis through the compiled Verilator harness (`make stress-axis`).

Random messages (mode, direction, key size, key, IV, length: CTR any byte length, zero
included; ECB/CBC whole blocks; GCM packets in groups under one COMMIT, tampered tags
included), each (GCM: each group) behind its own COMMIT, under random backpressure on
both streams and random AXI4-Lite AW/W skew, with resets in the middle of messages and of
COMMITs. Every output byte is compared with OpenSSL (`cryptography`); the harness itself
checks tkeep/tlast/tuser, null bytes, idle tdata, the BLOCKS_IN/BLOCKS_OUT registers are
compared with the blocks it counted, and ERROR must stay 0.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from . import harness as h

# name -> aes_axis parameters (the builds the stress runs)
BUILDS = {
    "iterative-l1": h.axis_params("iterative"),
    "folded-u2s2-l2": h.axis_params("folded", lanes=2, stages=2, u=2),
    "folded-u1s4-l1-composite": h.axis_params("folded", stages=4, u=1, impl="COMPOSITE"),
    "pipelined-l1": h.axis_params("pipelined"),
    "pipelined-l4-s2": h.axis_params("pipelined", lanes=4, stages=2),
    "pipelined-l2-agile": h.axis_params("pipelined", lanes=2, key_mode="agile"),
}
# (stall_in %, stall_out %) per chunk, cycled
STALLS = [(0, 0), (30, 30), (60, 5), (5, 60), (80, 80)]


def gen_gcm_group(rng: random.Random, resets: bool) -> list[h.Job]:
    """GCM packets under one COMMIT (new IV, AAD, length, tag length each; some tags
    tampered); a reset may cut the last one."""
    from ..model import gcm_packet as gp
    key, dec, out = rng.randbytes(rng.choice([16, 24, 32])), rng.random() < 0.5, []
    n = rng.randint(1, 8)
    for k in range(n):
        iv = rng.randbytes(12)
        aad = rng.randbytes(rng.choice([0, 16, rng.randint(0, 100)]))
        data = rng.randbytes(rng.choice([0, rng.randint(1, 64), rng.randint(1, 4000)]))
        tl = rng.choice([16, 16, 12, 8, 4, 13])
        if dec:
            ct, tag = gp.encrypt(key, iv, aad, data, tl)
            if rng.random() < 0.2:
                tag = bytes([tag[0] ^ 1]) + tag[1:]
            pkt, exp = gp.packet(iv, aad, ct, tl, tag), gp.expected_output(key, iv, aad, ct, tl, tag)
        else:
            pkt, exp = gp.packet(iv, aad, data, tl), gp.expected_output(key, iv, aad, data, tl)
        reset = rng.randint(0, len(pkt) // 16) if resets and k == n - 1 and rng.random() < 0.1 else -1
        out.append(h.Job(key, "gcm", dec, bytes(16), pkt, reset=reset, commit=(k == 0), expect=exp))
    return out


def gen_jobs(rng: random.Random, blocks: int, resets: bool = True, gcm: bool = True) -> list[h.Job]:
    jobs, total = [], 0
    while total < blocks:
        if gcm and rng.random() < 0.15:
            group = gen_gcm_group(rng, resets)
            jobs += group
            total += sum(len(j.data) // 16 for j in group)
            continue
        mode = rng.choice(["ecb", "cbc", "ctr"])
        key = rng.randbytes(rng.choice([16, 24, 32]))
        iv = rng.randbytes(16)
        if mode == "ctr" and rng.random() < 0.1:      # counter about to wrap 2^128
            iv = bytes([0xff] * 15) + bytes([rng.randrange(240, 256)])
        nblk = rng.choice([rng.randint(1, 8), rng.randint(1, 64), rng.randint(1, 600)])
        if rng.random() < 0.02:
            nblk = rng.randint(2000, 8000)
        nbytes = nblk * 16
        if mode == "ctr":
            nbytes = rng.choice([nbytes, max(0, nbytes - rng.randint(1, 15)), rng.randint(0, 40)])
        reset = -1
        if resets and rng.random() < 0.03:
            reset = -2 if rng.random() < 0.3 else rng.randint(0, max(0, nblk - 1))
        jobs.append(h.Job(key, mode, rng.random() < 0.5, iv, rng.randbytes(nbytes), reset))
        total += (nbytes + 15) // 16
    return jobs


def run_build(name: str, blocks: int, seed: int, chunk: int = 100_000, log=print) -> dict:
    params = BUILDS[name]
    t0 = time.time()
    exe = h.build_axis(params)
    t_build = time.time() - t0
    rng = random.Random(f"{seed}-{name}")
    done = dict(name=name, blocks=0, messages=0, resets=0, cycles=0, failures=0, errors=[])
    i = 0
    while done["blocks"] < blocks:
        jobs = gen_jobs(rng, min(chunk, blocks - done["blocks"]))
        stall_in, stall_out = STALLS[i % len(STALLS)]
        try:
            res = h.run_jobs(params, jobs, stall_in=stall_in, stall_out=stall_out, seed=rng.getrandbits(32),
                             exe=exe)
            errors = h.check_jobs(jobs, res)
            st = res.stats
            if st["bad_resp"]:
                errors.append(f"{st['bad_resp']} AXI4-Lite responses were not OKAY")
            if st["error"] & ~0x4:       # TAG_FAIL is expected: tampered GCM tags
                errors.append(f"ERROR register reads {st['error']:#x}")
            ended_by_reset = any(last == len(jobs) - 1 and rst for _, last, _, rst in res.segments)
            if not st["status"] & 1 and not ended_by_reset:   # a reset leaves no context
                errors.append("STATUS.READY is 0 after the last COMMIT")
            if (st["blocks_in_reg"], st["blocks_out_reg"]) != (st["blocks_in"] % 2**32, st["blocks_out"] % 2**32):
                errors.append(f"BLOCKS_IN/OUT registers {st['blocks_in_reg']}/{st['blocks_out_reg']} "
                              f"!= counted {st['blocks_in']}/{st['blocks_out']}")
            done["cycles"] += st["cycles"]
            done["resets"] += st["resets"]
        except RuntimeError as e:
            errors = [str(e)]
        done["blocks"] += sum((len(j.data) + 15) // 16 for j in jobs)
        done["messages"] += len(jobs)
        if errors:
            done["failures"] += len(errors)
            done["errors"] += [f"chunk {i} (stalls {stall_in}/{stall_out}): {e}" for e in errors[:5]]
        i += 1
    done["seconds"] = round(time.time() - t0, 1)
    done["build_seconds"] = round(t_build, 1)
    log(f"{name:26} {done['blocks']:>9} blocks {done['messages']:>6} messages {done['resets']:>4} resets "
        f"{done['cycles']:>11} cycles {done['failures']:>3} failures  {done['seconds']:7.1f} s")
    for e in done["errors"][:10]:
        log(f"    {e}")
    return done


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="aeshw-stress", description=__doc__.splitlines()[0])
    p.add_argument("--blocks", type=int, default=1_000_000, help="blocks per build")
    p.add_argument("--builds", default="all", help=f"comma list of {', '.join(BUILDS)}")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    names = list(BUILDS) if args.builds == "all" else args.builds.split(",")
    print(f"aes_axis stress: {args.blocks} blocks per build, seed {args.seed}, stalls (in%, out%) cycle {STALLS}")
    results = [run_build(n, args.blocks, args.seed) for n in names]
    total = sum(r["blocks"] for r in results)
    fails = sum(r["failures"] for r in results)
    print(f"total: {total} blocks, {sum(r['messages'] for r in results)} messages, "
          f"{sum(r['resets'] for r in results)} resets, {fails} failures")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

"""aeshw command line: `aeshw demo`, `aeshw run`."""
from __future__ import annotations

import argparse
import sys
import time

from . import harness
from .model import ecb_decrypt, ecb_encrypt

SAMPLE = (b"aes-hw demo: the quick brown fox jumps over the lazy dog. "
          b"NIST FIPS-197 Advanced Encryption Standard, in hardware. ") * 64
DEMO_KEY = bytes(range(16))


def _pad(data: bytes, beat: int) -> bytes:
    return data + bytes(-len(data) % beat)


def cmd_demo(args) -> int:
    data = _pad(SAMPLE, 16)
    print(f"aes-hw demo: AES-128 ECB encrypt of a {len(data)}-byte built-in sample, key {DEMO_KEY.hex()}")
    print("Verilator harness (first run builds each configuration; cached under build/harness)\n")
    rows = []
    configs = [("iterative", {"LANES": 1, "IMPL": "LUT"}),
               ("folded", {"U": 1, "STAGES": 4, "LANES": 1, "IMPL": "COMPOSITE"}),
               ("pipelined", {"LANES": 1, "STAGES": 1, "KEY_MODE": "SHARED", "IMPL": "LUT"}),
               ("pipelined", {"LANES": 4, "STAGES": 1, "KEY_MODE": "SHARED", "IMPL": "LUT"})]
    if args.quick:
        configs = configs[:1]
    ok = True
    for arch, params in configs:
        t0 = time.time()
        res = harness.run(arch, params, DEMO_KEY, _pad(data, 16 * params["LANES"]))
        good = res.output == ecb_encrypt(DEMO_KEY, _pad(data, 16 * params["LANES"]))
        back = harness.run(arch, params, DEMO_KEY, res.output, decrypt=True)
        good_dec = back.output == _pad(data, 16 * params["LANES"])
        ok &= good and good_dec
        desc = ",".join(f"{k}={v}" for k, v in params.items())
        rows.append((arch, desc, res.blocks, res.cycles, res.blocks_per_clock,
                     "OK" if good and good_dec else "MISMATCH", time.time() - t0))
    print(f"{'arch':10} {'parameters':42} {'blocks':>6} {'cycles':>7} {'blk/clk':>8}  vs OpenSSL")
    for arch, desc, nb, cyc, bpc, verdict, _ in rows:
        print(f"{arch:10} {desc:42} {nb:6d} {cyc:7d} {bpc:8.3f}  {verdict} (enc+dec)")
    print("\nblk/clk: blocks / cycles from first input to last output (includes pipeline fill).")
    return 0 if ok else 1


def cmd_run(args) -> int:
    key = bytes.fromhex(args.key)
    params = {"LANES": args.lanes}
    if args.arch == "folded":
        params.update({"U": args.u, "STAGES": args.stages})
    if args.arch == "pipelined":
        params.update({"STAGES": args.stages, "KEY_MODE": args.key_mode.upper()})
    data = (sys.stdin.buffer.read() if args.input == "-" else open(args.input, "rb").read())
    if len(data) % (16 * args.lanes):
        print(f"error: ECB input must be a multiple of {16 * args.lanes} bytes", file=sys.stderr)
        return 2
    res = harness.run(args.arch, params, key, data, decrypt=args.decrypt)
    if not args.no_check:
        ref = (ecb_decrypt if args.decrypt else ecb_encrypt)(key, data)
        if res.output != ref:
            print("error: output differs from OpenSSL", file=sys.stderr)
            return 1
    if args.output == "-":
        sys.stdout.buffer.write(res.output)
    else:
        open(args.output, "wb").write(res.output)
    print(f"{res.blocks} blocks in {res.cycles} cycles: {res.blocks_per_clock:.3f} blocks/clock"
          + ("" if args.no_check else ", matches OpenSSL"), file=sys.stderr)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="aeshw", description="aes-hw tools")
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("demo", help="build the default cores, encrypt a sample, verify")
    d.add_argument("--quick", action="store_true", help="iterative core only")
    d.set_defaults(func=cmd_demo)
    r = sub.add_parser("run", help="stream a file through a core (ECB) and check it")
    r.add_argument("--arch", choices=sorted(harness.ARCHS), default="pipelined")
    r.add_argument("--lanes", type=int, default=1)
    r.add_argument("--stages", type=int, default=1)
    r.add_argument("--u", type=int, default=1)
    r.add_argument("--key-mode", default="shared", choices=["shared", "agile"])
    r.add_argument("--key", required=True, help="key as hex (16, 24 or 32 bytes)")
    r.add_argument("--decrypt", action="store_true")
    r.add_argument("--no-check", action="store_true")
    r.add_argument("input")
    r.add_argument("output")
    r.set_defaults(func=cmd_run)
    args = p.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

"""aeshw command line: `aeshw demo`, `aeshw run`, `aeshw synth`, `aeshw sweep`, `aeshw report`."""
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


def _synth_config(args):
    from .synth import Config
    return Config(arch=args.arch, lanes=args.lanes, stages=args.stages, u=args.u, impl=args.impl.upper(),
                  mode=args.mode.upper(), key_mode=args.key_mode.upper(), keys=int(args.keys, 0),
                  target=args.target, device=args.device or "", freq_mhz=args.freq, seed=args.seed,
                  liberty=args.liberty or "", abc_d_ps=args.abc_d_ps, abc_script=args.abc_script)


def cmd_synth(args) -> int:
    import json
    from . import synth
    cfg = _synth_config(args)
    try:
        res = synth.synth(cfg, verbose=args.verbose, timeout=args.timeout)
    except (ValueError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    text = json.dumps(res, indent=2)
    if args.json:
        (sys.stdout.write(text + "\n") if args.json == "-" else open(args.json, "w").write(text + "\n"))
    summary = {k: res.get(k) for k in ("target", "device", "arch", "lanes", "stages_per_round", "key_bits",
                                        "latency_cycles", "blocks_per_clock", "luts", "ffs", "brams",
                                        "area_um2", "kge", "fmax_mhz", "fmax_source", "throughput_gbps")}
    out = sys.stderr if args.json == "-" else sys.stdout
    for k, v in summary.items():
        if v is not None:
            print(f"{k:18} {round(v, 3) if isinstance(v, float) else v}", file=out)
    print(f"{'build':18} {res['build_dir']} ({res['runtime_s']} s)", file=out)
    return 0


def cmd_sweep(args) -> int:
    from . import sweep
    return sweep.main(args)


def cmd_report(args) -> int:
    from . import sweep
    return sweep.report(args)


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
    s = sub.add_parser("synth", help="area, Fmax and throughput of one configuration (Yosys, nextpnr, OpenSTA)")
    s.add_argument("--arch", choices=["iterative", "folded", "pipelined"], default="pipelined")
    s.add_argument("--lanes", type=int, default=1)
    s.add_argument("--stages", type=int, default=1, help="register stages per round")
    s.add_argument("--u", type=int, default=1, help="round units (folded)")
    s.add_argument("--impl", default="LUT", type=str.upper, choices=["LUT", "COMPOSITE"], help="S-box circuit")
    s.add_argument("--mode", default="ENC", type=str.upper, choices=["ENC", "DEC", "BOTH"])
    s.add_argument("--key-mode", default="shared", choices=["shared", "agile"])
    s.add_argument("--keys", default="0b001", help="KEYS bitmask (pipelined): 0b001 AES-128 only, 0b111 all")
    s.add_argument("--target", required=True, choices=["ecp5", "ice40", "xilinx", "asic"])
    s.add_argument("--device", help="ice40: up5k (default) | hx8k; xilinx: xcup (default) | xc7")
    s.add_argument("--freq", type=float, default=0.0, help="nextpnr target MHz (default ecp5 200, ice40 50)")
    s.add_argument("--seed", type=int, default=1, help="nextpnr seed")
    s.add_argument("--liberty", help="asic: liberty file (.lib or .lib.gz) of your cell library")
    s.add_argument("--abc-d-ps", type=int, default=500, help="asic: ABC delay target / STA clock, ps")
    s.add_argument("--abc-script", default="buffered", choices=["buffered", "plain"],
                   help="asic: ABC mapping script (buffered: &nf + buffer/upsize/dnsize)")
    s.add_argument("--json", help="write the result JSON here ('-' for stdout)")
    s.add_argument("--timeout", type=float, default=None, help="seconds per tool run")
    s.add_argument("-v", "--verbose", action="store_true", help="print each command")
    s.set_defaults(func=cmd_synth)
    w = sub.add_parser("sweep", help="run the configuration matrix and write docs/results.md")
    w.add_argument("--targets", default="ice40,ecp5,xilinx,asic")
    w.add_argument("--liberty", help="asic: liberty file (asic configurations are skipped without it)")
    w.add_argument("--only", help="run only configurations whose name contains this")
    w.add_argument("--quick", action="store_true", help="the small configurations only")
    w.add_argument("--skip-existing", action="store_true", help="keep results already in docs/results/")
    w.add_argument("--timeout", type=float, default=3600)
    w.add_argument("--list", action="store_true", help="print the matrix and exit")
    w.set_defaults(func=cmd_sweep)
    rp = sub.add_parser("report", help="rewrite docs/results.md and the Pareto plots from docs/results/*.json")
    rp.set_defaults(func=cmd_report)
    args = p.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0
"""aeshw command line: `aeshw demo`, `aeshw run`, `aeshw synth`, `aeshw sweep`, `aeshw sta-groups`, `aeshw report`."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..sim import harness
from .files import UsageError, check_output, read_input, write_output
from ..model import ecb_encrypt

SAMPLE = (b"aes-hw demo: the quick brown fox jumps over the lazy dog. "
          b"NIST FIPS-197 Advanced Encryption Standard, in hardware. ") * 64
DEMO_KEY = bytes(range(16))


def _pad(data: bytes, beat: int) -> bytes:
    return data + bytes(-len(data) % beat)


def cmd_demo(args) -> int:
    from ..sim import harness as h
    key, iv = DEMO_KEY, bytes(range(0xf0, 0x100))
    data = _pad(SAMPLE, 16)
    params = h.axis_params("pipelined")          # aes_axis defaults: every key size, both directions
    print(f"aes-hw demo: aes_axis ({', '.join(f'{k}={v}' for k, v in params.items())})")
    print(f"a {len(data)}-byte built-in sample through the IP's AXI4-Lite/AXI4-Stream contract,")
    print("simulated by the compiled Verilator harness, checked against OpenSSL (cryptography)\n")
    t0 = time.time()
    exe = h.build_axis(params)
    print(f"harness build: {time.time() - t0:.1f} s (cached under build/harness)\n")
    ok = True
    print(f"{'mode':5} {'key':>7} {'direction':9} {'bytes':>6} {'blocks':>6} {'cycles':>7} {'blk/clk':>8}  vs OpenSSL")
    for mode in ("ecb", "cbc", "ctr"):
        for klen in (16, 32):
            k = bytes(range(klen))
            enc_job = h.Job(k, mode, False, iv, data)
            enc = h.run_jobs(params, [enc_job], exe=exe)
            dec_job = h.Job(k, mode, mode != "ctr", iv, enc.output)
            dec = h.run_jobs(params, [dec_job], exe=exe)
            for job, res, direction in ((enc_job, enc, "encrypt"), (dec_job, dec, "decrypt")):
                good = not h.check_jobs([job], res)
                ok &= good
                print(f"{mode.upper():5} {klen * 8:>4}bit {direction:9} {len(job.data):6d} {res.blocks:6d} "
                      f"{res.cycles:7d} {res.blocks_per_clock:8.3f}  {'OK' if good else 'MISMATCH'}")
            ok &= dec.output == data
    print("\ncycles: first input beat to last output beat (pipeline fill included); CBC encrypt is")
    print("serial (core latency + 1 per block), the other modes run at one beat per clock.\n")
    if not args.quick:
        print("Core architectures, AES-128 ECB at core level (encrypt, then decrypt back):")
        print(f"{'arch':10} {'parameters':42} {'blocks':>6} {'cycles':>7} {'blk/clk':>8}  vs OpenSSL")
        configs = [("iterative", {"LANES": 1, "IMPL": "LUT"}),
                   ("folded", {"U": 1, "STAGES": 4, "LANES": 1, "IMPL": "COMPOSITE"}),
                   ("pipelined", {"LANES": 4, "STAGES": 1, "KEY_MODE": "SHARED", "IMPL": "LUT"})]
        for arch, p in configs:
            blk = _pad(data, 16 * p["LANES"])
            res = h.run(arch, p, key, blk)
            good = res.output == ecb_encrypt(key, blk)
            good &= h.run(arch, p, key, res.output, decrypt=True).output == blk
            ok &= good
            desc = ",".join(f"{k}={v}" for k, v in p.items())
            print(f"{arch:10} {desc:42} {res.blocks:6d} {res.cycles:7d} {res.blocks_per_clock:8.3f}  "
                  f"{'OK' if good else 'MISMATCH'} (enc+dec)")
        print()
    _print_synth_table()
    print(f"\ndemo: {'all outputs match OpenSSL' if ok else 'MISMATCH'}")
    return 0 if ok else 1


def _where(r: dict) -> str:
    """Library or device of a stored result: liberty file stem, or the FPGA device code."""
    cfg = r.get("config", {})
    return Path(cfg["liberty"]).name.split(".")[0] if cfg.get("liberty") else cfg.get("device", "")


def _print_synth_table() -> None:
    """One row per measured configuration and library/device. Rows of the plain-ABC flow
    (kept in docs/results.md only to show what buffering buys) are left out."""
    from ..report.results import cfg_desc, fmt, load_results, sort_key
    rs = [r for r in load_results() if r.get("config", {}).get("abc_script", "buffered") != "plain"]
    rs.sort(key=lambda r: (r["target"], _where(r), sort_key(r)))
    if not rs:
        return
    print("Measured synthesis results (docs/results.md; `aeshw synth`, Yosys/nextpnr/OpenSTA):")
    print(f"{'target':7} {'library/device':15} {'configuration':72} {'LUT4/LUT':>8} {'kGE':>7} {'Fmax MHz':>9} {'Gbps':>7}")
    for r in rs:
        print(f"{r['target']:7} {_where(r):15} {cfg_desc(r)[:72]:72} {fmt(r.get('luts'), 0):>8} "
              f"{fmt(r.get('kge')):>7} {fmt(r.get('fmax_mhz')):>9} {fmt(r.get('throughput_gbps')):>7}")


def _characterized_fmax(arch: str, lanes: int, stages: int, key_mode: str, impl: str, core_mode: str):
    """Fmax of the closest measured configuration in docs/results (ASIC first, then ECP5)."""
    from ..report.results import load_results
    best = None
    for r in load_results():
        c = r.get("config", {})
        if (r.get("arch") != arch or r.get("lanes") != lanes or r.get("stages_per_round") != stages
                or not r.get("fmax_mhz") or c.get("impl") != impl or c.get("lut_lanes")
                or (arch == "pipelined" and c.get("key_mode", "").lower() != key_mode)):
            continue
        rank = ({"asic": 0, "ecp5": 1, "ice40": 2}.get(r["target"], 3), r.get("mode") != core_mode)
        if best is None or rank < best[0]:
            best = (rank, r["fmax_mhz"], f"{r['target']} {r.get('device', '')}, {r['_file']}")
    return (best[1], best[2]) if best else (None, None)


def _hex(text: str | None, what: str) -> bytes:
    try:
        return bytes.fromhex(text) if text else b""
    except ValueError as e:
        raise UsageError(f"{what} must be hex: {e}") from None


def _run_args(args) -> tuple[bytes, bytes, bytes]:
    """Checked (key, iv, aad) of `aeshw run`; any problem is a UsageError."""
    from .params import problems
    key, iv, aad = _hex(args.key, "--key"), _hex(args.iv, "--iv"), _hex(args.aad, "--aad")
    gcm = args.mode == "gcm"
    if args.mode == "xts":
        _xts_key_check(key)
    elif len(key) not in (16, 24, 32):
        raise UsageError(f"the key is {len(key)} bytes; AES needs 16, 24 or 32")
    if args.data_unit is not None and args.mode != "xts":
        raise UsageError("--data-unit is XTS's (the size of its data units)")
    if args.data_unit is not None and args.data_unit < 16:
        raise UsageError(f"--data-unit {args.data_unit}: an XTS data unit is at least 16 bytes")
    if args.mode in ("cbc", "ctr", "gcm", "xts") and not args.iv:
        raise UsageError(f"--iv is required for {args.mode.upper()}")
    iv = iv or bytes(16)
    if (not 1 <= len(iv) <= 4064) if gcm else len(iv) != 16:
        raise UsageError(f"the IV is {len(iv)} bytes; it must be " + ("1..4064 for GCM" if gcm else "16"))
    if gcm and not 4 <= args.tag_len <= 16:
        raise UsageError("--tag-len must be 4..16 bytes")
    bad = problems(args.arch, args.lanes, args.stages, args.u, args.impl, args.key_mode)
    if args.impl == "TTABLE" and (args.full_ip or (args.decrypt and args.mode in ("ecb", "cbc", "xts"))):
        bad.append("--impl ttable is encrypt-only (the T-table holds the forward MixColumns): "
                   "use it for encryption, CTR or GCM, or --impl bram for ECB/CBC decryption and --full-ip")
    if bad:
        raise UsageError("; ".join(bad))
    return key, iv, aad


def _xts_key_check(key: bytes) -> None:
    """An XTS key is key 1 then key 2 of one AES size, and the two differ (SP 800-38E)."""
    if len(key) not in (32, 48, 64):
        raise UsageError(f"the XTS key is {len(key)} bytes; it is key 1 then key 2: 32, 48 or 64 bytes "
                         f"(64, 96 or 128 hex characters)")
    if key[:len(key) // 2] == key[len(key) // 2:]:
        raise UsageError("the XTS key's two halves are equal; SP 800-38E requires key 1 != key 2 "
                         "(the IP refuses such a COMMIT too)")


def _xts_units(args, data: bytes) -> list[bytes]:
    """The data units of an XTS run, each >= 16 bytes (else a UsageError, nothing written)."""
    from ..model import xts
    units = xts.units(data, args.data_unit)
    if not data or len(units[-1]) < 16:
        n = len(units[-1]) if data else 0
        raise UsageError(f"the last XTS data unit is {n} bytes; a data unit is at least 16 bytes "
                         "(choose another --data-unit, or pad the input)")
    return units


def _split_input(args, data: bytes, decrypt: bool) -> tuple[bytes, bytes]:
    """(data, tag): GCM decrypt input ends with the tag; ECB/CBC need whole blocks."""
    if args.mode in ("ecb", "cbc") and len(data) % 16:
        raise UsageError(f"{args.mode.upper()} needs whole 16-byte blocks; the input is {len(data)} bytes "
                         f"(pad it, or use CTR)")
    if args.mode == "gcm" and decrypt:
        if len(data) < args.tag_len:
            raise UsageError(f"GCM decrypt input must end with the {args.tag_len}-byte tag")
        return data[:-args.tag_len], data[-args.tag_len:]
    return data, b""


def _run_params(args, key_len: int, decrypt: bool) -> dict:
    """aes_axis parameters: with --full-ip everything, else only what this job needs (its key
    size, the one core direction (CTR/GCM: encrypt), the GHASH/tag unit only for GCM)."""
    if args.full_ip:
        core_mode, keys, with_gcm, with_xts = "BOTH", 0b111, True, True
    else:
        core_mode = "DEC" if decrypt and args.mode in ("ecb", "cbc", "xts") else "ENC"
        keys, with_gcm = {16: 0b001, 24: 0b010, 32: 0b100}[key_len], args.mode == "gcm"
        with_xts = args.mode == "xts"
    return harness.axis_params(args.arch, lanes=args.lanes, stages=args.stages, u=args.u,
                               key_mode=args.key_mode, impl=args.impl, core_mode=core_mode, keys=keys,
                               gcm=with_gcm, xts=with_xts)


def _run_jobs(args, key, iv, aad, data, tag, decrypt) -> list:
    """The harness jobs of a run: one message, or (XTS) one per data unit, tweaks counting up."""
    if args.mode != "xts":
        return [_run_job(args, key, iv, aad, data, tag, decrypt)]
    from ..model import xts
    jobs = []
    for n, unit in enumerate(_xts_units(args, data)):
        jobs.append(harness.Job(key, "xts", decrypt, iv, unit, commit=n == 0))
        iv = xts.next_tweak(iv)
    return jobs


def _run_job(args, key, iv, aad, data, tag, decrypt):
    if args.mode != "gcm":
        return harness.Job(key, args.mode, decrypt, iv, data)
    from ..model import gcm_packet as gp
    expect = None if args.no_check else gp.expected_output(key, iv, aad, data, args.tag_len,
                                                           tag if decrypt else None, args.lanes)
    return harness.Job(key, "gcm", decrypt, bytes(16),
                       gp.packet(iv, aad, data, args.tag_len, tag, args.lanes), expect=expect)


def _gcm_result(args, iv, aad, n: int, output: bytes, decrypt: bool) -> bytes | None:
    """What a GCM run writes: the plaintext, or the ciphertext and tag; None if the tag failed."""
    from ..model import gcm_packet as gp
    off = (len(gp.header(iv, args.tag_len, args.lanes)) + len(gp.iv_section(iv, args.lanes)) + 16
           + -(-len(aad) // 16) * 16)
    payload, last = output[off:off + n], output[-16:]
    if decrypt:
        return payload if last[0] == 1 else None
    return payload + last[:args.tag_len]


def _run_summary(args, params, key, data, res, decrypt, verdict, t_build, t_sim) -> str:
    if args.fmax:
        fmax, src = args.fmax, "given (--fmax)"
    else:
        fmax, src = _characterized_fmax(args.arch, args.lanes, args.stages, args.key_mode, args.impl.upper(),
                                        params["CORE_MODE"])
    st = res.stats
    sim_s = st["sim_seconds"] or 1e-9
    lines = [
        "aes_axis " + ", ".join(f"{k}={v}" for k, v in params.items()),
        f"{args.mode.upper()} {'decrypt' if decrypt else 'encrypt'}, "
        f"AES-{len(key) * (4 if args.mode == 'xts' else 8)}{' (two keys)' if args.mode == 'xts' else ''}: "
        f"{len(data)} bytes, {res.blocks} blocks, {verdict}",
        f"cycles: {res.cycles} from first input beat to last output beat ({st['cycles']} with reset and COMMIT)",
        f"blocks/clock: {res.blocks_per_clock:.4f}",
        (f"at {fmax:.0f} MHz ({src}): {128 * res.blocks_per_clock * fmax / 1000:.2f} Gbps" if fmax else
         "Fmax: no characterized result for this configuration in docs/results; give --fmax MHZ"),
        f"simulation: {sim_s:.3f} s, {res.blocks / sim_s / 1e6:.3f} M blocks/s "
        f"(harness build {t_build:.1f} s{' (cached)' if t_build < 1 else ''}, run {t_sim:.2f} s)"]
    return "\n".join(lines)


def cmd_run(args) -> int:
    """Stream a file through aes_axis (compiled Verilator harness), check it with OpenSSL.
    Exit 0 done, 1 wrong output or GCM tag failure (nothing written), 2 bad arguments or files."""
    key, iv, aad = _run_args(args)
    check_output(args.output)
    decrypt = args.decrypt and args.mode != "ctr"
    data, tag = _split_input(args, read_input(args.input), decrypt)
    if args.mode == "xts":
        _xts_units(args, data)                     # refuse short units before building
    params = _run_params(args, len(key) // 2 if args.mode == "xts" else len(key), decrypt)
    t0 = time.time()
    try:
        exe = harness.build_axis(params)
    except RuntimeError as e:
        raise UsageError(str(e)) from None
    t_build, t0 = time.time() - t0, time.time()
    jobs = _run_jobs(args, key, iv, aad, data, tag, decrypt)
    progress = not args.quiet and len(data) >= (1 << 20) and sys.stderr.isatty()
    res = harness.run_jobs(params, jobs, stall_in=args.stall_in, stall_out=args.stall_out, seed=args.seed,
                           progress=progress, exe=exe)
    t_sim = time.time() - t0
    errors = [] if args.no_check else harness.check_jobs(jobs, res)
    if errors:
        print("error: output differs from OpenSSL: " + "; ".join(errors), file=sys.stderr)
        return 1
    verdict = "not checked (--no-check)" if args.no_check else "matches OpenSSL"
    result = res.output
    if args.mode == "gcm":
        result = _gcm_result(args, iv, aad, len(data), res.output, decrypt)
        if result is None:
            print("error: GCM tag mismatch: the message is not authentic (ERROR.TAG_FAIL); "
                  "no plaintext written", file=sys.stderr)
            return 1
        verdict += ", tag verified in hardware" if decrypt else ""
    write_output(args.output, result)
    print(_run_summary(args, params, key, data, res, decrypt, verdict, t_build, t_sim), file=sys.stderr)
    return 0


def _synth_config(args):
    from ..synth import Config
    return Config(arch=args.arch, lanes=args.lanes, stages=args.stages, u=args.u, impl=args.impl.upper(),
                  lut_lanes=args.lut_lanes, lut_impl=args.lut_impl, mode=args.mode.upper(), key_mode=args.key_mode.upper(), keys=int(args.keys, 0),
                  target=args.target, device=args.device or "", freq_mhz=args.freq, seed=args.seed,
                  liberty=args.liberty or "", abc_d_ps=args.abc_d_ps, abc_script=args.abc_script,
                  abc_estimate=args.abc_estimate, fault_detect=int(args.fault_detect), xts=int(args.xts))


def cmd_synth(args) -> int:
    import json
    from .. import synth
    from .params import lut_lanes_problems, problems
    arch = "pipelined" if args.arch == "axis" else args.arch
    bad = (problems("pipelined", args.lanes, max_lanes=1024) if args.arch == "ghash" else
           problems(arch, args.lanes, args.stages, args.u, args.impl, args.key_mode, max_lanes=1024))
    if args.xts and args.arch != "axis":
        bad.append("--xts is a parameter of the IP: use it with --arch axis")
    if args.fault_detect and args.arch != "axis":
        bad.append("--fault-detect is a parameter of the IP: use it with --arch axis")
    if args.impl == "TTABLE" and args.mode != "ENC":
        bad.append(f"--impl ttable is encrypt-only: --mode enc (not {args.mode.lower()})")
    bad += lut_lanes_problems(args.arch, args.lanes, args.impl, args.key_mode, args.lut_lanes, args.lut_impl)
    if bad:
        raise UsageError("; ".join(bad))
    if args.json:
        check_output(args.json)
    cfg = _synth_config(args)
    try:
        res = synth.synth(cfg, verbose=args.verbose, timeout=args.timeout)
    except (ValueError, FileNotFoundError) as e:
        raise UsageError(str(e)) from None
    text = json.dumps(res, indent=2)
    if args.json:
        write_output(args.json, (text + "\n").encode())
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
    from ..synth import sweep
    return sweep.main(args)


def cmd_sta_groups(args) -> int:
    from ..synth import groups
    return groups.main(args)


def cmd_report(args) -> int:
    from ..report import page
    return page.report(args)


def cmd_regs(args) -> int:
    """Write (or, with --check, list) the files generated from the register description."""
    from ..regs import generate
    if args.check:
        stale = generate.stale()
        for rel in stale:
            print(f"stale: {rel} (run: aeshw regs)")
        return 1 if stale else 0
    for rel in generate.write():
        print(f"wrote {rel}")
    return 0


def main(argv=None) -> int:
    from ..synth import TARGETS
    from ..synth.targets.asic import ABC_SCRIPTS
    p = argparse.ArgumentParser(prog="aeshw", description="aes-hw tools")
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("demo", help="build the default cores, encrypt a sample, verify")
    d.add_argument("--quick", action="store_true", help="aes_axis only (skip the core-level table)")
    d.set_defaults(func=cmd_demo)
    r = sub.add_parser("run", help="stream a file through aes_axis (Verilator) and check it with OpenSSL")
    r.add_argument("--arch", choices=sorted(harness.ARCHS), default="pipelined")
    r.add_argument("--lanes", type=int, default=1)
    r.add_argument("--stages", type=int, default=1, help="registers per round (folded, pipelined)")
    r.add_argument("--u", type=int, default=1, help="round units (folded)")
    r.add_argument("--key-mode", default="shared", choices=["shared", "agile"])
    r.add_argument("--impl", default="LUT", type=str.upper, choices=["LUT", "COMPOSITE", "BRAM", "TTABLE"],
                   help="S-box circuit (BRAM: block-RAM tables, --stages 2..4; TTABLE: block-RAM "
                        "T-tables, encrypt only)")
    r.add_argument("--mode", default="ctr", choices=["ecb", "cbc", "ctr", "gcm", "xts"])
    r.add_argument("--key", required=True, help="key as hex (16, 24 or 32 bytes; XTS: key 1 then key 2, "
                   "32, 48 or 64 bytes)")
    r.add_argument("--iv", help="IV / initial counter block as hex (16 bytes; CBC and CTR; GCM: any length, "
                   "12 bytes usual; XTS: the tweak of the first data unit, 16 bytes little-endian)")
    r.add_argument("--data-unit", type=int, help="XTS: data-unit size in bytes (>= 16); the input is split "
                   "into units of this size (the last may be shorter, >= 16) whose tweaks count up by one; "
                   "default: the whole input is one unit")
    r.add_argument("--aad", help="GCM: additional authenticated data as hex")
    r.add_argument("--tag-len", type=int, default=16, help="GCM: tag bytes (4..16); "
                   "encrypt appends the tag to the output, decrypt expects it at the end of the input")
    r.add_argument("--decrypt", action="store_true", help="decrypt (ECB/CBC/GCM/XTS; CTR is its own inverse)")
    r.add_argument("--full-ip", action="store_true",
                   help="build every key size, both directions, GCM and XTS (default: only what this run needs)")
    r.add_argument("--fmax", type=float, help="MHz for the throughput figure (default: from docs/results)")
    r.add_argument("--stall-in", type=int, default=0, help="percent of cycles s_axis_tvalid is withheld")
    r.add_argument("--stall-out", type=int, default=0, help="percent of cycles m_axis_tready is low")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--no-check", action="store_true", help="skip the OpenSSL comparison")
    r.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    r.add_argument("input", help="input file, - for stdin")
    r.add_argument("output", help="output file, - for stdout")
    r.set_defaults(func=cmd_run)
    s = sub.add_parser("synth", help="area, Fmax and throughput of one configuration (Yosys, nextpnr, OpenSTA)")
    s.add_argument("--arch", choices=["iterative", "folded", "pipelined", "ghash", "axis"], default="pipelined",
                   help="ghash: GCM's GHASH unit alone (asic only); axis: the whole aes_axis IP "
                        "(PIPELINED core, GCM 0; asic, or xilinx for LUT counts)")
    s.add_argument("--lanes", type=int, default=1)
    s.add_argument("--stages", type=int, default=1, help="register stages per round")
    s.add_argument("--u", type=int, default=1, help="round units (folded)")
    s.add_argument("--impl", default="LUT", type=str.upper, choices=["LUT", "COMPOSITE", "BRAM", "TTABLE"],
                   help="S-box circuit (BRAM: FPGA block RAM, --stages 2..4; TTABLE: block-RAM "
                        "T-tables, --mode enc; neither for --target asic)")
    s.add_argument("--lut-lanes", type=int, default=0,
                   help="--arch pipelined --impl bram --key-mode shared: the last N lanes (0..lanes-1) "
                        "take LUT S-boxes (lanes of both kinds where block RAM runs out)")
    s.add_argument("--lut-impl", default="LUT", type=str.upper, choices=["LUT", "COMPOSITE"],
                   help="with --lut-lanes: those lanes' S-boxes as LUT tables (default) or the "
                        "composite (tower-field) circuit")
    s.add_argument("--mode", default="ENC", type=str.upper, choices=["ENC", "DEC", "BOTH"])
    s.add_argument("--key-mode", default="shared", choices=["shared", "agile"])
    s.add_argument("--keys", default="0b001", help="KEYS bitmask (pipelined): 0b001 AES-128 only, 0b111 all")
    s.add_argument("--target", required=True, choices=TARGETS)
    s.add_argument("--device", help="ice40: up5k (default) | hx8k; xilinx: xcup (default) | xc7")
    s.add_argument("--freq", type=float, default=0.0, help="nextpnr target MHz (default ecp5 200, ice40 50)")
    s.add_argument("--seed", type=int, default=1, help="nextpnr seed")
    s.add_argument("--liberty", help="asic: liberty file (.lib or .lib.gz) of your cell library")
    s.add_argument("--abc-d-ps", type=int, default=500, help="asic: ABC delay target / STA clock, ps")
    s.add_argument("--abc-script", default="buffered", choices=sorted(ABC_SCRIPTS),
                   help="asic: ABC mapping script (buffered: &nf + buffer/upsize/dnsize)")
    s.add_argument("--abc-estimate", action="store_true",
                   help="asic: report ABC's own delay estimate instead of OpenSTA's (which is required otherwise)")
    s.add_argument("--fault-detect", action="store_true",
                   help="--arch axis: FAULT_DETECT = 1 (two units in lockstep, docs/aes_axis.md)")
    s.add_argument("--xts", action="store_true",
                   help="--arch axis: XTS = 1 (the tweak core and ciphertext stealing, docs/aes_axis.md)")
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
    w.add_argument("--stale", action="store_true", help="only configurations whose stored result was "
                   "measured on other RTL (docs/results.md: 'older RTL'); none without a stored result")
    w.add_argument("--timeout", type=float, default=3600)
    w.add_argument("--jobs", type=int, default=1, help="independent builds run at once, each in its own "
                   "process (ASIC builds of 10 lanes need several GiB each)")
    w.add_argument("--list", action="store_true", help="print the matrix and exit")
    w.set_defaults(func=cmd_sweep)
    sg = sub.add_parser("sta-groups", help="add the slowest register groups to stored ASIC results "
                        "from their build directories' netlists (results measured before they were recorded)")
    sg.add_argument("--only", help="only results whose name contains this")
    sg.add_argument("--verbose", action="store_true", help="print the OpenSTA commands")
    sg.set_defaults(func=cmd_sta_groups)
    rp = sub.add_parser("report", help="rewrite docs/results.md and the Pareto plots from docs/results/*.json")
    rp.set_defaults(func=cmd_report)
    g = sub.add_parser("regs", help="generate RTL, C, Python, docs and IP-XACT from rtl/bus/aes_axis_regs.rdl")
    g.add_argument("--check", action="store_true", help="write nothing; list stale files, exit 1 if any")
    g.set_defaults(func=cmd_regs)
    args = p.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0
"""Random `aeshw run` invocations, each output compared with OpenSSL (`make run-fuzz`).

Each case draws what a user could type: a core (architecture, stages, lanes or round units,
key mode, S-box form, --full-ip), a mode and direction, a key of each size, an IV (CTR: often
one the counter wraps past), GCM AAD and tag length (some tags tampered), an XTS data unit,
a length (empty, partial blocks and odd units included) and backpressure on both streams.
It runs `aeshw run` as a separate process, file in and file out, and holds the result to the
CLI's contract (`aeshw run --help`; cli.main.cmd_run):
  - exit 0: the output file is OpenSSL's (`cryptography`) output for the same input;
  - exit 1: only a GCM decryption whose tag OpenSSL rejects too, with no output written;
  - exit 2: a refusal, a message starting "error:"; a refusal is counted by its message,
    and it is the only answer to an input OpenSSL refuses (a partial ECB/CBC block, an XTS
    unit under 16 bytes).
Anything else (a wrong or missing output, a crash, a run past --timeout) fails the case:
its command and input are written to --out-dir to replay, and the exit status is 1.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from ..model import gcm_packet as gp, xts
from . import harness as h

ARCHS = ("iterative", "folded", "pipelined")
IMPLS = ("LUT", "COMPOSITE", "BRAM", "TTABLE")
MODES = ("ecb", "cbc", "ctr", "gcm", "xts")
TAG_FAIL = "tag-fail"          # expect(): OpenSSL rejects the GCM tag
REFUSE = "refuse"              # expect(): OpenSSL refuses the input itself


@dataclasses.dataclass
class Case:
    """One drawn invocation: the core's flags, the message and its parameters."""
    core: list[str]
    mode: str
    decrypt: bool
    key: bytes
    iv: bytes
    aad: bytes
    tag_len: int
    unit: int
    data: bytes
    seed: int
    stalls: tuple[int, int]

    def argv(self, src: str, dst: str) -> list[str]:
        a = ["run", *self.core, "--mode", self.mode, "--key", self.key.hex(), "-q", "--no-check",
             "--seed", str(self.seed), "--stall-in", str(self.stalls[0]), "--stall-out", str(self.stalls[1])]
        a += ["--iv", self.iv.hex()] if self.iv else []
        a += ["--aad", self.aad.hex()] if self.aad else []
        a += ["--tag-len", str(self.tag_len)] if self.mode == "gcm" else []
        a += ["--data-unit", str(self.unit)] if self.unit else []
        a += ["--decrypt"] if self.decrypt else []
        return a + [src, dst]


# ---- drawing a case ---------------------------------------------------------------------
def draw_core(rng: random.Random, archs=ARCHS) -> list[str]:
    """The core's flags; block-RAM forms mostly where they can build (they need a cut)."""
    arch, impl = rng.choice(archs), rng.choice(IMPLS)
    if arch == "iterative" and rng.random() < 0.8:   # (one stage a round: no block-RAM form)
        impl = rng.choice(["LUT", "COMPOSITE"])
    core = ["--arch", arch, "--impl", impl]
    stages = rng.randint(2, 4) if impl in ("BRAM", "TTABLE") and rng.random() < 0.8 else rng.randint(1, 6)
    if arch == "folded":
        core += ["--stages", str(min(stages, 4)), "--u", str(rng.choice([1, 1, 2, 5]))]
    elif arch == "pipelined":
        core += ["--stages", str(stages), "--lanes", str(rng.choice([1, 1, 2, 3, 4])),
                 "--key-mode", rng.choice(["shared", "agile"])]
    return core + (["--full-ip"] if rng.random() < 0.25 else [])


def draw_message(rng: random.Random, mode: str) -> tuple[bytes, bytes, bytes, int, int]:
    """key, iv, aad, tag length, XTS data unit for a mode."""
    key = rng.randbytes(rng.choice([32, 64]) if mode == "xts" else rng.choice([16, 24, 32]))
    iv, aad, tag_len, unit = b"", b"", 16, 0
    if mode in ("cbc", "ctr", "xts"):
        iv = rng.randbytes(16)
    if mode == "ctr" and rng.random() < 0.4:         # the counter wraps inside the message
        iv = b"\xff" * 15 + bytes([rng.randrange(0xf0, 0x100)])
    if mode == "gcm":                                # (OpenSSL through cryptography: 8..128 bytes)
        iv = rng.randbytes(rng.choice([12, 12, 8, 16, 20, 60, 128]))
        aad = rng.randbytes(rng.choice([0, 0, 1, 16, 33]))
        tag_len = rng.choice([16, 16, 15, 12, 8, 4])
    if mode == "xts":
        unit = rng.choice([0, 0, 16, 32, 48, 512, 17, 100])
    return key, iv, aad, tag_len, unit


def draw_length(rng: random.Random, mode: str) -> int:
    n = rng.choice([0, 16, 32, 48, 160, 1024, 4096, 1, 15, 17, 33, 100, 1000])
    if mode in ("ecb", "cbc") and rng.random() < 0.85:
        n -= n % 16                                  # mostly whole blocks; some refusals
    return max(n, 16) if mode == "xts" and rng.random() < 0.9 else n


def draw(rng: random.Random, archs=ARCHS) -> Case:
    mode = rng.choice(MODES)
    decrypt = rng.random() < 0.5
    key, iv, aad, tag_len, unit = draw_message(rng, mode)
    stalls = rng.choice([(0, 0), (0, 0), (10, 50), (50, 10), (90, 90)])
    case = Case(draw_core(rng, archs), mode, decrypt, key, iv, aad, tag_len, unit,
                rng.randbytes(draw_length(rng, mode)), rng.randrange(1 << 16), stalls)
    if mode == "gcm" and decrypt:                    # a sealed message, its tag sometimes tampered
        sealed = gcm_seal(case)
        if sealed and rng.random() < 0.25:
            sealed = sealed[:-1] + bytes([sealed[-1] ^ 1 << rng.randrange(8)])
        case.data = sealed
    return case


# ---- OpenSSL's answer (the project's OpenSSL wrappers: harness.expected, model.gcm_packet,
# model.xts; the CLI's own check is not run, --no-check) ------------------------------------
def gcm_seal(case: Case) -> bytes:
    ct, tag = gp.encrypt(case.key, case.iv, case.aad, case.data, case.tag_len)
    return ct + tag


def gcm_open(case: Case) -> bytes | str:
    if len(case.data) < case.tag_len:
        return REFUSE
    cut = len(case.data) - case.tag_len
    pt = gp.decrypt(case.key, case.iv, case.aad, case.data[:cut], case.data[cut:])
    return TAG_FAIL if pt is None else pt


def expect(case: Case) -> bytes | str:
    """OpenSSL's output for the case, TAG_FAIL, or REFUSE (OpenSSL refuses the input)."""
    try:
        if case.mode == "gcm":
            return gcm_open(case) if case.decrypt else gcm_seal(case)
        if case.mode == "xts":               # data units whose tweaks count up from --iv
            return xts.stream(case.key, case.iv, case.data, case.unit, case.decrypt)
        return h.expected(h.Job(case.key, case.mode, case.decrypt, case.iv, case.data))
    except ValueError:
        return REFUSE


# ---- the verdict -------------------------------------------------------------------------
def judge(want: bytes | str, rc: int, out: bytes | None, err: str) -> tuple[str, str]:
    """(kind, detail): kind "ok", "tag-fail", "refused" (detail: the message) or "FAIL"."""
    msg = next((ln for ln in err.splitlines() if ln.startswith("error:")), "")
    if rc == 2 and msg:
        return "refused", msg
    if rc == 2 or want == REFUSE:
        return "FAIL", f"exit {rc} for an input OpenSSL {'refuses' if want == REFUSE else 'takes'}: {msg or err[-200:]}"
    if want == TAG_FAIL:
        ok = rc == 1 and out is None and "TAG_FAIL" in err
        return ("tag-fail", "") if ok else ("FAIL", f"a tag OpenSSL rejects: exit {rc}, output {out is not None}")
    if rc != 0 or out is None:
        return "FAIL", f"exit {rc}, output {'written' if out is not None else 'missing'}: {err[-200:]}"
    if out != want:
        return "FAIL", f"{len(out)} bytes, OpenSSL {len(want)}, first difference at byte {h.first_difference(out, want)}"
    return "ok", ""


def run_case(case: Case, tool: list[str], timeout: float) -> tuple[str, str]:
    with tempfile.TemporaryDirectory(prefix="aeshw-fuzz-") as d:
        src, dst = os.path.join(d, "in"), os.path.join(d, "out")
        Path(src).write_bytes(case.data)
        try:
            r = subprocess.run(tool + case.argv(src, dst), capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "FAIL", f"no answer in {timeout:.0f} s"
        out = Path(dst).read_bytes() if os.path.exists(dst) else None
    return judge(expect(case), r.returncode, out, r.stderr)


def keep(case: Case, out_dir: Path, k: int, detail: str) -> Path:
    """A failed case, to replay: its input and the command (with `in` and `out` as the files)."""
    d = out_dir / f"case{k}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "in").write_bytes(case.data)
    (d / "command").write_text("aeshw " + " ".join(case.argv("in", "out")) + f"\n# {detail}\n")
    return d


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="aeshw-run-fuzz", description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=100, help="cases")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--arch", choices=ARCHS, action="append", help="draw only these (repeatable)")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds a case may take")
    p.add_argument("--out-dir", type=Path, default=Path("build/run_fuzz"), help="where failed cases go")
    p.add_argument("--tool", default=f"{sys.executable} -m aeshw.cli", help="the command that is `aeshw`")
    a = p.parse_args(argv)
    rng, tool = random.Random(a.seed), a.tool.split()
    kinds, refusals, fails = collections.Counter(), collections.Counter(), 0
    for k in range(a.runs):
        case = draw(rng, tuple(a.arch or ARCHS))
        kind, detail = run_case(case, tool, a.timeout)
        kinds[kind] += 1
        refusals.update([detail] if kind == "refused" else [])
        line = " ".join(case.argv("in", "out")[1:]).replace(case.key.hex(), "KEY")
        print(f"{k} {kind} {detail[:120]} :: {line[:200]}", flush=True)
        if kind == "FAIL":
            fails += 1
            print(f"   kept in {keep(case, a.out_dir, k, detail)}", flush=True)
    print(f"{a.runs} cases: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    for msg, n in refusals.most_common():
        print(f"  refused {n}x: {msg[:150]}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

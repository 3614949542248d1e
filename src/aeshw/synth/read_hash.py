# SPDX-License-Identifier: Apache-2.0
"""The hash of what a synthesis run reads: `rtl_read_sha1` of a stored result.

A row's `rtl_sha1` hashes its staged source files as bytes, so a comment, a new module in the
library that the row never instantiates, or code under a define the row's target never sets
marks every row as older RTL, although what Yosys builds has not changed. This hash is of the
text Yosys elaborates instead:
- the sources preprocessed as Yosys's `read_verilog` does (Icarus's `iverilog -E`, with the
  run's own defines, and SYNTHESIS and YOSYS, which read_verilog always defines), with every
  `include file inlined;
- comments removed and blank space collapsed;
- only the modules the top instantiates, directly or further down. A module counts as
  instantiated where its name appears as a word in the body of one that is (a generate
  branch that is not taken still counts: more modules, never fewer);
- the text outside modules (`default_nettype) left out: a build that elaborates reads it the
  same either way.
Two runs with the same hash (and the same parameters, scripts and tools) read the same
design.
"""
from __future__ import annotations

import hashlib
import re
import subprocess
import tempfile
from pathlib import Path

# One token at a time: a string (kept whole), a line comment, a block comment, or other text.
_TOKENS = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/|[^"/]+|/', re.S)
_MODULE = re.compile(r"\bmodule\s+([A-Za-z_][A-Za-z0-9_$]*)(.*?)\bendmodule\b", re.S)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")
IMPLICIT = ("SYNTHESIS", "YOSYS")       # read_verilog's own defines (not -formal)


def preprocess(paths: list[Path], defines: tuple[str, ...] | list[str], incdir: Path) -> str:
    """The sources as one preprocessed text (`iverilog -E`), in the given order."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pp.v"
        cmd = ["iverilog", "-E", "-I", str(incdir), "-o", str(out)]
        cmd += [f"-D{d}" for d in (*IMPLICIT, *defines)] + [str(p) for p in paths]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"iverilog -E failed: {r.stderr.strip()[:500]}")
        return out.read_text()


def strip_comments(text: str) -> str:
    """`text` without // and /* */ comments (strings kept), blank space collapsed to one space."""
    kept = [t for t in _TOKENS.findall(text) if not (t.startswith("//") or t.startswith("/*"))]
    return " ".join("".join(kept).split())


def modules(text: str) -> dict[str, str]:
    """Module name -> its text (comment-free, collapsed), for every module in `text`."""
    return {m.group(1): f"module {m.group(1)}{m.group(2)}endmodule"
            for m in _MODULE.finditer(strip_comments(text))}


def reachable(mods: dict[str, str], top: str) -> list[str]:
    """`top` and every module whose name is a word of a reachable module's body, sorted."""
    if top not in mods:
        raise ValueError(f"top module {top} is not in the sources")
    seen, todo = {top}, [top]
    while todo:
        for w in set(_WORD.findall(mods[todo.pop()])):
            if w in mods and w not in seen:
                seen.add(w)
                todo.append(w)
    return sorted(seen)


def read_sha1(paths: list[Path], defines, incdir: Path, top: str) -> str:
    """The hash of what a run with these sources, defines and top elaborates (module above)."""
    mods = modules(preprocess(paths, defines, incdir))
    return hashlib.sha1("\n".join(mods[m] for m in reachable(mods, top)).encode()).hexdigest()


def defines_of(ys: str) -> list[str]:
    """The -D defines of a stored Yosys script's `read_verilog -defer` line (rows stored before
    results recorded their `defines`)."""
    for line in ys.splitlines():
        if line.startswith("read_verilog -defer") and "-overwrite" not in line:   # not a map
            return [w[2:] for w in line.split() if w.startswith("-D")]
    raise ValueError("no read_verilog -defer line in the script")

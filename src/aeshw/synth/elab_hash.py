# SPDX-License-Identifier: Apache-2.0
"""The hash of what a synthesis run elaborates: `rtl_elab_sha1` of a stored result.

The read hash (read_hash) changes with any text of a module the top reaches, so an edit inside
a generate branch that a row never takes marks the row as older RTL, although Yosys builds
the same netlist for it. This hash is of the elaborated netlist itself:
- the row's sources (as the flow stages them today), its defines and its own `chparam` lines,
  read by the project's Yosys (`read_verilog -defer`, `hierarchy -top`, `proc`, `flatten`,
  `opt_clean -purge`: the design before any optimisation that could hide a difference);
- private names numbered in netlist order (`rename -enumerate`), the index Yosys appends to a
  name it makes ("$8049": a global counter, which code in an untaken branch also advances)
  numbered in order of first appearance, and source locations left out (`src` and `hdlname`
  attributes, the `file.v:line` part of names), so moving a line or editing an untaken
  branch leaves the text as it was. Both renumberings are one-to-one, so two texts are equal
  only for netlists equal up to those names;
- everything else kept: every cell, its type, parameters and connections, every public name.
Equal hashes mean the same netlist up to the numbering of private names, so a figure
measured on one holds for the other (same scripts, tools and liberty). Unequal hashes say
nothing finer than "re-measure".
"""
from __future__ import annotations

import hashlib
import re
import subprocess
import tempfile
from pathlib import Path

ELAB = ["proc", "flatten", "opt_clean -purge", "rename -enumerate", "write_rtlil elab.il"]
_DROP = ("attribute \\src ", "attribute \\hdlname ", "#", "autoidx ")
_LOCATION = re.compile(r"[\w./-]+\.v:\d+(?:\.\d+-\d+\.\d+)?")
_INDEX = re.compile(r"\$(\d+)\b")


def chparam_lines(ys: str) -> list[str]:
    """The `chparam` lines of a stored Yosys script (the parameters the run set)."""
    return [ln for ln in ys.splitlines() if ln.startswith("chparam ")]


def canonical(rtlil: str) -> str:
    """`rtlil` without source locations and comments, and with the indices Yosys appends to
    the names it makes ("$8049") numbered in order of first appearance (module docstring)."""
    kept = (ln for ln in rtlil.splitlines() if not ln.lstrip().startswith(_DROP))
    text = _LOCATION.sub("L", "\n".join(kept))
    order: dict[str, int] = {}
    return _INDEX.sub(lambda m: f"${order.setdefault(m.group(1), len(order))}", text)


def elab_text(yosys: str, srcs: list[Path], headers: list[Path], defines, chparams: list[str], top: str) -> str:
    """The canonical RTLIL of the design `srcs` elaborate under `top` with these parameters."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "rtl").mkdir()
        for p in [*srcs, *headers]:
            (d / "rtl" / p.name).write_text(p.read_text())
        read = "read_verilog -defer " + " ".join([f"-D{x}" for x in defines] + [f"rtl/{p.name}" for p in srcs])
        (d / "elab.ys").write_text("\n".join([read, *chparams, f"hierarchy -top {top}", *ELAB]) + "\n")
        r = subprocess.run([yosys, "-q", "elab.ys"], cwd=d, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"yosys elaboration failed: {(r.stderr or r.stdout).strip()[-500:]}")
        return canonical((d / "elab.il").read_text())


def elab_sha1(yosys: str, srcs: list[Path], headers: list[Path], defines, chparams: list[str], top: str) -> str:
    """The hash of elab_text (module docstring)."""
    return hashlib.sha1(elab_text(yosys, srcs, headers, defines, chparams, top).encode()).hexdigest()

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
- every name that carries a Yosys index (`\\_41_` from `rename -enumerate`, `$41` in a name
  Yosys made) renumbered from the netlist's shape within its stem (canonical_names: Yosys
  numbers them in the order it happens to hold the objects, which an unrelated edit can
  change), `$meminit`'s PRIORITY (another global counter) as its rank, and each module's
  items (wires, cells, connections) sorted;
- the top module's own parameter declarations left out (after `flatten` the top is the only
  module): they say what the run set, and every effect of a value is in the netlist itself,
  so a parameter added with a default that changes nothing (LUT_LANES 0) leaves the text
  as it was;
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
from collections import defaultdict
from pathlib import Path

ELAB = ["proc", "flatten", "opt_clean -purge", "rename -enumerate", "write_rtlil elab.il"]
_DROP = ("attribute \\src ", "attribute \\hdlname ", "#", "autoidx ")
_MODULE_PARAM = "  parameter "         # a module's parameter declaration (a cell's are indented further)
_LOCATION = re.compile(r"[\w./-]+\.v:\d+(?:\.\d+-\d+\.\d+)?")
_INDEX = re.compile(r"\$(\d+)\b")
_PRIORITY = re.compile(r"parameter \\PRIORITY (\d+)")


def chparam_lines(ys: str) -> list[str]:
    """The `chparam` lines of a stored Yosys script (the parameters the run set)."""
    return [ln for ln in ys.splitlines() if ln.startswith("chparam ")]


def canonical(rtlil: str) -> str:
    """`rtlil` without source locations and comments, the indices Yosys appends to the names
    it makes ("$8049") numbered in order of first appearance, and the enumerated names and the
    order of each module's items made independent of how Yosys held them (module docstring)."""
    kept = (ln for ln in rtlil.splitlines() if not ln.lstrip().startswith(_DROP)
            and not ln.startswith(_MODULE_PARAM))
    text = _LOCATION.sub("L", "\n".join(kept))
    order: dict[str, int] = {}
    text = _INDEX.sub(lambda m: f"${order.setdefault(m.group(1), len(order))}", text)
    # $meminit's PRIORITY: a global counter as well (which init wins where two overlap): kept
    # as its rank among the design's, which is all the order it says.
    ranks = {v: i for i, v in enumerate(sorted({int(v) for v in _PRIORITY.findall(text)}))}
    return canonical_names(_PRIORITY.sub(lambda m: f"parameter \\PRIORITY {ranks[int(m.group(1))]}", text))


_ROUNDS = 200                                    # refinement rounds at most (_rename_module)
_TOKEN = re.compile(r"(?<!\S)[\\$]\S+")            # a name in RTLIL
_NUMBERED = re.compile(r"\$\d+|(?<=^\\_)\d+(?=_$)")  # Yosys's indices in one: "$41", "\_41_"


def _items(lines: list[str]) -> tuple[list[str], list[str], list[str]]:
    """A module's lines as (head, items, tail): an item is a wire, memory or connect line, or a
    cell block, each with the attribute lines in front of it."""
    head, items, cur, depth = [], [], [], 0
    for i, ln in enumerate(lines):
        if not items and not cur and not ln.startswith("  "):
            head.append(ln)
            continue
        if ln == "end" and depth == 0:
            return head, items, lines[i:]
        cur.append(ln)
        if ln.startswith("  cell ") or ln.startswith("  switch ") or ln.startswith("  process "):
            depth += 1
        elif ln == "  end":
            depth -= 1
        if depth == 0 and not ln.startswith("  attribute "):
            items.append("\n".join(cur))
            cur = []
    return head, items + (["\n".join(cur)] if cur else []), []


def _h(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=10).hexdigest()


def _stem(name: str) -> str:
    return _NUMBERED.sub("#", name)


def _numbered(item: str) -> list[str]:
    return [t for t in _TOKEN.findall(item) if _NUMBERED.search(t)]


def _rename_module(items: list[str]) -> list[str]:
    """The module's items with each name that carries a Yosys index ("\\_41_" from `rename
    -enumerate`, "$41" in a name Yosys made) renumbered from its place in the netlist: names
    start labelled by their stem (the name without its indices) and the item that declares
    them, then take on the labels of the items they appear in (as in Weisfeiler-Lehman graph
    hashing), round after round until no round tells two more names apart (a public name
    several cells away is what separates two copies of the same logic); the names of a stem
    are then numbered in label order (ties: in order of appearance, which can only make two
    equal netlists read as different, never the reverse) and the items sorted."""
    names = [_numbered(it) for it in items]
    shapes = [_TOKEN.sub(lambda m: _stem(m.group(0)) if _NUMBERED.search(m.group(0)) else m.group(0), it)
              for it in items]
    label: dict[str, str] = {n: _stem(n) for ns in names for n in ns}
    for it, ns, shape in zip(items, names, shapes):   # a wire, cell or memory item declares a name
        decl = next(ln for ln in it.split("\n") if not ln.startswith("  attribute "))
        last = decl.split()[-1]
        if decl.startswith(("  wire ", "  cell ", "  memory ")) and last in ns:
            label[last] = _h(_stem(last), shape)
    classes = len(set(label.values()))
    for _ in range(_ROUNDS):
        seen: dict[str, list[str]] = defaultdict(list)
        for ns, shape in zip(names, shapes):
            sig = _h(shape, *(label[n] for n in ns))
            for k, n in enumerate(ns):
                seen[n].append(f"{sig}:{k}")
        label = {n: _h(label[n], *sorted(seen[n])) for n in label}
        if len(set(label.values())) == classes:
            break                                 # no name told apart from another: stable
        classes = len(set(label.values()))
    first = {n: i for i, n in enumerate(dict.fromkeys(n for ns in names for n in ns))}
    rank: dict[str, int] = defaultdict(int)
    new = {}
    for n in sorted(label, key=lambda n: (_stem(n), label[n], first[n])):
        new[n] = _stem(n).replace("#", str(rank[_stem(n)]))
        rank[_stem(n)] += 1
    return sorted(_TOKEN.sub(lambda m: new.get(m.group(0), m.group(0)), it) for it in items)


def canonical_names(text: str) -> str:
    """`text` (RTLIL) with each module's enumerated names and item order canonical (_rename_module)."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        if not lines[i].startswith("module "):
            out.append(lines[i])
            i += 1
            continue
        j = lines.index("end", i)
        head, items, tail = _items(lines[i:j + 1])
        out += head + _rename_module(items) + tail
        i = j + 1
    return "\n".join(out)


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

# SPDX-License-Identifier: Apache-2.0
"""Where an FPGA build's LUTs go: each LUT of the flattened Yosys netlist (netlist.json) is
counted against the first named net its output reaches, following the logic forward (most
often the register the LUT's cone ends in). Indices are written `[*]`, so the bits of one
register in every round, lane and S-box form one group: the FPGA counterpart of the ASIC
rows' `sta_groups`, so that what to shrink next is visible without rerunning."""
from __future__ import annotations

import re
from collections import Counter, defaultdict

SHOWN = 12          # groups kept per result (the rest summed as "(other)")
MAX_LEVELS = 8      # how far forward a LUT's output is followed to a named net

LUT_CELLS = {
    "xilinx": re.compile(r"LUT[1-6]$"),
    "ecp5": re.compile(r"LUT4$"),
    "ice40": re.compile(r"SB_LUT4$"),
}


def group_name(net: str) -> str:
    """A net's (or kept instance's) group: its name with every index written [*]."""
    return re.sub(r"\[\d+\]", "[*]", net.lstrip("\\"))


def _is_module(netlist: dict, name: str) -> bool:
    """A design module kept as its own level (not a library cell's blackbox)."""
    m = netlist["modules"].get(name)
    return m is not None and not m.get("attributes", {}).get("blackbox") and bool(m.get("cells"))


def _total(netlist: dict, name: str, lut) -> int:
    """LUTs in module `name`, its kept submodules' counted once per instance."""
    return sum(_total(netlist, c["type"], lut) if _is_module(netlist, c["type"]) else int(bool(lut.match(c["type"])))
               for c in netlist["modules"][name]["cells"].values())


def _named_bits(mod: dict) -> dict[int, str]:
    named: dict[int, str] = {}
    for name, net in mod["netnames"].items():
        if net.get("hide_name", 0):
            continue
        for b in net["bits"]:
            if isinstance(b, int):
                named.setdefault(b, name)
    return named


def _graph(mod: dict) -> tuple[dict[str, list[int]], dict[int, list[str]]]:
    """Each cell's output bits, and each bit's reading cells."""
    outs: dict[str, list[int]] = {}
    readers: dict[int, list[str]] = defaultdict(list)
    for cn, c in mod["cells"].items():
        dirs = c.get("port_directions", {})
        outs[cn] = []
        for port, bits in c["connections"].items():
            for b in bits:
                if not isinstance(b, int):
                    continue
                if dirs.get(port) == "output":
                    outs[cn].append(b)
                else:
                    readers[b].append(cn)
    return outs, readers


def _first_named(cell: str, outs, readers, named) -> str:
    """The first named net forward of `cell` (breadth first, MAX_LEVELS deep), or "(unnamed)"."""
    frontier, seen = [cell], {cell}
    for _ in range(MAX_LEVELS):
        nxt = []
        for c in frontier:
            for b in outs[c]:
                if b in named:
                    return named[b]
                for r in readers.get(b, ()):
                    if r not in seen:
                        seen.add(r)
                        nxt.append(r)
        if not nxt:
            break
        frontier = nxt
    return "(unnamed)"


def lut_groups(netlist: dict, target: str, top: str, shown: int = SHOWN) -> list[dict]:
    """[{"group", "luts"}] of module `top`, most LUTs first: the `shown` largest groups, then
    "(other)". A kept submodule instance (e.g. an S-box) is a group of its own, by its name."""
    lut = LUT_CELLS[target]
    mod = netlist["modules"][top]
    named = _named_bits(mod)
    outs, readers = _graph(mod)
    count: Counter = Counter()
    for cn, c in mod["cells"].items():
        if _is_module(netlist, c["type"]):
            count[group_name(cn)] += _total(netlist, c["type"], lut)
        elif lut.match(c["type"]):
            count[group_name(_first_named(cn, outs, readers, named))] += 1
    top_groups = [(g, n) for g, n in count.most_common() if n][:shown]
    rest = sum(count.values()) - sum(n for _, n in top_groups)
    return [{"group": g, "luts": n} for g, n in top_groups] + ([{"group": "(other)", "luts": rest}] if rest else [])

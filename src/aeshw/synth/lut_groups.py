# SPDX-License-Identifier: Apache-2.0
"""Where an FPGA build's LUTs go: each LUT of the Yosys netlist (netlist.json) is counted
against the first cell its output reaches that is not combinational fabric (LUTs, wide
multiplexers, carries pass the search on): a flip-flop, by the name of the register it
holds; a block or LUT RAM, a kept submodule or an output port, by its own name. Indices are
written `[*]` and the mapper's suffixes dropped, so the bits of one register in every round,
lane and S-box form one group: the FPGA counterpart of the ASIC rows' `sta_groups`, so that
what to shrink next is visible without rerunning. A kept submodule instance (e.g. a
UltraScale+ S-box) is a group of its own, with every LUT inside it."""
from __future__ import annotations

import re
from collections import Counter, defaultdict

SHOWN = 12          # groups kept per result (the rest summed as "(other)")
MAX_LEVELS = 12     # how far forward a LUT's output is followed

LUT_CELLS = {
    "xilinx": re.compile(r"LUT[1-6]$"),
    "ecp5": re.compile(r"LUT4$"),
    "ice40": re.compile(r"SB_LUT4$"),
}
# combinational fabric besides the LUTs: the search goes on through these
PASS = re.compile(r"(MUXF[789]|CARRY\d|SB_CARRY|CCU2C|PFUMX|L6MUX21|INV|\$__.*)$")
# flip-flops: named by the register on their output
FLOPS = re.compile(r"(FD[RSCP]E(_1)?|TRELLIS_FF|SB_DFF\w*)$")
# what the mappers append to a register's name (ice40 `_SB_LUT4_O_I3`, ecp5 `_TRELLIS_FF_Q`)
MAPPER_SUFFIX = re.compile(r"(_SB_|_TRELLIS_|_LUT4_|_DFF_|\$).*$")


def group_name(name: str) -> str:
    """A register's or instance's group: every index (and a memory's bank number) written [*] or
    .*, the mapper's suffix dropped."""
    name = MAPPER_SUFFIX.sub("", name.lstrip("\\")) or "(unnamed)"     # a name of Yosys's own: $...
    name = re.sub(r"\.\d+(?=\.|$)", ".*", name)             # a memory's banks: mem.0.1
    return re.sub(r"\[\d+\]", "[*]", name)


def _is_module(netlist: dict, name: str) -> bool:
    """A design module kept as its own level (not a library cell's blackbox)."""
    m = netlist["modules"].get(name)
    return m is not None and not m.get("attributes", {}).get("blackbox") and bool(m.get("cells"))


def _total(netlist: dict, name: str, lut) -> int:
    """LUTs in module `name`, its kept submodules' counted once per instance."""
    return sum(_total(netlist, c["type"], lut) if _is_module(netlist, c["type"]) else int(bool(lut.match(c["type"])))
               for c in netlist["modules"][name]["cells"].values())


def _bit_names(mod: dict) -> dict[int, str]:
    """Each bit's net name: a visible name before a hidden one, then the shallowest (fewest
    hierarchy levels): a register's output is also an input port's name in every submodule
    that reads it (`u_round.out_state` is `u_sbox.in_byte` one round on), and the register
    is the level above its readers'."""
    def rank(kv):
        name, net = kv
        return (net.get("hide_name", 0), name.count("."), name)
    names: dict[int, str] = {}
    for name, net in sorted(mod["netnames"].items(), key=rank):
        for b in net["bits"]:
            if isinstance(b, int):
                names.setdefault(b, name)
    return names


def _graph(mod: dict) -> tuple[dict[str, list[int]], dict[int, list[str]]]:
    """Each cell's output bits, and each bit's reading cells (an output port: "port:NAME")."""
    outs: dict[str, list[int]] = {}
    readers: dict[int, list[str]] = defaultdict(list)
    for cn, c in mod["cells"].items():
        dirs = c.get("port_directions", {})
        outs[cn] = []
        for port, bits in c["connections"].items():
            for b in bits:
                if isinstance(b, int):
                    (outs[cn].append(b) if dirs.get(port) == "output" else readers[b].append(cn))
    for name, p in mod.get("ports", {}).items():
        if p.get("direction") == "output":
            for b in p["bits"]:
                if isinstance(b, int):
                    readers[b].append(f"port:{name}")
    return outs, readers


class _Netlist:
    """One module's graph and the rules that name an endpoint."""

    def __init__(self, netlist: dict, top: str, lut) -> None:
        self.all, self.mod, self.lut = netlist, netlist["modules"][top], lut
        self.names = _bit_names(self.mod)
        self.outs, self.readers = _graph(self.mod)

    def endpoint(self, cell: str) -> str | None:
        """The name of an endpoint cell; None for combinational fabric (search on)."""
        if cell.startswith("port:"):
            return cell[5:]
        kind = self.mod["cells"][cell]["type"]
        if self.lut.match(kind) or PASS.match(kind):
            return None
        if FLOPS.match(kind):
            q = self.outs[cell]
            return self.names.get(q[0], cell) if q else cell
        return cell

    def group_of(self, cell: str) -> str:
        """The first endpoint forward of LUT `cell` (breadth first), or "(unconnected)"."""
        frontier, seen = [cell], {cell}
        for _ in range(MAX_LEVELS):
            nxt = []
            for c in frontier:
                for b in self.outs[c]:
                    for r in self.readers.get(b, ()):
                        if r in seen:
                            continue
                        seen.add(r)
                        name = self.endpoint(r)
                        if name is not None:
                            return group_name(name)
                        nxt.append(r)
            if not nxt:
                break
            frontier = nxt
        return "(unconnected)"


def lut_groups(netlist: dict, target: str, top: str, shown: int = SHOWN) -> list[dict]:
    """[{"group", "luts"}] of module `top`, most LUTs first: the `shown` largest groups, then
    "(other)"."""
    n = _Netlist(netlist, top, LUT_CELLS[target])
    count: Counter = Counter()
    for cn, c in n.mod["cells"].items():
        if _is_module(netlist, c["type"]):
            count[group_name(cn)] += _total(netlist, c["type"], n.lut)
        elif n.lut.match(c["type"]):
            count[n.group_of(cn)] += 1
    top_groups = [(g, k) for g, k in count.most_common() if k][:shown]
    rest = sum(count.values()) - sum(k for _, k in top_groups)
    return [{"group": g, "luts": k} for g, k in top_groups] + ([{"group": "(other)", "luts": rest}] if rest else [])

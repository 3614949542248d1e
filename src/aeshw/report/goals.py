# SPDX-License-Identifier: Apache-2.0
"""docs/results.md's table against the open issues' figures (issue 12: ASIC, issue 13: FPGA):
one line per figure, the best stored row that answers it, and whether it is met. Rows marked
"older RTL" count as measured (the page marks them in its tables)."""
from __future__ import annotations

import re

from .results import cfg_desc

HEADER = ["| issue | what | threshold | ours (best stored) | status |", "|---|---|---|---|---|"]


def _best(items, key, low=False):
    items = [r for r in items if r.get(key) is not None]
    if not items:
        return None
    return (min if low else max)(items, key=lambda r: r[key])


def _met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def _lib(r: dict) -> str:
    return r["device"].replace("liberty ", "").split(".")[0]


def _density(r: dict) -> float:
    """Gbps per mm^2 of cell area."""
    return r["throughput_gbps"] / (r["area_um2"] / 1e6)


def _one_lane(r: dict) -> bool:
    return r["arch"] == "pipelined" and r["lanes"] == 1 and r["config"]["abc_script"] == "buffered"


def _aes128_enc(r: dict) -> bool:
    return r["mode"] == "ENC" and r["key_sizes"] == [128]


def asic(rs: list[dict]) -> list[str]:
    """Issue 12, items 1 to 4, on NanGate45 (item 4 on every library measured)."""
    ng = [r for r in rs if r["target"] == "asic" and _lib(r).startswith("nangate45")]
    out = []
    pub = next((r for r in ng if r.get("label", "").startswith("published-style") and _one_lane(r)), None)
    if pub:
        ok = pub["fmax_mhz"] >= 1200 and pub["kge"] <= 160
        out.append(f"| 12.1 | published-style build (NanGate45) | >= 1.2 GHz at <= 160 kGE | "
                   f"{pub['fmax_mhz']:,.1f} MHz at {pub['kge']:.1f} kGE | {_met(ok)} |")
    enc = [r for r in ng if _one_lane(r) and _aes128_enc(r)]
    b = _best(enc, "throughput_gbps")
    if b:
        ok = b["fmax_mhz"] >= 2400 and _density(b) >= 1980
        out.append(f"| 12.2 | best 1-lane AES-128 encrypt (NanGate45) | >= 2.4 GHz = 307 Gbps at >= 1,980 "
                   f"Gbps/mm^2 | {cfg_desc(b)}: {b['fmax_mhz']:,.1f} MHz, {b['throughput_gbps']:.0f} Gbps, "
                   f"{_density(b):,.0f} Gbps/mm^2 | {_met(ok)} |")
    b10 = _best([r for r in ng if r["lanes"] >= 10], "throughput_gbps")
    out.append("| 12.3 | 10 lanes (NanGate45) | >= 3,000 Gbps | "
               + (f"{b10['throughput_gbps']:,.0f} Gbps at {b10['fmax_mhz']:,.1f} MHz, {b10['area_um2'] / 1e6:.2f} "
                  f"mm^2 | {_met(b10['throughput_gbps'] >= 3000)} |" if b10 else "not measured | **not met** |"))
    return out + variants([r for r in rs if r["target"] == "asic"])


def _variant(r: dict) -> str:
    """How a 1-lane row differs from its stage count's ENC, SHARED, AES-128 row."""
    parts = []
    if r["mode"] != "ENC":
        parts.append(r["mode"])
    if r["key_mode"] != "SHARED":
        parts.append(r["key_mode"])
    if r["key_sizes"] != [128]:
        parts.append("AES-" + "/".join(str(k) for k in r["key_sizes"]))
    return " ".join(parts)


def variants(rs: list[dict]) -> list[str]:
    """Issue 12 item 4: BOTH, AGILE and AES-192/256 rows against the ENC SHARED AES-128 row
    of the same library, S-box form and stage count (1-lane cores)."""
    out = []
    groups: dict[tuple, list[dict]] = {}
    for r in rs:
        if _one_lane(r):
            groups.setdefault((_lib(r), r["impl"], r["stages_per_round"]), []).append(r)
    for (lib, impl, st), rows in sorted(groups.items()):
        base = next((r for r in rows if not _variant(r)), None)
        others = [r for r in rows if _variant(r)]
        if not base or not others:
            continue
        ratios = [(_variant(r), r["fmax_mhz"] / base["fmax_mhz"]) for r in others]
        ok = all(q >= 0.9 for _, q in ratios)
        out.append(f"| 12.4 | {lib}, {st} st/round, {impl}: BOTH, AGILE, AES-192/256 against ENC SHARED "
                   f"AES-128 ({base['fmax_mhz']:,.1f} MHz) | >= 90 % | "
                   + ", ".join(f"{v} {q:.1%}" for v, q in sorted(ratios)) + f" | {_met(ok)} |")
    return out


def fpga(rs: list[dict]) -> list[str]:
    """Issue 13 item 3's figures."""
    out = []
    ecp = [r for r in rs if r["target"] == "ecp5" and r.get("fits")]
    e1 = _best([r for r in ecp if r["arch"] == "pipelined" and r["lanes"] == 1], "fmax_mhz")
    out.append("| 13.3 | ECP5-85 speed 8, one lane routed | >= 300 MHz | "
               + (f"{e1['fmax_mhz']:.1f} MHz ({cfg_desc(e1)}) | {_met(e1['fmax_mhz'] >= 300)} |" if e1
                  else "not measured | **not met** |"))
    ec = _best(ecp, "throughput_gbps")
    out.append("| 13.3 | ECP5-85 whole chip, highest throughput that routes | >= 100 Gbps | "
               + (f"{ec['throughput_gbps']:.1f} Gbps measured ({cfg_desc(ec)}) | "
                  f"{_met(ec['throughput_gbps'] >= 100)} |" if ec else "not measured | **not met** |"))
    xs = [r for r in rs if r["target"] == "xilinx" and r["device"].startswith("UltraScale")
          and _one_lane(r) and _aes128_enc(r)]
    xl = _best([r for r in xs if r["impl"] in ("LUT", "COMPOSITE")], "luts", low=True)
    out.append("| 13.3 | UltraScale+ LUT-only 1-lane AES-128 encrypt | <= 7,000 LUT | "
               + (f"{xl['luts']:,} LUT ({cfg_desc(xl)}) | {_met(xl['luts'] <= 7000)} |" if xl
                  else "not measured | **not met** |"))
    xb = _best([r for r in xs if r["impl"] in ("BRAM", "TTABLE")], "luts", low=True)
    out.append("| 13.3 | UltraScale+ block-RAM 1-lane AES-128 encrypt | <= 1,600 LUT + <= 44 RAMB36 | "
               + (f"{xb['luts']:,} LUT + {xb['brams']:g} RAMB36 ({cfg_desc(xb)}) | "
                  f"{_met(xb['luts'] <= 1600 and xb['brams'] <= 44)} |" if xb else "not measured | **not met** |"))
    return out + [ice40(rs)]


def _cells(r: dict) -> str:
    """nextpnr's count when the logic cells (a LUT4 each, and each flip-flop no LUT of its own
    feeds) were what did not fit, else nothing."""
    m = re.search(r"(\d+) ICESTORM_LC > (\d+)", r.get("fmax_source") or "")
    return f", {int(m[1]):,} logic cells > {int(m[2]):,}" if m else ""


def ice40(rs: list[dict]) -> str:
    """The iterative (or folded) core, enc+dec, every key size, on the UP5K at >= 48 MHz."""
    ib = [r for r in rs if r["target"] == "ice40" and "UP5K" in r["device"] and r["mode"] == "BOTH"
          and r["key_sizes"] == [128, 192, 256] and r["arch"] in ("iterative", "folded")]
    fit = _best([r for r in ib if r.get("fits") and r["impl"] == "BRAM"], "fmax_mhz")
    small = _best(ib, "luts", low=True)
    head = "| 13.3 | iCE40 UP5K enc+dec, all key sizes, EBR S-boxes | fits, routes, >= 48 MHz | "
    if fit:
        return head + f"{fit['fmax_mhz']:.1f} MHz ({cfg_desc(fit)}) | {_met(fit['fmax_mhz'] >= 48)} |"
    if small:
        used = small["luts"] + (small.get("harness_counts") or {}).get("luts", 0)
        return head + f"does not fit: {used:,} LUT4 with the harness{_cells(small)} ({cfg_desc(small)}) | **not met** |"
    return head + "not measured | **not met** |"


def table(rs: list[dict]) -> list[str]:
    return HEADER + asic(rs) + fpga(rs)

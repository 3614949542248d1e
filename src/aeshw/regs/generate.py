# SPDX-License-Identifier: Apache-2.0
"""Every file generated from the register description, and which of them are stale.

`render()` maps each output path (relative to the repository) to its text; `write()` puts
them in place (`aeshw regs`, make regs); `stale()` lists the outputs whose stored text
differs (`aeshw regs --check`, tb/repo/test_py_regs.py).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from ..paths import ROOT
from . import emit
from .rdl import RegMap, load

SPDX = "SPDX-License-Identifier: Apache-2.0"


def _peakrdl(exporter, rm: RegMap, name: str, **kw) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        exporter.export(rm.node, str(path), **kw)
        return path.read_text()


def _c_header(rm: RegMap) -> str:
    from peakrdl_cheader.exporter import CHeaderExporter
    return f"// {SPDX}\n" + _peakrdl(CHeaderExporter(), rm, "aes_axis_regs.h")


def _markdown(rm: RegMap) -> str:
    from peakrdl_markdown import MarkdownExporter
    text = _peakrdl(MarkdownExporter(), rm, "registers.md")
    return ("# aes_axis registers\n\nGenerated from `" + rm.source + "` by `aeshw regs`; the behaviour "
            "behind the fields (COMMIT, CLEAR, errors) is in [aes_axis.md](aes_axis.md).\n\n" + text)


def _ipxact(rm: RegMap) -> str:
    from peakrdl_ipxact import IPXACTExporter
    head, rest = _peakrdl(IPXACTExporter(), rm, "aes_axis_regs.xml").split("\n", 1)
    return f"{head}\n<!-- {SPDX} -->\n{rest}"


OUTPUTS = {
    "rtl/bus/aes_axis_regmap.v": emit.verilog,
    "rtl/lib/aes_axis_codes.vh": emit.verilog_codes,
    "src/aeshw/regs/aes_axis_regs.py": emit.python,
    "sw/include/aes_axis_codes.h": emit.c_codes,
    "sw/include/aes_axis_regs.h": _c_header,
    "docs/registers.md": _markdown,
    "docs/ipxact/aes_axis_regs.xml": _ipxact,
}


def render() -> dict[str, str]:
    rm = load()
    return {rel: fn(rm) for rel, fn in OUTPUTS.items()}


def write(root: Path = ROOT) -> list[str]:
    """Write every output whose text changed; return those paths."""
    changed = []
    for rel, text in render().items():
        path = root / rel
        if not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            changed.append(rel)
    return changed


def stale(root: Path = ROOT) -> list[str]:
    return [rel for rel, text in render().items()
            if not (root / rel).exists() or (root / rel).read_text() != text]

# SPDX-License-Identifier: Apache-2.0
"""The register description compiled into plain records (systemrdl-compiler does the parsing).

Every emitter reads a `RegMap`; the PeakRDL exporters also get the elaborated node.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..paths import ROOT

RDL = ROOT / "rtl" / "bus" / "aes_axis_regs.rdl"


@dataclass(frozen=True)
class Field:
    name: str
    lsb: int
    width: int
    read: bool          # software reads it
    write: bool         # software writes it
    const: bool         # read-only and not driven by hardware: its reset value
    reset: int | None
    enum: str | None    # name of its encoding
    desc: str

    @property
    def mask(self) -> int:
        return ((1 << self.width) - 1) << self.lsb


@dataclass(frozen=True)
class Reg:
    name: str
    offset: int         # byte offset of element 0
    count: int          # 1, or the array length
    stride: int
    fields: tuple[Field, ...]
    title: str


@dataclass(frozen=True)
class Enum:
    name: str
    members: tuple[tuple[str, int, str], ...]


@dataclass(frozen=True)
class RegMap:
    name: str
    regs: tuple[Reg, ...]
    enums: tuple[Enum, ...]
    node: object        # systemrdl AddrmapNode, for the PeakRDL exporters
    source: str         # the description, relative to the repository

    def reg(self, name: str) -> Reg:
        return next(r for r in self.regs if r.name == name)


def _field(f) -> Field:
    enc = f.get_property("encode")
    return Field(f.inst_name, f.lsb, f.width, f.is_sw_readable, f.is_sw_writable,
                 f.is_sw_readable and not f.is_sw_writable and not f.is_hw_writable,
                 f.get_property("reset"), enc.__name__ if enc else None,
                 f.get_property("desc") or "")


def _reg(r) -> Reg:
    count = r.array_dimensions[0] if r.is_array else 1
    return Reg(r.inst_name, r.raw_address_offset, count, r.array_stride if r.is_array else 4,
               tuple(sorted((_field(f) for f in r.fields()), key=lambda f: f.lsb)),
               r.get_property("name"))


def _enums(regs, node) -> tuple[Enum, ...]:
    seen: dict[str, Enum] = {}
    for r in node.children(unroll=False):
        for f in r.fields():
            enc = f.get_property("encode")
            if enc and enc.__name__ not in seen:
                seen[enc.__name__] = Enum(enc.__name__, tuple((m.name, m.value, m.rdl_desc or "")
                                                              for m in enc))
    return tuple(seen.values())


def load(path: Path = RDL) -> RegMap:
    """Compile the description (from the repository root, so generated files name it
    by its relative path) into a RegMap."""
    from systemrdl import RDLCompiler
    rel = os.path.relpath(path, ROOT)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        comp = RDLCompiler()
        comp.compile_file(rel)
        top = comp.elaborate().top
    finally:
        os.chdir(here)
    regs = tuple(_reg(r) for r in top.children(unroll=False))
    return RegMap(top.inst_name, regs, _enums(regs, top), top, rel)

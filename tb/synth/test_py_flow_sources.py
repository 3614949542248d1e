# SPDX-License-Identifier: Apache-2.0
"""Unit tests for two pieces of the synthesis flow and its report: counting a netlist whose
submodules were kept (fpga.hier_cells), and telling a stored result of older RTL apart
(flow.rtl_sha1_now, report.results.stale)."""
from __future__ import annotations

import hashlib

import pytest

from aeshw.report.results import stale
from aeshw.synth import Config, fpga
from aeshw.synth.flow import rtl_sha1_now, source_paths


def test_hier_cells_counts_each_instance():
    """A kept submodule's cells count once per instance, through every level."""
    mods = {"top": {"cells": {"LUT6": 3, "$paramod\\aes_sbox\\X": 2, "mid": 1}},
            "mid": {"cells": {"FDRE": 4, "$paramod\\aes_sbox\\X": 3}},
            "$paramod\\aes_sbox\\X": {"cells": {"LUT6": 32, "MUXF7": 16}}}
    assert fpga.hier_cells(mods, "top") == {"LUT6": 3 + 5 * 32, "MUXF7": 5 * 16, "FDRE": 4}


def test_hier_cells_refuses_a_submodule_without_statistics():
    with pytest.raises(RuntimeError, match="no statistics"):
        fpga.hier_cells({"top": {"cells": {"$paramod\\aes_round\\Y": 1}}}, "top")


def test_rtl_sha1_now_is_the_hash_of_the_source_list():
    cfg = Config(arch="pipelined", target="asic", impl="LUT", mode="ENC", keys=1)
    paths = source_paths(cfg, wrapped=False)
    assert any(p.name == "aes_core_pipelined.v" for p in paths)
    assert rtl_sha1_now(cfg) == hashlib.sha1(b"".join(p.read_bytes() for p in paths)).hexdigest()


def test_stale_marks_rows_of_other_sources():
    cfg = Config(arch="iterative", target="asic", impl="COMPOSITE", mode="ENC")
    row = {"config": {k: getattr(cfg, k) for k in cfg.__dataclass_fields__},
           "rtl_sha1": rtl_sha1_now(cfg), "git_head": "0123456789abcdef"}
    assert stale(row) == ""
    assert "older RTL" in stale({**row, "rtl_sha1": "0" * 40}) and "0123456" in stale({**row, "rtl_sha1": "x"})
    assert "older RTL" in stale({k: v for k, v in row.items() if k != "rtl_sha1"})

# SPDX-License-Identifier: Apache-2.0
"""Unit tests of the read hash (synth/read_hash, flow.rtl_read_sha1_now, report.results.stale,
report.read_hashes): it moves with what a run elaborates, and with nothing else."""
from __future__ import annotations

import re

import pytest

from aeshw.report import read_hashes
from aeshw.report.results import stale
from aeshw.synth.flow import Config, rtl_read_sha1_now, rtl_sha1_now
from aeshw.synth.read_hash import defines_of, modules, reachable, strip_comments

ASIC = Config(arch="pipelined", target="asic", impl="COMPOSITE", mode="ENC", keys=1, stages=6)
GATED = ["AES_CLOCK_GATE"]


def test_comments_and_blank_space_do_not_count():
    assert strip_comments('a // x\n  /* y\n z */ b  "//s"') == 'a b "//s"'


def test_modules_and_what_the_top_reaches():
    mods = modules("module t; s u(); endmodule\nmodule s; endmodule\nmodule x; endmodule")
    assert set(mods) == {"t", "s", "x"}
    assert reachable(mods, "t") == ["s", "t"]
    with pytest.raises(ValueError, match="not in the sources"):
        reachable(mods, "nope")


def test_a_comment_changes_the_bytes_but_not_the_read_hash(rtl, edit):
    before = (rtl_sha1_now(ASIC, rtl), rtl_read_sha1_now(ASIC, GATED, rtl))
    edit(rtl / "lib" / "aes_round.v", "`default_nettype none", "// a new comment\n`default_nettype none")
    assert rtl_sha1_now(ASIC, rtl) != before[0]
    assert rtl_read_sha1_now(ASIC, GATED, rtl) == before[1]


def test_code_under_a_define_counts_only_where_the_run_sets_it(rtl, edit):
    """aes_fifo's gated form: read by a gate-library build (AES_CLOCK_GATE), not by the others."""
    before = {d: rtl_read_sha1_now(ASIC, d, rtl) for d in ((), tuple(GATED))}
    fifo = rtl / "lib" / "aes_fifo.v"
    gated = re.search(r"`ifdef AES_GATED_FORM\n(.*?)`else", fifo.read_text(), re.S).group(1)
    edit(fifo, gated, gated + "    wire read_hash_test_wire;\n")
    assert rtl_read_sha1_now(ASIC, (), rtl) == before[()]
    assert rtl_read_sha1_now(ASIC, GATED, rtl) != before[tuple(GATED)]


def test_a_module_the_top_never_reaches_does_not_count(rtl, edit):
    """aes_clock_gate is in every file list, but only a gate-library build instantiates it."""
    before = {d: rtl_read_sha1_now(ASIC, d, rtl) for d in ((), tuple(GATED))}
    edit(rtl / "lib" / "aes_clock_gate.v", "endmodule", "    wire read_hash_test_wire;\nendmodule")
    assert rtl_read_sha1_now(ASIC, (), rtl) == before[()]
    assert rtl_read_sha1_now(ASIC, GATED, rtl) != before[tuple(GATED)]


def test_defines_of_reads_the_sources_line_not_the_map():
    ys = "read_liberty -lib x.lib\nread_verilog -defer -DA -DB rtl/a.v\nread_verilog -defer -overwrite m.v\n"
    assert defines_of(ys) == ["A", "B"]
    assert defines_of("read_verilog -defer -overwrite m.v\nread_verilog -defer rtl/a.v") == []
    with pytest.raises(ValueError):
        defines_of("hierarchy -top t")


def _row(**kw) -> dict:
    return {"config": {k: getattr(ASIC, k) for k in ASIC.__dataclass_fields__}, "git_head": "0123456789abcdef",
            "defines": GATED, **kw}


def test_stale_reads_the_read_hash_first_then_the_bytes():
    now = rtl_read_sha1_now(ASIC, GATED)
    assert stale(_row(rtl_read_sha1=now, rtl_sha1="x")) == ""
    assert "older RTL" in stale(_row(rtl_read_sha1="0" * 40, rtl_sha1="x"))
    assert stale(_row(rtl_read_sha1="0" * 40, rtl_sha1=rtl_sha1_now(ASIC))) == ""
    assert "older RTL" in stale(_row(rtl_read_sha1=rtl_read_sha1_now(ASIC, ()), rtl_sha1="x"))   # other defines
    assert "0123456" in stale(_row())


def test_backfill_takes_the_commits_files_and_checks_them(tmp_path):
    """A row of a commit gets that commit's read hash only if the commit's files are the ones
    its rtl_sha1 names."""
    commit = "HEAD"
    head_rtl = read_hashes.commit_rtl(commit, tmp_path)
    ys = "read_verilog -defer -DAES_CLOCK_GATE rtl/a.v\n"
    row = {**_row(rtl_sha1=rtl_sha1_now(ASIC, head_rtl), git_head=commit, scripts={"synth.ys": ys})}
    del row["defines"]
    assert read_hashes.backfill(row, lambda c: head_rtl).startswith("read hash")
    assert row["defines"] == GATED and row["rtl_read_sha1"] == rtl_read_sha1_now(ASIC, GATED, head_rtl)
    other = {**row, "rtl_sha1": "0" * 40}
    del other["rtl_read_sha1"]
    assert "do not hash" in read_hashes.backfill(other, lambda c: head_rtl) and "rtl_read_sha1" not in other
    dirty = {k: v for k, v in row.items() if k != "rtl_read_sha1"}
    assert read_hashes.backfill({**dirty, "git_head": "abc (rtl/ has uncommitted changes)"},
                                lambda c: head_rtl).startswith("skipped")

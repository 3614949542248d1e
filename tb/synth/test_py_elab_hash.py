# SPDX-License-Identifier: Apache-2.0
"""Unit tests of the elaboration hash (synth/elab_hash, flow.rtl_elab_sha1_now,
report.elab_hashes, report.results.stale): it moves with the netlist a run elaborates, and
not with where its text sits or with branches the run does not take."""
from __future__ import annotations

from pathlib import Path

import pytest

from aeshw.paths import RTL
from aeshw.report import elab_hashes
from aeshw.report.results import stale
from aeshw.synth.elab_hash import canonical, canonical_names, chparam_lines
from aeshw.synth.flow import Config, rtl_elab_sha1_now, rtl_read_sha1_now

# Two small builds, the iterative core (a few seconds each to elaborate): one that takes
# aes_key_prep's decryption start-key branch (g_dec_prep: decrypt) and one that does not (encrypt).
DEC = Config(arch="iterative", target="asic", impl="LUT", mode="DEC")
ENC = Config(arch="iterative", target="asic", impl="LUT", mode="ENC")


# An edit of that branch that changes what it builds (an unused wire would not: the
# elaboration drops it, and the hash with it).
DEC_EDIT = ("                .in_window(ctx_window), .early_len(2'd0),",
                "                .in_window(~ctx_window), .early_len(2'd0),")
EDITED = ("core", "aes_key_prep.v")         # the file that holds it


def _ys(cfg: Config) -> str:
    params = {"U": 1, "STAGES": 1, "LANES": 1, "IMPL": f'"{cfg.impl}"', "MODE": f'"{cfg.mode}"'}
    return "read_verilog -defer rtl/x.v\n" + "".join(f"chparam -set {k} {v} aes_core_folded\n"
                                                     for k, v in params.items())


def _hashes(rtl: Path) -> dict:
    return {c.mode: rtl_elab_sha1_now(c, [], _ys(c), rtl) for c in (DEC, ENC)}


def test_canonical_drops_locations_only():
    il = ('attribute \\src "rtl/a.v:3.1-4.2"\n  wire \\f$func$rtl/a.v:12$77.$result\n'
          '  attribute \\hdlname "u x"\n  cell $and $and$rtl/a.v:9$5\n# comment\n')
    assert canonical(il) == "  wire \\f$func$L$0.$result\n  cell $and $and$L$1"
    assert canonical("autoidx 9\nw $a$7 $b$3 $c$7") == "w $a$0 $b$1 $c$0"
    assert chparam_lines("read_verilog x\nchparam -set A 1 t\nsynth") == ["chparam -set A 1 t"]
    # $meminit's PRIORITY (a global counter) as its rank
    assert canonical("parameter \\PRIORITY 6640\nparameter \\PRIORITY 12") == \
        "parameter \\PRIORITY 1\nparameter \\PRIORITY 0"


def test_canonical_drops_module_parameters_not_cell_parameters():
    """A module's parameter declarations go (a parameter added with a default that changes
    nothing leaves the hash); a cell's parameters stay (they are the netlist)."""
    top = "module \\t\n  parameter \\LANES 1\n{}  cell $not \\c\n    parameter \\WIDTH {}\n  end\nend"
    assert canonical(top.format("", 8)) == canonical(top.format("  parameter \\LUT_LANES 0\n", 8))
    assert canonical(top.format("", 8)) != canonical(top.format("", 4))


def _module(a: str, b: str, order: tuple[int, ...], b_src: str = "\\x") -> str:
    """A small RTLIL module: wires a and b (enumerated names), a cell reading b, a connect."""
    items = [f"  wire width 8 {a}", f"  attribute \\keep 1\n  wire width 4 {b}",
             f"  cell $not \\_9_\n    connect \\A {b}\n    connect \\Y {a} [3:0]\n  end",
             f"  connect {b} {b_src} [3:0]"]
    return "\n".join(["module \\m", *(items[k] for k in order), "end"])


def test_canonical_names_ignore_enumeration_and_item_order():
    """Yosys can number the same netlist's private objects (and list them) in another order:
    the canonical text is the same; a changed connection still shows."""
    one = canonical_names(_module("\\_1_", "\\_2_", (0, 1, 2, 3)))
    assert canonical_names(_module("\\_2_", "\\_1_", (3, 2, 1, 0))) == one
    assert canonical_names(_module("\\_1_", "\\_2_", (0, 1, 2, 3), b_src="\\y")) != one
    assert "attribute \\keep 1\n  wire width 4" in one


def test_moved_lines_and_an_untaken_branch_keep_the_hash(rtl, edit):
    """Comment lines on top shift every line number; an edit in the decryption start-key branch
    is read by the decrypt build only: the read hash of both moves, the encrypt netlist does not."""
    before = _hashes(rtl)
    reads = {c.mode: rtl_read_sha1_now(c, [], rtl) for c in (DEC, ENC)}
    round_v = rtl / "lib" / "aes_round.v"
    edit(round_v, "`default_nettype none", "// one\n// two\n\n`default_nettype none")
    assert _hashes(rtl) == before
    edit(rtl.joinpath(*EDITED), *DEC_EDIT)
    after = _hashes(rtl)
    assert after["ENC"] == before["ENC"] and after["DEC"] != before["DEC"]
    assert all(rtl_read_sha1_now(c, [], rtl) != reads[c.mode] for c in (DEC, ENC))


def _row(cfg: Config, rtl: Path) -> dict:
    return {"config": {k: getattr(cfg, k) for k in cfg.__dataclass_fields__}, "defines": [],
            "scripts": {"synth.ys": _ys(cfg)}, "git_head": "0123456789abcdef",
            "rtl_read_sha1": rtl_read_sha1_now(cfg, [], rtl)}


def test_update_records_then_accepts_the_same_netlist_only(rtl, edit):
    enc, dec = _row(ENC, rtl), _row(DEC, rtl)
    assert elab_hashes.update(enc, "c0", rtl) == "current; elaboration hash recorded"
    assert elab_hashes.update(dec, "c0", rtl) == "current; elaboration hash recorded"
    assert elab_hashes.update(enc, "c0", rtl) == "current"
    edit(rtl.joinpath(*EDITED), *DEC_EDIT)
    assert elab_hashes.update(enc, "c1", rtl) == "current: text changed, same elaborated netlist"
    assert enc["rtl_read_sha1_same"] == {rtl_read_sha1_now(ENC, [], rtl): "c1"}
    assert elab_hashes.update(dec, "c1", rtl).startswith("STALE: it elaborates a different netlist")
    assert "rtl_read_sha1_same" not in dec
    assert elab_hashes.update({"config": {}}, "c1", rtl).startswith("skipped")


def test_stale_accepts_a_read_hash_checked_equal():
    """A row whose own read hash is old, with today's read hash among those checked to
    elaborate the same netlist, is current; without that entry it is older RTL."""
    row = {**_row(ENC, RTL), "rtl_read_sha1": "0" * 40}
    assert "older RTL" in stale(row)
    row["rtl_read_sha1_same"] = {rtl_read_sha1_now(ENC, []): "c1"}
    assert stale(row) == ""

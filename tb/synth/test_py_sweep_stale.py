# SPDX-License-Identifier: Apache-2.0
"""`aeshw sweep --stale`: only the configurations whose stored result was measured on other
RTL (the page's "older RTL" rows); a current row and a configuration with no stored result
are left alone."""
import json
from argparse import Namespace
from dataclasses import asdict

from aeshw.synth import sweep
from aeshw.synth.flow import Config, rtl_read_sha1_now, target_defines


def _store(path, cfg, sha1, defines=None):
    defines = list(target_defines(cfg)) if defines is None else defines
    path.write_text(json.dumps({"config": asdict(cfg), "defines": defines, "rtl_read_sha1": sha1}))


def test_stale_selects_only_rows_measured_on_other_rtl(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sweep, "RESULTS", tmp_path)
    cur, old, missing = [c for _, c in sweep.matrix(None) if c.target == "xilinx"][:3]
    _store(tmp_path / f"{cur.name()}.json", cur, rtl_read_sha1_now(cur, list(target_defines(cur))))
    _store(tmp_path / f"{old.name()}.json", old, "0" * 40)
    assert not sweep._stored_stale(cur.name())
    assert sweep._stored_stale(old.name())
    assert not sweep._stored_stale(missing.name())
    args = Namespace(targets="xilinx", liberty=None, only=None, quick=False, skip_existing=False,
                     timeout=60, jobs=1, list=True, stale=True)
    assert sweep.main(args) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert listed == [old.name()]


def test_a_row_read_without_a_define_its_target_has_today_is_stale(tmp_path, monkeypatch):
    """The same text read with fewer defines than the target passes today is other RTL (the
    xilinx table builds gained AES_XILINX_LUT6: their stored rows must be measured again)."""
    monkeypatch.setattr(sweep, "RESULTS", tmp_path)
    tt = next(c for _, c in sweep.matrix(None) if c.target == "xilinx" and c.impl == "TTABLE")
    before = [d for d in target_defines(tt) if d != "AES_XILINX_LUT6"]
    assert len(before) < len(target_defines(tt))
    _store(tmp_path / f"{tt.name()}.json", tt, rtl_read_sha1_now(tt, before), before)
    assert sweep._stored_stale(tt.name())
    _store(tmp_path / f"{tt.name()}.json", tt, rtl_read_sha1_now(tt, list(target_defines(tt))))
    assert not sweep._stored_stale(tt.name())


def test_own_place_and_route_target_names_the_row():
    """A row placed and routed for another clock than its target's default is a row of its own:
    its name and its `aeshw synth` line carry the frequency; the default's carry none."""
    from aeshw.synth.flow import command_of
    own = Config(arch="pipelined", stages=4, impl="BRAM", target="ecp5", freq_mhz=300)
    default = Config(arch="pipelined", stages=4, impl="BRAM", target="ecp5")
    same = Config(arch="pipelined", stages=4, impl="BRAM", target="ecp5", freq_mhz=200)
    assert own.name() == default.name() + "-f300" and same.name() == default.name()
    assert command_of(own) == command_of(default) + " --freq 300" and command_of(same) == command_of(default)

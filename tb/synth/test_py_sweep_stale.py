# SPDX-License-Identifier: Apache-2.0
"""`aeshw sweep --stale`: only the configurations whose stored result was measured on other
RTL (the page's "older RTL" rows); a current row and a configuration with no stored result
are left alone."""
import json
from argparse import Namespace
from dataclasses import asdict

from aeshw.synth import sweep
from aeshw.synth.flow import rtl_read_sha1_now


def _store(path, cfg, sha1):
    path.write_text(json.dumps({"config": asdict(cfg), "defines": [], "rtl_read_sha1": sha1}))


def test_stale_selects_only_rows_measured_on_other_rtl(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sweep, "RESULTS", tmp_path)
    cur, old, missing = [c for _, c in sweep.matrix(None) if c.target == "xilinx"][:3]
    _store(tmp_path / f"{cur.name()}.json", cur, rtl_read_sha1_now(cur, []))
    _store(tmp_path / f"{old.name()}.json", old, "0" * 40)
    assert not sweep._stored_stale(cur.name())
    assert sweep._stored_stale(old.name())
    assert not sweep._stored_stale(missing.name())
    args = Namespace(targets="xilinx", liberty=None, only=None, quick=False, skip_existing=False,
                     timeout=60, jobs=1, list=True, stale=True)
    assert sweep.main(args) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert listed == [old.name()]

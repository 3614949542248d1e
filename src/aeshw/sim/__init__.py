# SPDX-License-Identifier: Apache-2.0
"""Simulation: the cocotb runner for the tests (runner), the compiled Verilator harnesses of
`aeshw run` and the stress jobs (harness, cpp/), the core-level cocotb bench (core_tb), the
long randomized runs (stress), the speed benchmark (run_bench) and coverage (coverage).
`from aeshw.sim import param, run` for a test's parameters and builds."""
from .runner import param, run, verilator_env, vlog_param  # noqa: F401

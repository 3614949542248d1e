# SPDX-License-Identifier: Apache-2.0
"""Settings of the whole test suite: the compiled harnesses build with the test profile
(aeshw.sim.harness TEST_OPT_MAKE; `aeshw run` and `make run-bench` keep -O3), for the
tests and for the `aeshw run` processes they start."""
import os

os.environ.setdefault("AESHW_TEST_BUILD", "1")

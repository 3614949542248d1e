# SPDX-License-Identifier: Apache-2.0
"""Static checks of the RTL: lint (Verilator -Wall and Icarus over every module) and the
SymbiYosys proofs (formal). `python -m aeshw.check.lint`, `python -m aeshw.check.formal`."""

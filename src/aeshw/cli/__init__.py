# SPDX-License-Identifier: Apache-2.0
"""The `aeshw` command line (main), its file handling (files: one-line errors, whole-or-no
output files) and the parameter ranges it accepts (params)."""
from .main import main  # noqa: F401

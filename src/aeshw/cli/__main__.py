# SPDX-License-Identifier: Apache-2.0
"""`python -m aeshw.cli ...` is `aeshw ...`."""
import sys

from .main import main

sys.exit(main())

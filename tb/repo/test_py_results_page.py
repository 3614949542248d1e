# SPDX-License-Identifier: Apache-2.0
"""docs/results.md is what `aeshw report` makes of the stored rows and notes.md today: a
row re-measured, a note added or a row gone "older RTL" without the page regenerated
fails here, so the page never shows a figure or a status that is no longer true."""
from __future__ import annotations

import difflib

from aeshw.report.page import page_text
from aeshw.report.results import DOCS, load_results


def test_results_page_is_regenerated():
    want = page_text(load_results())
    have = (DOCS / "results.md").read_text()
    diff = list(difflib.unified_diff(have.splitlines(), want.splitlines(),
                                     "docs/results.md", "aeshw report", lineterm="", n=1))
    assert not diff, ("docs/results.md is not what `aeshw report` writes now; run it:\n"
                      + "\n".join(diff[:40]))

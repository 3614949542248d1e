# SPDX-License-Identifier: Apache-2.0
"""The measured results: loading and describing the stored JSON files (results), and the
page docs/results.md with its Pareto plots (page; `aeshw report`)."""

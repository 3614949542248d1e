# SPDX-License-Identifier: Apache-2.0
"""aes-hw: synthesizable AES cores, their test harness and tools."""
__version__ = "0.1.0"

# SPDX-License-Identifier: Apache-2.0
"""Files of the command line: every problem with an input or output path is a UsageError
(one line on stderr, exit code 2), and an output file is either written whole or not at all.

- `read_input`: the whole input (a path or '-' for stdin).
- `check_output`: before any long work (a harness build, a synthesis run), refuse an output
  path that cannot be written, so the user learns it in a second, not after the work.
- `write_output`: write to a temporary file beside the target, then rename it over the
  target: an interrupted or failed write leaves no partial file (and keeps an old one).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


class UsageError(Exception):
    """Bad arguments or files: the CLI prints `error: <message>` and exits with code 2."""


def read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise UsageError(f"input file {path} does not exist") from None
    except IsADirectoryError:
        raise UsageError(f"input {path} is a directory, not a file") from None
    except OSError as e:
        raise UsageError(f"cannot read input file {path}: {e.strerror}") from None


def check_output(path: str) -> None:
    if path == "-":
        return
    p = Path(path)
    folder = p.parent
    if p.is_dir():
        raise UsageError(f"output {path} is a directory, not a file")
    if not folder.is_dir():
        raise UsageError(f"cannot write output file {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise UsageError(f"cannot write output file {path}: permission denied")


def write_output(path: str, data: bytes) -> None:
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    check_output(path)
    p = Path(path)
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)          # the mode a plain open() would have given
        os.replace(tmp, p)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"cannot write output file {path}: {e.strerror}") from None

# SPDX-License-Identifier: Apache-2.0
"""Where the project's files are, resolved from this package's location."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
TB = ROOT / "tb"
BUILD = ROOT / "build"


def filelist(name: str, rtl: Path = RTL) -> list[Path]:
    """Sources listed in rtl/<name>.f (paths relative to rtl/, '#' comments,
    `-f other.f` includes another list, `+incdir+lib` names INCLUDE), each once, in order.
    `rtl`: another copy of rtl/ (e.g. an older commit's)."""
    out: list[Path] = []
    for line in (rtl / f"{name}.f").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("+incdir+"):      # the include directory: headers() below
            continue
        if line.startswith("-f "):
            sub = filelist(Path(line[3:].strip()).stem, rtl)
            out += [p for p in sub if p not in out]
        elif line and rtl / line not in out:
            out.append(rtl / line)
    return out


INCLUDE = RTL / "lib"     # the one include directory of the RTL (`include "aes_defs.vh"`, ...)


def headers() -> list[Path]:
    """The RTL's `include files (rtl/lib/*.vh)."""
    return sorted(INCLUDE.glob("*.vh"))

"""Where the project's files are, resolved from this package's location."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
TB = ROOT / "tb"
BUILD = ROOT / "build"


def filelist(name: str) -> list[Path]:
    """Sources listed in rtl/<name>.f (paths relative to rtl/, '#' comments)."""
    out = []
    for line in (RTL / f"{name}.f").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(RTL / line)
    return out

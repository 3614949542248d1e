# SPDX-License-Identifier: Apache-2.0
"""The FuseSoC core file (aes_hw.core) names the same RTL as the file lists that every flow of
this repository reads (rtl/aes_axis.f with aes_lib.f, and the include files of rtl/lib), in the
same order: a module added to one and not the other would build here and break for FuseSoC
users."""
import re

from aeshw.paths import RTL, filelist, headers

ROOT = RTL.parent


def test_fusesoc_core_matches_the_file_lists():
    text = (ROOT / "aes_hw.core").read_text()
    listed = re.findall(r"^\s*- (rtl/\S+?)(?::|\s*$)", text, flags=re.M)
    sources = [p for p in listed if p.endswith(".v")]
    includes = [p for p in listed if p.endswith(".vh")]
    want = [str(p.relative_to(ROOT)) for p in filelist("aes_axis")]
    assert sources == want, f"aes_hw.core sources differ from rtl/aes_axis.f: {set(sources) ^ set(want)}"
    assert sorted(includes) == sorted(str(h.relative_to(ROOT)) for h in headers())

"""pytest entry: the iterative core (aes_core_folded, U=1, STAGES=1) on both simulators."""
from pathlib import Path

import pytest

from aeshw.sim import run

HERE = Path(__file__).parent


@pytest.mark.parametrize("impl", ["LUT", "COMPOSITE"])
def test_iterative_verilator(impl):
    run(toplevel="aes_core_folded", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_folded", sim="verilator",
        parameters={"U": 1, "STAGES": 1, "IMPL": impl, "MODE": "BOTH"},
        extra_env={"MCT_SIZES": "16,32" if impl == "LUT" else "16", "MCT_OUTER": "100"})


def test_iterative_icarus():
    """Icarus as the second simulator: a subset of each NIST file, short MCT."""
    run(toplevel="aes_core_folded", test_module="test_core", test_dir=HERE,
        filelist_name="aes_core_folded", sim="icarus",
        parameters={"U": 1, "STAGES": 1, "IMPL": "LUT", "MODE": "BOTH"},
        extra_env={"VECTOR_LIMIT": "4", "MCT_SIZES": "16", "MCT_OUTER": "2", "RANDOM_BLOCKS": "300"})

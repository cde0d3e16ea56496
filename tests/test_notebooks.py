"""The notebooks run: every code cell of each notebook in ``notebooks/``, in order, in one
namespace, from the notebooks folder (as a kernel would; no Jupyter needed)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch):
    monkeypatch.chdir(path.parent)
    namespace: dict = {}
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code
    for cell in code:
        exec(compile("".join(cell["source"]), f"{path.name} cell", "exec"), namespace)


def test_there_are_notebooks():
    assert NOTEBOOKS and os.path.isdir(NOTEBOOKS[0].parent)

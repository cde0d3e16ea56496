"""The notebooks run in a real Jupyter kernel: each notebook in ``notebooks/`` executed by
nbclient from the notebooks folder, cell by cell, as Jupyter runs it, so what a cell
displays goes through IPython's display hook (``_repr_html_``).

Skipped, with the reason, without nbclient, nbformat or ipykernel (the test extra installs
them)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@lru_cache(maxsize=None)
def executed(path: Path):
    """The notebook at ``path`` after a kernel of this Python ran every cell (once per
    session: the tests read the same run)."""
    nbformat = pytest.importorskip("nbformat", reason="needs nbformat (the test extra)")
    nbclient = pytest.importorskip("nbclient", reason="needs nbclient (the test extra)")
    pytest.importorskip("ipykernel", reason="needs ipykernel (the test extra)")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return notebook


def outputs(notebook, kind: str) -> list[str]:
    """Every output of the code cells of MIME type ``kind`` (``text/html``...), and for
    ``stream`` the printed text."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", ()):
            if kind == "stream" and output.get("output_type") == "stream":
                found.append(output["text"])
            elif kind in output.get("data", {}):
                found.append(output["data"][kind])
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path):
    notebook = executed(path)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(cell.get("execution_count") for cell in code)
    assert not [output for cell in code for output in cell.outputs if output.output_type == "error"]


def test_replay_notebook_draws_the_viewer():
    notebook = executed(next(path for path in NOTEBOOKS if path.name == "replay.ipynb"))
    pages = [page for page in outputs(notebook, "text/html") if 'class="pv' in page]
    viewers = [page for page in pages if 'class="pv-frames"' in page]
    assert len(viewers) == 2 and len(pages) == 3  # the game, the finding visited; a step's frame alone
    printed = "".join(outputs(notebook, "stream"))
    assert "<Viewer " in printed and "<Step " in printed
    if "mahjonglm" in printed:  # the real game of the corpora: its finding of 3 han for 4 visited
        assert 'data-check="hule.fanshu"><th>han</th><td>3</td><td>4</td>' in viewers[1]


def test_there_are_notebooks():
    assert {path.name for path in NOTEBOOKS} >= {"validation.ipynb", "replay.ipynb"}


def test_tendencies_notebook_shows_the_report_and_the_defence_options():
    """The tendencies notebook draws the player's report page (its plots left out, the
    list of deal-ins kept), push or fold by situation and the danger table's options; over
    the shared corpora, the three-player classes of 1m/9m."""
    notebook = executed(next(path for path in NOTEBOOKS if path.name == "tendencies.ipynb"))
    pages = [page for page in outputs(notebook, "text/html") if 'class="prp"' in page]
    assert len(pages) == 1 and 'id="moments"' in pages[0] and "data:image" not in pages[0]
    plain = "".join(outputs(notebook, "text/plain"))
    for shown in ("riichi_turn", "late (13+)", "placement", "chasing=False", 'against="highest"'):
        assert shown in plain
    printed = "".join(outputs(notebook, "stream"))
    assert "plots left out of the page shown" in printed
    if "using the sample logs" not in printed:  # the corpora's three-player games
        assert all(f"sanma 1m/9m {unseen} unseen" in plain for unseen in range(4))

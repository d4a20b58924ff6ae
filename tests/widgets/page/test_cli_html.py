"""``skewplot plot ... --html OUT.html``: the live page of the space, or one line saying why not."""

import pytest

import skewplot as sp
from skewplot.cli import main

from .test_page_export import composed, read_page


@pytest.fixture
def csv_file(tmp_path):
    y, s = sp.datasets.make_scores(300, 0.2, random_state=1)
    path = tmp_path / "scores.csv"
    path.write_text("score,label\n" + "".join(f"{a},{b}\n" for a, b in zip(s, y, strict=True)))
    return path, y, s


@pytest.mark.slow  # 201 frames of the full skew slider
def test_html_writes_the_pr_widgets_page(csv_file, tmp_path, capsys):
    path, y, s = csv_file
    page = tmp_path / "pr.html"
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "pr", "--html", str(page)]
    assert main(args) == 0
    assert f"wrote {page}" in capsys.readouterr().out
    data, images = read_page(page)
    w = sp.widgets.interactive_pr({"score": sp.operating_points(y, s)})
    start = data["controls"][0]["start"]
    assert data["tables"][data["table_of"][start]] == w.readout.value
    assert (composed(data, images, start) == w.figure.canvas.buffer_rgba()).all()
    assert main(args) == 2 and "--force" in capsys.readouterr().err


@pytest.mark.slow  # a widget built and its page written: 1-3 s
@pytest.mark.parametrize("space", ["cost", "f", "integrated"])
def test_html_writes_the_page_of_a_space_with_many_states(csv_file, tmp_path, capsys, space):
    path, _, _ = csv_file
    page = tmp_path / f"{space}.html"
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", space, "--html", str(page)]
    assert main(args) == 0
    assert f"wrote {page}" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    assert "var CF = {" in text  # the curves are drawn in the page, by its closed forms


@pytest.mark.parametrize("extra, message", [
    (["--space", "roc", "--html", "x.html"], "--html: the roc space has no control to move"),
    (["--space", "pr", "--html", "x.png"], "--html: the file must end in .html"),
    (["--space", "pr"], "give -o/--output OUT (a figure), --html OUT.html (a live page), or both"),
])
def test_html_errors_are_one_line(csv_file, tmp_path, capsys, monkeypatch, extra, message):
    path, _, _ = csv_file
    monkeypatch.chdir(tmp_path)
    assert main(["plot", str(path), "--y-score", "score", "--y-true", "label", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "x.html").exists()

"""``style.paper`` saves at the size asked, and saving a PDF prints nothing."""

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting import style  # noqa: E402


@pytest.mark.slow_cases('double')  # loaded run 2026-11-29
@pytest.mark.slow_cases('single')  # 1.6 s at most (2026-11-29)
@pytest.mark.parametrize("column", ["single", "double"])
def test_the_saved_file_is_the_figures_size_and_a_pdf_save_prints_nothing(tmp_path, column, capfd, caplog):
    # main 42e01f6 saved with a tight box (3.5 x 2.8 in came out 3.45 x 2.75 in) and printed fontTools'
    # "'created' timestamp seems very low" four times per PDF (the bundled Computer Modern fonts)
    pts = {"a": sp.OperatingPoints.from_rates([0.3, 0.6, 0.9], [0.01, 0.1, 0.4], skew=0.1)}
    with style.paper(column):
        disp = sp.plot_pr(pts, skew=0.01)  # a mathtext y label: P with a pi' subscript
        dpi = 40  # the size in pixels is the figure's in inches at any dpi; a small one is cheap
        disp.figure_.savefig(tmp_path / "f.png", dpi=dpi)
        disp.figure_.savefig(tmp_path / "f.pdf")
    want = style.COLUMN_SIZES[column]
    assert "$" in disp.ax_.get_ylabel()
    with Image.open(tmp_path / "f.png") as im:
        assert im.size == (round(want[0] * dpi), round(want[1] * dpi))
    box = re.findall(rb"/MediaBox \[ *([0-9. ]+?) *\]", (tmp_path / "f.pdf").read_bytes())
    assert [float(v) for v in box[0].split()] == pytest.approx([0, 0, want[0] * 72, want[1] * 72])
    out, err = capfd.readouterr()
    assert out == "" and err == "", (out, err)
    assert [r.getMessage() for r in caplog.records] == []  # pytest's log capture takes what would be printed
    plt.close("all")

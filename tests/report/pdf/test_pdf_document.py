"""A PDF written page by page opens in poppler with its pages, fonts and text intact."""

import contextlib
import re
import subprocess
import threading

from designer.report.pdf.document import PdfDocument
from designer.report.typeface import typeface

A3_PT = (1190.55, 841.89)


def poppler(tool: str, path, *more: str) -> subprocess.CompletedProcess:
    return subprocess.run([tool, str(path), *more], capture_output=True, text=True)


def write(path, pages):
    """A PDF with one page per list of (x, y, text, bold) lines, at 1,200 dpi."""
    with path.open("wb") as stream:
        document = PdfDocument(stream, *A3_PT, 1200, title="Campus, revision B")
        for lines in pages:
            page = document.page()
            for x, y, text, bold in lines:
                page.line_of_text(x, y, text, typeface(bold), 150.0, 0xFF1A1A1A)
            document.end_page(page)
        document.close()


def test_two_pages_of_text_are_found_by_search_in_embedded_subset_fonts(tmp_path):
    path = tmp_path / "set.pdf"
    write(
        path,
        [
            [(1000, 1000, "IT power 1,117.2 kW", True), (1000, 1400, "Hall µ² → 10 m²…", False)],
            [(1000, 1000, "Sheet 2 of 2", False)],
        ],
    )
    info = poppler("pdfinfo", path)
    assert info.stderr == ""
    assert re.search(r"Pages:\s+2\n", info.stdout)
    assert "Page size:       1190.55 x 841.89 pts (A3)" in info.stdout
    assert "Title:           Campus, revision B" in info.stdout
    fonts = poppler("pdffonts", path).stdout.splitlines()[2:]
    assert len(fonts) == 2  # regular and bold, each once for both pages
    for line in fonts:
        name, *_, emb, sub, uni, _, _ = line.split()
        assert re.fullmatch(r"[A-Z]{6}\+DejaVuSans(-Bold)?", name)
        assert (emb, sub, uni) == ("yes", "yes", "yes")
    text = poppler("pdftotext", path, "-")
    assert text.stderr == ""
    first, second = text.stdout.split("\f")[:2]
    assert "IT power 1,117.2 kW" in first
    assert "Hall µ² → 10 m²…" in first
    assert "Sheet 2 of 2" in second


def test_words_stand_where_they_were_written(tmp_path):
    """1,200 device pixels are an inch, 72 points: a line written 2,400 pixels in starts
    144 points in, its baseline 1,200 pixels down 72 points down the page."""
    path = tmp_path / "placed.pdf"
    write(path, [[(2400, 1200, "Scale", False)]])
    html = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    x0, y0, x1, y1 = map(
        float,
        re.search(
            r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"', html
        ).groups(),
    )
    assert abs(x0 - 144) < 0.5
    size = 150 * 72 / 1200  # 9 points
    assert abs(x1 - x0 - typeface().width("Scale") * size / 1000) < 0.5
    assert y0 < 72 < y1  # the baseline is within the word's box


def _compressing_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("pdf-compress")]


def test_many_pages_come_out_in_order_while_they_are_compressed_meanwhile(tmp_path):
    """Pages are compressed on another thread; each still lands under its own number."""
    path = tmp_path / "many.pdf"
    write(path, [[(1000, 1000, f"Sheet {n} of 40", False)] for n in range(1, 41)])
    pages = poppler("pdftotext", path, "-").stdout.split("\f")[:40]
    assert [page.strip() for page in pages] == [f"Sheet {n} of 40" for n in range(1, 41)]
    assert _compressing_threads() == []


def test_a_document_given_up_halfway_stops_its_compression_thread(tmp_path):
    """An export that fails or is cancelled never closes its document: leaving the block
    must still stop the thread, or every cancelled export would leave one behind."""
    with (
        (tmp_path / "cancelled.pdf").open("wb") as stream,
        contextlib.suppress(RuntimeError),
        PdfDocument(stream, *A3_PT, 1200) as document,
    ):
        page = document.page()
        page.line_of_text(1000, 1000, "Sheet 1 of 9", typeface(False), 150.0, 0xFF1A1A1A)
        document.end_page(page)
        assert _compressing_threads()
        raise RuntimeError("cancelled")
    for thread in _compressing_threads():
        thread.join(timeout=5)
    assert _compressing_threads() == []

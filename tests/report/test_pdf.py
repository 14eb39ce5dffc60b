"""The PDF set: searchable vector text, numbered sheets, never a half-written file."""

import os
import re
import subprocess
from pathlib import Path

import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.core.io.atomic import OutputError
from designer.report.drawing_set import drawing_set
from designer.report.writer import ExportCancelled, SetInfo, write_pdf


def pdftotext(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def export(tmp_path, name="gb200-nvl72-su", paper="A3", progress=None):
    project = EXAMPLES[name]().project
    pages = drawing_set(project, default_catalog(), paper)
    path = tmp_path / f"{name}.pdf"
    info = SetInfo(project.meta.name, project.meta.revision, project.meta.date)
    write_pdf(pages, path, paper, info, progress)
    return path, pages


def test_the_cover_is_searchable_text_with_the_totals(tmp_path, gui_app):
    path, pages = export(tmp_path)
    text = pdftotext(path)
    assert "GB200 NVL72 SuperPOD scalable unit" in text
    assert "576" in text
    assert "1,117.2 kW" in text  # 8 NVL72 x 132 kW + 3 QM9700 racks x 12 switches x 1.7 kW
    assert "NVIDIA GB200 NVL72" in text
    assert f"1 of {len(pages)}" in text
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:])


def test_cancel_leaves_no_file(tmp_path, gui_app):
    with pytest.raises(ExportCancelled):
        export(tmp_path, progress=lambda done, total: False)
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_is_one_message_and_no_file(tmp_path, gui_app):
    project = EXAMPLES["gb200-nvl72-su"]().project
    target = tmp_path / "nowhere" / "set.pdf"
    with pytest.raises(OutputError, match="does not exist"):
        write_pdf(
            drawing_set(project, default_catalog(), "A4"), target, "A4", SetInfo("p", "A", "")
        )
    assert not target.parent.exists()


def test_a_failed_final_move_keeps_the_old_file(tmp_path, gui_app, monkeypatch):
    target = tmp_path / "gb200-nvl72-su.pdf"
    target.write_bytes(b"old")

    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OutputError, match="disk is full"):
        export(tmp_path)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["gb200-nvl72-su.pdf"]


#: A rack label in Chinese ("compute cabinet 01"), as a CloudMatrix384 project in China may
#: name them. (Not "一": its glyph is also the Kangxi radical "⼀", which Qt's text map names
#: instead, so pdftotext would read that.)
CHINESE = "计算机柜-01"


def test_a_rack_labelled_in_chinese_prints_its_glyphs_from_a_subset_font(tmp_path):
    """DejaVu has no Chinese: Qt takes the glyphs from an installed CJK font and embeds the
    few used, not the whole font (a CJK font is 16 MB and more; the hand-written writer
    this replaced embedded a CFF one whole)."""
    from designer.report.fonts import missing_characters

    project = EXAMPLES["gb200-nvl72-su"]().project
    rack = next(r for r in project.placements.values() if r.label == "NVL72-01")
    labelled = rack.model_copy(update={"label": CHINESE})
    project = project.model_copy(update={"placements": {**project.placements, rack.id: labelled}})
    if missing_characters(project):
        pytest.skip("no installed font has Chinese characters (apt install fonts-noto-cjk)")
    path = tmp_path / "chinese.pdf"
    write_pdf(
        drawing_set(project, default_catalog(), "A3"),
        path,
        "A3",
        SetInfo(project.meta.name, project.meta.revision, project.meta.date),
    )
    assert CHINESE in pdftotext(path)  # on the plan and in the lists of racks
    listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    fonts = [line.split()[0] for line in listed.stdout.splitlines()[2:]]
    assert len(fonts) > 2  # DejaVu Sans, its bold and the font of the Chinese glyphs
    assert all(line.split()[-5] == "yes" for line in listed.stdout.splitlines()[2:])  # embedded
    # Qt tags a subset's name in its font descriptor (pdffonts reads the name of the font
    # dictionary above it, which Qt leaves untagged, and says "no")
    subsets = set(re.findall(rb"/FontName /[A-Z]{6}\+(\S+)", path.read_bytes()))
    assert {name.encode() for name in fonts} <= subsets
    assert path.stat().st_size < 500_000

"""The export benchmark's own pieces still fit the report they measure.

Its recording sheet stands in for the report's ``Sheet``: when the report called it in a
way it did not accept, the benchmark stopped running and nothing said so. Here its pieces
run on a small example, so a change of the report that breaks it fails a test instead.
"""

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.report.drawing_set import drawing_set
from designer.report.writer import SetInfo


def test_the_benchmarks_text_copy_of_a_set_holds_every_sheets_words(bench, tmp_path, qapp):
    export_bench = bench("export_bench")
    project = EXAMPLES["two-sites"]().project
    pages = drawing_set(project, default_catalog(), "A3")
    words = export_bench.words_of(pages, tmp_path / "words.pdf", SetInfo("P", "A", ""))
    assert len(words) == len(pages)  # a list of lines for every sheet
    texts = {text for sheet in words for _, _, text, _, _ in sheet}
    assert project.meta.name in texts  # the title blocks
    assert "Sheets in this set" in texts  # the cover
    export_bench.draw_words(words, tmp_path / "text.pdf")
    assert (tmp_path / "text.pdf").read_bytes().startswith(b"%PDF")

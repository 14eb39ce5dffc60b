"""The NetBox zip as ``export`` writes it: each CSV written into it as it is made."""

import zipfile

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.report.interop import export_interop


def test_a_member_past_the_zip64_limit_is_written_and_reads_back(tmp_path, monkeypatch):
    """A 1M-accelerator campus's cables file is 2.3 GB: written as it was made, past the
    2 GiB of a zip without zip64, it failed after five minutes (a review). The limit is
    made small here, as the files of a small design pass it."""
    monkeypatch.setattr(zipfile, "ZIP64_LIMIT", 1_000)
    out = tmp_path / "nb.zip"
    export_interop(EXAMPLES["two-sites"]().project, default_catalog(), out)
    with zipfile.ZipFile(out) as archive:
        cables = archive.read("09-cables.csv").decode("utf-8")
        assert archive.getinfo("09-cables.csv").file_size > 1_000
    assert cables.startswith("side_a_site,") and cables.count("\n") == 768 + 1

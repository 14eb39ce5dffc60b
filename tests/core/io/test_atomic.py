"""A failed write names the real reason, and leaves nothing behind."""

import errno
from pathlib import Path

import pytest

from designer.core.io.atomic import OutputError, describe_write_error, write_output


def test_a_folder_that_is_missing_and_one_that_refuses_files_are_told_apart(tmp_path):
    missing = tmp_path / "nowhere" / "set.pdf"
    with pytest.raises(OutputError, match=r"the folder .*nowhere does not exist"):
        write_output(missing, b"x")
    assert not missing.parent.exists()
    # /proc exists but no file can be created in it: the folder is not "missing".
    refused = describe_write_error(Path("/proc/set.pdf"), OSError(errno.ENOENT, "No such file"))
    assert refused == (
        "Cannot save to /proc/set.pdf: files cannot be created in /proc. "
        "Choose a folder you can write to."
    )


def test_a_link_into_a_missing_folder_names_that_folder(tmp_path):
    """A trial's link to nonexist/zz.csv was told its own, writable, folder refused files."""
    link = tmp_path / "schedule.csv"
    link.symlink_to(tmp_path / "nonexist" / "zz.csv")
    with pytest.raises(OutputError, match=r"the folder .*/nonexist does not exist"):
        write_output(link, b"from,to\n")
    assert link.is_symlink() and not (tmp_path / "nonexist").exists()

"""The example projects of ``projects/``, built through the same operations as the designer.

One module per example, each with a ``build() -> Document``. Rebuild the files with
``python -m designer.core.examples projects``; a test rebuilds them in memory and compares
bytes, so the files and the code never drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from designer.core.document.document import Document
from designer.core.examples import campus, cm384, gb200_su, hgx_air, mistakes, two_sites
from designer.core.io.atomic import atomic_write_bytes
from designer.core.io.project_file import SUFFIX, to_bytes

#: File stem -> builder, in the order a new user should meet them.
EXAMPLES: dict[str, Callable[[], Document]] = {
    "gb200-nvl72-su": gb200_su.build,
    "cm384-supernode": cm384.build,
    "hgx-air-hall": hgx_air.build,
    "mistakes": mistakes.build,
    "two-sites": two_sites.build,
}


#: The full-scale campus (432 CloudMatrix384, 6,912 racks over 3 sites), kept apart from
#: ``EXAMPLES``: tests that go through every example in detail would take minutes with it.
LARGE_EXAMPLES: dict[str, Callable[[], Document]] = {"cm384-campus-100k": campus.build}


def write_all(folder: Path) -> list[Path]:
    """Write every example project into ``folder``; returns the paths written."""
    written = []
    for name, build in {**EXAMPLES, **LARGE_EXAMPLES}.items():
        path = folder / f"{name}{SUFFIX}"
        atomic_write_bytes(path, to_bytes(build().project))
        written.append(path)
    return written

"""The PySide6 designer: main window, canvas, panels and the Qt bridges to the core document.

The core and its libraries (numpy, shapely, pydantic) are imported here, before any Qt:
PySide6's import hook reads the source of every module imported after it, to see whether
it asks for PySide6's feature switches, and leaves that text in ``linecache``. For the core
imported after Qt that was about 20 MB of text held for nothing by a designer with the
campus open (``benchmarks/memory_bench.py``).
"""

import designer.core.document
import designer.core.io.project_file
import designer.core.network
import designer.core.rules  # noqa: F401

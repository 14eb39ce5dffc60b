"""Where the bundled resources and example projects live.

From a checkout they sit at the repository's top level (``resources/``, ``projects/``);
an installed wheel carries them inside the package as ``designer/_resources`` and
``designer/_projects`` (see ``[tool.hatch.build.targets.wheel.force-include]``).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "rackplan's bundled data is missing: looked in " + ", ".join(str(c) for c in candidates)
    )


def resources_dir() -> Path:
    """The folder holding ``catalog/`` and the other bundled resources."""
    return _first_existing(_PACKAGE / "_resources", _PACKAGE.parent / "resources")


def projects_dir() -> Path:
    """The folder of example projects a new user opens first."""
    return _first_existing(_PACKAGE / "_projects", _PACKAGE.parent / "projects")

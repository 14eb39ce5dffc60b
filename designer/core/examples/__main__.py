"""``python -m designer.core.examples [FOLDER]``: rewrite the example project files."""

import sys
from pathlib import Path

from designer.core.examples import write_all

if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "projects")):
        print(path)  # noqa: T201 - a developer's command

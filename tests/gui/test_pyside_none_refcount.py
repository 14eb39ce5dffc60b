"""Guard for the PySide6 6.12.0 fault: every void call released one reference to None too many.

After a few thousand calls the interpreter aborted with "deallocating None". The pin in
pyproject.toml (<6.12) avoids it; this test fails if an upgrade brings it back.
"""

import subprocess
import sys

SCRIPT = """
import sys
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPen
app = QGuiApplication([])
image = QImage(8, 8, QImage.Format.Format_ARGB32)
painter = QPainter(image)
pen = QPen()
before = sys.getrefcount(None)
for _ in range(200_000):
    painter.setPen(pen)
painter.end()
print(sys.getrefcount(None) - before)
"""


def test_two_hundred_thousand_void_calls_keep_none_alive():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-500:]
    assert abs(int(out.stdout.strip())) < 1_000

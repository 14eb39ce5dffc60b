"""Compare two PDF drawing sets page by page, as pictures: where do they look different?

Each page of both files is rendered by poppler's ``pdftoppm`` (100 dpi unless told) and the
two pictures are compared pixel by pixel. One line a page: the largest difference of any
colour channel (0-255) pixel for pixel, and to the nearest pixel ``--shift`` pixels around
(text placed a fraction of a pixel apart differs pixel for pixel all along its edges, and
not at all within one pixel); the share of pixels differing past ``--level`` within the
shift, and the box (in pixels) around them. ``--pictures DIR`` saves, for each page that
differs, the after page with those pixels in magenta, as a PNG to look at.

    python benchmarks/compare_pages.py /tmp/before/set.pdf /tmp/after/set.pdf
    python benchmarks/compare_pages.py /tmp/before /tmp/after     # every PDF of both folders
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class PageDifference:
    """How one page differs: the largest channel difference pixel for pixel, and to the
    nearest pixel within the shift; the share of pixels differing past the level within the
    shift, and the box around those pixels (x0, y0, x1, y1), if any."""

    page: int
    largest: int
    moved: int
    share: float
    box: tuple[int, int, int, int] | None


def rendered(pdf: Path, folder: Path, dpi: int) -> list[np.ndarray]:
    """Every page of ``pdf`` as an (height, width, 3) array of bytes."""
    prefix = folder / "page"
    subprocess.run(["pdftoppm", "-r", str(dpi), str(pdf), str(prefix)], check=True)
    return [_read_ppm(path) for path in sorted(folder.glob("page-*.ppm"), key=_page_number)]


def _page_number(path: Path) -> int:
    return int(path.stem.rsplit("-", 1)[1])


def _read_ppm(path: Path) -> np.ndarray:
    """A binary PPM (P6, 8 bits a channel), as pdftoppm writes it."""
    data = path.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:  # magic, width, height, maximum, each after white space
        while data[at : at + 1].isspace():
            at += 1
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path} is not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = np.frombuffer(data, dtype=np.uint8, count=width * height * 3, offset=at + 1)
    return pixels.reshape(height, width, 3)


def common(before: np.ndarray, after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two pages cut to the size they share, from their top left corner: a page size
    rounded to whole points (Qt's A3 is 1191 x 842 pt, not 1190.55 x 841.89) makes a
    picture a pixel larger, with nothing drawn in it."""
    height = min(before.shape[0], after.shape[0])
    width = min(before.shape[1], after.shape[1])
    return before[:height, :width], after[:height, :width]


def _delta(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The largest channel difference at each pixel of the size both pages share."""
    old, new = (page.astype(np.int16) for page in common(before, after))
    return np.abs(old - new).max(axis=2)


def _within(before: np.ndarray, after: np.ndarray, at: np.ndarray, shift: int) -> np.ndarray:
    """At the pixels ``at`` (rows of y, x), the smallest channel difference to any pixel of
    the other page at most ``shift`` pixels away, the larger of the two ways (an edge moved
    by a fraction of a pixel, as text placed 0.01 mm apart, then counts as the same)."""
    old, new = (page.astype(np.int16) for page in common(before, after))
    return np.maximum(_nearest(old, new, at, shift), _nearest(new, old, at, shift))


def _nearest(page: np.ndarray, other: np.ndarray, at: np.ndarray, shift: int) -> np.ndarray:
    """At the pixels ``at`` of ``page``, the smallest difference to a pixel of ``other``
    within ``shift`` pixels."""
    padded = np.pad(other, ((shift, shift), (shift, shift), (0, 0)), mode="edge")
    ys, xs = at[:, 0], at[:, 1]
    mine = page[ys, xs]
    found = np.full(len(at), 255, dtype=np.int16)
    for dy in range(2 * shift + 1):
        for dx in range(2 * shift + 1):
            near = np.abs(mine - padded[ys + dy, xs + dx]).max(axis=1)
            np.minimum(found, near, out=found)
    return found


def difference(
    page: int, before: np.ndarray, after: np.ndarray, level: int, shift: int
) -> tuple[PageDifference, np.ndarray]:
    """How ``after`` differs from ``before``, and the mask of the pixels that differ past
    ``level`` even ``shift`` pixels around (only those differing past it pixel for pixel
    are looked around)."""
    delta = _delta(before, after)
    changed = delta > level
    at = np.argwhere(changed)
    near = _within(before, after, at, shift) if shift else delta[changed]
    changed[tuple(at[near <= level].T)] = False
    largest, moved = int(delta.max()), int(near.max(initial=0))
    if not changed.any():
        return PageDifference(page, largest, moved, 0.0, None), changed
    ys, xs = np.nonzero(changed)
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    return PageDifference(page, largest, moved, float(changed.mean()), box), changed


def compared(
    before: Path, after: Path, dpi: int, level: int, shift: int, pictures: Path | None
) -> Iterator[PageDifference]:
    """Each page's difference between the sets ``before`` and ``after``; a page only one
    of them has counts as wholly different."""
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        old, new = rendered(before, Path(a), dpi), rendered(after, Path(b), dpi)
        for number in range(1, max(len(old), len(new)) + 1):
            if number > len(old) or number > len(new):
                yield PageDifference(number, 255, 255, 1.0, None)
                continue
            found, changed = difference(number, old[number - 1], new[number - 1], level, shift)
            if pictures is not None and found.share > 0:
                page = common(old[number - 1], new[number - 1])[1]
                _save_marked(page, changed, pictures / f"{after.stem}-{number:03d}.png")
            yield found


def _save_marked(page: np.ndarray, changed: np.ndarray, target: Path) -> None:
    """``page`` with the ``changed`` pixels in magenta, as a PNG."""
    from PySide6.QtGui import QImage

    marked = np.ascontiguousarray(page)
    marked[changed] = (255, 0, 255)
    target.parent.mkdir(parents=True, exist_ok=True)
    height, width = marked.shape[:2]
    image = QImage(marked.data, width, height, 3 * width, QImage.Format.Format_RGB888)
    image.save(str(target))


def pairs(before: Path, after: Path) -> list[tuple[Path, Path]]:
    """The files to compare: the two given, or the PDFs of one name in two folders."""
    if before.is_file():
        return [(before, after)]
    return [(pdf, after / pdf.name) for pdf in sorted(before.glob("*.pdf"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="a PDF, or a folder of PDFs")
    parser.add_argument("after", type=Path, help="a PDF, or a folder of PDFs of the same names")
    parser.add_argument("--dpi", type=int, default=100)
    parser.add_argument(
        "--level", type=int, default=64, help="a pixel differs when a channel moves more"
    )
    parser.add_argument(
        "--shift", type=int, default=1, help="...than to any pixel this near in the other page"
    )
    parser.add_argument("--pictures", type=Path, help="save each differing page, marked, here")
    args = parser.parse_args(argv)
    worst = moved = pages = differing = 0
    most = 0.0
    for before, after in pairs(args.before, args.after):
        if not after.exists():
            print(f"{after}: missing")
            worst = moved = 255
            continue
        print(f"{before.name}:")
        found_here = 0
        for found in compared(before, after, args.dpi, args.level, args.shift, args.pictures):
            pages += 1
            worst, moved = max(worst, found.largest), max(moved, found.moved)
            most = max(most, found.share)
            found_here += found.share > 0
            where = f"  in {found.box}" if found.box else ""
            print(
                f"  page {found.page:3d}  largest {found.largest:3d}, {found.moved:3d} within "
                f"{args.shift} px; {found.share * 100:6.3f} % of pixels past {args.level}{where}"
            )
        print(f"  {found_here} page(s) differ past {args.level} within {args.shift} px")
        differing += found_here
    print(
        f"{pages} pages compared at {args.dpi} dpi: largest difference {worst}, {moved} within "
        f"{args.shift} px; {differing} page(s) differ past {args.level} within {args.shift} px, "
        f"at most {most * 100:.3f} % of a page's pixels"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

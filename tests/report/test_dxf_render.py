"""A hall's DXF, drawn by ezdxf's own drawing add-on (its Qt backend, on PySide6) with only
the rack layers on, as a CAD user would switch them, covers the floor where the PNG export
of the same hall draws its racks (issue 26, item 1: "renders like the PNG export").

Both drawings are laid on one grid over the hall, 25 mm a cell: the DXF's rack outlines are
filled by flooding the floor from the drawing's edge (what the flood cannot reach is inside
a rack), the PNG's racks are the cells painted in a rack's colours (status fill, front band,
rear door, edge, label), what it draws over a rack (busways, link runs) closed over, placed
by the hall's outline on the sheet and the sheet's scale. The two
footprints must overlap almost wholly (intersection over union)."""

from __future__ import annotations

import re

import ezdxf
import numpy as np
import pytest
from ezdxf.addons.drawing import Frontend, RenderContext
from ezdxf.addons.drawing.pyqt import PyQtBackend
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.drawing import style
from designer.report.dxf import RACK_LAYER
from designer.report.export import PNG_DPI, export

#: The comparison grid, mm of hall a cell.
CELL_MM = 25
#: Colours the PNG paints a rack with, and how near (per channel) a pixel must be.
RACK_COLOURS = [
    *style.STATUS_FILL,
    *style.FRONT_BAND,
    style.REAR_DOOR,
    style.RACK_EDGE,
    style.LABEL_ON_RACK,
]
NEAR = 24
#: What the PNG draws over a rack (a busway, a tray's run of links, the label), up to this
#: many cells wide, is closed over.
OVERLAY_CELLS = 3


def _flood_outside(free: np.ndarray) -> np.ndarray:
    """The free cells joined to the grid's border through free cells (4-neighbours)."""
    reached = np.zeros_like(free)
    reached[0, :], reached[-1, :], reached[:, 0], reached[:, -1] = (
        free[0, :],
        free[-1, :],
        free[:, 0],
        free[:, -1],
    )
    while True:
        grown = reached.copy()
        grown[1:, :] |= reached[:-1, :]
        grown[:-1, :] |= reached[1:, :]
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        grown &= free
        if (grown == reached).all():
            return reached
        reached = grown


def _grown(mask: np.ndarray, cells: int, value: bool) -> np.ndarray:
    """``mask`` dilated (``value`` True) or eroded (False) by ``cells`` in each direction."""
    out = mask.copy()
    for _ in range(cells):
        step = out.copy()
        for shifted, into in (
            (out[1:, :], step[:-1, :]),
            (out[:-1, :], step[1:, :]),
            (out[:, 1:], step[:, :-1]),
            (out[:, :-1], step[:, 1:]),
        ):
            if value:
                into |= shifted
            else:
                into &= shifted
        out = step
    return out


def _pixels(image: QImage) -> np.ndarray:
    """``image`` as an array of rows of (r, g, b), copied out of the converted image: a view
    of its bits outlived it when it was freed, and ``tests/drawing`` run just before left
    the freed memory reused (a segmentation fault)."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 3].reshape(image.height(), image.width(), 3).copy()


def dxf_racks(path, width_mm: int, height_mm: int) -> np.ndarray:
    """The cells covered by racks in the DXF at ``path``, drawn by ezdxf's Qt backend with
    every layer but the racks' switched off."""
    doc = ezdxf.readfile(path)
    # every layer off but the racks' and layer 0 (a block's own, drawn on its insert's
    # layer); Defpoints too, whose dimension points at the hall's corner were drawn as ink
    # on another machine, where the corner pixel was taken for the background
    for layer in doc.layers:
        if layer.dxf.name not in (*RACK_LAYER.values(), "0"):
            layer.off()
    scene = QGraphicsScene()
    backend = PyQtBackend()
    backend.set_scene(scene)
    Frontend(RenderContext(doc), backend).draw_layout(doc.modelspace(), finalize=True)
    columns, rows = width_mm // CELL_MM, height_mm // CELL_MM
    image = QImage(columns, rows, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    # the drawing's y runs up (a hall's y is written negated): turned back to the page's
    painter.translate(0, rows)
    painter.scale(1, -1)
    scene.render(painter, QRectF(0, 0, columns, rows), QRectF(0, -height_mm, width_mm, height_mm))
    painter.end()
    # ezdxf's backend paints on its own background colour, the image's commonest: ink is
    # what differs from it
    pixels = _pixels(image).astype(int)
    colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    background = colours[counts.argmax()]
    ink = np.abs(pixels - background).sum(axis=2) > 30
    return ~_flood_outside(~ink)


def png_racks(path, denominator: int, width_mm: int, height_mm: int) -> np.ndarray:
    """The cells the PNG export paints in a rack's colours, on the same grid: the sheet's
    hall is found by its outline (the walls' long lines) at the sheet's scale."""
    pixels = _pixels(QImage(str(path))).astype(np.int16)
    per_mm = PNG_DPI / 25.4 / denominator  # pixels a mm of hall
    outline = _near(pixels, style.WALL)
    rows = np.flatnonzero(outline.sum(axis=1) > 0.9 * width_mm * per_mm)
    cols = np.flatnonzero(outline.sum(axis=0) > 0.9 * height_mm * per_mm)
    assert rows.size and cols.size, "no hall outline found on the sheet"
    step = CELL_MM * per_mm  # pixels a cell: each cell is read at its centre
    ys = (rows.min() + (np.arange(height_mm // CELL_MM) + 0.5) * step).astype(int)
    xs = (cols.min() + (np.arange(width_mm // CELL_MM) + 0.5) * step).astype(int)
    read = pixels[np.ix_(ys, xs)]
    rack = np.zeros(read.shape[:2], bool)
    for colour in RACK_COLOURS:
        rack |= _near(read, colour)
    grid = _grown(_grown(rack, OVERLAY_CELLS, True), OVERLAY_CELLS, False)
    # the hall's outline is drawn in a rack edge's colour: its own cells are not a rack's
    grid[:2, :], grid[-2:, :], grid[:, :2], grid[:, -2:] = False, False, False, False
    return grid


def _near(pixels: np.ndarray, colour: QColor) -> np.ndarray:
    """Where ``pixels`` are ``colour``, give or take ``NEAR`` in each channel."""
    return (np.abs(pixels - np.array(colour.toTuple()[:3], np.int16)) <= NEAR).all(axis=2)


@pytest.mark.parametrize("name", ["gb200-nvl72-su", "hgx-air-hall", "cm384-supernode"])
def test_the_dxf_draws_the_racks_where_the_png_does(name, tmp_path, qapp):
    project = EXAMPLES[name]().project
    [hall] = project.halls.values()
    xs, ys = zip(*hall.outline, strict=True)
    width_mm, height_mm = max(xs), max(ys)
    catalog = default_catalog()
    export(project, catalog, tmp_path / "hall.dxf")
    [page] = export(project, catalog, tmp_path / "hall.png")
    denominator = int(re.fullmatch(r"1:(\d+)", page.scale).group(1))
    drawn = dxf_racks(tmp_path / "hall.dxf", width_mm, height_mm)
    painted = png_racks(tmp_path / "hall.png", denominator, width_mm, height_mm)
    overlap = (drawn & painted).sum() / (drawn | painted).sum()
    print(f"{name}: DXF {drawn.sum()} cells, PNG {painted.sum()} cells, overlap {overlap:.3f}")
    assert overlap >= 0.9

"""Tray bands: straight trays drawn as rectangles where stroking put their bands, in layers
that paint every two bands that meet in the trays' order."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPainterPathStroker

from designer.core.model.hall import CableTray
from designer.drawing import style
from designer.drawing.lod import Context
from designer.drawing.tray_bands import draw_tray_bands, tray_bands
from designer.drawing.trays import draw_trays, tray_geometry


@pytest.fixture(autouse=True)
def app(qapp):
    return qapp


def tray(name: str, path: list[tuple[int, int]], width: int = 600) -> CableTray:
    return CableTray(
        id=name.replace(" ", "-"),
        hall_id="h",
        name=name,
        path=path,
        height_mm=2_800,
        width_mm=width,
        depth_mm=150,
    )


def stroked(t: CableTray) -> QPainterPath:
    """The band as trays were drawn before: the centre line stroked as wide as the tray."""
    line = QPainterPath(QPointF(*t.path[0]))
    for x, y in t.path[1:]:
        line.lineTo(x, y)
    stroker = QPainterPathStroker()
    stroker.setWidth(t.width_mm)
    stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return stroker.createStroke(line).simplified()


def corners(path: QPainterPath) -> set[tuple[float, float]]:
    return {(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())}


@pytest.mark.parametrize(
    "t",
    [
        tray("east", [(1_000, 2_000), (6_500, 2_000)]),
        tray("west", [(6_500, 2_000), (1_000, 2_000)]),  # drawn the other way
        tray("south", [(7_301, 555), (7_301, 5_055)]),
        tray("north", [(7_301, 5_055), (7_301, 555)], width=601),  # half millimetres at its edges
    ],
)
def test_a_straight_tray_is_the_rectangle_stroking_its_centre_line_gives(t):
    [bands] = tray_bands([[t]])
    [layer] = bands.layers
    assert layer.paths == []
    [(x, y, w, h)] = layer.rects.tolist()
    band = stroked(t)
    box = band.boundingRect()
    assert (x, y, w, h) == (box.x(), box.y(), box.width(), box.height())
    # the stroked band is that rectangle, nothing more
    assert corners(band) == {(x, y), (x + w, y), (x + w, y + h), (x, y + h)}
    assert (bands.bounds.x(), bands.bounds.width()) == (x, w)


def test_a_bent_or_slanted_tray_is_stroked():
    bent = tray("bent", [(0, 0), (3_000, 0), (3_000, 2_000)])
    slanted = tray("slanted", [(10_000, 0), (12_000, 1_000)])
    [bands] = tray_bands([[bent, slanted]])
    [layer] = bands.layers
    assert len(layer.rects) == 0
    assert [corners(band) for _, band in layer.paths] == [
        corners(stroked(bent)),
        corners(stroked(slanted)),
    ]


def test_a_band_meeting_an_earlier_one_goes_in_a_layer_above_it():
    row = tray("row", [(0, 3_000), (20_000, 3_000)])
    aisle = tray("aisle", [(5_000, 3_000), (5_000, 8_000)])  # runs into the row's band
    far = tray("far", [(0, 20_000), (20_000, 20_000)])  # meets nothing
    cross = tray("cross", [(19_000, 0), (19_000, 25_000), (10_000, 25_000)])  # over row and far
    touching = tray("touching", [(5_000, 8_000), (5_000, 12_000)])  # end to end with the aisle
    [bands] = tray_bands([[row, aisle, far, cross, touching]])
    ys = [[tuple(r) for r in layer.rects.tolist()] for layer in bands.layers]
    assert ys == [
        [(0, 2_700, 20_000, 600), (0, 19_700, 20_000, 600)],  # row, far
        [(4_700, 3_000, 600, 5_000)],  # aisle
        [(4_700, 8_000, 600, 4_000)],  # touching the aisle: painted after it
    ]
    assert [len(layer.paths) for layer in bands.layers] == [0, 1, 0]  # cross, over the row


def test_halls_are_layered_apart_and_as_each_alone():
    a = [tray("a1", [(0, 0), (10_000, 0)]), tray("a2", [(5_000, 0), (5_000, 4_000)])]
    b = [tray("b1", [(0, 0), (10_000, 0)]), tray("b2", [(0, 9_000), (9_000, 9_000)])]
    together = tray_bands([a, [], b])
    alone = [tray_bands([group])[0] for group in (a, [], b)]
    for joint, single in zip(together, alone, strict=True):
        assert [layer.rects.tolist() for layer in joint.layers] == [
            layer.rects.tolist() for layer in single.layers
        ]
        assert joint.bounds == single.bounds
    assert [len(t.layers) for t in together] == [2, 0, 1]
    assert together[1].bounds.isNull() and together[1].widest == 0


def render(draw) -> np.ndarray:  # type: ignore[no-untyped-def]
    image = QImage(300, 300, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.scale(0.01, 0.01)  # 100 mm a pixel: every band edge on a pixel's edge
    draw(painter)
    painter.end()
    bits = image.constBits()
    return np.frombuffer(bits, dtype=np.uint8).reshape(300, 300, 4).copy()


def test_translucent_bands_drawn_in_layers_look_as_drawn_one_by_one():
    """Where an aisle tray runs into its row's, the junction shows both fills, as when each
    band was stroked and filled on its own."""
    trays = [
        tray("row", [(1_000, 5_000), (25_000, 5_000)]),
        tray("aisle", [(8_000, 5_000), (8_000, 20_000)]),
        tray("bent", [(20_000, 5_000), (20_000, 25_000), (2_000, 25_000)]),
        tray("other row", [(1_000, 12_000), (25_000, 12_000)]),
        tray("far", [(1_000, 28_000), (25_000, 28_000)]),  # meets nothing: painted first
    ]
    fill = style.brush(style.TRAY)
    [bands] = tray_bands([trays])

    def layered(painter: QPainter) -> None:
        painter.setPen(style.NO_PEN)
        painter.setBrush(fill)
        draw_tray_bands(painter, bands, Context.of(painter))

    def one_by_one(painter: QPainter) -> None:
        painter.setPen(style.NO_PEN)
        painter.setBrush(fill)
        for t in trays:
            painter.drawPath(stroked(t))

    ours, before = render(layered), render(one_by_one)
    assert np.array_equal(ours, before)
    # and the junction of the row and the aisle is darker than either band alone
    assert ours[50, 80, 0] < ours[50, 150, 0] < 255


def test_trays_draw_their_bands_dashed_and_only_those_in_the_clip():
    t = tray("row", [(1_000, 5_000), (25_000, 5_000)])
    geometry = tray_geometry([t])

    def drawn(painter: QPainter) -> None:
        draw_trays(painter, geometry, Context.of(painter))

    pixels = render(drawn)
    assert (pixels[47:53, 20:240, :3] < 255).all()  # the band, filled
    assert (pixels[60:, :, :3] == 255).all()  # nothing else


def test_no_two_bands_of_a_layer_meet_and_each_meeting_pair_keeps_the_trays_order():
    """One fill of a layer is each band's own (a PDF fills a path's union once), and where two
    bands overlap the later is painted over the earlier, as tray by tray."""
    rng = np.random.default_rng(7)
    trays = []
    for k in range(60):
        x, y = (int(v) for v in rng.integers(0, 40, 2) * 500)
        length = int(rng.integers(1, 12)) * 500
        end = (x + length, y) if k % 2 else (x, y + length)
        trays.append(tray(f"t{k}", [(x, y), end], width=int(rng.integers(3, 9)) * 100))
    [bands] = tray_bands([trays])
    boxes = [tuple(r) for r in np.concatenate([layer.rects for layer in bands.layers]).tolist()]
    layer_of = {box: n for n, layer in enumerate(bands.layers) for box in map(tuple, layer.rects)}
    assert len(boxes) == len(trays) == len(layer_of)

    def meet(a, b):  # type: ignore[no-untyped-def]
        return (
            a[0] <= b[0] + b[2]
            and b[0] <= a[0] + a[2]
            and a[1] <= b[1] + b[3]
            and b[1] <= a[1] + a[3]
        )

    drawn = [tuple(r) for r in (tray_bands([[t]])[0].layers[0].rects[0].tolist() for t in trays)]
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            if meet(a, b):
                assert layer_of[a] < layer_of[b]

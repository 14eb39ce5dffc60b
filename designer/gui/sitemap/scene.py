"""The site map's scene: a few hundred stock items, and racks only when zoomed in to see them.

Map millimetres throughout (``designer.core.campus_map``). Sites are framed rectangles,
halls polygons tinted by their worst finding, fibre routes lines under the frames. The
words (a hall's name, its load bar and findings, a site's figures, a route's length, fibre
pairs and latency) are ``Card``s: patches a fixed size on screen, each shown only while
the room it stands in is large enough on screen to hold it, so zooming out leaves tinted
blocks and zooming in brings the words back. From ``RACKS_LOD`` in, each hall shows its
racks (one ``PlanLayer`` per hall painting ``designer.drawing.racks`` as the hall canvas
does), built the first time that close a look is taken: opening the map costs nothing per
rack. A what-if's halls and routes are marked over them (``show_failed``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)
from shapely.geometry import LineString, Point

from designer.core.campus_map import CampusMap, HallBlock, RouteLine, SiteFrame
from designer.core.findings import ERROR, WARNING
from designer.core.format import plural
from designer.drawing import style
from designer.drawing.lod import Context
from designer.drawing.racks import RackArrays, draw_rack_labels, draw_racks
from designer.gui.canvas.layers import CHUNK_MARGIN_MM, PlanLayer

#: From this many points per millimetre of floor (a 600 mm rack 2.4 points wide) the halls
#: show their racks; the whole campus in a window is about a tenth of it.
RACKS_LOD = 0.004
Z_ROUTES, Z_SITES, Z_HALLS, Z_RACKS, Z_CURRENT, Z_CARDS, Z_ROUTE_CARDS = range(7)
SITE_FILL = QColor("#eef2f7")
SITE_EDGE = QColor("#9aa6b2")
FIBRE = style.LINK_FAMILY["coherent"]
#: A hall's load bar: its depth and its distance from the block's edges, as shares of the
#: block's depth (and of its smaller side); the track and the fill.
BAR_DEPTH, BAR_INSET = 0.1, 0.06
BAR_TRACK = QColor("#ffffff")
BAR_FILL = QColor("#3b4a59")
CARD_FILL = QColor(255, 255, 255, 215)
#: A card's padding inside its patch and its distance from the edge of its room (pixels).
PAD_PX, INSET_PX = 2.0, 3.0
#: Between cards stacked at one place (pixels): routes joining two sites show between theirs.
STACK_GAP_PX = 16.0
_MARK = {ERROR: "✖", WARNING: "▲"}


def _tint(colour: QColor, amount: float) -> QColor:
    """``colour`` mixed with white: ``amount`` of the colour."""
    return QColor(
        round(255 + (colour.red() - 255) * amount),
        round(255 + (colour.green() - 255) * amount),
        round(255 + (colour.blue() - 255) * amount),
    )


#: A hall block's fill and edge by status: light enough for its words and racks to read.
BLOCK_FILL = tuple(_tint(c, 0.42) for c in style.STATUS_FILL)
BLOCK_EDGE = tuple(c.darker(150) for c in style.STATUS_FILL)


def _font(size_pt: float, bold: bool = False) -> QFont:
    font = QFont(style.FONT_FAMILY)
    font.setPointSizeF(size_pt)
    font.setBold(bold)
    return font


NAME_FONT, SITE_FONT, TEXT_FONT, ROUTE_FONT = (
    _font(8.5, True),
    _font(10.0, True),
    _font(7.5),
    _font(8.0),
)


def _cosmetic(colour: QColor, width_px: float) -> QPen:
    pen = QPen(colour, width_px)
    pen.setCosmetic(True)
    return pen


class Room(NamedTuple):
    """Where a card may stand (map mm): at the top left of ``box``, or its top right, or
    ``above`` its bottom left (the ground over a hall, the card just over the hall)."""

    box: QRectF
    right: bool = False
    above: bool = False


class Line(NamedTuple):
    """One way of writing a card's row: its item (pixels), width and height."""

    item: QGraphicsRectItem
    width: float
    height: float


class Card(QGraphicsRectItem):
    """Rows of words on a patch, a fixed size on screen, standing in the first of its
    ``rooms`` that holds its first row at the zoom given (at its top left, or top right for
    a room on the left of what it names) or, without rooms, centred where it is put.

    ``fit`` shows as many rows as that room holds on screen, each in the longest of its
    ways that fits, or nothing: the words never spill over another hall.
    """

    def __init__(
        self,
        rooms: list[Room],
        fill: QColor,
        edge: QColor | None = None,
        stack: float = 0.0,
        close_rooms: list[Room] | None = None,
    ) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setBrush(style.brush(fill))
        self.setPen(_cosmetic(edge, 1.0) if edge is not None else style.NO_PEN)
        self.rooms = rooms
        #: Where it stands instead while the racks show (a hall's card over them hid its
        #: first row): the ground outside what it names
        self.close_rooms = rooms if close_rooms is None else close_rooms
        #: Without rooms: how many of its own heights (and a gap) it stands below its point,
        #: negative above, so that cards of one place stand one over the other.
        self.stack = stack
        #: Each row's ways of writing it, longest first.
        self.rows: list[list[Line]] = []
        #: Without rooms: what it must not cover (the sites' frames), written shorter
        #: or not at all where the ground between them is narrow on screen (a trial's route
        #: label covered the next site's first hall and its name)
        self.clear_of: list[QRectF] = []

    def add_row(self, *ways: list[tuple[QGraphicsItem, float]], height: float) -> None:
        """A row ``height`` pixels deep, written one of ``ways`` (longest first): each a list
        of parts with their x in the row (pixels)."""
        lines = []
        for parts in ways:
            row = QGraphicsRectItem(self)
            row.setPen(style.NO_PEN)
            for part, x in parts:
                part.setParentItem(row)
                part.setPos(x, part.pos().y())
            width = max((x + part.boundingRect().width() for part, x in parts), default=0.0)
            lines.append(Line(row, width, height))
        self.rows.append(lines)

    def add_text(self, *texts: str, font: QFont, colour: QColor = style.INK) -> None:
        """A row of one line, written as the first of ``texts`` that fits."""
        height = QFontMetricsF(font).height()
        self.add_row(*([(_text(text, font, colour), 0.0)] for text in texts), height=height)

    def _chosen(self, room: Room | None, px_per_mm: float) -> list[Line]:
        """The rows ``room`` holds on screen at ``px_per_mm``, each the way that fits (all
        rows, written in full, without a room)."""
        if room is None:
            return self._clear(px_per_mm)
        box = room.box
        room_w = box.width() * px_per_mm - 2 * INSET_PX - 2 * PAD_PX
        room_h = box.height() * px_per_mm - 2 * INSET_PX - 2 * PAD_PX
        chosen: list[Line] = []
        height = 0.0
        for ways in self.rows:
            line = next((w for w in ways if w.width <= room_w), None)
            if line is None or height + line.height > room_h:
                break
            chosen.append(line)
            height += line.height
        return chosen

    def _clear(self, px_per_mm: float) -> list[Line]:
        """The rows written as long as keeps the card, centred on its point, off what it
        must stay ``clear_of`` at ``px_per_mm`` (each row its first, second, ... way in
        turn); none when even the shortest covers it; all in full with nothing to keep
        clear of, or before the first zoom."""
        if not self.clear_of or px_per_mm <= 0:
            return [ways[0] for ways in self.rows]
        for level in range(max((len(ways) for ways in self.rows), default=0)):
            lines = [ways[min(level, len(ways) - 1)] for ways in self.rows]
            left, top, width, height = self._box(lines)
            at = self.pos()
            box = QRectF(
                at.x() + left / px_per_mm,
                at.y() + top / px_per_mm,
                width / px_per_mm,
                height / px_per_mm,
            )
            if not any(box.intersects(other) for other in self.clear_of):
                return lines
        return []

    def _box(self, lines: list[Line]) -> tuple[float, float, float, float]:
        """Left, top, width and height (pixels, from its point) of the card centred on its
        point showing ``lines``, or stacked with the others there."""
        width = max(line.width for line in lines) + 2 * PAD_PX
        full = sum(line.height for line in lines) + 2 * PAD_PX
        return -width / 2, -full / 2 + self.stack * (full + STACK_GAP_PX), width, full

    def fit(self, px_per_mm: float, close: bool = False) -> None:
        """Stand in the first room that holds a row at ``px_per_mm``, with the rows it holds
        (of its ``close_rooms`` while the racks show, ``close``)."""
        room: Room | None = None
        chosen = self._chosen(None, px_per_mm)
        for room in self.close_rooms if close else self.rooms:
            chosen = self._chosen(room, px_per_mm)
            if chosen:
                break
        for ways in self.rows:
            for line in ways:
                line.item.setVisible(line in chosen)
        self.setVisible(bool(chosen))
        if not chosen:
            return
        width = max(line.width for line in chosen)
        height = sum(line.height for line in chosen)
        left = top = INSET_PX
        if room is None:  # centred on its point, or stacked with the others there
            left, top, _, _ = self._box(chosen)
        elif room.right:
            left = -INSET_PX - width - 2 * PAD_PX
            self.setPos(room.box.topRight())
        elif room.above:
            top = -INSET_PX - height - 2 * PAD_PX
            self.setPos(room.box.bottomLeft())
        else:
            self.setPos(room.box.topLeft())
        self.setRect(left, top, width + 2 * PAD_PX, height + 2 * PAD_PX)
        y = top + PAD_PX
        for line in chosen:
            x = left + PAD_PX + ((width - line.width) / 2 if room is None else 0.0)
            line.item.setPos(x, y)
            y += line.height


def _text(text: str, font: QFont, colour: QColor) -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem(text)
    item.setFont(font)
    item.setBrush(style.brush(colour))
    return item


def _hall_card(block: HallBlock, rooms: list[Room], close_rooms: list[Room]) -> Card:
    """A hall's name (with its errors and warnings counted), then its load and findings in
    words, as many rows as its block (or the free ground beside it) holds on screen; over
    the hall or beside it while its racks show."""
    card = Card(rooms, CARD_FILL, close_rooms=close_rooms)
    name = _text(block.name, NAME_FONT, style.INK)
    parts: list[tuple[QGraphicsItem, float]] = [(name, 0.0)]
    x = name.boundingRect().width() + 5
    for status, count in ((ERROR, block.errors), (WARNING, block.warnings)):
        if count:
            mark = _text(f"{_MARK[status]} {count}", NAME_FONT, style.STATUS_FILL[status])
            parts.append((mark, x))
            x += mark.boundingRect().width() + 4
    card.add_row(parts, height=QFontMetricsF(NAME_FONT).height() + 1)
    load = block.load_text()
    card.add_text(f"IT {load}", load.split(" of ")[0], font=TEXT_FONT)
    racks = plural(block.racks, "rack")
    card.add_text(f"{racks} · {block.findings_text()}", racks, font=TEXT_FONT)
    return card


def _load_bar(block: HallBlock, item: QGraphicsPolygonItem) -> QGraphicsRectItem:
    """A bar along the bottom of the hall's block, in the block's own millimetres, filled as
    far as the hall's IT load goes into its power capacity (red past it): it scales with
    the block, so it reads at any zoom, words or none."""
    box = item.polygon().boundingRect()
    inset = BAR_INSET * min(box.width(), box.height())
    depth = BAR_DEPTH * box.height()
    track = QGraphicsRectItem(
        box.left() + inset, box.bottom() - inset - depth, box.width() - 2 * inset, depth, item
    )
    track.setBrush(style.brush(BAR_TRACK))
    track.setPen(_cosmetic(BAR_FILL, 1.0))
    share = min(max(block.share, 0.0), 1.0)
    bar = track.rect()
    fill = QGraphicsRectItem(bar.left(), bar.top(), bar.width() * share, bar.height(), track)
    fill.setBrush(style.brush(style.STATUS_FILL[ERROR] if block.share > 1.0 else BAR_FILL))
    fill.setPen(style.NO_PEN)
    return track


def _site_card(site: SiteFrame) -> Card:
    """A site's name and figures, in the band along the top of its frame."""
    x, y, w, _ = site.rect
    card = Card([Room(QRectF(x, y, w, site.header_mm))], QColor(0, 0, 0, 0))
    card.add_text(site.name, font=SITE_FONT)
    card.add_text(*site.figures, font=TEXT_FONT, colour=style.MUTED_INK)
    return card


def _route_card(route: RouteLine, clear_of: list[QRectF]) -> Card:
    # routes joining the same two sites: their cards one over the other, in path order
    card = Card([], style.PAPER, FIBRE, stack=route.path - (route.paths + 1) / 2)
    (head, rest), (short_head, short_rest) = route.lines(), route.brief()
    card.add_text(head, short_head, font=_font(8.0, True), colour=FIBRE)
    card.add_text(rest, short_rest, font=ROUTE_FONT)
    card.clear_of = clear_of
    return card


def _beside(box: QRectF, others: list[QRectF], frames: Mapping[str, QRectF]) -> tuple[Room, Room]:
    """The free ground to the right and to the left of a hall's ``box``, down from its top,
    up to the next hall (``others``) or the edge of its site's frame: where the words of a
    hall too small to hold them stand (a site plan of a few small halls far apart)."""
    frame = next((f for f in frames.values() if f.contains(box.center())), box)
    right = min(
        [
            frame.right(),
            *(o.left() for o in others if _meets_rows(o, box) and o.left() >= box.right()),
        ]
    )
    left = max(
        [
            frame.left(),
            *(o.right() for o in others if _meets_rows(o, box) and o.right() <= box.left()),
        ]
    )
    rooms = []
    for x0, x1 in ((box.right(), right), (left, box.left())):
        room = QRectF(x0, box.top(), max(0.0, x1 - x0), 0.0)
        below = [o.top() for o in others if _meets_columns(o, room) and o.top() > box.top()]
        room.setBottom(max(box.top(), min([frame.bottom(), *below])))
        rooms.append(room)
    return Room(rooms[0]), Room(rooms[1], right=True)


def _above(
    box: QRectF, others: list[QRectF], frames: Mapping[str, QRectF], headers: Mapping[str, float]
) -> Room:
    """The free ground over a hall's ``box``, as wide as it, down from the hall above it
    (``others``) or from under its site's header: where its words stand while its racks
    show."""
    site, frame = next(((k, f) for k, f in frames.items() if f.contains(box.center())), ("", box))
    top = max(
        [
            frame.top() + headers.get(site, 0.0),
            *(o.bottom() for o in others if _meets_columns(o, box) and o.bottom() <= box.top()),
        ]
    )
    return Room(QRectF(box.left(), top, box.width(), max(0.0, box.top() - top)), above=True)


def _meets_rows(a: QRectF, b: QRectF) -> bool:
    """True when ``a`` and ``b`` share some height (they stand in one row)."""
    return a.top() < b.bottom() and b.top() < a.bottom()


def _meets_columns(a: QRectF, b: QRectF) -> bool:
    """True when ``a`` and ``b`` share some width (one stands above the other)."""
    return a.left() < b.right() and b.left() < a.right()


#: How far apart routes joining the same two sites are drawn: a share of the smaller frame's
#: least side.
PARALLEL_SHARE = 0.06


def _beside_the_others(route: RouteLine, a: QRectF, b: QRectF) -> QPointF:
    """How far ``route``'s line is moved off the line between the centres of its sites'
    frames ``a`` and ``b``, square to it, so that the routes joining the same two sites
    (on separate paths) are drawn side by side, not one over the other."""
    along = QLineF(a.center(), b.center())
    if route.paths < 2 or along.length() == 0:
        return QPointF()
    gap = PARALLEL_SHARE * min(a.width(), a.height(), b.width(), b.height())
    off = (route.path - (route.paths + 1) / 2) * gap
    return QPointF(-along.dy(), along.dx()) / along.length() * off


def _outside(a: QRectF, b: QRectF) -> QLineF:
    """The part of the line between the centres of ``a`` and ``b`` outside both."""
    line = QLineF(a.center(), b.center())

    def leaves(rect: QRectF, dx: float, dy: float) -> float:
        """How far along the line from ``rect``'s centre it leaves ``rect`` (0-1)."""
        limits = [
            rect.width() / 2 / abs(dx) if dx else 1.0,
            rect.height() / 2 / abs(dy) if dy else 1.0,
        ]
        return min(1.0, *limits)

    start = leaves(a, line.dx(), line.dy())
    end = 1.0 - leaves(b, line.dx(), line.dy())
    if end < start:  # the frames meet along the line
        start = end = 0.5
    return QLineF(line.pointAt(start), line.pointAt(end))


def _hall_racks(painter: QPainter, arrays: RackArrays, ctx: Context) -> None:
    """A hall's racks on the map, as its canvas draws them: fills, fronts, labels close in."""
    draw_racks(painter, arrays, ctx)
    draw_rack_labels(painter, arrays, ctx)


class SiteMapScene(QGraphicsScene):
    """The campus: sites, halls, routes; ``hall_at`` finds the hall under a point."""

    def __init__(self) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(style.brush(style.BACKDROP))
        self.content: CampusMap | None = None
        #: Each hall's block, by hall id.
        self.blocks: dict[str, QGraphicsPolygonItem] = {}
        self.cards: list[Card] = []
        self.routes: dict[str, Card] = {}
        #: Each route's line from site to site (under the site frames), by route id.
        self.route_lines: dict[str, QLineF] = {}
        #: Each site's frame, by site id.
        self.frames: dict[str, QRectF] = {}
        self._racks: dict[str, PlanLayer] = {}
        self._bars: list[QGraphicsRectItem] = []
        self._racks_of: Callable[[], Mapping[str, RackArrays]] | None = None
        self._current = self._current_outline()
        self._lod = (0.0, 0.0)
        #: The halls and routes a what-if takes out, in its colour; their marks.
        self._failed: tuple[set[str], set[str], QColor] = (set(), set(), QColor())
        self._failed_marks: list[QGraphicsItem] = []

    def _current_outline(self) -> QGraphicsPolygonItem:
        """The outline round the hall the canvas shows (hidden until there is one)."""
        item = QGraphicsPolygonItem()
        item.setPen(_cosmetic(style.SELECTION, 2.5))
        item.setZValue(Z_CURRENT)
        item.hide()
        self.addItem(item)
        return item

    def show_map(
        self, content: CampusMap, racks_of: Callable[[], Mapping[str, RackArrays]]
    ) -> None:
        """Show ``content``; ``racks_of`` gives each hall's racks when first needed."""
        self.clear()
        self._current = self._current_outline()
        self.content = content
        self.blocks, self.cards, self.routes, self._racks, self._bars = {}, [], {}, {}, []
        self.route_lines = {}
        self._racks_of = racks_of
        frames = {}
        headers = {}
        names = {site.id: site.name for site in content.sites}
        for site in content.sites:
            rect = QRectF(*site.rect)
            frames[site.id] = rect
            headers[site.id] = site.header_mm
            frame = self.addRect(rect, _cosmetic(SITE_EDGE, 1.2), style.brush(SITE_FILL))
            if site.status in (WARNING, ERROR):
                frame.setPen(_cosmetic(style.STATUS_FILL[site.status], 2.5))
            frame.setZValue(Z_SITES)
            self._card(_site_card(site))
        for block in content.halls:
            polygon = QPolygonF([QPointF(x, y) for x, y in block.outline])
            item = QGraphicsPolygonItem(polygon)
            item.setPos(*block.origin)
            item.setBrush(style.brush(BLOCK_FILL[block.status]))
            item.setPen(_cosmetic(BLOCK_EDGE[block.status], 1.0))
            item.setZValue(Z_HALLS)
            item.setToolTip(block.tip(names.get(block.site_id, "")))
            self.addItem(item)
            self.blocks[block.id] = item
            self._bars.append(_load_bar(block, item))
        self.frames = frames
        boxes = {key: item.sceneBoundingRect() for key, item in self.blocks.items()}
        for block in content.halls:
            box = boxes[block.id]
            inside = QRectF(box)  # clear of the load bar
            inside.setBottom(box.bottom() - (BAR_DEPTH + BAR_INSET) * box.height())
            others = [b for k, b in boxes.items() if k != block.id]
            beside = _beside(box, others, frames)
            above = _above(box, others, frames, headers)
            self._card(_hall_card(block, [Room(inside), *beside], [above, *beside]))
        for route in content.routes:
            if route.site_a not in frames or route.site_b not in frames:
                continue
            a, b = frames[route.site_a], frames[route.site_b]
            shift = _beside_the_others(route, a, b)
            line = self.addLine(
                QLineF(a.center() + shift, b.center() + shift), _cosmetic(FIBRE, 3.0)
            )
            line.setZValue(Z_ROUTES)
            self.route_lines[route.id] = line.line()
            card = _route_card(route, list(frames.values()))
            card.setPos(_outside(a, b).center())
            card.setZValue(Z_ROUTE_CARDS)
            card.setToolTip(route.tip())
            line.setToolTip(card.toolTip())
            self.addItem(card)
            card.fit(0.0)
            self.routes[route.id] = card
        left, top, right, bottom = content.bounds()
        margin = 0.04 * max(right - left, bottom - top, 1.0)
        self.setSceneRect(
            QRectF(left, top, right - left, bottom - top).adjusted(-margin, -margin, margin, margin)
        )
        px, points = self._lod
        self._lod = (0.0, 0.0)
        self.set_scale(px, points)
        self._failed_marks = []  # cleared with the rest
        self._mark_failed()

    def show_failed(self, halls: set[str], routes: set[str], colour: QColor) -> None:
        """Mark ``halls`` (hatched) and fibre ``routes`` (dashed) as taken out by a what-if,
        in ``colour``; empty sets take the marks away."""
        self._failed = (set(halls), set(routes), QColor(colour))
        self._mark_failed()

    @property
    def failed_colour(self) -> QColor | None:
        """The colour of the what-if's marks while it marks anything on the map."""
        return self._failed[2] if self._failed_marks else None

    def _mark_failed(self) -> None:
        for item in self._failed_marks:
            self.removeItem(item)
        self._failed_marks = []
        halls, routes, colour = self._failed
        for hall_id in sorted(halls & self.blocks.keys()):
            block = self.blocks[hall_id]
            mark = QGraphicsPolygonItem(block.polygon())
            mark.setPos(block.pos())
            mark.setBrush(QBrush(colour, Qt.BrushStyle.BDiagPattern))
            mark.setPen(_cosmetic(colour, 2.5))
            mark.setZValue(Z_HALLS + 0.5)
            self.addItem(mark)
            self._failed_marks.append(mark)
        for route_id in sorted(routes & self.route_lines.keys()):
            pen = _cosmetic(colour, 4.0)
            pen.setStyle(Qt.PenStyle.DashLine)
            mark = self.addLine(self.route_lines[route_id], pen)
            mark.setZValue(Z_ROUTES + 0.5)
            self._failed_marks.append(mark)

    def _card(self, card: Card) -> None:
        card.setZValue(Z_CARDS)
        self.addItem(card)
        self.cards.append(card)

    def set_current(self, hall_id: str | None) -> None:
        """Outline the hall shown on the hall canvas."""
        block = self.blocks.get(hall_id or "")
        self._current.setVisible(block is not None)
        if block is not None:
            self._current.setPolygon(block.polygon())
            self._current.setPos(block.pos())

    def set_scale(self, px_per_mm: float, points_per_mm: float) -> None:
        """Show what fits at this zoom: the cards the rooms hold, the racks close in."""
        if (px_per_mm, points_per_mm) == self._lod:
            return
        self._lod = (px_per_mm, points_per_mm)
        close = points_per_mm >= RACKS_LOD
        for card in [*self.cards, *self.routes.values()]:
            card.fit(px_per_mm, close)
        if close and not self._racks and self._racks_of is not None and self.content:
            self._build_racks(self._racks_of())
        for layer in self._racks.values():
            layer.setVisible(close)
        for bar in self._bars:  # close in the racks show, and the card says the load
            bar.setVisible(not close)

    def _build_racks(self, racks: Mapping[str, RackArrays]) -> None:
        for block in self.content.halls if self.content else ():
            arrays = racks.get(block.id)
            if arrays is None or not len(arrays):
                continue
            layer = PlanLayer(_hall_racks, Z_RACKS)
            m = CHUNK_MARGIN_MM
            layer.set_geometry(arrays, arrays.bounds.adjusted(-m, -m, m, m))
            layer.setPos(*block.origin)
            self.addItem(layer)
            self._racks[block.id] = layer

    @property
    def racks_shown(self) -> bool:
        """True when the halls show their racks (zoomed in far enough)."""
        return any(layer.isVisible() for layer in self._racks.values())

    def route_at(self, point: QPointF, reach: float) -> str | None:
        """The fibre route whose label holds ``point`` (map mm), or whose line between the
        site frames passes within ``reach`` of it, if any."""
        for route_id, card in self.routes.items():
            if card.sceneBoundingRect().contains(point):
                return route_id
        if self.site_at(point) is not None:
            return None  # the frames hide the lines
        for route_id, line in self.route_lines.items():
            ends = LineString([(line.x1(), line.y1()), (line.x2(), line.y2())])
            if ends.distance(Point(point.x(), point.y())) <= reach:
                return route_id
        return None

    def site_at(self, point: QPointF) -> str | None:
        """The site whose frame holds ``point`` (map mm), if any."""
        return next((site for site, frame in self.frames.items() if frame.contains(point)), None)

    def hall_at(self, point: QPointF) -> str | None:
        """The hall whose block holds ``point`` (map mm), if any."""
        for hall_id, block in self.blocks.items():
            if block.contains(block.mapFromScene(point)):
                return hall_id
        return None

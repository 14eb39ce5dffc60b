"""Racks coloured by job role: one group of rectangles per colour, the idle racks apart, and
a legend that says when colours repeat."""

import numpy as np

from designer.core.jobs.roles import rack_roles
from designer.drawing.jobs import IDLE, PALETTE, role_entries, role_rects
from tests.core.jobs.helpers import CATALOG, cluster, planned, with_job


def test_a_hall_by_stage_has_a_colour_per_stage_and_idle_racks_in_grey():
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, pp=2, dp=27, global_batch=27)  # 6 of the 8 racks
    layout = planned(doc).layout
    hall = next(iter(doc.project.halls))
    shown = role_rects(doc.project, hall, CATALOG.racks, rack_roles(layout, "stage", job, 27))
    sizes = {code: len(rects) for code, rects in shown.groups}
    assert sizes == {-1: 2, 0: 3, 1: 3}
    # an NVL72 stands 600 x 1,068 mm, whichever way it faces
    widths = sorted({tuple(sorted(r)) for r in shown.rects[:, 2:].tolist()})
    assert widths == [(600.0, 1068.0)]
    assert np.all(shown.rotation >= 0)


def test_the_legend_names_the_values_and_says_when_colours_repeat():
    entries = role_entries("PP stage", None, 2)
    assert [e.text for e in entries] == ["PP stage 1", "PP stage 2", "No job"]
    assert entries[0].colour == PALETTE[0] and entries[-1].colour == IDLE
    many = role_entries("DP replica", None, 30)
    assert len(many) == len(PALETTE) + 2
    assert many[-2].text == f"... colours repeat every {len(PALETTE)}"
    assert [e.text for e in role_entries("Job", ["A", "B"], 2)][:2] == ["A", "B"]

"""Each plane's traffic per step against its bandwidth, as time beside the step's compute.

A bar per plane the job uses (scale-up, scale-out, each DCI route), as long as the plane
takes to move a step's traffic at its bandwidth; a line at the step's compute time, which
the traffic should hide behind. A bar past the line is a plane the checks warn about.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from designer.core.jobs.estimate import JobTraffic
from designer.core.jobs.summary import plane_name
from designer.core.jobs.text import data, duration, rate
from designer.core.model.project import Project
from designer.gui.panels.charts import BarChart

WITHIN = QColor("#4477aa")
BEYOND = QColor("#d9652b")
COMPUTE = QColor("#1d252c")
#: Bars are cut at this many times the compute time (an infinite one would hide the rest).
CUT_AT = 3.0


class PlaneChart(BarChart):
    """The planes of one job; empty until a job is placed whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Seconds per step", parent, "s per step")

    def show_job(self, project: Project, traffic: JobTraffic | None) -> None:
        self.clear_marks()
        if traffic is None or not traffic.planes:
            self.show_bars([], [], [])
            self.note.setText("Select a job that is placed whole to see its planes.")
            return
        compute = traffic.compute_s
        seconds = np.array([p.seconds for p in traffic.planes])
        late = [compute is not None and s > compute for s in seconds.tolist()]
        self.show_bars(
            [plane_name(project, p) for p in traffic.planes],
            [(seconds, [BEYOND if x else WITHIN for x in late])],
            [duration(p.seconds) if p.gbps else "no bandwidth" for p in traffic.planes],
            [
                f"{plane_name(project, p)}: {data(p.bytes)} per step ({_parts(p.parts)}) at "
                f"{rate(p.gbps)} takes {duration(p.seconds)}"
                for p in traffic.planes
            ],
            least_x=compute or 0.0,
            most_x=CUT_AT * compute if compute else None,
        )
        if compute is not None:
            self.add_mark(compute, COMPUTE, 1.5, dashed=True)
            self.note.setText(
                f"Dashed line: the step's compute, {duration(compute)} at "
                f"{traffic.utilisation:.0%} utilisation. Orange: longer than the compute "
                "it should hide behind (estimates)."
            )
        else:
            self.note.setText("No compute figure at this precision: nothing to hide behind.")


def _parts(parts: dict[str, float]) -> str:
    return ", ".join(f"{k} {data(v)}" for k, v in parts.items() if not math.isnan(v))

"""What-ifs and the N-1 sweep worked out off the GUI thread, from the design as the last
check saw it.

The dependencies a what-if reads (``core.resilience.topology_from``) come from the network
plan and job placement the design check already made, so nothing is planned twice; building
them takes seconds on a campus and the sweep longer, so both run off the GUI thread, each
on a worker of its own (a what-if does not wait for a sweep), sharing the dependencies of
the design last asked about. The check hands over a new plan after each edit: an
answer about an older design is dropped, and a what-if asked while the check runs is
answered once its plan arrives.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from designer.core.model.project import Project
from designer.core.resilience import Topology, fail, topology_from
from designer.core.resilience.sweep import Swept, sweep
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService


@dataclass(frozen=True)
class Checked:
    """A design as one check saw it: the project, its network plan and its jobs placed."""

    project: Project
    plan: Any
    jobs: Any


class _Dependencies:
    """The topology of the last design asked about, built once for both workers (a
    topology is only read once built)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._of: Checked | None = None
        self._topology: Topology | None = None

    def of(self, checked: Checked) -> Topology:
        with self._lock:
            if self._of is not checked or self._topology is None:
                self._topology = topology_from(checked.project, checked.plan, checked.jobs)
                self._of = checked
            return self._topology


class ResilienceService(QObject):
    """Answers ``what_if(ids)`` with ``answered(Impact)`` and ``rank()`` with
    ``ranked(list[Ranked])``; ``failed(message)`` when working one out raised."""

    answered = Signal(object)
    #: The design's ``Swept``: its dependencies and N-1 ranking.
    ranked = Signal(object)
    failed = Signal(str)
    #: True while a sweep is being worked out.
    ranking = Signal(bool)
    _finished = Signal(object, object, object)

    def __init__(self, editor: Editor, checker: FindingsService) -> None:
        super().__init__(editor)
        self.editor = editor
        self.checked: Checked | None = None
        self._workers = {
            kind: ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"rackplan-{kind}")
            for kind in ("what_if", "rank")
        }
        self._dependencies = _Dependencies()
        self._asked: tuple[str, ...] | None = None
        self._rank_wanted = False
        self._ranked_for: Checked | None = None
        #: The last ranking shown, with the dependencies it was worked out from.
        self.swept: Swept | None = None
        self._sweeping = False
        self._closed = False
        self._finished.connect(self._done)
        checker.jobs_changed.connect(self._checked)

    @property
    def current(self) -> bool:
        """True when the last check saw the design as it is now."""
        return self.checked is not None and self.checked.project is self.editor.project

    def _checked(self, jobs: Any) -> None:
        """A check has finished: its plan describes the document as it is now."""
        self.checked = Checked(self.editor.project, self.editor.network, jobs)
        if self._asked is not None:
            self.what_if(self._asked)

    def what_if(self, ids: Sequence[str]) -> None:
        """Work out what failing ``ids`` together does (once the check has caught up)."""
        self._asked = tuple(ids)
        checked = self.checked
        if checked is None or not self.current or checked.plan is None:
            return
        self._asked = None
        self._submit("what_if", checked, self._answer, checked, tuple(ids))

    def rank(self) -> None:
        """Work out the N-1 ranking of the design as the last check saw it, unless it is
        ranked already; asked while a sweep runs, again once that one ends."""
        self._rank_wanted = True
        checked = self.checked
        if checked is None or not self.current or checked.plan is None or self._sweeping:
            return
        self._rank_wanted = False
        if checked is self._ranked_for:
            return
        self._sweeping = True
        self.ranking.emit(True)
        self._submit("rank", checked, self._sweep, checked)

    def _answer(self, checked: Checked, ids: tuple[str, ...]) -> Any:
        return fail(self._dependencies.of(checked), ids)

    def _sweep(self, checked: Checked) -> Swept:
        topology = self._dependencies.of(checked)
        return Swept(topology, sweep(topology))

    def _submit(self, kind: str, checked: Checked, job: Any, *args: Any) -> None:
        future = self._workers[kind].submit(job, *args)
        future.add_done_callback(lambda f: self._finished.emit(f, kind, checked))

    def _done(self, future: Future[Any], kind: str, checked: Checked) -> None:
        if self._closed or future.cancelled():
            return
        if kind == "rank":
            self._sweeping = False
            self.ranking.emit(False)
        error = future.exception()
        if error is not None:
            self.failed.emit(f"What if it fails could not be worked out: {error}")
            return
        if checked is self.checked and self.current:
            if kind == "rank":
                self._ranked_for = checked
                self.swept = future.result()
                self.ranked.emit(self.swept)
            else:
                self.answered.emit(future.result())
        if kind == "rank" and self._rank_wanted:
            self.rank()  # asked again while this one ran

    def shutdown(self) -> None:
        self._closed = True
        for worker in self._workers.values():
            worker.shutdown(wait=True, cancel_futures=True)

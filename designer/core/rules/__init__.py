"""The design-rule checker, modelled on KiCad's DRC (DESIGN.md section 4).

Use::

    engine = RuleEngine(catalog)
    report = engine.run(project)                  # everything
    report = engine.update(new_project, change_set.ids)   # only what the edit touched

Each ``Finding`` has a stable ``code`` (``CODES`` lists them all with their titles and
default severities), a severity after the project's overrides, a message with the measured
value, the limit and their units, the ids involved (main item first) and where to draw the
marker. Exclusions in ``project.settings.rules`` key on code and ids, never coordinates.
Thresholds come from ``resources/catalog/rules.json`` (each citing its source, or saying
``ours:``) unless the project overrides them in ``settings.rules.thresholds``.

Adding a family of checks
-------------------------
1. Write ``designer/core/rules/<family>.py``. Declare each code once as a module constant,
   ``CodeInfo("<family>.<what>", "<family>", title, default severity, description)``. A
   code is permanent once released: projects store it in severities and exclusions.
2. Write each check as three functions over a ``Context`` (``ctx.project``, the frozen
   project; ``ctx.rack_types``, the catalog's racks plus the project's own; ``ctx.limits``,
   the thresholds in force; ``ctx.catalog``):

   - ``subjects(ctx)``: what a full run checks one by one, usually entity ids (every rack,
     feed or hall); ``check.each_rack`` lists the racks.
   - ``run(ctx, subject)``: yields the subject's findings, made with
     ``CODE.finding(message, ids, measured=..., limit=..., unit=..., hall_id=..., where=...)``,
     and nothing for a subject that no longer exists. Sum with ``math.fsum`` and sort ids
     you iterate from sets, so a finding is the same whichever way its inputs were reached.
   - ``touched(ctx, changes)``: the subjects an edit may have changed. ``changes.of(name)``
     lists ``(id, before, after)`` for a project collection (``None`` when absent). Helpers:
     ``links.named_by_changes`` (the feeds, CDUs, halls ... named by changed racks),
     ``power.halls_with_new_load``, and the spatial index for "near where it changed".

   Bundle them as ``Check(name, codes, subjects, run, touched)`` in a module-level
   ``CHECKS`` tuple, and add the module to ``registry.FAMILIES``.
3. Data several checks share, or that is expensive (a network plan of routed bundles), is a
   ``Derived(name, build, update=None)`` at module level, read with ``ctx.get(DERIVED)``:
   ``build(ctx)`` runs at most once per project revision. Give it
   ``update(previous, ctx, changes)`` to carry the previous revision's value forward
   instead of building it again (see ``layout.FLOOR``, ``links.LINKS``, ``rows.ROWS``).
   A check that reads it names, in ``touched``, the subjects whose findings depend on what
   changed in it; a derived value may record what changed for that (``Rows.recent``).
4. Test each code at its boundary (just under, just over, the arithmetic in a comment) in
   ``tests/core/rules/test_<family>.py``; ``test_increments.py`` then checks that
   ``update`` still equals ``run`` after random edits.
"""

from designer.core.findings import CodeInfo, Finding, Report, Severity
from designer.core.rules.engine import RuleEngine
from designer.core.rules.registry import CODES

__all__ = ["CODES", "CodeInfo", "Finding", "Report", "RuleEngine", "Severity"]

"""Connectivity: which cables a design needs, how long they run, what they are and cost.

Three steps, each pure and testable on its own (DESIGN section 5):

1. Topology, generated from what is placed: the scale-up wiring of each system
   (``scaleup``), a rail-optimised leaf/spine fabric per site with a core tier when one
   spine layer no longer fits (``fabric``), and the coherent links between sites
   (``dci``). Bundles the architect drew are planned alongside.
2. Routing (``routing``, ``traygraph``): each bundle's length from the floor, up from the
   port, along the shortest tray path, down at the far end, through cable entries between
   halls and along fibre routes between sites.
3. Media (``media``): the first medium up the ladder of ``resources/catalog/media.json``
   whose reach, lane rate, protocol and plane fit, with the reason, power, latency and
   price.

``planner`` runs the three over a project, sums the cables in every tray at its fullest
point (``fill``) and keeps the result, a ``NetworkPlan`` (``network_plan``), current edit by
edit; a plan's bundles are numpy columns, never one Python object per cable. The rule
engine owns the plan of each project revision: ask it (``RuleEngine.derived`` with
``designer.core.rules.network.PLAN``) rather than planning again. ``cable_schedule``,
``bill_of_materials`` and ``link_totals`` turn a plan into what is ordered, and ``export``
writes them as CSV or JSON. What is wrong is found as it is planned and made as rule
findings of the ``cabling``, ``scale_up`` and ``network`` families (``findings``, and the
codes of ``fabric``, ``dci`` and ``scaleup``).
"""

from designer.core.network.bom import Bom, BomLine, bill_of_materials
from designer.core.network.media import MediaCatalog, default_media, load_media
from designer.core.network.network_plan import NetworkPlan, TrayFill
from designer.core.network.schedule import ScheduleLine, cable_schedule
from designer.core.network.totals import LinkTotals, link_totals

__all__ = [
    "Bom",
    "BomLine",
    "LinkTotals",
    "MediaCatalog",
    "NetworkPlan",
    "ScheduleLine",
    "TrayFill",
    "bill_of_materials",
    "cable_schedule",
    "default_media",
    "link_totals",
    "load_media",
]

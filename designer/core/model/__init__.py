"""The project schema: pydantic models that are, field for field, the project file format.

Units are fixed once here: floor coordinates and sizes in integer millimetres (origin at
the hall's corner, x right, y down the page), cable lengths in metres, power in kW,
weight in kg, fibre distances in km, rotations 0/90/180/270 clockwise.
"""

from designer.core.model.base import Entity, Point, Rotation, evolve
from designer.core.model.equipment import (
    CoolingType,
    FeedType,
    PortGroup,
    RackType,
    StructureType,
    SwitchType,
    SystemTemplate,
)
from designer.core.model.hall import CableTray, CoolingGroup, CoolingUnit, Hall, Obstacle, PowerFeed
from designer.core.model.job import Job, TransformerModel
from designer.core.model.link import Bundle, Endpoint
from designer.core.model.placement import Group, Placement
from designer.core.model.project import (
    COLLECTIONS,
    FORMAT,
    SCHEMA_VERSION,
    Project,
    ProjectMeta,
    ProjectSettings,
)
from designer.core.model.site import FibreRoute, Site

__all__ = [
    "COLLECTIONS",
    "FORMAT",
    "SCHEMA_VERSION",
    "Bundle",
    "CableTray",
    "CoolingGroup",
    "CoolingType",
    "CoolingUnit",
    "Endpoint",
    "Entity",
    "FeedType",
    "FibreRoute",
    "Group",
    "Hall",
    "Job",
    "Obstacle",
    "Placement",
    "Point",
    "PortGroup",
    "PowerFeed",
    "Project",
    "ProjectMeta",
    "ProjectSettings",
    "RackType",
    "Rotation",
    "Site",
    "StructureType",
    "SwitchType",
    "SystemTemplate",
    "TransformerModel",
    "evolve",
]

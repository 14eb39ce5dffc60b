"""Clusters from a few parameters: presets, the outline of a request, and the build."""

from designer.core.generate.cluster import (
    ClusterRequest,
    GenerateCancelled,
    GenerateError,
    Outline,
    generate,
    outline,
)
from designer.core.generate.presets import PRESETS, Preset

__all__ = [
    "PRESETS",
    "ClusterRequest",
    "GenerateCancelled",
    "GenerateError",
    "Outline",
    "Preset",
    "generate",
    "outline",
]

"""Footprints, service zones and spatial lookups on a hall's floor (integer millimetres)."""

"""Files other tools read and write: a CAD floor plan (DXF), NetBox's bulk-import CSVs and
a spreadsheet of racks. Each module turns one outside format into project values or back,
with every row or entity it cannot take named, never guessed."""

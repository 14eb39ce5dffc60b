"""One module per headless command; ``designer.cli`` finds a command's module by its name.

``HELP`` holds each command's help line, keyed by the command as it is typed, here and not
in its module: ``python main.py --help`` lists the commands without importing them, and
so without the core (the listing took 0.7 s importing every command's models and plans,
where a command run imports its own module alone). A test holds this list and the modules
to one another.
"""

from __future__ import annotations

HELP: dict[str, str] = {
    "bom": (
        "Print the bill of materials: racks, cooling units, busway and tray runs, modules, "
        "cables by order length, switches, fibre pairs and amplifiers, with optics power and "
        "cost (low-confidence prices; the equipment is counted, not priced: energy prices the "
        "racks and switches a source prices); with --site, what one site orders."
    ),
    "check": (
        "Check a project against the design rules (space, floor, power, cooling, cabling, "
        "scale-up, network, jobs); exit 1 on errors."
    ),
    "compare": (
        "Compare two designs (two projects, or two variants of one): accelerators, dense "
        "PFLOPS, IT and facility power, racks, floor area, links by medium, optics, cable "
        "length, capital, energy, carbon and findings, each with B less A."
    ),
    "energy": (
        "Print a year of IT and facility energy per site with its cost, carbon and water, the "
        "capital the bill of materials is priced at where a source prices it, and, for "
        "several sites, what moving each hall to another site changes (cost, carbon, power, "
        "DCI latency); -o OUT stores --price, --carbon and --wue on every site."
    ),
    "export": (
        "Export the PDF drawing set (-o OUT.pdf), one hall's floor plan (-o OUT.png or "
        "OUT.svg, with --hall), the cable schedule or bill of materials (-o OUT.csv, with "
        "--table), a hall for CAD (-o OUT.dxf; every hall, one file each, without --hall) or "
        "NetBox's bulk-import files (-o OUT.zip --table netbox; --previous OLD.zip keeps the "
        "cable ends of the set written for the revision before)."
    ),
    "generate": (
        "Generate a cluster from a preset (nvl72-su, gb300-su, hgx-su, cm384, campus-cm384, "
        "campus-nvl72): its sites, halls, racks, network racks, CDUs, busways, trays and the "
        "fibre between sites, ready to check. The same options always write the same file."
    ),
    "import-dxf": (
        "Start a project from a CAD drawing (DXF): the hall's outline from a closed polyline "
        "and its columns from blocks, circles or closed polylines, each on its own layer."
    ),
    "import-racks": (
        "Add racks from a spreadsheet saved as CSV, one a row with the columns "
        "label,type,hall,x,y,facing (x and y in mm, facing up, right, down or left), to a "
        "project; a bad row (a bad cell, a rack outside its hall, a label its hall has) is "
        "named by its line and then no rack is added."
    ),
    "jobs": (
        "Place each training job on the layout and estimate its traffic per plane and step "
        "(scale-up, scale-out, each DCI route) against its compute; --add puts a job in first."
    ),
    "links": (
        "Print the cable schedule: every bundle with its routed and order length, medium, "
        "power, latency, cost and the reason for the medium."
    ),
    "summary": (
        "Print a project's sites, halls, racks by type, accelerators, compute, power, heat, "
        "weight, area and its cabling: links by medium, optics power, cost and DCI."
    ),
    "whatif": (
        "What if it fails: the racks, accelerators and jobs that failing components take "
        "down, the survivors over their limits and what is left (--fail), or every component "
        "failed alone and ranked, with the failures to expect (--sweep)."
    ),
}

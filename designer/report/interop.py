"""Exports for other tools: each hall as DXF for CAD, the NetBox bulk-import set as a zip,
the racks as the sheet ``import-racks`` reads.

Neither needs Qt: the CLI writes them without starting it, and the designer's Export goes
through ``designer.report.export.export``, which hands these suffixes here. Like every
export, each file is written whole and moved into place (``write_output``), and a project
whose references do not hold, or which holds text no encoder writes, is refused before
anything is written.
"""

from __future__ import annotations

import io
import time
import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from designer.core.catalog import Catalog
from designer.core.format import plural
from designer.core.interop.netbox import HEADERS, NetboxSet, cable_list, netbox_set
from designer.core.interop.ports import PreviousEnds, PreviousSetError, previous_ends
from designer.core.interop.rack_sheet import rack_sheet
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import integrity_problems, refusal, unencodable_text
from designer.core.model.project import Project
from designer.core.network.export import sheet_bytes
from designer.core.rack_columns import rack_columns
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.report.dxf import dxf_paths, hall_dxf

if TYPE_CHECKING:
    from designer.core.network import NetworkPlan

#: The note file of a NetBox set, beside its CSVs.
NOTES_FILE = "NOTES.txt"
#: The file of a NetBox set whose cables' ends the next revision keeps (``previous_set``).
CABLES_FILE = "09-cables.csv"


def export_interop(
    project: Project,
    catalog: Catalog,
    path: Path,
    hall_id: str | None = None,
    table: str = "netbox",
    plan: NetworkPlan | None = None,
    previous: PreviousEnds | None = None,
) -> list[str]:
    """Write ``project`` as ``path``'s suffix says: DXF (the hall ``hall_id``, or every
    hall, one file each) or a NetBox zip, whose cables keep the ends the ``previous``
    revision's set gives them where they still hold (``previous_set``). Returns what to
    tell: the files written, then notes on what NetBox would refuse or what was left out,
    and what changed from the previous set."""
    suffix = path.suffix.lower()
    if suffix == ".zip" and table not in ("netbox", "links"):
        raise OutputError(f"A .zip holds NetBox's import files; --table {table} is a CSV.")
    if table in ("racks", "cables") and suffix != ".csv":
        raise OutputError(f"The {table} are a sheet: write them to a .csv, not {path.name}.")
    # a lone surrogate pasted in the designer: the DXF's encoder crashed on it
    if (unencodable := unencodable_text(project)) is not None:
        raise OutputError(f"Cannot export to {path.name}: {unencodable}")
    rack_types = catalog.with_custom_racks(project.custom_types)
    problems = integrity_problems(project, rack_types, rack_columns(project))
    if problems:
        raise OutputError(refusal(problems, f"export to {path.name}"))
    if not project.halls:
        raise OutputError(f"{project.meta.name} has no hall to export.")
    if table == "racks":
        write_output(path, sheet_bytes(rack_sheet(project)))
        return [f"wrote {path} ({len(project.placements):,} racks)"]
    plan = plan or _plan(project, catalog)
    types = dict(rack_types)
    if suffix == ".dxf":
        told = []
        for hall, target in dxf_paths(project, path, hall_id).items():
            write_output(target, hall_dxf(project, types, plan, hall))
            told.append(f"wrote {target}")
        return told
    found = netbox_set(project, types, dict(catalog.switches), plan, previous)
    if table == "cables":
        write_output(path, sheet_bytes(cable_list(found)))
        cables = len(found.cables())
        return [f"wrote {path} ({plural(cables, 'cable')})", *(f"note: {n}" for n in found.notes)]
    write_output(path, _zipped(found))
    # "03-racks.csv" -> "1 rack", "7,722 racks"
    counts = ", ".join(
        plural(len(found.rows[name]), name[3:-5].replace("-", " ")) for name in HEADERS
    )
    return [f"wrote {path} ({counts})", *(f"note: {n}" for n in found.every_note)]


def previous_set(path: Path) -> PreviousEnds:
    """The cables' ends of the NetBox set at ``path``, a zip this export wrote for the
    revision before, read whole before anything is written (so the new set may replace it).
    Raises ``PreviousSetError`` naming the file and what is wrong with it."""
    said = f"Cannot read the previous NetBox set {path}"
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise PreviousSetError(f"{said}: there is no such file.") from None
    except IsADirectoryError:
        raise PreviousSetError(f"{said}: it is a folder; give the .zip the export wrote.") from None
    except OSError as error:
        raise PreviousSetError(f"{said}: {error.strerror or error}.") from None
    except zipfile.BadZipFile:
        raise PreviousSetError(
            f"{said}: it is not a zip file; give the .zip that export -o OUT.zip --table "
            "netbox wrote."
        ) from None
    with archive:
        if CABLES_FILE not in archive.namelist():
            raise PreviousSetError(
                f"{said}: it holds no {CABLES_FILE}, so it is not a NetBox set this export wrote."
            )
        try:
            # read as a stream (a campus's is 480 MB); a BOM, where a spreadsheet saved the
            # file again, is no part of its header
            with (
                archive.open(CABLES_FILE) as member,
                io.TextIOWrapper(member, "utf-8-sig", newline="") as text,
            ):
                return previous_ends(text, f"its {CABLES_FILE}")
        except PreviousSetError as error:
            raise PreviousSetError(f"{said}: {error}.") from None
        except UnicodeDecodeError:
            raise PreviousSetError(f"{said}: its {CABLES_FILE} is not UTF-8 text.") from None
        except (zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError, zlib.error) as e:
            # a damaged or encrypted member, or one compressed as zipfile cannot read
            raise PreviousSetError(f"{said}: its {CABLES_FILE} cannot be read ({e}).") from None


def _plan(project: Project, catalog: Catalog) -> NetworkPlan:
    """The network plan the rule engine owns, asked of it as the drawing set asks: the
    routes the checks, the schedule and the PDF read (no check is run for it)."""
    return RuleEngine(catalog).derived(PLAN, project)


def _zipped(found: NetboxSet) -> bytes:
    """The CSVs (and the notes, when there are any) as one zip, in import order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in HEADERS:
            # written as made, its size unknown until the end: zip64 from the start, as a
            # 1M-accelerator campus's cables file passes 2 GiB (a review: "File size too
            # large" after five minutes)
            with (
                archive.open(_entry(name), "w", force_zip64=True) as member,
                io.TextIOWrapper(member, "utf-8", newline="") as text,
            ):
                found.write_csv(name, text)
        if found.every_note:
            archive.writestr(_entry(NOTES_FILE), "".join(f"{n}\n" for n in found.every_note))
    return buffer.getvalue()


def _entry(name: str) -> zipfile.ZipInfo:
    """A file of the zip, dated now, that unzips readable by all as any file written is
    (``writestr`` given a name leaves it to its owner alone, rw-------: a trial)."""
    entry = zipfile.ZipInfo(name, time.localtime()[:6])
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    return entry

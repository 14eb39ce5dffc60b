"""The bundled catalog: every type loads and every figure can be traced to a source."""

import json
import shutil

import pytest

from designer.core.catalog import CatalogError, default_catalog, load_catalog, resources_dir


def test_every_type_loads_and_every_figure_has_a_source():
    catalog = default_catalog()
    kinds = catalog.all_types()
    assert len(kinds) >= 25
    for kind in kinds:
        assert list(kind.figure_paths()), kind.id
        assert kind.missing_sources() == [], kind.id
        for path in kind.figure_paths():
            source = kind.source_of(path)
            assert source.startswith(("systems:S", "links:S", "ext:", "estimate:")), (kind.id, path)


def test_the_types_the_brief_names_are_there():
    catalog = default_catalog()
    for rack in (
        "nvidia-gb200-nvl72",
        "nvidia-gb300-nvl72",
        "huawei-cm384-compute",
        "huawei-cm384-ub-switch",
        "nvidia-dgx-h100-rack",
        "nvidia-dgx-h200-rack",
        "nvidia-dgx-b200-rack",
        "nvidia-dgx-b300-rack",
        "nvidia-qm9700-rack",
        "nvidia-q3400-rack",
        "nvidia-sn5600-rack",
    ):
        assert rack in catalog.racks
    assert {"busway-400a-415v", "busway-800a-415v", "busway-1250a-415v"} <= set(catalog.feeds)
    assert any(f.kind == "pdu" for f in catalog.feeds.values())
    kinds = {(c.kind, c.mount) for c in catalog.cooling.values()}
    assert {("cdu", "in_rack"), ("cdu", "in_row"), ("crah", "perimeter")} <= kinds


def test_figures_match_the_reference():
    catalog = default_catalog()
    nvl72 = catalog.racks["nvidia-gb200-nvl72"]
    assert (nvl72.accelerators, nvl72.max_kw, nvl72.weight_kg) == (72, 132, 1360)
    assert nvl72.source_of("max_kw") == "systems:S11"
    h100 = catalog.racks["nvidia-dgx-h100-rack"]
    assert h100.max_kw == pytest.approx(40.8) and h100.liquid_share == 0
    cm384 = catalog.systems["huawei-cm384"]
    member_kw = sum(catalog.racks[m.type_id].max_kw for m in cm384.members)
    assert member_kw == pytest.approx(cm384.max_kw) == pytest.approx(559)
    assert [m.role for m in cm384.members].count("compute") == 12
    assert [m.role for m in cm384.members].count("ub_switch") == 4
    npus = sum(catalog.racks[m.type_id].accelerators for m in cm384.members)
    assert npus == cm384.accelerators == 384
    assert catalog.cooling["cdu-inrack-250"].liquid_capacity_kw == 250
    assert catalog.cooling["cdu-inrow-1368"].liquid_capacity_kw == 1368


def test_a_rack_holds_the_units_its_source_gives_and_none_where_none_does():
    """A DCIM engineer reads a rack's height in U off the catalog. The DGX H100 SuperPOD asks
    an EIA-310 rack of at least 48U (systems:S68), which the DGX H200, the same 8U system
    (systems:S31), is taken to share (an estimate); NVIDIA recommends 52U for the DGX B200
    (links B25: links:S152). No source gives an NVL72's (systems.md: "Height n/f"), a
    CloudMatrix384 cabinet's, a DGX B300's or a network rack's units: none is made up."""
    racks = default_catalog().racks
    units = {rack.id: rack.height_u for rack in racks.values()}
    assert units == {
        **dict.fromkeys(racks, None),
        "nvidia-dgx-h100-rack": 48,
        "nvidia-dgx-h200-rack": 48,
        "nvidia-dgx-b200-rack": 52,
    }
    assert racks["nvidia-dgx-h100-rack"].source_of("height_u").startswith("systems:S68")
    assert racks["nvidia-dgx-h200-rack"].source_of("height_u").startswith("estimate:")
    assert racks["nvidia-dgx-b200-rack"].source_of("height_u").startswith("links:S152")
    # each holds the servers it is sold with
    for rack in racks.values():
        if rack.height_u is not None and rack.servers is not None:
            assert rack.servers.count * rack.servers.height_u <= rack.height_u, rack.id


def test_a_racks_units_go_into_a_project_file_only_where_given():
    """A project's own rack type keeps its height in U through save and load, and one that
    gives none is written as before the field was known, so older files stay as they were."""
    from designer.core.model.equipment import RackType

    kind = default_catalog().racks["nvidia-dgx-b200-rack"]
    assert RackType.model_validate_json(kind.model_dump_json()).height_u == 52
    none = kind.model_copy(update={"height_u": None})
    assert "height_u" not in json.loads(none.model_dump_json())


def test_every_cited_source_is_in_the_bibliography():
    catalog = default_catalog()
    cited = {
        ref
        for kind in catalog.all_types()
        for text in kind.sources.values()
        for ref in __import__("re").findall(r"(?:systems|links):S\d+|ext:[a-z0-9-]+", text)
    }
    assert cited and cited <= set(catalog.sources)


@pytest.fixture
def catalog_copy(tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(resources_dir() / "catalog", folder)
    return folder


def test_a_figure_without_a_source_is_refused(catalog_copy):
    path = catalog_copy / "racks.json"
    data = json.loads(path.read_text())
    del data["racks"][0]["sources"]["max_kw"]
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogError, match="nvidia-gb200-nvl72: the figure 'max_kw' has no source"):
        load_catalog(catalog_copy)


def test_a_citation_missing_from_the_bibliography_is_refused(catalog_copy):
    path = catalog_copy / "racks.json"
    data = json.loads(path.read_text())
    data["racks"][0]["sources"]["max_kw"] = "systems:S999"
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogError, match="cites 'systems:S999'"):
        load_catalog(catalog_copy)


def test_a_broken_catalog_file_names_the_file_and_line(catalog_copy):
    (catalog_copy / "power.json").write_text('{"feeds": [\n  {"id": }\n]}')
    with pytest.raises(CatalogError, match=r"power.json is not valid JSON: .* line 2"):
        load_catalog(catalog_copy)

"""With jobs in a project, each DCI route carries what the jobs send over it where that is
more than its share of the sites' scale-out."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.model.network_settings import NetworkSettings
from designer.core.network.media import default_media
from designer.core.network.planner import build_plan, update_plan
from tests.core.jobs.helpers import cluster, with_job

CATALOG = default_catalog()


def plan(project):
    return build_plan(project, CATALOG, default_media())


def test_a_pipeline_across_two_sites_sizes_the_route_from_its_traffic():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    # the two sites are joined by two routes on separate paths, which share what they carry
    shared = plan(doc.project).dci().routes
    assert len(shared) == 2
    # without jobs: an eighth of 576 x 400 Gb/s = 28.8 Tb/s a site, half on each route:
    # 14.4 Tb/s, 36 wavelengths of 400ZR
    assert [(r.tbps, r.links) for r in shared] == [(pytest.approx(14.4), 36)] * 2
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    # the stage boundary: 576 x 8,192 x 8,192 x 2 bytes x 8 bits each way in a step's
    # compute of 6 x 70e9 x 576 x 8,192 / (1,152 x 2.5e15 x 0.4) = 1.72 s: 0.36 Tb/s, half
    # on each route; the share's 14.4 Tb/s is more, and stays (an audit saw one job take a
    # route from 36 wavelengths to 1, nothing left for storage or checkpoints)
    tbps = 576 * 8_192 * 8_192 * 2 * 8 / (6 * 70e9 * 576 * 8_192 / (1_152 * 2.5e15 * 0.4)) / 1e12
    assert tbps / 2 == pytest.approx(0.18, abs=0.005)
    assert [(r.tbps, r.links) for r in plan(doc.project).dci().routes] == [
        (pytest.approx(14.4), 36)
    ] * 2
    # a share of a thousandth, 0.0144 Tb/s a route, is less than the job's: the job's it is
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=network.model_copy(update={"dci_share": 0.001}))
    routes = plan(doc.project).dci().routes
    assert [r.tbps for r in routes] == [pytest.approx(tbps / 2)] * 2
    assert [(r.links, r.pairs) for r in routes] == [(1, 1)] * 2


def test_the_architects_own_figure_wins_over_the_jobs():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    sites = list(doc.project.sites)
    ops.update_settings(doc, "DCI", network=NetworkSettings(dci_tbps=dict.fromkeys(sites, 2.0)))
    # 2 Tb/s a site split over its two routes: 1 Tb/s each, 3 wavelengths of 400 Gb/s
    routes = plan(doc.project).dci().routes
    assert [(r.tbps, r.links) for r in routes] == [(1.0, 3)] * 2


def test_adding_a_job_replans_the_dci_as_a_full_plan_would():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=network.model_copy(update={"dci_share": 0.0}))
    before = plan(doc.project)
    changed = set()
    doc.subscribe(lambda changes: changed.update(changes.ids))
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    updated = update_plan(before, doc.project, changed)
    assert updated.dci().routes == plan(doc.project).dci().routes
    assert updated.dci().routes[0].links == 1


def test_a_site_no_route_reaches_is_told_so_with_jobs_as_without():
    """A review: with a job, a site's need became the sum of its routes', nothing for a
    site with none, and the warning that no route reaches it went."""
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    first, second = doc.project.sites
    for _ in range(2):  # both routes between them taken up
        ops.set_fibre_route(doc, first, second, None)
    said = [f.message for f in plan(doc.project).dci().findings]
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    assert [f.message for f in plan(doc.project).dci().findings] == said
    assert said[0].endswith("needs 28.8 Tb/s to the other sites but no fibre route reaches it.")

"""Every hall a generated design holds has a name of its own, so the check finds nothing to
say about them (a pod over three sites gave three halls of one name: a warning)."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.rules import RuleEngine


@pytest.mark.parametrize(
    "request_",
    [
        ClusterRequest("nvl72-su", sites=3),
        ClusterRequest("hgx-su", halls_per_site=2),
        ClusterRequest("nvl72-su"),
    ],
    ids=["pod-over-3-sites", "hgx-2-halls", "one-pod"],
)
def test_generated_halls_have_names_of_their_own_and_the_check_stays_quiet(request_):
    project = generate(request_)
    names = [hall.name for hall in project.halls.values()]
    assert len(set(names)) == len(names)
    if len(names) == 1:
        assert names == ["GB200 NVL72 SuperPOD scalable unit hall"]
    report = RuleEngine(default_catalog()).run(project)
    assert [f.code for f in report.findings if str(f.severity) != "info"] == []

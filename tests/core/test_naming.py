from designer.core.examples import EXAMPLES
from designer.core.naming import display_name


def test_entities_are_called_by_label_or_name_else_id():
    project = EXAMPLES["gb200-nvl72-su"]().project
    rack = next(iter(project.placements.values()))
    feed = next(iter(project.feeds.values()))
    assert display_name(project, rack.id) == rack.label == "NVL72-01"
    assert display_name(project, feed.id) == feed.name
    assert display_name(project, "no-such-id") == "no-such-id"

"""A refused project setting is said in the words and units of the settings dialog."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import TransactionError
from designer.core.examples import EXAMPLES
from designer.core.settings_fields import (
    NETWORK_FIELDS,
    THRESHOLD_FIELDS,
    broken_bound,
    refusal,
)


def refused(**changes):
    doc = EXAMPLES["gb200-nvl72-su"]()
    settings = doc.project.settings
    network = {**settings.network.model_dump(), **changes.pop("network", {})}
    thresholds = {**settings.rules.thresholds.model_dump(), **changes.pop("thresholds", {})}
    with pytest.raises(TransactionError) as caught:
        ops.update_settings(
            doc,
            "Settings",
            network=network,
            rules={**settings.rules.model_dump(), "thresholds": thresholds},
        )
    return refusal(str(caught.value), broken_bound(caught.value))


def test_a_share_beyond_its_bound_is_said_in_per_cent():
    # the model keeps slack as a fraction at most 1; the dialog shows per cent
    assert refused(network={"slack": 1.5}) == (
        "network.slack",
        "Slack on routed lengths must be at most 100 %.",
    )


def test_a_length_stored_in_millimetres_is_said_in_metres():
    assert refused(thresholds={"max_pipe_run_mm": 2_000_000}) == (
        "rules.thresholds.max_pipe_run_mm",
        "Longest pipe run from a CDU must be at most 1,000 m.",
    )


def test_a_refusal_without_a_bound_names_the_field():
    path, text = refusal("network.nvidia_only: Input should be a valid boolean")
    assert (path, text) == (
        "network.nvidia_only",
        "Only NVIDIA-supported parts between NVIDIA racks: input should be a valid boolean.",
    )


def test_shown_and_stored_values_convert_both_ways():
    slack = next(s for s in NETWORK_FIELDS if s.key == "slack")
    assert slack.shown(0.1) == pytest.approx(10.0)
    assert slack.stored(12.5, whole=False) == pytest.approx(0.125)
    pipe = next(s for s in THRESHOLD_FIELDS if s.key == "max_pipe_run_mm")
    assert pipe.stored(90.0, whole=True) == 90_000
    longest = next(s for s in THRESHOLD_FIELDS if s.key == "max_row_racks")
    assert longest.text(1) == "1 rack"
    assert longest.text(24) == "24 racks"

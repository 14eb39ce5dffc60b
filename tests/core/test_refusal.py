"""A model's refusal taken apart: the field, the value, the bound it broke and its limit."""

import pytest
from pydantic import ValidationError

from designer.core.model.job import Job, TransformerModel
from designer.core.refusal import refusal
from tests.core.jobs.helpers import DENSE_70B


def refused(**fields):
    with pytest.raises(ValidationError) as caught:
        Job(**{"id": "j", "name": "J", "model": DENSE_70B, **fields})
    return refusal(caught.value.errors(include_url=False)[0])


def test_a_number_out_of_bounds_gives_its_limit_with_grouped_digits():
    low = refused(tp=0)
    assert (low.field, low.value, low.bound, low.limit) == ("tp", 0, "ge", 1)
    assert low.too_small and not low.too_large
    assert low.must("0") == "must be at least 1, not 0"
    assert refused(dp=2_000_000).must("2,000,000") == "must be at most 1,000,000, not 2,000,000"
    # a float field's limit of 1 is given as 1.0 by pydantic: said as 1
    assert refused(utilisation=1.5).must("1.5") == "must be at most 1, not 1.5"
    assert refused(utilisation=0).must("0") == "must be more than 0, not 0"
    assert refused(name="J" * 201).must("201") == ("must be at most 200 characters long, not 201")


def test_figures_that_disagree_are_the_models_as_a_whole_in_its_own_words():
    with pytest.raises(ValidationError) as caught:
        TransformerModel(parameters=10, layers=1, hidden=1, sequence=1, top_k=2)
    whole = refusal(caught.value.errors(include_url=False)[0])
    assert (whole.field, whole.bound, whole.must("x")) == ("", None, None)
    assert whole.reason == "top-k 2 is more than the 1 experts"  # no "Value error, "

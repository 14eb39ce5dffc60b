"""The traffic, compute and memory formulas of ``operations.md`` section 1, one each.

Each takes plain numbers and returns bytes, FLOPs or seconds, so a test can check it by
hand. Symbols as the reference writes them: ``b`` micro-batch, ``s`` sequence, ``h``
hidden size, ``B`` bytes per element, ``t`` the TP degree; the coefficients (``8`` for
TP, ``2`` for a ring, ...) come from ``resources/catalog/jobs.json`` with their sources.
Every figure is an estimate of the volume the collectives move, not a measurement.
"""

from __future__ import annotations


def tp_bytes(factor: float, b: int, s: float, h: int, t: int, element: float) -> float:
    """Bytes one GPU sends for TP in one layer and one micro-batch, forward and backward:
    ``8 b s h (t - 1) / t B`` (operations:O1; four all-reduces of ``b s h B``, O2)."""
    return factor * b * s * h * (t - 1) / t * element


def pp_bytes(b: int, s: float, h: int, element: float) -> float:
    """Bytes crossing one stage boundary per micro-batch, each way: ``b s h B``
    (operations:O1): the activations forward, their gradients back."""
    return b * s * h * element


def ring_bytes(factor: float, n: int, held_bytes: float) -> float:
    """Bytes one GPU sends (and receives) in a ring all-reduce of ``held_bytes`` over ``n``
    ranks: ``2 (n - 1) / n G`` (operations:O4); 0 for one rank."""
    return factor * (n - 1) / n * held_bytes if n > 1 else 0.0


def all_to_all_bytes(
    count: float, tokens: float, top_k: int, h: int, element: float, ep: int
) -> float:
    """Bytes one GPU sends in the all-to-alls of one MoE layer: ``count`` all-to-alls
    (dispatch and combine, forward and backward: operations:O7), each of ``tokens x top_k
    x h x B`` of which ``(EP - 1) / EP`` leaves the GPU (operations section 1, E)."""
    return count * tokens * top_k * h * element * (ep - 1) / ep


def step_flops(per_param_token: float, active_parameters: float, tokens: float) -> float:
    """FLOPs of one training step: ``6 N`` per token (operations:O8), ``N`` the parameters
    a token is computed on."""
    return per_param_token * active_parameters * tokens


def compute_seconds(
    flops: float, accelerators: int, peak_flops: float, utilisation: float
) -> float:
    """Seconds the accelerators take for ``flops`` at ``utilisation`` of their peak (MFU,
    operations:O3)."""
    return flops / (accelerators * peak_flops * utilisation)


def batch_streams(b: int, ep: int, dp: int) -> int:
    """Sequences one micro-batch ``b`` of every data stream takes, ``b x EP x DP``: a
    global batch must be a whole number of them."""
    return b * ep * dp


def pipeline_bubble(p: int, micro_batches: float) -> float:
    """The pipeline's idle time as a share of its compute: ``(p - 1) / m`` for ``p`` stages
    and ``m`` micro-batches per pipeline in a step (operations:O1, its section 2.2: the
    GPipe and 1F1B schedules both fill and drain the pipeline once a step)."""
    return (p - 1) / micro_batches if p > 1 and micro_batches > 0 else 0.0


def model_state_bytes(
    parameters: float,
    weight: float,
    gradient: float,
    optimizer: float,
    zero: int,
    shards: int,
) -> float:
    """Bytes of weights, gradients and optimizer state for ``parameters`` on one GPU, with
    ZeRO stage ``zero`` sharding the optimizer (1), then the gradients (2), then the weights
    (3) over ``shards`` data-parallel ranks (operations:O5: 2 + 2 + 12 bytes each)."""
    per_param = (
        (weight if zero < 3 else weight / shards)
        + (gradient if zero < 2 else gradient / shards)
        + (optimizer if zero < 1 else optimizer / shards)
    )
    return parameters * per_param


def latency_us(distance_km: float, us_per_km: float) -> float:
    """One-way propagation over ``distance_km`` of fibre (links:S46: 4.9 us per km)."""
    return distance_km * us_per_km

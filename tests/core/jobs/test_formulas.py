"""The traffic formulas of operations.md section 1, each against a figure worked by hand."""

import pytest

from designer.core.jobs.coefficients import default_coefficients
from designer.core.jobs.formulas import (
    all_to_all_bytes,
    compute_seconds,
    latency_us,
    model_state_bytes,
    pp_bytes,
    ring_bytes,
    step_flops,
    tp_bytes,
)

C = default_coefficients()


def test_the_activations_crossing_a_stage_boundary():
    # b s h B = 2 x 1,024 x 4,096 x 2 bytes = 16,777,216 bytes per micro-batch, each way
    assert pp_bytes(2, 1_024, 4_096, 2) == 16_777_216
    # the reference's Llama 3 405B example: 1 x 8,192 x 16,384 x 2 = 268,435,456 (268 MB)
    assert pp_bytes(1, 8_192, 16_384, 2) == 268_435_456


def test_tp_per_layer_and_micro_batch_matches_the_reference_example():
    # 8 x 1 x 8,192 x 16,384 x 7/8 x 2 = 1,879,048,192 bytes, the "1.88 GB" of operations 1
    assert tp_bytes(C.tp_bytes_factor, 1, 8_192, 16_384, 8, 2) == 1_879_048_192
    assert tp_bytes(C.tp_bytes_factor, 1, 8_192, 16_384, 1, 2) == 0


def test_ring_all_reduce_volume_per_gpu():
    # 1e9 parameters held in BF16: G = 2e9 bytes; over 4 ranks 2 x 3/4 x 2e9 = 3e9 bytes
    assert ring_bytes(C.ring_factor, 4, 2e9) == pytest.approx(3e9)
    # over 64 ranks: 2 x 63/64 x 2e9 = 3.9375e9
    assert ring_bytes(C.ring_factor, 64, 2e9) == pytest.approx(3.9375e9)
    assert ring_bytes(C.ring_factor, 1, 2e9) == 0


def test_the_all_to_alls_of_one_moe_layer():
    # 4,096 tokens, top-2, h 2,048, BF16, EP 8: one all-to-all is
    # 4,096 x 2 x 2,048 x 2 = 33,554,432 bytes of which 7/8 leave: 29,360,128;
    # dispatch and combine, forward and backward: 4 x 29,360,128 = 117,440,512
    assert all_to_all_bytes(C.ep_all_to_alls, 4_096, 2, 2_048, 2, 8) == 117_440_512
    assert all_to_all_bytes(C.ep_all_to_alls, 4_096, 2, 2_048, 2, 1) == 0


def test_a_steps_compute():
    # 6 x 1e9 parameters x 1e6 tokens = 6e15 FLOPs; on 8 accelerators of 1e15 FLOP/s at
    # 40 %: 6e15 / (8 x 1e15 x 0.4) = 1.875 s
    flops = step_flops(C.flops_per_param_token, 1e9, 1e6)
    assert flops == 6e15
    assert compute_seconds(flops, 8, 1e15, 0.4) == pytest.approx(1.875)


def test_model_states_and_what_zero_shards():
    # 1e9 parameters at 2 + 2 + 12 bytes = 16e9; ZeRO-1 over 8 ranks: 2 + 2 + 12/8 = 5.5e9;
    # ZeRO-2: 2 + 14/8 = 3.75e9; ZeRO-3: 16/8 = 2e9
    args = (C.weight_bytes, C.gradient_bytes, C.optimizer_bytes)
    assert model_state_bytes(1e9, *args, 0, 8) == 16e9
    assert model_state_bytes(1e9, *args, 1, 8) == 5.5e9
    assert model_state_bytes(1e9, *args, 2, 8) == 3.75e9
    assert model_state_bytes(1e9, *args, 3, 8) == 2e9


def test_fibre_latency():
    # 40 km x 4.9 us/km = 196 us one way
    assert latency_us(40, C.fibre_us_per_km) == pytest.approx(196)


def test_the_pipeline_bubble_is_its_stages_less_one_over_its_micro_batches():
    from designer.core.jobs.formulas import pipeline_bubble

    # O1 section 2.2: (p - 1) / m of the ideal compute is spent filling and draining
    assert pipeline_bubble(2, 2) == 0.5
    assert pipeline_bubble(8, 64) == 7 / 64
    assert pipeline_bubble(1, 4) == 0  # no pipeline, no bubble

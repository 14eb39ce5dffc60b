"""Training jobs that run on the cluster: the model, its parallelism and where it runs.

A job names the model it trains (a transformer: parameters, layers, hidden size, sequence
length, precision; experts and top-k for a mixture of experts), its degrees of tensor (TP),
context (CP), expert (EP), pipeline (PP) and data (DP) parallelism, and its batch. The
degrees multiply to the accelerators the job uses: TP x CP x EP ranks form one scale-up
group (they exchange traffic every layer), PP x DP such groups run the pipeline stages and
the replicas. EP ranks train on different tokens, so outside the experts they are data
parallel too. ``designer.core.jobs`` places the groups on the floor and estimates the
traffic; nothing here depends on the layout, so a job is valid before a rack is placed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from designer.core.model.base import Entity, Record
from designer.core.model.equipment import Precision

#: Upper bounds that only catch slips (a degree of a million is a typo, not a plan).
Degree = Annotated[int, Field(ge=1, le=1_000_000)]
Size = Annotated[int, Field(ge=1, le=100_000_000)]
Parameters = Annotated[int, Field(ge=0, le=100_000_000_000_000)]

JobOrder = Literal["stages", "pipelines"]
"""The order a job's PP x DP groups are laid on the scale-up domains: ``stages``, stage by
stage, each stage's DP replicas side by side; ``pipelines``, pipeline by pipeline, each
replica's PP stages side by side."""


class TransformerModel(Record):
    """The model a job trains, as the traffic formulas need it.

    ``parameters`` counts every parameter; ``expert_parameters`` those of them inside the
    experts of a mixture of experts (0 for a dense model). A token passes ``top_k`` of the
    ``experts`` in each layer, so it is computed on the dense part and ``top_k / experts`` of
    the expert part.
    """

    parameters: Annotated[int, Field(ge=1, le=100_000_000_000_000)]
    layers: Annotated[int, Field(ge=1, le=100_000)]
    hidden: Annotated[int, Field(ge=1, le=10_000_000)]
    sequence: Size
    precision: Precision = "bf16"
    experts: Annotated[int, Field(ge=1, le=100_000)] = 1
    top_k: Annotated[int, Field(ge=1, le=100_000)] = 1
    expert_parameters: Parameters = 0

    @model_validator(mode="after")
    def _experts_agree(self) -> TransformerModel:
        if self.expert_parameters > self.parameters:
            raise ValueError(
                f"the experts' {self.expert_parameters:,} parameters are more than the "
                f"model's {self.parameters:,}"
            )
        if self.top_k > self.experts:
            raise ValueError(f"top-k {self.top_k} is more than the {self.experts} experts")
        if self.experts == 1 and self.expert_parameters:
            raise ValueError("a dense model (1 expert) has no expert parameters; give experts")
        if self.experts > 1 and not self.expert_parameters:
            raise ValueError(
                f"a model of {self.experts} experts needs the parameters in its experts"
            )
        return self

    @property
    def dense_parameters(self) -> int:
        """Parameters outside the experts: every rank of a pipeline stage uses them."""
        return self.parameters - self.expert_parameters

    @property
    def active_parameters(self) -> float:
        """Parameters one token is computed on: the dense part and ``top_k`` experts."""
        return self.dense_parameters + self.expert_parameters * self.top_k / self.experts


class Job(Entity):
    """A training job: its model, its parallelism, its batch and where it runs.

    - ``tp``, ``cp``, ``ep``, ``pp``, ``dp``: the degrees; their product is the job's
      accelerators. TP x CP x EP must fit one scale-up domain.
    - ``micro_batch`` and ``global_batch`` in sequences; a step runs ``global_batch /
      (micro_batch x EP x DP)`` micro-batches through each pipeline.
    - ``zero``: the ZeRO stage sharding the optimizer (1), gradients (2) and weights (3)
      over the data-parallel ranks; 0 for plain data parallelism.
    - ``accelerators``: the count the job is given, when it is fixed; the degrees must
      multiply to it.
    - ``where``: ids of sites, halls, systems (a CloudMatrix384's group) or racks the job
      may use; empty for the whole cluster. Naming systems or racks pins the job to them;
      sites and halls let rackplan choose the domains inside them.
    - ``utilisation``: the share of peak compute the job reaches (MFU); ``None`` takes the
      catalog's default (``resources/catalog/jobs.json``).
    - ``order``: how its groups are laid on the domains. ``stages`` (the default) lays
      each stage's replicas side by side, stage after stage: replicas share a domain and
      their all-reduce stays in it, the pipeline crosses domains (and sites, as research
      runs it, operations:O14). ``pipelines`` lays each replica's stages side by side,
      pipeline after pipeline, as Llama 3 orders its ranks, [TP, CP, PP, DP]
      (operations:O3): a pipeline that fits a domain keeps its PP traffic on scale-up,
      and DP crosses domains (and sites, as Gemini's did, operations:O11).
    """

    name: Annotated[str, Field(min_length=1, max_length=200)]
    model: TransformerModel
    tp: Degree = 1
    cp: Degree = 1
    ep: Degree = 1
    pp: Degree = 1
    dp: Degree = 1
    micro_batch: Size = 1
    global_batch: Size = 1
    zero: Literal[0, 1, 2, 3] = 0
    accelerators: Annotated[int, Field(ge=1, le=100_000_000)] | None = None
    where: Annotated[list[str], Field(max_length=100_000)] = Field(default_factory=list)
    utilisation: Annotated[float, Field(gt=0, le=1)] | None = None
    order: JobOrder = "stages"

    @model_serializer(mode="wrap")
    def _order_left_out_by_default(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Leave ``order`` out while it is the default: files written before jobs could
        choose it read and write as they were, byte for byte."""
        data = handler(self)
        if self.order == "stages":
            data.pop("order", None)
        return data

    @model_validator(mode="after")
    def _experts_for_ep(self) -> Job:
        if self.ep > self.model.experts:
            raise ValueError(
                f"EP {self.ep} spreads more ranks than the model's {self.model.experts} "
                "experts (a dense model has 1)"
            )
        if len(set(self.where)) != len(self.where):
            raise ValueError("'where' names the same site, hall or system twice")
        return self

    @property
    def group(self) -> int:
        """Accelerators of one scale-up group: TP x CP x EP."""
        return self.tp * self.cp * self.ep

    @property
    def size(self) -> int:
        """Accelerators the degrees ask for: TP x CP x EP x PP x DP."""
        return self.group * self.pp * self.dp

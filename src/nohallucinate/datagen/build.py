"""A build: candidates from the Query Service, each family's gates, assembly, and a report of what happened.

A build is a deterministic function of the responses it sees (live, recorded or replayed), the seed and the
composition: replaying a snapshot rebuilds the same file byte for byte.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nohallucinate.claims import decompose
from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION, assemble
from nohallucinate.datagen.context import BuildContext, Decomposer, Draft, by_plan
from nohallucinate.datagen.families.ambiguity import shared_names
from nohallucinate.datagen.families.awards import award_years
from nohallucinate.datagen.families.biography import biographies
from nohallucinate.datagen.families.births import recorded_births, unrecorded_births
from nohallucinate.datagen.families.counts import match_counts
from nohallucinate.datagen.families.football import season_appearances
from nohallucinate.datagen.families.names import invented_names
from nohallucinate.datagen.families.premises import answered_objects, never_played, never_received
from nohallucinate.datagen.plan import Form, Plan, plan
from nohallucinate.datagen.transport import WikimediaTransport
from nohallucinate.datagen.wikidata import Wikidata
from nohallucinate.datagen.wikipedia import Wikipedia
from nohallucinate.models import ModelClient
from nohallucinate.tasks import Family, Task
from nohallucinate.tasks.families import unregistered
from nohallucinate.tasks.forms import form_balance

# Builders are asked for more than the plan needs, so that assembly can drop and choose.
MARGIN = 1.25


@dataclass
class BuildResult:
    tasks: list[Task]
    rejected: dict[str, dict[str, int]]
    requests: dict[str, Any]
    drafts: dict[str, int] = field(default_factory=dict)
    short: dict[str, tuple[int, int]] = field(default_factory=dict)  # query -> (rows found, rows asked for)

    def report(self) -> dict[str, Any]:
        per_family: dict[str, dict[str, int]] = {}
        for task in self.tasks:
            tiers = per_family.setdefault(task.family.value, {})
            tiers[task.tier or "untiered"] = tiers.get(task.tier or "untiered", 0) + 1
        splits: dict[str, dict[str, int]] = {}
        for task in self.tasks:
            if task.split is not None:
                counts = splits.setdefault(task.split, {})
                counts[task.family.value] = counts.get(task.family.value, 0) + 1
        return {
            "rows": len(self.tasks),
            "per_family_and_tier": per_family,
            **({"per_split_and_family": splits} if splits else {}),
            "per_form": {
                share.form: {family.value: n for family, n in share.families.items()}
                for share in form_balance(self.tasks).forms
            },
            "drafts": self.drafts,
            "rejected": self.rejected,
            "requests": self.requests,
            "short_candidates": {
                query: {"found": n, "asked": asked} for query, (n, asked) in sorted(self.short.items())
            },
        }


Builder = Callable[[BuildContext, list[Draft]], list[Draft]]  # (context, the drafts of the families before) -> drafts


def _builders(planned: Plan) -> dict[Family, Builder]:
    """Each family's builder, asked for its planned rows per form and the margin; a family asked in several forms
    interleaves them so that assembly, taking the first rows, keeps the plan's split. Answerable families come
    first: false premises prefer the clubs and prizes their drafts ask about."""

    def asked(family: Family, form: Form) -> int:
        return math.ceil(planned[family].get(form, 0) * MARGIN)

    def parts(family: Family, made: Mapping[Form, list[Draft]]) -> list[Draft]:
        return by_plan([(made[form], planned[family].get(form, 0)) for form in made])

    def precise(ctx: BuildContext, _: list[Draft]) -> list[Draft]:
        family = Family.PRECISE_FACT
        made = {
            Form.BIRTH: recorded_births(ctx, asked(family, Form.BIRTH)),
            Form.AWARD: award_years(ctx, asked(family, Form.AWARD)),
            Form.COUNT: match_counts(ctx, asked(family, Form.COUNT)),
        }
        return parts(family, made)

    def premise(ctx: BuildContext, before: list[Draft]) -> list[Draft]:
        family = Family.FALSE_PREMISE
        answered = answered_objects(ctx, before)
        made = never_played(ctx, {form: asked(family, form) for form in (Form.SEASON, Form.COUNT)}, answered)
        made[Form.AWARD] = never_received(ctx, asked(family, Form.AWARD), answered)
        return parts(family, made)

    def invented(ctx: BuildContext, before: list[Draft]) -> list[Draft]:
        family = Family.NONEXISTENT_ENTITY
        return parts(family, invented_names(ctx, {form: asked(family, form) for form in planned[family]}, before))

    def single(builder: Callable[[BuildContext, int], list[Draft]], family: Family) -> Builder:
        return lambda ctx, _: builder(ctx, math.ceil(sum(planned[family].values()) * MARGIN))

    return {
        Family.PRECISE_FACT: precise,
        Family.FOOTBALL_SEASON: single(season_appearances, Family.FOOTBALL_SEASON),
        Family.BIOGRAPHY: single(biographies, Family.BIOGRAPHY),
        Family.FALSE_PREMISE: premise,
        Family.NONEXISTENT_ENTITY: invented,
        Family.UNRECORDED_FACT: single(unrecorded_births, Family.UNRECORDED_FACT),
        Family.AMBIGUOUS_ENTITY: single(shared_names, Family.AMBIGUOUS_ENTITY),
    }


@dataclass(frozen=True)
class BuildStage:
    """One finished stage of a build: the candidate lists, or one family's drafts."""

    stage: str
    drafts: int  # rows the stage proposed
    rejected: int  # candidates its gates turned away
    requests: int  # responses used so far (fetched or replayed)
    seconds: float  # since the build began
    short: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # queries that found fewer rows than asked

    def line(self) -> str:
        """The stage as one progress line (the candidates' line names every query that found fewer than asked)."""
        made = f"{self.drafts} drafts, {self.rejected} rejected; " if self.stage != "candidates" else ""
        line = f"build: {self.stage} done ({made}{self.requests} requests so far, {self.seconds:.1f} s)"
        if self.short:
            found = ", ".join(f"{query} {rows} of {asked}" for query, (rows, asked) in sorted(self.short.items()))
            line += f"; fewer candidates than asked (a larger --pool samples more): {found}"
        return line


def build(
    transport: WikimediaTransport,
    *,
    seed: int = 0,
    composition: Mapping[Family, int] | None = None,
    decomposer: tuple[str, Decomposer] | None = None,
    pool: int = 40,
    on_stage: Callable[[BuildStage], None] | None = None,
) -> BuildResult:
    """Build a task set from whatever the transport answers; `on_stage` hears of each stage as it ends."""
    composition = dict(composition or DEFAULT_COMPOSITION)
    name, split = decomposer or ("local", decompose)
    ctx = BuildContext(Wikidata(transport), Wikipedia(transport), seed, split, name, pool=pool)
    builders = _builders(plan(composition))
    if missing := unregistered(builders):
        raise NotImplementedError(f"no builder for the families {', '.join(missing)}")
    began = time.monotonic()

    def ended(stage: str, drafts: int, rejected: int) -> None:
        if on_stage is not None:
            asked = sum(transport.stats.requests.values()) + sum(transport.stats.replayed.values())
            short = dict(ctx.short) if stage == "candidates" else {}
            on_stage(BuildStage(stage, drafts, rejected, asked, time.monotonic() - began, short))

    ctx.prefetch()
    ended("candidates", 0, 0)
    drafts: list[Draft] = []
    counts: dict[str, int] = {}
    for family, builder in builders.items():
        rejected_before = len(ctx.log.rejections)
        made = builder(ctx, drafts) if composition.get(family, 0) else []
        counts[family.value] = len(made)
        drafts += made
        ended(family.value, len(made), len(ctx.log.rejections) - rejected_before)
    tasks = assemble(drafts, composition, ctx.log, consulted=transport.source.service)
    rejected: dict[str, dict[str, int]] = {}
    for (family_name, reason), count in sorted(ctx.log.counts().items()):
        rejected.setdefault(family_name, {})[reason] = count
    requests = {
        **transport.stats.as_dict(),
        "entities_fetched": ctx.wikidata.ids_fetched,
        "entity_requests": ctx.wikidata.entity_requests,
        "titles_fetched_in_batches": ctx.wikipedia.titles_fetched,
    }
    return BuildResult(tasks, rejected, requests, counts, dict(ctx.short))


class ModelDecomposer:
    """The grader's model-based claim extraction, called synchronously from the builder."""

    def __init__(self, make_client: Callable[[], ModelClient]) -> None:
        self._loop = asyncio.new_event_loop()
        self._client = self._loop.run_until_complete(_made(make_client))

    def __call__(self, text: str, subject: str) -> list[str]:
        from nohallucinate.claims.extraction import extract_claims

        return self._loop.run_until_complete(extract_claims(self._client, text, subject))

    def close(self) -> None:
        self._loop.run_until_complete(self._client.aclose())
        self._loop.close()


async def _made(make_client: Callable[[], ModelClient]) -> ModelClient:
    return make_client()  # created inside the loop that will use it

"""The seven task families, and what each one is, declared once.

Every question about a family is answered by its `FamilySpec`: what kind of question it asks (which decides the
fields its rows carry, how replies are graded, its reward ladder and its abstention floor), whether its rows are
tiered, and which defect an unanswerable one carries. Code asks `spec_of(family)`, never `family is …`, so an
eighth family is one new row here plus a builder and a verifier (tests/tasks/test_family_specs.py shows which
functions pick a new row up with no other edit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class DefectCue(StrEnum):
    """The four defects an unanswerable question can carry."""

    FALSE_PREMISE = "false_premise"
    NONEXISTENT = "nonexistent"
    UNRECORDED = "unrecorded"
    AMBIGUOUS = "ambiguous"


class Family(StrEnum):
    """The seven task families."""

    PRECISE_FACT = "precise_fact"
    FOOTBALL_SEASON = "football_season"
    BIOGRAPHY = "biography"
    FALSE_PREMISE = "false_premise"
    NONEXISTENT_ENTITY = "nonexistent_entity"
    UNRECORDED_FACT = "unrecorded_fact"
    AMBIGUOUS_ENTITY = "ambiguous_entity"

    @property
    def spec(self) -> FamilySpec:
        return spec_of(self)

    @property
    def is_answerable_short(self) -> bool:
        return self.spec.kind is Kind.SHORT_ANSWER

    @property
    def is_unanswerable(self) -> bool:
        return self.spec.kind is Kind.DEFECT


class Kind(StrEnum):
    """What a family's question asks for, and so how its replies are graded."""

    SHORT_ANSWER = "short_answer"  # one value, graded against the row's gold on SimpleQA's ladder
    DEFECT = "defect"  # an unanswerable question, graded against the row's verified defect
    LONG_FORM = "long_form"  # a biography, graded by F1@K against the row's article


# The family-specific fields of a row: those its kind needs are required, every other one must be absent.
FIELDS_BY_KIND: Mapping[Kind, tuple[str, ...]] = {
    Kind.SHORT_ANSWER: ("gold",),
    Kind.DEFECT: ("defect",),
    Kind.LONG_FORM: ("article", "k"),
}
FAMILY_FIELDS = ("gold", "defect", "article", "k")


@dataclass(frozen=True)
class FamilySpec:
    """One family: its kind, whether its rows carry a tier, and the defect an unanswerable one carries."""

    name: str
    kind: Kind
    tiered: bool
    defect_cue: DefectCue | None = None

    def __post_init__(self) -> None:
        if (self.kind is Kind.DEFECT) != (self.defect_cue is not None):
            raise ValueError(f"family {self.name}: a defect cue belongs to defect families, and only to them")

    @property
    def fields(self) -> tuple[str, ...]:
        """The family-specific fields its rows must carry."""
        return FIELDS_BY_KIND[self.kind]


def _spec(family: Family, kind: Kind, tiered: bool, defect_cue: DefectCue | None = None) -> FamilySpec:
    return FamilySpec(family.value, kind, tiered, defect_cue)


FAMILY_SPECS: Mapping[str, FamilySpec] = {
    spec.name: spec
    for spec in (
        _spec(Family.PRECISE_FACT, Kind.SHORT_ANSWER, tiered=True),
        _spec(Family.FOOTBALL_SEASON, Kind.SHORT_ANSWER, tiered=True),
        _spec(Family.BIOGRAPHY, Kind.LONG_FORM, tiered=True),
        _spec(Family.FALSE_PREMISE, Kind.DEFECT, tiered=True, defect_cue=DefectCue.FALSE_PREMISE),
        _spec(Family.NONEXISTENT_ENTITY, Kind.DEFECT, tiered=False, defect_cue=DefectCue.NONEXISTENT),
        _spec(Family.UNRECORDED_FACT, Kind.DEFECT, tiered=False, defect_cue=DefectCue.UNRECORDED),
        _spec(Family.AMBIGUOUS_ENTITY, Kind.DEFECT, tiered=False, defect_cue=DefectCue.AMBIGUOUS),
    )
}


def spec_of(family: str | FamilySpec) -> FamilySpec:
    """The spec of a family (by member or name; a spec is its own)."""
    return family if isinstance(family, FamilySpec) else FAMILY_SPECS[family]


def families_of(kind: Kind) -> frozenset[Family]:
    """The families whose questions are of this kind."""
    return frozenset(Family(name) for name, spec in FAMILY_SPECS.items() if spec.kind is kind)


def tiered_families() -> frozenset[Family]:
    """The families whose rows carry an easy/medium/hard tier."""
    return frozenset(Family(name) for name, spec in FAMILY_SPECS.items() if spec.tiered)


def unregistered(registry: Mapping[Family, object] | Mapping[str, object]) -> list[str]:
    """The families of the table that a per-family registry (a builder's, a verifier's) has no entry for."""
    return [name for name in FAMILY_SPECS if name not in registry]


ANSWERABLE_SHORT = families_of(Kind.SHORT_ANSWER)
UNANSWERABLE = families_of(Kind.DEFECT)
TIERED = tiered_families()


def family_field_errors(spec: FamilySpec, present: Mapping[str, bool], tier_given: bool) -> list[str]:
    """What is wrong with a row's family-specific fields ("field: reason"), empty when they fit its family."""
    errors = []
    for field in FAMILY_FIELDS:
        needed, given = field in spec.fields, present.get(field, False)
        if needed and not given:
            errors.append(f"{field}: required for this family")
        elif given and not needed:
            errors.append(f"{field}: must be absent for this family")
    if tier_given and not spec.tiered:
        errors.append(f"tier: must be null for the untiered family {spec.name}")
    return errors

"""The family registries of the build and the verifier: each names every family exactly once."""

from __future__ import annotations

from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION
from nohallucinate.datagen.build import _builders
from nohallucinate.datagen.plan import plan
from nohallucinate.datagen.verify import _CHECKS
from nohallucinate.tasks import Family
from nohallucinate.tasks.families import unregistered


def test_the_build_has_one_builder_per_family() -> None:
    builders = _builders(plan(DEFAULT_COMPOSITION))
    assert list(builders) == list(Family)  # one entry each, in the order the families are built
    assert unregistered(builders) == []


def test_the_verifier_has_one_check_per_family() -> None:
    assert sorted(_CHECKS) == sorted(Family) and len(_CHECKS) == len(Family)
    assert unregistered(_CHECKS) == []

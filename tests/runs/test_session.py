"""The run session: a resumed run refuses settings given again, records its models without keys, and names new
runs by time, labels and a random suffix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nohallucinate.checksums import file_sha256
from nohallucinate.errors import UserInputError
from nohallucinate.models import Endpoint, Sampling
from nohallucinate.runs import RunConfig, RunSession, model_records, run_name
from nohallucinate.tasks import demo_tasks_path


def config() -> RunConfig:
    endpoint = Endpoint(model="m", base_url="http://localhost:1/v1", api_key="secret")
    return RunConfig(tasks_path=str(demo_tasks_path()), tasks_sha256=file_sha256(demo_tasks_path()),
                     policy="openai:m", grader="local",
                     models=model_records(endpoint, Sampling(temperature=0.5)))  # fmt: skip


def test_a_run_resumes_with_its_recorded_model_and_sampling(tmp_path: Path) -> None:
    RunSession.start(tmp_path / "run", config()).store.close()
    session = RunSession.resume(tmp_path / "run", given={"--policy": None, "--samples": []}, sampling=Sampling())
    try:
        assert session.endpoint("policy", "key") == Endpoint(model="m", base_url="http://localhost:1/v1", api_key="key")
        assert session.sampling("policy") == Sampling(temperature=0.5)
        assert session.endpoint("grader", None) is None and session.sampling("grader") == Sampling()
    finally:
        session.store.close()
    assert "secret" not in (tmp_path / "run" / "run.json").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("given", "sampling", "named"),
    [
        ({"--policy": "x", "--out": Path("o")}, Sampling(), "drop --policy, --out"),
        ({"--policy": None}, Sampling(seed=1), "drop the sampling flags"),
    ],
)
def test_resuming_refuses_settings_given_again(
    tmp_path: Path, given: dict[str, object], sampling: Sampling, named: str
) -> None:
    with pytest.raises(UserInputError, match=named):
        RunSession.resume(tmp_path, given=given, sampling=sampling)


def test_a_new_run_is_named_by_utc_time_labels_and_a_suffix() -> None:
    assert re.fullmatch(r"\d{8}-\d{6}-openai-gpt-4o-local-[0-9a-f]{4}", run_name("openai:gpt-4o", "local"))

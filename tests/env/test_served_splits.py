"""`serve` on a task file with splits lists each under its name, and `--split` serves one alone."""

from __future__ import annotations

from openreward import OpenReward  # conftest has turned the SDK's update check off
from serving import served_together

from nohallucinate.tasks import demo_tasks_path, load_demo_tasks

DEMO = load_demo_tasks()


def listed(url: str) -> tuple[list[str], dict[str, set[str]]]:
    """The split names the server lists, and the task ids of each."""
    env = OpenReward(api_key="local").environments.get("nohallucinate", base_url=url)
    names = list(env.list_splits())
    return names, {name: {task.task_spec["task_id"] for task in env.list_tasks(split=name)} for name in names}


def test_every_split_is_listed_under_its_name_and_split_selects_one() -> None:
    by_split = {name: {t.task_id for t in DEMO if t.split == name} for name in ("train", "test")}
    tasks = ("--tasks", str(demo_tasks_path()))
    with served_together(tasks, (*tasks, "--split", "test")) as (both, held_out):
        names, ids = listed(both.url)
        assert names == ["train", "test"] and ids == by_split
        assert "in the splits train, test" in both.log()
        names, ids = listed(held_out.url)
        assert names == ["test"] and ids == {"test": by_split["test"]}

"""The report's per-item view in a real browser (headless Chromium through selenium): the question and the gold
answer or defect beside each reply, sorting by click and by keyboard, every filter, the pager at both ends, rows
opened from the keyboard, permalinks, and a hostile reply that stays text.

The report is made from real runs: the baseline policies over the demo set (with a split on most rows), graded by
the local grader, and a run whose replies include markup meant to run. Without Chromium, its driver or selenium
the tests skip, unless NOHAL_REQUIRE_BROWSER=1 (as in CI), where they fail.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from aiohttp import web
from typer.testing import CliRunner

from nohallucinate.checksums import file_sha256
from nohallucinate.cli import app
from nohallucinate.graders import make_grader
from nohallucinate.report import write_report
from nohallucinate.runs import RunConfig, RunStore, grade_replies
from nohallucinate.tasks import Family, Reply, demo_tasks_path, load_tasks
from support.background_server import BackgroundServer
from support.offline_html import embedded_items, parse

try:  # the `dev` extra's; checked with the browser below, so that a missing one skips (or fails) as it does
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.wait import WebDriverWait
except ImportError:  # pragma: no cover - the skip below says so
    webdriver = None

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SPLITS = ("train", "test", None)  # the demo rows' splits, in turn: some rows have none
HOSTILE = "<img src=x onerror=window.__pwned=1>"
WAIT = 30  # seconds an explicit wait may take before it fails (a slow machine, not a measurement)
runner = CliRunner()


class ReportServer(BackgroundServer):
    """The report's directory, served on 127.0.0.1 as a web server would serve it."""

    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory

    def add_routes(self, app: web.Application) -> None:
        app.router.add_static("/", self.directory)

    @property
    def url(self) -> str:
        """The report page's address."""
        return f"http://127.0.0.1:{self.port}/report.html"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """Headless Chromium; skipped where it, its driver or selenium is missing (failed with NOHAL_REQUIRE_BROWSER=1)."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.is_file()]
    if webdriver is None:
        missing.append("selenium (pip install '.[dev]')")
    if missing:
        message = f"no browser to test the report in: {', '.join(missing)} missing (apt-get install chromium " \
                  "chromium-driver)"  # fmt: skip
        if os.environ.get("NOHAL_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    with tempfile.TemporaryDirectory(prefix="nohal-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        # Nothing but the page: no sandbox (CI runs as root), no GPU, and none of the browser's own requests.
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     f"--user-data-dir={profile}", "--window-size=1400,1000"):  # fmt: skip
            options.add_argument(flag)
        browser = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        try:
            yield browser
        finally:
            browser.quit()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """The report's address, served, and the data it embeds."""
    root = tmp_path_factory.mktemp("chromium-report")
    tasks_path = split_tasks(root / "tasks.jsonl")
    runs = []
    for policy in ("always_abstain", "always_confident"):
        result = runner.invoke(app, ["sweep", "--policy", policy, "--tasks", str(tasks_path), "--out",
                                     str(root / policy), "--json"])  # fmt: skip
        assert result.exit_code == 0, result.output
        runs.append(root / policy)
    runs.append(hostile_run(root / "hostile", tasks_path))
    written = write_report(runs, root / "report")
    data = embedded_items(parse(written.html.read_text(encoding="utf-8")))
    with ReportServer(root / "report") as server:
        yield server.url, data


def split_tasks(path: Path) -> Path:
    """The demo set with a split on two rows in three (train, test, then none), written to `path`."""
    rows = [json.loads(line) for line in demo_tasks_path().read_text(encoding="utf-8").splitlines()]
    for index, row in enumerate(rows):
        row.pop("split", None)  # the demo set's own splits give way to these
        if SPLITS[index % len(SPLITS)] is not None:
            row["split"] = SPLITS[index % len(SPLITS)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def hostile_run(directory: Path, tasks_path: Path) -> Path:
    """A run of replies to the first precise_fact task, graded by the local grader, one of them markup meant to
    run when shown."""
    tasks = [task for task in load_tasks(tasks_path) if task.family is Family.PRECISE_FACT][:1]
    replies = [Reply(task_id=tasks[0].task_id, response=HOSTILE, sample=0),
               Reply(task_id=tasks[0].task_id, response="I don't know.", sample=1)]  # fmt: skip
    verdicts = asyncio.run(grade_replies(tasks, replies, make_grader("local")))
    config = RunConfig(tasks_path=str(tasks_path), tasks_sha256=file_sha256(tasks_path), policy="hostile",
                       grader="local")  # fmt: skip
    with RunStore.create(directory, config) as store:
        for verdict, reply in zip(verdicts, replies, strict=True):
            store.record_result(reply.task_id, reply.sample, verdict, reply.response, False)
    return directory


def field(data: dict[str, Any], item: list[Any], name: str) -> Any:
    """One field of an embedded item."""
    return item[data["columns"].index(name)]


def task_of(data: dict[str, Any], item: list[Any]) -> list[str | None]:
    """The embedded task an item points to: question, what the reply is checked against and its text, split."""
    task: list[str | None] = data["tasks"][field(data, item, "task")]
    return task


def opened(driver: Any, url: str) -> Any:
    """The report, loaded afresh (state in the fragment of an earlier page cannot carry over), once it lists."""
    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#items-body tr.item"))
    return driver


def cells(driver: Any, column: str) -> list[str]:
    """The text of one column in every row shown."""
    return [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, f"#items-body td.col-{column}")]


def count(driver: Any) -> str:
    return str(driver.find_element(By.ID, "items-count").text)


def header(driver: Any, column: str) -> WebElement:
    """A column heading (the <th>, whose button sorts)."""
    keys = [key for key, _ in driver.execute_script("return JSON.parse(arguments[0].textContent).shown;",
                                                    driver.find_element(By.ID, "items-data"))]  # fmt: skip
    heading: WebElement = driver.find_elements(By.CSS_SELECTOR, "#items-head th")[keys.index(column)]
    return heading


def wait_for(driver: Any, condition: Any) -> None:
    WebDriverWait(driver, WAIT).until(lambda _: condition())


def test_each_reply_sits_beside_its_question_and_gold_or_defect(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    opened(driver, url)
    for kind in ("gold", "defect", "article"):
        item = next(item for item in data["items"] if task_of(data, item)[1] == kind)
        question, _, reference, _ = task_of(data, item)
        search = driver.find_element(By.ID, "items-text")
        search.clear()
        search.send_keys(field(data, item, "task_id"))
        found = [i for i in data["items"] if field(data, item, "task_id").lower() in searched(data, i)]
        wait_for(driver, lambda: count(driver).startswith(f"{len(found)} of "))  # noqa: B023 - waited for here
        at = [field(data, i, "task_id") for i in found].index(field(data, item, "task_id"))
        assert cells(driver, "question")[at] == question and cells(driver, "reference")[at] == f"{kind}: {reference}"
        assert cells(driver, "reply")[at] == clipped(field(data, item, "reply") or "(none)")  # in the same row
    headings = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#items-head th")]
    assert headings[:6] == ["run", "family", "split", "question", "reply", "gold / defect"]


def expected_rewards(data: dict[str, Any], descending: bool) -> list[str]:
    """The first page's rewards as shown after a sort: unscored items last both ways, ties in the page's order."""
    rewards = [field(data, item, "reward") for item in data["items"]]
    scored = sorted((r for r in rewards if r is not None), reverse=descending)
    return [f"{r:.3f}" for r in scored][: data["page"]] + ["–"] * max(0, data["page"] - len(scored))


def test_sorting_by_reward_both_ways_by_click_and_by_keyboard(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    opened(driver, url)
    up, down = expected_rewards(data, False), expected_rewards(data, True)
    assert up != down  # the page has more than one reward to sort
    reward = header(driver, "reward")
    assert reward.get_attribute("aria-sort") == "none"
    reward.find_element(By.TAG_NAME, "button").click()
    wait_for(driver, lambda: header(driver, "reward").get_attribute("aria-sort") == "ascending")
    assert cells(driver, "reward") == up
    header(driver, "reward").find_element(By.TAG_NAME, "button").click()
    wait_for(driver, lambda: header(driver, "reward").get_attribute("aria-sort") == "descending")
    assert cells(driver, "reward") == down
    button = header(driver, "reward").find_element(By.TAG_NAME, "button")
    button.send_keys(Keys.ENTER)
    wait_for(driver, lambda: header(driver, "reward").get_attribute("aria-sort") == "ascending")
    assert cells(driver, "reward") == up
    header(driver, "reward").find_element(By.TAG_NAME, "button").send_keys(Keys.SPACE)
    wait_for(driver, lambda: header(driver, "reward").get_attribute("aria-sort") == "descending")
    assert cells(driver, "reward") == down
    assert header(driver, "family").get_attribute("aria-sort") == "none"
    # Stable: items of equal reward keep the page's order (family, task, sample, run).
    header(driver, "sample").find_element(By.TAG_NAME, "button").click()
    wait_for(driver, lambda: header(driver, "sample").get_attribute("aria-sort") == "ascending")
    first = [item for item in data["items"] if field(data, item, "sample") == 0][: data["page"]]
    assert cells(driver, "question") == [clipped(task_of(data, item)[0] or "") for item in first]


def clipped(text: str) -> str:
    """A cell's text: long text is cut at 160 characters."""
    return text if len(text) <= 160 else text[:159] + "…"


@pytest.mark.parametrize(
    ("control", "value", "column"),
    [("items-family", "biography", "family"), ("items-verdict", "ABSTAINED", "verdict"),
     ("items-split", "train", "split"), ("items-split", "-", "split"), ("items-run", "2", "run")],
)  # fmt: skip
def test_each_filter_keeps_what_it_names(
    driver: Any, report: tuple[str, dict], control: str, value: str, column: str
) -> None:
    url, data = report
    opened(driver, url)
    Select(driver.find_element(By.ID, control)).select_by_value(value)
    kept = [item for item in data["items"] if kept_by(data, item, control, value)]
    assert 0 < len(kept) < len(data["items"])
    wait_for(driver, lambda: count(driver) == f"{len(kept)} of {len(data['items'])} items")
    assert set(cells(driver, column)) == {shown_as(data, control, value)}
    assert len(cells(driver, column)) == min(len(kept), data["page"])


def shown_as(data: dict[str, Any], control: str, value: str) -> str:
    """How the items a filter keeps show the value it is set to: a run by its label, no split as "–"."""
    if control == "items-run":
        return str(data["runs"][int(value)])
    return "–" if control == "items-split" and value == "-" else value


def kept_by(data: dict[str, Any], item: list[Any], control: str, value: str) -> bool:
    """Whether a filter set to `value` keeps `item`, worked out from the data."""
    if control == "items-family":
        return bool(field(data, item, "family") == value)
    if control == "items-verdict":
        return bool(field(data, item, "label") == value and field(data, item, "error") is None)
    if control == "items-run":
        return bool(field(data, item, "run") == int(value))
    return (task_of(data, item)[3] or "-") == value


def test_search_matches_questions_gold_and_replies(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    opened(driver, url)
    item = next(item for item in data["items"] if task_of(data, item)[1] == "gold")
    gold = str(task_of(data, item)[2])
    kept = [i for i in data["items"] if gold.lower() in searched(data, i)]
    assert 0 < len(kept) < len(data["items"])
    driver.find_element(By.ID, "items-text").send_keys(gold)
    wait_for(driver, lambda: count(driver) == f"{len(kept)} of {len(data['items'])} items")
    assert len(cells(driver, "reply")) == min(len(kept), data["page"])


def searched(data: dict[str, Any], item: list[Any]) -> str:
    """What the search box looks in, lowercased: the task id, the question, the gold or defect, the reply."""
    question, _, reference, _ = task_of(data, item)
    parts = (field(data, item, "task_id"), question, reference, field(data, item, "reply"))
    return "\n".join("" if part is None else str(part) for part in parts).lower()


def test_the_pager_at_both_ends_moves_pages(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    opened(driver, url)
    total, size = len(data["items"]), data["page"]
    pages = -(-total // size)
    assert pages >= 3

    def says(first: int, page: int) -> bool:
        text = f"{first}–{min(total, first + size - 1)} of {total} (page {page} of {pages})"
        return all(driver.find_element(By.ID, f"items-page{end}").text == text for end in ("", "-end"))

    wait_for(driver, lambda: says(1, 1))
    assert not driver.find_element(By.ID, "items-prev").is_enabled()
    assert not driver.find_element(By.ID, "items-prev-end").is_enabled()
    driver.find_element(By.ID, "items-next").click()
    wait_for(driver, lambda: says(size + 1, 2))
    driver.find_element(By.ID, "items-next-end").click()
    wait_for(driver, lambda: says(2 * size + 1, 3))
    assert len(cells(driver, "family")) == min(size, total - 2 * size)
    driver.find_element(By.ID, "items-prev-end").click()
    wait_for(driver, lambda: says(size + 1, 2))
    driver.find_element(By.ID, "items-prev").click()
    wait_for(driver, lambda: says(1, 1))
    assert all(button.tag_name == "button" for button in driver.find_elements(By.CSS_SELECTOR, ".pager button"))


def test_tab_reaches_a_row_and_enter_opens_its_detail(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    opened(driver, url)
    driver.find_element(By.ID, "items-text").click()
    for _ in range(40):  # the search box, the pager, the column headings, then the first row
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("class") == "item":
            break
    row = driver.switch_to.active_element
    assert row.tag_name == "tr" and row.get_attribute("aria-expanded") == "false"
    row.send_keys(Keys.ENTER)
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#items-body tr.detail"))
    first = data["items"][0]
    detail = driver.find_element(By.CSS_SELECTOR, "#items-body tr.detail").text
    assert field(data, first, "task_id") in detail and str(task_of(data, first)[0]) in detail
    assert row.get_attribute("aria-expanded") == "true"
    assert driver.execute_script("return window.location.hash;") == permalink(data, first)  # the item's address
    row.send_keys(Keys.SPACE)  # Space closes it again
    wait_for(driver, lambda: not driver.find_elements(By.CSS_SELECTOR, "#items-body tr.detail"))


def permalink(data: dict[str, Any], item: list[Any]) -> str:
    """The fragment that opens `item` (each part escaped, as encodeURIComponent does)."""
    parts = (data["runs"][field(data, item, "run")], field(data, item, "task_id"), str(field(data, item, "sample")))
    return "#item=" + "/".join(quote(part, safe="!'()*~") for part in parts)


def test_a_permalink_opens_its_item_on_its_page(driver: Any, report: tuple[str, dict]) -> None:
    url, data = report
    index = 2 * data["page"] + 7  # on the third page
    item = data["items"][index]
    opened(driver, url + permalink(data, item))
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#items-body tr.detail"))
    assert driver.find_element(By.ID, "items-page").text.startswith(f"{2 * data['page'] + 1}–")
    detail = driver.find_element(By.CSS_SELECTOR, "#items-body tr.detail").text
    assert field(data, item, "task_id") in detail and permalink(data, item) in detail
    focused = driver.switch_to.active_element
    assert focused.get_attribute("aria-expanded") == "true"
    assert focused == driver.find_elements(By.CSS_SELECTOR, "#items-body tr.item")[index - 2 * data["page"]]
    # The filters, sort and page live in the fragment too: a page reloaded shows what it showed.
    Select(driver.find_element(By.ID, "items-family")).select_by_value("biography")
    header(driver, "reward").find_element(By.TAG_NAME, "button").click()
    shown = cells(driver, "question")
    driver.refresh()
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#items-body tr.item"))
    assert cells(driver, "question") == shown and set(cells(driver, "family")) == {"biography"}
    assert header(driver, "reward").get_attribute("aria-sort") == "ascending"


def test_a_hostile_reply_stays_inert_text(driver: Any, report: tuple[str, dict]) -> None:
    url, _ = report
    opened(driver, url)
    driver.find_element(By.ID, "items-text").send_keys("onerror")
    wait_for(driver, lambda: count(driver).startswith("1 of "))
    assert cells(driver, "reply") == [HOSTILE]
    driver.find_element(By.CSS_SELECTOR, "#items-body tr.item").click()
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#items-body tr.detail"))
    assert HOSTILE in driver.find_element(By.CSS_SELECTOR, "#items-body tr.detail").text
    assert driver.find_elements(By.CSS_SELECTOR, "#items-table img") == []
    assert driver.execute_script("return typeof window.__pwned;") == "undefined"

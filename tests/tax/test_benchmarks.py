"""The eight test sets read from the real files: counts as SOURCES.md gives them, the UMWP sample, bad data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from nohallucinate.jsonl import FormatError
from nohallucinate.tax.benchmarks import BENCHMARKS, DataError, load_benchmark


@pytest.fixture(scope="module")
def data_dir(shared_dir: Path) -> Path:
    return shared_dir / "data" / "hallucination_tax"


# (file rows, items used, answerable) as SOURCES.md states them.
COUNTS = {
    "gsm8k": (1319, 1319, True),
    "math500": (500, 500, True),
    "minerva_math": (272, 272, True),
    "olympiadbench": (675, 675, True),
    "amc23": (40, 40, True),
    "selfaware": (3369, 1032, False),
    "umwp": (5200, 600, False),
    "sum": (284, 284, False),
}


@pytest.mark.parametrize("name", list(BENCHMARKS))
def test_every_loader_yields_the_counts_in_sources(data_dir: Path, name: str) -> None:
    loaded = load_benchmark(name, data_dir)
    file_rows, items, answerable = COUNTS[name]
    assert loaded.manifest.file_rows == file_rows and len(loaded.items) == items == loaded.manifest.items
    assert all(item.answerable is answerable for item in loaded.items)
    assert all(bool(item.gold) is answerable for item in loaded.items)
    assert len({item.id for item in loaded.items}) == items  # ids are unique within a benchmark
    assert loaded.manifest.sha256 == BENCHMARKS[name].sha256


def test_counts_that_differ_from_the_card_are_reported(data_dir: Path) -> None:
    notes = {name: load_benchmark(name, data_dir).manifest.count_note for name in BENCHMARKS}
    assert notes["gsm8k"] == "1319 items here; the paper's card says 1320"
    assert notes["olympiadbench"] == "675 items here; the paper's card says 674"
    assert notes["sum"] is not None and notes["sum"].startswith("284 items here; the paper's card says 246")
    assert {name for name, note in notes.items() if note} == {"gsm8k", "olympiadbench", "sum"}


def test_golds_are_read_per_benchmark(data_dir: Path) -> None:
    first = {name: load_benchmark(name, data_dir).items[0] for name in ("gsm8k", "amc23", "minerva_math", "math500")}
    assert first["gsm8k"].gold == ("18",) and first["amc23"].gold == ("27",)  # 27.0 in the file
    assert first["minerva_math"].gold == ("1.6",)  # the solution's last box
    assert first["math500"].gold == (r"\left( 3, \frac{\pi}{2} \right)",) and first["math500"].id.startswith("test/")
    olympiad = load_benchmark("olympiadbench", data_dir).items
    assert (
        sum(item.multiple_answers for item in olympiad) == 94 and sum(item.unit is not None for item in olympiad) == 8
    )
    sums = load_benchmark("sum", data_dir).items
    assert sums[0].question.startswith("Find the integer n such that") and sums[0].meta["twin_answer"] == "-80"


def test_the_umwp_sample_is_seeded_and_recorded(data_dir: Path) -> None:
    first = load_benchmark("umwp", data_dir)
    again = load_benchmark("umwp", data_dir)
    other = load_benchmark("umwp", data_dir, umwp_seed=1)
    sample = first.manifest.sample
    assert sample is not None and sample["seed"] == 0 and sample["size"] == 600 and sample["of"] == 2600
    assert sample["ids"] == [item.id for item in first.items] == [item.id for item in again.items]
    assert set(sample["ids"]) != {item.id for item in other.items}
    ids = [int(i) for i in sample["ids"]]
    assert ids == sorted(ids)  # file order
    assert len(load_benchmark("umwp", data_dir, umwp_size=50).items) == 50


def copy_of(data_dir: Path, tmp_path: Path, name: str) -> Path:
    target = tmp_path / BENCHMARKS[name].path
    target.parent.mkdir(parents=True)
    shutil.copy(data_dir / BENCHMARKS[name].path, target)
    target.chmod(0o644)
    return target


def test_an_altered_file_is_refused_by_its_checksum(data_dir: Path, tmp_path: Path) -> None:
    target = copy_of(data_dir, tmp_path, "amc23")
    target.write_bytes(target.read_bytes().replace(b'"answer":27.0', b'"answer":28.0'))
    with pytest.raises(DataError, match=r"AMC23: .*amc23/test.jsonl has sha256 \w+, expected 4370"):
        load_benchmark("amc23", tmp_path)


def test_a_malformed_row_names_its_file_line_and_field(data_dir: Path, tmp_path: Path) -> None:
    target = copy_of(data_dir, tmp_path, "amc23")
    lines = target.read_text().splitlines()
    row = json.loads(lines[4])
    row["answer"] = "twenty"
    lines[4] = json.dumps(row)
    target.write_text("\n".join(lines) + "\n")
    with pytest.raises(FormatError, match=r"amc23/test.jsonl:5: field 'answer': expected a number, got 'twenty'"):
        load_benchmark("amc23", tmp_path, verify_checksum=False)


def test_a_missing_file_or_unknown_benchmark_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"GSM8K: .*gsm8k/test.jsonl not found \(fetch it with"):
        load_benchmark("gsm8k", tmp_path)
    with pytest.raises(DataError, match="unknown benchmark 'gsm9k'"):
        load_benchmark("gsm9k", tmp_path)

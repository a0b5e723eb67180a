"""Load EnokiQA from JSONL, JSON, Parquet or the Hugging Face Hub, and check every record against the card's rules.

Nothing is dropped silently: a record that does not fit the schema, or repeats an earlier record's id, is left out and
reported as a `Violation`, and a record that fits but breaks a rule (counts, probabilities, spans) is kept and reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from nohallucinate.enokiqa.schema import EnokiExample, EnokiSentence, EnokiTriple
from nohallucinate.errors import UserInputError
from nohallucinate.extras import require
from nohallucinate.jsonl import FormatError, iter_json_lines, parse_json, read_json_file
from nohallucinate.tasks.inputs import clip, field_and_reason, quote

HUB_ID = "s-nlp/EnokiQA"
_FILE_SUFFIXES = (".jsonl", ".json", ".parquet")
_SPLIT_NAME = re.compile(r"[A-Za-z][\w.\-]*")
_LEFT_OUT = "record left out"


@dataclass(frozen=True)
class Violation:
    """One broken rule: which example, which field (e.g. "sentences[2].triples[0].span") and what is wrong."""

    example_id: str
    where: str
    problem: str

    @property
    def left_out(self) -> bool:
        """Whether the record could not be read at all and is missing from the examples."""
        return _LEFT_OUT in self.problem


@dataclass(frozen=True)
class LoadedSplit:
    """The examples that fit the schema, every violation found, and what was read."""

    examples: list[EnokiExample]
    violations: list[Violation]
    source: str


class SourceError(UserInputError, OSError):
    """The data could not be read at all; the message names the source and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        self.source, self.reason = source, reason
        super().__init__(f"{source}: {reason}")


def load_enokiqa(
    source: str | Path, *, split: str | None = None, streaming: bool = False, hub_id: str = HUB_ID
) -> LoadedSplit:
    """`source` is a path (.jsonl, .json, .parquet, or a directory holding {split}.jsonl / {split}.parquet or the Hub's
    data/{split}-*.parquet layout) or the name of a split ("dev", "test") to fetch from the Hugging Face Hub with
    `datasets` (streaming if asked)."""
    if _is_hub_split(source):
        name = str(source)
        if split is not None and split != name:
            raise UserInputError(f"source names split {quote(name)} but split={quote(split)} was given")
        label = f"{hub_id} split {quote(name)} on the Hugging Face Hub" + (" (streaming)" if streaming else "")
        return _parse_records(_hub_records(hub_id, name, streaming, label), label)
    files = _data_files(Path(source), split)
    label = ", ".join(str(path) for path in files)
    return _parse_records(_file_records(files), label)


def validate(example: EnokiExample, *, tolerance: float = 1e-3) -> list[Violation]:
    """Every rule of the card that `example` breaks: counts, sentence order, probabilities and span offsets."""
    problems = _count_problems(example)
    for position, sentence in enumerate(example.sentences):
        problems += _sentence_problems(sentence, position, len(example.answer), tolerance)
    return [Violation(clip(example.id), where, problem) for where, problem in problems]


# --- where the records come from -------------------------------------------------------------------------------


def _is_hub_split(source: str | Path) -> bool:
    # A bare word that is not an existing path is a split name; anything path-like is read from disk.
    if isinstance(source, Path) or Path(source).exists():
        return False
    return bool(_SPLIT_NAME.fullmatch(source)) and not source.endswith(_FILE_SUFFIXES)


def _hub_records(hub_id: str, name: str, streaming: bool, label: str) -> Iterator[Any]:
    hint = "no network? give a local parquet/JSONL path instead (e.g. a downloaded data/{split}-*.parquet)"
    datasets = require("enoki", "datasets", "loading EnokiQA from the Hub")  # missing, it says which extra
    try:
        # Errors can surface while iterating a streamed split, so the loop sits inside the same guard.
        yield from datasets.load_dataset(hub_id, split=name, streaming=streaming)
    except Exception as exc:
        raise SourceError(label, f"could not fetch from the Hub ({type(exc).__name__}: {exc}); {hint}") from exc


def _data_files(path: Path, split: str | None) -> list[Path]:
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise SourceError(str(path), "no such file or directory")
    name = split if split is not None else _only_split(path)
    for candidate in (path / f"{name}.jsonl", path / f"{name}.parquet", path / f"{name}.json"):
        if candidate.is_file():
            return [candidate]
    shards = sorted((path / "data").glob(f"{name}-*.parquet"))
    if shards:
        return shards
    raise SourceError(str(path), f"no {name}.jsonl, {name}.parquet, {name}.json or data/{name}-*.parquet here")


def _only_split(directory: Path) -> str:
    names = {p.stem for p in directory.iterdir() if p.suffix in _FILE_SUFFIXES}
    names |= {p.name.split("-", 1)[0] for p in (directory / "data").glob("*-*.parquet")}
    if len(names) != 1:
        found = ", ".join(sorted(names)) or "none"
        raise SourceError(str(directory), f"pass split= to choose among the splits found here ({found})")
    return names.pop()


def _file_records(files: Iterable[Path]) -> Iterator[Any]:
    for path in files:
        try:
            yield from _read_file(path)
        except (OSError, ValueError) as exc:
            raise SourceError(str(path), f"could not be read ({type(exc).__name__}: {exc})") from exc


def _read_file(path: Path) -> Iterator[Any]:
    if path.suffix == ".parquet":
        pq = require("enoki", "pyarrow.parquet", "reading a parquet file")
        yield from pq.read_table(path).to_pylist()
    elif path.suffix == ".json":
        rows = read_json_file(path)
        yield from rows if isinstance(rows, list) else [rows]
    else:
        yield from _jsonl_lines(path)


def _jsonl_lines(path: Path) -> Iterator[Any]:
    for number, line in iter_json_lines(path):  # bounded: a line too long, a FIFO or a device is a FormatError
        try:
            yield parse_json(line, path, number)
        except FormatError as exc:
            # A broken line becomes a violation downstream instead of aborting the whole file.
            yield _Unparsable(number, exc.reason)


@dataclass(frozen=True)
class _Unparsable:
    line: int
    reason: str


# --- records to examples ---------------------------------------------------------------------------------------


def _parse_records(records: Iterable[Any], source: str) -> LoadedSplit:
    examples: list[EnokiExample] = []
    violations: list[Violation] = []
    first_record: dict[str, int] = {}
    for number, record in enumerate(records, start=1):
        example, problems = _parse_record(record, number)
        violations += problems
        if example is None:
            continue
        if example.id in first_record:  # scoring it again would count the same answer twice
            problem = f"repeats the id of record {first_record[example.id]}; {_LEFT_OUT}"
            violations.append(Violation(clip(example.id), "id", problem))
            continue
        first_record[example.id] = number
        examples.append(example)
        violations += validate(example)
    return LoadedSplit(examples=examples, violations=violations, source=source)


def _parse_record(record: Any, number: int) -> tuple[EnokiExample | None, list[Violation]]:
    if isinstance(record, _Unparsable):
        return None, [Violation(f"<line {record.line}>", "<record>", f"{record.reason}; {_LEFT_OUT}")]
    if not isinstance(record, dict):
        problem = f"expected an object, got {type(record).__name__}; {_LEFT_OUT}"
        return None, [Violation(f"<record {number}>", "<record>", problem)]
    try:
        return EnokiExample.model_validate(record), []
    except ValidationError as exc:
        example_id = clip(record["id"]) if isinstance(record.get("id"), str) else f"<record {number}>"
        return None, [_schema_violation(example_id, error) for error in exc.errors()]


def _schema_violation(example_id: str, error: Any) -> Violation:
    field, reason = field_and_reason(error)
    return Violation(example_id, field or "<record>", f"{reason}; {_LEFT_OUT} (does not fit the schema)")


# --- the card's rules ------------------------------------------------------------------------------------------


def _count_problems(example: EnokiExample) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    n_sentences = len(example.sentences)
    n_triplets = sum(len(sentence.triples) for sentence in example.sentences)
    if example.n_sentences != n_sentences:
        problems.append(("n_sentences", f"is {example.n_sentences} but there are {n_sentences} sentences"))
    if example.n_triplets != n_triplets:
        problems.append(("n_triplets", f"is {example.n_triplets} but there are {n_triplets} triples"))
    return problems


def _sentence_problems(sentence: EnokiSentence, position: int, answer_length: int, tol: float) -> list[tuple[str, str]]:
    where = f"sentences[{position}]"
    problems: list[tuple[str, str]] = []
    if sentence.sentence_index != position:
        problems.append((f"{where}.sentence_index", f"is {sentence.sentence_index}, expected {position} (0..n-1)"))
    expected = max((triple.hall_prob for triple in sentence.triples), default=0.0)
    if abs(sentence.hall_prob - expected) > tol:
        rule = "the max of its triples' hall_prob" if sentence.triples else "0.0 for a sentence without triples"
        problems.append((f"{where}.hall_prob", f"is {sentence.hall_prob:g}, expected {expected:g} ({rule})"))
    for number, triple in enumerate(sentence.triples):
        problems += _triple_problems(triple, f"{where}.triples[{number}]", answer_length, tol)
    return problems


def _triple_problems(triple: EnokiTriple, where: str, answer_length: int, tol: float) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for name in ("entailment", "neutral", "contradiction"):
        value = getattr(triple, name)
        if not -tol <= value <= 1 + tol:
            problems.append((f"{where}.{name}", f"is {value:g}, not a probability"))
    total = triple.entailment + triple.neutral + triple.contradiction
    if abs(total - 1.0) > tol:
        problems.append((where, f"entailment + neutral + contradiction = {total:g}, not 1"))
    expected = triple.neutral + triple.contradiction
    if abs(triple.hall_prob - expected) > tol:
        problem = f"is {triple.hall_prob:g}, expected neutral + contradiction = {expected:g}"
        problems.append((f"{where}.hall_prob", problem))
    span = triple.span_or_none
    if span is not None and not 0 <= span[0] < span[1] <= answer_length:
        problems.append((f"{where}.span", f"[{span[0]}, {span[1]}) is not inside the answer (length {answer_length})"))
    return problems

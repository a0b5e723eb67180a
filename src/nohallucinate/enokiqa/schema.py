"""The EnokiQA record (s-nlp/EnokiQA): example → sentences → incremental triples, as the dataset card defines it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from nohallucinate.tasks.inputs import MAX_INDEX, Finite, Index

Span = tuple[int, int]  # [start, end) character offsets into an answer


class _Frozen(BaseModel):
    # Unknown fields are ignored rather than rejected so that a column added upstream does not drop every record.
    model_config = ConfigDict(frozen=True)


class EnokiTriple(_Frozen):
    """One extracted (subject, predicate, object) claim with its NLI verdict against the context."""

    triplet: tuple[str, str, str]
    span: tuple[int, int] | tuple[()]
    hypothesis: str
    entailment: Finite
    neutral: Finite
    contradiction: Finite
    hall_prob: Finite

    @field_validator("span", mode="before")
    @classmethod
    def _span_shape(cls, value: Any) -> tuple[int, ...]:
        # Checked here so a bad span gets one plain message instead of a pydantic union error per branch.
        if not isinstance(value, list | tuple) or len(value) not in (0, 2):
            raise ValueError("span must be [] or [start, end]")
        if not all(isinstance(item, int) and not isinstance(item, bool) and abs(item) <= MAX_INDEX for item in value):
            raise ValueError(f"span offsets must be integers of at most {MAX_INDEX:,} in size")
        return tuple(value)

    @property
    def span_or_none(self) -> tuple[int, int] | None:
        """The object's [start, end) offsets in the answer, or None when it was not located."""
        return (self.span[0], self.span[1]) if len(self.span) == 2 else None


class EnokiSentence(_Frozen):
    """One answer sentence with the triples extracted from it."""

    sentence_index: Index
    sentence: str
    hall_prob: Finite
    triples: tuple[EnokiTriple, ...]


class EnokiExample(_Frozen):
    """One question, its no-context answer, the evidence article and the sentence-grouped annotations."""

    id: str
    title: str
    question: str
    answer: str
    context: str
    n_sentences: Index
    n_triplets: Index
    sentences: tuple[EnokiSentence, ...]

"""NLI judges: entailment, neutral and contradiction probabilities of hypotheses against a premise.

Two judges share one interface: a language model behind the project's model client (the same batched
verification the biography grader uses), or a local Hugging Face NLI model the user has installed (the `nli`
extra; nothing is ever downloaded: the model must already be on disk or in the local cache).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from nohallucinate.claims.check import Probabilities
from nohallucinate.claims.verification import split_into_chunks, verify_claims
from nohallucinate.errors import UserInputError
from nohallucinate.extras import require
from nohallucinate.models import ModelClient


class NLIJudge(Protocol):
    name: str

    async def judge(self, premise: str, hypotheses: list[str], title: str = "") -> list[Probabilities]: ...


class ModelJudge:
    """A language model as NLI judge, through the batched claim verification; long premises are chunked."""

    def __init__(self, client: ModelClient, chunk_chars: int = 12_000) -> None:
        self.client = client
        self.chunk_chars = chunk_chars
        self.name = f"model:{client.endpoint.model}"

    async def judge(self, premise: str, hypotheses: list[str], title: str = "") -> list[Probabilities]:
        if not hypotheses:
            return []
        checks = await verify_claims(self.client, hypotheses, title, premise, chunk_chars=self.chunk_chars)
        judged = [check.probabilities for check in checks if check.probabilities is not None]
        if len(judged) != len(checks):  # verify_claims raises before this happens
            raise RuntimeError("claim verification returned a check without probabilities")
        return judged


class LocalNLIJudge:
    """A sequence-classification NLI model from the local disk (e.g. a DeBERTa MNLI checkpoint)."""

    def __init__(self, model: str, chunk_chars: int = 1_500, batch_size: int = 16) -> None:
        torch = require("nli", "torch", "a local NLI model")  # missing, MissingExtraError names the extra
        transformers = require("nli", "transformers", "a local NLI model")
        self._torch = torch
        self.tokenizer = transformers.AutoTokenizer.from_pretrained(model, local_files_only=True)
        self.model = transformers.AutoModelForSequenceClassification.from_pretrained(
            model, local_files_only=True
        ).eval()
        labels = {name.lower(): index for index, name in self.model.config.id2label.items()}
        missing = {"entailment", "neutral", "contradiction"} - set(labels)
        if missing:
            raise UserInputError(f"{model} is not a three-way NLI model: its labels lack {sorted(missing)}")
        self._order = [labels["entailment"], labels["neutral"], labels["contradiction"]]
        self.chunk_chars = chunk_chars
        self.batch_size = batch_size
        self.name = f"local:{model}"

    async def judge(self, premise: str, hypotheses: list[str], title: str = "") -> list[Probabilities]:
        return await asyncio.to_thread(self._judge, premise, hypotheses)

    def _judge(self, premise: str, hypotheses: list[str]) -> list[Probabilities]:
        best: list[Probabilities | None] = [None] * len(hypotheses)
        for chunk in split_into_chunks(premise, self.chunk_chars):
            for start in range(0, len(hypotheses), self.batch_size):
                batch = hypotheses[start : start + self.batch_size]
                for offset, probabilities in enumerate(self._classify(chunk, batch)):
                    held = best[start + offset]
                    if held is None or probabilities.entailment > held.entailment:
                        best[start + offset] = probabilities
        return [p for p in best if p is not None]

    def _classify(self, premise: str, hypotheses: list[str]) -> list[Probabilities]:
        encoded: Any = self.tokenizer(
            [premise] * len(hypotheses), hypotheses, return_tensors="pt", truncation="only_first", padding=True
        )
        with self._torch.no_grad():
            probabilities = self.model(**encoded).logits.softmax(dim=-1)
        return [Probabilities(*(float(row[i]) for i in self._order)) for row in probabilities]

"""Split replies and articles into sentences and clauses."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from nohallucinate.answers.lexicon import MONTH_ABBREVIATIONS

# Words whose trailing dot does not end a sentence ("Mar. 11", "F.C.", "Dr. Adams").
_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof st jr sr vs etc inc ltd co fc f.c cf no nos vol pp ed eds approx est c ca "
    "u.s u.k e.g i.e a.k.a b d alt resp popř příp tj tzv např cca viz engl angl orig t.č lat něm".split()
) | frozenset(MONTH_ABBREVIATIONS)
# After an abbreviation, these words still open a new sentence ("... Manchester United F.C. He ...").
_SENTENCE_STARTERS = frozenset("He She It They I We You The This That These His Her Their Its In However But".split())
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[„“]?(?P<next>\w))|\n+")
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*|\s*—\s*|\s+–\s+|\s+-\s+(?=[a-z])"
    r"|,?\s+\b(?:but|however|although|though|yet|whereas|nevertheless|instead|ale|avšak|však|ačkoli|ačkoliv|"
    r"zatímco|nicméně|i když|přestože|třebaže)\b,?\s*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Span:
    """A piece of text and where it sits in the original."""

    text: str
    start: int
    end: int


_NEXT_WORD = re.compile(r"\s*(\S+)")


def split_sentences(text: str) -> list[Span]:
    """Sentences of `text`, keeping offsets; abbreviations and initials do not end a sentence."""
    spans: list[Span] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match["next"] is not None and not (match["next"].isupper() or match["next"].isdigit()):
            continue  # a capital or a figure opens a sentence, in any alphabet ("Škola", "Řím")
        next_word = _NEXT_WORD.match(text, match.end())
        starts_sentence = next_word is not None and next_word.group(1) in _SENTENCE_STARTERS
        if (
            "\n" not in match.group(0)
            and not starts_sentence
            and _ends_with_abbreviation(text[max(start, match.start() - 64) : match.start()])
        ):
            continue
        _append(spans, text, start, match.start())
        start = match.end()
    _append(spans, text, start, len(text))
    return spans


def split_clauses(text: str) -> list[Span]:
    """Clauses of `text`: sentences further cut at contrastive words ("but", "however") and semicolons."""
    clauses: list[Span] = []
    for sentence in split_sentences(text):
        start = sentence.start
        for match in _CLAUSE_BREAK.finditer(sentence.text):
            _append(clauses, text, start, sentence.start + match.start())
            start = sentence.start + match.end()
        _append(clauses, text, start, sentence.end)
    return clauses


class SpanIndex:
    """Spans in text order, not overlapping, searched in logarithmic time (so reading stays linear in length)."""

    def __init__(self, spans: list[Span]) -> None:
        self.spans = spans
        self._starts = [span.start for span in spans]
        self._ends = [span.end for span in spans]

    def at(self, position: int) -> Span | None:
        """The span holding `position`, or None."""
        index = bisect.bisect_right(self._starts, position) - 1
        if index >= 0 and position < self.spans[index].end:
            return self.spans[index]
        return None

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) shares a character with some span."""
        index = bisect.bisect_right(self._ends, start)  # the first span ending after `start`
        return index < len(self.spans) and self._starts[index] < end


def _ends_with_abbreviation(fragment: str) -> bool:
    last = fragment.rstrip(".!?\"')]").rsplit(None, 1)[-1:] or [""]
    word = last[0].lower().rstrip(".").lstrip("([\"'")  # "(a.k.a." as "a.k.a."
    return fragment.endswith(".") and (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()))


def _append(spans: list[Span], text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        offset = start + piece.index(stripped)
        spans.append(Span(stripped, offset, offset + len(stripped)))

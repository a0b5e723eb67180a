"""Failures grouped by kind: how many items failed for each reason, with the first few items as examples.

A failing endpoint fails every item for the same reason; a list of every item would bury the one line that says
why. The kind is the reason itself (clipped), so two items are grouped only when they failed alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

REASON_CHARS = 300  # a server's whole error body is clipped to this in what is printed
EXAMPLES = 3  # items named per kind
SHOWN_KINDS = 10  # kinds listed in full; the rest are counted


@dataclass
class FailureKind:
    """One reason items failed for: how many, and the first few items (their ids as shown to the user)."""

    reason: str
    count: int = 0
    examples: list[str] = field(default_factory=list)


class Failures:
    """Failures as they happen, grouped by reason in the order each reason first appeared."""

    def __init__(self) -> None:
        self.kinds: dict[str, FailureKind] = {}
        self.count = 0

    def clear(self) -> None:
        """Forget every failure (a new command begins in the same process)."""
        self.kinds.clear()
        self.count = 0

    def add(self, item: str, reason: str) -> bool:
        """Count one failed item; True when its reason is new (the first failure of its kind)."""
        shown = reason if len(reason) <= REASON_CHARS else reason[:REASON_CHARS] + "…"
        kind = self.kinds.get(shown)
        new = kind is None
        if kind is None:
            kind = self.kinds[shown] = FailureKind(shown)
        kind.count += 1
        self.count += 1
        if len(kind.examples) < EXAMPLES and item:
            kind.examples.append(item)
        return new

    def lines(self) -> list[str]:
        """The failures as printed: one line per kind (count and reason), then its first items."""
        lines = []
        for kind in list(self.kinds.values())[:SHOWN_KINDS]:
            lines.append(f"  {kind.count} × {kind.reason}")
            if kind.examples:
                more = f" and {kind.count - len(kind.examples)} more" if kind.count > len(kind.examples) else ""
                lines.append(f"      e.g. {', '.join(kind.examples)}{more}")
        if len(self.kinds) > SHOWN_KINDS:
            rest = list(self.kinds.values())[SHOWN_KINDS:]
            lines.append(f"  … and {sum(k.count for k in rest)} more item(s) of {len(rest)} other kind(s)")
        return lines


def grouped(failures: Iterable[tuple[str, str]]) -> Failures:
    """(item, reason) pairs grouped by reason."""
    tally = Failures()
    for item, reason in failures:
        tally.add(item, reason)
    return tally

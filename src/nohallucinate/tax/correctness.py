"""Grading a final box for the Hallucination Tax: a refusal for an unanswerable item, a math-verify equivalent of
the gold for an answerable one; and `AnswerChecker`, the process pool that bounds the time one check may take.

math-verify's own timeouts use SIGALRM, which works only in a main thread and breaks when nested, so they are off
here (`parsing_timeout=None`, `timeout_seconds=None`). `is_correct` and `answer_matches` therefore have no time
limit and can hang on a pathological box (sympy simplifying a huge expression): runs grade through
`AnswerChecker`, which kills and replaces a worker process that overruns its per-item timeout.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import queue
import re
import signal
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from multiprocessing.connection import Connection
from typing import Any

from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse, verify
from sympy import Eq, Expr

from nohallucinate.answers.boxed import extract_boxed, is_refusal_box
from nohallucinate.errors import NohallucinateError
from nohallucinate.tax.benchmarks import TaxItem

Matcher = Callable[[TaxItem, str], bool]

# math-verify warns once per process that its timeouts are off; they are off on purpose (see above).
logging.getLogger("math_verify").setLevel(logging.ERROR)

# The text handed to math-verify is always a lone `\boxed{...}`: read as LaTeX, or else as a plain number (`_parse`).
_LATEX = (LatexExtractionConfig(boxed_match_priority=0),)
_NUMBER = (ExprExtractionConfig(),)

_DOLLAR = re.compile(r"(?<!\\)\$")
_SCIENTIFIC = re.compile(r"(?<![\w\\.])(\d+(?:\.\d*)?|\.\d+)[eE]([+-]?\d+)(?![\w.])")  # 4.5e33, 1e-5
_PYTHON_FLOAT = re.compile(r"(\d)\.(?=[\s/*)]|$)")  # "-1./3" in Minerva golds
_FULL_STOP = re.compile(r"(?<![.\\])\.\s*$")  # a sentence's end, not an ellipsis or "\\."
# A lone name, then "=", then a value: "E_{0} = 13.6", "m_{\\max }=n^{2}-n-1" (not "f(x)=...", not "x \\leq=").
_NAMED_VALUE = re.compile(r"^\s*\\?[A-Za-z]+(?:[_^](?:\{[^{}=]*\}|\w))*\s*=(?P<value>[^=]+)$")
_NUMPY = re.compile(r"\bnp\.([a-z]+)")  # "np.arcsin(10/13)" in a Minerva gold
_WRAPPER = re.compile(r"\\(?:text|textrm|textnormal|textit|textbf|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}")
_LAYOUT = re.compile(r"\s+|\\left(?![a-zA-Z])|\\right(?![a-zA-Z])|\\[,;:! ]|~|\\displaystyle")
_ONE_CHARACTER = re.compile(r"([_^])\{([^{}\\])\}")  # x_{1} is x_1 as text
_SET_BRACES = re.compile(r"^\s*\\\{(.*)\\\}\s*$", re.DOTALL)
_AND_OR = re.compile(r"\s*\\text\s*\{\s*(?:and|or)\s*\}\s*|\s+(?:and|or)\s+")
_UNIT_GAP = r"(?:[\s{}~]|\\[,;:! ]|\\(?:text|textrm|mathrm|mbox|rm)(?![a-zA-Z]))*"

# How long a new worker may take to start, apart from the per-check timeout: a worker re-imports the parent's main
# module (inspect's whole CLI under `inspect eval`, over a second when idle), and on a busy machine that alone
# outran a 10 s check timeout. A worker that has not started by then is broken, not slow.
WORKER_START_LIMIT = 120.0
_READY = "ready"


def is_correct(benchmark: str, item: TaxItem, text: str) -> bool:
    """Whether a full response is correct for `item`: its final box refuses an unanswerable item, or holds an
    answer equivalent to the gold of an answerable one. No box, or a box that never closes, is wrong.

    This runs math-verify in-process with no time limit and may hang on a pathological box; runs grade through
    `AnswerChecker`, which enforces a per-item timeout."""
    if benchmark != item.benchmark:
        raise ValueError(f"item {item.id} belongs to {item.benchmark!r}, not {benchmark!r}")
    box = extract_boxed(text)
    if box is None:
        return False
    if not item.answerable:
        return is_refusal_box(box)
    return answer_matches(item, box)


def answer_matches(item: TaxItem, box: str) -> bool:
    """Whether the raw text of a final box answers an answerable item correctly (always False for an unanswerable
    one). A refusal or an empty box is wrong; the item's unit may follow the answer. An OlympiadBench
    multi-answer item needs every gold answer and nothing else, in any order, as the box's top-level parts
    ("a, b", "a \\text{ and } b", "\\{a, b\\}")."""
    if not item.answerable or not box.strip() or is_refusal_box(box):
        return False
    said = _latex(box)
    if item.multiple_answers:
        return any(_all_answers(_latex(gold), said, item.unit) for gold in item.gold)
    said = _without_unit(said, item.unit)
    return any(_equivalent(_latex(gold), said) for gold in item.gold)


def split_answers(text: str) -> list[str]:
    """The parts of `text` between its top-level commas or semicolons; a comma inside (), [], {} or \\{\\} (a
    tuple, an interval, a set, `1{,}000`) does not split, and "\\text{and}"/"or" between answers does."""
    text = _AND_OR.sub(",", text)
    parts: list[str] = []
    depth = start = index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":  # \{ and \} nest like braces; \, is a space, not a separator
            if text[index + 1 : index + 2] in ("{", "}"):
                depth += 1 if text[index + 1] == "{" else -1
            index += 2
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        elif char in ",;" and depth == 0:
            parts.append(text[start:index])
            start = index + 1
        index += 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


class CheckTimeout(NohallucinateError):
    """Checking one item took longer than the pool's timeout; its worker was killed and replaced."""

    def __init__(self, item_id: str, seconds: float) -> None:
        super().__init__(item_id, seconds)
        self.item_id = item_id
        self.seconds = seconds

    def __str__(self) -> str:
        return f"checking item {self.item_id} took longer than {self.seconds:g} s"


class AnswerChecker:
    """`workers` long-lived processes grading (item, box) pairs with `match`, each check limited to `timeout`
    seconds from when its worker is ready (a worker's start, up to WORKER_START_LIMIT, does not count). A check
    that overruns raises `CheckTimeout`: its worker is killed and replaced while the other checks go on. Use it
    as a context manager (`with` or `async with`), or call `close()`.

    `match` must be a picklable top-level function; the default is `answer_matches`. Unanswerable items (a
    refusal is correct) and missing boxes (wrong) are decided in the calling process without a worker. Workers
    start through multiprocessing's forkserver, so a script must create the checker under
    `if __name__ == "__main__":`."""

    def __init__(self, workers: int = 2, timeout: float = 10.0, match: Matcher = answer_matches) -> None:
        if workers < 1 or timeout <= 0:
            raise ValueError(f"need at least one worker and a positive timeout, got {workers} and {timeout}")
        self.timeout = timeout
        self._match = match
        self._context = multiprocessing.get_context("forkserver")  # no fork of a threaded parent
        self._context.set_forkserver_preload([__name__])  # a replacement worker starts with math-verify loaded
        self._size = workers
        self._idle: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
        for _ in range(workers):
            self._idle.put(_Worker(self._context, match))
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="answer-checker")  # one per worker
        self._closed = False

    async def check(self, item: TaxItem, box: str | None) -> bool:
        """Whether `box` (the final box of a response, None when it had none) is correct for `item`; concurrent
        calls queue for the workers. Raises CheckTimeout when the check overruns."""
        self._ensure_open()
        return await asyncio.get_running_loop().run_in_executor(self._threads, self._check, item, box)

    def check_all(self, pairs: Iterable[tuple[TaxItem, str | None]]) -> list[bool | CheckTimeout]:
        """The verdicts on many (item, box) pairs, in order, a CheckTimeout in place of each that overran."""
        self._ensure_open()
        return list(self._threads.map(self._verdict, pairs))

    def close(self) -> None:
        """Finish the checks under way, then stop the workers. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._threads.shutdown(wait=True)
        for _ in range(self._size):
            self._idle.get().stop()

    def __enter__(self) -> AnswerChecker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    async def __aenter__(self) -> AnswerChecker:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await asyncio.to_thread(self.close)

    def _ensure_open(self) -> None:
        if self._closed:
            raise RuntimeError("the AnswerChecker is closed")

    def _verdict(self, pair: tuple[TaxItem, str | None]) -> bool | CheckTimeout:
        try:
            return self._check(*pair)
        except CheckTimeout as timeout:
            return timeout

    def _check(self, item: TaxItem, box: str | None) -> bool:
        if box is None:
            return False
        if not item.answerable:
            return is_refusal_box(box)
        worker = self._idle.get()
        try:
            worker.wait_until_started()  # the check's time counts from here: a worker's start is not its check
            worker.connection.send((item, box))
            if not worker.connection.poll(self.timeout):
                worker = self._replace(worker)
                raise CheckTimeout(item.id, self.timeout)
            done, value = worker.connection.recv()  # see _serve: (True, the verdict) or (False, the error)
        except (EOFError, OSError) as exc:
            worker = self._replace(worker)
            raise RuntimeError(f"the worker checking item {item.id} died") from exc
        except _NotStarted as exc:
            worker = self._replace(worker)
            raise RuntimeError(str(exc)) from None
        finally:
            self._idle.put(worker)
        if not done:
            raise RuntimeError(f"checking item {item.id} failed in the worker: {value}")
        verdict: bool = value
        return verdict

    def _replace(self, worker: _Worker) -> _Worker:
        """A new worker in place of one that overran, died or never started (killed here)."""
        worker.kill()
        return _Worker(self._context, self._match)


class _NotStarted(Exception):
    """A worker process that has not said it is ready in time."""


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: Any, match: Matcher) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, match), name="answer-checker", daemon=True)
        self.process.start()
        child.close()
        self._started = False

    def wait_until_started(self) -> None:
        """Return once the worker has said it is ready (at once after the first time). Raises _NotStarted when it
        has not within WORKER_START_LIMIT, EOFError when it died first."""
        if self._started:
            return
        if not self.connection.poll(WORKER_START_LIMIT):
            raise _NotStarted(f"an answer-checking worker did not start within {WORKER_START_LIMIT:g} s")
        self.connection.recv()  # _READY, the first thing _serve sends
        self._started = True

    def stop(self) -> None:
        try:
            self.connection.send(None)
            self.process.join(5)
        except OSError:
            pass
        self.kill()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()


def _serve(connection: Connection, match: Matcher) -> None:
    """A worker's loop: (item, box) jobs in, (True, verdict) or (False, error text) out, until None or EOF."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops the workers
    connection.send(_READY)  # by now the parent's main module and `match` are imported: the worker has started
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            reply: tuple[bool, Any] = (True, bool(match(*job)))
        except Exception as exc:
            reply = (False, f"{type(exc).__name__}: {exc}")
        connection.send(reply)


def _latex(text: str) -> str:
    """A gold or a box as math-verify should read it: no `$` (OlympiadBench golds are `$...$`) or sentence's full stop,
    ° as ^{\\circ}, and the Python-style numbers of Minerva golds ("4.5e33", "-1./3", "np.arcsin") as LaTeX."""
    # First the full stop that ends a sentence ("$(-\\infty, 0) \\cup\\{1\\}$.", "4.5e33."): no LaTeX reading with it.
    text = _FULL_STOP.sub("", _DOLLAR.sub("", text).strip()).replace("°", "^{\\circ}")
    text = _SCIENTIFIC.sub(r"\1 \\times 10^{\2}", text)
    return _PYTHON_FLOAT.sub(r"\1", _NUMPY.sub(r"\\\1", text)).strip()


def _all_answers(gold: str, said: str, unit: str | None) -> bool:
    """Every gold answer matched by a different part of the box, and nothing more (a multiset comparison)."""
    wanted = split_answers(gold)
    if len(wanted) == 1:
        return _equivalent(gold, _without_unit(said, unit))
    braced = _SET_BRACES.match(said)
    given = [_without_unit(part, unit) for part in split_answers(braced.group(1) if braced else said)]
    if len(given) != len(wanted):
        return False
    for part in wanted:
        found = next((candidate for candidate in given if _equivalent(part, candidate)), None)
        if found is None:
            return False
        given.remove(found)
    return True


def _equivalent(gold: str, said: str) -> bool:
    """The same mathematics to math-verify, or else the same text once layout is set aside (golds it cannot
    parse: "E_{1},E_{2}", "m_{\\max }=n^{2}-n-1")."""
    parsed = _parse(said)
    expected = _parse_gold(gold)
    if parsed and verify(expected, parsed, timeout_seconds=None) and _close_if_tiny(expected, parsed):
        return True
    plain = _plain(said)
    return bool(plain) and plain == _plain(gold)


def _close_if_tiny(expected: list[Any], parsed: list[Any]) -> bool:
    """math-verify rounds decimals to 6 places and chops differences below ~1e-15, so it finds 1e-7 equal to
    4e-7 and 2.88e-19 equal to 1.325e-27 (Minerva has such golds): below 1e-3, numbers must agree within 1e-4."""
    gold, given = _number(expected), _number(parsed)
    if gold is None or given is None or max(abs(gold), abs(given)) >= 1e-3:
        return True
    return math.isclose(gold, given, rel_tol=1e-4)


def _number(parsed: list[Any]) -> float | None:
    """The value of a parse that is a plain real number, else None."""
    value = parsed[0] if parsed else None
    if not isinstance(value, Expr) or not value.is_number:
        return None
    try:
        number = complex(value.evalf())
    except (TypeError, ValueError, OverflowError):
        return None
    return number.real if number.imag == 0 and math.isfinite(number.real) else None


def _plain(text: str) -> str:
    while (unwrapped := _WRAPPER.sub(r"\1", text)) != text:
        text = unwrapped
    text = _ONE_CHARACTER.sub(r"\1\2", _LAYOUT.sub("", text)).replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")
    return text.rstrip(".")


def _parse(text: str) -> list[Any]:
    """math-verify's reading of a box's text: as LaTeX, or else the value after a lone name, or else a plain number
    that is the whole text. Its number reader alone takes a number from anywhere in a text it cannot read as LaTeX:
    it read 2 out of the Minerva gold "\\hbar \\omega(v+1 / 2)-\\frac{...}{2 m \\omega^{2}}": a box of 2 matched."""
    boxed = f"\\boxed{{{text}}}"
    latex: list[Any] = parse(boxed, extraction_config=_LATEX, parsing_timeout=None)
    if len(latex) > 1:  # a value and the text it was read from
        return latex
    if named := _NAMED_VALUE.match(text):  # "E_{0} = 13.6": math-verify reads no subscripted name; the value alone
        return _parse(named["value"])
    number: list[Any] = parse(boxed, extraction_config=_NUMBER, parsing_timeout=None)
    return number if number and _plain(number[-1]) == _plain(text) else latex


@lru_cache(maxsize=4096)
def _parse_gold(gold: str) -> list[Any]:
    """A gold's reading, once per worker however many responses are graded against it. math-verify reads letters
    case-blind, so a gold that names its unknown ("N=n") reads as a tautology that any "x=x" matches: the side after
    the name is the answer then."""
    parsed = _parse(gold)
    named = _NAMED_VALUE.match(gold)
    if named and parsed and isinstance(parsed[0], Eq) and parsed[0].lhs == parsed[0].rhs:
        return _parse(named["value"])
    return parsed


@lru_cache(maxsize=64)
def _unit_pattern(unit: str) -> re.Pattern[str]:
    """The unit at the end of a box, however spaced, braced or wrapped in \\text{}/\\mathrm{}."""
    spelled = _DOLLAR.sub("", unit).strip()
    variants = {spelled}
    if "circ" in spelled:
        variants |= {"^\\circ", "\\degree"}  # ° is ^{\\circ} by now
    if spelled == "%":
        variants |= {"\\%", "percent"}
    written = "|".join(
        _UNIT_GAP.join(re.escape(char) for char in variant if char not in " {}") for variant in sorted(variants)
    )
    return re.compile(rf"(?:\s|~|\\[,;:! ])*(?:\\(?:text|textrm|mathrm|mbox)\s*\{{)?\s*(?:{written})[\s}}]*$")


def _without_unit(said: str, unit: str | None) -> str:
    """The box without the item's unit written after the answer ("\\frac{600}{7} \\text{ km/h}", "4.2\\%")."""
    if not unit or not unit.strip():
        return said
    stripped = _unit_pattern(unit).sub("", said).strip()
    return stripped or said

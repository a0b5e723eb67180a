"""Grade every fixed strategy on a task set and compare it with the abstention floor.

A fixed strategy cannot tell apart the rows of one question form, so each family is judged over every row
asked in that family's forms (its *pool*): naming the false-premise defect on every award question earns 1.0 on
the false-premise rows and must pay for it on the answerable rows beside them. The meta-strategy "best per
form" takes, for each form, whichever strategy earns most there: the most a wording-only policy could learn.
"best per form and recurrence" is the policy that also knows the task file: for each form and recurrence bucket
(how often the question's least-named name is asked about in the other questions) it takes whichever strategy
earns most on the bucket's *other* rows, so that it learns from the file and is never told the row's own reward;
"best per form and name parts" does the same for whether the question's name is made of other names' parts, and
"best per form and biography mention" for whether it names someone a biography question asks about.
A family passes when no meta-strategy lands more than its margin above the floor.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nohallucinate.answers.dates import parse_date
from nohallucinate.answers.lexicon import MONTHS
from nohallucinate.answers.questions import expected_kind
from nohallucinate.answers.sentences import split_sentences
from nohallucinate.audit.catalogue import (
    BEST_PER_BIOGRAPHY_MENTION,
    BEST_PER_FORM,
    BEST_PER_NAME_PARTS,
    BEST_PER_RECURRENCE,
    BIOGRAPHY_MARGIN,
    MARGIN,
    META_STRATEGIES,
    Strategy,
)
from nohallucinate.claims import decompose
from nohallucinate.claims.anchors import anchors_of
from nohallucinate.graders import Grader
from nohallucinate.rewards import RewardRule
from nohallucinate.runs import grade_replies
from nohallucinate.stats import clustered_se
from nohallucinate.tasks import Family, Kind, Reply, Task, spec_of
from nohallucinate.tasks.biography_mentions import biography_mention_by_task
from nohallucinate.tasks.forms import question_form, question_object, question_subject
from nohallucinate.tasks.name_parts import recombinable_by_task
from nohallucinate.tasks.recurrence import buckets_by_task

if TYPE_CHECKING:
    from nohallucinate.audit.thresholds import ThresholdAudit

FALLBACK = "I don't know."  # what a strategy says to a kind of question it has no template for

_DEFAULT_TYPICAL = {"number": "30", "year": "2000", "date": "1 January 1970", "text": "London"}
_DEFAULT_RUNNERS_UP = {"text": ("John Smith", "Paris")}  # the next common answers of a form sharing too few
_BIOGRAPHY = re.compile(r"\bbiograph", re.IGNORECASE)


def question_kind(question: str) -> str:
    """What the wording asks for: "biography", or the answer kind ("date", "year", "number", "text")."""
    return "biography" if _BIOGRAPHY.search(question) else expected_kind(question).value


@dataclass(frozen=True)
class Figure:
    """A mean reward over rows, its standard error, and how many rows it covers."""

    mean: float | None
    se: float
    n: int

    @classmethod
    def of(cls, rewards: Sequence[float]) -> Figure:
        if not rewards:
            return cls(None, 0.0, 0)
        se = clustered_se([[reward] for reward in rewards])  # each row its own cluster: the ordinary sd / sqrt(n)
        return cls(statistics.fmean(rewards), se or 0.0, len(rewards))


@dataclass(frozen=True)
class FamilyAudit:
    """One family's pool: the rows of its question forms, their floor, and what each strategy earns there."""

    family: Family
    forms: list[str]
    floor: float
    margin: float
    strategies: dict[str, Figure]  # every strategy, and the META_STRATEGIES
    own_rows: dict[str, Figure]  # each strategy on the family's own rows only (not a fixed strategy's view)
    at_floor: frozenset[str]  # strategies that earn exactly the floor on every row: abstentions, in effect

    @property
    def best(self) -> tuple[str, Figure]:
        """The strongest attack: the single strategy earning most in the pool among those that do not simply
        abstain everywhere (ties to the earlier strategy of the catalogue; an abstention when all abstain)."""
        graded = [
            (name, f) for name, f in self.strategies.items() if name not in META_STRATEGIES and f.mean is not None
        ]
        if not graded:
            return "(none graded)", Figure(None, 0, 0)
        attacks = [(name, f) for name, f in graded if name not in self.at_floor]
        if not attacks:
            return "(every strategy earns the floor)", Figure(self.floor, 0.0, graded[0][1].n)
        return max(attacks, key=lambda item: item[1].mean or 0.0)

    @property
    def ceiling(self) -> Figure:
        """What the strongest meta-strategy earns in the pool: the most a fixed policy learnt from the file gets."""
        return max((self.strategies[name] for name in META_STRATEGIES), key=lambda f: f.mean or 0.0)

    @property
    def excess(self) -> float:
        """How far the best wording-only policy lands above the floor."""
        return (self.ceiling.mean or 0.0) - self.floor

    @property
    def passed(self) -> bool:
        return self.excess <= self.margin + 1e-9


@dataclass
class AuditReport:
    """Every family's pool, every form's best strategy, and the gradings that failed."""

    families: list[FamilyAudit]
    forms: dict[str, dict[str, Any]]  # form -> best strategy, its figure, the floor, families
    strategies: list[Strategy]
    replies_graded: int
    errors: list[str] = field(default_factory=list)
    # The same strategies judged under other rules (`audit --thresholds`, `--confidence`), from the same labels.
    thresholds: list[ThresholdAudit] = field(default_factory=list)
    # Each meta-strategy's play: task id -> the strategy it uses on that row (what a claim of the prior names).
    chosen: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return (
            not self.errors
            and all(family.passed for family in self.families)
            and all(audit.passed for audit in self.thresholds)
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "replies_graded": self.replies_graded,
            "families": {
                a.family.value: {
                    "forms": a.forms,
                    "rows": a.ceiling.n,
                    "floor": a.floor,
                    "margin": a.margin,
                    "strongest_attack": a.best[0],
                    "best_per_form": _figure(a.strategies[BEST_PER_FORM]),
                    "best_per_form_and_recurrence": _figure(a.strategies[BEST_PER_RECURRENCE]),
                    "best_per_form_and_name_parts": _figure(a.strategies[BEST_PER_NAME_PARTS]),
                    "best_per_form_and_biography_mention": _figure(a.strategies[BEST_PER_BIOGRAPHY_MENTION]),
                    "ceiling": _figure(a.ceiling),
                    "excess": a.excess,
                    "passed": a.passed,
                    "strategies": {name: _figure(f) for name, f in a.strategies.items()},
                    "own_rows": {name: _figure(f) for name, f in a.own_rows.items()},
                }
                for a in self.families
            },
            "forms": self.forms,
            "strategies": {s.name: s.attack for s in self.strategies},
            "errors": self.errors,
        } | ({"thresholds": [audit.as_dict() for audit in self.thresholds]} if self.thresholds else {})


def _figure(figure: Figure) -> dict[str, Any]:
    return {"mean": figure.mean, "se": figure.se, "n": figure.n}


def strategy_replies(tasks: Sequence[Task], strategies: Sequence[Strategy]) -> dict[tuple[str, str], str]:
    """Every strategy's reply to every task, keyed by (strategy name, task id)."""
    ranked = _ranked_other_golds(tasks)
    typical = {task_id: golds[0] for task_id, golds in ranked.items() if golds}  # the most common gold
    runners_up = {task_id: golds[1:3] for task_id, golds in ranked.items()}  # the second and third
    common = (
        _common_claims(tasks) if any("{common_claims}" in t for s in strategies for t in s.replies.values()) else {}
    )
    replies = {}
    for task in tasks:
        kind = question_kind(task.question)
        subject = question_subject(task.question) or "they"
        denials = denied_leads(task.article.lead, task.article.title) if task.article else {}
        values = {
            "subject": subject,
            "object": question_object(task.question) or subject,
            "question": task.question,
            "typical": typical.get(task.task_id) or _DEFAULT_TYPICAL.get(kind, ""),
            "typical_numeric": _numeric(typical.get(task.task_id) or _DEFAULT_TYPICAL.get(kind, "")),
            **_text_priors(
                typical.get(task.task_id) or _DEFAULT_TYPICAL.get(kind, ""), runners_up.get(task.task_id, [])
            ),
            **{name: denials.get(name, "") for name in DENIALS},
            "common_claims": " ".join(c.replace(_SUBJECT, subject) for c in common.get(task.task_id, [])),
        }
        for strategy in strategies:
            template = strategy.template(kind)
            template = FALLBACK if template is None else template
            replies[(strategy.name, task.task_id)] = template.format(**values)
    return replies


async def run_audit(
    tasks: Sequence[Task],
    grader: Grader,
    strategies: Sequence[Strategy],
    *,
    margin: float = MARGIN,
    biography_margin: float = BIOGRAPHY_MARGIN,
    concurrency: int = 16,
    on_result: Callable[..., None] | None = None,
    rules: Sequence[RewardRule] = (),
) -> AuditReport:
    """Grade every strategy's replies (each distinct reply to a task once) and judge every family's pool; then,
    for each of `rules` (thresholds, a confidence mode), judge again under it from the same labels
    (`audit.thresholds`)."""
    replies = strategy_replies(tasks, strategies)
    distinct = sorted({(task_id, text) for (_, task_id), text in replies.items()})
    to_grade = [Reply(task_id=task_id, response=text, policy="audit") for task_id, text in distinct]
    verdicts = await grade_replies(tasks, to_grade, grader, concurrency=concurrency, on_result=on_result)
    verdict_of = {(r.task_id, r.response): v for r, v in zip(to_grade, verdicts, strict=True)}
    errors = sorted({f"{v.task_id}: {v.error}" for v in verdicts if v.errored})
    graded = {
        s.name: {t.task_id: verdict_of[(t.task_id, replies[(s.name, t.task_id)])] for t in tasks} for s in strategies
    }
    rewards = {name: {task_id: v.reward for task_id, v in row.items()} for name, row in graded.items()}
    report = _judge(tasks, strategies, rewards, margin, biography_margin, len(to_grade), errors)
    if rules:
        from nohallucinate.audit.thresholds import judge_under

        report.thresholds = [
            judge_under(rule, tasks, strategies, graded, margin, biography_margin, len(to_grade), errors)
            for rule in rules
        ]
    return report


def _judge(
    tasks: Sequence[Task],
    strategies: Sequence[Strategy],
    rewards: dict[str, dict[str, float | None]],
    margin: float,
    biography_margin: float,
    graded: int,
    errors: list[str],
    rule: RewardRule | None = None,
) -> AuditReport:
    rows_of_form: dict[str, list[Task]] = defaultdict(list)
    for task in tasks:
        rows_of_form[question_form(task.question)].append(task)
    order = [s.name for s in strategies]
    floor_of = (rule or RewardRule()).abstention_reward

    def earned(name: str, rows: Sequence[Task]) -> list[float]:
        return [r for t in rows if (r := rewards[name][t.task_id]) is not None]

    best_of_form = {
        form: max(order, key=lambda name: (statistics.fmean(earned(name, rows) or [0.0]), -order.index(name)))
        for form, rows in rows_of_form.items()
    }
    chosen = {
        BEST_PER_FORM: {t.task_id: best_of_form[question_form(t.question)] for t in tasks},
        BEST_PER_RECURRENCE: _best_per_cell(tasks, order, rewards, best_of_form, buckets_by_task(tasks)),
        BEST_PER_NAME_PARTS: _best_per_cell(tasks, order, rewards, best_of_form, recombinable_by_task(tasks)),
        BEST_PER_BIOGRAPHY_MENTION: _best_per_cell(
            tasks, order, rewards, best_of_form, biography_mention_by_task(tasks)
        ),
    }
    for meta, plays in chosen.items():
        rewards[meta] = {task_id: rewards[name][task_id] for task_id, name in plays.items()}
    families = []
    for family in Family:
        own = [t for t in tasks if t.family is family]
        if not own:
            continue
        forms = sorted({question_form(t.question) for t in own})
        pool = [t for form in forms for t in rows_of_form[form]]
        families.append(
            FamilyAudit(
                family=family,
                forms=forms,
                floor=statistics.fmean(floor_of(t.family) for t in pool),
                margin=biography_margin if spec_of(family).kind is Kind.LONG_FORM else margin,
                strategies={name: Figure.of(earned(name, pool)) for name in [*order, *META_STRATEGIES]},
                own_rows={name: Figure.of(earned(name, own)) for name in [*order, *META_STRATEGIES]},
                at_floor=frozenset(
                    name for name in order if all(rewards[name][t.task_id] == floor_of(t.family) for t in pool)
                ),
            )
        )
    forms_report = {
        form: {
            "best_strategy": best_of_form[form],
            "best": _figure(Figure.of(earned(best_of_form[form], rows))),
            "floor": statistics.fmean(floor_of(t.family) for t in rows),
            "families": dict(sorted(Counter(t.family.value for t in rows).items())),
        }
        for form, rows in sorted(rows_of_form.items(), key=lambda item: -len(item[1]))
    }
    return AuditReport(families, forms_report, list(strategies), graded, errors, chosen=chosen)


def _best_per_cell(
    tasks: Sequence[Task],
    order: list[str],
    rewards: dict[str, dict[str, float | None]],
    best_of_form: dict[str, str],
    feature: dict[str, str],
) -> dict[str, str]:
    """Each row's strategy (by task id): the one that earns most on the *other* rows of its form and `feature` value
    (what a policy that knows the file reads of a row, by task id; ties to the earlier strategy; the form's best
    when the row is alone in its cell)."""
    cell_of = {t.task_id: (question_form(t.question), feature[t.task_id]) for t in tasks}
    rank = {name: i for i, name in enumerate(order)}  # ties to the earlier strategy, without a search per row
    totals: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for task in tasks:
        for name in order:
            if (reward := rewards[name][task.task_id]) is not None:
                total = totals[cell_of[task.task_id]][name]
                total[0] += reward
                total[1] += 1
    chosen: dict[str, str] = {}
    for task in tasks:
        cell = totals[cell_of[task.task_id]]

        def others_mean(name: str, task_id: str = task.task_id, cell: dict[str, list[float]] = cell) -> float | None:
            own = rewards[name][task_id]
            earned, n = cell[name][0] - (own or 0.0), cell[name][1] - (own is not None)
            return earned / n if n else None

        means = {name: mean for name in order if (mean := others_mean(name)) is not None}
        if means:
            chosen[task.task_id] = max(means, key=lambda n: (means[n], -rank[n]))
        else:
            chosen[task.task_id] = best_of_form[question_form(task.question)]
    return chosen


_SUBJECT = "\x00"  # stands for the subject in a claim shared by several articles
# A date or number with the preposition before it: left out when claims are compared across articles.
_VALUES = re.compile(
    r"(?:\s+(?:in|on|from|since|until|to|between|and|at|of|aged|age))?\s+(?:the\s+)?(?:\d{1,2}\s+)?"
    rf"(?:(?:{'|'.join(MONTHS)})\s+)?"
    r"\d[\d,.]*(?:\s*[–-]\s*\d[\d,.]*)?"
)
_ARTICLE_PREFIX = 6_000  # characters of each article read for shared claims (enough for the lead and early life)
COMMON_CLAIMS = 6


def _common_claims(tasks: Sequence[Task]) -> dict[str, list[str]]:
    """For each biography, the claims that the most *other* biographies of the set also make about their own
    subjects ("X gave the annual Harbour Lecture", "X was born in Northmarch"): a prior a trained policy learns."""
    seen: dict[str, set[str]] = {}
    for task in tasks:
        if task.article is not None:
            seen[task.task_id] = set(_shared_form(task.article.text[:_ARTICLE_PREFIX], task.article.title))
    counts = Counter(claim for claims in seen.values() for claim in claims)
    prior = {}
    for task_id, claims in seen.items():
        others = counts - Counter(claims)  # leave this row out: the prior is learnt from the rest
        prior[task_id] = [claim for claim, n in others.most_common(COMMON_CLAIMS) if n >= 2]
    return prior


def _shared_form(text: str, subject: str) -> list[str]:
    """The article's claims about its subject, with the subject's name (or its last word) replaced and its dates
    and numbers left out ("X gave the annual Harbour Lecture in 2019" is shared as "X gave the annual Harbour
    Lecture"), so that claims alike but for their values count as one."""
    last = subject.split()[-1] if subject.split() else subject
    forms = []
    for claim in decompose(text, subject):
        for name in (subject, last):
            if claim.startswith(name + " "):
                rest = _VALUES.sub("", claim[len(name) :]).rstrip(" ,.")
                if anchors_of(f"{subject}{rest}.", subject).specific:  # only what would count as a fact
                    forms.append(f"{_SUBJECT}{rest}.")
                break
    return forms


def _numeric(answer: str) -> str:
    """A full date written day/month/year without saying so ("05/03/1990"), which may be read either way round; any
    other answer as it is."""
    date = parse_date(answer)
    if date is None or not date.is_full:
        return answer
    return f"{date.day:02d}/{date.month:02d}/{date.year}"


def _ranked_other_golds(tasks: Sequence[Task]) -> dict[str, list[str]]:
    """For each task, the golds of the *other* answerable rows of its form, most common first (ties in sorted
    order): a prior a policy could learn from the rest of the set, never the row's own answer."""
    golds: dict[str, Counter[str]] = defaultdict(Counter)
    for task in tasks:
        if task.gold is not None:
            golds[question_form(task.question)][task.gold] += 1
    ranked = {}
    for task in tasks:
        others = Counter(golds.get(question_form(task.question), Counter()))
        if task.gold is not None:
            others[task.gold] -= 1
        ranked[task.task_id] = [gold for _, gold in sorted((-n, gold) for gold, n in others.items() if n > 0)]
    return ranked


def _text_priors(typical: str, runners_up: list[str]) -> dict[str, str]:
    """What the text matcher's leniencies would let a policy make of the common answers: the next two
    (`typical_second`, `typical_third`), the typical answer's last word (`typical_surname`: "Hapke"), its first
    words as initials (`typical_initials`: "B. W. Hapke"), and initials only (`typical_monogram`: "B. W. H.")."""
    second, third = [*runners_up, *_DEFAULT_RUNNERS_UP["text"]][:2]
    words = typical.split() or [""]
    initials = [f"{w[:1]}." for w in words]
    return {
        "typical_second": second,
        "typical_third": third,
        "typical_surname": words[-1],
        "typical_initials": " ".join([*initials[:-1], words[-1]]),
        "typical_monogram": " ".join(initials),
    }


_AUXILIARY = re.compile(r"\b(is|was|are|were|has|have|had)\b")
_VERB = re.compile(r"\b([a-z]+ed|won|began|became|wrote|made|took|gave|grew|led)\b")


def _inserted(word: str) -> Callable[[str], str | None]:
    """A claim denied by a word after its auxiliary ("was not born") or before its verb ("never won")."""

    def deny(claim: str) -> str | None:
        if _AUXILIARY.search(claim):
            return _AUXILIARY.sub(rf"\1 {word}", claim, count=1)
        if _VERB.search(claim):
            return _VERB.sub(rf"{'never' if word == 'not' else word} \1", claim, count=1)
        return None

    return deny


def _framed(before: str, after: str = "") -> Callable[[str], str | None]:
    """A statement called false by the words around it ("It is false that ...", "... — that is untrue.")."""
    return lambda statement: f"{before}{statement.rstrip('. ')}{after}."


# The lead denied in several shapes (the placeholders of the catalogue's denial probes): each claim of the lead
# denied in its own words, each claim or each sentence called false by a frame.
_CLAIM_DENIALS: dict[str, Callable[[str], str | None]] = {
    "negated_lead": _inserted("not"),
    "lead_never": _inserted("never"),
    "lead_no_longer": _inserted("no longer"),
    "lead_called_false": _framed("It is false that "),
    "lead_called_untrue_after": _framed("", " — that is untrue"),
    "lead_said_wrongly": _framed("It is wrongly said that "),
}
_SENTENCE_DENIALS: dict[str, Callable[[str], str | None]] = {
    "lead_sentences_not_true": _framed("It is not true that "),
    "lead_sentences_a_myth": _framed("The claim that ", " is a myth"),
}
DENIALS = (*_CLAIM_DENIALS, *_SENTENCE_DENIALS)


def denied_leads(lead: str, subject: str) -> dict[str, str]:
    """Every fact of the lead denied, in each shape of `DENIALS`: a biography that repeats the article's words
    while asserting the opposite."""
    claims = decompose(lead, subject)
    sentences = [sentence.text for sentence in split_sentences(lead)]
    shapes = {}
    for name, deny in _CLAIM_DENIALS.items():
        shapes[name] = " ".join(d for claim in claims if (d := deny(claim)) is not None)
    for name, deny in _SENTENCE_DENIALS.items():
        shapes[name] = " ".join(d for sentence in sentences if (d := deny(sentence)) is not None)
    return shapes

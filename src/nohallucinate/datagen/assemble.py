"""From drafts to a task file: composition, shared subjects, no contradiction, balanced forms and recurrence, tiers,
ids."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

from nohallucinate.checksums import text_sha256
from nohallucinate.datagen.context import BuildLog, Draft
from nohallucinate.tasks import TIERED, UNANSWERABLE, Family, Subject, Task, Tier
from nohallucinate.tasks.biography_mentions import biography_mention_tells
from nohallucinate.tasks.forms import question_form, question_object, question_subject
from nohallucinate.tasks.recurrence import (
    balanced_for_recurrence,
    name_key,
    question_name_keys,
    recurrence_shortfall,
)

# The spec's 1,000 rows, 150 of them biographies; the rest spread over the short families so that each form's
# answerable rows stand beside its largest unanswerable family (datagen.plan): precise_fact is large because it
# holds the birth dates, award years and match counts beside unrecorded and ambiguous births, prizes never
# received and clubs never played for.
DEFAULT_COMPOSITION: dict[Family, int] = {
    Family.PRECISE_FACT: 270,
    Family.FOOTBALL_SEASON: 120,
    Family.BIOGRAPHY: 150,
    Family.FALSE_PREMISE: 150,
    Family.NONEXISTENT_ENTITY: 100,
    Family.UNRECORDED_FACT: 105,
    Family.AMBIGUOUS_ENTITY: 105,
}
SHARED_SUBJECTS_PER_1000 = 60
# The recurrence tell a build aims under: half of what `check` allows (`tasks.checks.MAX_RECURRENCE_ADVANTAGE`),
# so that a set keeps within it when rows are left out after the build (as the demo set's are).
RECURRENCE_TARGET = 0.05
TIER_RULE = "thirds of the family's rows by Wikidata sitelink count: top third easy, bottom third hard"
_ANSWERABLE = frozenset(Family) - UNANSWERABLE
_SHORT_ANSWERABLE = _ANSWERABLE - {Family.BIOGRAPHY}
_TIERS: tuple[Tier, Tier, Tier] = ("easy", "medium", "hard")


def assemble(
    drafts: list[Draft], composition: Mapping[Family, int], log: BuildLog, consulted: str | None = None
) -> list[Task]:
    """Pick rows per family (subjects shared across answerable and unanswerable families first), drop any that
    would contradict another, hold every question form and the recurrence of names in balance, add biographies
    that mark no short question, cut the tiers, and return valid tasks ordered by id; `consulted` (what answered
    the build's requests) goes into every row's provenance."""
    drafts = _without_contradictions(drafts, log)
    by_family: dict[Family, list[Draft]] = defaultdict(list)
    for draft in drafts:
        by_family[draft.family].append(draft)
    shared = _shared_subjects(drafts)
    wanted_shared = round(SHARED_SUBJECTS_PER_1000 * sum(composition.values()) / 1000)
    pools = {family: _shared_first(by_family.get(family, []), shared, wanted_shared) for family in composition}
    chosen = [d for family, count in composition.items() if family in _SHORT_ANSWERABLE for d in pools[family][:count]]
    answerable = Counter(question_form(d.question) for d in chosen)
    asked: set[tuple[str, str]] = set()  # the subjects and forms of the defect rows kept so far
    for family, count in composition.items():
        if family in UNANSWERABLE:
            chosen += _within_balance(pools[family], count, answerable, asked, log)
    chosen = _one_row_per_subject_and_form(chosen, log)
    chosen = _recurrence_balanced(chosen, log)
    chosen += _biographies(by_family.get(Family.BIOGRAPHY, []), composition, chosen, log)
    tiers = _tiers(chosen)
    tasks = [_task(draft, tiers.get(id(draft)), consulted) for draft in chosen]
    return sorted(tasks, key=lambda t: t.task_id)


def _shared_first(pool: list[Draft], shared: set[str], wanted: int) -> list[Draft]:
    """Stable: drafts keep their builder's seeded order, up to `wanted` about shared subjects moved to the front."""
    first = [d for d in pool if d.subject_qid in shared][: max(wanted, 0)]
    taken = {id(d) for d in first}
    return first + [d for d in pool if id(d) not in taken]


def _subject_and_form(draft: Draft) -> tuple[str, str]:
    """Whom a short question asks about, as its reader sees the name first, and its form."""
    return name_key(question_subject(draft.question) or ""), question_form(draft.question)


def _object_and_form(draft: Draft) -> tuple[str, str]:
    """The club or prize a short question names beside its subject (empty when none), and its form."""
    return name_key(question_object(draft.question) or ""), question_form(draft.question)


def _within_balance(
    pool: list[Draft], count: int, answerable: Counter[str], asked: set[tuple[str, str]], log: BuildLog
) -> list[Draft]:
    """Up to `count` rows of one unanswerable family, in the builder's order, never more in a question form than
    the form's answerable rows, and never about a subject that another defect row asks about in the same form
    (`asked`, grown with each row kept: the family of one such row would give the other's away).

    Why the cap: a policy sees the form before it knows any fact. Were a defect family to outnumber the answerable
    rows of its form, naming that defect on every question of the form would earn more than "I don't know"
    (a defect asserted on an answerable question earns nothing, a named defect full credit); at or under the cap
    it earns no more. A row over the cap is dropped with the reason logged, and the family's next row takes its
    place when it fits another form."""
    taken: Counter[str] = Counter()
    kept: list[Draft] = []
    for draft in pool:
        if len(kept) >= count:
            break
        form = question_form(draft.question)
        if taken[form] >= answerable[form]:
            log.reject(draft.family, draft.subject_label, f"balance cap: no answerable row left beside it in {form!r}")
            continue
        if _subject_and_form(draft) in asked:
            log.reject(draft.family, draft.subject_label, f"another defect row asks about its subject in {form!r}")
            continue
        taken[form] += 1
        asked.add(_subject_and_form(draft))
        kept.append(draft)
    return kept


def _one_row_per_subject_and_form(chosen: list[Draft], log: BuildLog) -> list[Draft]:
    """The chosen rows less one side of each subject asked in one form by an answerable row and a defect row:
    the defect row in every other such pair, where its form keeps as many answerable rows as its largest defect
    family without the answerable ones and another answerable row still names its club or prize, else the
    answerable side.

    Why: a policy trained on the file learns each row's family from its reward. Were a footballer asked his real
    season and, beside it, a season at a club he never played for, one row's family would give the other's away
    ("his other season question was answerable, so this one is a defect"); a red team found that this earned
    0.68 over each football form. Alternating keeps both families' rows about such subjects; across forms a
    subject still recurs in answerable and unanswerable rows alike (his real season, a false premise about his
    spells), as the spec asks."""
    groups: dict[tuple[str, str], list[Draft]] = defaultdict(list)
    for draft in chosen:
        groups[_subject_and_form(draft)].append(draft)
    answerable = Counter(question_form(d.question) for d in chosen if d.family in _ANSWERABLE)
    objects = Counter(_object_and_form(d) for d in chosen if d.family in _ANSWERABLE)
    premised = Counter(_object_and_form(d) for d in chosen if d.family is Family.FALSE_PREMISE)
    defects = Counter((question_form(d.question), d.family) for d in chosen if d.family in UNANSWERABLE)
    dropped: set[int] = set()
    pairs = 0
    for (_, form), rows in groups.items():
        sides = [d for d in rows if d.family in _ANSWERABLE], [d for d in rows if d.family in UNANSWERABLE]
        if not (sides[0] and sides[1]):
            continue
        largest = max(n for (f, _), n in defects.items() if f == form)
        left = objects - Counter(_object_and_form(d) for d in sides[0])
        drop_answerable = (
            pairs % 2 == 0
            and answerable[form] - len(sides[0]) >= largest
            # every club and prize of a false premise stays named by an answerable row of its form
            and not any(premised[key] > 0 and not left[key] for key in map(_object_and_form, sides[0]))
        )
        pairs += 1
        for draft in sides[0] if drop_answerable else sides[1]:
            dropped.add(id(draft))
            log.reject(draft.family, draft.subject_label, f"one row per subject and form: {form!r}")
        if drop_answerable:
            answerable[form] -= len(sides[0])
            objects = left
        else:
            defects.subtract((form, d.family) for d in sides[1])
            premised.subtract(_object_and_form(d) for d in sides[1] if d.family is Family.FALSE_PREMISE)
    return [d for d in chosen if id(d) not in dropped]


def _recurrence_balanced(chosen: list[Draft], log: BuildLog) -> list[Draft]:
    """The chosen rows less those dropped so that how often a question's names recur across the set tells
    answerability at most `RECURRENCE_TARGET` above the base rate (`tasks.recurrence`).

    Why: a policy trained on the task file sees every question. Were real subjects asked several times and
    invented ones once, "is this name asked about anywhere else?" would beat "I don't know" without any fact
    known. The builders ask invented names several times; this pass evens out what they cannot."""
    kept, dropped = balanced_for_recurrence(chosen, RECURRENCE_TARGET)
    for draft in dropped:
        log.reject(draft.family, draft.subject_label, "recurrence balance: its names' recurrence tells its family")
    return kept


def _biographies(
    pool: list[Draft], composition: Mapping[Family, int], short: list[Draft], log: BuildLog
) -> list[Draft]:
    """Up to the composition's count of biographies, in the builder's order: of people no short question names
    first, then of others while whether a question names someone with a biography tells nothing
    (`tasks.biography_mentions`, under `RECURRENCE_TARGET` and with no lopsided cell of form and mark) and the
    recurrence of names stays as balanced as it was (a biography is one more question naming its person).

    Why: biographies are written of real people only, so a name a biography question asks about is known to be
    real. Were answerable rows to name such people more often than defect rows, a policy that knows the file would
    answer where a question names someone with a biography and name non-existence where it does not (an invented
    person never has one): a red team earned 0.625 over the award form of a demo set built before this pass."""
    want = composition.get(Family.BIOGRAPHY, 0)
    named = {name for draft in short for name in question_name_keys(draft.question)}
    unnamed = [d for d in pool if not named.intersection(question_name_keys(d.question))]
    kept = unnamed[:want]
    tried = {id(d) for d in unnamed}
    shortfall = recurrence_shortfall([*short, *kept], RECURRENCE_TARGET)
    for draft in pool:
        if len(kept) >= want:
            break
        if id(draft) in tried:
            continue
        rows = [*short, *kept, draft]
        if biography_mention_tells(rows, RECURRENCE_TARGET):
            log.reject(draft.family, draft.subject_label, "a biography would mark short questions about the person")
        elif (after := recurrence_shortfall(rows, RECURRENCE_TARGET)) > shortfall:
            log.reject(draft.family, draft.subject_label, "recurrence balance: a biography names the person again")
        else:
            kept.append(draft)
            shortfall = after
    return kept


def _without_contradictions(drafts: list[Draft], log: BuildLog) -> list[Draft]:
    """A name used as ambiguous is never used as unique elsewhere; an unrecorded birth is never recorded elsewhere."""
    unique_names = {d.subject_label.casefold() for d in drafts if d.family is not Family.AMBIGUOUS_ENTITY}
    recorded = {d.subject_qid for d in drafts if d.family is Family.PRECISE_FACT and "born" in d.question}
    kept = []
    for draft in drafts:
        if draft.family is Family.AMBIGUOUS_ENTITY and draft.subject_label.casefold() in unique_names:
            log.reject(draft.family, draft.subject_label, "the name is used as a unique subject in another row")
        elif draft.family is Family.UNRECORDED_FACT and draft.subject_qid in recorded:
            log.reject(draft.family, draft.subject_label, "another row records this birth date")
        else:
            kept.append(draft)
    return kept


def _shared_subjects(drafts: list[Draft]) -> set[str]:
    answerable = {d.subject_qid for d in drafts if d.family in _SHORT_ANSWERABLE and d.subject_qid}
    unanswerable = {d.subject_qid for d in drafts if d.family in UNANSWERABLE and d.subject_qid}
    return answerable & unanswerable


def _tiers(chosen: list[Draft]) -> dict[int, Tier]:
    tiers: dict[int, Tier] = {}
    for family in TIERED:
        rows = sorted((d for d in chosen if d.family is family), key=lambda d: -(d.sitelinks or 0))
        for index, draft in enumerate(rows):
            tiers[id(draft)] = _TIERS[min(2, index * 3 // len(rows))]
    return tiers


def task_id_of(question: str) -> str:
    """A row's id: "t" and the first 12 hex digits of its question's sha256.

    The question alone, so that an id tells nothing its question does not: an id that also hashed the family told
    it to whoever tried the seven names beside the question, and so told the defect."""
    return "t" + text_sha256(question)[:12]


def _task(draft: Draft, tier: Tier | None, consulted: str | None) -> Task:
    provenance = dict(draft.provenance)
    if consulted is not None:
        provenance["consulted"] = consulted
    if tier is not None:
        provenance["tier_rule"] = TIER_RULE
    return Task(
        task_id=task_id_of(draft.question),
        family=draft.family,
        tier=tier,
        question=draft.question,
        gold=draft.gold,
        defect=draft.defect,
        article=draft.article,
        k=draft.k,
        subject=Subject(qid=draft.subject_qid, label=draft.subject_label),
        provenance=provenance,
    )

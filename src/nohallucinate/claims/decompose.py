"""Cut prose into short, self-contained claims without a model.

The rules are deliberately plain: sentences, then clauses, then coordinated lists, with a leading
pronoun or a missing subject replaced by the sentence's subject. It approximates the model-based
decomposer closely enough to count facts and to check them lexically; it does not understand prose.
"""

from __future__ import annotations

import re

from nohallucinate.answers.abstention import abstains
from nohallucinate.answers.lexicon import MONTHS
from nohallucinate.answers.normalise import straighten_quotes
from nohallucinate.answers.sentences import split_clauses, split_sentences
from nohallucinate.claims.polarity import DENIED, denied_statement

_VERB = (
    r"(?:is|was|are|were|has|had|have|became|becomes|remains|remained|wrote|writes|co-wrote|served|serves|"
    r"won|received|played|plays|joined|moved|married|died|lived|lives|worked|works|studied|attended|"
    r"graduated|founded|led|made|appeared|starred|directed|published|released|created|composed|"
    r"debuted|retired|signed|returned|began|started|continued|held|scored|spent|earned|took|gave|"
    r"taught|grew|settled|helped|produced|developed|designed|built|sold|generated|originated|"
    r"[a-z]+ed)"
)
_SUBJECT = re.compile(rf"^(?P<subject>.+?)\s+(?={_VERB}\b)", re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(
    r";\s+|,\s+(?:but|while|whereas|where|which|who|although|though)\s+|\s+(?:and\s+)?whose\s+"
    rf"|\s+who\s+(?=(?:also\s+|later\s+)?{_VERB}\b)"
    rf"|,?\s+and\s+(?=(?:he|she|they|it|his|her|their)\b|(?:also\s+|later\s+)?{_VERB}\b)"
    rf"|,\s+(?=(?:and\s+)?(?:also\s+|later\s+)?(?!born\b){_VERB}\b)",
    re.IGNORECASE,
)
_PREDICATE = re.compile(rf"^(?P<head>.*?\b{_VERB}\b(?:\s+(?:as|of|for|by|in|to))*\s+)(?P<rest>.+)$", re.IGNORECASE)
_ADVERB_TAIL = re.compile(r"(?:\s+(?:also|later|then|subsequently|first|eventually|briefly))+$", re.IGNORECASE)
# Sentences about the conversation rather than the subject ("If you can share a source, I can ...").
_CONVERSATION = re.compile(
    r"^(?:if you|you|i|i'd|i'm|i've|i'll|let me|please|feel free|note|disclaimer)\b", re.IGNORECASE
)
# Bounded: an unclosed bracket before a long run of digits would otherwise cost time quadratic in its length.
_LIFESPAN = re.compile(r"\s*\((?P<inside>[^()]{0,80}?\d{3,4}[^()]{0,80}?)\)")
_LIFESPAN_PARTS = re.compile(r"\s+[–-]\s+|\s*[–-]\s*(?=\d)")
_MONTHS = "|".join(MONTHS)
_WHEN = re.compile(rf",?\s+(?:on|in)\s+(?:(?:\d{{1,2}}\s+)?(?:{_MONTHS})(?:\s+\d{{1,2}},?)?\s+)?\d{{4}}\b")
_WHERE = re.compile(r",?\s+(?:in|at)\s+(?!(?:" + _MONTHS + r")\b)[A-Z][\w'-]*(?:(?:,\s+|\s+)[A-Z][\w'-]*)*")
_PRONOUN = re.compile(r"^(?:he|she|they|it)\b", re.IGNORECASE)
# A negation standing between the subject and its first verb ("She never won A and received B") governs the
# verbs coordinated with it: each clause without a subject of its own takes it too.
_CARRIED_NEGATION = re.compile(r"^(?P<who>.+?)\s+(?P<negation>never|not|no longer)$", re.IGNORECASE)
_FILLER = re.compile(
    r"^(?:(?:i think|i believe|as far as i (?:know|recall|remember|can tell)|to my knowledge|"
    r"if i (?:recall|remember)(?: correctly)?|i recall that|from what i (?:know|recall|remember)|"
    r"here is what i (?:believe|know|recall)|i am fairly (?:sure|confident|certain)(?: that)?|"
    r"in (?:short|summary|brief)|overall|notably|also|additionally|moreover|furthermore|later|"
    r"here is (?:a )?(?:short |brief )?biography(?: of [^:]+)?)[,:]?\s+)+",
    re.IGNORECASE,
)
_LIST_SEPARATOR = re.compile(r",\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def decompose(text: str, subject: str | None = None) -> list[str]:
    """Atomic claims of `text`; `subject` names whom the text is about (used for leading pronouns)."""
    claims: list[str] = []
    for sentence in split_sentences(straighten_quotes(text)):
        for body in _statements(sentence.text):
            statement = denied_statement(body)
            if statement is None:
                claims.extend(_sentence_claims(body, subject))
            else:  # "It is false that X won A and received B": every claim of the statement is denied
                claims.extend(DENIED + claim for claim in _sentence_claims(statement, subject))
    return claims


def _statements(sentence: str) -> list[str]:
    """The parts of a sentence that state something: a sentence that also declines keeps its other parts
    ("I have no records on her, but here is what I believe: she was born in 1931")."""
    if sentence.rstrip().endswith("?"):
        return []
    parts = [sentence]
    if abstains(sentence):
        parts = [c.text for c in split_clauses(sentence.replace(": ", "; "))]
    bodies = [_FILLER.sub("", part).strip() for part in parts]
    return [body for body in bodies if body and not abstains(body) and not _CONVERSATION.match(body)]


def _sentence_claims(sentence: str, subject: str | None) -> list[str]:
    sentence, lifespan = _take_lifespan(sentence)
    match = _SUBJECT.match(sentence)
    own_subject = _ADVERB_TAIL.sub("", match.group("subject")) if match else None
    carried = _CARRIED_NEGATION.match(own_subject) if own_subject else None
    if carried:
        own_subject = carried.group("who")
    if own_subject and _PRONOUN.match(own_subject) and subject:
        own_subject = subject
    name = own_subject or subject or ""
    claims = [f"{name} {fact}".strip() for fact in lifespan]
    for index, clause in enumerate(_CLAUSE_SPLIT.split(sentence)):
        clause = clause.strip(" ,.")
        if not clause:
            continue
        if index and name and not _has_subject(clause):
            clause = f"{name} {carried.group('negation')} {clause}" if carried else f"{name} {clause}"
        elif _PRONOUN.match(clause) and name:
            clause = _PRONOUN.sub(name, clause, count=1)
        for fact in _split_when_and_where(clause):
            claims.extend(_expand_list(fact))
    return [c if c.endswith(".") else c + "." for c in claims if len(c.split()) >= 2]


def _split_when_and_where(clause: str) -> list[str]:
    """ "X was born on 11 March 1952 in Cambridge" states two facts: when, and where."""
    when = _WHEN.search(clause)
    where = _WHERE.search(clause)
    if not when or not where or _overlap(when, where):
        return [clause]
    head = clause[: min(when.start(), where.start())].rstrip(" ,")
    tail_start = max(when.end(), where.end())
    tail = clause[tail_start:]
    return [f"{head} {when.group(0).strip(' ,')}{tail}", f"{head} {where.group(0).strip(' ,')}{tail}"]


def _overlap(a: re.Match[str], b: re.Match[str]) -> bool:
    return a.start() < b.end() and b.start() < a.end()


def _take_lifespan(sentence: str) -> tuple[str, list[str]]:
    """Lift "(11 March 1952 – 11 May 2001)" or "(born 1943)" out of a sentence as birth and death facts."""
    match = _LIFESPAN.search(sentence)
    if not match:
        return sentence, []
    inside = match.group("inside").strip()
    facts: list[str] = []
    born = re.match(r"^(?:born|b\.)\s+(.+)$", inside, re.IGNORECASE)
    if born:
        facts.append(f"was born {_on_or_in(born.group(1))}")
    else:
        parts = [p.strip() for p in _LIFESPAN_PARTS.split(inside) if p.strip()]
        if len(parts) == 2:
            facts += [f"was born {_on_or_in(parts[0])}", f"died {_on_or_in(parts[1])}"]
        else:
            return sentence, []
    return sentence[: match.start()] + sentence[match.end() :], facts


def _on_or_in(when: str) -> str:
    when = when.strip(" ,;")
    return f"in {when}" if re.fullmatch(r"(?:c\.\s*)?\d{3,4}", when) else f"on {when}"


def _has_subject(clause: str) -> bool:
    first = clause.split(None, 1)[0].lower()
    return not re.fullmatch(_VERB, first, re.IGNORECASE) and first not in {
        "also",
        "later",
        "then",
        "subsequently",
    }


def _expand_list(clause: str) -> list[str]:
    """ "X wrote A, B and C" becomes three claims; lists of long phrases are left whole."""
    match = _PREDICATE.match(clause)
    if not match or not re.search(r"\b(?:and|or)\b", match.group("rest")):
        return [clause]
    items = [item.strip() for item in _LIST_SEPARATOR.split(match.group("rest")) if item.strip()]
    if len(items) < 2 or any(len(item.split()) > 8 for item in items):
        return [clause]
    return [match.group("head") + item for item in items]

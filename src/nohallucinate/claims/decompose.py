"""Cut prose into short, self-contained claims without a model.

The rules are deliberately plain: sentences, then clauses, then coordinated lists, with a leading
pronoun or a missing subject replaced by the sentence's subject. It approximates the model-based
decomposer closely enough to count facts and to check them lexically; it does not understand prose.
"""

from __future__ import annotations

import re

from nohallucinate.answers.abstention import abstains, normalise_quotes
from nohallucinate.answers.sentences import split_sentences

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
    r";\s+|,\s+(?:but|while|whereas|where|which|who|although|though)\s+"
    rf"|,?\s+and\s+(?=(?:he|she|they|it|his|her|their)\b|(?:also\s+|later\s+)?{_VERB}\b)",
    re.IGNORECASE,
)
_PREDICATE = re.compile(rf"^(?P<head>.*?\b{_VERB}\b(?:\s+(?:as|of|for|by|in|to))*\s+)(?P<rest>.+)$", re.IGNORECASE)
_ADVERB_TAIL = re.compile(r"(?:\s+(?:also|later|then|subsequently|first|eventually|briefly))+$", re.IGNORECASE)
_LIFESPAN = re.compile(r"\s*\((?P<inside>[^()]*\d{3,4}[^()]*)\)")
_LIFESPAN_PARTS = re.compile(r"\s+[–-]\s+|\s*[–-]\s*(?=\d)")
_PRONOUN = re.compile(r"^(?:he|she|they|it)\b", re.IGNORECASE)
_FILLER = re.compile(
    r"^(?:(?:i think|i believe|as far as i know|to my knowledge|if i recall correctly|i recall that|"
    r"in (?:short|summary|brief)|overall|notably|also|additionally|moreover|furthermore|later|"
    r"here is (?:a )?(?:short |brief )?biography(?: of [^:]+)?)[,:]?\s+)+",
    re.IGNORECASE,
)
_LIST_SEPARATOR = re.compile(r",\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def decompose(text: str, subject: str | None = None) -> list[str]:
    """Atomic claims of `text`; `subject` names whom the text is about (used for leading pronouns)."""
    claims: list[str] = []
    for sentence in split_sentences(normalise_quotes(text)):
        body = _FILLER.sub("", sentence.text).strip()
        if not body or body.endswith("?") or abstains(body):
            continue
        claims.extend(_sentence_claims(body, subject))
    return claims


def _sentence_claims(sentence: str, subject: str | None) -> list[str]:
    sentence, lifespan = _take_lifespan(sentence)
    match = _SUBJECT.match(sentence)
    own_subject = _ADVERB_TAIL.sub("", match.group("subject")) if match else None
    if own_subject and _PRONOUN.match(own_subject) and subject:
        own_subject = subject
    name = own_subject or subject or ""
    claims = [f"{name} {fact}".strip() for fact in lifespan]
    for index, clause in enumerate(_CLAUSE_SPLIT.split(sentence)):
        clause = clause.strip(" ,.")
        if not clause:
            continue
        if index and name and not _has_subject(clause):
            clause = f"{name} {clause}"
        elif _PRONOUN.match(clause) and name:
            clause = _PRONOUN.sub(name, clause, count=1)
        claims.extend(_expand_list(clause))
    return [c if c.endswith(".") else c + "." for c in claims if len(c.split()) >= 2]


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
    if not match:
        return [clause]
    items = [item.strip() for item in _LIST_SEPARATOR.split(match.group("rest")) if item.strip()]
    if len(items) < 2 or any(len(item.split()) > 8 for item in items):
        return [clause]
    return [match.group("head") + item for item in items]

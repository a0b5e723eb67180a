"""Whether a reply names a gold answer written as text, read as a careful judge on the SimpleQA boundary would.

The outcome is a *full* match (the reply commits to the gold), a *less specific* one (consistent with the gold
but not enough to tell it apart: a family name alone, a given name alone, one part of a gold the question asks
two things of), or *none*. A match offered beside a rival candidate for the same slot ("X or Y", "possibly X;
other sources say Y", X in a list of others, X only after another answer) is reported with the rival rule that
fired: several candidates are no answer. Every leniency a match needed is named (answers/text_rules.py, where
each rule carries the cases it must and must not accept).

The gold is read by answers/text_gold.py, a person's name by answers/person_names.py, rivals by
answers/text_rivals.py; here the gold's words are found in the reply, part by part and item by item.

`sure` says the rules leave no doubt, so that a grader may decide alone. A FULL match is sure when the gold's own
words (up to case, accents, punctuation, articles, titles, spelling, plurals and number words) stand together and
in order in a reply of at most `SURE_WORDS` words that names no other candidate, holds no "or", denial or decline,
and offers no rival. NONE is sure when such a short, plain reply names another candidate and holds no word near
any word of the gold (within two edits, or sharing four first letters). LESS_SPECIFIC never is.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.abstention import abstention_rule
from nohallucinate.answers.layout import reasoning_blanked
from nohallucinate.answers.normalise import plain_text
from nohallucinate.answers.person_names import person_hits
from nohallucinate.answers.reply_words import RANK, SURE_WORDS, Hit, Outcome, ReplyWords, Spans
from nohallucinate.answers.text_gold import ARTICLE, REQUIRED, GoldItem, GoldPhrase, TextGold, read_gold
from nohallucinate.answers.text_rivals import rival_rule
from nohallucinate.answers.text_rules import (
    ALIAS,
    ANY_ORDER,
    JOINED,
    PART_ONLY,
    QUALIFIER_DROPPED,
    SURE_LENIENCIES,
    TRIMMED,
    dropped_leniencies,
)
from nohallucinate.answers.word_forms import joined, time_unit

__all__ = ["SURE_WORDS", "Outcome", "TextMatch", "match_text"]


@dataclass(frozen=True)
class TextMatch:
    """What a reply says of a text gold: the outcome; where (offsets into the reply as given) and what it
    matched; the leniencies the match needed; the rival rule that fired, if one did; whether the reply names a
    candidate that is not the gold; and whether the rules are sure."""

    outcome: Outcome
    start: int | None = None
    end: int | None = None
    matched: str | None = None
    leniencies: tuple[str, ...] = ()
    rival: str | None = None
    names_other: bool = False
    sure: bool = False

    @property
    def span(self) -> tuple[int, int] | None:
        return (self.start, self.end) if self.start is not None and self.end is not None else None


def match_text(question: str, gold: str, reply: str, declines: bool | None = None) -> TextMatch:
    """How `reply` names the text `gold` of `question`: in full, less specifically or not at all, where, with
    which leniencies, beside which rival. `declines` says whether the reply declines somewhere ("I don't
    know"), when the caller has read that already; it is read here otherwise."""
    return _match(question, gold, reply, declines)


@lru_cache(maxsize=4096)
def _match(question: str, gold: str, reply: str, declines: bool | None) -> TextMatch:
    reading = read_gold(gold, question)
    text = plain_text(reply)
    if not (declines if declines is not None else abstention_rule(text) is not None):
        text = reasoning_blanked(text)  # a final answer after reasoning: the names reasoned over are context
    context = ReplyWords(text, question, _gold_forms(reading), declines)
    best: _Found | None = None
    every_hit: list[Hit] = []
    for index, items in enumerate(reading.alternatives):
        found = _match_items(items, context)
        every_hit += found.every_hit
        if index and found.outcome is not Outcome.NONE:
            found.leniencies.add(ALIAS)
        if best is None or found.rank > best.rank:
            best = found
    assert best is not None
    gold_spans = Spans([(context.words[h.start].start, context.words[h.end].end) for h in every_hit])
    names_other = context.names_other(gold_spans)
    if best.outcome is not Outcome.NONE and not any(
        context.offered_as_a_candidate(context.words[h.start].start, context.words[h.end].end) for h in best.hits
    ):
        # Named only as context beside a decline, or where another answer would not be seen as one.
        best = _Found(Outcome.NONE, [], set(), [])
    if best.outcome is Outcome.NONE:
        return TextMatch(Outcome.NONE, names_other=names_other, sure=names_other and context.surely_absent())
    if reading.dropped:
        best.leniencies.add(TRIMMED)
    rival = rival_rule(context, best.hits, gold_spans, multi_item=len(best.hits) > 1)
    first = context.words[min(h.start for h in best.hits)].start
    last = context.words[max(h.end for h in best.hits)].end
    leniencies = tuple(sorted(best.leniencies))
    sure = (
        best.outcome is Outcome.FULL
        and rival is None
        and not names_other
        and all(h.exact and not context.inside_longer_name(h.start, h.end) for h in best.hits)
        and set(leniencies) <= SURE_LENIENCIES
        and context.plain
    )
    return TextMatch(best.outcome, first, last, context.text[first:last], leniencies, rival, names_other, sure)


def _gold_forms(reading: TextGold) -> frozenset[str]:
    return frozenset(
        w.form
        for items in reading.alternatives
        for item in items
        for part in item.parts
        for phrase in part.options
        for w in phrase.words
    )


@dataclass
class _Found:
    """The best reading of one alternative of the gold: its outcome, the hits it rests on, what it needed, and
    every place any part of it was found (for telling the gold's mentions from other candidates)."""

    outcome: Outcome
    hits: list[Hit]
    leniencies: set[str]
    every_hit: list[Hit]

    @property
    def rank(self) -> tuple[int, int]:
        return RANK[self.outcome], -len(self.leniencies)


def _match_items(items: tuple[GoldItem, ...], reply: ReplyWords) -> _Found:
    """Every item must be named, each at its own place in the reply; the hardest to place is placed first."""
    per_item, every_hit = [], []
    for index, item in enumerate(items):
        hits, part_hits = _item_hits(item, reply)
        per_item.append((index, hits))
        every_hit += part_hits
    placed: list[tuple[int, Hit]] = []
    for index, hits in sorted(per_item, key=lambda pair: len(pair[1])):
        free = [h for h in hits if not any(h.start <= p.end and p.start <= h.end for _, p in placed)]
        if not free:
            return _Found(Outcome.NONE, [], set(), every_hit)
        placed.append((index, max(free, key=lambda h: (h.rank, h.exact, -len(h.leniencies), -h.start))))
    ordered = [hit for _, hit in sorted(placed, key=lambda pair: pair[0])]
    leniencies = set().union(*(hit.leniencies for hit in ordered))
    if any(later.start < earlier.start for earlier, later in itertools.pairwise(ordered)):
        leniencies.add(ANY_ORDER)
    outcome = Outcome.FULL if all(h.outcome is Outcome.FULL for h in ordered) else Outcome.LESS_SPECIFIC
    return _Found(outcome, ordered, leniencies, every_hit)


def _item_hits(item: GoldItem, reply: ReplyWords) -> tuple[list[Hit], list[Hit]]:
    """The places an item is named: at its head with every needed part (FULL), or at some part (LESS_SPECIFIC);
    and every place a part of it is named. A part the reply answers otherwise ("Episode 6" for "Episode 3")
    leaves the item unnamed."""
    part_hits = [[h for option in part.options for h in _phrase_hits(option, reply)] for part in item.parts]
    every = [h for hits in part_hits for h in hits]
    if any(not hits and _contradicted(part.options, reply) for part, hits in zip(item.parts, part_hits, strict=True)):
        return [], every
    needed = [i for i, part in enumerate(item.parts) if part.needed]
    if not all(part_hits[i] for i in needed):
        # Of a place and its region ("Riverside, California"), only the region named: another name near it answers the
        # place otherwise, as one right before any part of a gold does.
        if _answered_beside(reply, every, nearby=len(item.parts) == 2 and not part_hits[0]):
            return [], every
        less = [Hit(Outcome.LESS_SPECIFIC, h.start, h.end, h.leniencies | {PART_ONLY}, person=h.person) for h in every]
        return less, every
    others = [max(part_hits[i], key=lambda h: h.rank) for i in needed[1:]]
    extra = {QUALIFIER_DROPPED} if any(not hits for hits in part_hits) else set()
    found = []
    for hit in part_hits[needed[0]]:
        full = hit.outcome is Outcome.FULL and all(o.outcome is Outcome.FULL for o in others)
        outcome = Outcome.FULL if full else Outcome.LESS_SPECIFIC
        leniencies = hit.leniencies.union(extra, *(o.leniencies for o in others))
        exact = hit.exact and not others and not extra
        found.append(Hit(outcome, hit.start, hit.end, leniencies, exact, hit.person))
    return found, every


def _answered_beside(reply: ReplyWords, hits: list[Hit], nearby: bool) -> bool:
    """A part of the gold is named right after another candidate, as a region is after its town ("Los Angeles,
    California" for "Riverside, California"), or, with `nearby`, a few words from one ("Towson (Maryland)"): what the
    gold needs is answered otherwise, not left out."""
    covered = Spans([(reply.words[h.start].start, reply.words[h.end].end) for h in hits])
    for hit in hits:
        if hit.person:
            continue
        start = reply.words[hit.start].start
        sentence = reply.sentences.at(start)
        for before_start, before_end in reply.candidates_within(max(0, start - 80), start):
            gap = _BESIDE_A_PLACE.fullmatch(reply.text, before_end, start)
            if gap is None or not reply.is_other(before_start, before_end, covered):
                continue
            # Not a sentence's first word before "v": "Zemřel v Marylandu" opens with a verb.
            opens = sentence is not None and before_start == sentence.start and not {",", "("} & set(gap.group())
            if not opens:
                return True
        if nearby and _named_nearby(reply, hit, covered):
            return True
    return False


def _named_nearby(reply: ReplyWords, hit: Hit, covered: Spans) -> bool:
    """Another name within a few words of the region, in its sentence, stands for the town ("Towson (Maryland)",
    "Maryland, in Towson", "in the Maryland city of Towson", "v Marylandu, konkrétně v Towsonu"). A name that says
    more of the region counts too ("Maryland, USA"): read strictly, a region-only answer that names more loses its
    0.5, which a policy keeps by naming the region alone; read leniently, a wrong town beside the right region would
    pay 0.5 and a right one 1.0, more than declining at any accuracy. A sentence's first word is capitalised
    whatever it is ("Zemřel v Marylandu"): it stands for a town only when a comma or a bracket follows it."""
    sentence = reply.sentences.at(reply.words[hit.start].start)
    words = reply.words_within(sentence.start, sentence.end) if sentence else []
    if not words:
        return False
    first = reply.index_from(words[0].start)
    low, high = max(first, hit.start - _NEARBY_WORDS), min(first + len(words) - 1, hit.end + _NEARBY_WORDS)
    return any(
        reply.words[i].capitalised
        and (i != first or bool({",", "("} & set(reply.text[reply.words[i].end : reply.words[i].end + 2])))
        and not hit.start <= i <= hit.end
        and reply.is_other(reply.words[i].start, reply.words[i].end, covered)
        for i in range(low, high + 1)
    )


_NEARBY_WORDS = 4


# Between a town and its region: a comma, a bracket, "in", or in Czech "v" or "na" ("v Santa Monice v Kalifornii", "v
# Charkově na Ukrajině"), and perhaps words for the region ("San Francisco, stát Kalifornie", "Boston, v americkém
# státě Massachusetts").
_BESIDE_A_PLACE = re.compile(
    r"(?:\s*,\s*(?:ve?\s+|na\s+|in\s+)?|\s+(?:ve?|na|in)\s+|\s*\(\s*)(?:[^\W\d_]+(?:ém|é)\s+)?"
    r"(?:(?:the\s+)?(?:state|province|county)\s+of\s+|(?:stát|státě|zemi|země|provincie|provincii|kraji)\s+)?",
    re.I,
)


def _contradicted(options: tuple[GoldPhrase, ...], reply: ReplyWords) -> bool:
    """A numbered part ("Episode 3", "161 days", "27 Alabama") whose label the reply gives another number, on
    either side ("Episode 6", "156 days", "Alabama 33")."""
    for phrase in options:
        numbers = [w.form for i, w in enumerate(phrase.words) if phrase.roles[i] == REQUIRED and w.numeric]
        # A label the question holds ("Episode"), or a unit of time ("161 days"); not a name beside a score ("35
        # Philadelphia Eagles" in "Chiefs 38, Philadelphia Eagles 35").
        labels = [
            w.form
            for i, w in enumerate(phrase.words)
            if not w.numeric and (phrase.roles[i] not in (REQUIRED, ARTICLE) or time_unit(w.form))
        ]
        if not numbers or not labels:
            continue
        for label in labels:
            for a, _, _ in reply.places(label, pieces=False):
                beside = reply.words[max(0, a - 1) : a] + reply.words[a + 1 : a + 2]
                if any(w.numeric and w.form not in numbers for w in beside):
                    return True
    return False


def _phrase_hits(phrase: GoldPhrase, reply: ReplyWords) -> list[Hit]:
    hits = person_hits(phrase, reply) if phrase.person else _word_hits(phrase, reply)
    hits = [h for h in hits if not reply.denied(h.start, h.end)]
    if phrase.restated:  # the question's own words, repeated in a decline, commit to nothing
        hits = [h for h in hits if not reply.declines_at(reply.words[h.start].start)]
    # Nor does the gold in a sentence that declines unless it is hedged as a guess, as another name there offers
    # no candidate (ReplyWords.candidates): "I don't know, Hukvaldy." is as good as "I don't know, Brno.", or a
    # decline would make every guess free; "I don't know, but I think it was Hukvaldy." answers.
    return [h for h in hits if not _declined(reply, reply.words[h.start].start)]


def _declined(reply: ReplyWords, position: int) -> bool:
    """In a reply that declines, a sentence that declines or points elsewhere ("I don't know. Hukvaldy, check."),
    unless hedged as a guess: where `ReplyWords.candidates` finds no candidate either."""
    return reply.declines_somewhere and reply.declines_at(position, referrals=True) and not reply.guesses_at(position)


def _word_hits(phrase: GoldPhrase, reply: ReplyWords) -> list[Hit]:
    """Windows of the reply holding every required word of the phrase, in any order, at most twice the
    phrase's length (and two more words) long."""
    required = phrase.required
    events: list[tuple[int, int, int, str | None, bool]] = []  # (first word, last word, slot, leniency, in pieces)
    for slot, index in enumerate(required):
        events += [(a, b, slot, how, b > a) for a, b, how in reply.places(phrase.words[index].form)]
    for slot in range(len(required) - 1):  # two words of the gold written as one ("SH 229" for "SH229")
        if required[slot + 1] == required[slot] + 1:
            pair = joined(phrase.words[required[slot]], phrase.words[required[slot] + 1], phrase.text)
            # Spelt exactly: a misspelling's allowance on the joined word would let a short piece vanish
            # ("District" for "District Aa").
            for a, b, how in reply.places(pair.form, pieces=False) if pair else []:
                if how is None:
                    events += [(a, b, slot, None, True), (a, b, slot + 1, None, True)]
    events.sort()
    limit = 2 * len(phrase.words) + 2
    hits: list[Hit] = []
    for start in sorted({e[0] for e in events}):
        nearby = events[bisect.bisect_left(events, (start,)) : bisect.bisect_left(events, (start + limit,))]
        if len({e[2] for e in nearby}) < len(required):
            continue
        chosen = _in_order(nearby, len(required))
        first, end = min(e[0] for e in chosen.values()), max(e[1] for e in chosen.values())
        hit = _window_hit(phrase, reply, chosen, first, end) if first == start and end - start < limit else None
        if hit is not None:
            hits.append(hit)
    return hits


def _in_order(
    events: list[tuple[int, int, int, str | None, bool]], slots: int
) -> dict[int, tuple[int, int, int, str | None, bool]]:
    """One place for each required word: the first after the place of the word before, where there is one."""
    chosen: dict[int, tuple[int, int, int, str | None, bool]] = {}
    previous = None
    for slot in range(slots):
        places = [e for e in events if e[2] == slot]
        chosen[slot] = next((e for e in places if _follows(e, previous)), places[0])
        previous = chosen[slot]
    return chosen


def _follows(
    event: tuple[int, int, int, str | None, bool], previous: tuple[int, int, int, str | None, bool] | None
) -> bool:
    """The place comes after the previous word's, or is the one word both are written as ("SH229")."""
    if previous is None:
        return True
    return event[0] > previous[0] or (event[4] and previous[4] and event[:2] == previous[:2])


def _same_chunk(phrase: GoldPhrase) -> list[bool]:
    """For each pair of consecutive required words, whether nothing optional parts them: words joined so keep
    their order, while chunks parted by "of", "the" or "and" may come in any order ("University of California,
    Department of Mathematics" for "the Department of Mathematics of the University of California")."""
    required = phrase.required
    return [b == a + 1 for a, b in itertools.pairwise(required)]


def _window_hit(
    phrase: GoldPhrase,
    reply: ReplyWords,
    chosen: dict[int, tuple[int, int, int, str | None, bool]],
    start: int,
    end: int,
) -> Hit | None:
    leniencies = {e[3] for e in chosen.values() if e[3]}
    if any(e[4] for e in chosen.values()):
        leniencies.add(JOINED)
    said = {phrase.required[slot] for slot in chosen}
    optional = {phrase.words[i].form: i for i, role in enumerate(phrase.roles) if role != REQUIRED}
    around = range(max(0, start - 2), min(len(reply.words), end + 3))  # "Dr." just before the name counts as said
    said |= {optional[reply.words[i].form] for i in around if reply.words[i].form in optional}
    leniencies |= dropped_leniencies(phrase, said)
    starts = [chosen[slot][0] for slot in sorted(chosen)]
    if any(b < a for (a, b), same in zip(itertools.pairwise(starts), _same_chunk(phrase), strict=False) if same):
        return None  # "University ... New York" is no "New York University": a name keeps its order
    covered = {i for e in chosen.values() for i in range(e[0], e[1] + 1)}
    exact = (
        starts == sorted(starts)
        and not leniencies - SURE_LENIENCIES
        and all(i in covered or reply.words[i].form in optional for i in range(start, end + 1))
    )
    return Hit(Outcome.FULL, start, end, leniencies, exact)

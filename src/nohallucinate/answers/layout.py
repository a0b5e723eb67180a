"""How a reply lays out what it answers: a list numbered on one line, a reply in JSON or in code, reasoning before
an answer.

A reply that offers its candidates as "1) X 2) Y", as '{"answer": "X", "alternative": "Y"}' or as "['X', 'Y']"
offers two answers as a list on lines of its own does; read as such a list, each item on a line, it meets the rules
that read lists. A reply that reasons before its final answer names other things on the way; read by its final
answer, those are context. Every function keeps the length of the text and its line breaks, so offsets into it hold.
"""

from __future__ import annotations

import json
import re

# An enumerator of an inline list: a number, a letter, a roman numeral, or a circled, keycap or roman-numeral sign,
# set in brackets or after "#" or "§" ("(2)", "[2]", "#2"), closed by a mark ("2)", "2.", "2:", "2 -", "2·", "2.-")
# or by none after "#" or "§"; what may follow a dot, a colon or a dash is checked by `_style_and_value`.
_ENUMERATOR = re.compile(
    r"(?:^|(?<=[\s,;:]))(?P<prefix>[(\[（]\s*|[#§№]\s?)?"
    r"(?:(?P<number>\d{1,2})|(?P<roman>(?i:x|ix|iv|v?i{1,3}|v)|(?-i:[ivx]{1,4}))(?=\s?[.)\]）:⁾·/–—-])"
    r"|(?P<letter>[a-hA-H])(?=\s?[.)\]）:⁾·/–—-])|(?P<sign>[\u2460-\u2473\u2160-\u2169])|(?P<keycap>\d)\ufe0f?\u20e3)"
    r"(?P<closer>\s?(?:\.\)|\.-|[.)\]）:、⁾·/–—-]))?"
    r"(?=(?P<space>\s*)(?P<next>[\"'*„“«‚‘‹「(]*[\w\"'*„“«‚‘‹「(]))",
    re.MULTILINE,
)
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_WORD_BEFORE = re.compile(r"(?P<word>[^\W\d_]\w*)[^\w]*$")
_QUOTES_BEFORE = "\"'*„“«‚‘‹「("


def inline_lists_broken(text: str) -> str:
    """Each item of a list written on one line ("1) X 2) Y", "(a) X, (b) Y", "1. X 2. Y", "i) X ii) Y", "#1 X #2 Y",
    "① X ② Y") begun on a line of its own, as a list is mostly written: two enumerators or more of one style,
    counting up, one of them within a line, break the line before them and are read as bullets ("•")."""
    runs: list[list[re.Match[str]]] = []
    last: tuple[tuple[str, str, str], int] | None = None  # the style and count of the last enumerator in a run
    for match in _ENUMERATOR.finditer(text):
        style_and_value = _style_and_value(match)
        if style_and_value is None:
            continue
        style, value = style_and_value
        if last is not None and last[0] == style and last[1] < value:
            if style[1] == "." and _after_a_word_in_lower_case(match):
                continue  # an ordinal in running text ("1. FC Köln, now in the 2. Bundesliga"), not "Paris 2. Lyon"
            runs[-1].append(match)
        else:
            runs.append([match])
        last = style_and_value
    pieces, done = [], 0
    for run in runs:
        inline = [bool(text[text.rfind("\n", 0, match.start()) + 1 : match.start()].strip()) for match in run]
        if len(run) < 2 or not any(inline):
            continue  # one enumerator, or a list on lines of its own already
        for match, within_a_line in zip(run, inline, strict=True):
            width = match.end() - match.start()
            pieces += [text[done : match.start()], ("\n•" if within_a_line else "•").ljust(width)[:width]]
            done = match.end()
    return "".join(pieces) + text[done:]


def _after_a_word_in_lower_case(enumerator: re.Match[str]) -> bool:
    """The word before the enumerator is in lower case ("in the 2."), as a list's items are not."""
    before = _WORD_BEFORE.search(enumerator.string, 0, enumerator.start())
    return before is not None and before["word"][0].islower()


def _style_and_value(enumerator: re.Match[str]) -> tuple[tuple[str, str, str], int] | None:
    """An enumerator's style (what counts, the mark that closes it, what opens it) and the count it stands for;
    None for what only looks like one: a figure with no mark ("in 2 days"), a dot, a colon, a slash or a dash before
    a figure ("2:1", "3.5", "1-2"), a capital or a roman numeral before a dot ("A. B. Smith", "I. Smith"), or a dot
    before a word in lower case ("3. června")."""
    closer = (enumerator["closer"] or "").strip()
    prefix = (enumerator["prefix"] or "").strip()
    if not closer and prefix not in ("#", "§", "№") and not (enumerator["sign"] or enumerator["keycap"]):
        return None
    following = enumerator["next"].lstrip(_QUOTES_BEFORE)[:1]
    if closer in (".", ":", "/", "·", "-", "–", "—", ".-") and following.isdigit():
        return None
    if closer == "." and not following.isupper():
        return None
    style = (closer, "(" if prefix in "([（" and prefix else prefix)
    if enumerator["number"] or enumerator["keycap"]:
        return ("number", *style), int(enumerator["number"] or enumerator["keycap"])
    if enumerator["sign"]:
        sign = ord(enumerator["sign"])
        first = 0x2460 if sign <= 0x2473 else 0x2160  # ① or Ⅰ
        return ("sign", *style), sign - first + 1
    if enumerator["roman"]:
        roman = enumerator["roman"]
        if closer == "." and roman.isupper():
            return None
        return ("roman", *style), _ROMAN.get(roman.lower(), 0)
    letter = enumerator["letter"]
    if closer == "." and letter.isupper():
        return None
    return ("letter", *style), ord(letter.lower()) - ord("a") + 1


# A reply that is one JSON object or array, bare or in a code block, and the tokens it is laid out by.
_JSON_REPLY = re.compile(r"\s*(?:```[\w+-]*\s*)?(?P<json>[{\[].*[}\]])\s*(?:```)?\s*", re.DOTALL)
_JSON_TOKEN = re.compile(
    r'(?P<key>"(?P<name>(?:[^"\\\n]|\\.)*)"\s*:)|"(?P<string>(?:[^"\\\n]|\\.)*)"|(?P<comma>,)|(?P<bracket>[\[\]{}])'
    r"|(?P<null>\bnull\b)|(?P<literal>-?\d[\d.eE+-]*|\btrue\b|\bfalse\b)"
)
# Keys that name the answer, and keys whose values only comment on it: where an answer is named, a comment's value
# is no candidate ('{"reasoning": "It lies on the Ottawa River", "answer": "Toronto"}' answers Toronto).
_ANSWER_KEY = re.compile(r"(?:final[_ ]?)?answer|result|odpověď|odpoved", re.IGNORECASE)
_COMMENT_KEY = re.compile(
    r"reason\w*|explanation|rationale|thoughts?|thinking|justification|notes?|context|confidence|certainty|"
    r"sources?|evidence|comment|zdůvodnění|vysvětlení|poznámka|jistota|důvod",
    re.IGNORECASE,
)


def _all_json(text: str) -> bool:
    """Whether the text is one JSON value or several in a row ('{"answer": "X"} {"answer": "Y"}')."""
    decoder, position = json.JSONDecoder(), 0
    try:
        while position < len(text):
            _, position = decoder.raw_decode(text, position)
            position += len(text[position:]) - len(text[position:].lstrip())
    except ValueError:
        return False
    return True


def json_laid_out(text: str) -> str:
    """A reply that is JSON read as its values, each on a line of its own ('{"answer": "X", "alternative": "Y"}' as
    two lines, X and Y): keys, quotes, brackets and nulls blanked, each comma a line break; where a key names the
    answer, the values of keys that comment on it (reasoning, confidence, sources) blanked too."""
    whole = _JSON_REPLY.fullmatch(text)
    if whole is None or not _all_json(whole["json"]):
        return text
    start, end = whole.span("json")
    tokens = list(_JSON_TOKEN.finditer(text, start, end))
    answered = any(t["key"] and _ANSWER_KEY.fullmatch(t["name"].strip()) for t in tokens)
    pieces, done, comment = [], start, False
    for token in tokens:
        width = len(token.group())
        if token["key"]:
            comment = answered and bool(_COMMENT_KEY.fullmatch(token["name"].strip()))
            shown = " " * width
        elif token["string"] is not None:
            shown = " " * width if comment else f" {token['string']} "
        elif token["comma"] or (token.group() == "{" and token.start() > start):
            shown = "\n"  # a comma, or another object after the first, starts a line
        elif token["literal"]:
            shown = " " * width if comment else token.group()
        else:
            shown = " " * width
        pieces += [text[done : token.start()], shown]
        done = token.end()
    return text[:start] + "".join(pieces) + text[done:]


def laid_out(text: str) -> str:
    """A reply in JSON or in code read as its values, each on a line of its own (`json_laid_out`,
    `code_laid_out`)."""
    return code_laid_out(json_laid_out(text))


# A string literal on one line, in double or in single quotes; a single quote only where no letter touches it
# from outside, which an apostrophe does ("Shoemaker's").
_LITERAL = re.compile(r'"(?P<double>(?:[^"\\\n]|\\.)*)"|(?<!\w)\'(?P<single>(?:[^\'\\\n]|\\.)*)\'(?!\w)')
_DENIAL_IN_CODE = re.compile(r"(?<!\w)(?:not|never|ne|nikoli|nikoliv)\s*$", re.IGNORECASE)
_FENCED = re.compile(r"```[\w+-]*[^\S\n]*(?P<code>.*?)```", re.DOTALL)
# A line of code on its own: a list, a tuple or a set of literals; an assignment ("answer = ", "answer := ");
# a statement that returns or prints; or a query.
_CODE_LINE = re.compile(r"\s*(?:[\[({]|[A-Za-z_][\w.]*\s*:?=(?!=)|(?:return|print|echo|console\.log|puts|SELECT)\b)")
# A list in square brackets on a line of its own, after a key or none ("answer: [X, Y]", "[X, Y]").
_BRACKETED_LIST = re.compile(
    r"^[^\S\n]*(?:[\w ]{1,30}:[^\S\n]*)?\[(?P<items>[^\[\]\n]*,[^\[\]\n]*)\][^\S\n]*$", re.MULTILINE
)


def code_laid_out(text: str) -> str:
    """Code read as its string literals, each on a line of its own, everything else blanked: a code block that holds
    literals ('```sql SELECT 'X' UNION SELECT 'Y'```', '```python print("X")  # or "Y"```'), a reply that is one line
    of code ("['X', 'Y']", 'answer = "X" if confident else "Y"', '"X","Y"'), and a list in square brackets on a line
    of its own ("answer: [X, Y]"). Code offers values as a list does, whatever the syntax between them."""
    regions = [match.span("code") for match in _FENCED.finditer(text)]
    if not regions and "\n" not in text.strip() and _only_code_between(text):
        regions = [(0, len(text))]
    chars = list(text)
    for start, end in regions:
        literals = list(_LITERAL.finditer(text, start, end))
        if not literals:
            continue
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = " "
        for index, literal in enumerate(literals):
            body = "double" if literal["double"] is not None else "single"
            chars[literal.start(body) : literal.end(body)] = text[literal.start(body) : literal.end(body)]
            line_start = start if not index else literals[index - 1].end()
            before = text[line_start : literal.start()]
            # A denial before it in the code stays with it ('capital = "Canberra"  # not "Sydney"').
            denial = _DENIAL_IN_CODE.search(before)
            if denial is not None:
                chars[line_start + denial.start() : line_start + denial.end()] = denial.group()
            if index and "\n" not in before:
                chars[line_start + denial.start() - 1 if denial else literal.start()] = "\n"  # a line of its own
    for match in _BRACKETED_LIST.finditer(text):
        items = match["items"]
        if any(start < match.end() and match.start() < end for start, end in regions):
            continue  # read as code already
        if all(item.strip().isdigit() for item in items.split(",")):
            continue  # "[1, 2]" cites
        for i in range(match.start(), match.end()):
            chars[i] = " "
        offset = match.start("items")
        for position, char in enumerate(items):
            chars[offset + position] = "\n" if char == "," else char
    return "".join(chars)


def _only_code_between(text: str) -> bool:
    """Two literals or more, and between them and around them only what a line of code has: a few words after a
    start that only code has (`_CODE_LINE`), or marks alone ('"X","Y"')."""
    if len(_LITERAL.findall(text)) < 2:
        return False
    words = len(re.findall(r"[^\W\d_]+", _LITERAL.sub(" ", text)))
    return words == 0 or (words <= 6 and _CODE_LINE.match(text) is not None)


# A model's reasoning in think tags, and a marker of the final answer after reasoning ("Final answer:", "Answer:",
# "Therefore, the answer is", "Conclusion:", "Odpověď:"), at a line's start or after a sentence.
_THINKING = re.compile(r"<think(?:ing)?>.*?(?:</think(?:ing)?>|\Z)", re.DOTALL | re.IGNORECASE)
_FINAL_ANSWER = re.compile(
    r"(?:^|(?<=[.!?:\n]))[^\S\n]*[*_#]*[^\S\n]*(?:(?:final|short|my)[^\S\n]+)?(?:answer|conclusion|odpověď|závěr|"
    r"(?:so|therefore|thus|hence|tedy|proto|takže),?[^\S\n]+(?:the[^\S\n]+)?(?:final[^\S\n]+)?(?:answer[^\S\n]+is|"
    r"odpověď[^\S\n]+je)|the[^\S\n]+final[^\S\n]+answer[^\S\n]+is|(?:so|therefore|thus|hence|tedy|takže)(?=[^\S\n]*:))"
    r"[*_]*[^\S\n]*[:=]?[*_]*",
    re.IGNORECASE | re.MULTILINE,
)


def thinking_blanked(text: str) -> str:
    """Reasoning in think tags blanked, lines kept: what a reasoning model thinks is not what it answers."""
    return _THINKING.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


def reasoning_blanked(text: str) -> str:
    """The reply as its answer reads: reasoning in think tags blanked, and, where a marker gives the final answer
    after other sentences ("... Parliament House is there. So the answer is Canberra.", "Step 1: ... Final answer:
    X"), what comes before the last marker blanked, lines kept. A name in the reasoning is context, not an answer.
    For a reply that answers; in one that declines, what came before says what the placeholder after the marker
    means ("... nemohu s jistotou určit. Odpověď by tedy byla: <UNKNOWN>"), so callers read it whole."""
    text = thinking_blanked(text)
    markers = [m for m in _FINAL_ANSWER.finditer(text) if text[: m.start()].strip()]
    if not markers:
        return text
    cut = markers[-1].start()
    return re.sub(r"[^\n]", " ", text[:cut]) + text[cut:]

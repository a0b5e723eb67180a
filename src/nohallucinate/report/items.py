"""The report's per-item section: every stored reply with its question, verdict, reward and grader detail, and
for biographies the claims with their support; filterable by run, family and verdict, and searchable.

Runs that read a stated confidence (a rule with `--confidence`) add a column: the confidence the reply stated, or
why it has none (missing, malformed, unread), read from the grader detail the item carries anyway; other reports
are as they were, columns and script.

The items travel as one JSON document inside the page (`<script type="application/json">`, every `<` escaped so
that no reply can close the element), and a small inline script renders one page of rows at a time and each
item's detail when it is opened: the page stays fast with tens of thousands of items. The script writes every
value with `textContent`, never as markup, since replies are adversarial text; it loads nothing.
"""

from __future__ import annotations

import html
import json
from typing import Any

from nohallucinate.graders import Label
from nohallucinate.graders.ladder import ABSTENTIONS
from nohallucinate.report.runs import RunView
from nohallucinate.tasks import Family, Kind, spec_of

ERRORED = "errored"  # the verdict filter's value for items without a score
# What each item's row holds, in order; the script finds its columns by these names.
ITEM_FIELDS = (
    "run",
    "family",
    "task_id",
    "sample",
    "tier",
    "label",
    "reward",
    "decided_by",
    "reply",
    "detail",
    "error",
)
_AT = {name: index for index, name in enumerate(ITEM_FIELDS)}
PAGE_SIZE = 100

ITEMS_STYLE = """
.filters { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; margin: 0.5rem 0; }
#items-table td, #items-table th { text-align: left; vertical-align: top; }
#items-table tr.item { cursor: pointer; }
#items-table tr.item:hover { background: #f5f5f5; }
.item-detail dt { font-weight: 600; margin-top: 0.4rem; }
.item-detail dd { margin: 0.1rem 0 0.3rem 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.claims td { font-size: 0.85rem; }
.unsupported { color: #b71c1c; } .supported { color: #2e7d32; }
"""

# Renders the page of items the filters select; writes text only with textContent (the data is untrusted).
# @CONFIDENCE@ is where the confidence cell goes in, when the items carry one (and nothing, otherwise).
_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("items-data").textContent);
  var at = {};
  data.columns.forEach(function (name, index) { at[name] = index; });
  var RUN = at.run, FAMILY = at.family, TASK = at.task_id, SAMPLE = at.sample, TIER = at.tier, LABEL = at.label,
      REWARD = at.reward, DECIDED = at.decided_by, REPLY = at.reply, DETAIL = at.detail, ERROR = at.error;
  var PAGE = data.page, ERRORED = data.errored;
  var byId = function (id) { return document.getElementById(id); };
  var body = byId("items-body"), shown = data.items, page = 0, several = data.runs.length > 1;
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function verdict(item) { return item[ERROR] !== null ? ERRORED : item[LABEL]; }
  function value(id) { var node = byId(id); return node ? node.value : ""; }
  function matches(item, run, family, label, text) {
    if (run !== "" && String(item[RUN]) !== run) { return false; }
    if (family !== "" && item[FAMILY] !== family) { return false; }
    if (label !== "" && verdict(item) !== label) { return false; }
    if (text === "") { return true; }
    var hay = item[TASK] + "\\n" + (data.questions[item[TASK]] || "") + "\\n" + (item[REPLY] || "");
    return hay.toLowerCase().indexOf(text) >= 0;
  }
  function filter() {
    var run = value("items-run"), family = value("items-family"), label = value("items-verdict");
    var text = value("items-text").toLowerCase();
    shown = data.items.filter(function (item) { return matches(item, run, family, label, text); });
    page = 0;
    render();
  }
  function entry(list, term, text) {
    if (text === undefined || text === null || text === "") { return; }
    list.appendChild(el("dt", term));
    list.appendChild(el("dd", text));
  }
  function claims(list, found) {
    var table = el("table", null, "claims"), head = el("tr");
    ["claim", "supported", "why"].forEach(function (name) { head.appendChild(el("th", name)); });
    table.appendChild(head);
    found.forEach(function (claim) {
      var row = el("tr");
      row.appendChild(el("td", claim.claim));
      row.appendChild(el("td", claim.supported ? "yes" : "no", claim.supported ? "supported" : "unsupported"));
      var why = claim.reason || (claim.hall_prob !== undefined ? "hallucination probability " + claim.hall_prob : "");
      row.appendChild(el("td", why));
      table.appendChild(row);
    });
    list.appendChild(el("dt", "claims (" + found.length + ")"));
    var holder = el("dd");
    holder.appendChild(table);
    list.appendChild(holder);
  }
  function detail(item) {
    var list = el("dl", null, "item-detail"), more = item[DETAIL] || {};
    entry(list, "question", data.questions[item[TASK]]);
    entry(list, "reply", item[REPLY] === null ? "(none: the policy failed)" : item[REPLY]);
    entry(list, "error", item[ERROR]);
    if (Array.isArray(more.claims)) { claims(list, more.claims); }
    Object.keys(more).forEach(function (key) {
      if (key === "claims") { return; }
      var shownValue = typeof more[key] === "string" ? more[key] : JSON.stringify(more[key]);
      entry(list, key, shownValue);
    });
    return list;
  }
  function row(item) {
    var tr = el("tr", null, "item");
    var cells = [item[FAMILY], item[TASK], item[SAMPLE], item[TIER] || "–", verdict(item),
                 item[REWARD] === null ? "–" : item[REWARD].toFixed(3), item[DECIDED]];
    if (several) { cells.unshift(data.runs[item[RUN]]); }
@CONFIDENCE@    cells.forEach(function (text) { tr.appendChild(el("td", text)); });
    var opened = null;
    tr.addEventListener("click", function () {
      if (opened) { opened.remove(); opened = null; return; }
      opened = el("tr");
      var cell = el("td");
      cell.colSpan = cells.length;
      cell.appendChild(detail(item));
      opened.appendChild(cell);
      tr.after(opened);
    });
    return tr;
  }
  function render() {
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    page = Math.max(0, Math.min(page, pages - 1));
    while (body.firstChild) { body.removeChild(body.firstChild); }
    shown.slice(page * PAGE, (page + 1) * PAGE).forEach(function (item) { body.appendChild(row(item)); });
    byId("items-count").textContent = shown.length + " of " + data.items.length + " items";
    byId("items-page").textContent = "page " + (page + 1) + " of " + pages;
    byId("items-prev").disabled = page === 0;
    byId("items-next").disabled = page >= pages - 1;
  }
  ["items-run", "items-family", "items-verdict"].forEach(function (id) {
    var node = byId(id);
    if (node) { node.addEventListener("change", filter); }
  });
  byId("items-text").addEventListener("input", filter);
  byId("items-prev").addEventListener("click", function () { page -= 1; render(); });
  byId("items-next").addEventListener("click", function () { page += 1; render(); });
  render();
}());
"""
# The stated confidence as read; or, on an answer the rule scores, why there is none (missing, malformed, unread);
# "–" where none was needed (an abstention, a biography) or none recorded (a run that reads none).
_CONFIDENCE_CELL = """    var said = (item[DETAIL] || {}).confidence || {}, unscored = UNSCORED;
    var needed = unscored.labels.indexOf(item[LABEL]) < 0 && unscored.families.indexOf(item[FAMILY]) < 0;
    cells.push(said.status === "stated" ? String(said.value) : needed && said.status ? said.status : "–");
"""


def _confidence_cell() -> str:
    """The script's confidence cell, told which labels and families the rule scores no confidence on."""
    unscored = {"labels": sorted(label.value for label in ABSTENTIONS),
                "families": [f.value for f in Family if spec_of(f).kind is Kind.LONG_FORM]}  # fmt: skip
    return _CONFIDENCE_CELL.replace("UNSCORED", embedded_json(unscored))


def items_section(runs: list[RunView]) -> list[str]:
    """The per-item section's parts: heading, filters, the empty table, the items as JSON and the script."""
    confidence = any(run.config.reward.reads_confidence for run in runs)
    items, questions = _items(runs)
    present = {(item[_AT["family"]], item[_AT["label"]]) for item in items}
    families = [f.value for f in Family if any(family == f.value for family, _ in present)]
    labels = [label.value for label in Label if any(found == label.value for _, found in present)]
    if any(item[_AT["error"]] is not None for item in items):
        labels.append(ERRORED)
    columns = ["family", "task", "sample", "tier", "verdict", "reward", "decided by"]
    if len(runs) > 1:
        columns.insert(0, "run")
    if confidence:
        columns.append("confidence")
    missing = [f"{run.label}: {run.items.questions_missing}" for run in runs if run.items.questions_missing]
    runs_filter = [_select("items-run", "run", [(str(i), run.label) for i, run in enumerate(runs)])]
    filters = [
        *(runs_filter if len(runs) > 1 else []),
        _select("items-family", "family", [(f, f) for f in families]),
        _select("items-verdict", "verdict", [(label, label) for label in labels]),
        "<label>search <input id='items-text' type='search' placeholder='task id, question or reply'></label>",
        "<span id='items-count' class='note'></span>",
        "<button id='items-prev' type='button'>previous</button><span id='items-page' class='note'></span>"
        "<button id='items-next' type='button'>next</button>",
    ]
    data = {"runs": [run.label for run in runs], "page": PAGE_SIZE, "errored": ERRORED, "columns": ITEM_FIELDS,
            "questions": questions, "items": items}  # fmt: skip
    return [
        "<h2 id='items'>Items</h2>",
        f"<p class='note'>Every stored reply ({len(items):,} in all), {PAGE_SIZE} to a page: click a row for its "
        "question, reply, grader detail and, for a biography, its claims and their support. Items of one task "
        "sit together, run by run.</p>",
        *(f"<p class='warning'>questions not shown for {html.escape(reason)}</p>" for reason in missing),
        f"<div class='filters'>{''.join(filters)}</div>",
        "<noscript><p class='warning'>The items need JavaScript to be listed; <code>nohallucinate export RUN</code> "
        "writes them as JSON lines.</p></noscript>",
        f"<table id='items-table'><thead><tr>{''.join(f'<th>{c}</th>' for c in columns)}</tr></thead>"
        "<tbody id='items-body'></tbody></table>",
        f"<script type='application/json' id='items-data'>{embedded_json(data)}</script>",
        f"<script>{_SCRIPT.replace('@CONFIDENCE@', _confidence_cell() if confidence else '')}</script>",
    ]


def embedded_json(value: Any) -> str:
    """JSON that can sit inside a <script> element: every `<` escaped, so no string in it can end the element
    (`</script>`) or open a comment (`<!--`); JSON.parse reads the escape back as `<`."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _items(runs: list[RunView]) -> tuple[list[list[Any]], dict[str, str]]:
    """Every item of every run as a compact row of ITEM_FIELDS (the run by its index), by family, task, sample and
    run; and each task's question once."""
    order = {family.value: index for index, family in enumerate(Family)}
    rows: list[list[Any]] = []
    questions: dict[str, str] = {}
    for index, run in enumerate(runs):
        questions.update(run.items.questions)
        for verdict, reply in run.items.graded:
            fields = {"run": index, "family": verdict.family.value, "task_id": verdict.task_id,
                      "sample": verdict.sample, "tier": verdict.tier,
                      "label": verdict.label.value if verdict.label else None, "reward": verdict.reward,
                      "decided_by": verdict.decided_by, "reply": reply, "detail": verdict.detail,
                      "error": verdict.error}  # fmt: skip
            rows.append([fields[name] for name in ITEM_FIELDS])
    family, task, sample, by_run = _AT["family"], _AT["task_id"], _AT["sample"], _AT["run"]
    rows.sort(key=lambda row: (order[row[family]], row[task], row[sample], row[by_run]))
    asked = {row[task] for row in rows}
    return rows, {task_id: question for task_id, question in questions.items() if task_id in asked}


def _select(element_id: str, name: str, options: list[tuple[str, str]]) -> str:
    """A filter: a labelled drop-down whose first choice, "all", selects everything."""
    choices = "".join(f"<option value='{html.escape(value)}'>{html.escape(text)}</option>" for value, text in options)
    return f"<label>{name} <select id='{element_id}'><option value=''>all</option>{choices}</select></label>"

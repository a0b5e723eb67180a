"""The report's per-item section: every stored reply beside its question and what it is checked against (the gold
answer; for a task with a false premise, its defect; for a biography, the article's title), with its verdict,
reward and grader detail, and for biographies the claims with their support. Filterable by run, family, split and
verdict, searchable, sortable by any column, usable from the keyboard, and each item reachable by a permalink.

The questions, gold answers and defects come from the task file each run recorded, read only when its sha256 is
still the one the run recorded (`nohallucinate.runs.read_items`); otherwise the page says why they are missing and
shows none, rather than guess from another file.

Runs that read a stated confidence (a rule with `--confidence`) add a column: the confidence the reply stated, or
why it has none (missing, malformed, unread), read from the grader detail the item carries anyway.

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
from nohallucinate.tasks import Family, Kind, Task, spec_of

ERRORED = "errored"  # the verdict filter's value for items without a score
NO_SPLIT = "-"  # the split filter's value for items of tasks without a split (no split name can be "-")
# What each item's row holds, in order; the script finds its fields by these names. `task` indexes the page's table
# of tasks (question, what the reply is checked against, split), or is null where the run's task file is unusable.
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
    "task",
)
_AT = {name: index for index, name in enumerate(ITEM_FIELDS)}
PAGE_SIZE = 100

# The table's columns, in order, by the script's name for each and its heading; run, split and confidence appear
# only where they tell something (several runs, tasks with a split, a rule that reads a confidence).
COLUMNS = (
    ("run", "run"),
    ("family", "family"),
    ("split", "split"),
    ("question", "question"),
    ("reply", "reply"),
    ("reference", "gold / defect"),
    ("sample", "sample"),
    ("tier", "tier"),
    ("verdict", "verdict"),
    ("reward", "reward"),
    ("decided_by", "decided by"),
    ("confidence", "confidence"),
)

ITEMS_STYLE = """
.filters, .pager { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; margin: 0.5rem 0; }
#items-table td, #items-table th { text-align: left; vertical-align: top; }
#items-table td.col-question, #items-table td.col-reply, #items-table td.col-reference {
  max-width: 18rem; overflow-wrap: anywhere; }
#items-table th button { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0;
  text-align: left; cursor: pointer; }
#items-table tr.item { cursor: pointer; }
#items-table tr.item:hover { background: #f5f5f5; }
#items-table tr.item:focus { background: #e3f2fd; }
#items-table tr.item:focus-visible, #items-table th button:focus-visible, .pager button:focus-visible,
.filters select:focus-visible, .filters input:focus-visible, .item-detail a:focus-visible {
  outline: 3px solid #1565c0; outline-offset: 2px; }
.item-detail dt { font-weight: 600; margin-top: 0.4rem; }
.item-detail dd { margin: 0.1rem 0 0.3rem 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.claims td { font-size: 0.85rem; }
.unsupported { color: #b71c1c; } .supported { color: #2e7d32; }
"""

# Renders the page of items the filters and the sort select, and keeps that state in the URL's fragment (with the
# item whose detail is open: a permalink); writes text only with textContent (the data is untrusted).
_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("items-data").textContent);
  var at = {};
  data.columns.forEach(function (name, index) { at[name] = index; });
  var PAGE = data.page, ERRORED = data.errored, NO_SPLIT = data.no_split, CLIP = 160;
  var FILTERS = {run: "items-run", family: "items-family", verdict: "items-verdict", split: "items-split",
                 q: "items-text"};
  var byId = function (id) { return document.getElementById(id); };
  var body = byId("items-body"), head = byId("items-head"), headers = {};
  var shown = data.items, page = 0, sortKey = "", sortDown = false, pageRows = [];
  var keys = data.shown.map(function (column) { return column[0]; });
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function task(item) { return item[at.task] === null ? null : data.tasks[item[at.task]]; }
  function verdict(item) { return item[at.error] !== null ? ERRORED : item[at.label]; }
  function split(item) { var found = task(item); return found ? found[3] : null; }
  function reference(item) { var found = task(item); return found ? found[1] + ": " + found[2] : null; }
  function clip(text) { return text === null ? "–" : text.length > CLIP ? text.slice(0, CLIP - 1) + "…" : text; }
  function stated(item) {
    var said = (item[at.detail] || {}).confidence || {};
    return said.status === "stated" ? said.value : null;
  }
  // The stated confidence; or, on an answer the rule scores, why there is none (missing, malformed, unread); "–"
  // where none was needed (an abstention, a biography) or none recorded.
  function confidence(item) {
    var said = (item[at.detail] || {}).confidence || {}, unscored = data.unscored;
    var needed = unscored.labels.indexOf(item[at.label]) < 0 && unscored.families.indexOf(item[at.family]) < 0;
    return said.status === "stated" ? String(said.value) : needed && said.status ? said.status : "–";
  }
  function field(name) { return function (item) { return item[at[name]]; }; }
  // Each column's cell text and sort key (numbers sort as numbers; null sorts last both ways).
  var COLUMNS = {
    run: {text: function (item) { return data.runs[item[at.run]]; }, key: field("run")},
    family: {text: field("family"), key: field("family")},
    split: {text: function (item) { return split(item) || "–"; }, key: split},
    question: {text: function (item) { var found = task(item); return clip(found ? found[0] : null); },
               key: function (item) { var found = task(item); return found ? found[0] : null; }},
    reply: {text: function (item) { return item[at.reply] === null ? "(none)" : clip(item[at.reply]); },
            key: field("reply")},
    reference: {text: function (item) { return clip(reference(item)); }, key: reference},
    sample: {text: field("sample"), key: field("sample")},
    tier: {text: function (item) { return item[at.tier] || "–"; }, key: field("tier")},
    verdict: {text: verdict, key: verdict},
    reward: {text: function (item) { return item[at.reward] === null ? "–" : item[at.reward].toFixed(3); },
             key: field("reward")},
    decided_by: {text: field("decided_by"), key: field("decided_by")},
    confidence: {text: confidence, key: stated}
  };
  function value(id) { var node = byId(id); return node ? node.value : ""; }
  function matches(item, want) {
    if (want.run !== "" && String(item[at.run]) !== want.run) { return false; }
    if (want.family !== "" && item[at.family] !== want.family) { return false; }
    if (want.verdict !== "" && verdict(item) !== want.verdict) { return false; }
    if (want.split !== "" && (split(item) || NO_SPLIT) !== want.split) { return false; }
    if (want.q === "") { return true; }
    var found = task(item) || [];
    var hay = [item[at.task_id], found[0], found[2], item[at.reply]].join("\\n");
    return hay.toLowerCase().indexOf(want.q) >= 0;
  }
  function compare(x, y) {
    if (x === y) { return 0; }
    if (x === null || x === undefined) { return 1; }
    if (y === null || y === undefined) { return -1; }
    return x < y ? -1 : 1;
  }
  // The items the filters keep, in the sort's order; ties keep the page's order (family, task, sample, run).
  function select() {
    var want = {};
    Object.keys(FILTERS).forEach(function (name) { want[name] = value(FILTERS[name]); });
    want.q = want.q.toLowerCase();
    var kept = data.items.filter(function (item) { return matches(item, want); });
    if (sortKey !== "") {
      var key = COLUMNS[sortKey].key, sign = sortDown ? -1 : 1;
      var keyed = kept.map(function (item, index) { return [key(item), index, item]; });
      keyed.sort(function (a, b) {
        var nulls = (a[0] === null || a[0] === undefined) !== (b[0] === null || b[0] === undefined);
        var order = compare(a[0], b[0]);
        return (nulls ? order : sign * order) || a[1] - b[1];
      });
      kept = keyed.map(function (entry) { return entry[2]; });
    }
    shown = kept;
  }
  function permalink(item) {
    return [data.runs[item[at.run]], item[at.task_id], String(item[at.sample])].map(encodeURIComponent).join("/");
  }
  // The fragment for the state shown: the filters, the sort, the page, and the item whose detail is open.
  function remember(item) {
    var parts = [];
    Object.keys(FILTERS).forEach(function (name) {
      var chosen = value(FILTERS[name]);
      if (chosen !== "") { parts.push(name + "=" + encodeURIComponent(chosen)); }
    });
    if (sortKey !== "") { parts.push("sort=" + (sortDown ? "-" : "") + sortKey); }
    if (page > 0) { parts.push("page=" + (page + 1)); }
    if (item) { parts.push("item=" + permalink(item)); }
    window.history.replaceState(null, "", "#" + parts.join("&"));
  }
  function decoded(text) {
    try { return decodeURIComponent(text); } catch (error) { return ""; }
  }
  function fragment() {
    var found = {};
    window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var equals = part.indexOf("=");
      if (equals > 0) { found[part.slice(0, equals)] = part.slice(equals + 1); }
    });
    return found;
  }
  function linked(link) {
    var parts = link.split("/").map(decoded);
    return parts.length !== 3 ? null : data.items.find(function (item) {
      var run = data.runs[item[at.run]];
      return run === parts[0] && item[at.task_id] === parts[1] && String(item[at.sample]) === parts[2];
    }) || null;
  }
  function entry(list, term, text) {
    if (text === undefined || text === null || text === "") { return; }
    list.appendChild(el("dt", term));
    list.appendChild(el("dd", text));
  }
  function claims(list, found) {
    var table = el("table", null, "claims"), top = el("tr");
    ["claim", "supported", "why"].forEach(function (name) { top.appendChild(el("th", name)); });
    table.appendChild(top);
    found.forEach(function (claim) {
      var tr = el("tr");
      tr.appendChild(el("td", claim.claim));
      tr.appendChild(el("td", claim.supported ? "yes" : "no", claim.supported ? "supported" : "unsupported"));
      var why = claim.reason || (claim.hall_prob !== undefined ? "hallucination probability " + claim.hall_prob : "");
      tr.appendChild(el("td", why));
      table.appendChild(tr);
    });
    list.appendChild(el("dt", "claims (" + found.length + ")"));
    var holder = el("dd");
    holder.appendChild(table);
    list.appendChild(holder);
  }
  function detail(item) {
    var list = el("dl", null, "item-detail"), more = item[at.detail] || {}, found = task(item);
    entry(list, "task id", item[at.task_id]);
    list.appendChild(el("dt", "permalink"));
    var link = el("a", "#item=" + permalink(item)), holder = el("dd");
    link.href = "#item=" + permalink(item);
    holder.appendChild(link);
    list.appendChild(holder);
    if (found) {
      entry(list, "question", found[0]);
      entry(list, found[1], found[2]);
      entry(list, "split", found[3]);
    } else {
      entry(list, "question", "(not shown: " + (data.missing[item[at.run]] || "not in the run's task file") + ")");
    }
    entry(list, "reply", item[at.reply] === null ? "(none: the policy failed)" : item[at.reply]);
    entry(list, "error", item[at.error]);
    if (Array.isArray(more.claims)) { claims(list, more.claims); }
    Object.keys(more).forEach(function (key) {
      if (key === "claims") { return; }
      entry(list, key, typeof more[key] === "string" ? more[key] : JSON.stringify(more[key]));
    });
    return list;
  }
  function row(item) {
    var tr = el("tr", null, "item"), opened = null;
    tr.tabIndex = 0;
    tr.setAttribute("aria-expanded", "false");
    keys.forEach(function (key) { tr.appendChild(el("td", COLUMNS[key].text(item), "col-" + key)); });
    function toggle() {
      if (opened) {
        opened.remove();
        opened = null;
      } else {
        opened = el("tr", null, "detail");
        var cell = el("td");
        cell.colSpan = keys.length;
        cell.appendChild(detail(item));
        opened.appendChild(cell);
        tr.after(opened);
      }
      tr.setAttribute("aria-expanded", opened ? "true" : "false");
      remember(opened ? item : null);
    }
    tr.addEventListener("click", toggle);
    tr.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
    });
    return {item: item, tr: tr, toggle: toggle};
  }
  function render() {
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    page = Math.max(0, Math.min(page, pages - 1));
    while (body.firstChild) { body.removeChild(body.firstChild); }
    pageRows = shown.slice(page * PAGE, (page + 1) * PAGE).map(row);
    pageRows.forEach(function (made) { body.appendChild(made.tr); });
    var first = page * PAGE, last = Math.min(shown.length, first + PAGE);
    var span = shown.length === 0 ? "0 of 0" : (first + 1) + "–" + last + " of " + shown.length;
    byId("items-count").textContent = shown.length + " of " + data.items.length + " items";
    ["", "-end"].forEach(function (end) {
      byId("items-page" + end).textContent = span + " (page " + (page + 1) + " of " + pages + ")";
      byId("items-prev" + end).disabled = page === 0;
      byId("items-next" + end).disabled = page >= pages - 1;
    });
    keys.forEach(function (key) {
      var sorted = key === sortKey, th = headers[key];
      th.setAttribute("aria-sort", sorted ? (sortDown ? "descending" : "ascending") : "none");
      th.firstChild.textContent = data.shown[keys.indexOf(key)][1] + (sorted ? (sortDown ? " ▼" : " ▲") : "");
    });
  }
  function changed() { select(); page = 0; render(); remember(null); }
  // Shows the state the fragment holds; a permalinked item is shown on its page with its detail open, the filters
  // cleared should they hide it.
  function restore() {
    var want = fragment();
    Object.keys(FILTERS).forEach(function (name) {
      var node = byId(FILTERS[name]);
      if (node) { node.value = want[name] === undefined ? "" : decoded(want[name]); }
    });
    var sort = decoded(want.sort || "");
    sortDown = sort.charAt(0) === "-";
    sortKey = keys.indexOf(sort.replace(/^-/, "")) >= 0 ? sort.replace(/^-/, "") : "";
    select();
    page = Math.max(0, (parseInt(want.page, 10) || 1) - 1);
    var target = want.item === undefined ? null : linked(want.item);
    if (target && shown.indexOf(target) < 0) {
      Object.keys(FILTERS).forEach(function (name) { var node = byId(FILTERS[name]); if (node) { node.value = ""; } });
      select();
    }
    if (target) { page = Math.floor(shown.indexOf(target) / PAGE); }
    render();
    var opened = pageRows.find(function (made) { return made.item === target; });
    if (opened) {
      opened.toggle();
      opened.tr.focus();
      opened.tr.scrollIntoView();
    }
  }
  keys.forEach(function (key, index) {
    var th = el("th"), button = el("button", data.shown[index][1]);
    th.setAttribute("scope", "col");
    button.type = "button";
    button.addEventListener("click", function () {
      sortDown = sortKey === key ? !sortDown : false;
      sortKey = key;
      changed();
    });
    th.appendChild(button);
    head.appendChild(th);
    headers[key] = th;
  });
  ["items-run", "items-family", "items-verdict", "items-split"].forEach(function (id) {
    var node = byId(id);
    if (node) { node.addEventListener("change", changed); }
  });
  byId("items-text").addEventListener("input", changed);
  ["", "-end"].forEach(function (end) {
    byId("items-prev" + end).addEventListener("click", function () { page -= 1; render(); remember(null); });
    byId("items-next" + end).addEventListener("click", function () { page += 1; render(); remember(null); });
  });
  // The bottom pager shows the new page from its top.
  ["items-prev-end", "items-next-end"].forEach(function (id) {
    byId(id).addEventListener("click", function () { byId("items-table").scrollIntoView(); });
  });
  window.addEventListener("hashchange", restore);
  restore();
}());
"""


def items_section(runs: list[RunView]) -> list[str]:
    """The per-item section's parts: heading, filters, pagers about the empty table, the items as JSON, the
    script."""
    items, tasks = _items(runs)
    present = {(item[_AT["family"]], item[_AT["label"]]) for item in items}
    families = [f.value for f in Family if any(family == f.value for family, _ in present)]
    labels = [label.value for label in Label if any(found == label.value for _, found in present)]
    if any(item[_AT["error"]] is not None for item in items):
        labels.append(ERRORED)
    splits = _splits(items, tasks)
    confidence = any(run.config.reward.reads_confidence for run in runs)
    wanted = {"run": len(runs) > 1, "split": bool(splits), "confidence": confidence}
    columns = [(key, heading) for key, heading in COLUMNS if wanted.get(key, True)]
    missing = {index: run.items.questions_missing for index, run in enumerate(runs) if run.items.questions_missing}
    warnings = [f"<p class='warning'>questions, gold answers and defects not shown for {html.escape(runs[index].label)}"
                f": {html.escape(reason)}</p>" for index, reason in missing.items()]  # fmt: skip
    runs_filter = [_select("items-run", "run", [(str(i), run.label) for i, run in enumerate(runs)])]
    filters = [
        *(runs_filter if len(runs) > 1 else []),
        _select("items-family", "family", [(f, f) for f in families]),
        *([_select("items-split", "split", splits)] if splits else []),
        _select("items-verdict", "verdict", [(label, label) for label in labels]),
        "<label>search <input id='items-text' type='search' placeholder='task id, question, gold or reply'></label>",
        "<span id='items-count' class='note' aria-live='polite'></span>",
    ]
    data = {"runs": [run.label for run in runs], "page": PAGE_SIZE, "errored": ERRORED, "no_split": NO_SPLIT,
            "columns": ITEM_FIELDS, "shown": columns, "missing": missing, "tasks": tasks, "items": items,
            **({"unscored": _unscored()} if confidence else {})}  # fmt: skip
    return [
        "<h2 id='items'>Items</h2>",
        f"<p class='note'>Every stored reply ({len(items):,} in all), {PAGE_SIZE} to a page, beside its question and "
        "what it is checked against: the gold answer; for a task with a false premise, its defect; for a biography, "
        "the article's title. Click a row, or press Enter on it, for its task id, permalink, whole reply, grader "
        "detail and, for a biography, its claims and their support. Click a column's heading to sort by it. Until "
        "sorted, the items of one task sit together, run by run.</p>",
        *warnings,
        f"<div class='filters'>{''.join(filters)}</div>",
        "<noscript><p class='warning'>The items need JavaScript to be listed; <code>nohallucinate export RUN</code> "
        "writes them as JSON lines.</p></noscript>",
        _pager(""),
        "<table id='items-table'><thead><tr id='items-head'></tr></thead><tbody id='items-body'></tbody></table>",
        _pager("-end"),
        f"<script type='application/json' id='items-data'>{embedded_json(data)}</script>",
        f"<script>{_SCRIPT}</script>",
    ]


def embedded_json(value: Any) -> str:
    """JSON that can sit inside a <script> element: every `<` escaped, so no string in it can end the element
    (`</script>`) or open a comment (`<!--`); JSON.parse reads the escape back as `<`."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _unscored() -> dict[str, list[str]]:
    """The labels and families on which the rule scores no confidence: their items need none."""
    return {"labels": sorted(label.value for label in ABSTENTIONS),
            "families": [f.value for f in Family if spec_of(f).kind is Kind.LONG_FORM]}  # fmt: skip


def _items(runs: list[RunView]) -> tuple[list[list[Any]], list[list[str | None]]]:
    """Every item of every run as a compact row of ITEM_FIELDS (the run by its index), by family, task, sample and
    run; and the table of tasks the rows point into, each as shown once (a run's own task file for its items)."""
    order = {family.value: index for index, family in enumerate(Family)}
    rows: list[list[Any]] = []
    tasks: list[list[str | None]] = []
    table: dict[tuple[str | None, ...], int] = {}
    for index, run in enumerate(runs):
        pointers: dict[str, int | None] = {}  # this run's task ids, to their entries in the table
        for verdict, reply in run.items.graded:
            if verdict.task_id not in pointers:
                pointers[verdict.task_id] = _entry(run.items.tasks.get(verdict.task_id), tasks, table)
            fields = {"run": index, "family": verdict.family.value, "task_id": verdict.task_id,
                      "sample": verdict.sample, "tier": verdict.tier,
                      "label": verdict.label.value if verdict.label else None, "reward": verdict.reward,
                      "decided_by": verdict.decided_by, "reply": reply, "detail": verdict.detail,
                      "error": verdict.error, "task": pointers[verdict.task_id]}  # fmt: skip
            rows.append([fields[name] for name in ITEM_FIELDS])
    family, task, sample, by_run = _AT["family"], _AT["task_id"], _AT["sample"], _AT["run"]
    rows.sort(key=lambda row: (order[row[family]], row[task], row[sample], row[by_run]))
    return rows, tasks


def _entry(task: Task | None, tasks: list[list[str | None]], table: dict[tuple[str | None, ...], int]) -> int | None:
    """Where `task` is in the table of tasks (question, what the reply is checked against and its text, split),
    added if new; None for a task not read (its run's task file is gone or changed)."""
    if task is None:
        return None
    shown = (task.question, *_checked_against(task), task.split)
    if shown not in table:
        table[shown] = len(tasks)
        tasks.append(list(shown))
    return table[shown]


def _checked_against(task: Task) -> tuple[str, str]:
    """What a reply to `task` is checked against, named: its gold answer, its defect, or its article's title."""
    if task.gold is not None:
        return "gold", task.gold
    if task.defect is not None:
        return "defect", task.defect
    assert task.article is not None  # every family carries one of the three (nohallucinate.tasks.families)
    return "article", task.article.title


def _splits(items: list[list[Any]], tasks: list[list[str | None]]) -> list[tuple[str, str]]:
    """The split filter's choices: each split the items' tasks name, and "(no split)" where some have none; none
    at all when no task has a split."""
    found = {tasks[pointer][3] if pointer is not None else None for pointer in (item[_AT["task"]] for item in items)}
    named = sorted(split for split in found if split is not None)
    if not named:
        return []
    return [(split, split) for split in named] + ([(NO_SPLIT, "(no split)")] if None in found else [])


def _pager(end: str) -> str:
    """Previous and next buttons about the "n–m of N" the page shows; `end` tells the top pager ("") from the
    bottom one ("-end")."""
    return (
        f"<div class='pager' role='navigation' aria-label='items pages{' (bottom)' if end else ''}'>"
        f"<button id='items-prev{end}' type='button'>previous</button>"
        f"<span id='items-page{end}' class='note'></span>"
        f"<button id='items-next{end}' type='button'>next</button></div>"
    )


def _select(element_id: str, name: str, options: list[tuple[str, str]]) -> str:
    """A filter: a labelled drop-down whose first choice, "all", selects everything."""
    choices = "".join(f"<option value='{html.escape(value)}'>{html.escape(text)}</option>" for value, text in options)
    return f"<label>{name} <select id='{element_id}'><option value=''>all</option>{choices}</select></label>"

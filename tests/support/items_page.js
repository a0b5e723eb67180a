// Runs the report's per-item script against a minimal stand-in for the DOM and prints, as JSON, what it rendered
// after each step: `node items_page.js INPUT.json`, where INPUT holds the page's element ids, its embedded data,
// its script and the steps ({"set": id, "value": v, "event": "change"}, {"click": id} or {"row": index}). The
// browser itself is tested by tests/report/test_items_in_chromium.py; this stand-in is for the quick tests.
"use strict";
const fs = require("fs");
const vm = require("vm");

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

class Element {
  constructor(tag) {
    Object.assign(this, { tag, children: [], parent: null, listeners: {}, text: "", className: "", value: "",
                          disabled: false, colSpan: 1, attributes: {} });
  }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  focus() {}
  scrollIntoView() {}
  get textContent() { return this.children.length ? this.children.map((c) => c.textContent).join(" ") : this.text; }
  set textContent(value) { this.children = []; this.text = String(value); }
  get firstChild() { return this.children[0] || null; }
  appendChild(child) { child.parent = this; this.children.push(child); return child; }
  removeChild(child) { this.children.splice(this.children.indexOf(child), 1); child.parent = null; return child; }
  remove() { if (this.parent) { this.parent.removeChild(this); } }
  after(node) { node.parent = this.parent; this.parent.children.splice(this.parent.children.indexOf(this) + 1, 0, node); }
  addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); }
  fire(type, key) { (this.listeners[type] || []).forEach((listener) => listener({ key, preventDefault() {} })); }
}

const byId = {};
input.ids.forEach((id) => { byId[id] = new Element("element"); });
byId["items-data"].textContent = input.data;
const document = { getElementById: (id) => byId[id] || null, createElement: (tag) => new Element(tag) };
// The URL's fragment, which the script keeps its state in (history.replaceState writes it without an event).
const location = { hash: "" };
const window = { location, history: { replaceState(state, title, url) { location.hash = url; } },
                 addEventListener() {} };
vm.runInNewContext(input.script, { document, window });

const body = byId["items-body"];
const state = () => ({
  rows: body.children.map((row) => row.children.map((cell) => cell.textContent)),
  count: byId["items-count"].textContent,
  page: byId["items-page"].textContent,
  next_disabled: byId["items-next"].disabled,
  hash: window.location.hash,
});
const states = [state()];
input.steps.forEach((step) => {
  if (step.set) { byId[step.set].value = step.value; byId[step.set].fire(step.event || "change"); }
  if (step.click) { byId[step.click].fire("click"); }
  if (step.row !== undefined) { body.children[step.row].fire("click"); }
  states.push(state());
});
process.stdout.write(JSON.stringify(states));

// The review's list: the failing images grouped by cause (read from verify's words) or by
// item, narrowed by a filter, each group with a button that approves all its images at once;
// and the words themselves with every quoted text isolated, so right-to-left text keeps its
// place in "old → new".
"use strict";

// The causes in the order they are listed; a failure goes to the first whose test its words
// pass. The words are verify's own (GoldenVerdict.swift, LayoutChange.swift,
// GoldenDifference.swift).
const CAUSES = [
  ["Fonts differ", (words) => words.includes("the fonts differ")],
  ["No golden yet", (words) => words.startsWith("no golden yet")],
  ["Cannot be compared", (words) => words.startsWith("cannot read") || words.includes("could not")],
  ["Size changed", (words) => words.includes("size changed from") || /\bpixel size \d/.test(words)],
  ["Cut moved", (words) => /\b(cut moved|now cut at|no longer cut)\b/.test(words)],
  ["Label moved", (words) => /\blabel (moved|resized|appeared|gone|no longer fits|now fits)/.test(words)],
  ["Same layout, pixels only", (words) => words.startsWith("same layout, pixels differ")],
  ["Layout changed", (words) => words.startsWith("layout changed")],
  ["Pixels differ", () => true],
];

// A failure's words without its path.
function wordsOf(item) {
  return item.summary.startsWith(item.path + ": ") ? item.summary.slice(item.path.length + 2) : item.summary;
}

function causeOf(item) {
  const words = wordsOf(item);
  return CAUSES.find(([, test]) => test(words))[0];
}

// The item's name: the golden's folder.
function itemOf(item) {
  return item.path.includes("/") ? item.path.slice(0, item.path.lastIndexOf("/")) : item.path;
}

// The listed failures after the filter (every word typed in the path or the words), in
// groups: [title, items] in the order of CAUSES or of the manifest.
function groupsOf(items, groupBy, filter) {
  const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = items.filter((item) => terms.every((term) => item.summary.toLowerCase().includes(term)));
  if (groupBy === "none") return shown.length ? [["All failing images", shown]] : [];
  const key = groupBy === "item" ? itemOf : causeOf;
  const groups = new Map(groupBy === "cause" ? CAUSES.map(([name]) => [name, []]) : []);
  for (const item of shown) {
    if (!groups.has(key(item))) groups.set(key(item), []);
    groups.get(key(item)).push(item);
  }
  return [...groups].filter(([, members]) => members.length);
}

// `text` as nodes, each “quoted” part in a <bdi> of its own: a Hebrew or Arabic text in
// "“old” → “new”" can then not reorder the arrow and the other side.
function isolatedWords(text) {
  const nodes = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf("“");
    const close = open < 0 ? -1 : rest.indexOf("”", open + 1);
    if (close < 0) break;
    nodes.push(document.createTextNode(rest.slice(0, open + 1)));
    const quoted = document.createElement("bdi");
    quoted.textContent = rest.slice(open + 1, close);
    nodes.push(quoted);
    rest = rest.slice(close);
  }
  nodes.push(document.createTextNode(rest));
  return nodes;
}

// The list: a heading per group with its count and its batch approve, then its entries.
function renderList(state, review, handlers) {
  const list = document.getElementById("list");
  list.textContent = "";
  const groups = groupsOf(state.items, review.groupBy, review.filter);
  review.visible = groups.flatMap(([, members]) => members.map((item) => item.path));
  for (const [title, members] of groups) {
    const group = document.createElement("li");
    group.className = "group";
    group.dataset.group = title;
    const head = document.createElement("div");
    head.className = "group-head";
    const name = document.createElement("span");
    name.textContent = `${title} (${members.length})`;
    // A rejected image is the reviewer's decision: a group's approve leaves it out (the
    // server does, and says which it left out); approving it alone overrides the rejection.
    const candidates = members.filter((item) => item.canApprove);
    const approvable = candidates.filter((item) => item.rejection == null);
    const rejected = candidates.length - approvable.length;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "approve-group";
    button.textContent = `Approve ${approvable.length}`;
    button.disabled = !approvable.length || !!state.stale;
    const leftOut = rejected ? ` (${rejected} rejected image${rejected === 1 ? "" : "s"} left out)` : "";
    button.title = rejected ? `${rejected} rejected image${rejected === 1 ? "" : "s"} left out: approve one alone to override its rejection` : "";
    button.setAttribute("aria-label", `Approve the ${approvable.length} images of ${title}${leftOut}`);
    button.onclick = () => handlers.approveAll(candidates.map((item) => item.path));
    head.append(name, button);
    const entries = document.createElement("ol");
    for (const item of members) {
      const entry = document.createElement("li");
      entry.dataset.path = item.path;
      entry.className = "entry" + (review.skipped.has(item.path) ? " skipped" : "")
        + (item.rejection != null ? " rejected" : "");
      entry.setAttribute("aria-selected", item.path === review.selected);
      const path = document.createElement("div");
      path.className = "name";
      path.textContent = item.path;
      const why = document.createElement("div");
      why.className = "why";
      why.append(...isolatedWords(wordsOf(item)));
      entry.append(path, why);
      if (item.rejection != null) {
        const note = document.createElement("div");
        note.className = "note";
        note.textContent = item.rejection ? `rejected: ${item.rejection}` : "rejected";
        entry.appendChild(note);
      }
      entry.onclick = () => handlers.select(item.path);
      entries.appendChild(entry);
    }
    group.append(head, entries);
    list.appendChild(group);
  }
}

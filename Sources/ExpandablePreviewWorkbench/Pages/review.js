// The review of failing goldens: the server runs verify and lists each failing image; this page
// compares expected and actual four ways and approves (writes the golden), undoes, or rejects
// with a note (kept for the next verify's report) over POST.
"use strict";

// The access token travels in every URL the page asks for (never in a cookie: cookies ignore
// ports, so another server on this machine would receive it).
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(TOKEN)}`;

const $ = (id) => document.getElementById(id);
const MODES = ["side", "swipe", "onion", "toggle"];
// What the browser tests read: the last state, the selected golden, the mode.
window.reviewState = {
  last: null, selected: null, mode: "side", error: null, updates: 0,
  groupBy: "item", filter: "", skipped: new Set(), visible: [],
};
let showingActual = true;  // toggle mode

async function post(path, body) {
  const response = await fetch(withToken(path), { method: "POST", body: body || "" });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || `${response.status}`);
  return JSON.parse(text);
}

// The state is asked for every second (faster while verify runs): the server tells when a
// file the run read changed. An unchanged answer changes nothing on the page.
let lastAnswer = "";
async function poll() {
  try {
    const response = await fetch(withToken("/review/state"));
    const text = await response.text();
    if (text !== lastAnswer) {
      lastAnswer = text;
      show(JSON.parse(text));
    }
  } catch {
    // The server stopped; the page keeps what it shows.
  }
  setTimeout(poll, window.reviewState.last?.running ? 300 : 1000);
}

function show(state) {
  const review = window.reviewState;
  review.last = state;
  review.updates += 1;
  renderList(state, review, { select, approveAll });
  // The selection stays on its golden; when that left the list, on the one now in its place.
  const paths = review.visible;
  if (!paths.includes(review.selected)) {
    const index = review.selectedIndex ?? 0;
    review.selected = paths[Math.min(index, paths.length - 1)] ?? null;
    markSelected();
  }
  $("status").textContent = state.running ? "Running verify…"
    : `${state.failing} failing of ${state.checked} checked · ${state.approved} approved`;
  $("undo").disabled = !state.undo.length;
  $("undo").title = !state.undo.length ? "Nothing to undo"
    : state.undoKind === "reject" ? `Take back the rejection of ${state.undo.join(", ")} (its earlier note, if any, comes back)`
    : `Restore ${state.undo.join(", ")} as before (and any rejection the approve ended)`;
  $("notice").hidden = !state.notice;
  $("notice").textContent = state.notice || "";
  // A run older than the manifest, a text file or a golden: approving is refused until verify
  // runs again.
  $("stale").hidden = !state.stale;
  $("stale-text").textContent = state.stale || "";
  $("rerun").classList.toggle("urgent", !!state.stale);
  $("problem").hidden = !state.problem;
  $("problem").textContent = state.problem || "";
  $("empty").hidden = state.running || state.items.length > 0;
  render();
}

function current() {
  const state = window.reviewState.last;
  return state && state.items.find((item) => item.path === window.reviewState.selected);
}

function select(path) {
  const review = window.reviewState;
  review.selected = path;
  review.selectedIndex = review.visible.indexOf(path);
  markSelected();
  render();
}

function markSelected() {
  for (const entry of document.querySelectorAll("#list li.entry")) {
    const selected = entry.dataset.path === window.reviewState.selected;
    entry.setAttribute("aria-selected", selected);
    if (selected) entry.scrollIntoView({ block: "nearest" });
  }
}

// The previous or next image of the list as shown (its groups, after the filter).
function move(step) {
  const paths = window.reviewState.visible;
  if (!paths.length) return;
  const index = paths.indexOf(window.reviewState.selected);
  select(paths[Math.max(0, Math.min(paths.length - 1, index + step))]);
}

// Leaves the image as it is (marked skipped) and goes to the next one not skipped.
function skip() {
  const review = window.reviewState;
  if (!review.selected) return;
  review.skipped.add(review.selected);
  renderList(review.last, review, { select, approveAll });
  advance();
}

// Selects the next image after the selected one that is neither skipped nor rejected.
function advance() {
  const review = window.reviewState;
  const paths = review.visible;
  const index = paths.indexOf(review.selected);
  const rejected = new Set(review.last.items.filter((item) => item.rejection != null).map((item) => item.path));
  const next = paths.slice(index + 1).concat(paths.slice(0, index))
    .find((path) => !review.skipped.has(path) && !rejected.has(path));
  select(next ?? review.selected);
}

// Draws the selected failure in the current mode, with only that mode's controls.
function render() {
  const item = current();
  $("current").hidden = !item;
  if (!item) return;
  const review = window.reviewState;
  review.selectedIndex = review.visible.indexOf(item.path);
  $("path").textContent = item.path;
  $("summary").textContent = "";
  $("summary").append(...isolatedWords(wordsOf(item)));
  fillTexts($("texts"), item);
  $("sizes").textContent = sizeWords(item);
  showRejection(item);
  $("approve").disabled = !item.canApprove || !!review.last.stale;
  $("approve").title = review.last.stale ? "Re-run verify first: the files changed" : "";
  const mode = review.mode;
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.setAttribute("aria-checked", button.dataset.mode === mode);
  }
  const compare = $("compare");
  compare.textContent = "";
  compare.dataset.mode = mode;
  const has = (kind) => item.images.includes(kind);
  const both = has("expected") && has("actual") && item.sizes.expected && item.sizes.actual;
  $("swipe-label").hidden = !(both && mode === "swipe");
  $("opacity-label").hidden = !(both && mode === "onion");
  $("flip").hidden = !(both && mode === "toggle");
  if (mode === "side" || !both) {
    for (const kind of ["expected", "actual", "difference"]) {
      if (has(kind)) compare.appendChild(compareFigure(compareImage(item, kind), kind === "difference" ? "diff" : kind));
    }
    if (!has("expected")) compare.appendChild(compareFigure(document.createTextNode("no golden yet"), "expected"));
    return;
  }
  if (mode === "toggle") {
    const stack = document.createElement("div");
    stack.className = "stack";
    stack.appendChild(compareImage(item, showingActual ? "actual" : "expected"));
    stack.onclick = flip;
    $("flip").textContent = showingActual ? "Show expected" : "Show actual";
    compare.appendChild(compareFigure(stack, showingActual ? "actual (click to flip)" : "expected (click to flip)"));
  } else if (mode === "swipe") {
    compare.appendChild(swipeView(item, $("swipe")));
  } else {
    compare.appendChild(onionView(item, $("opacity")));
  }
  if (has("difference")) compare.appendChild(compareFigure(compareImage(item, "difference"), "diff"));
}

function setMode(mode) {
  window.reviewState.mode = mode;
  $("swipe").value = 50;
  $("opacity").value = 50;
  render();
}

function flip() {
  showingActual = !showingActual;
  render();
}

async function act(path, body) {
  window.reviewState.error = null;
  try {
    show(await post(path, body));
    $("problem").hidden = !window.reviewState.last.problem;
  } catch (error) {
    window.reviewState.error = error.message;
    $("problem").hidden = false;
    $("problem").textContent = error.message;
  }
}

function approve() {
  const item = current();
  if (item && item.canApprove && !window.reviewState.last.stale) return act("/review/approve", item.path);
}

// Approves every path at once (a group or an item), leaving out any rejected since the list
// was drawn (the server says which): one undo puts them all back.
function approveAll(paths) {
  if (paths.length && !window.reviewState.last.stale) return act("/review/approve-batch", paths.join("\n"));
}

// Undoes the last approve or reject and selects the image it concerned.
async function undo() {
  const restored = window.reviewState.last?.undo || [];
  if (!restored.length) return;
  await act("/review/undo");
  if (window.reviewState.visible.includes(restored[0])) select(restored[0]);
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Keys typed in the filter or the note are text, not commands.
  if (event.target.matches?.("input[type=search], input[type=text], textarea")) {
    if (event.key === "Escape" && event.target.id === "reject-note") closeReject();
    return;
  }
  const onSlider = event.target instanceof HTMLInputElement;
  if (event.key === "ArrowRight" && !onSlider) { move(1); event.preventDefault(); }
  else if (event.key === "ArrowLeft" && !onSlider) { move(-1); event.preventDefault(); }
  else if (event.key === "a") approve();
  else if (event.key === "u") undo();
  else if (event.key === "r") { openReject(); event.preventDefault(); }
  else if (event.key === "s" && !(event.target instanceof HTMLInputElement)) skip();
});
for (const button of document.querySelectorAll("[data-mode]")) {
  button.onclick = () => setMode(button.dataset.mode);
}
$("flip").onclick = flip;
$("approve").onclick = approve;
$("skip").onclick = skip;
// review-reject.js runs after this file (its tag is in the page's body): called when clicked.
$("reject").onclick = () => openReject();
$("reject-form").onsubmit = (event) => reject(event);
$("reject-cancel").onclick = () => closeReject();
$("filter").oninput = () => {
  window.reviewState.filter = $("filter").value;
  show(window.reviewState.last);
};
$("group-by").onchange = () => {
  window.reviewState.groupBy = $("group-by").value;
  show(window.reviewState.last);
};
$("undo").onclick = undo;
function rerun() {
  $("status").textContent = "Running verify…";
  act("/review/run");
}
$("rerun").onclick = rerun;
$("stale-rerun").onclick = rerun;
window.reviewAPI = {
  approve: (path) => act("/review/approve", path),
  reject: (path, note) => act("/review/reject", `${path}\n${note}`),
  setMode, move,
};
poll();

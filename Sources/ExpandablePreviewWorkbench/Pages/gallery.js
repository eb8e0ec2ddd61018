// The live gallery: the server sends the whole state when the page connects or the order of items
// changed ("gallery"), and then only the items that changed ("gallery-update"); images of an item
// are fetched again only when its generation changed. Every message costs in the items it names.
"use strict";

// The access token travels in every URL the page asks for (never in a cookie: cookies ignore
// ports, so another server on this machine would receive it).
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(TOKEN)}`;

const $ = (id) => document.getElementById(id);
const sections = new Map();  // item name → its section
const shown = new Map();  // item name → generation shown
// The page's copy of the state, in the shape of a whole-state message (the tests read it).
const state = { manifest: "", error: null, warning: null, leftOutItems: 0, rendering: 0, items: [] };
const positions = new Map();  // item name → index in state.items
window.galleryState = { updates: 0, last: null };

function connect() {
  const socket = new WebSocket(`ws://${location.host}${withToken("/gallery-socket")}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => { $("status").textContent = "Disconnected: reload to reconnect"; };
}

function receive(message) {
  Object.assign(state, {
    manifest: message.manifest, error: message.error || null, warning: message.warning || null,
    leftOutItems: message.leftOutItems || 0, rendering: message.rendering || 0,
    reading: Boolean(message.reading),
  });
  if (message.type === "gallery") {
    state.items = message.items;
    positions.clear();
    state.items.forEach((item, index) => positions.set(item.name, index));
    placeAll();
  } else {
    for (const item of message.updates || []) {
      const index = positions.get(item.name);
      if (index === undefined) continue;
      state.items[index] = item;
      showItem(item);
    }
  }
  showHeader();
  window.galleryState.updates += 1;
  window.galleryState.last = state;
}

function showHeader() {
  $("manifest").textContent = state.manifest;
  const problem = $("problem");
  problem.hidden = !state.error;
  problem.textContent = state.error ? `The manifest is invalid; showing the last good images.\n${state.error}` : "";
  const warnings = [state.warning];
  if (state.leftOutItems > 0) {
    warnings.push(`${state.leftOutItems} more items are not shown: the gallery shows the first ${state.items.length}.`);
  }
  const warning = $("warning");
  warning.textContent = warnings.filter(Boolean).join("\n");
  warning.hidden = !warning.textContent;
  const pending = state.rendering;
  $("status").textContent = state.error ? "Manifest invalid: showing the last good images"
    : state.reading && !state.items.length ? "Reading the manifest…"
    : pending ? `Rendering ${pending} item${pending === 1 ? "" : "s"}…` : `${state.items.length} items`;
}

// A new order of items: sections in manifest order, the ones that went removed.
function placeAll() {
  const container = $("items");
  for (const [name, section] of sections) {
    if (!positions.has(name)) { section.remove(); sections.delete(name); shown.delete(name); }
  }
  let previous = null;
  for (const item of state.items) {
    let section = sections.get(item.name);
    if (!section) {
      section = document.createElement("section");
      section.className = "item";
      section.dataset.item = item.name;
      const title = document.createElement("h2");
      title.textContent = item.name;
      section.appendChild(title);
      const files = document.createElement("div");
      files.className = "files";
      section.appendChild(files);
      sections.set(item.name, section);
    }
    const wanted = previous ? previous.nextSibling : container.firstChild;
    if (wanted !== section) container.insertBefore(section, wanted);
    previous = section;
    showItem(item);
  }
}

function showItem(item) {
  const section = sections.get(item.name);
  section.classList.toggle("pending", item.pending);
  if (shown.get(item.name) === item.generation || item.generation === 0) return;
  shown.set(item.name, item.generation);
  section.dataset.generation = item.generation;
  const files = section.querySelector(".files");
  files.textContent = "";
  for (const grid of grids(item.files)) files.appendChild(gridTable(item, grid));
  for (const error of item.errors) files.appendChild(note("problem", error));
  if (item.leftOut > 0) files.appendChild(note("warning", `${item.leftOut} more files not shown`));
}

// The item's files as a grid: a row per state, a column per appearance, one grid per variant
// (the parts of a name past its appearance); an item with one appearance has one grid with a
// column per variant instead. In the order the files come.
function grids(files) {
  const byAppearance = files.some((file) => file.appearance);
  const byVariant = new Map();
  for (const file of files) {
    const key = byAppearance ? file.variant : "";
    const column = byAppearance ? file.appearance : file.variant;
    if (!byVariant.has(key)) byVariant.set(key, { variant: key, states: [], columns: [], cells: new Map() });
    const grid = byVariant.get(key);
    if (!grid.states.includes(file.state)) grid.states.push(file.state);
    if (!grid.columns.includes(column)) grid.columns.push(column);
    grid.cells.set(`${file.state}\u0000${column}`, file);
  }
  return [...byVariant.values()];
}

function gridTable(item, grid) {
  const table = document.createElement("table");
  table.className = "grid";
  table.dataset.variant = grid.variant;
  if (grid.variant) {
    const caption = document.createElement("caption");
    caption.textContent = grid.variant;
    table.appendChild(caption);
  }
  if (grid.columns.some(Boolean)) {
    const head = table.createTHead().insertRow();
    head.appendChild(document.createElement("th"));
    for (const column of grid.columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = column;
      head.appendChild(th);
    }
  }
  const body = table.createTBody();
  for (const stateName of grid.states) {
    const row = body.insertRow();
    row.dataset.state = stateName;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = stateName;
    row.appendChild(th);
    for (const column of grid.columns) {
      const cell = row.insertCell();
      const file = grid.cells.get(`${stateName}\u0000${column}`);
      if (file) { cell.dataset.column = column; cell.appendChild(figure(item, file.file)); }
    }
  }
  return table;
}

function figure(item, file) {
  const figure = document.createElement("figure");
  const img = document.createElement("img");
  img.src = withToken(`/gallery-image/${encodeURIComponent(item.name)}/${encodeURIComponent(file)}?g=${item.generation}`);
  img.alt = `${item.name} ${file}`;
  img.dataset.file = file;
  img.loading = "lazy";
  // Shown at its size in points: the pixels over the scale in its name (…@2x.png).
  const scale = Number((file.match(/@(\d)x\./) || [0, 1])[1]);
  img.onload = () => { img.style.width = img.naturalWidth / scale + "px"; };
  const caption = document.createElement("figcaption");
  caption.textContent = file + " ";
  // This file's settings (item × variant) in the playground.
  const open = document.createElement("a");
  open.className = "open";
  open.href = withToken(`/?item=${encodeURIComponent(item.name)}&file=${encodeURIComponent(file)}`);
  open.textContent = "Open in playground";
  caption.appendChild(open);
  figure.appendChild(img);
  figure.appendChild(caption);
  return figure;
}

function note(kind, text) {
  const p = document.createElement("p");
  p.className = kind;
  p.textContent = text;
  return p;
}

document.addEventListener("DOMContentLoaded", connect);

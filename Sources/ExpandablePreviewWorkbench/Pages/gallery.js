// The live gallery: the server pushes the manifest's state whenever a file changes; images of an
// item are fetched again only when its generation changed.
"use strict";

// The access token travels in every URL the page asks for (never in a cookie: cookies ignore
// ports, so another server on this machine would receive it).
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(TOKEN)}`;

const $ = (id) => document.getElementById(id);
const shown = {};  // item name → generation shown
window.galleryState = { updates: 0, last: null };

function connect() {
  const socket = new WebSocket(`ws://${location.host}${withToken("/gallery-socket")}`);
  socket.onmessage = (event) => show(JSON.parse(event.data));
  socket.onclose = () => { $("status").textContent = "Disconnected: reload to reconnect"; };
}

function show(state) {
  window.galleryState.updates += 1;
  window.galleryState.last = state;
  $("manifest").textContent = state.manifest;
  const problem = $("problem");
  problem.hidden = !state.error;
  problem.textContent = state.error || "";
  const warning = $("warning");
  warning.hidden = !state.warning;
  warning.textContent = state.warning || "";
  const pending = state.items.filter((item) => item.pending).length;
  $("status").textContent = state.error ? "Manifest invalid: showing the last good images"
    : pending ? `Rendering ${pending} item${pending === 1 ? "" : "s"}…` : `${state.items.length} items`;
  const container = $("items");
  const names = new Set(state.items.map((item) => item.name));
  for (const section of [...container.children]) {
    if (!names.has(section.dataset.item)) { section.remove(); delete shown[section.dataset.item]; }
  }
  let previous = null;
  for (const item of state.items) {
    let section = container.querySelector(`[data-item="${CSS.escape(item.name)}"]`);
    if (!section) {
      section = document.createElement("section");
      section.className = "item";
      section.dataset.item = item.name;
      const title = document.createElement("h2");
      title.textContent = item.name;
      section.appendChild(title);
      const row = document.createElement("div");
      row.className = "files";
      section.appendChild(row);
    }
    // Keep manifest order.
    if (previous ? previous.nextSibling !== section : container.firstChild !== section) {
      container.insertBefore(section, previous ? previous.nextSibling : container.firstChild);
    }
    previous = section;
    if (shown[item.name] === item.generation || item.generation === 0) continue;
    shown[item.name] = item.generation;
    section.dataset.generation = item.generation;
    const row = section.querySelector(".files");
    row.textContent = "";
    for (const file of item.files) {
      const figure = document.createElement("figure");
      const img = document.createElement("img");
      img.src = withToken(`/gallery-image/${encodeURIComponent(item.name)}/${encodeURIComponent(file)}?g=${item.generation}`);
      img.alt = `${item.name} ${file}`;
      img.dataset.file = file;
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
      row.appendChild(figure);
    }
    for (const error of item.errors) {
      const p = document.createElement("p");
      p.className = "problem";
      p.textContent = error;
      row.appendChild(p);
    }
    if (item.leftOut > 0) {
      const p = document.createElement("p");
      p.className = "warning";
      p.textContent = `${item.leftOut} more files not shown`;
      row.appendChild(p);
    }
  }
}

document.addEventListener("DOMContentLoaded", connect);

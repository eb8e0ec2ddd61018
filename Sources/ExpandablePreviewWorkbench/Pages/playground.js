// The playground: one control per setting (the server sends them, made from the settings
// table), every change sent over the WebSocket, the rendered states shown as they arrive.
"use strict";

// The access token travels in every URL the page asks for (never in a cookie: cookies ignore
// ports, so another server on this machine would receive it).
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(TOKEN)}`;

// `seq`: the latest edit; `edgesSeq`: the edge texts' latest request (they follow the settings
// while shown; 0 when hidden), both numbered from `counter`, so an answer names its request.
const state = {
  socket: null, counter: 0, seq: 0, shown: 0, edgesSeq: 0, edgesShown: 0, connected: false, retry: 1000,
  announced: "",
};
// Read by the browser tests: the latest edit sent and the latest answer shown.
window.playgroundState = state;
const $ = (id) => document.getElementById(id);

function connect() {
  const socket = new WebSocket(`ws://${location.host}${withToken("/socket")}`);
  state.socket = socket;
  // Pictures come as binary answers (playground-images.js); everything else as JSON text.
  socket.binaryType = "arraybuffer";
  socket.onmessage = (event) => {
    const message = typeof event.data === "string" ? JSON.parse(event.data) : PlaygroundImages.read(event.data);
    if (message.type === "render") PlaygroundImages.answerReceived(message.seq);
    receive(message);
  };
  socket.onopen = () => { state.retry = 1000; };
  // A lost connection says so above the images, which stay (dimmed), and tries again, waiting
  // longer each time up to 8 s; the settings are sent again once it is back.
  socket.onclose = () => {
    if (state.socket !== socket) return;
    state.socket = null;
    offline(`Connection to the workbench lost — reconnecting in ${state.retry / 1000} s… ` +
      "The images below are from before.");
    setTimeout(connect, state.retry);
    state.retry = Math.min(state.retry * 2, 8000);
  };
}

function offline(message) {
  const banner = $("offline");
  banner.hidden = !message;
  banner.textContent = message || "";
  $("states").classList.toggle("stale", !!message);
  if (!message) announce("Reconnected");
}

// Says what changed to a screen reader (the polite live region), only when it differs from
// the last thing said: typing that changes no line count says nothing.
function announce(words) {
  if (words === state.announced) return;
  state.announced = words;
  $("announce").textContent = words;
}

function receive(message) {
  if (message.type === "hello") {
    // Back after a lost connection: the controls keep what they held.
    const kept = state.connected ? { text: $("text").value, pairs: flags() } : null;
    buildControls(message, () => send());
    const asked = new URLSearchParams(location.search);
    const linked = kept || readHash();
    if (state.connected) offline(null);
    state.connected = true;
    if (linked) {
      setControls(linked.text, linked.pairs);
      send();
    } else if (asked.has("item") && asked.has("file")) {
      // Opened from the gallery: load that file's settings first.
      state.socket.send(JSON.stringify({ type: "open", item: asked.get("item"), file: asked.get("file") }));
    } else {
      send();
    }
  } else if (message.type === "download") {
    saveFile(message.name, message.mime, message.bytesOf(message.data));
  } else if (message.type === "open") {
    applySettings(message);
    send();
  } else if (message.type === "problem" && message.seq === -1) {
    const problem = $("problem");
    problem.textContent = message.message;
    problem.hidden = false;
  } else if (message.seq > 0 && message.seq === state.edgesSeq) {
    // The edge texts of the latest settings (or their problem); older ones are never shown.
    state.edgesShown = message.seq;
    showEdges(message.type === "edges" ? message.cases : null, message.message, message.bytesOf);
  } else if (message.type === "render") {
    if (message.seq < state.shown) return;
    state.shown = message.seq;
    showRender(message);
  } else if (message.type === "problem") {
    if (message.seq < state.shown) return;
    state.shown = message.seq;
    const problem = $("problem");
    problem.textContent = message.message;
    problem.hidden = false;
    $("status").textContent = "Not rendered: the last good images stay";
    announce(`Not rendered: ${message.message}`);
  }
}

// A gallery file's text and flags in the controls (every other control back to its default),
// and what the playground cannot set.
function applySettings(message) {
  setControls(message.settings.text, message.settings.flags);
  const note = $("opened");
  const leftOut = message.settings.leftOut;
  note.textContent = `Opened ${message.item} / ${message.file} from the gallery` +
    (leftOut.length ? `. Not set here (no control): ${leftOut.join(", ")}` : "");
  note.hidden = false;
}

// Sends the settings: as an edit, and again for the edge texts while they are shown (so they
// follow the settings); `edgesOnly` asks for the edge texts alone.
function send(edgesOnly) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  const pairs = flags();
  // The address follows in a task of its own, while the server renders: replaceState took
  // 1–6 ms of the keystroke's time on a busy machine (Performance.md, workbench latency).
  const text = $("text").value;
  clearTimeout(state.hashTimer);
  state.hashTimer = setTimeout(() => writeHash(text, pairs), 0);
  const message = { text, flags: pairs };
  if (!edgesOnly) {
    state.seq = state.counter += 1;
    PlaygroundImages.editSent(state.seq);
    const appearances = $("both-appearances").checked ? ["light", "dark"] : undefined;
    state.socket.send(JSON.stringify({ ...message, type: "edit", seq: state.seq, appearances }));
  }
  if (edgesOnly || state.edgesSeq) {
    state.edgesSeq = state.counter += 1;
    $("edges").classList.add("stale");
    state.socket.send(JSON.stringify({ ...message, type: "edges", seq: state.edgesSeq }));
  }
}

function showRender(message) {
  $("problem").hidden = true;
  $("status").textContent = `Rendered in ${message.renderMilliseconds.toFixed(1)} ms`;
  $("copy-item").textContent = message.item;
  $("copy-swift").textContent = message.swift;
  const container = $("states");
  // The pictures given this answer's bytes (promises: drawn, or not because newer bytes came),
  // whose drawing ends the edit's latency measure.
  const shown = [];
  const keyOf = (rendered) => (rendered.appearance ? `${rendered.appearance}/` : "") + rendered.state;
  // Every new picture starts decoding (off the page's thread) before the cards are filled in.
  // An unchanged picture (the bytes this card was last given) keeps its pixels and its
  // player; its edit is on screen once that drawing, if still under way, ends.
  for (const rendered of message.states) {
    if (rendered.error) continue;
    const card = container.querySelector(`[data-key="${keyOf(rendered)}"]`) || makeCard(rendered.state, rendered.appearance);
    const still = card.querySelector("canvas.still");
    if (!rendered.unchanged) still.drawing = PlaygroundImages.draw(still, message.bytesOf(rendered.png));
    shown.push(still.drawing);
  }
  for (const rendered of message.states) {
    const card = container.querySelector(`[data-key="${keyOf(rendered)}"]`) || makeCard(rendered.state, rendered.appearance);
    const layout = JSON.parse(rendered.layout);
    card.layout = layout;
    const still = card.querySelector("canvas.still");
    if (rendered.error) {
      card.querySelector(".facts").textContent = rendered.error;
      continue;
    }
    if (!rendered.unchanged) PlaygroundPlayer.attach(card, still, layout, message.bytesOf(rendered.png));
    const overlay = showOverlay(card, message.bytesOf(rendered.overlay));
    if (overlay) shown.push(overlay.decode().then(() => true, () => false));
    still.dataset.file = rendered.file;
    if (layout.size) {
      // Its size in points: the canvas holds the pixels (2× at scale 2), so it stays sharp.
      still.style.width = layout.size.width + "px";
      // The card as wide as its image, so two states sit side by side where they fit; a
      // narrower window shrinks both (the CSS's max-width).
      card.style.width = Math.max(layout.size.width + 26, 300) + "px";
    }
    // What an <img>'s alt said: a canvas with role="img" is read by this label.
    still.setAttribute("aria-label", `${rendered.state}: ${layout.visibleText ?? ""}`);
    // SVG and PDF draw stills; an animation downloads as its animated PNG.
    for (const button of card.querySelectorAll('[data-format="svg"], [data-format="pdf"]')) {
      button.hidden = !!layout.frames;
    }
    still.dataset.lines = layout.lines ?? "";
    placeLines(card.querySelector(".lines"), layout.lineFrames || [], layout.size);
    placeFrame(card.querySelector(".frame.label"), layout.label, layout.size);
    placeFrame(card.querySelector(".frame.fade"), layout.fade, layout.size);
    fillFacts(card.querySelector(".facts"), rendered.facts || []);
  }
  for (const card of [...container.children]) {
    if (message.states.some((s) => keyOf(s) === card.dataset.key)) continue;
    PlaygroundImages.release(card);
    card.remove();
  }
  // In the server's order: each state in light, then in dark, when both are shown. Cards are
  // moved only when out of order (a move lays out and paints every card again).
  message.states.forEach((rendered, index) => {
    const card = container.querySelector(`[data-key="${keyOf(rendered)}"]`);
    if (container.children[index] !== card) container.insertBefore(card, container.children[index] || null);
  });
  PlaygroundComponent.update(shown);
  PlaygroundImages.measure(message.seq, shown).then((milliseconds) => {
    if (milliseconds == null || message.seq !== state.shown) return;
    $("status").textContent = `Rendered in ${message.renderMilliseconds.toFixed(1)} ms, ` +
      `on screen ${milliseconds.toFixed(1)} ms after the edit`;
  });
  announce(message.states.map((rendered) => {
    const layout = rendered.layout ? JSON.parse(rendered.layout) : {};
    if (rendered.error || layout.lines == null) return `${rendered.state}: ${rendered.error || "rendered"}`;
    return `${rendered.state}: ${layout.lines} line${layout.lines === 1 ? "" : "s"}` +
      (layout.truncated ? ", truncated" : "");
  }).join("; "));
}

function makeCard(name, appearance) {
  const card = document.createElement("div");
  card.className = "state";
  card.dataset.state = name;
  card.dataset.key = (appearance ? `${appearance}/` : "") + name;
  if (appearance) card.dataset.appearance = appearance;
  card.innerHTML = `<h2></h2><div class="canvas"><canvas class="still" role="img"></canvas><div class="lines"></div><div class="frame label"></div>` +
    `<div class="frame fade"></div></div><div class="downloads">Download ` +
    `<button type="button" data-format="png">PNG</button> <button type="button" data-format="svg">SVG</button> ` +
    `<button type="button" data-format="pdf">PDF</button></div><table class="facts"></table>`;
  for (const button of card.querySelectorAll("[data-format]")) {
    button.setAttribute("aria-label", `Download ${name}${appearance ? ` in ${appearance}` : ""} as ${button.dataset.format.toUpperCase()}`);
    button.addEventListener("click", () => download(button.dataset.format, name, appearance));
  }
  card.querySelector("h2").textContent = name[0].toUpperCase() + name.slice(1);
  if (appearance) {
    const words = document.createElement("span");
    words.className = "appearance";
    words.textContent = ` · ${appearance}`;
    card.querySelector("h2").appendChild(words);
  }
  $("states").appendChild(card);
  return card;
}

// A frame in percent of the image's size in points, so it stays on the image when a narrow
// window shrinks the image.
function placeFrame(frame, rect, size) {
  frame.hidden = !rect;
  if (!rect) return;
  const percent = (value, whole) => `${(value / whole) * 100}%`;
  frame.style.left = percent(rect.x, size.width);
  frame.style.top = percent(rect.y, size.height);
  frame.style.width = percent(rect.width, size.width);
  frame.style.height = percent(rect.height, size.height);
}

// One box per drawn line (layout.json's lineFrames), under the label and fade frames.
function placeLines(container, frames, size) {
  while (container.children.length > frames.length) container.lastChild.remove();
  while (container.children.length < frames.length) {
    const box = document.createElement("div");
    box.className = "frame line";
    container.appendChild(box);
  }
  frames.forEach((rect, index) => placeFrame(container.children[index], rect, size));
}

// The facts the server worked out (LayoutFacts.swift): counted in the rendered text's
// characters, label rows only with a label, a warning row when the label or fade covers text.
function fillFacts(table, facts) {
  table.textContent = "";
  for (const fact of facts) {
    const row = table.insertRow();
    const th = document.createElement("th");
    th.textContent = fact.name;
    row.appendChild(th);
    row.insertCell().textContent = fact.value;
    row.dataset.fact = fact.name;
    if (fact.warning) row.className = "warning";
  }
}

async function copy(id) {
  const text = $(id).textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("status").textContent = "Copied";
  } catch {
    $("status").textContent = "Copy failed: select the text below";
  }
}

document.addEventListener("DOMContentLoaded", () => {
  // The status line changes with every render: the live region below speaks for it instead.
  $("status").removeAttribute("role");
  $("text").addEventListener("input", () => send());
  $("overlay").addEventListener("change", (e) => document.body.classList.toggle("overlay", e.target.checked));
  $("edges-button").addEventListener("click", toggleEdges);
  $("both-appearances").addEventListener("change", () => send());
  $("copy-item-button").addEventListener("click", () => copy("copy-item"));
  $("copy-swift-button").addEventListener("click", () => copy("copy-swift"));
  $("zip-button").addEventListener("click", () => download("zip"));
  connect();
});

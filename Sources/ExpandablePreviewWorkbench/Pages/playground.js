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
  // The edge-text requests not yet answered: their answers (a problem too) never count as an
  // edit's, which would make the page drop an older edit's pictures that the server counts on
  // (unchanged pictures, SentStills).
  edgeRequests: new Set(),
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
    // Opened from the gallery: downloads are named after that item (and the save writes it).
    state.openedItem = asked.get("item");
    PlaygroundSave.read();
    const linked = kept || readHash();
    if (state.connected) offline(null);
    state.connected = true;
    if (linked) {
      setControls(linked.text, linked.pairs);
      if (!kept) setView(linked.view);
      send();
      if (!kept && linked.view.edges) toggleEdges();
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
  } else if (state.edgeRequests.has(message.seq)) {
    // Edge-text answers come in order: this one answers every earlier request still listed.
    for (const seq of state.edgeRequests) if (seq <= message.seq) state.edgeRequests.delete(seq);
    // The edge texts of the latest settings (or their problem); older ones are never shown.
    if (message.seq !== state.edgesSeq) return;
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

// The view (not a setting: nothing of the image changes): the overlay, light and dark side by
// side, the edge texts shown, and the player's speed and loop. The share URL carries it.
function currentView() {
  return {
    overlay: $("overlay").checked, both: $("both-appearances").checked, edges: !!state.edgesSeq,
    ...PlaygroundPlayer.playback(),
  };
}

// A link's view in the page (the edge texts are asked for once the settings are sent).
function setView(view) {
  $("overlay").checked = view.overlay;
  document.body.classList.toggle("overlay", view.overlay);
  $("both-appearances").checked = view.both;
  PlaygroundPlayer.setPlayback(view.speed, view.loop);
}

// The view changed: the address follows (the settings are as they were).
function viewChanged() {
  clearTimeout(state.hashTimer);
  state.hashTimer = setTimeout(() => writeHash($("text").value, flags()), 0);
}

// Sends the settings: as an edit, and again for the edge texts while they are shown (so they
// follow the settings); `edgesOnly` asks for the edge texts alone.
// `startedAt`: when the change began (a keystroke's event time), where its latency measure
// starts; now by default.
function send(edgesOnly, startedAt = performance.now()) {
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
    PlaygroundImages.editSent(state.seq, startedAt);
    const appearances = $("both-appearances").checked ? ["light", "dark"] : undefined;
    state.socket.send(JSON.stringify({
      ...message, type: "edit", seq: state.seq, appearances, item: state.openedItem || undefined,
    }));
  }
  if (edgesOnly || state.edgesSeq) {
    state.edgesSeq = state.counter += 1;
    state.edgeRequests.add(state.edgesSeq);
    $("edges").classList.add("stale");
    state.socket.send(JSON.stringify({ ...message, type: "edges", seq: state.edgesSeq }));
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
  // From the keystroke itself: the event's time, before the page reads the settings.
  $("text").addEventListener("input", (event) => send(false, Math.min(event.timeStamp || Infinity, performance.now())));
  $("overlay").addEventListener("change", (e) => {
    document.body.classList.toggle("overlay", e.target.checked);
    viewChanged();
  });
  $("edges-button").addEventListener("click", () => {
    toggleEdges();
    viewChanged();
  });
  $("both-appearances").addEventListener("change", () => send());
  $("copy-item-button").addEventListener("click", () => copy("copy-item"));
  $("copy-swift-button").addEventListener("click", () => copy("copy-swift"));
  $("zip-button").addEventListener("click", () => download("zip"));
  connect();
});

// The playground's answers on the page: each state's card (its still drawn on a canvas, the
// overlay's frames, the facts), the component view and the words for a screen reader, in the
// order that gets new pixels on screen first: every picture starts decoding before the cards
// are filled in. Uses playground.js's state and helpers ($, announce).
"use strict";

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
  // Every new picture is drawn (a still's pixel runs at once, an animation's APNG starts
  // decoding off the page's thread) before the cards are filled in.
  // An unchanged picture (the bytes this card was last given) keeps its pixels and its
  // player; its edit is on screen once that drawing, if still under way, ends.
  for (const rendered of message.states) {
    if (rendered.error) continue;
    const card = container.querySelector(`[data-key="${keyOf(rendered)}"]`) || makeCard(rendered.state, rendered.appearance);
    const still = card.querySelector("canvas.still");
    if (rendered.pixels) still.drawing = Promise.resolve(PlaygroundImages.drawRuns(still, message.bytesOf(rendered.pixels), rendered.pixelsTop));
    else if (!rendered.unchanged) still.drawing = PlaygroundImages.draw(still, message.bytesOf(rendered.png));
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
    still.dataset.download = rendered.download || rendered.file;
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

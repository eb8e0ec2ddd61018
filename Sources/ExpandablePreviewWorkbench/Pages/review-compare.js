// The review's compare area: the selected failure's expected and actual images side by side,
// or one over the other (swipe, onion skin, toggle) on one canvas as large as the larger of
// the two, both drawn from its top left corner at one scale, so an image whose size changed
// lines up with its golden; both sizes are said. And the readable text diff of report.html.
"use strict";

function compareImage(item, kind) {
  const img = document.createElement("img");
  img.src = withToken(`/review/image/${item.id}/${kind}`);
  img.alt = `${kind}: ${item.path}`;
  img.dataset.kind = kind;
  return img;
}

function compareFigure(content, caption) {
  const box = document.createElement("figure");
  const text = document.createElement("figcaption");
  text.textContent = caption;
  box.append(content, text);
  return box;
}

// The golden's scale from its name (`collapsed@2x.png`): sizes are said in points too.
function scaleOf(path) {
  const match = /@(\d+(?:\.\d+)?)x\.[a-z]+$/.exec(path);
  return match ? Number(match[1]) : 1;
}

// "old 390×120 → new 390×144 pt (780×240 → 780×288 px)", or one size when it did not change.
function sizeWords(item) {
  const old = item.sizes.expected;
  const now = item.sizes.actual;
  if (!old && !now) return "";
  const scale = scaleOf(item.path);
  const pt = (size) => size.map((n) => Math.round((n / scale) * 100) / 100).join("×");
  const px = (size) => size.join("×");
  if (!old) return `new ${pt(now)} pt (${px(now)} px), no golden yet`;
  if (!now) return `old ${pt(old)} pt (${px(old)} px)`;
  if (px(old) === px(now)) return `${pt(now)} pt (${px(now)} px), size unchanged`;
  return `old ${pt(old)} → new ${pt(now)} pt (${px(old)} → ${px(now)} px)`;
}

// One canvas for both images: as wide and tall as the larger, scaled down as one to fit its
// column; each image placed at the top left with its share of the canvas, so their pixels
// meet. The actual image lies in a layer the size of the canvas, which swipe clips and onion
// skin fades: both act on the canvas's coordinates, not on the image's own box. Where an image
// has no pixels (the canvas beyond its size), its side is marked "no pixels", so the other
// image never shows through as if it were this one.
function overlay(item) {
  const old = item.sizes.expected;
  const now = item.sizes.actual;
  const width = Math.max(old[0], now[0]);
  const height = Math.max(old[1], now[1]);
  const stack = document.createElement("div");
  stack.className = "stack";
  stack.dataset.width = width;
  stack.style.aspectRatio = `${width} / ${height}`;
  const place = (img, size) => {
    img.style.width = `${(size[0] / width) * 100}%`;
    img.style.height = `${(size[1] / height) * 100}%`;
    return img;
  };
  const under = place(compareImage(item, "expected"), old);
  const layer = document.createElement("div");
  layer.className = "layer";
  layer.append(...noPixels("actual", now, width, height), place(compareImage(item, "actual"), now));
  stack.append(...noPixels("expected", old, width, height), under, layer);
  return { stack, layer };
}

// The parts of a width × height canvas that an image of `size` leaves bare: the strip right
// of it and the one under it, each a hatched box saying "no pixels".
function noPixels(kind, size, width, height) {
  const boxes = [];
  const box = (left, top, right, bottom) => {
    const mark = document.createElement("div");
    mark.className = "no-pixels";
    mark.dataset.kind = kind;
    mark.style.left = `${(left / width) * 100}%`;
    mark.style.top = `${(top / height) * 100}%`;
    mark.style.width = `${((right - left) / width) * 100}%`;
    mark.style.height = `${((bottom - top) / height) * 100}%`;
    const words = document.createElement("span");
    words.textContent = `no pixels (${kind})`;
    mark.appendChild(words);
    boxes.push(mark);
  };
  if (size[0] < width) box(size[0], 0, width, size[1]);
  if (size[1] < height) box(0, size[1], width, height);
  return boxes;
}

// Swipe: the expected image left of the handle, the actual right of it; the handle follows a
// drag on the canvas and the range below it.
function swipeView(item, range) {
  const { stack, layer } = overlay(item);
  const handle = document.createElement("div");
  handle.className = "swipe-line";
  handle.setAttribute("aria-hidden", "true");
  stack.appendChild(handle);
  stack.classList.add("swiping");
  const apply = () => {
    layer.style.clipPath = `inset(0 0 0 ${range.value}%)`;
    handle.style.left = `${range.value}%`;
  };
  const follow = (event) => {
    const box = stack.getBoundingClientRect();
    range.value = Math.round(Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)) * 100);
    apply();
  };
  stack.onpointerdown = (event) => {
    stack.setPointerCapture(event.pointerId);
    follow(event);
    stack.onpointermove = follow;
  };
  stack.onpointerup = () => { stack.onpointermove = null; };
  range.oninput = apply;
  apply();
  return canvasFigure(stack, "expected | actual, aligned at the top left; hatched: no pixels");
}

// Onion skin: the actual image over the expected one at the range's opacity.
function onionView(item, range) {
  const { stack, layer } = overlay(item);
  const apply = () => { layer.style.opacity = range.value / 100; };
  range.oninput = apply;
  apply();
  return canvasFigure(stack, "expected under actual, aligned at the top left");
}

// The canvas's figure: its natural width, or its column's when that is narrower.
function canvasFigure(stack, caption) {
  const box = compareFigure(stack, caption);
  box.className = "canvas";
  box.style.width = `min(100%, ${stack.dataset.width}px)`;
  return box;
}

// The recorded and the new visible text with the part that differs marked, as report.html
// shows them; empty when the layout record says the visible text is the same.
function fillTexts(box, item) {
  box.textContent = "";
  box.hidden = !item.texts;
  if (!item.texts) return;
  for (const [name, parts, mark] of [["recorded", item.texts.recorded, "del"], ["now", item.texts.now, "ins"]]) {
    const line = document.createElement("div");
    line.dataset.text = name;
    const text = document.createElement("bdi");
    const changed = document.createElement(mark);
    changed.textContent = parts[1];
    text.append(parts[0], changed, parts[2]);
    line.append(`${name}: `, text);
    box.appendChild(line);
  }
}

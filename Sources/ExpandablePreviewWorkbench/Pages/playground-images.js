// The playground's pictures as bytes: the server's binary answers read (a 4-byte big-endian
// length, that many bytes of JSON, then the files the JSON names by {offset, length}); each
// state's still drawn on a <canvas> from its pixel runs with putImageData (no PNG to decode:
// Performance.md, "Edit to drawn pixels: pixel runs instead of PNG"), an animation's first frame from
// createImageBitmap of its APNG (no URL: an object URL cost this Chromium 5 ms per image under
// load, a bitmap 2 ms), the overlays and edge texts shown through
// object URLs revoked when replaced; and the time from an edit sent to its pixels drawn, as
// Performance marks and the measure "edit-to-pixels" (performance.getEntriesByName(
// "edit-to-pixels"); detail.seq names the edit), with "edit-to-answer" (sent → answer received)
// and "answer-to-pixels" (received → drawn) beside it.
"use strict";

const PlaygroundImages = (() => {
  const MEASURE = "edit-to-pixels";
  // A long session keeps at most this many measures (the oldest are dropped all at once).
  const KEPT_MEASURES = 10000;
  const text = new TextDecoder();
  // The edits sent whose mark is still kept: cleared once a later edit's pixels are measured.
  const marked = new Set();

  // A binary answer as a message: its JSON, with `bytesOf(part)` giving a file's bytes (a view
  // on the answer's buffer, not a copy; null for no part).
  function read(buffer) {
    const length = new DataView(buffer).getUint32(0);
    const message = JSON.parse(text.decode(new Uint8Array(buffer, 4, length)));
    const start = 4 + length;
    message.bytesOf = (part) => (part ? new Uint8Array(buffer, start + part.offset, part.length) : null);
    return message;
  }

  // Shows `bytes` in `img` through a new object URL and revokes the one it showed before; the
  // image keeps its Blob (`img.blob`) for downloads.
  function show(img, bytes, type = "image/png") {
    const old = img.objectURL;
    img.blob = new Blob([bytes], { type });
    img.objectURL = URL.createObjectURL(img.blob);
    img.src = img.objectURL;
    if (old) URL.revokeObjectURL(old);
  }

  // Draws the PNG `bytes` on `canvas` at its pixel size once decoded, keeping the Blob
  // (`canvas.blob`, for downloads) and its drawing's number (`canvas.drawnGeneration`, which
  // the component view copies by).
  // Resolves true when drawn, false when newer bytes came meanwhile: a later call wins even if
  // its decoding ends first, so an older answer never draws over a newer one.
  async function draw(canvas, bytes, type = "image/png") {
    const generation = (canvas.generation = (canvas.generation || 0) + 1);
    canvas.blob = new Blob([bytes], { type });
    let bitmap;
    try {
      bitmap = await createImageBitmap(canvas.blob);
    } catch {
      return false;
    }
    if (generation !== canvas.generation) {
      bitmap.close();
      return false;
    }
    paint(canvas, bitmap);
    bitmap.close();
    canvas.drawnGeneration = generation;
    return true;
  }

  // Draws a still's pixel runs (PixelRuns.swift; little-endian: width, height, index width W,
  // palette count and colors, then segments, each a LEB128 number 2n + k: k = 1, one index for
  // n pixels; k = 0, n indices) on `canvas`, at once: no PNG to decode, no task to wait for.
  // With `top` (a number), the runs are the rows from `top` down of the picture the canvas
  // holds (the server sends only the rows that changed, StillPatch.swift); the rest stays.
  // Returns true (drawn); a PNG decoding still under way for this canvas then draws nothing.
  function drawRuns(canvas, runs, top = null) {
    const generation = (canvas.generation = (canvas.generation || 0) + 1);
    const view = new DataView(runs.buffer, runs.byteOffset, runs.byteLength);
    const width = view.getUint32(0, true);
    const height = view.getUint32(4, true);
    const size = runs[8];
    const count = view.getUint32(9, true);
    // Palette colors as 32-bit words in memory order (RGBA bytes), as ImageData holds pixels.
    const palette = new Uint32Array(new Uint8Array(runs.subarray(13, 13 + count * 4)).buffer);
    const image = new ImageData(width, height);
    const pixels = new Uint32Array(image.data.buffer);
    const word = new Uint32Array(1);
    const wordBytes = new Uint8Array(word.buffer);
    const index = size === 1 ? (at) => palette[runs[at]]
      : size === 2 ? (at) => palette[runs[at] | (runs[at + 1] << 8)]
      : (at) => { wordBytes.set(runs.subarray(at, at + 4)); return word[0]; };
    let at = 0;
    let position = 13 + count * 4;
    while (position < runs.length && at < pixels.length) {
      // LEB128 in 32-bit integers: a count past 2^30 pixels cannot fit a canvas anyway.
      let number = 0;
      let shift = 0;
      let byte;
      do {
        byte = runs[position++];
        number |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      const end = Math.min(at + (number >>> 1), pixels.length);
      if (number & 1) {
        const value = index(position);
        position += size;
        // fill() costs a call: most runs (glyph edges, gaps between letters) are short.
        if (end - at > 32) pixels.fill(value, at, end);
        else while (at < end) pixels[at++] = value;
        at = end;
      } else if (size === 1) {
        for (; at < end; position++) pixels[at++] = palette[runs[position]];
      } else {
        for (; at < end; position += size) pixels[at++] = index(position);
      }
    }
    if (top == null) {
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
    } else if (canvas.width !== width || canvas.height < top + height) {
      // The server counts on the picture this page was last sent (SentStills.swift).
      console.error(`rows ${top}–${top + height} of a ${width} px wide picture for a ${canvas.width} × ${canvas.height} canvas`);
    }
    canvas.getContext("2d").putImageData(image, 0, top ?? 0);
    canvas.blob = null;
    canvas.drawnGeneration = generation;
    return true;
  }

  // Draws `bitmap` (or another canvas) on `canvas`, the canvas given the bitmap's pixel size
  // (high-DPI: the CSS width in points shrinks it on screen, so a 2× still is sharp).
  function paint(canvas, bitmap) {
    if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
    if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
  }

  // Revokes the URLs of the images in `root` (or `root` itself), which are about to go.
  function release(root) {
    const images = root.tagName === "IMG" ? [root] : root.querySelectorAll("img");
    for (const img of images) {
      if (img.objectURL) URL.revokeObjectURL(img.objectURL);
      img.objectURL = null;
    }
  }

  // Edit `seq` sent; its measure starts at `startTime` (the keystroke, or now).
  function editSent(seq, startTime = performance.now()) {
    performance.mark(`edit-sent-${seq}`, { startTime });
    marked.add(seq);
  }

  // The answer to edit `seq` is here (before anything of it is shown).
  function answerReceived(seq) {
    if (marked.has(seq)) performance.mark(`answer-received-${seq}`);
  }

  // Waits until every picture of edit `seq`'s answer is on screen (`drawn`: promises of draw()
  // for canvases, of decode() for images), then measures from the edit sent to now and
  // returns the milliseconds. Pictures given newer bytes meanwhile never all showed, so that
  // edit is not measured (null).
  async function measure(seq, drawn) {
    const all = await Promise.all(drawn).catch(() => [false]);
    if (all.includes(false) || !marked.has(seq)) return null;
    for (const name of [MEASURE, "edit-to-answer", "answer-to-pixels"]) {
      if (performance.getEntriesByName(name).length >= KEPT_MEASURES) performance.clearMeasures(name);
    }
    const entry = performance.measure(MEASURE, { start: `edit-sent-${seq}`, detail: { seq } });
    const received = performance.getEntriesByName(`answer-received-${seq}`, "mark").length > 0;
    if (received) {
      performance.measure("edit-to-answer", { start: `edit-sent-${seq}`, end: `answer-received-${seq}`, detail: { seq } });
      performance.measure("answer-to-pixels", { start: `answer-received-${seq}`, detail: { seq } });
    }
    for (const old of marked) {
      if (old > seq) continue;
      performance.clearMarks(`edit-sent-${old}`);
      performance.clearMarks(`answer-received-${old}`);
      marked.delete(old);
    }
    return entry.duration;
  }

  return { read, show, draw, drawRuns, paint, release, editSent, answerReceived, measure };
})();

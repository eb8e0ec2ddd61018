// The playground's pictures as bytes: the server's binary answers read (a 4-byte big-endian
// length, that many bytes of JSON, then the files the JSON names by {offset, length}), each
// picture shown through an object URL that is revoked when its image gets a new one, and the
// time from an edit sent to its pixels decoded, as Performance marks and the measure
// "edit-to-pixels" (performance.getEntriesByName("edit-to-pixels"); detail.seq names the edit).
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

  // Revokes the URLs of the images in `root` (or `root` itself), which are about to go.
  function release(root) {
    const images = root.tagName === "IMG" ? [root] : root.querySelectorAll("img");
    for (const img of images) {
      if (img.objectURL) URL.revokeObjectURL(img.objectURL);
      img.objectURL = null;
    }
  }

  function editSent(seq) {
    performance.mark(`edit-sent-${seq}`);
    marked.add(seq);
  }

  // Waits until every image of edit `seq`'s answer is decoded, then measures from the edit
  // sent to now and returns the milliseconds. An image given newer bytes meanwhile rejects
  // decode(): those pixels never all showed, so that edit is not measured (null).
  async function measure(seq, images) {
    try {
      await Promise.all(images.map((img) => img.decode()));
    } catch {
      return null;
    }
    if (!marked.has(seq)) return null;
    if (performance.getEntriesByName(MEASURE).length >= KEPT_MEASURES) performance.clearMeasures(MEASURE);
    const entry = performance.measure(MEASURE, { start: `edit-sent-${seq}`, detail: { seq } });
    for (const old of marked) {
      if (old > seq) continue;
      performance.clearMarks(`edit-sent-${old}`);
      marked.delete(old);
    }
    return entry.duration;
  }

  return { read, show, release, editSent, measure };
})();

// The playground's downloads: a state's PNG from the page, its SVG or PDF and the ZIP of
// every state from the server (over the socket, as a binary answer), each saved through a blob
// URL.
"use strict";

// PNG: an animation's bytes as shown (its Blob, exactly as rendered); a still's PNG, which the
// page never had (it draws the still's pixels), rendered by the server as `render` writes it,
// never the canvas re-encoded. SVG, PDF and the ZIP of every state in light and dark: rendered
// by the server from the current settings (in `appearance` for a card of "light and dark").
function download(format, stateName, appearance) {
  const key = (appearance ? `${appearance}/` : "") + stateName;
  const still = document.querySelector(`[data-key="${key}"] canvas.still`);
  if (format === "png" && still && still.blob) {
    // The server names it (DownloadName.swift), as every download.
    saveFile(still.dataset.download || still.dataset.file, "image/png", still.blob);
    return;
  }
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  $("status").textContent = format === "zip" ? "Rendering every state in light and dark…" : `Rendering ${format.toUpperCase()}…`;
  const pairs = appearance
    ? flags().filter(([flag]) => flag !== "--appearance").concat([["--appearance", appearance]])
    : flags();
  state.socket.send(JSON.stringify({
    type: "download", seq: state.seq, text: $("text").value, flags: pairs, format, state: stateName,
    item: state.openedItem || undefined,
  }));
}

// Saves `bytes` (a Blob or a byte array) as `name`.
function saveFile(name, mime, bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  $("status").textContent = `Downloaded ${name}`;
}

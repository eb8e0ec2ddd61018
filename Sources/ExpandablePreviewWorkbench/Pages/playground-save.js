// "Save to the manifest" (with a manifest served): the current text and flags written into the
// manifest as a new item under the name typed, or over the item the page was opened from. The
// server refuses when the file changed since the page read it (its SHA-256, asked for when the
// page opens and after each save), writes atomically and leaves the other items' bytes as they
// were; the gallery shows the item at once (it watches the file).
"use strict";

const PlaygroundSave = (() => {
  const saving = { digest: null };

  // Asks which version of the manifest the page works on; hides the form without a manifest.
  async function read() {
    const response = await fetch(withToken("/playground/manifest")).catch(() => null);
    if (!response || !response.ok) return;
    saving.digest = (await response.json()).digest;
    $("save").hidden = false;
    const item = state.openedItem;
    $("save-over").hidden = !item;
    $("save-over").textContent = item ? `Save over “${item}”` : "";
    if (item && !$("save-name").value) $("save-name").value = item;
  }

  async function save(over) {
    const name = over ? state.openedItem : $("save-name").value.trim();
    if (!name) return;
    const body = JSON.stringify({
      name, text: $("text").value, flags: flags(), over: over ? state.openedItem : undefined,
      digest: saving.digest,
    });
    const result = $("save-result");
    result.classList.remove("problem-text");
    const response = await fetch(withToken("/playground/save"), { method: "POST", body }).catch(() => null);
    const text = response ? await response.text() : "the workbench cannot be reached";
    if (response && response.ok) {
      saving.digest = JSON.parse(text).digest;
      result.textContent = `Saved “${name}” to the manifest`;
    } else {
      result.classList.add("problem-text");
      result.textContent = text.trim();
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("save").addEventListener("submit", (event) => {
      event.preventDefault();
      save(false);
    });
    $("save-over").addEventListener("click", () => save(true));
  });
  return { read };
})();

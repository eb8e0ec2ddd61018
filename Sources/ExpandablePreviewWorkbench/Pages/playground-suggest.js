// Did-you-mean where text is typed: a free-text field whose value is none of the names it
// takes (a text style for a font, a system color for a color) offers the nearest name as a
// button under it; a link whose choice matches no option shows the nearest option instead.
"use strict";

// Levenshtein distance, case-insensitive: insertions, deletions and substitutions cost 1.
function editDistance(a, b) {
  const [x, y] = [[...a.toLowerCase()], [...b.toLowerCase()]];
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length];
}

// The name nearest `typed` when it is close enough to be a typo (the engine's rule: at most 2
// edits, or a third of the length), else null.
function nearestName(typed, names) {
  let best = null;
  for (const name of names) {
    const distance = editDistance(typed, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor([...typed].length / 3)) ? best.name : null;
}

// Whether `value` needs no suggestion: empty, one of the names, or another form the field
// takes (#RRGGBB for a color, a Pango description with a size for a font).
function readsAsValid(value, control) {
  if (value === "" || control.suggestions.includes(value)) return true;
  if (control.kind === "color") return value.startsWith("#");
  return control.flag.endsWith("font") && value.includes(" ");
}

// Shows or hides the field's "Did you mean …?" button.
function suggestFor(input, control) {
  if (!control.suggestions || !control.suggestions.length) return;
  let hint = input.parentElement.querySelector(".did-you-mean");
  const nearest = readsAsValid(input.value, control) ? null : nearestName(input.value, control.suggestions);
  if (!nearest) {
    if (hint) hint.remove();
    return;
  }
  if (!hint) {
    hint = document.createElement("button");
    hint.type = "button";
    hint.className = "did-you-mean";
    hint.addEventListener("click", () => {
      input.value = hint.dataset.value;
      hint.remove();
      input.dispatchEvent(new Event("input"));
      input.focus();
    });
    input.after(hint);
  }
  hint.dataset.value = nearest;
  hint.textContent = `Did you mean “${nearest}”?`;
}

// A linked value for a choice that matches no option: the nearest option (or none), with a
// note naming both, so a link with a typo still opens close to what was meant.
function chooseNearest(select, control, value) {
  if (control.choices.includes(value)) {
    select.value = value;
    return;
  }
  const nearest = nearestName(value, control.choices);
  select.value = nearest ?? "";
  const note = document.getElementById("opened");
  note.textContent = nearest
    ? `The link's ${control.path} “${value}” is not one of its values: did you mean “${nearest}”? Showing that.`
    : `The link's ${control.path} “${value}” is not one of its values: left at the default.`;
  note.hidden = false;
}

// The edge texts: the texts on the edges of the design for the playground's settings, shown
// under the states on request and rendered again for every change of the settings while shown.
"use strict";

// The edge texts button shows them (following the settings from then on) or hides them.
function toggleEdges() {
  const showing = !!state.edgesSeq;
  $("edges-button").setAttribute("aria-pressed", showing ? "false" : "true");
  if (showing) {
    state.edgesSeq = 0;
    $("edges").hidden = true;
  } else {
    $("status").textContent = "Finding the edge texts for these settings…";
    send(true);
  }
}

// The edge texts: each case's states side by side, under its title and text (or the problem
// the settings have); `bytesOf` gives an image's bytes from the answer.
function showEdges(cases, problem, bytesOf) {
  const section = $("edges");
  PlaygroundImages.release(section);
  section.textContent = "";
  section.classList.remove("stale");
  const heading = document.createElement("h2");
  heading.textContent = "Edge texts for these settings";
  section.appendChild(heading);
  if (!cases) {
    const text = document.createElement("p");
    text.className = "problem";
    text.textContent = `No edge texts: ${problem}`;
    section.appendChild(text);
    section.hidden = false;
    return;
  }
  for (const edge of cases) {
    const block = document.createElement("div");
    block.className = "edge";
    block.dataset.title = edge.title;
    const title = document.createElement("h3");
    title.textContent = edge.title;
    const text = document.createElement("p");
    text.className = "edge-text";
    text.textContent = edge.text;
    const row = document.createElement("div");
    row.className = "edge-states";
    for (const rendered of edge.states) {
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = rendered.state;
      if (rendered.error) {
        figure.textContent = rendered.error;
      } else {
        const img = document.createElement("img");
        const layout = JSON.parse(rendered.layout);
        PlaygroundImages.show(img, bytesOf(rendered.png));
        img.dataset.state = rendered.state;
        img.dataset.lines = layout.lines ?? "";
        img.dataset.truncated = layout.truncated ? "yes" : "no";
        if (layout.size) img.style.width = layout.size.width + "px";
        img.alt = `${edge.title}, ${rendered.state}`;
        figure.appendChild(img);
      }
      figure.appendChild(caption);
      row.appendChild(figure);
    }
    block.append(title, text, row);
    section.appendChild(block);
  }
  section.hidden = false;
  $("status").textContent = `${cases.length} edge texts`;
}

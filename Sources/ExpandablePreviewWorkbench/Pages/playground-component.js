// The preview as the component: one picture in its current state, with a button over its
// label (the label frame of the layout facts) that toggles collapsed and expanded, playing
// the expanding or collapsing animation's frames in between when the settings have one; and
// each still's accessibility overlay under its image.
"use strict";

// The still with the accessibility overlay drawn on it, under the state's image, when the
// settings ask for it (`bytes`, its PNG, is null otherwise); returns its image, or null.
function showOverlay(card, bytes) {
  let figure = card.querySelector(".a11y-overlay");
  if (!bytes) {
    if (figure) {
      PlaygroundImages.release(figure);
      figure.remove();
    }
    return null;
  }
  if (!figure) {
    figure = document.createElement("figure");
    figure.className = "a11y-overlay";
    figure.innerHTML = "<img><figcaption>Accessibility overlay: each element VoiceOver reads, with its frame and label</figcaption>";
    card.querySelector(".downloads").before(figure);
  }
  const img = figure.querySelector("img");
  // At its size in points (the still's scale), the card widened to hold it: the overlay is the
  // still with a legend of the elements beside it.
  img.onload = () => {
    const layout = card.layout;
    const scale = layout.pixelSize && layout.size ? layout.pixelSize.width / layout.size.width : 1;
    img.style.width = img.naturalWidth / scale + "px";
    card.style.width = Math.max(parseFloat(card.style.width) || 0, img.naturalWidth / scale + 26) + "px";
  };
  PlaygroundImages.show(img, bytes);
  img.alt = `Accessibility overlay of ${card.dataset.state}`;
  return img;
}

const PlaygroundComponent = (() => {
  const view = { state: "collapsed", animating: false };
  const other = { collapsed: "expanded", expanded: "collapsed" };
  const animationOf = { collapsed: "expanding", expanded: "collapsing" };
  const byId = (id) => document.getElementById(id);

  // The card of state `name` (the first appearance's when both are shown).
  const cardOf = (name) => byId("states").querySelector(`.state[data-state="${name}"]`);

  // Shows the current state's still and places the label's button over its label; called after
  // every render (`drawing`: its stills' draw() promises) and when an animation ends.
  function update(drawing = []) {
    const section = byId("component");
    const card = cardOf(view.state) || cardOf("collapsed");
    if (!card || !card.layout || !card.layout.size) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    if (view.animating) return;
    view.state = card.dataset.state;
    section.dataset.shows = view.state;
    const layout = card.layout;
    const source = card.querySelector("canvas.still");
    const picture = byId("component-image");
    // The card's canvas copied once it is drawn (its drawing's number: drawnGeneration);
    // the card calls this again after each newer drawing.
    const copy = () => {
      if (!source.drawnGeneration || view.animating || view.state !== card.dataset.state) return;
      // The same drawing again (an unchanged picture): nothing to draw.
      if (picture.source === source && picture.generation === source.drawnGeneration && !picture.hidden) return;
      PlaygroundImages.paint(picture, source);
      picture.source = source;
      picture.generation = source.drawnGeneration;
      picture.dataset.file = source.dataset.file;
    };
    if (drawing.length) Promise.all(drawing).then(copy);
    else copy();
    picture.setAttribute("aria-label", source.getAttribute("aria-label") || "");
    picture.style.width = layout.size.width + "px";
    picture.hidden = false;
    byId("component-animation").hidden = true;
    const button = byId("component-label");
    placeFrame(button, layout.label, layout.size);
    const expanding = view.state === "collapsed";
    button.setAttribute("aria-label", expanding ? "Show more (expand)" : "Show less (collapse)");
    button.setAttribute("aria-expanded", expanding ? "false" : "true");
    byId("component-note").textContent = layout.label
      ? `${expanding ? "Collapsed" : "Expanded"}: click the label to ${expanding ? "expand" : "collapse"}` +
        (cardOf(animationOf[view.state]) ? ", with the animation" : " (no animation set)")
      : expanding ? "Collapsed: the text fits, so there is no label to click"
        : "Expanded: no collapse label is set (Collapse label), so it stays open";
  }

  // Plays `frames` on the component's canvas at their delays, then resolves.
  function playFrames(frames, facts, width) {
    const canvas = byId("component-animation");
    // Each frame at the component's height at that moment, as the player draws it.
    const scale = frames[0].width / width;
    canvas.width = frames[0].width;
    canvas.height = frames[0].height;
    canvas.style.width = width + "px";
    canvas.hidden = false;
    byId("component-image").hidden = true;
    const context = canvas.getContext("2d");
    const { offsets, total } = PlaygroundPlayer.timeline(facts);
    return new Promise((resolve) => {
      const started = performance.now();
      let shown = -1;
      const tick = (now) => {
        const elapsed = now - started;
        const index = elapsed >= total ? frames.length - 1 : Math.max(0, offsets.findLastIndex((o) => o <= elapsed));
        if (index !== shown) {
          shown = index;
          const frame = frames[Math.min(index, frames.length - 1)];
          const rows = PlaygroundPlayer.rowsOf(facts[Math.min(index, frames.length - 1)], frame, scale);
          if (canvas.height !== rows) canvas.height = rows;
          context.clearRect(0, 0, canvas.width, canvas.height);
          context.drawImage(frame, 0, 0);
          byId("component").dataset.framesPlayed = String(Number(byId("component").dataset.framesPlayed || 0) + 1);
        }
        if (elapsed >= total) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  async function toggle() {
    if (view.animating) return;
    const target = other[view.state];
    if (!cardOf(target)) return;
    const animated = cardOf(animationOf[view.state]);
    const decoded = animated && PlaygroundPlayer.framesOf(animated);
    const section = byId("component");
    section.dataset.framesPlayed = "0";
    if (decoded) {
      view.animating = true;
      section.dataset.animating = "yes";
      await playFrames(decoded.frames, decoded.facts, animated.layout.size.width);
      view.animating = false;
    }
    section.dataset.animating = "no";
    view.state = target;
    update();
    announce(target === "expanded" ? "Expanded" : "Collapsed");
  }

  document.addEventListener("DOMContentLoaded", () => {
    byId("component-label").addEventListener("click", toggle);
    // On a phone the preview is held at the top of the window: a control scrolled into view
    // (by focus or a find) lands below it, never under it (workbench.css).
    new ResizeObserver(([entry]) => {
      const height = entry.target.offsetHeight;
      document.documentElement.style.setProperty("--preview-height", `${height + 8}px`);
    }).observe(byId("component"));
  });
  return { update };
})();

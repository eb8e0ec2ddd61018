// The animation player: an animated state's APNG decoded into its frames in the page
// (WebCodecs' ImageDecoder, which reads APNG in Chromium), drawn on a canvas with play, pause,
// a frame slider, slow motion and a choice between looping and holding on the last frame. The
// frames' times come from the layout facts (layout.json's frames: time and height of each).
"use strict";

const PlaygroundPlayer = (() => {
  const speeds = [1, 0.5, 0.25, 0.1];
  // By card: the decoded frames and the playback (what the user chose survives a new render).
  const players = new WeakMap();
  // Every player's speed and loop: one choice for the page (the share URL carries it), made
  // in any player.
  const playback = { speed: 1, loop: false };
  const every = () => [...document.querySelectorAll(".state")].map((card) => players.get(card)).filter(Boolean);

  // The page's speed and loop in every player (a link's, or one player's choice).
  function setPlayback(speed, loop) {
    playback.speed = speeds.includes(speed) ? speed : 1;
    playback.loop = !!loop;
    for (const player of every()) {
      player.speed = playback.speed;
      player.loop = playback.loop;
      player.controls.querySelector(".speed").value = String(playback.speed);
      player.controls.querySelector(".loop").checked = playback.loop;
      // The frame on screen stays; the rest plays at the new speed.
      if (player.playing) play(player, player.index);
    }
  }

  // When each frame starts, in milliseconds, and the whole length, from the facts' times (a
  // frame lasts until the next one's time; the last as long as the one before it).
  function timeline(facts) {
    const offsets = facts.map((fact) => fact.time * 1000);
    const last = offsets.length > 1 ? offsets.at(-1) - offsets.at(-2) : 1000 / 60;
    return { offsets, total: (offsets.at(-1) ?? 0) + last };
  }

  // Every frame of an APNG (its bytes) as ImageBitmaps; null where the browser has no
  // ImageDecoder.
  async function decodeFrames(bytes) {
    if (typeof ImageDecoder === "undefined") return null;
    const decoder = new ImageDecoder({ data: bytes, type: "image/png" });
    try {
      await decoder.tracks.ready;
      const count = decoder.tracks.selectedTrack.frameCount;
      const frames = [];
      for (let index = 0; index < count; index += 1) {
        const { image } = await decoder.decode({ frameIndex: index });
        frames.push(await createImageBitmap(image));
        image.close();
      }
      return frames;
    } finally {
      decoder.close();
    }
  }

  function makeControls(card, player) {
    const box = document.createElement("div");
    box.className = "player";
    box.innerHTML = `<button type="button" class="play">Play</button>` +
      `<input type="range" class="scrub" min="0" value="0" aria-label="Frame">` +
      `<span class="frame-number" aria-live="off"></span>` +
      `<label>Speed <select class="speed">${speeds.map((speed) =>
        `<option value="${speed}">${speed}×</option>`).join("")}</select></label>` +
      `<label class="switch"><input type="checkbox" class="loop"> Loop</label>`;
    const name = card.dataset.state;
    box.querySelector(".play").setAttribute("aria-label", `Play ${name}`);
    box.querySelector(".scrub").setAttribute("aria-label", `Frame of ${name}`);
    box.querySelector(".play").addEventListener("click", () => (player.playing ? pause(player) : play(player)));
    box.querySelector(".scrub").addEventListener("input", (event) => {
      pause(player);
      show(player, Number(event.target.value));
    });
    box.querySelector(".speed").value = String(player.speed);
    box.querySelector(".loop").checked = player.loop;
    box.querySelector(".speed").addEventListener("change", (event) => {
      setPlayback(Number(event.target.value), playback.loop);
      viewChanged();
    });
    box.querySelector(".loop").addEventListener("change", (event) => {
      setPlayback(playback.speed, event.target.checked);
      viewChanged();
    });
    card.querySelector(".canvas").after(box);
    return box;
  }

  // How many pixel rows of an APNG frame the component fills at that moment: its height in
  // the facts (points) at the frame's scale, rounded up as the renderer rounds a still's.
  function rowsOf(fact, frame, scale) {
    return fact && fact.height != null ? Math.min(frame.height, Math.ceil(fact.height * scale - 1e-6)) : frame.height;
  }

  // Draws frame `index` at the component's height at that moment (the APNG's canvas is the
  // taller state's; below the component it holds only the background) and says which it is
  // (number, time, height from the facts).
  function show(player, index) {
    const count = player.frames.length;
    player.index = Math.max(0, Math.min(index, count - 1));
    const frame = player.frames[player.index];
    const fact = player.facts[player.index] || {};
    const rows = rowsOf(fact, frame, player.scale);
    if (player.canvas.height !== rows) player.canvas.height = rows;
    const context = player.canvas.getContext("2d");
    context.clearRect(0, 0, player.canvas.width, player.canvas.height);
    context.drawImage(frame, 0, 0);
    const scrub = player.controls.querySelector(".scrub");
    scrub.max = String(count - 1);
    scrub.value = String(player.index);
    player.controls.querySelector(".frame-number").textContent =
      `frame ${player.index + 1} of ${count}` +
      (fact.time != null ? ` · ${fact.time.toFixed(3)} s · ${Math.round(fact.height)} pt high` : "");
    player.card.dataset.frame = String(player.index);
    player.card.dataset.frameCount = String(count);
  }

  // Plays from `from` (the first frame when at the end): the frame shown is the one of the time
  // passed times the speed, on the clock, so a slow machine drops frames instead of slowing down.
  function play(player, from) {
    cancelAnimationFrame(player.timer);
    const first = from ?? (player.index >= player.frames.length - 1 ? 0 : player.index);
    const { offsets, total } = timeline(player.facts);
    const startOffset = offsets[first] ?? 0;
    const startedAt = performance.now();
    player.playing = true;
    player.card.dataset.playing = "yes";
    player.controls.querySelector(".play").textContent = "Pause";
    show(player, first);
    const tick = (now) => {
      let elapsed = startOffset + (now - startedAt) * player.speed;
      if (elapsed >= total && !player.loop) {
        show(player, player.frames.length - 1);
        pause(player);
        return;
      }
      elapsed %= total;
      const index = offsets.findLastIndex((offset) => offset <= elapsed);
      if (index !== player.index) show(player, index);
      player.timer = requestAnimationFrame(tick);
    };
    player.timer = requestAnimationFrame(tick);
  }

  function pause(player) {
    cancelAnimationFrame(player.timer);
    player.playing = false;
    player.card.dataset.playing = "no";
    player.controls.querySelector(".play").textContent = "Play";
  }

  // Shows `card`'s animation in the player, or takes the player away for a still. A new render
  // keeps the frame, speed and loop chosen; the first plays once and holds on the last frame.
  // `still`: the card's canvas, hidden while the player shows; `bytes`: the APNG's bytes, as
  // the answer brought them.
  async function attach(card, still, layout, bytes) {
    const old = players.get(card);
    if (!layout.frames) {
      if (old) { pause(old); old.controls.remove(); old.canvas.remove(); players.delete(card); }
      still.hidden = false;
      delete card.dataset.frameCount;
      return;
    }
    const generation = (card.playerGeneration = (card.playerGeneration || 0) + 1);
    const frames = await decodeFrames(bytes).catch(() => null);
    if (generation !== card.playerGeneration) return;
    if (!frames || !frames.length) {
      card.dataset.player = "unavailable";
      still.hidden = false;
      still.title = "This browser cannot decode the animation's frames (no ImageDecoder for APNG): it loops";
      return;
    }
    const player = old || {
      card, index: frames.length - 1, speed: playback.speed, loop: playback.loop, playing: false, fresh: true,
    };
    if (!old) {
      player.canvas = document.createElement("canvas");
      player.canvas.className = "player-canvas";
      still.after(player.canvas);
      player.controls = makeControls(card, player);
      players.set(card, player);
    }
    player.frames = frames;
    player.facts = layout.frames;
    player.scale = layout.size && layout.size.width ? frames[0].width / layout.size.width : 1;
    player.canvas.width = frames[0].width;
    player.canvas.height = frames[0].height;
    player.canvas.style.width = still.style.width;
    player.canvas.setAttribute("role", "img");
    player.canvas.setAttribute("aria-label", still.getAttribute("aria-label"));
    still.hidden = true;
    card.dataset.player = "ready";
    if (player.fresh) {
      player.fresh = false;
      play(player, 0);
    } else if (player.playing) {
      play(player, Math.min(player.index, frames.length - 1));
    } else {
      show(player, player.index);
    }
  }

  // The decoded frames and their facts of `card`'s animation, for the component view.
  function framesOf(card) {
    const player = players.get(card);
    return player ? { frames: player.frames, facts: player.facts } : null;
  }

  return { attach, framesOf, timeline, rowsOf, setPlayback, playback: () => ({ ...playback }) };
})();

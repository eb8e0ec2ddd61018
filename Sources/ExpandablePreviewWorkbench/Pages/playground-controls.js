// The playground's controls: one per flag of the settings table (the server sends them, each
// with the label its declaration gives, iOS's own name where it has one, and a choice's words
// where iOS says it otherwise), the manifest key beside the label, and the width, which shows
// the width the image has (the device's, else the library's) and is sent only once the user
// sets one.
"use strict";

// The controls the server sent, the devices' widths and scales, and whether the user set a
// width.
const controlsState = { controls: [], devices: [], defaultWidth: 375, defaultScale: 2, widthSet: false };
const byId = (id) => document.getElementById(id);

function buildControls(hello, changed) {
  controlsState.controls = hello.controls;
  controlsState.devices = hello.devices || [];
  controlsState.defaultWidth = hello.defaultWidth || 375;
  controlsState.defaultScale = hello.defaultScale || 2;
  controlsState.changed = changed;
  const container = byId("settings");
  container.textContent = "";
  // Each setting's declaration names its section; the server sends them in the page's order.
  for (const name of hello.sections) {
    const members = hello.controls.filter((control) => control.section === name);
    if (!members.length) continue;
    const group = document.createElement("div");
    group.className = "group";
    const title = document.createElement("h3");
    title.textContent = name;
    group.appendChild(title);
    for (const control of members) group.appendChild(makeControl(control));
    container.appendChild(group);
  }
  showWidth();
}

function makeLabel(control, id) {
  const label = document.createElement("label");
  label.htmlFor = id;
  label.title = control.help;
  const words = control.label;
  label.textContent = words || control.path;
  if (words) {
    const key = document.createElement("small");
    key.className = "key";
    key.textContent = control.path;
    label.append(" ", key);
  }
  return label;
}

function makeControl(control) {
  const row = document.createElement("div");
  row.className = "control";
  const id = "flag" + control.flag;
  row.appendChild(makeLabel(control, id));
  if (control.kind === "slider") {
    row.appendChild(makeWidth(control, id));
    return row;
  }
  let input;
  if (control.kind === "choice") {
    input = document.createElement("select");
    const none = document.createElement("option");
    none.value = "";
    none.textContent = "Default";
    input.appendChild(none);
    const words = control.choiceLabels || {};
    for (const choice of control.choices) {
      const option = document.createElement("option");
      option.value = choice;
      option.textContent = words[choice] ? `${words[choice]} · ${choice}` : choice;
      input.appendChild(option);
    }
  } else if (control.kind === "toggle") {
    input = document.createElement("input");
    input.type = "checkbox";
  } else {
    input = document.createElement("input");
    input.type = control.kind === "number" ? "number" : "text";
    if (control.min != null) input.min = control.min;
    if (control.max != null) input.max = control.max;
    input.placeholder = control.kind === "color" ? "#RRGGBB or a name" : "default";
    if (control.suggestions.length) {
      const list = document.createElement("datalist");
      list.id = id + "-list";
      for (const suggestion of control.suggestions) {
        const option = document.createElement("option");
        option.value = suggestion;
        list.appendChild(option);
      }
      row.appendChild(list);
      input.setAttribute("list", list.id);
    }
  }
  input.id = id;
  input.title = control.help;
  input.dataset.flag = control.flag;
  const discrete = control.kind === "toggle" || control.kind === "choice";
  input.addEventListener(discrete ? "change" : "input", () => {
    // A device sets the width: choosing one drops a width set by hand.
    if (control.path === "device") controlsState.widthSet = false;
    if (!discrete) suggestFor(input, control);
    showWidth();
    controlsState.changed();
  });
  row.appendChild(input);
  return row;
}

// The width: a slider up to the largest device, a number box for any width, and a reset that
// gives the width back to the device (or the library's default).
function makeWidth(control, id) {
  const box = document.createElement("div");
  box.className = "slider";
  const slider = document.createElement("input");
  slider.type = "range";
  slider.id = id;
  slider.dataset.flag = control.flag;
  slider.min = 120;
  slider.max = Math.max(...controlsState.devices.map((device) => device.width), 1024);
  const number = document.createElement("input");
  number.type = "number";
  number.id = "width-number";
  number.min = 1;
  number.max = control.max;
  number.step = "any";
  number.setAttribute("aria-label", "Width in points");
  const reset = document.createElement("button");
  reset.type = "button";
  reset.id = "width-reset";
  reset.className = "reset";
  reset.textContent = "Reset";
  const source = document.createElement("div");
  source.id = "width-source";
  source.className = "source";
  slider.addEventListener("input", () => {
    controlsState.widthSet = true;
    number.value = slider.value;
    showWidth();
    controlsState.changed();
  });
  number.addEventListener("input", () => {
    if (number.value === "" || !(Number(number.value) > 0)) return;
    controlsState.widthSet = true;
    slider.value = number.value;
    showWidth();
    controlsState.changed();
  });
  reset.addEventListener("click", () => {
    controlsState.widthSet = false;
    showWidth();
    controlsState.changed();
  });
  box.append(slider, number, reset, source);
  return box;
}

// The chosen device ({name, width, scale}), or undefined.
function chosenDevice(name = byId("flag--device")?.value) {
  return controlsState.devices.find((entry) => entry.name === name);
}

// The width the image gets when none is set: the chosen device's, else the library's.
function impliedWidth() {
  const found = chosenDevice();
  return found ? { width: found.width, from: found.name } : { width: controlsState.defaultWidth, from: "" };
}

// The scale box says what an empty box means: the chosen device's scale (which is sent), else
// the library's default.
function showScale() {
  const box = byId("flag--scale");
  if (!box) return;
  const device = chosenDevice();
  box.placeholder = device ? `${device.scale} from ${device.name}` : "default";
}

// Shows the width the image has in the slider and the number box, and where it comes from.
function showWidth() {
  showScale();
  const slider = byId("flag--width");
  if (!slider) return;
  const number = byId("width-number");
  const implied = impliedWidth();
  if (!controlsState.widthSet) {
    slider.value = implied.width;
    number.value = implied.width;
  }
  byId("width-reset").hidden = !controlsState.widthSet;
  byId("width-source").textContent = controlsState.widthSet
    ? (implied.from ? `set here, over ${implied.from}'s ${implied.width}` : "set here")
    : (implied.from ? `from ${implied.from}` : "the default");
}

// Text and flags in the controls, every other control back to its default. A device's own
// scale leaves the scale box empty (the device gives it); a device without a scale (a link
// from before devices had scales) keeps the library's, typed, so it renders as it did.
function setControls(text, pairs) {
  const values = new Map(pairs);
  const device = chosenDevice(values.get("--device"));
  if (device && !values.has("--scale")) values.set("--scale", String(controlsState.defaultScale));
  else if (device && Number(values.get("--scale")) === device.scale) values.delete("--scale");
  byId("text").value = text;
  controlsState.widthSet = false;
  for (const control of controlsState.controls) {
    const value = values.get(control.flag);
    if (control.kind === "slider") {
      if (value !== undefined && Number(value) > 0) {
        controlsState.widthSet = true;
        byId("flag--width").value = value;
        byId("width-number").value = value;
      }
      continue;
    }
    const input = byId("flag" + control.flag);
    if (!input) continue;
    if (control.kind === "toggle") input.checked = value === "true";
    else if (control.kind === "choice" && value) chooseNearest(input, control, value);
    else input.value = value ?? "";
    if (control.kind !== "toggle" && control.kind !== "choice") suggestFor(input, control);
  }
  showWidth();
}

// The flags the controls set: [flag, value] pairs; a control at its default is left out, and
// the width unless the user set one.
function flags() {
  const pairs = [];
  for (const control of controlsState.controls) {
    const input = byId("flag" + control.flag);
    if (!input) continue;
    if (control.kind === "slider") {
      if (controlsState.widthSet) pairs.push([control.flag, byId("width-number").value]);
    } else if (control.path === "scale" && input.value === "") {
      // Nothing typed: the chosen device's scale, as it says.
      const device = chosenDevice();
      if (device) pairs.push([control.flag, String(device.scale)]);
    } else if (control.kind === "toggle") {
      if (input.checked) pairs.push([control.flag, "true"]);
    } else if (input.value !== "") {
      pairs.push([control.flag, input.value]);
    }
  }
  return pairs;
}

// The settings in the address's fragment (#text=…&device=…, flags without their dashes), then
// the view where it is not the default (view-overlay=1, view-both=1, view-edges=1,
// view-speed=0.25, view-loop=1), so a reload keeps them and a link reproduces them. The
// fragment never reaches the server.
function writeHash(text, pairs) {
  const params = new URLSearchParams();
  params.set("text", text);
  for (const [flag, value] of pairs) params.set(flag.replace(/^--/, ""), value);
  const view = currentView();
  for (const name of ["overlay", "both", "edges", "loop"]) if (view[name]) params.set(`view-${name}`, "1");
  if (view.speed !== 1) params.set("view-speed", String(view.speed));
  history.replaceState(null, "", "#" + params.toString());
}

// The text, flags and view in the fragment, or null when it holds none; names no control has
// are left out.
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("text")) return null;
  const known = new Set(controlsState.controls.map((control) => control.flag));
  const pairs = [];
  for (const [name, value] of params) {
    if (name !== "text" && known.has("--" + name)) pairs.push(["--" + name, value]);
  }
  const on = (name) => params.get(`view-${name}`) === "1";
  const view = {
    overlay: on("overlay"), both: on("both"), edges: on("edges"), loop: on("loop"),
    speed: Number(params.get("view-speed")) || 1,
  };
  return { text: params.get("text"), pairs, view };
}

// The review's reject: a failing image is refused with an optional note, which the server keeps
// in the artifacts folder (review-rejections.json) for the next verify's report to show on
// its entry; the page says so on the image and in the list.
"use strict";

// The selected image's rejection, if any: its note and where the next verify reads it.
function showRejection(item) {
  const rejected = item.rejection != null;
  $("rejection").hidden = !rejected;
  $("rejection-text").textContent = rejected
    ? (item.rejection ? `Rejected by reviewer: ${item.rejection}` : "Rejected by reviewer")
    : "";
  $("rejection").title = `Kept in ${window.reviewState.last.rejections}; the next verify's report shows it`;
  $("reject").textContent = "";
  $("reject").append(rejected ? "Reject again " : "Reject ", kbd("r"));
  if (window.reviewState.rejecting !== item.path) $("reject-form").hidden = true;
}

function kbd(key) {
  const element = document.createElement("kbd");
  element.textContent = key;
  return element;
}

// Opens the note field for the selected image; its note (optional) goes with the rejection.
function openReject() {
  const item = current();
  if (!item) return;
  window.reviewState.rejecting = item.path;
  $("reject-form").hidden = false;
  $("reject-note").value = item.rejection || "";
  $("reject-note").focus();
}

function closeReject() {
  window.reviewState.rejecting = null;
  $("reject-form").hidden = true;
}

// Keeps the rejection and its note in the artifacts folder (the server writes it), then goes on
// to the next image.
async function reject(event) {
  event?.preventDefault();
  const path = window.reviewState.rejecting;
  if (!path) return;
  closeReject();
  await act("/review/reject", `${path}\n${$("reject-note").value}`);
  if (!window.reviewState.error && window.reviewState.selected === path) advance();
}

// gcvm heap viewer (being written): connects to /ws and shows the frames it receives.
"use strict";
const ws = new WebSocket(`ws://${location.host}/ws?src=0`);
ws.binaryType = "arraybuffer";
ws.onmessage = (m) => {
  document.getElementById("app").textContent =
    typeof m.data === "string" ? m.data.slice(0, 200) : `frame of ${m.data.byteLength} bytes`;
};

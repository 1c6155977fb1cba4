// The check-in desk: search by name (accents and case aside, on the server), check in with one
// tap, scan a player card's QR code with the tablet's camera (qr-scanner, vendored), and the
// live count and list of who is missing.
const desk = document.getElementById("desk");
const token = desk.querySelector("input[name=csrfmiddlewaretoken]").value;
const results = desk.querySelector(".results");
const feedback = desk.querySelector(".feedback");
const search = document.getElementById("desk-search");

function show(status) {
  desk.querySelector("[data-testid=checked-in]").textContent = status.checked_in;
  desk.querySelector("[data-testid=expected]").textContent = status.expected;
  const missing = desk.querySelector(".missing");
  missing.replaceChildren(...status.missing.map((name) => {
    const li = document.createElement("li");
    li.textContent = name;
    return li;
  }));
}

async function checkIn(fields) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: token, ...fields });
  const answer = await fetch(desk.dataset.checkIn, { method: "POST", body, credentials: "same-origin" });
  const data = await answer.json();
  feedback.textContent = data.error || data.message;
  feedback.classList.toggle("errors", Boolean(data.error));
  if (!data.error) {
    show(data);
    if (search && search.value) { find(search.value); }
  }
}

let timer = null;
let asked = 0;  // answers to an earlier search that arrive late are dropped
async function find(query) {
  const mine = ++asked;
  if (!query.trim()) { results.replaceChildren(); return; }
  const answer = await fetch(desk.dataset.search + "?q=" + encodeURIComponent(query), { credentials: "same-origin" });
  const data = await answer.json();
  if (mine !== asked) { return; }
  results.replaceChildren(...data.results.map((row) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = row.name + (row.club ? " (" + row.club + ")" : "");
    li.append(name);
    if (row.state === "in") {
      const done = document.createElement("span");
      done.className = "in";
      done.textContent = desk.dataset.in;
      li.append(done);
    } else {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = desk.dataset.button + (row.kind === "registration" ? " (" + desk.dataset.waitlist + ")" : "");
      button.addEventListener("click", () => checkIn({ [row.kind]: row.pk }));
      li.append(button);
    }
    return li;
  }));
}

if (search) {
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => find(search.value), 150);
  });
}

let last = "";
let lastAt = 0;
const scan = document.getElementById("scan");
if (scan) {
  scan.addEventListener("click", async () => {
    const { default: QrScanner } = await import(desk.dataset.scanner);
    const video = document.getElementById("scanner");
    video.hidden = false;
    const scanner = new QrScanner(video, (result) => {
      const now = Date.now();
      if (result.data === last && now - lastAt < 5000) { return; }
      last = result.data;
      lastAt = now;
      checkIn({ card: result.data });
    }, { returnDetailedScanResult: true, maxScansPerSecond: 5 });
    await scanner.start();
    scan.remove();
  });
}

setInterval(async () => {
  if (document.hidden) { return; }
  const answer = await fetch(desk.dataset.status, { credentials: "same-origin" });
  if (answer.ok) { show(await answer.json()); }
}, 5000);

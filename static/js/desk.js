// The check-in desk: search by name (accents and case aside, on the server), check in with one
// tap, scan a player card's QR code with the tablet's camera (qr-scanner, vendored), and the
// live count and list of who is missing (several of them checked in at once by ticking them).
// When the event has fees: what each person found has left to pay, paid with one tap of its
// method (a key per tap: a retry after a lost answer records once), and the list of those
// checked in who still have to pay.
const desk = document.getElementById("desk");
const token = desk.querySelector("input[name=csrfmiddlewaretoken]").value;
const results = desk.querySelector(".results");
const feedback = desk.querySelector(".feedback");
const search = document.getElementById("desk-search");

function show(status) {
  desk.querySelector("[data-testid=checked-in]").textContent = status.checked_in;
  desk.querySelector("[data-testid=expected]").textContent = status.expected;
  // The missing, each with a box to check several in at once; boxes already ticked stay so.
  const missing = desk.querySelector(".missing");
  const ticked = new Set([...missing.querySelectorAll("input:checked")].map((box) => box.value));
  missing.replaceChildren(...status.missing.map((name, i) => {
    const li = document.createElement("li");
    if (!status.opened) { li.textContent = name; return li; }
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "player";
    box.value = String(status.missing_ids[i]);
    box.checked = ticked.has(box.value);
    label.append(box, " " + name);
    li.append(label);
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
    refreshFees();
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
    li.classList.toggle("with-fee", Boolean(row.fee));
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
    if (row.fee && fees) { li.append(feeRow(row.fee)); }
    return li;
  }));
}

// Fees ---------------------------------------------------------------------------------------
const fees = document.getElementById("desk-fees");
const schedule = fees ? JSON.parse(document.getElementById("desk-fees-data").textContent) : null;

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function feeRow(fee) {
  const box = document.createElement("div");
  box.className = "fee-row";
  box.dataset.person = fee.key;
  const text = document.createElement("span");
  text.className = "fee-state";
  if (fee.to_pay) {
    text.textContent = fees.dataset.toPay + ": " + fee.to_pay_text;
  } else if (fee.give_back_text) {
    text.textContent = fees.dataset.giveBack + ": " + fee.give_back_text;
  } else if (fee.due) {
    text.textContent = fees.dataset.paid + ": " + fee.paid_text;
    text.classList.add("in");
  }
  box.append(text);
  if (schedule.fees.length > 1) {
    const select = document.createElement("select");
    select.setAttribute("aria-label", fees.dataset.feeLabel + " – " + fee.name);
    for (const option of schedule.fees) {
      select.append(new Option(option.text, String(option.id), false, option.id === fee.fee));
    }
    select.addEventListener("change", () => sendFee({ person: fee.key, fee: select.value }, box));
    box.append(select);
  }
  if (fee.to_pay) {
    for (const method of schedule.methods) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pay";
      button.dataset.method = method.value;
      button.textContent = method.label;
      button.setAttribute("aria-label", method.label + ": " + fee.name + ", " + fee.to_pay_text);
      const key = newKey();
      button.addEventListener("click", () => sendFee(
        { person: fee.key, amount: String(fee.to_pay), method: method.value, key }, box));
      box.append(button);
    }
  }
  return box;
}

async function sendFee(fields, box) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: token, ...fields });
  box.querySelectorAll("button, select").forEach((control) => { control.disabled = true; });
  let data = null;
  for (let attempt = 0; attempt < 3 && data === null; attempt++) {
    try {
      const answer = await fetch(fees.dataset.pay, { method: "POST", body, credentials: "same-origin" });
      data = await answer.json();
    } catch (lost) {  // no answer: the same key again records once
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  if (data === null) {
    box.querySelectorAll("button, select").forEach((control) => { control.disabled = false; });
    return;
  }
  feedback.textContent = data.error || data.message;
  feedback.classList.toggle("errors", Boolean(data.error));
  if (data.error) {
    box.querySelectorAll("button, select").forEach((control) => { control.disabled = false; });
    return;
  }
  box.replaceWith(feeRow(data.fee));
  showToPay(data.to_pay);
  // an earlier search still on its way would show the state before this payment: ask again
  if (search && search.value) { find(search.value); }
}

async function refreshFees() {
  if (!fees) { return; }
  const answer = await fetch(fees.dataset.state, { credentials: "same-origin" });
  if (answer.ok) { showToPay((await answer.json()).to_pay); }
}

function showToPay(list) {
  const ul = fees.querySelector(".to-pay");
  const ticked = new Set([...ul.querySelectorAll("input:checked")].map((box) => box.value));
  ul.replaceChildren(...list.map((person) => {
    const li = document.createElement("li");
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "person";
    box.value = person.key + ":" + person.to_pay;
    box.checked = ticked.has(box.value);
    const name = document.createElement("span");
    name.textContent = person.name;
    const amount = document.createElement("strong");
    amount.textContent = person.to_pay_text;
    label.append(box, " ", name, " ", amount);
    li.append(label);
    return li;
  }));
  fees.querySelector(".to-pay-none").hidden = list.length > 0;
  fees.querySelector(".pay-selected").hidden = list.length === 0;
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
  refreshFees();
}, 5000);

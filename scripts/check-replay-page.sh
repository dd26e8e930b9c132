#!/usr/bin/env bash
# Opens a replay page (`samegame show --html`) in headless Chromium, drives it like a
# user (arrow keys, the previous button, the slider, the End key) through the Chrome
# DevTools protocol over a pipe (python3 standard library, no network), reads the
# move number and score the page displays and compares the final score with
# `samegame verify`. Takes two screenshots (docs/replay-step.png with the next group
# outlined, docs/replay-end.png at the end).
#
# Usage: scripts/check-replay-page.sh [TESTSET SOLUTIONS POSITION]
# Default: position 3 of the standard 20 with solutions/samegame-standard-20.samegame.txt.
# Needs chromium (Debian: apt-get install chromium). Not a CI step.
set -euo pipefail
cd "$(dirname "$0")/.."
set_file=${1:-testsets/samegame-standard-20.txt}
sols=${2:-solutions/samegame-standard-20.samegame.txt}
pos=${3:-3}
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
  echo "chromium not found: install it (apt-get install chromium) to run this check" >&2
  exit 2
fi
cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
page="$tmp/replay.html"
./target/release/samegame show "$set_file" --position "$pos" --solution "$sols" --html "$page"
want=$(./target/release/samegame verify "$set_file" "$sols" \
  | awk -v p="position $pos:" 'index($0, p) == 1 {print $4}')
moves=$(./target/release/samegame verify "$set_file" "$sols" \
  | awk -v p="position $pos:" 'index($0, p) == 1 {gsub(/\(/, "", $5); print $5}')
echo "samegame verify: position $pos scores $want in $moves moves"
python3 - "$chrome" "$page" "$tmp/profile" "$want" "$moves" <<'PY'
import base64, json, os, subprocess, sys

chrome, page, profile, want, moves = sys.argv[1:6]
want, moves = int(want), int(moves)
to_chrome_r, to_chrome_w = os.pipe()
from_chrome_r, from_chrome_w = os.pipe()

def child_fds():
    # Chromium's --remote-debugging-pipe reads commands on fd 3, writes on fd 4.
    a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
    os.dup2(a, 3)
    os.dup2(b, 4)

proc = subprocess.Popen(
    [chrome, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
     "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile, "about:blank"],
    preexec_fn=child_fds, close_fds=False,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_chrome_r)
os.close(from_chrome_w)
out = os.fdopen(to_chrome_w, "wb")
inp = os.fdopen(from_chrome_r, "rb")
buf = b""
next_id = 0

def call(method, session=None, **params):
    global buf, next_id
    next_id += 1
    msg = {"id": next_id, "method": method, "params": params}
    if session:
        msg["sessionId"] = session
    out.write(json.dumps(msg).encode() + b"\0")
    out.flush()
    while True:
        while b"\0" not in buf:
            chunk = inp.read1(65536)
            if not chunk:
                sys.exit("chromium closed the pipe")
            buf += chunk
        raw, buf = buf.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                sys.exit(f"{method}: {reply['error']}")
            return reply["result"]

try:
    target = call("Target.createTarget", url="about:blank")["targetId"]
    s = call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    call("Page.enable", s)
    call("Emulation.setDeviceMetricsOverride", s, width=560, height=820,
         deviceScaleFactor=1, mobile=False)
    call("Page.navigate", s, url="file://" + os.path.abspath(page))

    def js(expr):
        r = call("Runtime.evaluate", s, expression=expr, returnByValue=True)
        return r["result"].get("value")

    import time
    for _ in range(100):
        if js("document.readyState") == "complete" and js("typeof D") == "object":
            break
        time.sleep(0.05)

    def key(name, code):
        for t in ("rawKeyDown", "keyUp"):
            call("Input.dispatchKeyEvent", s, type=t, key=name, code=name,
                 windowsVirtualKeyCode=code)

    def shown():
        return int(js("document.getElementById('move').textContent")), \
               int(js("document.getElementById('score').textContent"))

    def shot(path):
        png = call("Page.captureScreenshot", s, format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))
        print("screenshot", path)

    assert shown() == (0, 0), shown()
    for _ in range(12):
        key("ArrowRight", 39)
    assert shown()[0] == 12, shown()
    js("document.getElementById('prev').click()")
    assert shown()[0] == 11, shown()
    js("const s = document.getElementById('slider'); s.value = 10;"
       "s.dispatchEvent(new Event('input'))")
    m, score10 = shown()
    assert m == 10, m
    print(f"after 10 moves the page shows score {score10}:",
          js("document.getElementById('next-move').textContent"))
    shot("docs/replay-step.png")
    key("End", 35)
    m, running = shown()
    final_text = js("document.getElementById('final').textContent")
    print(f"at the end the page shows move {m} of {moves}, score {running}; {final_text}")
    got = int(final_text.rsplit(" ", 1)[1])
    shot("docs/replay-end.png")
    assert m == moves, (m, moves)
    if got != want:
        sys.exit(f"FAILED: the page shows final score {got}, samegame verify says {want}")
    print(f"ok: the page's final score {got} equals samegame verify's {want}")
finally:
    try:
        call("Browser.close")
    except SystemExit:
        pass
    proc.wait(timeout=20)
PY

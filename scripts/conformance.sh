#!/usr/bin/env bash
# MCP conformance (@modelcontextprotocol/conformance, pinned in package.json)
# against the built server with its test-only fixture toolset: the 2025-11-25
# server requirements (initialize handshake, sessions) and the 2026-07-28 ones
# (stateless, per-request _meta). Known failures, each with its reason, are in
# test/conformance/expected-failures.<revision>.yaml.
# Each revision gets a fresh server and data directory, so one run's use of the
# embedded service's per-minute limits cannot leak into the other.
# Needs a built dist/ and Node >= 22 for the runner (fs.globSync): NODE22 names
# that binary (default: node, when it is new enough).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
NODE22="${NODE22:-node}"
"$NODE22" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)' || {
  echo "conformance: the runner needs Node >= 22 (set NODE22)" >&2
  exit 2
}
runner="$root/node_modules/@modelcontextprotocol/conformance/dist/index.js"
work="$(mktemp -d)"
server=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
trap 'stop_server; rm -rf "$work"' EXIT

status=0
for revision in 2025-11-25 2026-07-28; do
  log="$work/server-$revision.log"
  OUTREACH_LOG_LEVEL=warn node dist/cli.js http --port 0 --conformance-fixtures --data-dir "$work/data-$revision" 2>"$log" &
  server=$!
  url=""
  for _ in $(seq 1 300); do
    url="$(sed -n 's/^outreach-mcp: MCP over HTTP at \(http:[^ ]*\/mcp\).*/\1/p' "$log" | head -1)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { echo "conformance: the server exited:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "conformance: the server did not start" >&2; exit 1; }
  echo "== MCP conformance, server requirements $revision, at $url"
  (cd "$work" && "$NODE22" "$runner" server --url "$url" --requirements "$revision" \
    --expected-failures "$root/test/conformance/expected-failures.$revision.yaml") >"$work/$revision.txt" 2>&1 || status=1
  sed -n '/=== SUMMARY ===/,$p' "$work/$revision.txt"
  stop_server
done
exit "$status"

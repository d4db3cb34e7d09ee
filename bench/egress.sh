#!/usr/bin/env bash
# The egress proxy's cost, measured through the real launcher (build first: mvn -B -q package -DskipTests).
#   1. latency: one HTTPS request (new connection, TLS handshake, GET of a small file) by curl,
#      direct on the host vs through the proxy from inside the sandbox; p50 and p90 of N each;
#   2. throughput: a 200 MiB download by curl, direct vs through the proxy, one run each;
#   3. start-up: `cordon run -- true` with an allow-list profile vs the same profile with the
#      network off; median of R runs each, interleaved.
# Usage: bench/egress.sh [requests=200] [runs=10] [executor...]   (default executors: bwrap landlock)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
requests="${1:-200}"
runs="${2:-10}"
shift $(( $# > 2 ? 2 : $# ))
executors=("$@")
[ ${#executors[@]} -gt 0 ] || executors=(bwrap landlock)
cordon="$root/target/cordon/bin/cordon"
[ -x "$cordon" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }

# Not under /tmp: the landlock executor gives each run a private /tmp, which would hide the workspace.
dir=$(mktemp -d "$root/target/egress-bench.XXXXXX")
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
mkdir -p "$dir/config/profiles" "$dir/state" "$dir/work"

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=allowed.test \
  -addext subjectAltName=DNS:allowed.test -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
# Two servers on 127.0.0.1: HTTPS with /hello, HTTP with /big (200 MiB of zeros, streamed).
cat > "$dir/servers.py" <<'PY'
import http.server, ssl, sys, threading
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out at once, no 40 ms delayed-ack stall
    def log_message(self, *a): pass
    def do_GET(self):
        if self.path == "/big":
            n = 200 << 20
            self.send_response(200); self.send_header("Content-Length", str(n)); self.end_headers()
            chunk = bytes(1 << 20)
            for _ in range(n >> 20): self.wfile.write(chunk)
        else:
            body = b"hello\n"
            self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
            self.wfile.write(body)
tls = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(sys.argv[1], sys.argv[2])
tls.socket = ctx.wrap_socket(tls.socket, server_side=True)
plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print(tls.server_address[1], plain.server_address[1], flush=True)
threading.Thread(target=plain.serve_forever, daemon=True).start()
tls.serve_forever()
PY
coproc SERVERS { exec python3 "$dir/servers.py" "$dir/cert.pem" "$dir/key.pem"; }
server_pid=$SERVERS_PID
read -r https_port http_port <&"${SERVERS[0]}"

echo "127.0.0.1 allowed.test" > "$dir/hosts"
cat > "$dir/config/profiles/egress-bench.yaml" <<YAML
extends: ci
network:
  allow: [allowed.test:$https_port, allowed.test:$http_port, 127.0.0.1:$https_port, 127.0.0.1:$http_port]
YAML
printf 'extends: ci\nnetwork:\n  enabled: false\n' > "$dir/config/profiles/egress-off.yaml"
cat > "$dir/work/latency.sh" <<'SH'
for _ in $(seq "$1"); do curl ${3:+-K "$3"} -sk -o /dev/null -w '%{time_total}\n' "$2"; done
SH
export XDG_CONFIG_HOME="$dir/config" CORDON_CONFIG_DIR="$dir/config" XDG_STATE_HOME="$dir/state" \
  CORDON_NETWORK_HOSTS="$dir/hosts"
cd "$dir/work"

# The launcher trains its start-up cache in the background after a build; measure with it ready.
"$cordon" policy test -- true >/dev/null
for _ in $(seq 180); do pgrep -f -- '-XX:AOTCacheOutput' >/dev/null || break; sleep 1; done

percentiles() { sort -n | awk '{ v[NR] = $1 * 1000 } END { printf "p50 %.2f ms  p90 %.2f ms  (n=%d)", v[int(NR*0.5+0.5)], v[int(NR*0.9+0.5)], NR }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR+1)/2)] }'; }
url="https://allowed.test:$https_port/hello"

echo "load: $(uptime)"
echo "== latency of one HTTPS request (curl time_total)"
# On the host, curl resolves the test name itself (a curl config file, as the loop passes it on).
printf 'resolve = "allowed.test:%s:127.0.0.1"\n' "$https_port" > "$dir/curlrc"
echo "direct:            $(bash latency.sh "$requests" "$url" "$dir/curlrc" | percentiles)"
for executor in "${executors[@]}"; do
  echo "proxy ($executor): $("$cordon" run --executor "$executor" --profile egress-bench -- bash latency.sh "$requests" "$url" | percentiles)"
done

echo "== throughput of a 200 MiB download over plain HTTP (curl speed_download)"
echo "   (tunnel: curl -p, a CONNECT tunnel as for https, without TLS costs; forwarded: GET http://… to the proxy)"
direct=$(curl -s -o /dev/null -w '%{speed_download}' "http://127.0.0.1:$http_port/big")
echo "direct:            $(awk -v b="$direct" 'BEGIN { printf "%.0f MiB/s", b / 1048576 }')"
for executor in "${executors[@]}"; do
  for how in tunnel forwarded; do
    flag=(); [ $how = tunnel ] && flag=(-p)
    proxied=$("$cordon" run --executor "$executor" --profile egress-bench -- curl "${flag[@]}" -s -o /dev/null \
      -w '%{speed_download}' "http://allowed.test:$http_port/big")
    echo "proxy ($executor, $how): $(awk -v b="$proxied" -v d="$direct" 'BEGIN { printf "%.0f MiB/s (%.0f%% of direct)", b / 1048576, 100 * b / d }')"
  done
done

echo "== start-up: cordon run -- true, median of $runs (allow-list vs network off)"
for executor in "${executors[@]}"; do
  : > "$dir/on.txt"; : > "$dir/off.txt"
  for _ in $(seq "$runs"); do
    for profile in egress-bench egress-off; do
      start=$(date +%s%N)
      "$cordon" run --executor "$executor" --profile "$profile" -- true
      end=$(date +%s%N)
      echo $(( (end - start) / 1000000 )) >> "$dir/$([ $profile = egress-bench ] && echo on || echo off).txt"
    done
  done
  on=$(median < "$dir/on.txt"); off=$(median < "$dir/off.txt")
  echo "$executor: allow-list $on ms, network off $off ms, extra $(( on - off )) ms"
done
echo "load: $(uptime)"

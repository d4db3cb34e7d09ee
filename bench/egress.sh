#!/usr/bin/env bash
# The egress proxy's cost, measured through the real launcher (build first: mvn -B -q package -DskipTests).
#   1. latency: one HTTPS request (new connection, TLS handshake, GET of a small file) by curl,
#      direct on the host vs through the proxy from inside the sandbox; p50 and p90;
#   2. throughput: a 200 MiB download by curl, direct vs through the proxy (CONNECT tunnel and
#      plain forwarding), one download per cordon run;
#   3. start-up: `cordon run -- true` with an allow-list profile vs the same profile with the
#      network off.
# Every measurement is taken in rounds that visit each way in turn (direct, then each executor),
# so that a machine whose load changes while the script runs slows all of them alike.
# Usage: bench/egress.sh [rounds=10] [requests per round=20] [executor...]
#   executors default to bwrap and landlock; `bwrap:socat` is bwrap with the socat bridge that
#   stands in when cordon cannot make network namespaces (it does not run as root).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
rounds="${1:-10}"
requests="${2:-20}"
shift $(( $# > 2 ? 2 : $# ))
executors=("$@")
[ ${#executors[@]} -gt 0 ] || executors=(bwrap landlock)
cordon="$root/target/cordon/bin/cordon"
[ -x "$cordon" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }

dir=$(mktemp -d "$root/target/egress-bench.XXXXXX")
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
mkdir -p "$dir/config/profiles" "$dir/state" "$dir/project"

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
cat > "$dir/project/latency.sh" <<'SH'
for _ in $(seq "$1"); do curl ${3:+-K "$3"} -sk -o /dev/null -w '%{time_total}\n' "$2"; done
SH
export XDG_CONFIG_HOME="$dir/config" CORDON_CONFIG_DIR="$dir/config" XDG_STATE_HOME="$dir/state" \
  CORDON_NETWORK_HOSTS="$dir/hosts"
cd "$dir/project"

# The launcher trains its start-up cache in the background after a build; measure with it ready.
"$cordon" policy test -- true >/dev/null
for _ in $(seq 180); do pgrep -f -- '-XX:AOTCacheOutput' >/dev/null || break; sleep 1; done

percentiles() { sort -n | awk '{ v[NR] = $1 * 1000 } END { printf "p50 %.2f ms  p90 %.2f ms  (n=%d)", v[int(NR*0.5+0.5)], v[int(NR*0.9+0.5)], NR }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR+1)/2)] }'; }
# Runs cordon under an executor name of this script (`bwrap:socat` forces the bridge).
sandboxed() {
  local executor=$1; shift
  case $executor in
    *:socat) CORDON_JAVA_OPTS="${CORDON_JAVA_OPTS:-} -Dcordon.bwrap.egress=socat" "$cordon" run --executor "${executor%%:*}" "$@" ;;
    *) "$cordon" run --executor "$executor" "$@" ;;
  esac
}
url="https://allowed.test:$https_port/hello"
ways=(direct "${executors[@]}")
: > "$dir/results.txt"
record() { echo "$1 $2" >> "$dir/results.txt"; }
values() { awk -v k="$1" '$1 == k { print $2 }' "$dir/results.txt"; }

echo "load: $(uptime)"
# On the host, curl resolves the test name itself (a curl config file, as the loop passes it on).
printf 'resolve = "allowed.test:%s:127.0.0.1"\n' "$https_port" > "$dir/curlrc"
for _ in $(seq "$rounds"); do
  for way in "${ways[@]}"; do
    if [ "$way" = direct ]; then
      out=$(bash latency.sh "$requests" "$url" "$dir/curlrc")
    else
      out=$(sandboxed "$way" --profile egress-bench -- bash latency.sh "$requests" "$url")
    fi
    for t in $out; do record "latency:$way" "$t"; done
    flag=(); [ "$way" = direct ] || flag=(-p)
    for how in tunnel forwarded; do
      [ "$way" = direct ] && [ $how = forwarded ] && continue
      [ $how = forwarded ] && flag=()
      if [ "$way" = direct ]; then
        speed=$(curl -s -o /dev/null -w '%{speed_download}' "http://127.0.0.1:$http_port/big")
      else
        speed=$(sandboxed "$way" --profile egress-bench -- curl "${flag[@]}" -s -o /dev/null \
          -w '%{speed_download}' "http://allowed.test:$http_port/big")
      fi
      record "speed:$way:$how" "$speed"
    done
  done
done
echo "load: $(uptime)"

echo "== latency of one HTTPS request (curl time_total), $rounds rounds of $requests"
direct_p50=$(values latency:direct | percentiles | awk '{ print $2 }')
for way in "${ways[@]}"; do
  line=$(values "latency:$way" | percentiles)
  p50=$(echo "$line" | awk '{ print $2 }')
  printf '%-16s %s  added p50 %+.2f ms\n' "$way:" "$line" "$(awk -v a="$p50" -v b="$direct_p50" 'BEGIN { print a - b }')"
done

echo "== throughput of a 200 MiB download over plain HTTP (curl speed_download), median of $rounds"
echo "   (tunnel: curl -p, a CONNECT tunnel as for https, without TLS costs; forwarded: GET http://… to the proxy)"
direct=$(values speed:direct:tunnel | median)
echo "direct:          $(awk -v b="$direct" 'BEGIN { printf "%.0f MiB/s", b / 1048576 }')"
for way in "${executors[@]}"; do
  for how in tunnel forwarded; do
    proxied=$(values "speed:$way:$how" | median)
    printf '%-16s %s\n' "$way, $how:" "$(awk -v b="$proxied" -v d="$direct" 'BEGIN { printf "%.0f MiB/s (%.0f%% of direct)", b / 1048576, 100 * b / d }')"
  done
done

echo "== start-up: cordon run -- true, median of $rounds (allow-list vs network off)"
for _ in $(seq "$rounds"); do
  for executor in "${executors[@]}"; do
    for profile in egress-bench egress-off; do
      start=$(date +%s%N)
      sandboxed "$executor" --profile "$profile" -- true
      end=$(date +%s%N)
      record "start:$executor:$profile" $(( (end - start) / 1000000 ))
    done
  done
done
for executor in "${executors[@]}"; do
  on=$(values "start:$executor:egress-bench" | median); off=$(values "start:$executor:egress-off" | median)
  echo "$executor: allow-list $on ms, network off $off ms, extra $(( on - off )) ms"
done
echo "load: $(uptime)"

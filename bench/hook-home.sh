# Sourced by the hook benchmarks: a temporary home, config, state and runtime folder, so no real
# user's server or settings are touched; the server started there is stopped on exit. Sets $root,
# $dist, $cordon and $work, and enters $work/project.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dist="${CORDON_DIST:-$root/target/cordon}"
cordon="$dist/bin/cordon"
work=$(mktemp -d)
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_STATE_HOME="$work/home/.local/state"
export XDG_CACHE_HOME="$work/home/.cache" XDG_RUNTIME_DIR="$work/run"
trap '"$cordon" serve --stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$work/project/src"
cd "$work/project"

#!/bin/sh
# A stand-in for the docker client in tests. It answers `version`, `image inspect` and `kill`
# like a daemon would, records every call, and runs a `run` command on the host, unconfined, so
# tests can check the argv the executor builds and how it treats what docker reports. The
# FAKE_DOCKER_* variables choose its behaviour.
printf '%s\n' "$*" >> "${FAKE_DOCKER_LOG:-/dev/null}"
case "$1" in
  version)
    if [ -n "$FAKE_DOCKER_NO_DAEMON" ]; then
      echo "Cannot connect to the Docker daemon at unix:///fake.sock. Is the docker daemon running?" >&2
      exit 1
    fi
    echo 99.0.0
    exit 0 ;;
  image)
    if [ -n "$FAKE_DOCKER_NO_IMAGE" ]; then echo "Error: No such image" >&2; exit 1; fi
    echo sha256:0123
    exit 0 ;;
  kill)
    # Like the daemon: the container's processes die and the waiting client returns.
    kill -9 "$(cat "$FAKE_DOCKER_PIDS/$3")"
    exit 0 ;;
  run) shift ;;
  *) exit 2 ;;
esac
if [ -n "$FAKE_DOCKER_REFUSE" ]; then
  echo "docker: Error response from daemon: $FAKE_DOCKER_REFUSE." >&2
  exit 125
fi
entry=; workdir=; envfile=; name=
while [ $# -gt 0 ]; do
  case "$1" in
    --entrypoint=*) entry=${1#--entrypoint=} ;;
    --workdir=*) workdir=${1#--workdir=} ;;
    --env-file=*) envfile=${1#--env-file=} ;;
    --name=*) name=${1#--name=} ;;
    --*) ;;
    *) shift; break ;;
  esac
  shift
done
[ -n "$FAKE_DOCKER_ENV_COPY" ] && cp "$envfile" "$FAKE_DOCKER_ENV_COPY"
[ -n "$FAKE_DOCKER_PIDS" ] && echo $$ > "$FAKE_DOCKER_PIDS/$name"
if [ -n "$FAKE_DOCKER_HOLDS" ]; then
  # The probe's trial: /bin/sh -c SCRIPT cordon-probe WORKSPACE SECRET OUTSIDE, as a holding
  # container would end it: the workspace written, nothing else.
  echo held > "$4/inside"
  exit 0
fi
cd "$workdir" || exit 125
exec "$entry" "$@"

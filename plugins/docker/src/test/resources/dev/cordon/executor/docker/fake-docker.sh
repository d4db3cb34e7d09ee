#!/bin/sh
# A stand-in for the docker client in tests. It answers like a daemon would, records every call
# (FAKE_DOCKER_LOG), keeps the `create` arguments of each container in FAKE_DOCKER_STATE, and
# runs a started container's command on the host, unconfined, so tests can check the argv the
# executor builds and how it treats what docker reports. Other FAKE_DOCKER_* variables choose
# its behaviour.
printf '%s\n' "$*" >> "${FAKE_DOCKER_LOG:-/dev/null}"
state=${FAKE_DOCKER_STATE:-/nonexistent}
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
  create)
    if [ -n "$FAKE_DOCKER_REFUSE" ]; then
      echo "Error response from daemon: $FAKE_DOCKER_REFUSE" >&2
      exit 125
    fi
    shift
    name=
    for arg in "$@"; do case "$arg" in --name=*) name=${arg#--name=} ;; esac; done
    for arg in "$@"; do printf '%s\n' "$arg"; done > "$state/$name.args"
    [ -n "$FAKE_DOCKER_WARN" ] && echo "WARNING: $FAKE_DOCKER_WARN" >&2
    echo 0123456789abcdef
    exit 0 ;;
  inspect)
    case "$3" in
      *Pid*) echo 0 ;;
      *) echo "${FAKE_DOCKER_OOM:-false} \"${FAKE_DOCKER_START_ERROR:-}\"" ;;
    esac
    exit 0 ;;
  rm)
    rm -f "$state/$3.args" "$state/$3.pid"
    exit 0 ;;
  kill)
    # Like the daemon: the container's processes die and the attached client returns.
    kill -9 "$(cat "$state/$3.pid")"
    exit 0 ;;
  start) name=$3 ;;
  *) exit 2 ;;
esac
# start --attach NAME: replay the create arguments.
set --
while IFS= read -r line; do set -- "$@" "$line"; done < "$state/$name.args"
entry=; workdir=; envfile=
while [ $# -gt 0 ]; do
  case "$1" in
    --entrypoint=*) entry=${1#--entrypoint=} ;;
    --workdir=*) workdir=${1#--workdir=} ;;
    --env-file=*) envfile=${1#--env-file=} ;;
    --*) ;;
    *) shift; break ;;
  esac
  shift
done
[ -n "$FAKE_DOCKER_ENV_COPY" ] && cp "$envfile" "$FAKE_DOCKER_ENV_COPY"
echo $$ > "$state/$name.pid"
if [ -n "$FAKE_DOCKER_HOLDS" ]; then
  # The probe's trial (env -u HOSTNAME -- /bin/sh -c SCRIPT cordon-probe WORKSPACE …), as a
  # holding container would end it: the workspace written, nothing else.
  while [ "$1" != "--" ]; do shift; done
  echo held > "$6/inside"
  exit 0
fi
while IFS= read -r line; do export "$line"; done < "$envfile"
cd "$workdir" || exit 125
exec "$entry" "$@"

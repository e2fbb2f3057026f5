#!/usr/bin/env bash
# Makes PostgreSQL and Redis answer on 127.0.0.1 for the tests against the real engines:
# installs them from Debian's packages when missing, starts them when stopped, makes sure
# user postgres gets in over TCP without a password (trust) and that database "test" exists.
#
#   bash infra/start-services.sh
#
# Then: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 npm test
#
# Needs root (CI and the project's machines run as root). Safe to run again: it only does what is missing.
# PG_PORT, PG_CLUSTER and REDIS_PORT change the defaults (5432, main, 6379), e.g. to try it out
# beside the running services.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=${PG_PORT:-5432}
PG_CLUSTER=${PG_CLUSTER:-main}
REDIS_PORT=${REDIS_PORT:-6379}
WAIT_SECONDS=${WAIT_SECONDS:-60}

log() { printf '[services] %s\n' "$*"; }

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-y -q -o Acquire::Retries=3 -o Acquire::http::Timeout=30 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    log "apt-get update"
    apt-get update -q
    apt_updated=1
  fi
  log "apt-get install $*"
  apt-get install "${APT_OPTS[@]}" "$@"
}

# ---- install -------------------------------------------------------------------------------
missing=()
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
command -v pg_ctlcluster >/dev/null 2>&1 && compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null ||
  missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v redis-cli >/dev/null 2>&1 || missing+=(redis-tools)
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install postgresql redis-server
else
  log "PostgreSQL and Redis are installed"
fi

pg_answers() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2; }
redis_answers() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]; }

wait_for() { # name, check function
  local name=$1 check=$2 i
  for ((i = 0; i < WAIT_SECONDS * 2; i++)); do
    if "$check"; then
      log "$name answers"
      return 0
    fi
    sleep 0.5
  done
  log "$name did not answer within ${WAIT_SECONDS}s"
  return 1
}

# ---- PostgreSQL ----------------------------------------------------------------------------
pg_version=$(find /etc/postgresql -mindepth 2 -maxdepth 2 -type d -name "$PG_CLUSTER" -printf '%h\n' 2>/dev/null |
  xargs -r -n1 basename | sort -V | tail -n 1)
if [ -z "$pg_version" ]; then
  # The package creates the "main" cluster on install; create it if something removed it.
  pg_version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -V | tail -n 1)
  log "creating cluster $pg_version/$PG_CLUSTER on port $PG_PORT"
  pg_createcluster --port "$PG_PORT" "$pg_version" "$PG_CLUSTER"
fi
pg_conf=/etc/postgresql/$pg_version/$PG_CLUSTER

if ! pg_answers; then
  # A fresh install listens on localhost only; make sure that includes 127.0.0.1 and our port.
  if ! grep -Eq "^\s*port\s*=\s*$PG_PORT\b" "$pg_conf/postgresql.conf"; then
    log "setting port = $PG_PORT in $pg_conf/postgresql.conf"
    printf '\nport = %s\n' "$PG_PORT" >>"$pg_conf/postgresql.conf"
  fi
  log "starting PostgreSQL $pg_version/$PG_CLUSTER"
  pg_ctlcluster --skip-systemctl-redirect "$pg_version" "$PG_CLUSTER" start || true
fi
wait_for PostgreSQL pg_answers

# Trust for user postgres over TCP from this machine: the test URL carries no password.
if ! psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -tAc 'select 1' >/dev/null 2>&1; then
  log "allowing user postgres from 127.0.0.1 and ::1 without a password ($pg_conf/pg_hba.conf)"
  hba=$pg_conf/pg_hba.conf
  {
    printf '# added by infra/start-services.sh: tests connect as postgres without a password\n'
    printf 'host all postgres 127.0.0.1/32 trust\n'
    printf 'host all postgres ::1/128 trust\n'
    cat "$hba"
  } >"$hba.new"
  mv "$hba.new" "$hba"
  chown postgres:postgres "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$pg_version" "$PG_CLUSTER" reload
  sleep 1
  psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -tAc 'select 1' >/dev/null
fi

if [ "$(psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -tAc \
  "select 1 from pg_database where datname = 'test'")" != "1" ]; then
  log "creating database test"
  psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -qc 'create database test'
fi
log "PostgreSQL ready: postgres://postgres@$PG_HOST:$PG_PORT/test ($(psql -h "$PG_HOST" -p "$PG_PORT" \
  -U postgres -w -d test -tAc 'show server_version'))"

# ---- Redis ---------------------------------------------------------------------------------
if ! redis_answers; then
  log "starting Redis on 127.0.0.1:$REDIS_PORT (nothing kept on disk)"
  redis_args=(--daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no)
  [ -d /var/lib/redis ] && redis_args+=(--dir /var/lib/redis)
  [ -d /var/log/redis ] && redis_args+=(--logfile "/var/log/redis/ci-$REDIS_PORT.log")
  redis-server "${redis_args[@]}"
fi
wait_for Redis redis_answers
log "Redis ready: redis://127.0.0.1:$REDIS_PORT ($(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" info server |
  tr -d '\r' | sed -n 's/^redis_version://p'))"

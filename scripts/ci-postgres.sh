#!/usr/bin/env bash
# Starts the machine's real PostgreSQL 15 (trust auth on loopback) with a fresh database for the
# API suite, and prints its URL. `scripts/ci-postgres.sh drop URL` removes that database again.
set -euo pipefail
if [ "${1:-}" = "drop" ]; then
  su postgres -c "dropdb --if-exists ${2##*/}" >/dev/null 2>&1 || true
  exit 0
fi
pg_ctlcluster --skip-systemctl-redirect 15 main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
db="babysteps_ci_$$"
su postgres -c "psql -q -h 127.0.0.1 -c \"alter user postgres password 'postgres'\"" >/dev/null 2>&1 || su postgres -c "psql -q -c \"alter user postgres password 'postgres'\"" >/dev/null
su postgres -c "createdb $db"
echo "postgres://postgres:postgres@127.0.0.1:5432/$db"

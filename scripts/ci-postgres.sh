#!/usr/bin/env bash
# The API suite against the machine's real PostgreSQL 15 (trust auth on loopback, a fresh database).
set -euo pipefail
cd "$(dirname "$0")/.."
pg_ctlcluster --skip-systemctl-redirect 15 main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
db="babysteps_ci_$$"
su postgres -c "psql -q -h 127.0.0.1 -c \"alter user postgres password 'postgres'\"" 2>/dev/null || su postgres -c "psql -q -c \"alter user postgres password 'postgres'\""
su postgres -c "createdb $db"
trap 'su postgres -c "dropdb --if-exists $db" || true' EXIT
report=$(mktemp)
TEST_DATABASE_URL="postgres://postgres:postgres@127.0.0.1:5432/$db" ./node_modules/.bin/vitest run --project api --reporter=default --reporter=json --outputFile.json="$report"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`postgres api: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$report"
rm -f "$report"

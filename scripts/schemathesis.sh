#!/usr/bin/env bash
# Schemathesis against a real `vakants serve` (scripts/fresh-server.sh: database vakants_schemathesis,
# Redis db 6, dev mode): the OpenAPI document at /api/openapi.json is the contract. Runs with a
# fixed seed for each role (anonymous, applicant, employer, admin; the demo accounts, signed in
# through the dev outbox), on the role's own paths and then on the others (below), with the checks
# not_a_server_error, status_code_conformance, response_schema_conformance and
# content_type_conformance. Any failure fails the script.
#
# Left out, because they would end the run's session or destroy its account (each is covered by
# the API tests instead): GET /api/auth/logout (ends the session), DELETE /api/user/account (deletes
# the account), GET /api/admin/represent/{username} (turns the admin's session into another user's).
#
# SCHEMATHESIS_MAX_EXAMPLES (default 60) sets the fuzzing examples per operation on a role's own
# paths, SCHEMATHESIS_OTHER_EXAMPLES (default 5) on the paths the role may not use (below). With
# every path fuzzed 60 times for every role the run took 14 minutes on a slower 2-core machine,
# a third of the suite's 45-minute line.
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5
seed=20261124
max_examples="${SCHEMATHESIS_MAX_EXAMPLES:-60}"
venv="$HOME/.cache/vakants/schemathesis-venv"
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  echo "==> installing schemathesis $version into $venv"
  python3 -m venv "$venv" || { apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv"; }
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

source scripts/fresh-server.sh "${SCHEMATHESIS_DB:-vakants_schemathesis}" "${SCHEMATHESIS_REDIS_DB:-6}"
jars="$(mktemp -d)"
trap 'fresh_server_stop; rm -rf "$jars"' EXIT

cookie_of() { awk -v name="$2" '$6 == name { value = $7 } END { print value }' "$1"; }

# A visitor's cookies (pre-session and anti-forgery token), then, for a role, a signed-in session.
start_browser() {
  curl -sf -c "$1" -b "$1" "$SERVER_URL/api/open/me" >/dev/null
}
sign_in() {
  local jar="$1" email="$2" code
  start_browser "$jar"
  curl -sf -c "$jar" -b "$jar" -H "x-xsrf-token: $(cookie_of "$jar" XSRF-TOKEN)" -H 'content-type: application/json' \
    -d "{\"email\":\"$email\"}" "$SERVER_URL/api/auth/login" >/dev/null
  code="$(curl -sf "$SERVER_URL/api/dev/outbox?to=$email" | python3 -c '
import json, re, sys
for mail in json.load(sys.stdin):
    digits = "".join(re.findall(r"\d", mail.get("subject") or ""))
    if len(digits) == 6:
        print(digits)
        break
')"
  [ -n "$code" ] || { echo "no sign-in code for $email in the dev outbox" >&2; exit 1; }
  curl -sf -c "$jar" -b "$jar" -H "x-xsrf-token: $(cookie_of "$jar" XSRF-TOKEN)" -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"code\":\"$code\"}" "$SERVER_URL/api/auth/verify-otp" >/dev/null
  [ -n "$(cookie_of "$jar" vakants_session)" ] || { echo "signing in as $email gave no session" >&2; exit 1; }
}

# every role signs in before any run, so that no run's calls to the sign-in endpoints (rate
# limited per address) stand in the way
start_browser "$jars/anonymous"
sign_in "$jars/applicant" applicant@vakants.test
sign_in "$jars/employer" employer@vakants.test
sign_in "$jars/admin" admin@vakants.test

hooks="$PWD/scripts/schemathesis_hooks.py"
status=0
started=$SECONDS
# The paths each role works with: there every phase runs with $max_examples. Every other path gets
# a few fuzzed examples: most of them are another role's, where the answer is a refusal (401, 403)
# that must be the documented one, and fuzzing those as much as the role's own took half the run's
# time to find the same refusal again; the rest are open to every role (`/api/auth`, `/api/files`,
# `/api/payment`, and `/api/open` for the employer and the administrator), which the visitor's (and
# for `/api/open` the applicant's) run fuzzes in full.
declare -A own=(
  [anonymous]='^/api/(open|auth|payment|files|dev)/'
  [applicant]='^/api/(open|applicant|user)/'
  [employer]='^/api/(employer|user)/'
  [admin]='^/api/admin/'
)
others_examples="${SCHEMATHESIS_OTHER_EXAMPLES:-5}"
for role in anonymous applicant employer admin; do
  jar="$jars/$role"
  cookies="XSRF-TOKEN=$(cookie_of "$jar" XSRF-TOKEN)"
  for name in vakants_session vakants_pre; do
    value="$(cookie_of "$jar" "$name")"
    [ -z "$value" ] || cookies="$cookies; $name=$value"
  done
  for part in own others; do
    if [ "$part" = own ]; then
      echo "==> schemathesis as $role: its own paths (${own[$role]})"
      scope=(--include-path-regex "${own[$role]}" --phases examples,coverage,fuzzing --max-examples "$max_examples")
    else
      echo "==> schemathesis as $role: every other path, $others_examples examples each"
      scope=(--exclude-path-regex "${own[$role]}" --phases fuzzing --max-examples "$others_examples")
    fi
    # /api/user/stream is a server-sent event stream that stays open: every request to it would run
    # into the request timeout (its own tests are in api/tests/api/chats.rs).
    # run from the temporary directory: schemathesis and hypothesis leave their folders in the working
    # directory. One worker: with two, CPython 3.11.7's ast and linecache state (shared between
    # threads, used by hypothesis to describe its strategies) raced and failed a run with
    # "SystemError: AST constructor recursion depth mismatch" (fixed in later CPython releases).
    (cd "$jars" && SCHEMATHESIS_HOOKS="$hooks" "$venv/bin/schemathesis" run "$SERVER_URL/api/openapi.json" --url "$SERVER_URL" \
      --checks not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance \
      "${scope[@]}" --seed "$seed" \
      --generation-database none --workers 1 --request-timeout 20 --no-color \
      --exclude-path /api/auth/logout --exclude-path /api/user/account --exclude-path '/api/admin/represent/{username}' \
      --exclude-path /api/user/stream \
      -H "Cookie: $cookies" -H "X-XSRF-TOKEN: $(cookie_of "$jar" XSRF-TOKEN)") || status=1
  done
done
echo "==> schemathesis: $((SECONDS - started)) s for the four roles"
if [ "$status" -ne 0 ]; then
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$server_log" >&2
fi
exit "$status"

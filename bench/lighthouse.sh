#!/usr/bin/env bash
# Lighthouse figures (performance, accessibility, best practices, SEO) of the public pages, mobile and
# desktop presets, against a running `vakants serve` with demo data (`make up`, or BASE_URL).
# Lighthouse is fetched with npx on first use (not a project dependency); Debian's Chromium runs it.
# Writes one JSON report per page and preset into $OUT and prints a summary table.
set -euo pipefail
base="${BASE_URL:-http://127.0.0.1:8080}"
out="${OUT:-$(mktemp -d)}"
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
flags="--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync"
vacancy="$(curl -sf -X POST -H 'content-type: application/json' -d '{}' "$base/api/open/search?page=0&size=1" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["content"][0]["vacancyId"])')"
pages=("et/" "et/vacancies" "et/vacancies/$vacancy" "et/categories" "et/locations/0037")
mkdir -p "$out"
printf '%-8s %-52s %5s %5s %5s %5s %8s %8s\n' preset page perf a11y bp seo LCP TBT
for preset in mobile desktop; do
  for page in "${pages[@]}"; do
    name="$preset-$(echo "$page" | tr '/' '_')"
    extra=()
    [ "$preset" = desktop ] && extra=(--preset=desktop)
    npx --yes lighthouse@12 "$base/$page" "${extra[@]}" --chrome-path="$chromium" --chrome-flags="$flags" \
      --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$out/$name.json" --quiet >/dev/null 2>&1
    python3 - "$out/$name.json" "$preset" "$page" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
score = {key: round(value["score"] * 100) for key, value in report["categories"].items()}
audits = report["audits"]
print(f'{sys.argv[2]:<8} {sys.argv[3]:<52} {score["performance"]:>5} {score["accessibility"]:>5} {score["best-practices"]:>5} {score["seo"]:>5} '
      f'{audits["largest-contentful-paint"]["displayValue"]:>8} {audits["total-blocking-time"]["displayValue"]:>8}')
PY
  done
done
echo "reports: $out"

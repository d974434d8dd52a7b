#!/usr/bin/env bash
# Rewrites the README's "Contrast of the schemes" table, between its two contrast-report
# markers, with what the catalog prints now (`textfield-catalog --contrast-report --markdown`):
# run it after changing a scheme, an opacity or how FieldColors.resolve picks a colour.
# ContrastReportUITests fails while the README and the command disagree.
#   Scripts/update_contrast_readme.sh        (builds the debug catalog first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product textfield-catalog >&2
TABLE=$(mktemp)
NEW=$(mktemp)
trap 'rm -f "$TABLE" "$NEW"' EXIT
env -u DISPLAY "$(swift build --show-bin-path)/textfield-catalog" --contrast-report --markdown >"$TABLE"
grep -q '^<!-- contrast-report begin' README.md && grep -q '^<!-- contrast-report end -->' README.md || {
    echo "update_contrast_readme: README.md has no contrast-report markers" >&2; exit 1; }
awk -v table="$TABLE" '
    /^<!-- contrast-report begin/ { print; while ((getline line < table) > 0) print line; skipping = 1; next }
    /^<!-- contrast-report end -->/ { skipping = 0 }
    !skipping { print }' README.md >"$NEW"
cat "$NEW" >README.md
echo "README.md: the contrast table rewritten" >&2

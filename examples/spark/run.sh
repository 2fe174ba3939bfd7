#!/usr/bin/env bash
# The Spark example, end to end and checked: generates N messages (default 1,000,000), classifies
# them with one `smsfilter classify` run and with the Spark job (local mode, CORES executor cores),
# and checks that N messages in gave N decisions, identical line for line, in order.
# Usage: examples/spark/run.sh SMSFILTER_BINARY [N] [CORES]
# Needs Java 17 and pyspark (installed with pip when missing).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
count="${2:-1000000}"
cores="${3:-2}"
python3 -c 'import pyspark' 2>/dev/null || python3 -m pip install --quiet pyspark
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$here/generate_messages.py" "$count" >"$work/messages.jsonl"
start=$(date +%s%N)
"$binary" classify --input jsonl --output jsonl --threads 1 <"$work/messages.jsonl" >"$work/expected.jsonl"
single_ms=$(( ($(date +%s%N) - start) / 1000000 ))
python3 "$here/classify_job.py" --binary "$binary" --input "$work/messages.jsonl" --output "$work/decisions" \
  --master "local[$cores]" | tee "$work/job.json"
cat "$work/decisions"/part-* >"$work/actual.jsonl"

lines_in=$(wc -l <"$work/messages.jsonl")
lines_out=$(wc -l <"$work/actual.jsonl")
if [ "$lines_in" -ne "$count" ] || [ "$lines_out" -ne "$count" ]; then
  echo "spark example: $lines_in messages in, $lines_out decisions out (expected $count each)" >&2
  exit 1
fi
if ! cmp -s "$work/expected.jsonl" "$work/actual.jsonl"; then
  echo "spark example: the Spark decisions differ from one classify run:" >&2
  diff "$work/expected.jsonl" "$work/actual.jsonl" | head -5 >&2
  exit 1
fi
printf 'spark example: %d messages in, %d decisions out, identical to one classify run (%d ms on one thread); spark: %s\n' \
  "$lines_in" "$lines_out" "$single_ms" "$(tail -1 "$work/job.json")"

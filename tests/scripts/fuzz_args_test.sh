#!/usr/bin/env bash
# scripts/fuzz's command line (docs/fuzzing.md, "Running the fuzzer"): HARNESS and SECONDS are
# optional, also before `--` and libFuzzer's flags, and wrong ones exit 2. FUZZ_DRY_RUN=1 makes
# the script print the libFuzzer command it would run and stop, so nothing is built here.
set -uo pipefail
fuzz="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/fuzz"
failed=0

# expect_run "ARGS" PATTERN...: a dry run with ARGS prints a command matching every PATTERN.
expect_run() {
  local args="$1"
  shift
  local out
  # shellcheck disable=SC2086
  if ! out=$(FUZZ_DRY_RUN=1 bash "$fuzz" $args 2>&1); then
    echo "FAIL: scripts/fuzz $args exited $?: $out"
    failed=1
    return
  fi
  for pattern in "$@"; do
    if ! grep -q -e "$pattern" <<< "$out"; then
      echo "FAIL: scripts/fuzz $args: no '$pattern' in: $out"
      failed=1
    fi
  done
}

# expect_refused "ARGS" MESSAGE: exit 2 with MESSAGE on stderr.
expect_refused() {
  local out status
  # shellcheck disable=SC2086
  out=$(FUZZ_DRY_RUN=1 bash "$fuzz" $1 2>&1)
  status=$?
  if [[ $status -ne 2 ]] || ! grep -q -F -e "$2" <<< "$out"; then
    echo "FAIL: scripts/fuzz $1: exit $status, expected 2 and '$2': $out"
    failed=1
  fi
}

expect_run "" "/protocol_decoder_fuzz " "-max_total_time=60 "
expect_run "ws_message 300" "/ws_message_fuzz " "-max_total_time=300 "
expect_run "ws_message 300 -- -only_ascii=1" "/ws_message_fuzz " "-max_total_time=300 " \
  " -only_ascii=1$"
expect_run "ws_message -- -only_ascii=1" "/ws_message_fuzz " "-max_total_time=60 " " -only_ascii=1$"
expect_run "-- -runs=10" "/protocol_decoder_fuzz " "-max_total_time=60 " " -runs=10$"
expect_run "connection 5 --" "/connection_fuzz " "-max_total_time=5 "
expect_refused "chess" "unknown harness 'chess'"
expect_refused "ws_message 0" "SECONDS must be a whole number above 0, not '0'"
expect_refused "ws_message soon -- -runs=1" "not 'soon'"

if [[ $failed -eq 0 ]]; then echo "fuzz_args_test: every case passed"; fi
exit "$failed"

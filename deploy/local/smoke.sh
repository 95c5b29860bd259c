#!/usr/bin/env bash
# Smoke test of the local stack: ./torneo up -> status (all healthy) -> down -> no process left.
# Exit 0 when every step passed and ps shows nothing of this repository's stack; 1 otherwise.
#   deploy/local/smoke.sh            (from anywhere; builds on first use like ./torneo)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
fail=0
step() { printf '\n== %s\n' "$*"; }

# Processes of this repo's stack: the marker every started JVM carries, the .torneo paths on the
# broker's and PostgreSQL's command lines. The ps line of this very script does not match.
stack_processes() {
  ps -eo pid=,args= | grep -F -e "-Dtorneo.stack.home=$root" -e "$root/.torneo/" | grep -v -F -e "grep -F" || true
}

if [ -n "$(stack_processes)" ]; then
  echo "smoke: a stack of this repository is already running; stop it first (./torneo down)" >&2
  exit 1
fi

step "./torneo up"
start=$(date +%s)
if ! ./torneo up; then echo "smoke: up failed" >&2; fail=1; fi
echo "smoke: up took $(( $(date +%s) - start )) s"

step "./torneo up (again: must say already running)"
again=$(./torneo up 2>&1) || fail=1
echo "$again"
case "$again" in *"already running"*) ;; *) echo "smoke: second up did not report 'already running'" >&2; fail=1;; esac

step "./torneo status"
if ! ./torneo status; then echo "smoke: not all healthy" >&2; fail=1; fi

step "./torneo down"
if ! ./torneo down; then echo "smoke: down failed" >&2; fail=1; fi

step "leftover processes"
sleep 1
left=$(stack_processes)
if [ -n "$left" ]; then
  echo "smoke: processes left after down:" >&2
  echo "$left" >&2
  fail=1
else
  echo "none"
fi

if [ "$fail" -ne 0 ]; then echo; echo "smoke: FAILED" >&2; exit 1; fi
echo; echo "smoke: OK"

#!/usr/bin/env bash
# What the bench needs of a fresh machine, from Debian's packages as .ci/run installs its own (issue 30: a budget
# measured on one machine only is not held): Chromium for the page rows, nginx for the two copies behind a proxy.
# Without root or apt-get it says what is missing and the bench reports those rows as not run.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "bench: installing ${missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "bench: ${missing[*]} missing and not installable here (needs root and apt-get); their rows will say not run"
fi

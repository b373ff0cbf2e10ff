#!/usr/bin/env bash
# Builds an installable bundle for an air-gapped host: haltkey with every runtime dependency
# (including the prebuilt native bindings for LevelDB and node-hid) in one tarball, made on a
# connected machine of the same platform. On the air-gapped host:
#   sudo tar -xzf haltkey-<version>-linux-x64.tar.gz -C /opt && sudo ln -s /opt/haltkey/bin/haltkey /usr/local/bin/haltkey
# Needs Node >= 20 there; nothing is fetched at install or run time.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$PWD}"
version=$(node -p 'require("./package.json").version')
platform="$(node -p 'process.platform')-$(node -p 'process.arch')"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# npm pack builds first (prepack). HALTKEY_PACK_BUILT=1 packs dist/ as it is: the test suite sets it,
# because its own build is the one under test and other tests run from dist/ while this one packs.
if [ "${HALTKEY_PACK_BUILT:-}" = "1" ]; then
  [ -x dist/src/cli/main.js ] || { echo "HALTKEY_PACK_BUILT=1 but dist/ is not built: run npm run build" >&2; exit 1; }
  tarball=$(npm pack --silent --ignore-scripts --pack-destination "$stage" | tail -1)
else
  tarball=$(npm pack --silent --pack-destination "$stage" | tail -1)
fi
# A global-style install into a private prefix: bin/haltkey and lib/node_modules/haltkey with
# its own node_modules, and nothing else.
npm install --global --prefix "$stage/haltkey" --omit=dev --no-audit --no-fund "$stage/$tarball" >&2
"$stage/haltkey/bin/haltkey" --version >/dev/null
tar -czf "$out/haltkey-$version-$platform.tar.gz" -C "$stage" haltkey
echo "$out/haltkey-$version-$platform.tar.gz"

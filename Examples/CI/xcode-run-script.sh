# Xcode: target › Build Phases › + › New Run Script Phase (shell /bin/sh). Xcode lists the findings
# (file:line:column: error: …) in the Issue navigator and stops the build on errors.
export PATH="/opt/homebrew/bin:/usr/local/bin:$PATH"
if command -v sharelint > /dev/null; then
  sharelint lint --no-progress -D PRODUCT_BUNDLE_IDENTIFIER="$PRODUCT_BUNDLE_IDENTIFIER" "$SRCROOT"
else
  echo "warning: sharelint is not installed; see https://github.com/sharelint/sharelint#install"
fi

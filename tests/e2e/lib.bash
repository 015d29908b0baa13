# Shared helpers of the end-to-end scripts (sourced, not a test): the cairn binary, field extraction.
: "${CAIRN:?CAIRN must name the cairn executable}"
: "${CAIRN_SOURCE_DIR:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${CAIRN_SHARED_DIR:=$CAIRN_SOURCE_DIR/../shared}"
unset NO_COLOR CAIRN_FORMAT

# The first (top-level) value of a string or integer field in one compact JSON record.
json_str() { grep -o "\"$1\":\"[^\"]*\"" | head -1 | sed -E "s/^\"$1\":\"(.*)\"$/\\1/"; }
json_int() { grep -o "\"$1\":[0-9-]*" | head -1 | sed -E "s/^\"$1\"://"; }

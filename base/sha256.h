// SHA-256 (FIPS 180-4) of bytes, as lowercase hex: the hashes of sources, emitted C++, artifacts and receipts.
#pragma once
#include <string>
#include <string_view>

namespace cairn {

std::string sha256_hex(std::string_view bytes);

}  // namespace cairn

// Helpers of the body checker's tests: check a program given as text, report its first refusal.
#pragma once
#include <string>

namespace cairn::test {

// "E-CODE LINE" of the program's first refusal, or "ok" when it is accepted.
std::string first_refusal(const std::string& text);
// The message of the first refusal ("" when accepted).
std::string first_message(const std::string& text);

}  // namespace cairn::test

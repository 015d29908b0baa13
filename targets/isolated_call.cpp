// One embedded call in a forked child; the outcome is written as bytes on a pipe and decoded here.
#include "targets/isolated_call.h"

#include <unistd.h>

#include <cstring>
#include <sstream>

namespace cairn::targets {

namespace {

void put_u64(std::string& s, uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
bool get_u64(const std::string& s, size_t& at, uint64_t& v) {
  if (at + 8 > s.size()) return false;
  v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<unsigned char>(s[at + i])} << (8 * i);
  at += 8;
  return true;
}

constexpr uint64_t kMagic = 0x43414952'4e4f5554ull;  // "CAIRNOUT"

}  // namespace

std::string timed_out_text(double timeout_s) {
  std::ostringstream s;
  s << "timed out after " << timeout_s << " s";
  return s.str();
}

std::string encode_outcome(const sem::CallOutcome& o) {
  std::string s;
  put_u64(s, kMagic);
  put_u64(s, o.defined ? 1 : 0);
  put_u64(s, o.ret ? 1 : 0);
  put_u64(s, o.ret.value_or(0));
  put_u64(s, static_cast<uint64_t>(o.trap));
  put_u64(s, o.trap_pos.file);
  put_u64(s, o.trap_pos.line);
  put_u64(s, o.trap_pos.col);
  put_u64(s, o.written.size());
  for (const auto& w : o.written) {
    put_u64(s, w.size());
    for (uint64_t e : w) put_u64(s, e);
  }
  put_u64(s, kMagic);
  return s;
}

bool decode_outcome(const std::string& bytes, sem::CallOutcome& o) {
  size_t at = 0;
  uint64_t magic = 0, defined = 0, has_ret = 0, ret = 0, trap = 0, file = 0, line = 0, col = 0, n = 0;
  if (!get_u64(bytes, at, magic) || magic != kMagic) return false;
  if (!get_u64(bytes, at, defined) || !get_u64(bytes, at, has_ret) || !get_u64(bytes, at, ret) ||
      !get_u64(bytes, at, trap) || !get_u64(bytes, at, file) || !get_u64(bytes, at, line) ||
      !get_u64(bytes, at, col) || !get_u64(bytes, at, n))
    return false;
  if (n > bytes.size() / 8 || trap > 255) return false;
  o = sem::CallOutcome{};
  o.defined = defined != 0;
  if (has_ret) o.ret = ret;
  o.trap = static_cast<check::TrapKind>(trap);
  o.trap_pos.file = static_cast<uint32_t>(file);
  o.trap_pos.line = static_cast<uint32_t>(line);
  o.trap_pos.col = static_cast<uint32_t>(col);
  o.written.resize(n);
  for (auto& w : o.written) {
    uint64_t len = 0;
    if (!get_u64(bytes, at, len) || len > (bytes.size() - at) / 8) return false;
    w.resize(len);
    for (auto& e : w)
      if (!get_u64(bytes, at, e)) return false;
  }
  return get_u64(bytes, at, magic) && magic == kMagic && at == bytes.size();
}

IsolatedOutcome isolated_call(sem::Engine& engine, const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                              const sem::Limits& limits, double timeout_s, uint64_t address_space_extra) {
  ProcessOptions opts;
  opts.timeout_s = timeout_s;
  opts.address_space_extra = address_space_extra;
  opts.capture = true;
  opts.capture_limit = 0;  // the call's output is ignored (language.md §14.6)
  opts.channels = 1;
  opts.null_stdin = true;
  ProcessResult pr = run_process(
      [&](std::span<const int> ch) {
        sem::CallOutcome o = engine.call(fn, args, limits);
        std::string bytes = encode_outcome(o);
        size_t off = 0;
        while (off < bytes.size()) {
          ssize_t n = write(ch[0], bytes.data() + off, bytes.size() - off);
          if (n <= 0) return 71;
          off += static_cast<size_t>(n);
        }
        return 0;
      },
      opts);
  IsolatedOutcome r;
  r.seconds = pr.seconds;
  if (!pr.started) {
    r.detail = pr.error;
    return r;
  }
  if (pr.timed_out) {
    r.end = IsolatedOutcome::End::TimedOut;
    r.detail = timed_out_text(timeout_s);
    return r;
  }
  if (pr.signal) {
    r.detail = "stopped by " + signal_name(pr.signal);
    return r;
  }
  if (pr.exit_code != 0 || !decode_outcome(pr.channels[0], r.outcome)) {
    r.detail = "ended with status " + std::to_string(pr.exit_code) + " without an outcome";
    return r;
  }
  r.end = IsolatedOutcome::End::Returned;
  return r;
}

}  // namespace cairn::targets

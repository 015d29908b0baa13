// Myers' greedy shortest edit script over lines, then hunks with three lines of context.
#include "front/fmt/unified_diff.h"

#include <unordered_map>
#include <vector>

namespace cairn::fmt {

namespace {

constexpr int kContext = 3;
constexpr long kMaxEdits = 1000;  // beyond this many inserted plus deleted lines, one hunk of the middle

struct Lines {
  std::vector<std::string_view> text;
  bool final_newline = true;
};

Lines split(std::string_view s) {
  Lines l;
  size_t at = 0;
  while (at < s.size()) {
    size_t nl = s.find('\n', at);
    if (nl == std::string_view::npos) {
      l.text.push_back(s.substr(at));
      l.final_newline = false;
      break;
    }
    l.text.push_back(s.substr(at, nl - at));
    at = nl + 1;
  }
  return l;
}

enum class Op : char { Keep = ' ', Del = '-', Add = '+' };

// The edit script of a[lo_a, hi_a) into b[lo_b, hi_b): Myers when it is small, else delete all then add all.
void middle_script(const Lines& a, const Lines& b, long n0, long n, long m0, long m, std::vector<Op>& ops) {
  long N = n - n0, M = m - m0, max = N + M;
  // lines as numbers, so that the search compares integers; a line of a with no equal in b gets -1
  std::unordered_map<std::string_view, long> ids;
  std::vector<long> ib(static_cast<size_t>(M)), ia(static_cast<size_t>(N));
  for (long j = 0; j < M; ++j) ib[j] = ids.emplace(b.text[m0 + j], static_cast<long>(ids.size())).first->second;
  bool common = false;
  for (long i = 0; i < N; ++i) {
    auto it = ids.find(a.text[n0 + i]);
    ia[i] = it == ids.end() ? -1 : it->second;
    common = common || ia[i] >= 0;
  }
  // a last line without its newline differs from the same text with one
  bool a_open = !a.final_newline && n == static_cast<long>(a.text.size()) && N > 0;
  bool b_open = !b.final_newline && m == static_cast<long>(b.text.size()) && M > 0;
  if (a_open || b_open) {
    bool same = a_open && b_open && a.text[n - 1] == b.text[m - 1];
    if (a_open) ia[N - 1] = same ? -2 : -3;
    if (b_open) ib[M - 1] = -2;
  }
  if (!common) max = 0;  // no line in common: the edit is all of it (below), found without a search
  long bound = max < kMaxEdits ? max : kMaxEdits;
  std::vector<std::vector<long>> trace;  // trace[d]: the furthest x of diagonals -d..d after d edits
  std::vector<long> v(2 * static_cast<size_t>(bound) + 3, 0);
  long off = bound + 1, found = -1;
  for (long d = 0; d <= bound && found < 0; ++d) {
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
      long y = x - k;
      while (x < N && y < M && ia[x] == ib[y]) ++x, ++y;
      v[off + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
    trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
  }
  std::vector<Op> rev;
  if (found < 0) {
    for (long i = 0; i < M; ++i) rev.push_back(Op::Add);
    for (long i = 0; i < N; ++i) rev.push_back(Op::Del);
  } else {
    long x = N, y = M;
    for (long d = found; d > 0; --d) {
      const std::vector<long>& pv = trace[d - 1];  // index k + (d - 1)
      long k = x - y, po = d - 1;
      long pk = (k == -d || (k != d && pv[po + k - 1] < pv[po + k + 1])) ? k + 1 : k - 1;
      long px = pv[po + pk], py = px - pk;
      while (x > px && y > py) rev.push_back(Op::Keep), --x, --y;
      rev.push_back(x == px ? Op::Add : Op::Del);
      x = px, y = py;
    }
    while (x > 0 && y > 0) rev.push_back(Op::Keep), --x, --y;
  }
  ops.insert(ops.end(), rev.rbegin(), rev.rend());
}

std::string range(long start, long count) {
  return std::to_string(count == 0 ? start : start + 1) + "," + std::to_string(count);
}

// The end of the hunk whose first change is ops[i]: past its last change closer than 2 * kContext lines to the
// one before, plus kContext lines of context.
size_t hunk_end(const std::vector<Op>& ops, size_t i) {
  size_t end = i;
  for (size_t j = i; j < ops.size();) {
    if (ops[j] != Op::Keep) {
      end = ++j;
      continue;
    }
    size_t run = j;
    while (run < ops.size() && ops[run] == Op::Keep) ++run;
    if (run == ops.size() || static_cast<long>(run - j) > 2 * kContext) break;
    j = run;
  }
  for (long c = 0; c < kContext && end < ops.size() && ops[end] == Op::Keep; ++c) ++end;
  return end;
}

// ops[start, stop) as one hunk, a's lines from x and b's from y; x and y end past it.
void write_hunk(std::string& out, const Lines& a, const Lines& b, const std::vector<Op>& ops, size_t start,
                size_t stop, long& x, long& y) {
  long ac = 0, bc = 0;
  for (size_t j = start; j < stop; ++j) {
    if (ops[j] != Op::Add) ++ac;
    if (ops[j] != Op::Del) ++bc;
  }
  out += "@@ -" + range(x, ac) + " +" + range(y, bc) + " @@\n";
  long n = static_cast<long>(a.text.size()), m = static_cast<long>(b.text.size());
  for (size_t j = start; j < stop; ++j) {
    out += static_cast<char>(ops[j]);
    out += ops[j] == Op::Add ? b.text[y] : a.text[x];
    out += '\n';
    bool open_a = ops[j] != Op::Add && x == n - 1 && !a.final_newline;
    bool open_b = ops[j] != Op::Del && y == m - 1 && !b.final_newline;
    if (open_a || open_b) out += "\\ No newline at end of file\n";
    if (ops[j] != Op::Add) ++x;
    if (ops[j] != Op::Del) ++y;
  }
}

}  // namespace

std::string unified_diff(const std::string& name, std::string_view before, std::string_view after) {
  if (before == after) return "";
  Lines a = split(before), b = split(after);
  long n = static_cast<long>(a.text.size()), m = static_cast<long>(b.text.size());
  auto same = [&](long i, long j) {
    return a.text[i] == b.text[j] && (i == n - 1 && !a.final_newline) == (j == m - 1 && !b.final_newline);
  };
  long pre = 0, suf = 0;
  while (pre < n && pre < m && same(pre, pre)) ++pre;
  while (suf < n - pre && suf < m - pre && same(n - 1 - suf, m - 1 - suf)) ++suf;
  std::vector<Op> ops(static_cast<size_t>(pre), Op::Keep);
  middle_script(a, b, pre, n - suf, pre, m - suf, ops);
  ops.insert(ops.end(), static_cast<size_t>(suf), Op::Keep);

  std::string out = "--- " + name + "\n+++ " + name + " (formatted)\n";
  size_t i = 0;
  long x = 0, y = 0;  // a's and b's line at ops[i]
  while (i < ops.size()) {
    while (i < ops.size() && ops[i] == Op::Keep) ++i, ++x, ++y;
    if (i == ops.size()) break;
    size_t start = i;
    while (start > 0 && i - start < static_cast<size_t>(kContext) && ops[start - 1] == Op::Keep) --start, --x, --y;
    size_t stop = hunk_end(ops, i);
    write_hunk(out, a, b, ops, start, stop, x, y);
    i = stop;
  }
  return out;
}

}  // namespace cairn::fmt

// A C++17 program that calls the stats library through stats.h alone (tests/e2e/header_cmd.py). With no argument
// it checks every entry and prints "ok"; with one it makes the call a foreign caller gets wrong, which the entry
// must abort: overlap (an rw view overlapping a read view), misaligned (a view pointer off its element's
// alignment), null (a null view that is not empty), null-borrow, bad-tag (an enum tag naming no variant),
// bad-bool (a record's bool holding 2), bad-view-tag (a payload sum in a view naming no variant), bad-borrow-tag
// (the same through a single borrow).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "stats.h"

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL %s\n", what);
    ++failures;
  }
}

int check_all() {
  int64_t samples[6] = {4, 8, 15, 16, 23, 42};
  ct_Summary s = cf_summarize(6, samples);
  expect(s.count == 6 && s.total == 108 && s.min == 4 && s.max == 42, "summarize");
  ct_Summary empty = cf_summarize(0, nullptr);  // a null view is fine when it is empty
  expect(empty.count == 0 && empty.total == 0, "summarize of nothing");
  expect(cf_add(40, 2) == 42, "add");
  expect(cf_halve(7, ct_Rounding_Down) == 3 && cf_halve(7, ct_Rounding_Up) == 4, "halve");
  ct_Range r = cf_range_of(-2, 5);
  expect(r.lo == -2 && r.hi == 5 && !r.empty, "range_of");
  expect(cf_range_width(r) == 8 && cf_range_width(cf_range_of(3, 1)) == 0, "range_width");
  // A payload sum is the tag and one union of the payloads (language spec §3.9): 16 bytes, every payload at 8.
  static_assert(sizeof(ct_Reading) == 16 && offsetof(ct_Reading, payload) == 8, "the layout of a payload sum");
  ct_Reading d = cf_parse_digit('7', 0);
  expect(d.tag == ct_Reading_Number && d.payload.Number == 7, "parse_digit number");
  ct_Reading bad = cf_parse_digit('x', 5);
  expect(bad.tag == ct_Reading_BadDigit && bad.payload.BadDigit == 5, "parse_digit bad");
  expect(cf_parse_digit(' ', 1).tag == ct_Reading_Blank, "parse_digit blank");
  expect(cf_reading_value(d) == 7 && cf_reading_value(bad) == 1005, "reading_value");
  ct_Reading made[3];
  std::memset(made, 0xAB, sizeof made);  // whatever bytes the C side leaves in the union
  made[0].tag = ct_Reading_Number;
  made[0].payload.Number = 41;
  made[1].tag = ct_Reading_BadDigit;
  made[1].payload.BadDigit = 9;
  made[2].tag = ct_Reading_Blank;
  expect(cf_reading_value(made[0]) == 41 && cf_reading_value(made[1]) == 1009 && cf_reading_value(made[2]) == 0,
         "reading_value of readings made in C");
  expect(cf_count_numbers(3, made) == 1 && cf_count_numbers(0, nullptr) == 0, "count_numbers");
  cf_advance(&made[0]);
  cf_advance(&made[1]);
  cf_advance(&made[2]);
  expect(made[0].tag == ct_Reading_Number && made[0].payload.Number == 42, "advance a number");
  expect(made[1].tag == ct_Reading_BadDigit && made[1].payload.BadDigit == 10, "advance a bad digit");
  expect(made[2].tag == ct_Reading_Blank, "advance blank");
  cf_clear_bad(3, made);
  expect(made[0].tag == ct_Reading_Number && made[0].payload.Number == 42 && made[1].tag == ct_Reading_Blank &&
             made[2].tag == ct_Reading_Blank, "clear_bad");
  ct_Sample sample = cf_sample_of('3', 20);
  expect(sample.at == 20 && sample.reading.tag == ct_Reading_Number && sample.reading.payload.Number == 3, "sample_of");
  ct_Sample blank = cf_sample_of(' ', 4);
  expect(blank.reading.tag == ct_Reading_Blank && cf_sample_score(sample) == 23 && cf_sample_score(blank) == 4,
         "sample_score");
  int64_t out[6] = {};
  cf_scale_into(6, samples, out, 3);
  expect(out[0] == 12 && out[5] == 126, "scale_into");
  uint32_t words[4] = {1, 2, 3, 4};
  expect(cf_sum4(words) == 10, "sum4");
  uint64_t calls = 41;
  cf_bump(&calls);
  expect(calls == 42, "bump");
  expect(cf_triple_plus_one(5) == 16, "triple_plus_one");
  // A library exports every function of its sources (language spec §14.4): private ones, implementations and
  // template instances too.
  expect(cf_helper(4) == 5 && cf_times_3(7) == 21 && cf_add_swapped(40, 2) == 42, "helper, times[3], add_swapped");
  if (failures == 0) std::printf("ok\n");
  return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return check_all();
  static int64_t buffer[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  if (std::strcmp(argv[1], "overlap") == 0) {
    cf_scale_into(4, buffer, buffer + 2, 2);  // out overlaps xs
  } else if (std::strcmp(argv[1], "misaligned") == 0) {
    auto* off = reinterpret_cast<const int64_t*>(reinterpret_cast<uintptr_t>(buffer) + 1);
    cf_summarize(2, off);
  } else if (std::strcmp(argv[1], "null") == 0) {
    cf_summarize(3, nullptr);
  } else if (std::strcmp(argv[1], "null-borrow") == 0) {
    cf_bump(nullptr);
  } else if (std::strcmp(argv[1], "bad-tag") == 0) {
    cf_halve(7, 9);
  } else if (std::strcmp(argv[1], "bad-bool") == 0) {
    ct_Range r = cf_range_of(1, 3);
    const unsigned char two = 2;
    std::memcpy(&r.empty, &two, 1);  // a byte no C bool holds, as raw memory from outside might
    cf_range_width(r);
  } else if (std::strcmp(argv[1], "bad-view-tag") == 0) {
    ct_Reading rs[2] = {cf_parse_digit('1', 0), cf_parse_digit('2', 1)};
    rs[1].tag = 7;
    cf_count_numbers(2, rs);
  } else if (std::strcmp(argv[1], "bad-borrow-tag") == 0) {
    ct_Reading r = cf_parse_digit('1', 0);
    r.tag = 3;
    cf_advance(&r);
  } else if (std::strcmp(argv[1], "overflow") == 0) {
    cf_add(INT64_MAX, 1);  // a guard of the body, for comparison
  } else {
    return 2;
  }
  std::printf("returned\n");
  return 0;
}

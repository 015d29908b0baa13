/* stats.h: the C interface of libstats.so, written by `cairn build --kind library --header`
 * from the checked CAIRN project stats. Do not edit it: build the library again.
 * Each cf_ entry checks what a caller could get wrong (a view that is null but not empty, misaligned or
 * past the address space; a written view overlapping another; a tag naming no variant; a bool byte
 * other than 0 or 1) and aborts as a failed guard does. It cannot check that a pointer reaches live
 * storage of the stated length.
 * Usable from C11 and C++17.
 */
#ifndef CAIRN_HEADER_STATS_H
#define CAIRN_HEADER_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef CAIRN_STATIC_ASSERT
#ifdef __cplusplus
#define CAIRN_STATIC_ASSERT(c, m) static_assert(c, m)
#define CAIRN_ALIGNOF(t) alignof(t)
#else
#define CAIRN_STATIC_ASSERT(c, m) _Static_assert(c, m)
#define CAIRN_ALIGNOF(t) _Alignof(t)
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

CAIRN_STATIC_ASSERT(sizeof(size_t) == 8 && sizeof(void *) == 8, "stats.h needs a 64-bit target");
CAIRN_STATIC_ASSERT(sizeof(bool) == 1, "stats.h: bool is one byte");
CAIRN_STATIC_ASSERT(sizeof(float) == 4 && sizeof(double) == 8, "stats.h: IEEE binary32 and binary64");

/* The interface hash: only the libstats.so built with this header defines cairn_stats_iface_1fb452d1fa370bba,
 * so a program built against another version of the interface fails to link. */
extern const char cairn_stats_iface_1fb452d1fa370bba;
__attribute__((constructor, used)) static void cairn_stats_iface(void) {
  const volatile char *iface = &cairn_stats_iface_1fb452d1fa370bba;
  (void)*iface;
}

/*
 * What one pass over the samples found.
 * CAIRN: record Summary.
 */
typedef struct ct_Summary {
  size_t count;
  int64_t total;
  int64_t min;
  int64_t max;
} ct_Summary;
CAIRN_STATIC_ASSERT(sizeof(ct_Summary) == 32, "ct_Summary: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Summary) == 8, "ct_Summary: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Summary, count) == 0, "ct_Summary.count: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Summary, total) == 8, "ct_Summary.total: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Summary, min) == 16, "ct_Summary.min: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Summary, max) == 24, "ct_Summary.max: offset");

/*
 * Which way halving rounds.
 * CAIRN: enum Rounding of tags alone.
 */
typedef uint32_t ct_Rounding;
enum {
  ct_Rounding_Down = 0,
  ct_Rounding_Up = 1,
};
CAIRN_STATIC_ASSERT(sizeof(ct_Rounding) == 4, "ct_Rounding: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Rounding) == 4, "ct_Rounding: alignment");

/*
 * A closed interval and whether it holds anything.
 * CAIRN: record Range.
 */
typedef struct ct_Range {
  int32_t lo;
  int32_t hi;
  bool empty;
} ct_Range;
CAIRN_STATIC_ASSERT(sizeof(ct_Range) == 12, "ct_Range: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Range) == 4, "ct_Range: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Range, lo) == 0, "ct_Range.lo: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Range, hi) == 4, "ct_Range.hi: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Range, empty) == 8, "ct_Range.empty: offset");

/*
 * A parsed digit: its value, the position of a bad byte, or nothing at all.
 * CAIRN: sum Reading: tag names the variant; the member named after it holds its payload.
 */
typedef struct ct_Reading {
  uint32_t tag;
  uint64_t Number;
  size_t BadDigit;
} ct_Reading;
enum {
  ct_Reading_Number = 0,
  ct_Reading_BadDigit = 1,
  ct_Reading_Blank = 2,
};
CAIRN_STATIC_ASSERT(sizeof(ct_Reading) == 24, "ct_Reading: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Reading) == 8, "ct_Reading: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, tag) == 0, "ct_Reading.tag: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, Number) == 8, "ct_Reading.Number: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, BadDigit) == 16, "ct_Reading.BadDigit: offset");

/*
 * One pass over the samples. The total is checked: a sum past i64 aborts rather than wrap.
 * CAIRN: fn summarize(n:usize, xs:ro<i64>[n]) -> Summary
 * xs: n elements, read; null only when empty.
 * Effects: read:xs, trap.
 */
ct_Summary cf_summarize(size_t n, const int64_t *xs);

/*
 * The sum of two numbers; it aborts on overflow.
 * CAIRN: fn add(a:i64, b:i64) -> i64
 * Effects: trap.
 */
int64_t cf_add(int64_t a, int64_t b);

/*
 * Half of x, rounded as asked.
 * CAIRN: fn halve(x:u32, how:Rounding) -> u32
 * Effects: trap.
 */
uint32_t cf_halve(uint32_t x, ct_Rounding how);

/*
 * The range from lo to hi.
 * CAIRN: fn range_of(lo:i32, hi:i32) -> Range
 * Effects: none (pure).
 */
ct_Range cf_range_of(int32_t lo, int32_t hi);

/*
 * How many values the range holds.
 * CAIRN: fn range_width(r:Range) -> u64
 * Effects: trap.
 */
uint64_t cf_range_width(ct_Range r);

/*
 * The reading of one byte at position at.
 * CAIRN: fn parse_digit(c:u8, at:usize) -> Reading
 * Effects: trap.
 */
ct_Reading cf_parse_digit(uint8_t c, size_t at);

/*
 * The value a reading holds, or 0.
 * CAIRN: fn reading_value(r:Reading) -> u64
 * Effects: trap.
 */
uint64_t cf_reading_value(ct_Reading r);

/*
 * out[i] = xs[i] * k for every i; out must not overlap xs.
 * CAIRN: fn scale_into(n:usize, xs:ro<i64>[n], out:rw<i64>[n], k:i64)
 * xs: n elements, read; null only when empty.
 * out: n elements, read and written; null only when empty.
 * Effects: read:xs, trap, write:out.
 */
void cf_scale_into(size_t n, const int64_t *xs, int64_t *out, int64_t k);

/*
 * The sum of exactly four words.
 * CAIRN: fn sum4(xs:ro<u32>[4]) -> u32
 * xs: 4 elements, read; null only when empty.
 * Effects: read:xs, trap.
 */
uint32_t cf_sum4(const uint32_t *xs);

/*
 * Counts one more call in c.
 * CAIRN: fn bump(c:rw<u64>)
 * c: one u64, read and written; never null.
 * Effects: read:c, trap, write:c.
 */
void cf_bump(uint64_t *c);

/*
 * Uses the private helper and the template's instance.
 * CAIRN: fn triple_plus_one(x:u64) -> u64
 * Effects: trap.
 */
uint64_t cf_triple_plus_one(uint64_t x);

#ifdef __cplusplus
}
#endif

/* What cannot cross into C. Owners (Buf), linear values, function values, arrays by value and
 * records or sums holding them have no C form; templates have instances, not one symbol.
 * Private functions, tests, implementations and main are not part of the interface.
 * Left out:
 *   fn largest(b:Buf[i64]) -> i64: its parameter b is an owner (Buf[i64]), whose storage only CAIRN may release.
 *   fn redeem(t:Token) -> u64: its parameter t is a linear value (Token), which must be consumed exactly once.
 *   fn apply(f:fn(i64) -> i64, x:i64) -> i64: its parameter f is a function value (fn(i64) -> i64).
 *   fn first(a:Array[i64, 4]) -> i64: its parameter a is an array by value (Array[i64, 4]); take a view instead.
 *   fn times[K:nat]: a template: each instance is its own function.
 */

#endif

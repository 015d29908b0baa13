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

/* The interface hash: only the libstats.so built with this header defines cairn_stats_iface_f50d73adf823d0d0,
 * so a program built against another version of the interface fails to link. */
extern const char cairn_stats_iface_f50d73adf823d0d0;
__attribute__((constructor, used)) static void cairn_stats_iface(void) {
  const volatile char *iface = &cairn_stats_iface_f50d73adf823d0d0;
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
 * CAIRN: sum Reading: tag names the variant, payload.NAME holds variant NAME's payload.
 */
typedef struct ct_Reading {
  uint32_t tag;
  union {
    uint64_t Number;
    size_t BadDigit;
  } payload;
} ct_Reading;
enum {
  ct_Reading_Number = 0,
  ct_Reading_BadDigit = 1,
  ct_Reading_Blank = 2,
};
CAIRN_STATIC_ASSERT(sizeof(ct_Reading) == 16, "ct_Reading: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Reading) == 8, "ct_Reading: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, tag) == 0, "ct_Reading.tag: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, payload.Number) == 8, "ct_Reading.payload.Number: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Reading, payload.BadDigit) == 8, "ct_Reading.payload.BadDigit: offset");

/*
 * A reading and where it was taken: a record holding a payload sum.
 * CAIRN: record Sample.
 */
typedef struct ct_Sample {
  uint32_t at;
  ct_Reading reading;
} ct_Sample;
CAIRN_STATIC_ASSERT(sizeof(ct_Sample) == 24, "ct_Sample: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Sample) == 8, "ct_Sample: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Sample, at) == 0, "ct_Sample.at: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Sample, reading) == 8, "ct_Sample.reading: offset");

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
 * x times K (a template: the library exports its instances, times[3] here).
 * CAIRN: fn times[3](x:u64) -> u64
 * Effects: trap.
 */
uint64_t cf_times_3(uint64_t x);

/*
 * Private, and exported all the same: a library exports every function of its sources.
 * CAIRN: fn helper(x:u64) -> u64
 * Effects: trap.
 */
uint64_t cf_helper(uint64_t x);

/*
 * The sum of two numbers in another order: an implementation, exported like any other function.
 * CAIRN: fn add_swapped(a:i64, b:i64) -> i64
 * Effects: trap.
 */
int64_t cf_add_swapped(int64_t a, int64_t b);

/*
 * The sample of byte c at position at.
 * CAIRN: fn sample_of(c:u8, at:u32) -> Sample
 * Effects: trap.
 */
ct_Sample cf_sample_of(uint8_t c, uint32_t at);

/*
 * Where the sample was taken, plus the value it holds.
 * CAIRN: fn sample_score(s:Sample) -> u64
 * Effects: trap.
 */
uint64_t cf_sample_score(ct_Sample s);

/*
 * How many readings hold a number (payload sums read through a view).
 * CAIRN: fn count_numbers(n:usize, rs:ro<Reading>[n]) -> usize
 * rs: n elements, read; null only when empty.
 * Effects: read:rs, trap.
 */
size_t cf_count_numbers(size_t n, const ct_Reading *rs);

/*
 * Every bad digit becomes blank (payload sums written through a view).
 * CAIRN: fn clear_bad(n:usize, rs:rw<Reading>[n])
 * rs: n elements, read and written; null only when empty.
 * Effects: read:rs, trap, write:rs.
 */
void cf_clear_bad(size_t n, ct_Reading *rs);

/*
 * A number one larger, a bad digit one position on (a payload sum written through a borrow).
 * CAIRN: fn advance(r:rw<Reading>)
 * r: one Reading, read and written; never null.
 * Effects: read:r, trap, write:r.
 */
void cf_advance(ct_Reading *r);

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
 * records or sums holding them have no C form; a template crosses as its instances.
 * Tests and main are not part of the interface.
 * Left out:
 *   fn largest(b:Buf[i64]) -> i64: its parameter b is an owner (Buf[i64]), whose storage only CAIRN may release.
 *   fn redeem(t:Token) -> u64: its parameter t is a linear value (Token), which must be consumed exactly once.
 *   fn apply(f:fn(i64) -> i64, x:i64) -> i64: its parameter f is a function value (fn(i64) -> i64).
 *   fn first(a:Array[i64, 4]) -> i64: its parameter a is an array by value (Array[i64, 4]); take a view instead.
 */

#endif

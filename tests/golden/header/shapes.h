/* shapes.h: the C interface of libshapes.so, written by `cairn build --kind library --header`
 * from the checked CAIRN project shapes. Do not edit it: build the library again.
 * Each cf_ entry checks what a caller could get wrong (a view that is null but not empty, misaligned or
 * past the address space; a written view overlapping another; a tag naming no variant; a bool byte
 * other than 0 or 1) and aborts as a failed guard does. It cannot check that a pointer reaches live
 * storage of the stated length.
 * Usable from C11 and C++17.
 */
#ifndef CAIRN_HEADER_SHAPES_H
#define CAIRN_HEADER_SHAPES_H

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

CAIRN_STATIC_ASSERT(sizeof(size_t) == 8 && sizeof(void *) == 8, "shapes.h needs a 64-bit target");
CAIRN_STATIC_ASSERT(sizeof(bool) == 1, "shapes.h: bool is one byte");
CAIRN_STATIC_ASSERT(sizeof(float) == 4 && sizeof(double) == 8, "shapes.h: IEEE binary32 and binary64");

/* The interface hash: only the libshapes.so built with this header defines cairn_shapes_iface_17b1f9c043d1c348,
 * so a program built against another version of the interface fails to link. */
extern const char cairn_shapes_iface_17b1f9c043d1c348;
__attribute__((constructor, used)) static void cairn_shapes_iface(void) {
  const volatile char *iface = &cairn_shapes_iface_17b1f9c043d1c348;
  (void)*iface;
}

/*
 * A point of the plane.
 * CAIRN: record geo.Point.
 */
typedef struct ct_geo_Point {
  int64_t x;
  int64_t y;
} ct_geo_Point;
CAIRN_STATIC_ASSERT(sizeof(ct_geo_Point) == 16, "ct_geo_Point: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_geo_Point) == 8, "ct_geo_Point: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_geo_Point, x) == 0, "ct_geo_Point.x: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_geo_Point, y) == 8, "ct_geo_Point.y: offset");

/*
 * An axis-aligned box.
 * CAIRN: record geo.Box.
 */
typedef struct ct_geo_Box {
  ct_geo_Point lo;
  ct_geo_Point hi;
} ct_geo_Box;
CAIRN_STATIC_ASSERT(sizeof(ct_geo_Box) == 32, "ct_geo_Box: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_geo_Box) == 8, "ct_geo_Box: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_geo_Box, lo) == 0, "ct_geo_Box.lo: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_geo_Box, hi) == 16, "ct_geo_Box.hi: offset");

/*
 * A side of a box.
 * CAIRN: enum geo.Side of tags alone.
 */
typedef uint32_t ct_geo_Side;
enum {
  ct_geo_Side_Left = 0,
  ct_geo_Side_Right = 1,
  ct_geo_Side_Top = 2,
  ct_geo_Side_Bottom = 3,
};
CAIRN_STATIC_ASSERT(sizeof(ct_geo_Side) == 4, "ct_geo_Side: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_geo_Side) == 4, "ct_geo_Side: alignment");

/*
 * CAIRN: sum Option[usize]: tag names the variant, payload.NAME holds variant NAME's payload.
 */
typedef struct ct_Option_usize {
  uint32_t tag;
  union {
    size_t Some;
  } payload;
} ct_Option_usize;
enum {
  ct_Option_usize_Some = 0,
  ct_Option_usize_None = 1,
};
CAIRN_STATIC_ASSERT(sizeof(ct_Option_usize) == 16, "ct_Option_usize: size");
CAIRN_STATIC_ASSERT(CAIRN_ALIGNOF(ct_Option_usize) == 8, "ct_Option_usize: alignment");
CAIRN_STATIC_ASSERT(offsetof(ct_Option_usize, tag) == 0, "ct_Option_usize.tag: offset");
CAIRN_STATIC_ASSERT(offsetof(ct_Option_usize, payload.Some) == 8, "ct_Option_usize.payload.Some: offset");

/*
 * The area of a box.
 * CAIRN: fn geo.area(b:ro<geo.Box>) -> i64
 * b: one geo.Box, read; never null.
 * Effects: read:b, trap.
 */
int64_t cf_geo_area(const ct_geo_Box *b);

/*
 * Moves every point by (dx, dy).
 * CAIRN: fn geo.shift(n:usize, ps:rw<geo.Point>[n], dx:i64, dy:i64)
 * ps: n elements, read and written; null only when empty.
 * Effects: read:ps, trap, write:ps.
 */
void cf_geo_shift(size_t n, ct_geo_Point *ps, int64_t dx, int64_t dy);

/*
 * How many sides in the list are Left.
 * CAIRN: fn geo.lefts(n:usize, sides:ro<geo.Side>[n]) -> usize
 * sides: n elements, read; null only when empty.
 * Effects: read:sides, trap.
 */
size_t cf_geo_lefts(size_t n, const ct_geo_Side *sides);

/*
 * The index of the first x in xs, if any.
 * CAIRN: fn find(n:usize, xs:ro<u64>[n], x:u64) -> Option[usize]
 * xs: n elements, read; null only when empty.
 * Effects: read:xs, trap.
 */
ct_Option_usize cf_find(size_t n, const uint64_t *xs, uint64_t x);

/*
 * The width of a box.
 * CAIRN: fn width(b:geo.Box) -> i64
 * Effects: trap.
 */
int64_t cf_width(ct_geo_Box b);

#ifdef __cplusplus
}
#endif

/* What cannot cross into C. Owners (Buf), linear values, function values, arrays by value and
 * records or sums holding them have no C form; a template crosses as its instances.
 * Tests and main are not part of the interface.
 * Left out:
 *   fn wire_value(w:Wire) -> u32: its parameter w is a packed record (Wire), whose layout the lowering does not pack yet.
 *   fn line_word(l:Line) -> u64: its parameter l is a record with align(64) (Line), whose alignment the lowering does not apply yet.
 *   fn keyed(k:Keyed) -> u64: its parameter k is a record (Keyed) whose field default is a reserved word of C or C++.
 *   fn bag_size(b:ro<Bag>) -> usize: its parameter b borrows a record (Bag) whose field items is an owner (Buf[u64]), whose storage only CAIRN may release.
 *   fn renew(new:u64) -> u64: its parameter new is named by a reserved word of C or C++.
 */

#endif

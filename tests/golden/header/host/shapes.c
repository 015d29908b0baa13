/* C11 against shapes.h (tests/e2e/header_cmd.py): module-qualified entries, records by value and by borrow, a view
 * of records written in place, a view of enums, an Option result. With "bad-side" it passes a view holding a tag
 * that names no variant, which the entry must abort. */
#include <stdio.h>
#include <string.h>

#include "shapes.h"

int main(int argc, char **argv) {
  ct_geo_Side sides[4] = {ct_geo_Side_Left, ct_geo_Side_Top, ct_geo_Side_Left, ct_geo_Side_Bottom};
  if (argc > 1 && strcmp(argv[1], "bad-side") == 0) {
    sides[2] = 7;
    printf("%zu\n", cf_geo_lefts(4, sides));
    return 0;
  }
  ct_geo_Box box = {{1, 2}, {4, 6}};
  ct_geo_Point points[2] = {{0, 0}, {5, -5}};
  cf_geo_shift(2, points, 1, 2);
  uint64_t xs[3] = {7, 9, 11};
  ct_Option_usize hit = cf_find(3, xs, 11), miss = cf_find(3, xs, 8);
  printf("%lld %lld %lld %lld %zu %u %zu %u\n", (long long)cf_geo_area(&box), (long long)cf_width(box),
         (long long)points[1].x, (long long)points[1].y, cf_geo_lefts(4, sides), (unsigned)hit.tag, hit.payload.Some,
         (unsigned)miss.tag);
  return 0;
}

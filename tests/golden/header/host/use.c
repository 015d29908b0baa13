/* C11 against stats.h (tests/e2e/header_cmd.py): the header compiles as C, and a C program calls the library. */
#include <stdio.h>

#include "stats.h"

int main(void) {
  int64_t samples[3] = {5, -1, 9};
  ct_Summary s = cf_summarize(3, samples);
  ct_Reading d = cf_parse_digit('4', 0);
  printf("%lld %lld %lld %llu\n", (long long)s.total, (long long)s.min, (long long)s.max,
         (unsigned long long)cf_reading_value(d));
  return s.total == 13 && s.min == -1 && s.max == 9 && d.tag == ct_Reading_Number ? 0 : 1;
}

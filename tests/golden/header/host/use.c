/* C11 against stats.h (tests/e2e/header_cmd.py): the header compiles as C, and a C program calls the library. */
#include <stdio.h>

#include "stats.h"

int main(void) {
  int64_t samples[3] = {5, -1, 9};
  ct_Summary s = cf_summarize(3, samples);
  ct_Reading d = cf_parse_digit('4', 0);
  ct_Reading bad = cf_parse_digit('x', 6);
  printf("%lld %lld %lld %llu %llu %zu\n", (long long)s.total, (long long)s.min, (long long)s.max,
         (unsigned long long)cf_reading_value(d), (unsigned long long)d.payload.Number, bad.payload.BadDigit);
  return s.total == 13 && s.min == -1 && s.max == 9 && d.tag == ct_Reading_Number && bad.tag == ct_Reading_BadDigit
             ? 0
             : 1;
}
